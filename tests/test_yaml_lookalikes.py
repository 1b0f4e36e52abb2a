"""A full-width colon (``cost：2``, as a CJK keyboard types it) and a no-break space in an
indentation or after a key's ':' are said at themselves, by name: PyYAML's "mapping values are
not allowed" pointed at the next line, and "this line has no ':' after its key" was false."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

DECK = "cards/demo/decks/main.yaml"
GAME = "cards/demo/game.yaml"
WIDE = (
    "YAML syntax error: this '\uff1a' is a full-width colon (as a CJK keyboard types it), "
    "which YAML does not read as one; replace it with ':'"
)
HARD = "YAML syntax error: an invisible U+00A0 (no-break space) {}, which YAML does not read "
HARD += "as a space; replace it with a plain space"
INDENT = "in this line's indentation"


@pytest.mark.parametrize(
    ("rel", "old", "new", "said"),
    [
        (DECK, "    cost: 2", "    cost\uff1a2", WIDE),
        (DECK, "    cost: 2", "    cost\uff1a 2", WIDE),
        (DECK, "    cost: 2", "\u00a0   cost: 2", HARD.format("in this line's indentation")),
        (GAME, "  goal: 7", "\u00a0 goal: 7", HARD.format("in this line's indentation")),
        (DECK, "    cost: 2", "    cost:\u00a02", HARD.format("after this key's ':'")),
        (DECK, "  - id: merchant", "  -\u00a0id: merchant", HARD.format("after this item's '-'")),
        # the card's last line: noticed at the next card's, past the blank line between
        (DECK, '    tint: "#e3eff8"', '\u00a0   tint: "#e3eff8"', HARD.format(INDENT)),
    ],
)
def test_a_lookalike_of_yamls_own_characters_is_said_at_it(
    demo: Path, printgen: Callable[..., Run], rel: str, old: str, new: str, said: str
) -> None:
    path = demo / rel
    source = path.read_text(encoding="utf-8")
    start = source.index(old)
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    line = source[:start].count("\n") + 1
    column = next(i for i, c in enumerate(new) if c in "\uff1a\u00a0") + 1
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [f"{rel}:{line}:{column}: {said}"], run.err


@pytest.mark.parametrize(
    ("rel", "old", "key"),
    [(GAME, "  hand: 2", "hand"), (DECK, '    tint: "#f7dede"', "tint")],
)
def test_a_key_a_no_break_space_moved_to_the_left_edge_is_said_so(
    demo: Path, printgen: Callable[..., Run], rel: str, old: str, key: str
) -> None:
    """The last key of a mapping after a no-break space is no syntax error: YAML reads it as a
    key at the left edge, which was "unknown key '\u00a0 hand'" and looked like ' hand'."""
    path = demo / rel
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace(old, "\u00a0" + old[1:], 1), encoding="utf-8")
    line = source[: source.index(old)].count("\n") + 1
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines()[0] == (
        f"{rel}:{line}:1: an invisible U+00A0 (no-break space) in the indentation of '{key}', "
        "which YAML does not read as a space, so it is not indented under the line above; "
        "replace it with a plain space"
    ), run.err
