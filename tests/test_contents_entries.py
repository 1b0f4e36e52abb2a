"""A rulebook's table of contents, read back from the PDF: a heading too long for its line
wraps whole onto the next, standing in, its page number and dot leaders on its last line, and
that number the page the heading is on — in the cover's room kept before the pages are known,
and in contents going on over the pages after the cover."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from printgen.cli.commands import main
from tests.conftest import MM, append_to

LONG = "Turn structure: drawing, trading and building in the market phase of every round"
RULES = "Rules text. " * 150


@dataclass
class Entry:
    """A contents entry as printed: its lines (pdfplumber's) and the page number ending it."""

    lines: list[dict[str, Any]] = field(default_factory=list)
    page: int = 0

    @property
    def title(self) -> str:
        words = " ".join(line["text"] for line in self.lines)
        return re.sub(r"\s*\d+$", "", words)


def _entries(pdf: pdfplumber.pdf.PDF, pages: range) -> list[Entry]:
    """The contents on ``pages``: lines after the "Contents" heading, each entry ending with
    the line that ends in its page number (a page's foot read as one more, never asked for)."""
    entries, entry, started = [], Entry(), False
    for at in pages:
        for line in pdf.pages[at].extract_text_lines():
            if not started:
                started = line["text"] == "Contents"
                continue
            entry.lines.append(line)
            if number := re.search(r"(\d+)$", line["text"]):
                entry.page = int(number.group(1))
                entries.append(entry)
                entry = Entry()
    return entries


def _heading_page(pdf: pdfplumber.pdf.PDF, title: str) -> int:
    """The page (from 1) whose headings (its bold lines: the contents' entries are not) hold
    the heading whole."""
    for at, page in enumerate(pdf.pages):
        bold = page.filter(lambda o: o.get("object_type") != "char" or "Bold" in o["fontname"])
        if title in " ".join((bold.extract_text() or "").split()):
            return at + 1
    raise AssertionError(f"{title!r} is on no page")


def _built(demo: Path, capsys: pytest.CaptureFixture[str], added: str) -> Path:
    append_to(demo / "cards" / "demo" / "rules.en.md", added)
    code = main(["--project", str(demo), "build", "--lang", "en", "--only", "rulebook"])
    assert code == 0, capsys.readouterr().err
    return demo / "build" / "demo" / "en" / "rulebook.pdf"


def test_a_long_heading_wraps_whole_with_its_page_on_its_last_line(
    demo: Path, capsys: pytest.CaptureFixture[str], rulebook_builds: list[int]
) -> None:
    """A long heading was cut ("Turn structure: drawing, trading and…"): it is printed whole,
    its second line standing in, the dot leaders and page number on that last line only — the
    page it is on, in the room the cover kept for the contents in the one lay-out."""
    before, after = (
        "".join(f"\n## Part {n}\n\n{RULES}\n" for n in part) for part in ("abc", "xyz")
    )
    rulebook = _built(demo, capsys, before + f"\n## {LONG}\n\nText.\n" + after)
    assert len(rulebook_builds) == 1  # the cover's room was kept for the wrapped entry too
    with pdfplumber.open(rulebook) as pdf:
        cover = pdf.pages[0]
        entry = next(e for e in _entries(pdf, range(1)) if e.title.startswith("Turn"))
        assert entry.title == LONG
        assert len(entry.lines) == 2, [line["text"] for line in entry.lines]
        first, last = entry.lines
        assert not re.search(r"\d$", first["text"])  # the number on the last line alone
        assert last["x0"] > first["x0"] + 8  # a hanging indent
        assert entry.page == _heading_page(pdf, LONG) > 2
        number = [c for c in last["chars"] if c["text"].isdigit()]
        words = [c for c in entry.lines[0]["chars"] + last["chars"] if c not in number]
        assert max(c["x1"] for c in words) < number[0]["x0"] - 4  # clear of the number
        assert number[-1]["x1"] <= cover.width - 20 * MM
        leaders = [line for line in cover.lines if line.get("dash")]
        assert any(abs(line["top"] - last["bottom"]) < 6 for line in leaders)
        assert not any(first["top"] <= line["top"] <= first["bottom"] for line in leaders)
        # every other entry still on its one line, each with the page of its heading
        for other in _entries(pdf, range(1)):
            if other.title not in (LONG, "Demo page"):
                assert len(other.lines) == 1, other.title
                assert other.page == _heading_page(pdf, other.title), other.title


def test_a_heading_longer_than_four_lines_is_cut_on_its_fourth(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A paragraph written as a heading does not take the cover: four lines of it, the last
    ending in "…" clear of its page number, which is still its page."""
    long = "Harbour " + "and the long list of every ship that sails " * 12 + "Zed"
    added = "".join(f"\n## Part {n}\n\n{RULES}\n" for n in range(8))
    rulebook = _built(demo, capsys, f"\n## {long}\n\nText.\n" + added)
    with pdfplumber.open(rulebook) as pdf:
        entry = next(e for e in _entries(pdf, range(1)) if e.title.startswith("Harbour"))
        assert len(entry.lines) == 4
        assert entry.title.endswith("…") and "Zed" not in entry.title
        assert long.startswith(entry.title[:-1].rstrip())
        assert entry.page == _heading_page(pdf, long)


def test_long_entries_off_the_cover_go_on_over_the_next_pages_with_their_pages(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Contents of many wrapped entries, more than a page holds, go on over the next page:
    every entry whole, on the page of its heading, none lost at a page's end."""
    titles = [f"Entry{n:02d} {LONG.lower()}, and of the last round of all" for n in range(60)]
    rulebook = _built(demo, capsys, "".join(f"\n## {t}\n\nText of it.\n" for t in titles))
    with pdfplumber.open(rulebook) as pdf:
        listed = {e.title: e for e in _entries(pdf, range(1, 3)) if e.title.startswith("Entry")}
        assert sorted(listed) == titles
        for title, entry in listed.items():
            assert len(entry.lines) == 2, title
            assert entry.page == _heading_page(pdf, title), title
