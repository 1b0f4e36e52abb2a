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


def test_a_bracket_closed_by_the_wrong_one_is_said_at_that_one(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Not the file's end: the '[' met a '}' on its own line (it was said as "this {…} or […]
    is not closed … close it", at the '[')."""
    path = demo / "cards" / "demo" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "tags: {a: [1, 2}\n", encoding="utf-8")
    line = text.count("\n") + 1
    run = printgen(demo, "validate")
    assert (run.code, run.err.splitlines()) == (
        2,
        [
            f"cards/demo/game.yaml:{line}:16: YAML syntax error: this '}}' closes the '[' at "
            "column 11; write ']'"
        ],
    )


HIDDEN = (
    "YAML syntax error: this '#' starts a comment, which hides the rest of the line and the "
    'bracket\'s closing one with it; put the value in quotes: "#ff0000"'
)


@pytest.mark.parametrize("last", ["", "\n    title: {y: 6}\n"], ids=["last line", "lines after"])
def test_an_unquoted_colour_in_a_one_line_mapping_is_said_at_its_hash(
    demo: Path, printgen: Callable[..., Run], last: str
) -> None:
    """'{fill: #ff0000}', as a stylesheet writes it: the '#' starts a YAML comment that hides
    the '}', and the brace was said never closed (or "not closed … close it"), which it is in
    the editor's eyes."""
    path = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = path.read_text(encoding="utf-8")
    written = "    badge: {type: rect, x: 5, y: 5, w: 4, h: 4, fill: #ff0000}"
    path.write_text(text + written + last, encoding="utf-8")
    line = text.count("\n") + 1
    run = printgen(demo, "validate")
    column = written.index("#") + 1
    assert (run.code, run.err.splitlines()) == (
        2,
        [f"cards/demo/layouts/demo.yaml:{line}:{column}: {HIDDEN}"],
    )


def test_a_comment_after_a_bracket_left_open_is_no_hidden_closer(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    path = demo / "cards" / "demo" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "tags: [a, b  # the tags\n", encoding="utf-8")
    line = text.count("\n") + 1
    run = printgen(demo, "validate")
    assert (run.code, run.err.splitlines()) == (2, [f"cards/demo/game.yaml:{line}:7: {LIST}"])


DECK_LINE = 'name: {en: "Miner", it: "Minatore"}'


@pytest.mark.parametrize(
    ("written", "column", "said"),
    [
        (
            'name: {en: "Miner", it: "Minatore"]',
            39,
            "YAML syntax error: this ']' closes the '{' at column 11; write '}'",
        ),
        (
            "name: {en: [Miner, Minatore}, it: Minatore}",
            32,
            "YAML syntax error: this '}' closes the '[' at column 16; write ']'",
        ),
        (
            'name: {en: "Miner" it: "Minatore"}',
            24,
            "YAML syntax error: a ',' is missing before 'it': the entries of a one-line mapping "
            "are parted by commas; write ', it'",
        ),
        (
            'name: {en: "Miner", it: "Minatore"',
            11,
            "YAML syntax error: this '{' is not closed (YAML read on to line {next} looking for "
            "its '}'): end the mapping with '}'",
        ),
    ],
    ids=["wrong closer", "wrong inner closer", "comma left out", "closed on no line"],
)
def test_a_one_line_bracket_gone_wrong_is_said_where_and_how(
    demo: Path, printgen: Callable[..., Run], written: str, column: int, said: str
) -> None:
    """PyYAML says "did not find expected ',' or '}'" for each, which was worded "this {…} or
    […] is not closed … close it" at the opening bracket — of a bracket closed with the other
    one, or of two entries with no comma between them, closed as they are."""
    path = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = path.read_text(encoding="utf-8")
    assert DECK_LINE in text
    path.write_text(text.replace(DECK_LINE, written, 1), encoding="utf-8")
    line = text[: text.index(DECK_LINE)].count("\n") + 1
    run = printgen(demo, "validate")
    message = said.replace("{next}", str(line + 1))
    assert (run.code, run.err.splitlines()) == (
        2,
        [f"cards/demo/decks/main.yaml:{line}:{column}: {message}"],
    )
