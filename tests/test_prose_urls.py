"""Web addresses in the rules: set as publishers set them, broken after a '/' with no hyphen
added, and said where they are written when one still cannot fit."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

URL = (
    "https://example.com/lanterns/rules/errata/2026/"
    "night-market-of-old-prague-official-faq-and-more.html"
)


def _lines(pdf_path: Path, booklet: bool) -> list[str]:
    """The PDF's lines of text, each page half alone in a booklet (two pages a sheet)."""
    lines: list[str] = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            halves = [(0.0, page.width / 2), (page.width / 2, page.width)] if booklet else []
            for left, right in halves or [(0.0, page.width)]:
                found = page.crop((left, 0, right, page.height)).extract_text() or ""
                lines += found.replace("\xa0", " ").splitlines()
    return lines


def _address_lines(lines: list[str], start: str) -> list[str]:
    """The lines an address opening with ``start`` is set on, up to the one it ends on."""
    first = next(number for number, line in enumerate(lines) if start in line)
    for last in range(first, len(lines)):
        if URL in "".join(lines[first : last + 1]):
            return lines[first : last + 1]
    raise AssertionError(f"{URL} is not printed whole: {lines[first : first + 3]}")


@pytest.mark.parametrize("booklet", [False, True])
def test_a_long_address_breaks_after_a_slash_with_no_hyphen(
    demo: Path, capsys: pytest.CaptureFixture[str], booklet: bool
) -> None:
    """An address wider than the column was an error that no mark could mend: an autolink, a
    link's address and a bare address now break after their '/', and a &shy; written into a
    link's address (the old advice) prints no hyphen into it ('2026/-night…')."""
    from printgen.cli.commands import main

    shy = URL.replace("2026/", "2026/&shy;")
    added = (
        f"\nErrata are online at <{URL}>, or by post.\n"
        f"\nSee also [the guild’s page]({shy}) today.\n"
        f"\nOr type {URL}, then read.\n"
    )
    prose = demo / "cards" / "demo" / "rules.en.md"
    prose.write_text(prose.read_text(encoding="utf-8") + added, encoding="utf-8")
    args = ["--project", str(demo), "build", "--lang", "en", "--only", "rulebook"]
    assert main([*args, "--booklet"] if booklet else args) == 0, capsys.readouterr().err
    out = demo / "build" / "demo" / "en"
    lines = _lines(out / ("rulebook-booklet.pdf" if booklet else "rulebook.pdf"), booklet)
    for start in ("Errata are online at", "See also", "Or type"):
        setting = _address_lines(lines, start)
        assert len(setting) > 1, setting  # wider than the column: broken
        # each line but the last ends after a '/' (the address's own, no hyphen added)
        assert all(line.endswith("/") for line in setting[:-1]), setting


SAID = "text runs past the margin in the rulebook: "


def _past_the_margin(demo: Path, capsys: pytest.CaptureFixture[str], added: str) -> list[str]:
    """What validate says, failing, of the text past the margin: ``added`` to the demo's
    English rules; each line's number counted from the first added line (1)."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    text = prose.read_text(encoding="utf-8")
    prose.write_text(text + added, encoding="utf-8")
    assert main(["--project", str(demo), "validate", "--lang", "en"]) == 2
    said = [p for p in capsys.readouterr().err.splitlines() if "past the margin" in p]
    before = len(text.splitlines())
    shifted = []
    for problem in said:
        path, line, rest = problem.split(":", 2)
        shifted.append(f"{path}:{int(line) - before}:{rest}")
    return shifted


def test_an_address_that_cannot_fit_is_said_at_its_column_as_an_address(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An address followed by punctuation ('<https://…>,') was said at column 1, and every
    address was told to take a &shy; — which an autolink does not read and a link's address
    prints as a hyphen. It is said at the address, told to shorten it."""
    part = "abcdefghij" * 12
    address = f"https://example.com/{part}/x.html"
    said = _past_the_margin(
        demo,
        capsys,
        f"\nErrata are online at <{address}>, or by post.\n"
        f"\nAlso at [our page]({address}), or by post.\n",
    )
    quoted = f"'{address[:50]}…'"
    advice = (
        "is wider than the column, even broken after its '/', '.' and '-'; shorten it (a "
        "shorter address for the same page)"
    )
    assert said == [
        f"cards/demo/rules.en.md:2:23: {SAID}the address {quoted} {advice}",
        f"cards/demo/rules.en.md:4:20: {SAID}the address {quoted} {advice}",
    ], said


def test_a_long_word_marked_up_before_its_comma_is_said_at_its_column(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'**Wortwort…**,': the word as printed ('Wortwort…,') is not written so in the file,
    and it was said at its paragraph's first column."""
    word = "Wort" * 40
    said = _past_the_margin(demo, capsys, f"\nAlso at **{word}**, by post.\n")
    assert said == [
        f"cards/demo/rules.en.md:2:11: {SAID}the word '{word[:50]}…' is wider than the column; "
        "break it (&shy; where it may break) or shorten it"
    ], said


def test_a_soft_hyphen_written_into_an_autolink_is_a_warning_at_its_column(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'<https://…/2026/&shy;night…>', as the advice for a long word once said: Markdown reads
    no entity in an autolink, and the address printed '&shy;' with no word said."""
    from printgen.cli.commands import main

    prose = demo / "cards" / "demo" / "rules.en.md"
    text = prose.read_text(encoding="utf-8")
    written = f"Errata are online at <{URL.replace('2026/', '2026/&shy;')}> today."
    prose.write_text(f"{text}\n{written}\n", encoding="utf-8")
    assert main(["--project", str(demo), "validate", "--lang", "en"]) == 0
    said = [p for p in capsys.readouterr().err.splitlines() if "autolink" in p]
    line, column = len(text.splitlines()) + 2, written.index("&shy;") + 1
    assert said == [
        f"cards/demo/rules.en.md:{line}:{column}: warning: '&shy;' is not read inside an "
        "autolink <…>: the address prints it as written; remove it (an address breaks after "
        "its '/' by itself)"
    ], said
