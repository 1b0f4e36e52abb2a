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
