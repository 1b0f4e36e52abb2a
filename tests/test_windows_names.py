"""Names Windows keeps for devices (CON, PRN, AUX, NUL, COM1–COM9, LPT1–LPT9, in any case, and
before a dot): a designer's id that names a file or folder printgen writes is refused as an id
differing only in case is, since a game shared with a Windows user could not be unpacked,
copied or built there (build/con/, png/main/con.png)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.problems import ProjectError
from printgen.project import Project
from printgen.source.game import load_game
from printgen.starter import new_game
from tests.conftest import Run

DEVICE = "is a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1–COM9, LPT1–LPT9"


def _problems(root: Path, game: str) -> list[str]:
    with pytest.raises(ProjectError) as caught:
        load_game(Project.at(root), game)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize("game_id", ["con", "AUX", "Lpt9", "nul.x"])
def test_new_refuses_a_game_named_as_a_device(
    tmp_path: Path, printgen: Callable[..., Run], game_id: str
) -> None:
    result = printgen(tmp_path, "new", game_id)
    assert result.code == 2
    assert result.err.startswith(f"printgen: game '{game_id}' {DEVICE}"), result.err
    assert result.err.endswith(f"rename it (e.g. 'game-{game_id}')\n"), result.err
    assert not (tmp_path / "cards" / game_id).exists()


@pytest.mark.parametrize("game_id", ["com", "com10", "console", "lpt", "auxiliary", "nul-x"])
def test_names_only_like_a_device_are_fine(tmp_path: Path, game_id: str) -> None:
    new_game(Project.at(tmp_path), game_id, ["en"])
    assert load_game(Project.at(tmp_path), game_id).meta.id == game_id


def test_a_spreadsheet_card_named_as_a_device_is_said_at_its_cell(tmp_path: Path) -> None:
    new_game(Project.at(tmp_path), "fleet", ["en"])
    decks = tmp_path / "cards" / "fleet" / "decks"
    (decks / "ships.yaml").write_text(
        "name: Ships\nlayout: card-base\nfields: {name: text}\ncards_from: ships.csv\nback: none\n",
        encoding="utf-8",
    )
    (decks / "ships.csv").write_text("id,count,name\nsloop,1,Sloop\nprn,2,Printer\n", "utf-8")
    assert _problems(tmp_path, "fleet") == [
        f"cards/fleet/decks/ships.csv:3:1: card id 'prn' {DEVICE}, in any case, also before a "
        "dot): its image prn.png (--format png) could not be made or copied there; rename it "
        "(e.g. 'card-prn')"
    ]


def test_a_deck_output_named_as_a_device_is_said_at_it(tmp_path: Path) -> None:
    new_game(Project.at(tmp_path), "fleet", ["en"])
    deck = tmp_path / "cards" / "fleet" / "decks" / "main.yaml"
    deck.write_text("output: com3\n" + deck.read_text(encoding="utf-8"), encoding="utf-8")
    said = _problems(tmp_path, "fleet")
    assert said == [
        f"cards/fleet/decks/main.yaml:1:9: output 'com3' {DEVICE}, in any case, also before a "
        "dot): com3.pdf could not be made or copied there; rename it (e.g. 'output-com3')"
    ], said
