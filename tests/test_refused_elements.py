"""A layout element or style refused where it is written (no mapping, a type printgen has not)
is said once, at the value written: a layout extending it that overrides the element, or an
element drawn ``under:`` it, is no second mistake. So is a layout defined twice: which of the
two a layout extending it meant is not known, and its overrides are not said."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

LAYOUTS = "cards/demo/layouts/demo.yaml"
CHILD = """\
demo-plain:
  extends: demo-card
  styles:
    small: {extends: body, size: 8}
  elements:
    cost_disc: {when: false}
    note: {type: text, x: 5, y: 80, w: 53, h: 4, text: "x", style: small, under: cost_disc}
"""


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("type: ellipse", "type: circle", "14:23: element 'cost_disc' has unknown type 'circle'"),
        (
            '    cost_disc: {type: ellipse, x: 5, y: 18, w: 10, h: 10, fill: "{{ card.color }}", '
            "decor: true}",
            "    cost_disc: 5",
            "14:16: element 'cost_disc' must be a mapping (key: value lines), not a number (5)",
        ),
        (
            "    small: {extends: body, size: 8}",
            "    small: 8",
            "19:12: style 'small' must be a mapping (key: value lines), not a number (8)",
        ),
    ],
)
def test_a_refused_element_is_said_once_at_its_value(
    demo: Path, printgen: Callable[..., Run], old: str, new: str, said: str
) -> None:
    layouts = demo / LAYOUTS
    text = layouts.read_text(encoding="utf-8") + CHILD
    assert text.count(old) == 1, text
    layouts.write_text(text.replace(old, new), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    lines = run.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{LAYOUTS}:{said}"), run.err
    assert "Traceback" not in run.err


def test_a_layout_defined_twice_is_said_once(demo: Path, printgen: Callable[..., Run]) -> None:
    # the first definition was kept, the other's elements missing from it: each override of
    # the layout extending it was said as one that "overrides nothing"
    layouts = demo / LAYOUTS
    layouts.write_text(layouts.read_text(encoding="utf-8") + CHILD, encoding="utf-8")
    (demo / "templates/layouts").mkdir(parents=True)
    (demo / "templates/layouts/shared.yaml").write_text(
        "demo-card:\n  extends: card-base\n", encoding="utf-8"
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{LAYOUTS}:10:1: layout 'demo-card' is defined twice (also at "
        "templates/layouts/shared.yaml:1:1; rename one)"
    ]
