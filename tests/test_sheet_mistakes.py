"""A card sheet saved in another format than its name says, or typed in another program's
manner: a CSV file named ships.xlsx, formulas' texts where their results belong, rows parted
by another separator than the header's. Each is said at its place in a designer's words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.problems import ProjectError
from printgen.project import Project
from printgen.source.game import load_game
from printgen.starter import new_game
from tests.conftest import Run

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


_EXPORT = (
    "export the values instead: save the sheet as CSV from the spreadsheet program, which "
    "writes the formulas' results"
)


def test_a_text_cell_holding_a_formula_is_warned_of(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """'=SUM(A1)' built with no word and printed on the card as it is written."""
    sheet = b"id,count,name,cost,effect\nsloop,3,Sloop,1,=SUM(A1)\nbrig,2,Brig,1,= 3 gold\n"
    root = _fleet(tmp_path, "ships.csv", sheet)
    run = printgen(root, "validate", GAME)
    assert run.code == 0
    assert run.err.strip().splitlines() == [
        "cards/fleet/decks/ships.csv:2:5: warning: card 'sloop' effect is '=SUM(A1)', a "
        f"formula's text, not its result, and prints so on the card; {_EXPORT} (a text meant "
        "to start with '=' may stay)"
    ]


def test_a_number_cell_holding_a_formula_says_so(tmp_path: Path) -> None:
    """It was "must be a whole number, not '=1+1'", with no word of formulas."""
    root = _fleet(tmp_path, "ships.csv", b"id,count,name,cost\nsloop,=1+2,Sloop,=1+1\n")
    assert _problems(root) == [
        "cards/fleet/decks/ships.csv:2:2: count of card 'sloop' must be a whole number of "
        f"copies, 1 or more, not '=1+2'; it is a formula's text, not its result; {_EXPORT}",
        "cards/fleet/decks/ships.csv:2:4: card 'sloop' cost must be a whole number, not "
        f"'=1+1'; it is a formula's text, not its result; {_EXPORT}",
    ]


@pytest.mark.parametrize(
    ("sheet", "said"),
    [
        pytest.param(
            b"id,count,name,cost\nsloop;3;Sloop;1\nbrig,2,Brig,1\n",
            "2:1: this row is parted with ';' while the header row uses ','; part every row "
            "with ',' (or every row, the header too, with ';')",
            id="semicolons-under-commas",
        ),
        pytest.param(
            b"id;count;name;cost\nbrig;2;Brig;1\nsloop\t3\tSloop\t1\n",
            "3:1: this row is parted with a tab while the header row uses ';'; part every row "
            "with ';' (or every row, the header too, with a tab)",
            id="tabs-under-semicolons",
        ),
        pytest.param(
            b"id|count|name|cost\nsloop|3|Sloop|1\n",
            "1:1: the header row is parted with '|', which printgen does not read: it reads "
            "cells parted with a comma, a semicolon or a tab; export the sheet as CSV again, "
            "or replace every '|' with ','",
            id="pipes",
        ),
    ],
)
def test_rows_parted_otherwise_than_printgen_reads_them_are_said_at_the_row(
    tmp_path: Path, sheet: bytes, said: str
) -> None:
    """A row parted with ';' under a ',' header was "id 'sloop;3;Sloop;1' must be lower-case
    letters…"; a '|' file, "unknown column 'id|count|name|cost'"."""
    root = _fleet(tmp_path, "ships.csv", sheet)
    assert _problems(root) == [f"cards/fleet/decks/ships.csv:{said}"]


def test_a_semicolon_inside_a_quoted_text_is_no_separator(tmp_path: Path) -> None:
    sheet = b'id,count,name,cost,effect\nsloop,3,Sloop,1,"Sail; then draw"\n'
    game = load_game(Project.at(_fleet(tmp_path, "ships.csv", sheet)), GAME)
    deck = game.deck("ships")
    assert deck is not None and deck.cards[0].fields["effect"] == "Sail; then draw"


def test_a_web_page_named_xlsx_is_said_to_be_one(tmp_path: Path) -> None:
    root = _fleet(tmp_path, "ships.xlsx", b"<!DOCTYPE html>\n<html><body>Sheets</body></html>\n")
    assert _problems(root) == [
        f"{DECK}:4:13: cards/fleet/decks/ships.xlsx is a web page (HTML), not an Excel workbook "
        "(saved by a link in its place?); download or export the sheet itself as .xlsx or CSV "
        "UTF-8"
    ]


def test_a_translated_text_cell_holding_a_formula_is_warned_of(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    sheet = b'id,count,name,cost,effect.en\nsloop,3,Sloop,1,"=A2&"" sails"""\n'
    root = _fleet(tmp_path, "ships.csv", sheet)
    run = printgen(root, "validate", GAME)
    assert run.code == 0
    assert run.err.strip().splitlines() == [
        "cards/fleet/decks/ships.csv:2:5: warning: card 'sloop' effect is '=A2&\" sails\"', a "
        f"formula's text, not its result, and prints so on the card; {_EXPORT} (a text meant "
        "to start with '=' may stay)"
    ]
