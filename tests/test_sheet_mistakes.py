"""A card sheet saved in another format than its name says, or typed in another program's
manner: a CSV file named ships.xlsx, formulas' texts where their results belong, rows parted
by another separator than the header's. Each is said at its place in a designer's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.problems import ProjectError
from printgen.project import Project
from printgen.source.game import load_game
from printgen.starter import new_game

GAME = "fleet"
DECK = "cards/fleet/decks/ships.yaml"


def _fleet(root: Path, cards_from: str, sheet: bytes) -> Path:
    """A game made by `printgen new` with a ships deck reading ``sheet`` as ``cards_from``."""
    new_game(Project.at(root), GAME, ["en"])
    (root / DECK).write_text(
        "name: Ships\nlayout: card-base\nfields: {name: text, cost: integer, effect: text}\n"
        f"cards_from: {cards_from}\nback: none\n",
        encoding="utf-8",
    )
    (root / "cards/fleet/decks" / cards_from).write_bytes(sheet)
    return root


def _problems(root: Path) -> list[str]:
    with pytest.raises(ProjectError) as caught:
        load_game(Project.at(root), GAME)
    return [str(p) for p in caught.value.problems]


def test_a_csv_file_named_xlsx_is_said_to_be_renamed(tmp_path: Path) -> None:
    """It was "not a .xlsx (zip) file, or it unpacks to over 64 MB": neither told what to do."""
    root = _fleet(tmp_path, "ships.xlsx", b"id,count,name,cost\nsloop,3,Sloop,1\n")
    assert _problems(root) == [
        f"{DECK}:4:13: cards/fleet/decks/ships.xlsx is a text (CSV) file, not an Excel "
        "workbook; rename it ships.csv, and write cards_from: ships.csv"
    ]


def test_an_old_xls_workbook_named_xlsx_is_said_to_be_saved_as_xlsx(tmp_path: Path) -> None:
    root = _fleet(tmp_path, "ships.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))
    assert _problems(root) == [
        f"{DECK}:4:13: cards/fleet/decks/ships.xlsx is an old Excel (.xls) workbook, not a "
        ".xlsx one; open it and save it as Excel Workbook (.xlsx), or as CSV UTF-8"
    ]
