"""A word too wide for the column that an expression of the prose prints (``{{ 'x' * 400 }}``)
is written nowhere in the file: it was said at the paragraph's first line, or — a paragraph
whose opening words the file holds twice — at rules.en.md:1:1. It is said at the expression."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

WORD = "x" * 50 + "…"
SAID = (
    f"the word '{WORD}' is wider than the column; break it (&shy; where it may break) or shorten it"
)


@pytest.mark.parametrize(
    ("prose", "old", "new", "said"),
    [
        (
            "rules",
            "Each player takes",
            "Each player\ntakes {{ 'x' * 400 }} and",
            ":8:7: text runs past the margin in the rulebook: ",
        ),
        (
            "aid",
            "2. Play one card:",
            "2. Play one card,\n   then {{ 'x' * 400 }}:",
            ":5:9: text runs past the margin in the player aid: ",
        ),
    ],
    ids=["rulebook", "player aid"],
)
def test_a_long_word_an_expression_prints_is_said_at_the_expression(
    demo: Path, printgen: Callable[..., Any], prose: str, old: str, new: str, said: str
) -> None:
    path = demo / "cards" / "demo" / f"{prose}.en.md"
    written = path.read_text(encoding="utf-8")
    assert old in written
    path.write_text(written.replace(old, new, 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2, run.err
    assert run.err.splitlines()[0] == f"cards/demo/{prose}.en.md{said}{SAID}", run.err


def test_a_long_word_an_expression_prints_in_a_table_cell_is_said_at_the_expression(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    path = demo / "cards" / "demo" / "rules.en.md"
    written = path.read_text(encoding="utf-8")
    table = "\n| Step | What |\n| --- | --- |\n| One | {{ 'z' * 300 }} |\n"
    path.write_text(written + table, encoding="utf-8")
    line = len(written.splitlines()) + 4
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2, run.err
    first = run.err.splitlines()[0]
    assert first.startswith(f"cards/demo/rules.en.md:{line}:9: text runs past the margin"), first
    assert "in column 2 of the table" in first, first
