"""A folder printgen lists (a game's decks/ and layouts/, the project's templates/,
templates/layouts/ and fonts/) that is a file, a link to nothing or a pipe: one line at it, not
skipped without a word to leave the designer its follow-ons ("no deck files", an "unknown
layout" per deck, a font not found)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

ENTRIES = {
    "cards/demo/decks": "decks|the game's deck files (.yaml, .csv, .xlsx)",
    "cards/demo/layouts": "layouts|the game's layout files (.yaml)",
    "templates": "templates|the project's own templates (.j2 files, labels.yaml, layouts/)",
    "templates/layouts": "layouts|the project's shared layout files (.yaml)",
    "fonts": "fonts|the project's TrueType fonts (.ttf)",
}


def _made(entry: Path, kind: str) -> None:
    """``entry`` as a file, a link to nothing or a pipe, whatever was there removed."""
    entry.parent.mkdir(parents=True, exist_ok=True)
    if entry.is_dir():
        shutil.rmtree(entry)
    if kind == "file":
        entry.write_text("card: 1\n", encoding="utf-8")
    elif kind == "broken link":
        entry.symlink_to("gone", target_is_directory=True)
    else:
        os.mkfifo(entry)


@pytest.mark.parametrize("kind", ["file", "broken link"])
@pytest.mark.parametrize("entry", list(ENTRIES))
@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_listed_folder_that_is_no_folder_is_one_line_at_it(
    demo: Path, printgen: Callable[..., Run], entry: str, kind: str, command: str
) -> None:
    name, holding = ENTRIES[entry].split("|")
    _made(demo / entry, kind)
    run = printgen(demo, command)
    said = (
        f"is a file, not a folder; make it a folder holding {holding}"
        if kind == "file"
        else f"is a link to nothing; point it at a folder of the project holding {holding}, "
        "or put such a folder in its place"
    )
    assert run.code == 2
    assert run.err.splitlines() == [f"{entry}:1:1: {name} {said}"]
    assert not (demo / "build").exists()


def test_a_pipe_for_a_decks_folder_is_said_as_such(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    _made(demo / "cards" / "demo" / "decks", "pipe")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/demo/decks:1:1: decks is a pipe or a device, not a folder; make it a folder "
        "holding the game's deck files (.yaml, .csv, .xlsx)"
    ]


def test_a_link_to_a_file_outside_the_project_is_said_as_leading_out(
    demo: Path, printgen: Callable[..., Run], tmp_path_factory: pytest.TempPathFactory
) -> None:
    """What lies outside is never named: not "is a file"."""
    outside = tmp_path_factory.mktemp("outside") / "fonts.txt"
    outside.write_text("secret\n", encoding="utf-8")
    (demo / "fonts").symlink_to(outside)
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        "fonts:1:1: fonts leads outside the project folder (a symlink?); printgen reads only "
        "files whose real place is inside the project"
    ]


def test_a_game_using_the_deck_of_a_game_whose_decks_is_a_file_names_why(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """Only the game named is looked at first: the deck it borrows says why it did not load,
    where it said "no deck files"."""
    _made(project / "cards" / "mazzo-dei-simboli" / "decks", "file")
    run = printgen(project, "validate", "morra-navale")
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/morra-navale/game.yaml:24:9: uses deck 'mazzo-dei-simboli', which cannot be "
        "loaded: decks is a file, not a folder; make it a folder holding the game's deck files "
        "(.yaml, .csv, .xlsx)"
    ]
