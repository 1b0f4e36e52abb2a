"""An arrangement file's positions are small whole numbers: any other word in it, however long
or whatever digits it is written in, is one line at its place, exit 2."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

REL = "cards/mazzo-dei-simboli/decks/simboli-arrangement.txt"


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("9" * 4301, "9" * 20 + "…"),  # int() refused it: "internal error", exit 1
        ("²", "²"),  # a digit to isdigit(), not to int()
    ],
)
def test_a_position_that_is_no_small_number_is_said_at_its_place(
    project: Path, printgen: Callable[..., Run], written: str, shown: str
) -> None:
    path = project / REL
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\n1 3 4 2 ", f"\n{written} 3 4 2 ", 1), encoding="utf-8")
    run = printgen(project, "validate", "mazzo-dei-simboli")
    assert (run.code, run.err.splitlines()) == (
        2,
        [
            f"{REL}:9:1: '{shown}' is not a position of a value of symbol 'switch' (1–2, or - "
            "for the dash); an arrangement that no longer fits the symbols is stale: remove "
            "`arrangement:` to let printgen deal the deck"
        ],
    )
