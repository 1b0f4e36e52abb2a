"""Accent marks piled on one letter (a letter and 70 combining acute accents) or on none: one
line at the card's text, saying so — not the card font's missing glyphs, a box overflowed and
the document font's missing glyphs, three lines for one mistake."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.source.stacked_marks import stacked_marks
from tests.conftest import Run

ACUTE = "\u0301"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        (
            "a" + ACUTE * 70,
            "card 'miner' name piles 70 accent marks (combining characters such as U+0301 "
            "combining acute accent) on one letter, which print stacked over each other far "
            "above the line; a letter takes a few at most: write it with plain letters",
        ),
        (
            ACUTE * 70,
            "card 'miner' name is made only of accent marks (combining characters such as "
            "U+0301 combining acute accent), with no letter for them to sit on, so it prints as "
            "nothing readable; write it in letters",
        ),
    ],
    ids=["piled", "marks-only"],
)
@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_name_of_stacked_marks_is_one_line_at_the_name(
    demo: Path, printgen: Callable[..., Run], name: str, said: str, command: str
) -> None:
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace('en: "Miner"', f'en: "{name}"')
    deck.write_text(text, encoding="utf-8")
    run = printgen(demo, command)
    assert run.code == 2
    assert run.err.splitlines() == [f"cards/demo/decks/main.yaml:20:11: {said}"]


@pytest.mark.parametrize(
    "written",
    [
        "Tiếng Việt",  # two marks on a letter, decomposed
        "שָׁלוֹם",  # pointed Hebrew
        "क्षत्रिय",  # an Indic word's signs
        "1\ufe0f\u20e3",  # a keycap emoji: two marks
    ],
)
def test_a_language_s_own_marks_are_no_pile(written: str) -> None:
    assert stacked_marks(unicodedata.normalize("NFD", written), "card 'x' name") is None
