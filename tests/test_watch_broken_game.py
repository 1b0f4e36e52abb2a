"""`printgen watch` with one game broken: the designer's loop on another game goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.cli.arguments import parser
from printgen.cli.commands import main, rebuilder
from printgen.project import Project
from printgen.starter import new_game
from printgen.watch import Rebuild
from tests.conftest import manifest

GAMES = ("castle", "harbour")


def _names(root: Path, game: str) -> set[str]:
    faces = manifest(root / "build" / game / "en" / "cards.json")["faces"]
    return {str(face["name"]) for face in faces}


def _edited(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _watching(root: Path) -> Rebuild:
    """The watcher's rebuild of a project holding the starter games castle and harbour, after
    its first build (cards only, in this process)."""
    project = Project.at(root)
    for game in GAMES:
        new_game(project, game, ["en"])
    args = parser().parse_args(["watch", "--only", "cards", "--jobs", "1"])
    rebuild = rebuilder(project, [], args)
    assert rebuild(None) == 0
    return rebuild


def test_watch_builds_the_sound_games_while_another_is_broken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """castle's deck broken, then harbour's edited: the watcher said castle's error and "not
    built", and harbour's PDFs waited for castle's fix. harbour is built, castle's error said
    and castle named as not built; `build` stays all or nothing."""
    rebuild = _watching(tmp_path)
    castle, harbour = (tmp_path / "cards" / game / "decks" / "main.yaml" for game in GAMES)
    castle_pdf = (tmp_path / "build" / "castle" / "en" / "cards.pdf").read_bytes()
    _edited(castle, "cost: 0", "cost: zero")
    _edited(harbour, 'name: "Miner"', 'name: "Digger"')
    capsys.readouterr()
    assert rebuild([castle, harbour]) == 2
    said = capsys.readouterr()
    assert "cards/castle/decks/main.yaml:" in said.err and "'zero'" in said.err
    assert "wrote build/harbour/en/cards.pdf" in said.out
    assert said.out.splitlines()[-1] == "not built: castle (fix the problems above)"
    assert "Digger" in _names(tmp_path, "harbour")
    assert (tmp_path / "build" / "castle" / "en" / "cards.pdf").read_bytes() == castle_pdf
    # a build of every game is all or nothing, as the README promises
    _edited(harbour, 'name: "Digger"', 'name: "Delver"')
    assert main(["--project", str(tmp_path), "build", "--only", "cards"]) == 2
    assert "printgen: nothing written" in capsys.readouterr().out
    assert "Delver" not in _names(tmp_path, "harbour")
    _edited(castle, "cost: zero", "cost: 0")
    assert rebuild([castle]) == 0
    assert "Delver" in _names(tmp_path, "harbour")
    # every game broken: each named as not built, as when another builds beside them (it was
    # "nothing written", the games left for the designer to find in the errors above)
    _edited(castle, "cost: 0", "cost: zero")
    _edited(harbour, "cost: 0", "cost: none")
    capsys.readouterr()
    assert rebuild([castle, harbour]) == 2
    said = capsys.readouterr()
    assert said.out.splitlines()[-1] == "not built: castle, harbour (fix the problems above)"


def test_a_broken_games_warnings_are_not_counted_for_the_games_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """castle's deck renamed: its checks' errors and its rule's warning are said, and the
    summary of harbour, up to date, said "1 warning" — castle's, a game not built."""
    rebuild = _watching(tmp_path)
    main_yaml = tmp_path / "cards" / "castle" / "decks" / "main.yaml"
    market = main_yaml.with_name("market.yaml")
    main_yaml.rename(market)
    capsys.readouterr()
    assert rebuild([main_yaml, market]) == 2
    said = capsys.readouterr()
    assert "cards/castle/rules.py:" in said.err and ": warning: " in said.err
    summary, not_built = said.out.splitlines()[-2:]
    assert summary.startswith("1 game up to date: ") and ", 0 warnings in " in summary, summary
    assert not_built == "not built: castle (fix the problems above)"
