"""An icon file refused (a symlink leading outside the project): the one line at the file
says it; the texts asking for the icon add no "unknown inline icon" of their own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

GAME = "warriors-and-monks"


def test_a_refused_icon_file_is_said_once_at_the_file(
    project: Path, printgen: Callable[..., Run], tmp_path_factory: pytest.TempPathFactory
) -> None:
    icon = project / "cards" / GAME / "icons" / "bean.svg"
    outside = tmp_path_factory.mktemp("outside") / "bean.svg"
    outside.write_bytes(icon.read_bytes())
    icon.unlink()
    icon.symlink_to(outside)
    run = printgen(project, "validate", GAME)
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/{GAME}/icons/bean.svg:1:1: icon: icon file 'bean.svg' leads outside the "
        "project folder (a symlink?); printgen reads only files inside it"
    ]
