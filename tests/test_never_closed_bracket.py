"""A '[' or '{' never closed on a YAML file's last line: said at the bracket, in plain words.
After a last item ending in ',' or ':' (or a bracket alone) PyYAML's mark is the line after
the file's last, where the designer has nothing to look at; its words named no bracket."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

LIST = "YAML syntax error: this '[' is never closed: end the list with ']'"
MAPPING = "YAML syntax error: this '{' is never closed: end the mapping with '}'"


@pytest.mark.parametrize(
    ("file", "last", "column", "said"),
    [
        ("cards/demo/game.yaml", "tags: [a, b,", 7, LIST),
        ("cards/demo/game.yaml", "tags: [a, b,\n", 7, LIST),
        ("cards/demo/game.yaml", "tags: [\n", 7, LIST),
        ("cards/demo/game.yaml", "tags: [a, b", 7, LIST),
        ("cards/demo/game.yaml", "tags: {a: 1, b:", 7, MAPPING),
        ("cards/demo/decks/main.yaml", "    tags: [a, [b,", 15, LIST),
        ("cards/demo/layouts/demo.yaml", "    x: {type: text, x: 5,\n", 8, MAPPING),
        ("cards/demo/game.yaml", "fields: {name: text, cost: integer", 9, MAPPING),
    ],
    ids=["comma", "comma-newline", "alone", "no-comma", "colon", "deck", "layout", "fields"],
)
def test_a_bracket_never_closed_on_the_last_line_is_said_at_it(
    demo: Path, printgen: Callable[..., Run], file: str, last: str, column: int, said: str
) -> None:
    path = demo / file
    text = path.read_text(encoding="utf-8")
    path.write_text(text + last, encoding="utf-8")
    line = text.count("\n") + 1
    run = printgen(demo, "validate")
    assert (run.code, run.err.splitlines()) == (2, [f"{file}:{line}:{column}: {said}"])


def test_a_bracket_closed_by_the_wrong_one_is_said_as_before(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Not the file's end: the '[' met a '}' on its own line."""
    path = demo / "cards" / "demo" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "tags: {a: [1, 2}\n", encoding="utf-8")
    line = text.count("\n") + 1
    run = printgen(demo, "validate")
    assert (run.code, run.err.splitlines()) == (
        2,
        [
            f"cards/demo/game.yaml:{line}:11: YAML syntax error: this {{…}} or […] is not "
            "closed (did not find expected ',' or ']'); close it"
        ],
    )
