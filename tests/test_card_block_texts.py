"""What a rulebook sets beside a card's face: the texts the card prints, not every text field
its deck declares."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pdfplumber

from tests.conftest import Run, appended


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


def test_a_field_printed_only_where_a_when_draws_it_is_beside_those_cards_alone(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A text printed by an element gated with ``when:`` counted as printed on every card: the
    Merchant's block (and its card reference entry) set its spell beside a face without it."""
    game = demo / "cards" / "demo"
    deck = game / "decks" / "main.yaml"
    source = deck.read_text(encoding="utf-8")
    source = source.replace("  tint: color\n", "  tint: color\n  kind: text\n  spell: text\n")
    for cost, kind, spell in ((0, "spell", "Burns at midnight."), (2, "worker", "Haggles.")):
        said = f"    cost: {cost}\n"  # the Miner's, the Merchant's
        source = source.replace(said, f"{said}    kind: {kind}\n    spell: {spell}\n", 1)
    deck.write_text(source, encoding="utf-8")
    appended(
        game / "layouts" / "demo.yaml",
        '    spell: {type: text, x: 5, y: 78, w: 40, h: 6, text: "{{ card.spell }}", '
        "when: \"{{ card.kind == 'spell' }}\"}\n",
    )
    rules = game / "rules.en.md"
    blocks = "\n```card\nmain/miner\n```\n\n```card\nmain/merchant\n```\n"
    rules.write_text(rules.read_text(encoding="utf-8") + blocks, encoding="utf-8")
    built = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert built.code == 0, built.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        printed = "\n".join(page.extract_text() or "" for page in pdf.pages)
    # the Miner's, which its face draws: on the face and beside it, in its block and in the
    # card reference
    assert printed.count("Burns at midnight.") == 4
    assert "Haggles." not in printed  # nowhere: no face draws it, no block sets it
