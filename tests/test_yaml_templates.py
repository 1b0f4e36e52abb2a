"""A template written without quotes in YAML — `cost: {{ card.rank }}`, `goal: {{ 7 }}` — is
a mapping whose key is a mapping to YAML: it was said as the value that made ("must be a whole
number, not {"{'7': None}": None}"), or as a Python mapping printed in the rulebook."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

QUOTE = (
    "a {{ }} template must be in quotes in YAML (unquoted, YAML reads its braces as a mapping): "
    'write it as "{{ … }}"'
)


@pytest.mark.parametrize(
    ("rel", "meant", "written", "col"),
    [
        ("cards/demo/decks/main.yaml", "    cost: 0\n", "    cost: {{ 7 }}\n", 11),
        ("cards/demo/game.yaml", "  goal: ", "  goal: {{ 7 }} #", 9),
    ],
    ids=["card field", "game data"],
)
def test_an_unquoted_template_is_told_to_be_quoted_at_its_braces(
    demo: Path, printgen: Callable[..., Any], rel: str, meant: str, written: str, col: int
) -> None:
    path = demo / rel
    text = path.read_text(encoding="utf-8")
    assert meant in text
    path.write_text(text.replace(meant, written, 1), encoding="utf-8")
    line = text[: text.index(meant)].count("\n") + 1
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [f"{rel}:{line}:{col}: {QUOTE}"], run.err


def test_a_mapping_key_inside_braces_apart_is_said_as_the_value_it_makes(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """`{ {a: 1}: 2}` — braces apart — is YAML written on purpose: its value is said as it is."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("    cost: 0\n", "    cost: { {a: 1}: 2}\n", 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert "in quotes" not in run.err and "must be a whole number" in run.err, run.err
