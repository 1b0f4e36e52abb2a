"""The space after a list, read back from the rulebook: a paragraph right under a list stands as
far from its last item as from a paragraph above it ("Total cards: 88" under the last bullet
read as part of that item), while the items of a list, a sub-list's too, keep close."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest

TOLERANCE = 0.5  # points: a bold line's box is a little taller than a regular one's


def _gap(pdf: pdfplumber.pdf.PDF, above: str, below: str) -> float:
    """The white between the line starting ``above`` and the next line, which starts ``below``."""
    for page in pdf.pages:
        lines = page.extract_text_lines()
        for first, second in itertools.pairwise(lines):
            if first["text"].startswith(above):
                assert second["text"].startswith(below), second["text"]
                return float(second["top"] - first["bottom"])
    raise AssertionError(f"no line starts {above!r}")


@pytest.mark.parametrize(
    ("game", "items", "after", "paragraph", "next_block"),
    [
        (
            "costruttori-del-medioevo",
            ("• Silver coins", "• Gold coins"),
            "Total cards: 88",
            "Total cards: 88",
            "The Buildings and machines",
        ),
        (
            "blaster-e-spade-laser",
            ("• Token A", "• Token B"),
            "You also need",
            "open the bases",
            "1. Build",
        ),
    ],
)
def test_a_paragraph_under_a_list_is_as_far_from_it_as_from_a_paragraph(
    bundled_build: Path,
    game: str,
    items: tuple[str, str],
    after: str,
    paragraph: str,
    next_block: str,
) -> None:
    with pdfplumber.open(bundled_build / game / "en" / "rulebook.pdf") as pdf:
        under_list = _gap(pdf, items[1], after)
        under_paragraph = _gap(pdf, paragraph, next_block)
        between_items = _gap(pdf, *items)
    assert abs(under_list - under_paragraph) < TOLERANCE, (under_list, under_paragraph)
    assert under_list > between_items + 1


RULES = """## Setup

Put out the pieces:

- The board
- The pawns:
  - red
  - blue
- The dice

Then shuffle the deck.

Then deal the cards.

## Play

- Draw a card
- Play a card

## Scoring

Count your points.
"""


def test_a_sub_list_keeps_close_and_a_heading_after_a_list_keeps_its_own_space(
    rulebook_from: Callable[[str], Path],
) -> None:
    with pdfplumber.open(rulebook_from(RULES)) as pdf:
        items = _gap(pdf, "• The board", "• The pawns")
        into_sub_list = _gap(pdf, "• The pawns", "• red")
        out_of_sub_list = _gap(pdf, "• blue", "• The dice")
        under_list = _gap(pdf, "• The dice", "Then shuffle")
        paragraphs = _gap(pdf, "Then shuffle", "Then deal")
        heading_after_list = _gap(pdf, "• Play a card", "Scoring")
        heading_after_paragraph = _gap(pdf, "Then deal", "Play")
    assert abs(into_sub_list - items) < TOLERANCE
    assert abs(out_of_sub_list - items) < TOLERANCE  # the sub-list's end is no list's end
    assert abs(under_list - paragraphs) < TOLERANCE
    assert under_list > items + 1
    # a heading's space before takes in the list's after, as a paragraph's: not added to it
    assert abs(heading_after_list - heading_after_paragraph) < TOLERANCE
