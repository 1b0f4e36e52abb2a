"""A ``<!-- pagebreak -->`` placed as designers place it: right under a heading it takes the
heading to the next page with its text (it was left alone at a page's foot), and a second one
in a row makes no blank page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber

RULES = "cards/demo/rules.en.md"


def _pages(demo: Path, printgen: Callable[..., Any], rules: str) -> list[str]:
    """The text of each page of the starter game's rulebook, its rules written as ``rules``."""
    (demo / RULES).write_text(rules, encoding="utf-8")
    built = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert built.code == 0, built.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        return [(page.extract_text() or "").replace("\n", " ") for page in pdf.pages]


def test_a_break_under_a_heading_takes_the_heading_and_a_second_makes_no_blank_page(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    rules = (
        "## Goal\n\nHave the most points.\n\n## Setup\n\n<!-- pagebreak -->\n\n"
        "Shuffle the deck.\n\n<!-- pagebreak -->\n\n<!-- pagebreak -->\n\n"
        "## The end\n\nCount the points.\n"
    )
    pages = _pages(demo, printgen, rules)
    setup = [page for page in pages if "Shuffle the deck." in page]
    assert len(setup) == 1 and "Setup" in setup[0], pages
    assert "Have the most points." not in setup[0]
    end = next(n for n, page in enumerate(pages) if "Count the points." in page)
    assert "Shuffle the deck." in pages[end - 1], pages  # no page between: none blank
