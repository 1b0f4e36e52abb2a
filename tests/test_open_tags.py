"""A '{{' the rules never close, with a fenced block (or an apostrophe, or a paragraph) further
down: Jinja read on into that text and said "unexpected char '`' at 668" at the fence's line;
said now as a '{{' open to the file's end is, at the '{{' itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

NEVER_CLOSED = "template error: a '{{' is never closed: end it with '}}'"


@pytest.mark.parametrize(
    "below",
    [
        ["```cardrow", "main/a", "```"],
        ["```diagram", "labels:", '  - {at: [0, 0], text: "{{ data.goal {{ x }}"}', "```"],
        ["It's your turn."],
        ["Then draw.", "", "More {{ data.goal }}"],
    ],
)
def test_a_tag_never_closed_is_said_at_it_whatever_follows(
    demo: Path, printgen: Callable[..., Run], below: list[str]
) -> None:
    rules = demo / "cards" / "demo" / "rules.en.md"
    lines = rules.read_text(encoding="utf-8").splitlines()
    lines += [""] * (19 - len(lines))
    rules.write_text("\n".join([*lines[:19], "Gain {{ data.goal", "", *below]) + "\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.strip() == f"cards/demo/rules.en.md:20:6: {NEVER_CLOSED}"


def test_a_tag_over_two_lines_keeps_jinja_s_words_for_its_mistake(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """An expression may span lines: a name missing its '~' on the second is not a tag left
    open, and is said at that line."""
    rules = demo / "cards" / "demo" / "rules.en.md"
    rules.write_text("Gain {{ data.goal\n   data.hand }}\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.err.strip() == (
        "cards/demo/rules.en.md:2:1: template error: an operator (+, -, ~, and …) or a '}}' "
        "is missing before 'data'"
    )
