"""A folder of the project that this user may not open (``chmod 000``) is bad input like any
other: one line naming it, exit 2 — never an internal error — and a command about another game
is not stopped by it."""

from __future__ import annotations

import builtins
import errno
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from printgen.project import Project
from printgen.starter import new_game
from tests.conftest import Run


@pytest.fixture
def two_games(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    new_game(Project.at(root), "alpha", ["en"])
    new_game(Project.at(root), "beta", ["en"])
    return root


def shut(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """``folder`` as ``chmod 000`` leaves it to another user (the tests may run as root, whom
    no mode stops): it cannot be listed, and nothing inside it can be looked at or opened."""
    folder = folder.absolute()

    def inside(path: Any) -> bool:
        return (
            isinstance(path, (str, os.PathLike))
            and Path(os.fsdecode(path)).absolute().is_relative_to(folder)
            and Path(os.fsdecode(path)).absolute() != folder
        )

    def refuse(path: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))

    def guarded(original: Callable[..., Any], listing: bool = False) -> Callable[..., Any]:
        def call(path: Any, *args: Any, **kwargs: Any) -> Any:
            if inside(path) or (
                listing
                and isinstance(path, (str, os.PathLike))
                and Path(os.fsdecode(path)).absolute() == folder
            ):
                refuse(path)
            return original(path, *args, **kwargs)

        return call

    for name in ("stat", "lstat", "open"):
        monkeypatch.setattr(os, name, guarded(getattr(os, name)))
    for name in ("scandir", "listdir"):
        monkeypatch.setattr(os, name, guarded(getattr(os, name), listing=True))
    monkeypatch.setattr(io, "open", guarded(io.open))
    monkeypatch.setattr(builtins, "open", guarded(builtins.open))
    access = os.access
    monkeypatch.setattr(
        os,
        "access",
        lambda path, mode, **kw: Path(path).absolute() != folder and access(path, mode, **kw),
    )


@pytest.mark.parametrize("command", [("validate",), ("build",), ("list",), ("simulate", "beta")])
def test_a_game_folder_no_one_may_open_is_said_by_name(
    two_games: Path,
    printgen: Callable[..., Run],
    monkeypatch: pytest.MonkeyPatch,
    command: tuple[str, ...],
) -> None:
    shut(monkeypatch, two_games / "cards" / "beta")
    run = printgen(two_games, *command)
    assert run.code == 2, run.err
    assert "internal error" not in run.err and "Traceback" not in run.err
    # in printgen's words: the system's "Permission denied" was printed as it came
    said = "cannot be read (permission denied); check its permissions"
    assert f"cards/beta/game.yaml {said}" in run.err or (
        f"cards/beta/simulate.py {said}" in run.err
    ), run.err


def test_another_game_builds_beside_a_folder_no_one_may_open(
    two_games: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    shut(monkeypatch, two_games / "cards" / "beta")
    run = printgen(two_games, "build", "alpha")
    assert run.code == 0, run.err
    assert (two_games / "build" / "alpha" / "en" / "cards.pdf").stat().st_size > 0


@pytest.mark.parametrize(
    ("folder", "said"),
    [
        ("cards/alpha/decks", "cards/alpha/decks"),
        ("cards/alpha/layouts", "cards/alpha/layouts"),
        ("templates", "templates"),
        ("cards", "cards"),
    ],
)
def test_a_folder_no_one_may_open_is_named_in_one_line(
    two_games: Path,
    printgen: Callable[..., Run],
    monkeypatch: pytest.MonkeyPatch,
    folder: str,
    said: str,
) -> None:
    (two_games / "templates" / "layouts").mkdir(parents=True, exist_ok=True)
    shut(monkeypatch, two_games / folder)
    for command in (("validate", "alpha"), ("build", "alpha")):
        run = printgen(two_games, *command)
        assert run.code == 2, run.err
        assert run.err.splitlines() == [
            f"printgen: {said} cannot be read (permission denied); check its permissions"
        ]
    assert not (two_games / "build" / "alpha").exists()  # nothing written
