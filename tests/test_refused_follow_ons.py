"""A layout property refused (min_size: 0.01, w: 0) is said once, at the property: the element
then says nothing that follows from the stand-in taken ("does not fit even at 9 pt; … lower
min_size", "does not fit box 'effect' (0×38.5 mm)")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

GAME = "warriors-and-monks"
LAYOUTS = f"cards/{GAME}/layouts/{GAME}.yaml"


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "{size: 9, min_size: 0.01}",
            "7:33: layout 'wm-card' element 'effect' min_size: must be at least 1, not 0.01",
        ),
        (
            "{w: 0}",
            "7:17: layout 'wm-card' element 'effect' w: is 0, so the element prints nothing; "
            "give it a size, or remove it",
        ),
    ],
)
def test_a_refused_property_has_no_follow_ons(
    project: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    layouts = project / LAYOUTS
    lines = layouts.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[2] == "wm-card:\n" and lines[4] == "  size: poker\n", lines[:6]
    lines[5:5] = ["  elements:\n", f"    effect: {written}\n"]
    layouts.write_text("".join(lines), encoding="utf-8")
    run = printgen(project, "validate", GAME)
    assert run.code == 2
    assert run.err.splitlines() == [f"{LAYOUTS}:{said}"]
