"""A heading with no words — `## ` alone, or an icon alone — is said at its line, and has no
entry in the rulebook's contents nor its PDF outline (it printed a page number with nothing
before it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf
from pypdf.generic import Destination

from tests.conftest import append_to

SECTIONS = (
    "\n## \n\nSome text.\n\n## :star:\n\nMore text.\n\n### \n\nEven more.\n\n"
    "## Last words\n\nEnd.\n"
)


def test_a_heading_without_words_is_said_and_left_out_of_the_contents(
    project: Path, printgen: Callable[..., Any]
) -> None:
    rules = project / "cards" / "warriors-and-monks" / "rules.en.md"
    lines = len(rules.read_text().splitlines())
    append_to(rules, SECTIONS)
    result = printgen(project, "build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    said = "cards/warriors-and-monks/rules.en.md"
    assert (
        f"{said}:{lines + 2}:1: warning: this heading is empty: write the heading's words; it is "
        "left out of the contents"
    ) in result.err
    assert (
        f"{said}:{lines + 6}:1: warning: this heading holds an icon alone, no words: write the "
        "heading's words; it is left out of the contents"
    ) in result.err
    assert (
        f"{said}:{lines + 10}:1: warning: this heading is empty: write the heading's words\n"
        in (result.err)
    )
    path = project / "build" / "warriors-and-monks" / "en" / "rulebook.pdf"
    outline = [str(e.title) for e in pypdf.PdfReader(path).outline if isinstance(e, Destination)]
    assert "Last words" in outline
    assert all(title.strip() for title in outline), outline
    with pdfplumber.open(path) as pdf:
        cover = [line["text"] for line in pdf.pages[0].extract_text_lines()]
    contents = cover[cover.index("Contents") + 1 :]
    assert any(line.startswith("Last words") for line in contents), contents
    assert not [line for line in contents if line.strip().isdigit()], contents  # no bare page
