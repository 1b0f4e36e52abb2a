"""'&&', '||' and '!' — another language's logic words — in any expression, not only a check's
assert: Jinja said "unexpected char '&' at 17", or that a filter name was missing after '|'."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

LAYOUTS = "cards/demo/layouts/demo.yaml"
DISC = "cost_disc: {type: ellipse, x: 5,"


@pytest.mark.parametrize(
    ("when", "said"),
    [
        (
            "{{ card.cost > 1 && card.cost < 3 }}",
            "writes '&&', which Jinja writes 'and': {{ card.cost > 1 and card.cost < 3 }}",
        ),
        ("{{ !card.cost }}", "writes '!', which Jinja writes 'not': {{ not card.cost }}"),
        (
            "{{ card.cost || card.name }}",
            "writes '||', which Jinja writes 'or': {{ card.cost or card.name }}",
        ),
    ],
    ids=["and", "not", "or"],
)
def test_a_layouts_expression_in_another_languages_words_is_told_jinjas(
    demo: Path, printgen: Callable[..., Run], when: str, said: str
) -> None:
    layouts = demo / LAYOUTS
    text = layouts.read_text(encoding="utf-8")
    assert DISC in text
    written = f'cost_disc: {{type: ellipse, when: "{when}", x: 5,'
    layouts.write_text(text.replace(DISC, written), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [error] = [row for row in run.err.splitlines() if ": warning: " not in row]
    line = text[: text.index(DISC)].count("\n") + 1
    assert error.startswith(
        f"{LAYOUTS}:{line}:38: layout 'demo-card' element 'cost_disc' when: {said}; in '{when}'"
    )


def test_the_proses_and_is_said_at_it(demo: Path, printgen: Callable[..., Run]) -> None:
    rules = demo / "cards" / "demo" / "rules.en.md"
    text = rules.read_text(encoding="utf-8")
    added = '\nWin {{ "now" if data.goal > 1 && data.goal < 9 else "later" }}.\n'
    rules.write_text(text + added, encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = text.count("\n") + 2
    assert run.err.splitlines() == [
        f"cards/demo/rules.en.md:{line}:5: template error: writes '&&', which Jinja writes 'and'"
    ]
