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


@pytest.mark.parametrize("command", ["validate", "build"])
def test_three_game_folders_differing_only_in_case_are_one_line_naming_all(
    demo: Path, printgen: Callable[..., Run], command: str
) -> None:
    """Three such folders were said as two pairs, never naming the third together with them."""
    for twin in ("Demo", "DEMO"):
        shutil.copytree(demo / "cards" / "demo", demo / "cards" / twin)
    run = printgen(demo, command)
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/demo:1:1: game 'demo' differs from games 'DEMO' and 'Demo' only in case: on "
        "macOS and Windows their outputs would be one folder, each overwriting the others; "
        "rename all but one of them"
    ]


def test_three_deck_files_differing_only_in_case_are_one_line_naming_all(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    decks = demo / "cards" / "demo" / "decks"
    for twin in ("Main", "MAIN"):
        shutil.copy(decks / "main.yaml", decks / f"{twin}.yaml")
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/demo/decks/main.yaml:1:1: deck 'main' differs from decks 'MAIN' and 'Main' only "
        "in case: on macOS and Windows their outputs would be one folder, each overwriting the "
        "others; rename all but one of them"
    ]


def test_new_beside_two_games_differing_only_in_case_names_both(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    shutil.copytree(demo / "cards" / "demo", demo / "cards" / "Demo")
    run = printgen(demo, "new", "DEMO")
    assert run.code == 2
    assert run.err.splitlines() == [
        "printgen: cards/Demo and cards/demo are games whose ids differ from 'DEMO' only in "
        "case, and such games cannot build side by side (their build folders are one on many "
        "disks): choose another id"
    ]
    assert not (demo / "cards" / "DEMO").exists()
