"""A word too wide for its box is quoted cut to its first characters and '…', as the rulebook's
overflow messages quote one: a card name of one 1,000-character word made a line over 1 KB."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from printgen.layout.hyphens import QUOTED
from tests.conftest import Run

DECK = "cards/demo/decks/main.yaml"


def test_a_word_wider_than_its_box_is_quoted_cut(demo: Path, printgen: Callable[..., Run]) -> None:
    deck = demo / DECK
    source = deck.read_text(encoding="utf-8")
    word = "Mer" + "x" * 1000 + "chant"
    deck.write_text(source.replace('{en: "Merchant"', f'{{en: "{word}"', 1), encoding="utf-8")
    line = source[: source.index('{en: "Merchant"')].count("\n") + 1
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{DECK}:{line}:16: text of card 'merchant' does not fit box 'title' of layout "
        f"'demo-card' (40×10 mm) even at 8 pt [en]; the word '{word[:QUOTED]}…' alone is wider "
        "than the box: mark where it may break with a soft hyphen (\\u00ad in a double-quoted "
        "text), shorten it or enlarge the box"
    ], run.err
