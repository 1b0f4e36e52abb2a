"""A number field, a card's count or a balance threshold given what YAML reads as no text is
said in a designer's words: it was Python's ("not None", "not {'en': 0, 'it': 1}", "not
yes/no (True)", "not a number (1.5)")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

DECK = "cards/demo/decks/main.yaml"
GAME = "cards/demo/game.yaml"


def _edit(project: Path, rel: str, old: str, new: str) -> tuple[int, int]:
    """Replace ``old`` once; the 1-based line and column where it stood."""
    path = project / rel
    source = path.read_text(encoding="utf-8")
    assert old in source, old
    start = source.index(old)
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return source[:start].count("\n") + 1, start - source.rfind("\n", 0, start)


@pytest.mark.parametrize(
    ("rel", "old", "new", "said"),
    [
        (DECK, "cost: 2", "cost:", "card 'merchant' cost is empty; write a whole number"),
        (
            DECK,
            "cost: 2",
            "cost: {en: 0, it: 1}",
            "card 'merchant' cost is a mapping of languages: only a text field is translated; "
            "write one number",
        ),
        (
            DECK,
            "cost: 2",
            "cost: yes",
            "card 'merchant' cost must be a whole number, not a yes/no value (true)",
        ),
        (DECK, "cost: 2", "cost: 2.5", "card 'merchant' cost must be a whole number, not 2.5"),
        (
            DECK,
            "cost: 2",
            "cost: 2.0",
            "card 'merchant' cost must be a whole number, not 2.0; write 2",
        ),
        (
            DECK,
            "count: 4",
            "count: true",
            "'count' of card 'merchant' must be a whole number, not a yes/no value (true)",
        ),
        (
            DECK,
            "count: 4",
            "count: 1.5",
            "'count' of card 'merchant' must be a whole number, not 1.5",
        ),
        (DECK, "count: 4", "count:", "'count' of card 'merchant' is empty; write a whole number"),
        (
            DECK,
            'tint: "#e3eff8"',
            "tint: false",
            "card 'merchant' tint must be a colour like \"#a83232\", not a yes/no value (false)",
        ),
        (
            GAME,
            "max_turns_p90: 60",
            "max_turns_p90:",
            "balance: 'max_turns_p90' is empty; write a whole number",
        ),
    ],
)
def test_a_number_that_is_none_is_said_in_a_designers_words(
    demo: Path, printgen: Callable[..., Run], rel: str, old: str, new: str, said: str
) -> None:
    line, column = _edit(demo, rel, old, new)
    key, _, value = new.partition(":")
    value_column = column + len(key) + (2 if value else 1)  # an empty value: right after ':'
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [f"{rel}:{line}:{value_column}: {said}"], run.err


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "each: main ",
            "each: ",
            "each of check 'cost-limit' must be a deck id or a list of deck ids, not an empty "
            "value",
        ),
        (
            "each: main ",
            "each: [main, 5]",
            "each of check 'cost-limit' must be a deck id or a list of deck ids, not a list "
            "holding 5",
        ),
        (
            "severity: warning",
            "severity:",
            "'severity' of check 'deck-size' must be one of error, warning, not an empty value",
        ),
        ("age: 8", "adapted:", "'adapted' must be true or false, not an empty value"),
    ],
)
def test_a_game_value_left_empty_is_said_so(
    demo: Path, printgen: Callable[..., Run], old: str, new: str, said: str
) -> None:
    line, column = _edit(demo, GAME, old, new)
    key, _, value = new.partition(":")
    value_column = column + len(key) + (2 if value.strip() else 1)
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [f"{GAME}:{line}:{value_column}: {said}"], run.err
