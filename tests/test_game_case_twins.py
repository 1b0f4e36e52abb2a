"""Two game folders only their case tells apart (cards/demo and cards/Demo): one clash, said in
one line — not once from each side."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run


@pytest.mark.parametrize("command", ["validate", "build"])
def test_game_folders_differing_only_in_case_are_one_line(
    demo: Path, printgen: Callable[..., Run], command: str
) -> None:
    shutil.copytree(demo / "cards" / "demo", demo / "cards" / "Demo")
    run = printgen(demo, command)
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/demo:1:1: game 'demo' differs from game 'Demo' only in case: on macOS and "
        "Windows their outputs would be one folder, one overwriting the other; rename one of "
        "them"
    ]
