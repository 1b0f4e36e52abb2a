"""What a rulebook sets beside a card's face: the texts the card prints, not every text field
its deck declares."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pdfplumber

from tests.conftest import Run


def test_a_card_block_shows_only_the_text_fields_the_card_prints(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A `suit: text` field that only queries read (no layout prints it) was set under the
    card's effect in a `card` block, as if printed on the card."""
    game = demo / "cards" / "demo"
    deck = game / "decks" / "main.yaml"
    source = deck.read_text(encoding="utf-8")
    source = source.replace("  tint: color\n", "  tint: color\n  suit: text\n", 1)
    source = source.replace("    cost: 0\n", "    cost: 0\n    suit: Shells\n", 1)
    deck.write_text(source, encoding="utf-8")
    rules = game / "rules.en.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n```card\nmain/miner\n```\n")
    built = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert built.code == 0, built.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        printed = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "Play it on your turn." in printed  # its playable line and effect, which it prints
    assert "Gain 2" in printed
    assert "Shells" not in printed
