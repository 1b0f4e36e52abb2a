"""A key a space or two off its siblings said PyYAML's "did not find expected '-' indicator" or
"mapping values are not allowed in this context", with "check the indentation and quoting": now
the key it should line up with, and by how many spaces."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

DECK = "cards/demo/decks/main.yaml"


def _said(demo: Path, printgen: Callable[..., Any], written: str, meant: str) -> str:
    deck = demo / DECK
    text = deck.read_text(encoding="utf-8")
    assert meant in text
    deck.write_text(text.replace(meant, written, 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2, run.err
    [line] = run.err.splitlines()
    return str(line)


@pytest.mark.parametrize(
    ("meant", "written", "said"),
    [
        # a card's key under its `- id:` line, a space short or over
        (
            "    cost: 0",
            "   cost: 0",
            ":21:4: YAML syntax error: 'cost' is indented 3 spaces, and 'name' above it 4 "
            "spaces: the keys of one mapping line up; indent 'cost' by 4 spaces, as 'name'",
        ),
        (
            "    cost: 0",
            "     cost: 0",
            ":21:6: YAML syntax error: 'cost' is indented 5 spaces, and 'name' above it 4 "
            "spaces: the keys of one mapping line up; indent 'cost' by 4 spaces, as 'name'",
        ),
        # the key right under the `- id:` line: lined up with the id, not the dash
        (
            "    count: 6",
            "   count: 6",
            ":19:4: YAML syntax error: 'count' is indented 3 spaces, and 'id' above it 4 "
            "spaces: the keys of one mapping line up; indent 'count' by 4 spaces, as 'id'",
        ),
        # a field type among the deck's fields
        (
            "  cost: integer",
            " cost: integer",
            ":10:2: YAML syntax error: 'cost' is indented 1 space, and 'name' above it 2 "
            "spaces: the keys of one mapping line up; indent 'cost' by 2 spaces, as 'name'",
        ),
    ],
)
def test_a_key_off_its_siblings_is_told_the_key_to_line_up_with(
    demo: Path, printgen: Callable[..., Any], meant: str, written: str, said: str
) -> None:
    assert _said(demo, printgen, written, meant) == f"{DECK}{said}"


def test_a_key_lined_up_with_its_block_keeps_the_problem_it_has(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """A text holding ': ' on a key lined up with its siblings — whose parent key is a space or
    two to the left — is no indentation slip: the quoting is what is said."""
    line = _said(demo, printgen, "    cost: 0\n    note: a: b", "    cost: 0")
    assert line.startswith(f"{DECK}:22:"), line
    assert "indented" not in line and "quote" in line, line
