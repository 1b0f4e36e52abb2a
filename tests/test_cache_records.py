"""A record per game and choice of options: each --copies, --paper or --lang tried, and each
printgen update, left one more in build/.printgen-cache/, never removed. A game keeps its
newest few; another project's, in an output folder both build into, stay."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from printgen.building.cache import FOLDER
from printgen.building.removals import KEPT_RECORDS
from printgen.project import Project
from printgen.starter import new_game
from tests.conftest import Run


def records(out: Path, game_id: str) -> list[Path]:
    return sorted((out / FOLDER).glob(f"{game_id}.*.record"))


def built_with_copies(
    printgen: Callable[..., Run], root: Path, out: Path, copies: range
) -> list[Path]:
    """One record a choice of options, each later than the one before: the new ones, in order."""
    made = []
    for n in copies:
        before = records(out, "demo")
        run = printgen(root, "build", "--only", "cards", "--copies", str(n), "--out", str(out))
        assert run.code == 0, run.err
        made += sorted(set(records(out, "demo")) - set(before))
        for path in records(out, "demo"):  # a coarse clock must not tie the newest
            info = path.stat()
            os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns - 10**9))
    return made


def test_a_games_records_are_kept_to_the_newest_few(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    out = demo / "build"
    made = built_with_copies(printgen, demo, out, range(1, KEPT_RECORDS + 4))
    assert len(made) == KEPT_RECORDS + 3
    assert records(out, "demo") == sorted(made[-KEPT_RECORDS:])
    run = printgen(demo, "build", "--only", "cards", "--copies", str(KEPT_RECORDS + 3))
    assert "1 game up to date" in run.out, run.out


def test_another_projects_records_in_a_shared_folder_stay(
    demo: Path, tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    shared = tmp_path / "to-print"
    built_with_copies(printgen, demo, shared, range(1, KEPT_RECORDS + 1))
    theirs = records(shared, "demo")
    second = tmp_path / "second"
    new_game(Project.at(second), "demo", ["en"])
    (demo / "cards" / "demo").rename(demo / "cards" / "gone")  # frees the id for the second
    game = demo / "cards" / "gone" / "game.yaml"
    game.write_text(game.read_text().replace("id: demo\n", "id: gone\n"))
    ours = built_with_copies(printgen, second, shared, range(KEPT_RECORDS + 1, KEPT_RECORDS + 4))
    assert records(shared, "demo") == sorted(theirs + ours)
