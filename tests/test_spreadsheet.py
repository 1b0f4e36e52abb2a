"""Cards from a spreadsheet: `cards_from:` a CSV (UTF-8) or XLSX file next to the deck file;
values typed by `fields:`; every problem one line at its row and column."""

from __future__ import annotations

import builtins
import datetime
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from printgen.model.game import Game
from printgen.problems import ProjectError
from printgen.project import Project
from printgen.source.game import load_game
from printgen.starter import new_game
from tests.conftest import Run, append_to, unlistable

GAME = "fleet"
DECK = "cards/fleet/decks/ships.yaml"
CSV = "cards/fleet/decks/ships.csv"
HEADER = "id,count,name.en,name.it,cost,color\n"


def _deck(cards_from: str, extra: str = "") -> str:
    return (
        "name: Ships\n"
        "layout: card-base\n"
        "fields: {name: text, cost: integer, weight: number, color: color, note: any}\n"
        f"cards_from: {cards_from}\n{extra}"
        "back: none\n"  # printed blank beside the starter's backed deck, on purpose
    )


@pytest.fixture
def fleet(tmp_path: Path) -> Path:
    """A two-language game made by `printgen new`, with a ships deck to fill."""
    new_game(Project.at(tmp_path), GAME, ["en", "it"])
    (tmp_path / DECK).write_text(_deck("ships.csv"), encoding="utf-8")
    return tmp_path


def _load(root: Path) -> Game:
    return load_game(Project.at(root), GAME)


def _problems(root: Path) -> list[str]:
    with pytest.raises(ProjectError) as caught:
        _load(root)
    return [str(p) for p in caught.value.problems]


def _ships(game: Game) -> dict[str, Any]:
    deck = game.deck("ships")
    assert deck is not None
    return {card.id: card for card in deck.cards}


def test_csv_rows_become_typed_card_types(fleet: Path) -> None:
    (fleet / CSV).write_text(
        "id,count,name.en,name.it,cost,weight,color,note\n"
        'sloop,3,Sloop,Sloop,1,"2,5",#1f5f8b,fast\n'
        "\n"  # an empty row separates nothing
        "galleon,2,Galleon,Galeone,4,7.25,#6b2d5c,12\n",
        encoding="utf-8",
    )
    ships = _ships(_load(fleet))
    assert list(ships) == ["sloop", "galleon"]
    galleon = ships["galleon"]
    assert galleon.count == 2
    assert galleon.fields == {
        "name": {"en": "Galleon", "it": "Galeone"},
        "cost": 4,
        "weight": 7.25,
        "color": "#6b2d5c",
        "note": 12,
    }
    assert ships["sloop"].fields["weight"] == 2.5  # a decimal comma, as Excel writes it
    assert galleon.layout == "card-base"
    assert str(galleon.where) == f"{CSV}:4:1"  # the spreadsheet's own row number
    assert str(galleon.where_of("name", "it")) == f"{CSV}:4:4"
    assert str(galleon.where_of("cost")) == f"{CSV}:4:5"


def test_a_number_with_a_comma_before_three_digits_is_never_guessed(fleet: Path) -> None:
    """ "1,000" in a number column was read as 1 (the comma taken as a decimal mark), where an
    English spreadsheet means a thousand: said at its cell; a note column keeps it as a text."""
    (fleet / CSV).write_text(
        "id,count,name.en,name.it,cost,weight,color,note\n"
        'sloop,3,Sloop,Sloop,1,"1,000",#1f5f8b,"12,500"\n',
        encoding="utf-8",
    )
    assert _problems(fleet) == [
        f"{CSV}:2:6: card 'sloop' weight is '1,000', which may be 1000 or 1.000 (a comma parts "
        "thousands or decimals): write 1000, or 1.000 with a point"
    ]
    (fleet / CSV).write_text(
        "id,count,name.en,name.it,cost,weight,color,note\n"
        'sloop,3,Sloop,Sloop,1,"0,125",#1f5f8b,"12,500"\n'
        'brig,1,Brig,Brigantino,1,"-0,500",#1f5f8b,x\n',
        encoding="utf-8",
    )
    ships = _ships(_load(fleet))  # a leading 0 is no thousands: a decimal comma
    assert ships["sloop"].fields["note"] == "12,500"
    assert (ships["sloop"].fields["weight"], ships["brig"].fields["weight"]) == (0.125, -0.5)


def test_a_comma_before_three_digits_is_a_decimal_where_the_sheet_writes_decimal_commas(
    fleet: Path,
) -> None:
    """'3,125' beside '2,5' (as Italian Excel writes them, parting its cells with ';') is
    3.125: the sheet writes its decimals with a comma. It was 'may be 3125 or 3.125'."""
    (fleet / CSV).write_text(
        "id;count;name;weight;note\nsloop;3;Sloop;2,5;x\ngalleon;2;Galleon;3,125;1,000\n",
        encoding="utf-8",
    )
    ships = _ships(_load(fleet))
    assert (ships["sloop"].fields["weight"], ships["galleon"].fields["weight"]) == (2.5, 3.125)
    assert ships["galleon"].fields["note"] == "1,000"  # a field of any kind: kept as written
    (fleet / CSV).write_text(  # no decimal comma beyond doubt: never guessed
        "id;count;name;weight\nsloop;3;Sloop;2\ngalleon;2;Galleon;3,125\n", encoding="utf-8"
    )
    assert _problems(fleet) == [
        f"{CSV}:3:4: card 'galleon' weight is '3,125', which may be 3125 or 3.125 (a comma parts "
        "thousands or decimals): write 3125, or 3.125 with a point"
    ]


def test_a_point_before_three_digits_is_never_guessed_where_the_sheet_writes_decimal_commas(
    fleet: Path,
) -> None:
    """Italian Excel writes twelve thousand as '12.345' beside '2,5': it was read as 12.345
    (and '1.000' as 1.0) without a word; said at its cell, as '1,000' is in English."""
    (fleet / CSV).write_text(
        "id;count;name;weight\nsloop;3;Sloop;2,5\ngalleon;2;Galleon;12.345\n", encoding="utf-8"
    )
    assert _problems(fleet) == [
        f"{CSV}:3:4: card 'galleon' weight is '12.345', which may be 12345 or 12,345: the sheet "
        "writes decimals with a comma ('2,5'), where a point parts thousands; write 12345, or "
        "12,345 with a comma"
    ]
    (fleet / CSV).write_text(
        "id;count;name;weight;note\nsloop;3;Sloop;0.125;1.000\ngalleon;2;Galleon;12.345;2,5\n",
        encoding="utf-8",
    )
    assert _problems(fleet) == [  # a note's decimal comma is the sheet's all the same
        f"{CSV}:3:4: card 'galleon' weight is '12.345', which may be 12345 or 12,345: the sheet "
        "writes decimals with a comma ('2,5'), where a point parts thousands; write 12345, or "
        "12,345 with a comma"
    ]
    (fleet / CSV).write_text(
        "id;count;name;weight;note\nsloop;3;Sloop;0.125;1.000\ngalleon;2;Galleon;12345;2,5\n",
        encoding="utf-8",
    )
    ships = _ships(_load(fleet))  # a leading 0 is no thousands; a note keeps what it may mean
    assert (ships["sloop"].fields["weight"], ships["sloop"].fields["note"]) == (0.125, "1.000")
    (fleet / CSV).write_text(
        "id;count;name;weight\nsloop;3;Sloop;2.5\ngalleon;2;Galleon;12.345\n", encoding="utf-8"
    )
    assert _ships(_load(fleet))["galleon"].fields["weight"] == 12.345  # a sheet of points


def test_a_colour_cell_with_spaces_around_it_reads_as_a_number_cell_does(fleet: Path) -> None:
    # " 1 " was a cost, but " #1f5f8b " no colour: a spreadsheet's spaces mean nothing there
    (fleet / CSV).write_text(HEADER + "sloop,3,Sloop,Sloop, 1 , #1f5f8b \n", encoding="utf-8")
    sloop = _ships(_load(fleet))["sloop"]
    assert sloop.fields["cost"] == 1 and sloop.fields["color"] == "#1f5f8b"


def test_spaces_around_a_text_cell_are_dropped_as_around_a_header(fleet: Path) -> None:
    """'water ' was kept: a card printed it, and a layout looking it up found no 'water'."""
    (fleet / CSV).write_text(
        'id,count,name.en,name.it,note\nsloop,3, Sloop ,"Sloop\t\n", water \n', encoding="utf-8"
    )
    sloop = _ships(_load(fleet))["sloop"]
    assert sloop.fields == {"name": {"en": "Sloop", "it": "Sloop"}, "note": "water"}
    rows: list[list[Any]] = [["id", "count", "name", "note"], ["cog", 1, "Cog ", "  water"]]
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _ships(_load(fleet))["cog"].fields == {"name": "Cog", "note": "water"}


def test_a_workbook_number_past_a_double_s_exact_whole_numbers_is_the_one_it_shows(
    fleet: Path,
) -> None:
    """A cost typed 1E+30 in the workbook was read as 1000000000000000019884624838656, the
    double's exact value, and printed so: it is the number the sheet shows, as a deck file's
    1000000000000000000000000000000 is."""
    rows: list[list[Any]] = [["id", "count", "name", "cost"], ["cog", 1, "Cog", 1e30]]
    rows.append(["raft", 1, "Raft", 2.0**53])  # the last whole number a double holds exactly
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    ships = _ships(_load(fleet))
    assert ships["cog"].fields["cost"] == 10**30
    assert ships["raft"].fields["cost"] == 2**53


def test_cards_and_cards_from_combine_and_excel_semicolons_with_a_bom_read(fleet: Path) -> None:
    extra = "cards:\n  - {id: raft, count: 1, name: Raft, cost: 0}\n"
    (fleet / DECK).write_text(_deck("ships.csv", extra), encoding="utf-8")
    (fleet / CSV).write_bytes("\ufeffid;count;name;cost\nsloop;3;Sloop;1\n".encode())
    ships = _ships(_load(fleet))
    assert sorted(ships) == ["raft", "sloop"]
    assert ships["sloop"].fields == {"name": "Sloop", "cost": 1}  # one text for every language


def test_empty_rows_above_the_header_do_not_hide_its_separator(fleet: Path) -> None:
    # the separator was read off the file's first line: empty, it was ',' and the header
    # "id;count;name;cost" one unknown column
    (fleet / CSV).write_text("\r\n\r\nid;count;name;cost\r\nsloop;3;Sloop;1\r\n", encoding="utf-8")
    sloop = _ships(_load(fleet))["sloop"]
    assert (sloop.fields, str(sloop.where)) == ({"name": "Sloop", "cost": 1}, f"{CSV}:4:1")


def test_a_title_above_the_header_is_said_as_such(fleet: Path) -> None:
    # the title row was read as the header: 'unknown column', 'no id column', 'no count
    # column' — three lines, none saying the header must be the first row
    (fleet / CSV).write_text(
        "Fleet, version 2;;;\nid;count;name;cost\nsloop;3;Sloop;1\n", encoding="utf-8"
    )
    assert _problems(fleet) == [
        f"{CSV}:1:1: the header must be the sheet's first row, but line 2 names the columns "
        "(id, count …) and this row above it holds 'Fleet, version 2'; delete the rows above "
        "the header"
    ]
    rows: list[list[Any]] = [[None, "Fleet"], [], ["Notes"], ["id", "count"], ["cog", 1]]
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _problems(fleet) == [
        "cards/fleet/decks/ships.xlsx#Fleet!B1: the header must be the sheet's first row, but "
        "row 4 names the columns (id, count …) and this row above it holds 'Fleet'; delete "
        "the rows above the header"
    ]


def test_a_card_id_in_both_the_yaml_and_the_sheet_is_reported(fleet: Path) -> None:
    extra = "cards:\n  - {id: sloop, count: 1, name: Raft}\n"
    (fleet / DECK).write_text(_deck("ships.csv", extra), encoding="utf-8")
    (fleet / CSV).write_text("id,count,name\nsloop,3,Sloop\n", encoding="utf-8")
    problems = _problems(fleet)
    assert len(problems) == 1
    assert problems[0].startswith(f"{CSV}:2:1: card id 'sloop' is used twice")
    assert f"first at {DECK}:6:5" in problems[0]


def _workbook(path: Path, sheets: dict[str, list[list[Any]]]) -> None:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    book.save(path)


def _merged_workbook(path: Path, rows: list[list[Any]], cells: str) -> None:
    """A workbook of one sheet, Fleet, whose ``cells`` are merged."""
    _workbook(path, {"Fleet": rows})
    book = openpyxl.load_workbook(path)
    book["Fleet"].merge_cells(cells)
    book.save(path)


def test_xlsx_first_sheet_or_a_named_one(fleet: Path) -> None:
    rows: list[list[Any]] = [["id", "count", "name", "cost"], ["brig", 2.0, "Brig", 3.0]]
    _workbook(
        fleet / "cards/fleet/decks/ships.xlsx",
        {"Notes": [["id", "count"], ["note", 1]], "Fleet": rows},
    )
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert list(_ships(_load(fleet))) == ["note"]
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    brig = _ships(_load(fleet))["brig"]
    assert (brig.count, brig.fields["cost"]) == (2, 3)  # a workbook's 3.0 is the integer 3
    assert str(brig.where) == "cards/fleet/decks/ships.xlsx#Fleet!A2"


def test_a_sheet_named_in_another_case_is_the_sheet_excel_would_open(fleet: Path) -> None:
    # Excel takes sheet names whatever their case: '#data' was "has no sheet 'data'"
    rows: list[list[Any]] = [["id", "count", "name", "cost"], ["brig", 2, "Brig", 3]]
    book = fleet / "cards/fleet/decks/ships.xlsx"
    _workbook(book, {"Notes": [["id", "count"], ["note", 1]], "Data": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx#data"), encoding="utf-8")
    brig = _ships(_load(fleet))["brig"]
    assert str(brig.where) == "cards/fleet/decks/ships.xlsx#Data!A2"  # as the workbook says it
    (fleet / DECK).write_text(_deck("ships.xlsx#date"), encoding="utf-8")
    (problem,) = _problems(fleet)
    assert problem.startswith(f"{DECK}:4:13: cards/fleet/decks/ships.xlsx has no sheet 'date'")


def test_a_truth_value_cell_is_true_or_false_as_in_yaml(fleet: Path) -> None:
    # a workbook's FALSE (or a CSV's exported FALSE) in an 'any' field was the text 'False',
    # true in every check ({{ not card.note }} failed on every card); a text field printed
    # Python's 'True' where the sheet shows TRUE
    rows: list[list[Any]] = [
        ["id", "count", "name", "note"],
        ["brig", 1, True, False],
        ["cog", 1, "Cog", True],
    ]
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    ships = _ships(_load(fleet))
    assert ships["brig"].fields == {"name": "TRUE", "note": False}
    assert ships["cog"].fields["note"] is True
    (fleet / DECK).write_text(_deck("ships.csv"), encoding="utf-8")
    (fleet / CSV).write_text(
        "id,count,name,note\nbrig,1,Brig,FALSE\ncog,1,Cog,true\nraft,1,Raft,falsey\n",
        encoding="utf-8",
    )
    notes = {id: card.fields["note"] for id, card in _ships(_load(fleet)).items()}
    assert notes == {"brig": False, "cog": True, "raft": "falsey"}


def test_a_workbooks_notes_column_may_hold_dates_errors_merges_and_formulas(
    fleet: Path,
) -> None:
    """A '#notes' column of a workbook was checked as the cards' columns are: a playtest date,
    an unsaved formula or notes merged over two rows failed the deck."""
    import datetime

    rows: list[list[Any]] = [
        ["id", "count", "name", "cost", "#notes", "# when"],
        ["brig", 1, "Brig", 3, "=1/0", datetime.datetime(2026, 1, 1)],
        ["cog", 1, "Cog", 2, "#N/A", "=NOW()"],
    ]
    path = fleet / "cards/fleet/decks/ships.xlsx"
    _merged_workbook(path, rows, "E2:E3")
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _ships(_load(fleet))["cog"].fields == {"name": "Cog", "cost": 2}
    # the cards' own columns are still checked so
    book = openpyxl.load_workbook(path)
    book["Fleet"]["D3"] = datetime.datetime(2026, 1, 1)
    book.save(path)
    (problem,) = _problems(fleet)
    assert problem.startswith("cards/fleet/decks/ships.xlsx#Fleet!D3: the cell holds a date")


def test_a_spanish_sheets_exported_falso_or_a_yaml_no_is_false(fleet: Path) -> None:
    """A CSV saved by a Spanish Excel (';' and VERDADERO/FALSO) printed every tile's doors: FALSO
    was a text, true in every when: and check; "no", false in a deck file, was true too."""
    (fleet / CSV).write_text(
        "id;count;name;note\n"
        "a;1;A;FALSO\nb;1;B;VERDADERO\nc;1;C;FAUX\nd;1;D;WAHR\ne;1;E; no \nf;1;F;On\n"
        "g;1;G;Falso\nh;1;H;nope\n",
        encoding="utf-8",
    )
    notes = {id: card.fields["note"] for id, card in _ships(_load(fleet)).items()}
    assert notes == {
        "a": False,
        "b": True,
        "c": False,
        "d": True,
        "e": False,
        "f": True,
        "g": "Falso",  # a word in a sentence's case is a text: a spreadsheet writes capitals
        "h": "nope",
    }


def test_a_cell_breaking_lines_the_windows_way_breaks_them_with_newlines(fleet: Path) -> None:
    # a CSV saved with Windows line ends (Git's autocrlf) has "\r\n" inside quoted cells too;
    # each "\r" printed on the card as a missing glyph's box
    (fleet / CSV).write_bytes(b'id,count,name,note\r\nbrig,1,"Brig\r\nof war","a\rb"\r\n')
    assert _ships(_load(fleet))["brig"].fields == {"name": "Brig\nof war", "note": "a\nb"}
    rows: list[list[Any]] = [["id", "count", "name"], ["cog", 1, "Cog\r\nof war"]]
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _ships(_load(fleet))["cog"].fields == {"name": "Cog\nof war"}


def test_a_chart_sheet_named_is_said_as_such(fleet: Path) -> None:
    # 'ships.xlsx#Chart' ended printgen with an internal error (a chart sheet has no cells)
    from openpyxl.chart import BarChart, Reference

    book = openpyxl.Workbook()
    data = book.active
    data.title = "Data"
    for row in (["id", "count"], ["brig", 1]):
        data.append(row)
    chart = BarChart()
    chart.add_data(Reference(data, min_col=2, min_row=1, max_row=2))
    book.create_chartsheet("Chart", 0).add_chart(chart)
    book.save(fleet / "cards/fleet/decks/ships.xlsx")
    (fleet / DECK).write_text(_deck("ships.xlsx#Chart"), encoding="utf-8")
    assert _problems(fleet) == [
        f"{DECK}:4:13: cards/fleet/decks/ships.xlsx: the sheet 'Chart' is a chart, not cells; "
        "name the sheet of the cards (its sheets of cells: 'Data')"
    ]
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")  # the first of cells
    assert list(_ships(_load(fleet))) == ["brig"]


def test_xlsx_problems_name_sheet_and_cell(fleet: Path) -> None:
    rows: list[list[Any]] = [
        ["id", "count", "name", "cost"],
        ["brig", 1, "Brig", 3],
        ["cog", 1, "Cog", "two"],
    ]
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    assert _problems(fleet) == [
        "cards/fleet/decks/ships.xlsx#Fleet!D3: card 'cog' cost must be a whole number, not 'two'"
    ]
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleat"), encoding="utf-8")
    assert _problems(fleet) == [
        f"{DECK}:4:13: cards/fleet/decks/ships.xlsx has no sheet 'Fleat'; did you mean 'Fleet'?"
    ]


def test_an_unknown_layout_named_on_every_row_of_a_workbook_is_said_once(
    fleet: Path, printgen: Callable[..., Run]
) -> None:
    """A workbook's cell is part of the place a problem is said at (ships.xlsx#Fleet!C2): an
    unknown layout said once a file was said on each of its rows."""
    rows: list[list[Any]] = [["id", "count", "name", "cost", "layout"]] + [
        [f"ship{n}", 1, f"Ship {n}", 1, "nope"] for n in range(8)
    ]
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    run = printgen(fleet, "validate", GAME)
    said = [line for line in run.err.splitlines() if "unknown layout 'nope'" in line]
    assert [line.split(": ")[0] for line in said] == ["cards/fleet/decks/ships.xlsx#Fleet!E2"]


@pytest.mark.parametrize(
    ("rows", "column"),
    [
        (HEADER + "sloop,3,Slup,Sl\x00oop,1,#123456\n", 4),
        ("id,count,name,cost,color\nsloop,3,Sl\x00oop,1,#123456\n", 3),
    ],
    ids=["a-language-s-column", "every-language-s-column"],
)
def test_a_nul_in_a_name_cell_is_said_once(
    fleet: Path, printgen: Callable[..., Run], rows: str, column: int
) -> None:
    """One NUL in a name was two lines at its cell: the card's layout said the font lacks it,
    the rulebook's card reference that it is a control character."""
    (fleet / CSV).write_text(rows, encoding="utf-8")
    for command in ("validate", "build"):
        run = printgen(fleet, command, GAME)
        assert run.code == 2
        assert [line for line in run.err.splitlines() if "U+0000" in line] == [
            f"{CSV}:2:{column}: control character U+0000 (null) of card 'sloop' name prints as an "
            "empty box; remove it"
        ], run.err


def test_a_formula_whose_result_was_never_saved_is_named_at_its_cell(fleet: Path) -> None:
    # openpyxl (and other programs that write workbooks) store a formula without computing
    # it: read as its saved result, the cell held nothing
    rows: list[list[Any]] = [
        ["id", "count", "name", "cost"],
        ["brig", "=1+1", "Brig", 3],
        ["cog", 1, "Cog", "=2*1"],  # in the last column too, where a row's empty cells end it
        ['=A2&"-2"', "=B2", "=C2", "=D2"],  # a row of nothing else: no card, not silence
    ]
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    assert _problems(fleet) == [
        "cards/fleet/decks/ships.xlsx#Fleet!B2: the cell holds a formula whose result was never "
        "saved (=1+1); open the workbook in Excel or LibreOffice and save it, or write the value",
        "cards/fleet/decks/ships.xlsx#Fleet!D3: the cell holds a formula whose result was never "
        "saved (=2*1); open the workbook in Excel or LibreOffice and save it, or write the value",
        *(
            f"cards/fleet/decks/ships.xlsx#Fleet!{col}4: the cell holds a formula whose result "
            f"was never saved ({formula}); open the workbook in Excel or LibreOffice and save "
            "it, or write the value"
            for col, formula in (("A", '=A2&"-2"'), ("B", "=B2"), ("C", "=C2"), ("D", "=D2"))
        ),
    ]


def test_xlsx_without_openpyxl_says_how_to_install_it(
    fleet: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": [["id", "count"], ["a", 1]]})
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    real_import = builtins.__import__

    def without_openpyxl(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "openpyxl" or name.startswith("openpyxl."):
            raise ImportError(f"No module named '{name}'")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "openpyxl")
    monkeypatch.setattr(builtins, "__import__", without_openpyxl)
    (problem,) = _problems(fleet)
    assert problem.startswith(f"{DECK}:4:13: reading a .xlsx file needs openpyxl")
    assert "pip install openpyxl in printgen's environment" in problem


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            "id,count,name.en,name.it,cots\n",
            f"{CSV}:1:5: unknown column 'cots'; did you mean 'cost'? (the deck file's fields: "
            "declare 'cost': rename the column, or that field to 'cots')",
        ),
        (  # renaming the field to a text that is no field name is no way out
            "id,count,name.en,name.it,cost €\n",
            f"{CSV}:1:5: unknown column 'cost €'; did you mean 'cost'?",
        ),
        (  # 'cost' has its column: neither rename helps, the new column wants its field
            "id,count,name.en,name.it,cost,costs\n",
            f"{CSV}:1:6: unknown column 'costs'; declare it under 'fields:' in the deck file, or "
            "name it '#costs' to keep it as notes of your own (never read)",
        ),
        (
            HEADER + ",2,Sloop,Sloop,1,#ffffff\n",
            f"{CSV}:2:1: missing id: every row needs an id (e.g. mage)",
        ),
        (
            HEADER + "sloop,2,Sloop,Sloop,cheap,#ffffff\n",
            f"{CSV}:2:5: card 'sloop' cost must be a whole number, not 'cheap'",
        ),
        (
            HEADER + "sloop,2.5,Sloop,Sloop,1,#ffffff\n",
            f"{CSV}:2:2: count of card 'sloop' must be a whole number of copies, 1 or more, "
            "not '2.5'",
        ),
        (  # a thousands separator: the digits alone are what to write
            HEADER + 'sloop,"1,500",Sloop,Sloop,1,#ffffff\n',
            f"{CSV}:2:2: count of card 'sloop' must be a whole number of copies, 1 or more, "
            "not '1,500'; write it in digits alone: 1500",
        ),
        (  # past 30 digits, in words: "-a number of more than 30 digits" read wrong
            HEADER + f"sloop,2,Sloop,Sloop,-{'9' * 40},#ffffff\n",
            f"{CSV}:2:5: card 'sloop' cost is a negative number of more than 30 digits; write a "
            "number nearer 0",
        ),
        (  # a thousand, or 1 with three decimals: which is asked
            HEADER + 'sloop,2,Sloop,Sloop,"1,000",#ffffff\n',
            f"{CSV}:2:5: card 'sloop' cost must be a whole number, not '1,000'; it may be 1000 "
            "or 1 (a comma or a point parts thousands or decimals): write 1000, or 1",
        ),
        (
            HEADER + "sloop,2,Sloop,,1,#ffffff\n",
            f"{CSV}:2:4: missing translation: card 'sloop' has no 'it' text for name; "
            "fill this cell",
        ),
        (
            "id,count,name.en,cost\nsloop,2,Sloop,1\n",
            f"{CSV}:1:3: missing translation: no column 'name.it' (the game declares en, it)",
        ),
        (  # its column there, its language misspelt: said at it (it was said at name.en)
            "id,count,name.en,name.ti,cost\nsloop,2,Sloop,Sloop,1\n",
            f"{CSV}:1:4: missing translation: no column 'name.it' (the game declares en, it); "
            "is 'name.ti' it, misspelt?",
        ),
        (
            HEADER + "sloop,2,Sloop,Sloop,1,#fff\nsloop,1,Sloop,Sloop,1,#fff\n",
            f"{CSV}:3:1: card id 'sloop' is used twice in {CSV} (first on row 2); "
            "give each card type its own id",
        ),
        (
            "",
            f"{CSV}:1:1: the spreadsheet is empty; its first row names the columns: id, count, "
            "then one per field",
        ),
        (
            HEADER,
            f"{CSV}:1:1: the spreadsheet has a header row but no cards below it; "
            "add one row per card type",
        ),
        (
            HEADER + "sloop,2,Sloop,Sloop,1,blue\n",
            f"{CSV}:2:6: card 'sloop' color must be a colour like \"#a83232\", not 'blue'; "
            "for blue write #0000ff",
        ),
        (
            "id,count,cost.en\n",
            f"{CSV}:1:3: column 'cost.en': only a text field has one column per language; "
            "name the column 'cost'",
        ),
        (
            "id,name\n",
            f"{CSV}:1:1: the header row has no 'count' column; the first row names the columns: "
            "id, count, then one per field",
        ),
        (
            "id,count\nsloop,1,extra\n",
            f"{CSV}:2:3: this cell has a value but its column has no name in the header row "
            "(the row has 3 cells, the header names 2); a text holding a comma must be in double "
            'quotes: "Gain 1, then draw"',
        ),
        (  # Python's csv refuses a cell this long: it said "check the quotes" of none
            "id,count,name\nsloop,1," + "a" * 140_000 + "\n",
            f"{CSV}:2:1: a cell of this row holds more than 131,072 characters (the limit for a "
            "CSV cell); shorten it",
        ),
        (  # … quoted, with line breaks: the quote closes, so it is said as too long
            'id,count,name\nsloop,1,"' + "a\n" * 70_000 + '"\ncog,1,Cog\n',
            f"{CSV}:2:1: a cell of this row holds more than 131,072 characters (the limit for a "
            "CSV cell); shorten it",
        ),
        (  # … but an unclosed quote in a long file reaches that limit first: said as the quote
            HEADER + 'sloop,2,Sloop,Sloop,1,"#ffffff\n' + "cog,1,Cog,Cocca,2,#000000\n" * 6000,
            f"{CSV}:2:23: this quote is never closed: every row after it would be read as one "
            'cell; close it, or write a quote inside a cell as two ("")',
        ),
        (  # a file whose cells are split at semicolons (Excel where the decimal mark is ,)
            "id;count\nsloop;1;extra\n",
            f"{CSV}:2:3: this cell has a value but its column has no name in the header row "
            "(the row has 3 cells, the header names 2); a text holding a semicolon must be in "
            'double quotes: "Gain 1; then draw"',
        ),
        (  # a column left without a name in the middle is not a comma's doing
            "id,,count\nsloop,x,1\n",
            f"{CSV}:2:2: this cell has a value but its column has no name in the header row",
        ),
        (  # the rows after an unclosed quote are not swallowed into one cell
            HEADER + 'sloop,2,Sloop,Sloop,1,"#ffffff\ncog,1,Cog,Cocca,2,#000000\n',
            f"{CSV}:2:23: this quote is never closed: every row after it would be read as one "
            'cell; close it, or write a quote inside a cell as two ("")',
        ),
        (  # a cell holding a line break, quoted: the next row is said at its own line
            HEADER + 'sloop,2,"Sloop\nbig",Sloop,1,#ffffff\ncog,1,Cog,Cocca,cheap,#000000\n',
            f"{CSV}:4:5: card 'cog' cost must be a whole number, not 'cheap'",
        ),
    ],
)
def test_each_problem_is_one_line_at_its_cell(fleet: Path, content: str, expected: str) -> None:
    (fleet / CSV).write_text(content, encoding="utf-8")
    assert _problems(fleet) == [expected]


def test_a_row_cut_by_a_separator_whose_extra_cell_is_empty_says_to_quote_the_text(
    fleet: Path,
) -> None:
    """The cell the row gained empty (a separator closing it), the value it pushed on taken by
    a notes column: the colour was said to be 'then draw' and nothing more. The row's first
    problem says its values may have moved, and to quote the text."""
    (fleet / CSV).write_text(
        HEADER.replace("\n", ",#notes\n")
        + "sloop,2,Sloop,Gain 1, then draw,1,#ffffff,\n"
        + "cog,1,Cog,Cocca,2,#000000,fast\n",
        encoding="utf-8",
    )
    assert _problems(fleet)[0] == (
        f"{CSV}:2:5: card 'sloop' cost must be a whole number, not 'then draw'; this row has "
        "more cells than the header row, so its values may have moved one column on (the row "
        'has 8 cells, the header names 7); a text holding a comma must be in double quotes: "Gain '
        '1, then draw"'
    )


def test_a_row_cut_into_its_notes_column_with_nothing_else_wrong_is_a_warning(
    fleet: Path, printgen: Callable[..., Run]
) -> None:
    """'Take 1 :coin:, then discard a card.,' unquoted, the notes column last: the text was cut
    short and its end went into the notes, exit 0 without a word. A warning at the notes cell
    says the values may have moved on, and to quote the text."""
    (fleet / CSV).write_text(
        "id,count,cost,color,name.en,name.it,#notes\n"
        "sloop,2,1,#ffffff,Sloop,Sloop,fast\n"
        "cog,1,2,#000000,Cog,Cocca, a boat,\n"
        "brig,1,2,#000000,Brig,Brigantino,\n",
        encoding="utf-8",
    )
    run = printgen(fleet, "validate", GAME)
    assert (
        f"{CSV}:3:7: warning: This row has more cells than the header row, so its values may "
        "have moved one column on (the row has 8 cells, the header names 7); a text holding a "
        'comma must be in double quotes: "Gain 1, then draw"'
    ) in run.err.splitlines(), run.err


@pytest.mark.parametrize(
    "rows",
    [
        "sloop,2,1,#ffffff,Sloop,Gain 1, then draw,\ncog,1,2,#000000,Cog,Gain 2, then discard,\n",
        "sloop,2,1,#ffffff,Sloop,Gain 1, then draw,\n",  # the sheet's only row
    ],
)
def test_every_row_cut_into_its_notes_column_is_a_warning_on_each(
    fleet: Path, printgen: Callable[..., Run], rows: str
) -> None:
    """Every row's text cut by an unquoted comma (or the only row's), its end pushed into the
    notes: as long as each other, the rows passed for a separator closing each, exit 0 without
    a word while the cards printed 'Gain 1'. A value in the notes tells them apart."""
    (fleet / CSV).write_text("id,count,cost,color,name.en,name.it,#notes\n" + rows, "utf-8")
    run = printgen(fleet, "validate", GAME)
    said = [line for line in run.err.splitlines() if "moved one column on" in line]
    assert said[0] == (
        f"{CSV}:2:7: warning: This row has more cells than the header row, so its values may "
        "have moved one column on (the row has 8 cells, the header names 7); a text holding a "
        'comma must be in double quotes: "Gain 1, then draw"'
    ), run.err
    assert len(said) == rows.count("\n")


@pytest.mark.parametrize("end", [",", ""], ids=["separator closing the row", "none"])
def test_a_text_cut_before_the_last_text_column_is_a_warning_at_the_cut(
    fleet: Path, printgen: Callable[..., Run], end: str
) -> None:
    """'Gain 1, then draw' unquoted in effect.en, the sheet's only row: ' then draw' went into
    effect.it and the Italian text into the notes — exit 0 without a word while the Italian
    card printed 'then draw', whether or not a separator closed the row (without one, the row
    is no longer than its header). A warning at the cut says to quote the text."""
    deck = _deck("ships.csv").replace("note: any}", "note: any, effect: text}")
    (fleet / DECK).write_text(deck, encoding="utf-8")
    (fleet / CSV).write_text(
        "id,count,cost,color,name.en,name.it,effect.en,effect.it,#notes\n"
        f"sloop,2,1,#ffffff,Sloop,Sloop,Gain 1, then draw,Guadagna 1 e pesca{end}\n",
        "utf-8",
    )
    run = printgen(fleet, "validate", GAME)
    said = [line for line in run.err.splitlines() if "moved one column on" in line]
    assert len(said) == 1, run.err
    assert said[0].startswith(f"{CSV}:2:8: warning: "), run.err
    assert 'a text holding a comma must be in double quotes: "Gain 1, then draw"' in said[0]


def test_notes_in_a_sheet_whose_every_row_ends_with_a_separator_are_read_as_notes(
    fleet: Path, printgen: Callable[..., Run]
) -> None:
    """A spreadsheet with an empty column past its notes closes every row with a separator:
    the designer's own notes there are no cut text (one pushed on starts with the space that
    followed its comma)."""
    for notes in (
        "sloop,2,1,#ffffff,Sloop,Sloop,cheaper than the brig?,\n"
        "cog,1,2,#000000,Cog,Cocca,playtest 3: fine,\n",
        # a note after ', ' — behind a name that ended its sentence, or a colour
        "sloop,2,1,#ffffff,Sloop,Sloop., check the brig,\ncog,1,2,#000000,Cog,Cocca., fine,\n",
        "sloop, 2, 1, #ffffff, Sloop, Sloop, a file written with spaces,\n",
        # a space after a number or a colour, the row as long as its header
        "sloop,2, 1,#ffffff, Sloop,Sloop,fast\n",
    ):
        (fleet / CSV).write_text("id,count,cost,color,name.en,name.it,#notes\n" + notes, "utf-8")
        run = printgen(fleet, "validate", GAME)
        assert run.code == 0, run.err
        assert "moved one column on" not in run.err, run.err
    # a row whose values are wrong in their own right keeps every one of its errors
    (fleet / CSV).write_text(
        "id,count,color,cost,name.en,name.it,#notes\n"
        "sloop,2,#ffff,zero,Sloop,Sloop, check balance,\n",
        "utf-8",
    )
    assert [line.split(": ", 1)[0] for line in _problems(fleet)] == [f"{CSV}:2:3", f"{CSV}:2:4"]


def test_a_row_cut_early_is_one_line_for_its_one_comma(fleet: Path) -> None:
    """'Sl,oop' unquoted in name.en moved every later value on: three lines (cost, colour,
    weight), only the first saying to quote the text. One line says it."""
    (fleet / CSV).write_text(
        "id,count,name.en,name.it,cost,color,weight,#notes\n"
        "sloop,3,Sl,oop,Sloop,1,#1f5f8b,2.5,\n"
        "cog,1,Cog,Cocca,2,#000000,4,\n",
        encoding="utf-8",
    )
    assert _problems(fleet) == [
        f"{CSV}:2:5: card 'sloop' cost must be a whole number, not 'Sloop'; this row has more "
        "cells than the header row, so its values may have moved one column on (the row has 9 "
        'cells, the header names 8); a text holding a comma must be in double quotes: "Gain 1, '
        'then draw"'
    ]


@pytest.mark.parametrize(
    "rows",
    [
        "sloop,2,Sloop,Sloop,1,#ffffff,\ncog,1,Cog,Cocca,2,#000000,\n",  # every row
        "sloop,2,Sloop,Sloop,1,#ffffff,\ncog,1,Cog,Cocca,2,#000000\nbrig,1,B,B,3,#000000\n",
    ],
)
def test_rows_ending_with_a_separator_and_nothing_wrong_are_read(fleet: Path, rows: str) -> None:
    """A sheet written by hand with a separator closing every row (or one row) has an empty
    cell past the header there: its values are all in place, and every card is read."""
    (fleet / CSV).write_text(HEADER + rows, encoding="utf-8")
    assert list(_ships(_load(fleet)))[:2] == ["sloop", "cog"]


def test_a_languages_column_misspelt_is_not_offered_the_field_renamed(fleet: Path) -> None:
    # "or that field to 'name_it'": renaming the field 'name' would lose the other language
    (fleet / CSV).write_text("id,count,name.en,name_it\n", encoding="utf-8")
    assert _problems(fleet)[0] == f"{CSV}:1:4: unknown column 'name_it'; did you mean 'name.it'?"


def test_a_bad_count_is_said_with_the_rows_other_mistakes(fleet: Path) -> None:
    """It hid them until it was fixed: one run per mistake."""
    (fleet / CSV).write_text(HEADER + "sloop,two,Sloop,Sloop,cheap,#ffffff\n", encoding="utf-8")
    assert _problems(fleet) == [
        f"{CSV}:2:2: count of card 'sloop' must be a whole number of copies, 1 or more, not 'two'",
        f"{CSV}:2:5: card 'sloop' cost must be a whole number, not 'cheap'",
    ]


def test_an_unknown_column_is_said_with_the_rows_mistakes(fleet: Path) -> None:
    """A designer's 'remarks' column hid every bad number and colour of the rows, one run per
    mistake; its cells are left out, the other columns' still read and checked."""
    (fleet / CSV).write_text(
        HEADER.replace("\n", ",remarks\n") + "sloop,2,Sloop,Sloop,cheap,#ffffff,fast\n",
        encoding="utf-8",
    )
    assert _problems(fleet) == [
        f"{CSV}:1:7: unknown column 'remarks'; declare it under 'fields:' in the deck file, or "
        "name it '#remarks' to keep it as notes of your own (never read)",
        f"{CSV}:2:5: card 'sloop' cost must be a whole number, not 'cheap'",
    ]
    # a field's column misspelt: said once at the header, not again as the field's no column
    (fleet / CSV).write_text(
        "id,count,name.en,name.it,cots,color\nsloop,2,Sloop,Sloop,1,red\n", encoding="utf-8"
    )
    assert _problems(fleet) == [
        f"{CSV}:1:5: unknown column 'cots'; did you mean 'cost'? (the deck file's fields: "
        "declare 'cost': rename the column, or that field to 'cots')",
        f"{CSV}:2:6: card 'sloop' color must be a colour like \"#a83232\", not 'red'; for red "
        "write #ff0000",
    ]


def test_a_column_named_with_a_hash_is_the_designers_notes(fleet: Path) -> None:
    """Designers keep notes beside their cards ('#notes', '# playtest'): never read, whatever
    the cells hold (a value that is no field's type, a comma-free text past the last field),
    while the other columns' values are still read and checked."""
    (fleet / CSV).write_text(
        "#notes,"
        + HEADER.replace("\n", ",# playtest 2\n")
        + "too strong?,sloop,2,Sloop,Sloop,1,#ffffff,nerfed\n"
        + ",galleon,1,Galleon,Galeone,x,#000000,\n",
        encoding="utf-8",
    )
    assert _problems(fleet) == [f"{CSV}:3:6: card 'galleon' cost must be a whole number, not 'x'"]
    (fleet / CSV).write_text(
        HEADER.replace("\n", ",#notes\n") + "sloop,2,Sloop,Sloop,1,#ffffff,cheap\n",
        encoding="utf-8",
    )
    sloop = _ships(_load(fleet))["sloop"]
    assert sloop.fields == {
        "name": {"en": "Sloop", "it": "Sloop"},
        "cost": 1,
        "color": "#ffffff",
    }


def test_a_csv_that_is_not_utf8_names_its_line_and_column(fleet: Path) -> None:
    # the column was 1 whatever the line held before the first byte that is not UTF-8
    tail = "file is not UTF-8 text; save it as 'CSV UTF-8' from the spreadsheet program"
    (fleet / CSV).write_bytes(b"id,count,name\nsloop,1,Sloop\nnave,1,Caf\xe8\n")
    assert _problems(fleet) == [f"{CSV}:3:11: {tail}"]
    # characters counted, not bytes ('€' is three); a byte-order mark moves no line
    (fleet / CSV).write_bytes(b"\xef\xbb\xbfid,count,name\r\n\nl\xe2\x82\xac,1,\xe8\r\n")
    assert _problems(fleet) == [f"{CSV}:3:6: {tail}"]
    (fleet / CSV).write_bytes(b"id,count,name\rsloop,1,S\xe8")  # an old Mac's lines
    assert _problems(fleet) == [f"{CSV}:2:10: {tail}"]


@pytest.mark.parametrize(
    ("cards_from", "message"),
    [
        ("../../../../secret.csv", "leaves the project folder"),
        ("ships.txt", "must be a .csv (UTF-8) or .xlsx file"),
        ("missing.csv", "cards/fleet/decks/missing.csv not found"),
        ("ships.csv#Sheet1", "only a .xlsx file has sheets"),
        # the first sheet was read, silently, as though no '#' were written
        ("ships.xlsx#", "names no sheet after '#'; write its name, or leave '#' out"),
    ],
)
def test_cards_from_names_a_file_next_to_the_deck(
    fleet: Path, cards_from: str, message: str
) -> None:
    (fleet / DECK).write_text(_deck(cards_from), encoding="utf-8")
    (problem,) = _problems(fleet)
    assert problem.startswith(f"{DECK}:4:13: ") and message in problem


def test_a_sheet_named_a_letter_off_suggests_the_one_beside_the_deck(fleet: Path) -> None:
    """'cards_from: ship.csv' beside ships.csv said only 'not found; put the file next to the
    deck', where it was."""
    (fleet / CSV).write_text(HEADER + "sloop,3,Sloop,Sloop,1,#1f5f8b\n", encoding="utf-8")
    (fleet / DECK).write_text(_deck("ship.csv"), encoding="utf-8")
    assert _problems(fleet) == [
        f"{DECK}:4:13: cards_from: cards/fleet/decks/ship.csv not found; did you mean 'ships.csv'?"
    ]


def test_a_sheet_saved_with_its_ending_in_capitals_is_suggested(fleet: Path) -> None:
    """'cards_from: ships.csv' beside ships.CSV (as some programs save it) said only 'not
    found; put the file next to the deck': only files ending in .csv were looked at."""
    (fleet / "cards/fleet/decks/ships.CSV").write_text(
        HEADER + "sloop,3,Sloop,Sloop,1,#1f5f8b\n", encoding="utf-8"
    )
    (fleet / DECK).write_text(_deck("ships.csv"), encoding="utf-8")
    assert _problems(fleet) == [
        f"{DECK}:4:13: cards_from: cards/fleet/decks/ships.csv not found; did you mean 'ships.CSV'?"
    ]


def test_a_missing_sheet_in_a_folder_that_cannot_be_listed_is_only_not_found(
    fleet: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder that can be entered but not read (chmod 311) ended validate in an internal
    error, exit 1, while looking for a sheet named like the missing one."""
    folder = fleet / "cards/fleet/decks/data"
    folder.mkdir()
    unlistable(monkeypatch, folder)
    (fleet / DECK).write_text(_deck("data/ships.csv"), encoding="utf-8")
    assert _problems(fleet) == [
        f"{DECK}:4:13: cards_from: cards/fleet/decks/data/ships.csv not found; "
        "put the file next to the deck"
    ]


def test_excels_lock_file_is_never_the_sheet_suggested(fleet: Path) -> None:
    """With ships.xlsx open in Excel and moved away, 'cards_from: ships.xlsx' suggested the
    lock file Excel keeps beside it, '~$ships.xlsx', which printgen never reads."""
    (fleet / "cards/fleet/decks/~$ships.xlsx").write_bytes(b"\x05owner")
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _problems(fleet) == [
        f"{DECK}:4:13: cards_from: cards/fleet/decks/ships.xlsx not found; "
        "put the file next to the deck"
    ]


def test_a_sheet_full_of_mistakes_stops_after_a_screenful(fleet: Path) -> None:
    rows = "".join(f"ship{i},{i + 1},S,S,x,#ffffff\n" for i in range(200))
    (fleet / CSV).write_text(HEADER + rows, encoding="utf-8")
    problems = _problems(fleet)
    assert len(problems) == 31
    assert problems[-1] == f"{CSV}:32:1: stopped reading {CSV} after 30 problems; fix those first"


def test_a_header_full_of_unknown_columns_stops_after_a_screenful(fleet: Path) -> None:
    header = "id,count," + ",".join(f"extra{i}" for i in range(490)) + "\n"
    (fleet / CSV).write_text(header + "brig,1\n", encoding="utf-8")
    problems = _problems(fleet)
    assert len(problems) == 31  # not 490 lines
    assert problems[-1] == (
        f"{CSV}:1:33: stopped reading the header of {CSV} after 30 problems; fix those first"
    )


def test_ten_thousand_rows_load(fleet: Path) -> None:
    rows = "".join(f"ship-{i},1,Ship {i},Nave {i},{i % 7},#1f5f8b\n" for i in range(10_000))
    (fleet / CSV).write_text(HEADER + rows, encoding="utf-8")
    ships = _ships(_load(fleet))
    assert len(ships) == 10_000
    assert ships["ship-9999"].fields["cost"] == 9999 % 7
    assert str(ships["ship-9999"].where) == f"{CSV}:10001:1"


def test_a_sheet_too_large_for_a_card_list_is_refused(
    fleet: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from printgen.source import tables

    monkeypatch.setattr(tables, "MAX_ROWS", 5)
    rows = [f"ship-{i},1,S,S,1,#ffffff\n" for i in range(10)]
    (fleet / CSV).write_text(HEADER + "".join(rows[:5]), encoding="utf-8")
    assert len(_load(fleet).decks[-1].cards) == 5  # the limit's own number, below the header
    (fleet / CSV).write_text(HEADER + "".join(rows), encoding="utf-8")
    (problem,) = _problems(fleet)
    assert problem.startswith(f"{CSV}:7:1: a card sheet may have at most 5 rows below its header")
    monkeypatch.setattr(tables, "MAX_BYTES", 100)
    (problem,) = _problems(fleet)
    assert problem.startswith(
        f"{DECK}:4:13: cards_from: {CSV} is 266 bytes, over the limit of 100 bytes"
    )


def test_empty_rows_and_columns_past_a_csvs_limits_are_passed_over(
    fleet: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As in a workbook, only a value past the limits is refused: 100,000 empty lines (or
    ",,,,," ones, a sheet's formatted rows exported) after one card were 'at most 100,000 rows',
    said at an empty line."""
    from printgen.source import tables

    monkeypatch.setattr(tables, "MAX_ROWS", 5)
    monkeypatch.setattr(tables, "MAX_COLUMNS", 8)
    card = "sloop,1,S,S,1,#ffffff"
    (fleet / CSV).write_text(HEADER + card + ",,,,,\n" + ",,,,,,,,,,\n" * 6 + "\n" * 6, "utf-8")
    assert list(_ships(_load(fleet))) == ["sloop"]
    (fleet / CSV).write_text(HEADER + card + "\n" + "\n" * 6 + ",,,x\n", "utf-8")
    (problem,) = _problems(fleet)
    assert problem.startswith(f"{CSV}:9:1: a card sheet may have at most 5 rows below its header")
    (fleet / CSV).write_text(HEADER + card + ",,,,x\n", "utf-8")
    (problem,) = _problems(fleet)
    assert problem.startswith(f"{CSV}:2:1: a card sheet may have at most 5 rows below its header")


def test_a_csv_of_one_huge_line_is_refused_in_little_more_memory_than_its_size(
    fleet: Path,
) -> None:
    # read through a StringIO of its text (four bytes a character) beside its bytes, a 16 MB
    # line took 112 MB to be refused: about 500 MB for one at the 64 MB limit
    import tracemalloc

    (fleet / CSV).write_bytes(b"id,count\n" + b"a" * (16 * 2**20))
    tracemalloc.start()
    try:
        (problem,) = _problems(fleet)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert problem.startswith(f"{CSV}:2:1: a cell of this row holds more than 131,072 characters")
    assert peak < 40 * 2**20
    # an old Mac's lines (Excel 2011's "CSV (Macintosh)") end with \r alone: still rows
    (fleet / CSV).write_bytes(b'id,count,name\rsloop,3,"Sloop\rof war"\rcog,1,Cog')
    ships = _ships(_load(fleet))
    assert [(id, str(card.where)) for id, card in ships.items()] == [
        ("sloop", f"{CSV}:2:1"),
        ("cog", f"{CSV}:4:1"),
    ]
    assert ships["sloop"].fields["name"] == "Sloop\nof war"


def test_a_pipe_or_a_folder_in_place_of_the_sheet_is_named_as_such(fleet: Path) -> None:
    import os

    os.mkfifo(fleet / CSV)  # opened, a pipe would wait for a writer for ever
    (problem,) = _problems(fleet)
    assert problem.startswith(f"{DECK}:4:13: cards_from: {CSV} is not a regular file")
    (fleet / CSV).unlink()
    (fleet / CSV).mkdir()
    (problem,) = _problems(fleet)
    assert problem.startswith(f"{DECK}:4:13: cards_from: {CSV} is a folder, not a file")


def test_a_workbook_that_unpacks_huge_or_declares_entities_is_refused(fleet: Path) -> None:
    import zipfile

    book = fleet / "cards/fleet/decks/ships.xlsx"
    _workbook(book, {"Fleet": [["id", "count"], ["a", 1]]})
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    # a cell of 100 MB of one letter: 100 KB on disk, 100 MB (and far more in openpyxl) read
    with zipfile.ZipFile(book, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/huge.xml", b"a" * (100 * 1024 * 1024))
    (problem,) = _problems(fleet)
    assert problem.startswith(f"{DECK}:4:13: cards/fleet/decks/ships.xlsx is not a workbook")
    assert "unpacks to over 64 MB" in problem
    # the sheet's XML naming an entity it never declared (an XML bomb's entities read alike)
    _workbook(book, {"Fleet": [["id", "count"], ["a", 1]]})
    with zipfile.ZipFile(book) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = next(name for name in parts if name.startswith("xl/worksheets/"))
    assert b">a<" in parts[sheet]
    parts[sheet] = parts[sheet].replace(b">a<", b">&e;<", 1)
    with zipfile.ZipFile(book, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    (problem,) = _problems(fleet)
    assert problem.startswith(
        f"{DECK}:4:13: cards/fleet/decks/ships.xlsx cannot be read as an Excel workbook"
    )


def _shared(path: Path, unused: int) -> None:
    """The workbook's texts moved to a table of shared strings, as Excel writes them (openpyxl
    writes each in its cell), and ``unused`` more texts there that no cell holds."""
    import re
    import zipfile

    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    texts: list[bytes] = []

    def shared(cell: re.Match[bytes]) -> bytes:
        texts.append(cell[2])
        return b'<c r="%s" t="s"><v>%d</v></c>' % (cell[1], len(texts) - 1)

    sheet = "xl/worksheets/sheet1.xml"
    inline = rb'<c r="([A-Z]+[0-9]+)" t="inlineStr"><is><t>([^<]*)</t></is></c>'
    parts[sheet] = re.sub(inline, shared, parts[sheet])
    parts["xl/sharedStrings.xml"] = (
        b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        + b"".join(b"<si><t>%s</t></si>" % text for text in texts)
        + b"<si><t>x</t></si>" * unused
        + b"</sst>"
    )
    kind = b"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
    override = b'<Override PartName="/xl/sharedStrings.xml" ContentType="%s"/>' % kind
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", override + b"</Types>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_a_workbooks_table_of_texts_is_counted_before_it_is_read(
    fleet: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # openpyxl reads the whole table first: 3.5 million texts no cell used (150 KB on disk,
    # 56 MB unpacked, under that limit) took over a minute and 450 MB before a card was read
    from printgen.source import workbook

    book = fleet / "cards/fleet/decks/ships.xlsx"
    rows: list[list[Any]] = [["id", "count", "name"], ["brig", 1, "Brig"], ["cog", 2, "Cog"]]
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    _workbook(book, {"Fleet": rows})
    _shared(book, 0)
    assert list(_ships(_load(fleet))) == ["brig", "cog"]  # as Excel saves it: read
    _workbook(book, {"Fleet": rows})
    _shared(book, 3_500_000)
    (problem,) = _problems(fleet)
    assert problem == (
        f"{DECK}:4:13: cards/fleet/decks/ships.xlsx holds over 1,000,000 shared texts (its "
        "table of the texts its cells hold), the limit for a workbook; save the cards' sheet "
        "alone, or as CSV UTF-8"
    )
    # fewer, yet far more than its cells hold: a table no program that saves it keeps
    _workbook(book, {"Fleet": rows})
    _shared(book, 20_000)
    (problem,) = _problems(fleet)
    assert problem.startswith(
        f"{DECK}:4:13: cards/fleet/decks/ships.xlsx holds 20,007 shared texts (its table of "
        "the texts its cells hold) for 7 cells of text: a workbook may hold at most twice as many"
    )
    # counted across the megabytes it is read by: a tag cut in two counts once
    monkeypatch.setattr(workbook, "_CHUNK", 7)
    assert workbook.shared_strings(book) == (20_007, 7)


def test_a_workbooks_pictures_are_not_counted_as_texts(fleet: Path) -> None:
    # only its XML parts hold texts and cells: a picture (here one whose bytes happen to hold
    # '<si>' a million times over) is neither read through nor counted
    import zipfile

    book = fleet / "cards/fleet/decks/ships.xlsx"
    rows: list[list[Any]] = [["id", "count", "name"], ["brig", 1, "Brig"], ["cog", 2, "Cog"]]
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    _workbook(book, {"Fleet": rows})
    with zipfile.ZipFile(book, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/image1.png", b"\x89PNG\r\n\x1a\n" + b"<si>" * 1_100_000)
    assert list(_ships(_load(fleet))) == ["brig", "cog"]


def test_a_workbook_declaring_too_small_a_size_is_read_whole(fleet: Path) -> None:
    # openpyxl stops at the size a sheet declares: a program writing <dimension ref="A1"/>
    # had every card past row 1 and every column past A dropped, without a word
    import re
    import zipfile

    book = fleet / "cards/fleet/decks/ships.xlsx"
    rows: list[list[Any]] = [["id", "count", "name"], ["brig", 1, "Brig"], ["cog", 2, "Cog"]]
    _workbook(book, {"Fleet": rows})
    with zipfile.ZipFile(book) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = next(name for name in parts if name.startswith("xl/worksheets/"))
    parts[sheet], found = re.subn(
        rb'<dimension ref="[^"]*"', b'<dimension ref="A1:B2"', parts[sheet]
    )
    assert found == 1
    with zipfile.ZipFile(book, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    ships = _ships(_load(fleet))
    assert {id: (card.count, card.fields) for id, card in ships.items()} == {
        "brig": (1, {"name": "Brig"}),
        "cog": (2, {"name": "Cog"}),
    }


def test_a_count_of_thousands_of_digits_is_a_count_error(fleet: Path) -> None:
    """A whole number too long to read is over the limit, as a workbook's 1E300 is: it was
    said to be no whole number ("must be a whole number of copies, 1 or more, not '999…'")."""
    (fleet / CSV).write_text(HEADER + f"sloop,{'9' * 5000},S,S,1,#ffffff\n", encoding="utf-8")
    (problem,) = _problems(fleet)
    assert problem == (
        f"{CSV}:2:2: count of card 'sloop' is a number of more than 30 digits, over 100,000 "
        "(the limit for one deck)"
    )


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        (
            "sloop,1000000000000000000000,S,S,1,#ffffff",
            "2:2: count of card 'sloop' is 1,000,000,000,000,000,000,000, over 100,000 (the "
            "limit for one deck)",
        ),
        (
            "sloop,-1000000000000000000000,S,S,1,#ffffff",
            "2:2: count of card 'sloop' must be a whole number of copies, 1 or more, not "
            "'-1000000000000000000000'",
        ),
        (
            "sloop,1,S,S,99999999999999999999999,#ffffff",
            "2:5: card 'sloop' cost is 99,999,999,999,999,999,999,999; write a number nearer 0",
        ),
        (  # its sign kept: it was said as the positive number
            "sloop,1,S,S,-99999999999999999999999,#ffffff",
            "2:5: card 'sloop' cost is -99,999,999,999,999,999,999,999; write a number nearer 0",
        ),
    ],
)
def test_a_whole_number_too_long_to_read_is_said_as_too_large(
    fleet: Path, row: str, expected: str
) -> None:
    (fleet / CSV).write_text(f"{HEADER}{row}\n", encoding="utf-8")
    assert _problems(fleet) == [f"{CSV}:{expected}"]


def _patched(path: Path, old: str, new: str) -> None:
    """Edit a saved workbook's first sheet as another program could have written it."""
    import zipfile

    with zipfile.ZipFile(path) as book:
        parts = {name: book.read(name) for name in book.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    assert old.encode() in parts[sheet]
    parts[sheet] = parts[sheet].replace(old.encode(), new.encode())
    with zipfile.ZipFile(path, "w") as book:
        for name, data in parts.items():
            book.writestr(name, data)


def test_a_workbook_number_too_large_for_a_card_is_an_error_at_its_cell(fleet: Path) -> None:
    """1E999 is infinity once read, and a count of 1E300 a 301-digit number: each is said at
    its cell as too large, as in a CSV, and in a line of reasonable length (it was "must be a
    number, not 'inf'", "must be a whole number", and a note kept the text '-inf')."""
    book = fleet / "cards/fleet/decks/ships.xlsx"
    rows: list[list[Any]] = [
        ["id", "count", "name", "weight", "note", "cost"],
        ["brig", 1, "Brig", 12345.5, 67890.5, 1],
        ["cog", 24680, "Cog", 1, 1, 13579],
    ]
    _workbook(book, {"Fleet": rows})
    _patched(book, "12345.5", "1E999")
    _patched(book, "67890.5", "-1E999")
    _patched(book, "24680", "1E300")
    _patched(book, "13579", "1E400")
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    where = "cards/fleet/decks/ships.xlsx#Fleet"
    assert _problems(fleet) == [
        f"{where}!D2: card 'brig' weight is a number too large to read (of more than 308 "
        "digits); write a number nearer 0",
        f"{where}!E2: card 'brig' note is a number too large to read (of more than 308 digits, "
        "below 0); write a number nearer 0",
        f"{where}!B3: count of card 'cog' is a number of more than 30 digits, over 100,000 "
        "(the limit for one deck)",
        f"{where}!F3: card 'cog' cost is a number of more than 30 digits; write a number nearer 0",
    ]


def test_a_workbook_cell_whose_number_is_none_is_said_at_the_cell(fleet: Path) -> None:
    """A number cell holding NaN (a truth value holding TRUE) as another program may write it:
    openpyxl fails for the whole workbook, and "cannot be read as an Excel workbook
    (ValueError)" named no cell to fix."""
    book = fleet / "cards/fleet/decks/ships.xlsx"
    rows: list[list[Any]] = [
        ["id", "count", "name", "weight", "note"],
        ["brig", 1, "Brig", 12345.5, True],
        ["cog", 2, "Cog", 67890.5, 1],
    ]
    _workbook(book, {"Fleet": rows})
    _patched(book, "67890.5", "NaN")
    _patched(book, 't="b"><v>1</v>', 't="b"><v>TRUE</v>')
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    where = "cards/fleet/decks/ships.xlsx#Fleet"
    assert _problems(fleet) == [
        f"{where}!E2: the cell holds 'TRUE', which the workbook says is a truth value but is "
        "none; type its value again in Excel or LibreOffice and save, or clear the cell",
        f"{where}!D3: the cell holds 'NaN', which the workbook says is a number but is none; "
        "type its value again in Excel or LibreOffice and save, or clear the cell",
    ]


def test_a_whole_number_written_with_an_exponent_says_how_to_write_it(fleet: Path) -> None:
    """'1e9' is a whole number: "must be a whole number, not '1e9'" said it was none."""
    (fleet / CSV).write_text(
        f"{HEADER}sloop,1e3,S,S,1.5E+3,#ffffff\ncog,2,C,C,1e25,#ffffff\nbrig,2,B,B,1.5e0,#ffffff\n",
        encoding="utf-8",
    )
    assert _problems(fleet) == [
        f"{CSV}:2:2: count of card 'sloop' is '1e3', a whole number written with an exponent, "
        "which a count does not read; write it in digits: 1000",
        f"{CSV}:2:5: card 'sloop' cost is '1.5E+3', a whole number written with an exponent, "
        "which a whole-number field does not read; write it in digits: 1500",
        f"{CSV}:3:5: card 'cog' cost is 10,000,000,000,000,000,000,000,000; write a number "
        "nearer 0",
        f"{CSV}:4:5: card 'brig' cost must be a whole number, not '1.5e0'",
    ]


def test_a_declared_field_without_a_column_is_a_warning_once_at_the_header(
    fleet: Path, printgen: Any
) -> None:
    # `weight` and `playable` are declared under fields: but the sheet has no column for
    # them: every card would print them empty, so the designer hears of it, and the build
    # goes on
    (fleet / DECK).write_text(
        "name: Ships\nlayout: card-base\ncards_from: ships.csv\nfields: {name: text, "
        "cost: integer, weight: number, effect: text, icon: icon, color: color, tint: color, "
        "playable: text}\nback: none\n",
        encoding="utf-8",
    )
    header = "id,count,name.en,name.it,cost,effect,icon,color,tint"
    (fleet / CSV).write_text(
        f"{header}\nsloop,3,Sloop,Sloop,1,Sail.,coin,#1f5f8b,#ffffff\n", encoding="utf-8"
    )
    run = printgen(fleet, "validate", GAME)
    assert run.code == 0
    assert run.err.splitlines() == [
        f"{CSV}:1:1: warning: the deck declares field '{field}' but the header row has no "
        f"'{field}' column, so no card has one; add the column {column}, or remove '{field}' "
        "from 'fields:'"
        for field, column in (
            ("weight", "'weight'"),
            ("playable", "'playable.en' and 'playable.it' (or one 'playable' for every language)"),
        )
    ]  # once, though the game has two languages

    (fleet / CSV).write_text(
        f"{header},weight,playable\nsloop,3,Sloop,Sloop,1,Sail.,coin,#1f5f8b,#ffffff,,\n",
        encoding="utf-8",
    )  # a column present, even with its cells empty, is the designer's choice
    run = printgen(fleet, "validate", GAME)
    assert (run.code, run.err) == (0, "")


def test_a_sheet_without_a_name_column_is_said_once_at_its_header(
    fleet: Path, printgen: Any
) -> None:
    # the header's warning was followed by one "no name on card" a row, each saying again
    # what the header's had; a card of the deck's own cards: list, or a row whose name cell
    # is empty under a name column, is still said on its own
    (fleet / DECK).write_text(
        _deck("ships.csv", "cards:\n  - {id: raft, count: 1, cost: 0}\n"), encoding="utf-8"
    )
    rows = "".join(f"{ship},2,1\n" for ship in ("sloop", "brig", "cog"))
    (fleet / CSV).write_text(f"id,count,cost\n{rows}", encoding="utf-8")
    run = printgen(fleet, "validate", GAME)
    assert run.code == 0
    assert run.err.splitlines() == [
        f"{CSV}:1:1: warning: the deck declares field 'name' but the header row has no 'name' "
        "column, so no card has a name: none prints, and the rulebook, the aid and cards.json "
        "use the cards' ids instead; add the column 'name.en' and 'name.it' (or one 'name' "
        "for every language)",
        f"{CSV}:1:1: warning: the deck declares field 'weight' but the header row has no "
        "'weight' column, so no card has one; add the column 'weight', or remove 'weight' "
        "from 'fields:'",
        f"{CSV}:1:1: warning: the deck declares field 'color' but the header row has no "
        "'color' column, so no card has one; add the column 'color', or remove 'color' from "
        "'fields:'",
        f"{CSV}:1:1: warning: the deck declares field 'note' but the header row has no 'note' "
        "column, so no card has one; add the column 'note', or remove 'note' from 'fields:'",
        f"{DECK}:6:5: warning: no name on card 'raft': none prints there, and the rulebook, "
        "the aid and cards.json use its id instead; give it a name (deck 'ships' declares "
        "'name')",
    ]
    empty = "".join(f"{ship},2,1,\n" for ship in ("sloop", "brig", "cog"))
    (fleet / CSV).write_text(f"id,count,cost,name\n{empty}", encoding="utf-8")
    named = printgen(fleet, "validate", GAME).err
    assert f"{CSV}:2:1: warning: no name on card 'sloop'" in named


def test_a_column_named_in_other_case_gets_its_name(fleet: Path) -> None:
    (fleet / CSV).write_text("ID,count,name.en,name.it\nsloop,3,Sloop,Sloop\n", encoding="utf-8")
    problems = _problems(fleet)
    assert f"{CSV}:1:1: unknown column 'ID'; did you mean 'id'?" in problems, problems


def test_a_deck_without_a_name_field_is_a_warning(fleet: Path) -> None:
    # a designer's coins deck printed "coin-1 × 20" in the rulebook without a word
    (fleet / DECK).write_text(
        "name: Ships\nlayout: card-base\nfields: {cost: integer}\n"
        "cards:\n  - {id: sloop, count: 2, cost: 1}\nback: none\n",
        encoding="utf-8",
    )
    game = load_game(Project.at(fleet), GAME)
    assert [str(w) for w in game.notices] == [
        f"{DECK}:3:9: warning: deck 'ships' has no 'name' field: the rulebook, the aid and "
        "cards.json name its cards by their ids; declare 'name: text' under fields: and give "
        "each card a name"
    ]


def test_merged_cells_of_a_workbook_are_said(fleet: Path) -> None:
    # the second card of a merged name read as empty: it printed without one, validate ok
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (["id", "count", "name"], ["galleon", 1, "Galleon"], ["sloop", 1, None]):
        sheet.append(row)
    sheet.merge_cells("C2:C3")
    book.save(fleet / "cards/fleet/decks/ships.xlsx")
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _problems(fleet) == [
        f"cards/fleet/decks/ships.xlsx#{sheet.title}!C2: cells C2:C3 are merged: a merged cell "
        "is read as empty past its first; unmerge them and write the value in each"
    ]


def test_a_merged_header_is_said_once(fleet: Path, printgen: Callable[..., Run]) -> None:
    # name.en merged over name.it's header cell: the merge was said, and then "missing
    # translation: no column 'name.it'" at the same cell, a second line for one mistake
    rows: list[list[Any]] = [
        ["id", "count", "name.en", "name.it"],
        ["brig", 1, "Brig", "Brigantino"],
    ]
    _merged_workbook(fleet / "cards/fleet/decks/ships.xlsx", rows, "C1:D1")
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    run = printgen(fleet, "validate", GAME)
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/fleet/decks/ships.xlsx#Fleet!C1: cells C1:D1 are merged: a merged cell is read "
        "as empty past its first; unmerge them and write the value in each"
    ]


def test_a_merged_header_still_says_the_header_s_other_mistakes(
    fleet: Path, printgen: Callable[..., Run]
) -> None:
    # the merge stopped the header's check: a misspelt column beside it waited for a second run
    rows: list[list[Any]] = [
        ["id", "count", "naem", "name.en", "name.it"],
        ["brig", 1, "x", "Brig", "Brigantino"],
    ]
    _merged_workbook(fleet / "cards/fleet/decks/ships.xlsx", rows, "D1:E1")
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    run = printgen(fleet, "validate", GAME)
    assert run.code == 2
    said = [line.partition(": ")[0] for line in run.err.splitlines()]
    assert said == [
        "cards/fleet/decks/ships.xlsx#Fleet!D1",  # the merge, said as the sheet is read
        "cards/fleet/decks/ships.xlsx#Fleet!C1",
    ]
    assert "unknown column 'naem'" in run.err.splitlines()[1], run.err


def test_an_error_or_date_cell_of_a_workbook_is_said_at_the_cell(fleet: Path) -> None:
    # a card printed "#DIV/0!" and "2024-01-01 00:00:00", and validate said ok
    import datetime

    rows: list[list[Any]] = [
        ["id", "count", "name"],
        ["brig", 1, "#DIV/0!"],  # openpyxl stores it as an error cell, as Excel does
        ["cog", 1, datetime.date(2024, 1, 1)],
    ]
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": rows})
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    assert _problems(fleet) == [
        "cards/fleet/decks/ships.xlsx#Fleet!C2: the cell holds the spreadsheet error #DIV/0!; "
        "correct its formula",
        "cards/fleet/decks/ships.xlsx#Fleet!C3: the cell holds a date or time, which a card "
        "would print as '2024-01-01 00:00:00'; format the cell as text, or write the text",
    ]


def test_a_formatted_cell_far_below_does_not_make_the_sheet_huge(fleet: Path) -> None:
    # a bold empty cell at XFD1048576: the sheet was read row by row to the 100,000-row limit
    # (4.5 s) and refused; it ends after its last 10,000 empty rows
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (["id", "count", "name"], ["galleon", 1, "Galleon"]):
        sheet.append(row)
    sheet["XFD1048576"].font = openpyxl.styles.Font(bold=True)
    book.save(fleet / "cards/fleet/decks/ships.xlsx")
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert list(_ships(_load(fleet))) == ["galleon"]


XLSX = "cards/fleet/decks/ships.xlsx"
_FLEET: list[list[Any]] = [
    ["id", "count", "name", "cost"],
    ["galleon", 1, "Galleon", 3],
    ["sloop", 2, "Sloop", 1],
]


@pytest.mark.parametrize(("cell", "value"), [("SG1", "wide"), ("WB2", "lost"), ("XFD3", "x")])
def test_a_workbook_value_past_the_last_column_is_an_error_at_its_cell(
    fleet: Path, cell: str, value: str
) -> None:
    # past column SF (500) a header or a card's value was dropped without a word, exit 0
    _workbook(fleet / XLSX, {"Fleet": _FLEET})
    book = openpyxl.load_workbook(fleet / XLSX)
    book["Fleet"][cell] = value
    book.save(fleet / XLSX)
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    assert _problems(fleet) == [
        f"{XLSX}#Fleet!{cell}: this cell holds a value past column SF, the last of the 500 a "
        "card sheet may have, and printgen would not read it; delete it, or move its column "
        "within the first 500"
    ]


def test_a_workbook_value_at_its_last_cell_is_refused_without_reading_every_row(
    fleet: Path,
) -> None:
    # a value at XFD1048576 (the sheet's last cell): said there, in well under a second
    import time

    _workbook(fleet / XLSX, {"Fleet": _FLEET})
    book = openpyxl.load_workbook(fleet / XLSX)
    book["Fleet"]["XFD1048576"] = "stray"
    book.save(fleet / XLSX)
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    started = time.perf_counter()
    (problem,) = _problems(fleet)
    assert time.perf_counter() - started < 2
    assert problem.startswith(f"{XLSX}#Fleet!XFD1048576: a card sheet may have at most 100,000")


def test_a_hidden_row_of_a_workbook_is_read_and_warned_of_at_the_row(fleet: Path) -> None:
    # a card hidden in Excel (cut from the game) printed, and validate said nothing
    _workbook(fleet / XLSX, {"Fleet": _FLEET})
    book = openpyxl.load_workbook(fleet / XLSX)
    book["Fleet"].row_dimensions[3].hidden = True
    book.save(fleet / XLSX)
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    game = _load(fleet)
    assert list(_ships(game)) == ["galleon", "sloop"]
    assert [str(p) for p in game.notices if "Fleet!A3" in str(p.where)] == [
        f"{XLSX}#Fleet!A3: warning: this row is hidden in Excel, but printgen reads it and "
        "prints its card; delete the row (or move it to another sheet) to leave the card out, "
        "or unhide it"
    ]


def test_a_hidden_column_of_a_workbook_is_read_and_warned_of_at_its_header(fleet: Path) -> None:
    # a column hidden in Excel (a field's old values, say) printed on every card, and validate
    # said nothing; a hidden column of the designer's notes is never read, so nothing is said
    _workbook(fleet / XLSX, {"Fleet": [[*row, "note"] for row in _FLEET]})
    book = openpyxl.load_workbook(fleet / XLSX)
    book["Fleet"]["E1"] = "# notes"
    book["Fleet"].column_dimensions["C"].hidden = True
    book["Fleet"].column_dimensions["E"].hidden = True
    book.save(fleet / XLSX)
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    game = _load(fleet)
    assert _ships(game)["galleon"].fields["name"] == "Galleon"
    assert [str(p) for p in game.notices if "hidden" in p.message] == [
        f"{XLSX}#Fleet!C1: warning: this column is hidden in Excel, but printgen reads it and "
        "prints its values on the cards; delete the column (or name it '#…', a column of notes "
        "printgen never reads) to leave it out, or unhide it"
    ]


def test_a_hidden_id_or_count_column_is_warned_of_without_advice_to_delete_it(
    fleet: Path,
) -> None:
    # hidden ids and counts were said to print on the cards, and to be deleted or renamed
    # '#…': neither prints, and either advice broke the deck
    _workbook(fleet / XLSX, {"Fleet": [[*row, "demo-card"] for row in _FLEET]})
    book = openpyxl.load_workbook(fleet / XLSX)
    book["Fleet"]["E1"] = "layout"
    for column in "ABE":
        book["Fleet"].column_dimensions[column].hidden = True
    book.save(fleet / XLSX)
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    game = _load(fleet)
    assert [str(p) for p in game.notices if "hidden" in p.message] == [
        f"{XLSX}#Fleet!{cell}1: warning: this column is hidden in Excel; printgen reads it (the "
        f"cards' {what}): unhide it so what you see is what prints"
        for cell, what in (("A", "ids"), ("B", "counts"), ("E", "layouts"))
    ]


def test_a_workbook_whose_first_sheet_is_hidden_is_read_from_its_first_shown(
    fleet: Path,
) -> None:
    # the hidden first sheet (last season's cards) was the one read, without a word
    _workbook(fleet / XLSX, {"Old": [*_FLEET[:2]], "Fleet": _FLEET})
    book = openpyxl.load_workbook(fleet / XLSX)
    book["Old"].sheet_state = "hidden"
    book.active = 1
    book.save(fleet / XLSX)
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    game = _load(fleet)
    assert list(_ships(game)) == ["galleon", "sloop"]
    assert [str(p) for p in game.notices if "hidden" in p.message] == [
        f"{DECK}:4:13: warning: {XLSX}: its first sheet 'Old' is hidden in Excel; printgen "
        "reads the first sheet shown, 'Fleet': name it in cards_from (ships.xlsx#Fleet) to say "
        "so, or #Old to read the hidden one"
    ]
    (fleet / DECK).write_text(_deck("ships.xlsx#Old"), encoding="utf-8")
    game = _load(fleet)
    assert list(_ships(game)) == ["galleon"]
    assert not [p for p in game.notices if "hidden" in p.message]


def test_a_column_in_a_language_the_game_does_not_declare_is_kept_unprinted(fleet: Path) -> None:
    # French taken out of the game (or not in it yet): the sheet keeps its column, a warning
    # says it is not printed, and nothing else is said of its cells (an empty one included)
    (fleet / CSV).write_text(
        "id,count,name.en,name.it,name.fr,cost\nsloop,2,Sloop,Sloop,Sloup,1\ncog,1,Cog,Cocca,,2\n",
        encoding="utf-8",
    )
    game = _load(fleet)
    # (the deck's other fields, without a column here, are warned of too)
    assert [str(p) for p in game.notices if "header row has no" not in p.message] == [
        f"{CSV}:1:5: warning: column 'name.fr' is not printed: the game declares only en, it; "
        "add 'fr' to languages in game.yaml to print it"
    ]
    ships = _ships(game)
    assert ships["sloop"].fields["name"] == {"en": "Sloop", "it": "Sloop"}
    assert ships["cog"].fields["name"] == {"en": "Cog", "it": "Cocca"}


def test_a_workbooks_cell_problems_and_its_cards_problems_are_said_in_one_run(
    fleet: Path,
) -> None:
    # a date in one row stopped the reading: the next rows' mistakes came one fix at a time
    import datetime

    rows: list[list[Any]] = [
        ["id", "count", "name", "cost", "color"],
        ["brig", 1, "Brig", datetime.date(2024, 1, 2), "#112233"],
        ["cog", 1, "Cog", 2, "#112233"],
        ["sloop", "many", "Sloop", 1, "#zzz"],
    ]
    path = fleet / "cards/fleet/decks/ships.xlsx"
    _merged_workbook(path, rows, "C3:E3")
    (fleet / DECK).write_text(_deck("ships.xlsx#Fleet"), encoding="utf-8")
    sheet = "cards/fleet/decks/ships.xlsx#Fleet"
    problems = _problems(fleet)
    assert problems[0].startswith(f"{sheet}!D2: the cell holds a date or time")
    assert problems[1].startswith(f"{sheet}!C3: cells C3:E3 are merged")
    assert problems[2:] == [
        f"{sheet}!B4: count of card 'sloop' must be a whole number of copies, 1 or more, not "
        "'many'",
        f"{sheet}!E4: card 'sloop' color must be a colour like \"#a83232\", not '#zzz'",
    ]


def test_a_card_id_with_an_accent_is_told_the_id_without_it(fleet: Path) -> None:
    # 'città' is lower-case letters to an Italian designer, who was told to write lower-case
    # letters; the sheet's row and the YAML card are both told the id to write
    (fleet / CSV).write_text(HEADER + "città,2,Town,Città,1,#ffffff\n", encoding="utf-8")
    main = fleet / "cards/fleet/decks/main.yaml"
    main.write_text(main.read_text(encoding="utf-8").replace("id: thief", "id: caffè"))
    said = _problems(fleet)
    rule = "must be lower-case letters a–z, digits, '-' or '_' (e.g. mage)"
    assert (
        f"{CSV}:2:1: id 'città' {rule}; write 'citta' (no accents: an id names the card's files)"
        in said
    )
    line = next(i for i, row in enumerate(main.read_text().splitlines(), 1) if "caffè" in row)
    assert (
        f"cards/fleet/decks/main.yaml:{line}:9: card id 'caffè' {rule}; write 'caffe'"
        in " ".join(said)
    )


def test_a_card_id_with_a_letter_of_its_own_is_told_it_in_plain_letters(fleet: Path) -> None:
    # œ, æ, ø, ł, đ, þ are no letter + accent: dropping what is not a–z made 'chœur' 'chur'
    rows = "concert-chœur,1,C,C,1,#ffffff\nsécurité-façade-cœur-ß,1,S,S,1,#ffffff\n"
    (fleet / CSV).write_text(HEADER + rows, encoding="utf-8")
    main = fleet / "cards/fleet/decks/main.yaml"
    main.write_text(main.read_text(encoding="utf-8").replace("id: thief", "id: Œuvre-æther-þing"))
    said = " ".join(_problems(fleet))
    assert (
        f"{CSV}:2:1: id 'concert-chœur' must be lower-case letters a–z, digits, '-' or '_' "
        "(e.g. mage); write 'concert-choeur' (no accents: an id names the card's files)" in said
    )
    assert "write 'securite-facade-coeur-ss' (no accents" in said
    assert "write 'oeuvre-aether-thing'" in said


def test_a_problem_met_alike_on_every_row_is_a_few_lines_and_a_count(
    fleet: Path, printgen: Callable[..., Run]
) -> None:
    # a check failing on every row of a 10,000-row sheet, or a text too long on each, printed
    # 10,000 lines: only a generate rule's cards, which share one line, were summarised
    rows = "".join(f"ship-{i},1,Ship {i},Nave {i},{i + 9},#1f5f8b\n" for i in range(40))
    (fleet / CSV).write_text(HEADER + rows, encoding="utf-8")
    (fleet / DECK).write_text(
        _deck("ships.csv", "cards:\n  - {id: raft, count: 1, name: Raft, cost: 0}\n"),
        encoding="utf-8",
    )
    game = fleet / "cards/fleet/game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace(
            "checks:\n",
            "checks:\n"
            '  - {id: dear, each: ships, assert: "{{ card.cost < 9 }}", message: too dear}\n'
            "  - id: named\n    each: ships\n"
            '    assert: "{{ card.cost < 30 }}"\n    message: "{{ card.name }} costs too much"\n',
        ),
        encoding="utf-8",
    )
    checked = printgen(fleet, "validate", GAME)
    assert checked.code == 2
    lines = checked.err.splitlines()
    assert [line for line in lines if "dear:" in line] == [
        *(f"{CSV}:{row}:1: dear: too dear" for row in range(2, 7)),
        f"{CSV}:7:1: dear: 35 more cards fail it too: "
        + ", ".join(f"'ship-{i}'" for i in range(5, 15))
        + " and 25 more (40 in all)",
    ], lines
    # each distinct problem is said on its own: the other check, its messages naming the card
    assert [line for line in lines if "named:" in line] == [
        *(f"{CSV}:{23 + i}:1: named: Ship {21 + i} costs too much" for i in range(5)),
        f"{CSV}:28:1: named: 14 more cards fail it too: "
        + ", ".join(f"'ship-{i}'" for i in range(26, 36))
        + " and 4 more (19 in all)",
    ], lines
    assert len([line for line in lines if "warning:" not in line]) == 12, lines
    # a text too long on every row (a print check, said once the checks hold)
    long = "Sail on. " * 300
    rows = "".join(f'ship-{i},1,Ship {i},Nave {i},1,#1f5f8b,"{long}"\n' for i in range(8))
    (fleet / CSV).write_text(HEADER.replace("color", "color,effect") + rows, encoding="utf-8")
    (fleet / DECK).write_text(
        _deck("ships.csv").replace("note: any", "note: any, effect: text"), encoding="utf-8"
    )
    checked = printgen(fleet, "validate", GAME, "--lang", "en")
    lines = [line for line in checked.err.splitlines() if "does not fit box" in line]
    assert [line.split(" does not fit")[0] for line in lines] == [
        *(f"{CSV}:{i + 2}:7: text of card 'ship-{i}'" for i in range(5)),
        f"{CSV}:7:7: text of 3 more cards ('ship-5', 'ship-6', 'ship-7'; 8 in all)",
    ], lines


def test_a_workbook_cell_is_in_its_sheet() -> None:
    from printgen.problems import Where, file_of

    assert file_of(Where("cards/g/decks/s.xlsx#Fleet!AB12", 0, 0)) == "cards/g/decks/s.xlsx#Fleet"
    assert file_of(Where("cards/g/decks/s.csv", 3, 4)) == "cards/g/decks/s.csv"


def test_xlsx_rows_past_the_size_the_sheet_states_are_read(fleet: Path) -> None:
    # a workbook whose <dimension> says A1:D2 (left so by the script that wrote it) gave one
    # card of three, and said nothing of the others
    import zipfile

    rows: list[list[Any]] = [["id", "count", "name", "cost"]]
    rows += [[ship, 1, ship.title(), 1] for ship in ("brig", "cog", "sloop")]
    book = fleet / "cards/fleet/decks/ships.xlsx"
    _workbook(book, {"Fleet": rows})
    with zipfile.ZipFile(book) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = parts[sheet].replace(b'<dimension ref="A1:D4"/>', b'<dimension ref="A1:D2"/>')
    with zipfile.ZipFile(book, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert list(_ships(_load(fleet))) == ["brig", "cog", "sloop"]


def test_a_soft_hyphen_typed_as_an_escape_in_a_cell_says_to_type_it(
    fleet: Path, printgen: Callable[..., Run]
) -> None:
    """'Dampf\\u00adschiff' in a cell printed its six characters; the warning said to write the
    text in double quotes, which a spreadsheet cannot."""
    (fleet / CSV).write_text(
        HEADER + "sloop,3,Dampf\\u00adschiff,Sloop,1,#1f5f8b\n", encoding="utf-8"
    )
    run = printgen(fleet, "validate", GAME)
    assert run.code == 0
    assert run.err.splitlines()[-1] == (
        f"{CSV}:2:3: warning: '\\u00ad' prints as its 6 characters: a spreadsheet reads no "
        "\\u…: type the character itself"
    ), run.err


@pytest.mark.parametrize(
    ("cards_from", "cell"),
    [
        ("ships.csv", "ships.csv:{row}:3"),
        ("ships.xlsx", "ships.xlsx#Güter!C{row}"),  # its first sheet
        ("ships.xlsx#Güter", "ships.xlsx#Güter!C{row}"),
        ("ships.xlsx#güter", "ships.xlsx#Güter!C{row}"),  # named in another case
    ],
)
def test_a_cells_soft_hyphen_advice_is_a_spreadsheets_in_every_form_of_cards_from(
    fleet: Path, printgen: Callable[..., Run], cards_from: str, cell: str
) -> None:
    """A workbook's sheet named after '#' was told YAML's double quotes, for an escape typed in
    a cell and for a word too wide for its box: a spreadsheet has neither quotes nor escapes."""
    long_word = "Donau" + "dampf" * 8 + "schiff"
    rows: list[list[Any]] = [
        ["id", "count", "name", "cost"],
        ["brig", 1, "Brig", 1],
        ["bau", 1, "Straßen\\u00adbau", 1],
        ["zille", 1, long_word, 1],
    ]
    book = fleet / "cards/fleet/decks/ships.xlsx"
    _workbook(book, {"Güter": rows})
    book.with_suffix(".csv").write_text(
        "".join(",".join(map(str, row)) + "\n" for row in rows), encoding="utf-8"
    )
    (fleet / DECK).write_text(_deck(cards_from), encoding="utf-8")
    run = printgen(fleet, "validate", GAME)
    at = "cards/fleet/decks/" + cell
    assert run.code == 2
    said = [line for line in run.err.splitlines() if "u00ad" in line or "soft hyphen" in line]
    assert said == [
        f"{at.format(row=3)}: warning: '\\u00ad' prints as its 6 characters: a spreadsheet "
        "reads no \\u…: type the character itself",
        f"{at.format(row=4)}: text of card 'zille' does not fit box 'title' of layout "
        f"'card-base' (40×10 mm) even at 8 pt [en, it]; the word '{long_word[:50]}…' alone is "
        "wider than the box: mark where it may break with a soft hyphen (type U+00AD in the "
        "cell: Alt+0173 on Windows), shorten it or enlarge the box",
    ], run.err


def test_a_declared_fields_column_misspelt_is_one_line_not_every_cards_failure(
    fleet: Path, printgen: Callable[..., Run]
) -> None:
    """'elemnt' for the declared 'element': every card lacks the field, and each layout that
    reads it failed on each card — 12 lines after the one to fix. The header's line is all."""
    deck = fleet / DECK
    deck.write_text(
        deck.read_text(encoding="utf-8")
        .replace("note: any}", "note: any, element: string}")
        .replace("layout: card-base", "layout: tinted"),
        encoding="utf-8",
    )
    (fleet / CSV).write_text(
        "id,count,name.en,name.it,cost,elemnt\nsloop,2,Sloop,Sloop,1,fire\n"
        "brig,1,Brig,Brigantino,2,water\n",
        encoding="utf-8",
    )
    layouts = fleet / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    append_to(
        layouts,
        'tinted:\n  extends: card-base\n  defaults: {color: "{{ data.tints[card.element] }}"}\n',
    )
    game = fleet / "cards" / GAME / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace(
            "data:\n", 'data:\n  tints: {fire: "#c0392b", water: "#2050a0"}\n', 1
        ),
        encoding="utf-8",
    )
    run = printgen(fleet, "validate", GAME)
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{CSV}:1:6: unknown column 'elemnt'; did you mean 'element'? (the deck file's fields: "
        "declare 'element': rename the column, or that field to 'elemnt')"
    ], run.err


def test_a_workbook_missing_its_parts_is_said_in_plain_words(fleet: Path) -> None:
    """A zip named .xlsx without a workbook's parts said "(KeyError)": Python's class name."""
    import zipfile

    with zipfile.ZipFile(fleet / "cards/fleet/decks/ships.xlsx", "w") as archive:
        archive.writestr("empty.txt", "")
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _problems(fleet) == [
        f"{DECK}:4:13: cards/fleet/decks/ships.xlsx cannot be read as an Excel workbook (a part "
        "every workbook holds is missing or damaged); save it again"
    ]


def test_a_byte_order_mark_left_in_a_header_cell_is_no_part_of_its_name(fleet: Path) -> None:
    # a file saved twice with one keeps the second: "unknown column '\ufeffid'; did you mean
    # 'id'?", two names that look the same
    (fleet / CSV).write_bytes("\ufeff\ufeffid;count;name;cost\nsloop;3;Sloop;1\n".encode())
    assert _ships(_load(fleet))["sloop"].fields == {"name": "Sloop", "cost": 1}


@pytest.mark.parametrize(
    ("header", "said"),
    [
        (
            "\u200bid;count;name;cost",
            "column 'id' has an invisible U+200B (zero width space) before its name: delete it",
        ),
        ("id;count;name\u200b;cost", "'name' has an invisible U+200B (zero width space) after"),
        (
            "id;count;name;co\u200bs\xa0t",
            "column 'cost' has an invisible U+200B (zero width space) and U+00A0 (no-break "
            "space) inside its name: delete them",
        ),
        ("id;count;name;cost;\u200bnoon", "unknown column 'noon' (an invisible U+200B"),
        ("id;count;na\ufeffme;cost", "'name' has an invisible U+FEFF (byte order mark) inside"),
        ("id;count;name;cost;\u200b", "an invisible U+200B (zero width space) alone for a name"),
    ],
)
def test_an_invisible_character_in_a_header_is_said_by_name(
    fleet: Path, header: str, said: str
) -> None:
    (fleet / CSV).write_text(header + "\nsloop;3;Sloop;1;x\n", encoding="utf-8")
    problems = [p for p in _problems(fleet) if "column" in p]
    assert any(said in p for p in problems), problems
    # never a name meant for one that looks the same, nor "no 'id' column" besides
    assert not any("did you mean" in p or "no 'id'" in p for p in problems), problems


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("id,count,Name.en,name.it,cost", "1:3: unknown column 'Name.en'; did you mean 'name.en'?"),
        ("id,count,name.en,name.IT,cost", "1:4: unknown column 'name.IT'; did you mean 'name.it'?"),
        ("id,cont,name.en,name.it,cost", "1:2: unknown column 'cont'; did you mean 'count'?"),
        ("ID,count,name.en,name.it,cost", "1:1: unknown column 'ID'; did you mean 'id'?"),
    ],
)
def test_a_misspelt_translation_or_count_column_is_one_line_at_its_cell(
    fleet: Path, header: str, expected: str
) -> None:
    """'Name.en' was said twice: at its cell, then "no column 'name.en'" at name.it's cell; and
    'cont' had "the header row has no 'count' column" at the id cell besides. The misspelt
    cell's "did you mean" is all, as a declared field's column misspelt already had."""
    (fleet / CSV).write_text(f"{header}\nsloop,3,Sloop,Sloop,1\n", encoding="utf-8")
    assert _problems(fleet) == [f"{CSV}:{expected}"]


@pytest.mark.parametrize("hint", ["sep=;", '"sep=;"', "SEP=;"])
def test_excels_separator_line_is_honoured_and_lines_stay_the_files(
    fleet: Path, printgen: Callable[..., Run], hint: str
) -> None:
    """European Excel writes `sep=;` as a CSV's first line: it was refused as a title above the
    header. It names the separator (here one no header row would give: the header holds none
    of it but ';'… and a comma in a text), and a problem is still at the file's own line."""
    (fleet / CSV).write_bytes(
        f"\ufeff{hint}\r\nid;count;name;cost\r\nsloop;3;Sloop, fast;1\r\n".encode()
    )
    sloop = _ships(_load(fleet))["sloop"]
    assert (sloop.fields, str(sloop.where)) == ({"name": "Sloop, fast", "cost": 1}, f"{CSV}:3:1")
    (fleet / CSV).write_text(f"{hint}\nid;count;name;cost\nsloop;3;Sloop;cheap\n", "utf-8")
    run = printgen(fleet, "validate", GAME)
    assert (run.code, run.err.splitlines()) == (
        2,
        [f"{CSV}:3:4: card 'sloop' cost must be a whole number, not 'cheap'"],
    )


def test_excels_separator_line_naming_a_separator_printgen_does_not_read_is_said(
    fleet: Path,
) -> None:
    (fleet / CSV).write_text("sep=|\nid|count|name\nsloop|3|Sloop\n", encoding="utf-8")
    assert _problems(fleet) == [
        f"{CSV}:1:1: the first line 'sep=|' is Excel's hint of the separator, but printgen "
        "reads a comma, a semicolon or a tab; write one of them after 'sep=', or delete the line"
    ]


def test_a_text_cut_by_a_comma_is_found_below_excels_separator_line(
    fleet: Path, printgen: Callable[..., Run]
) -> None:
    """The cut was looked for against the file's first row: the hint's, of no cells."""
    deck = _deck("ships.csv").replace("note: any}", "note: any, effect: text}")
    (fleet / DECK).write_text(deck, encoding="utf-8")
    (fleet / CSV).write_text(
        "sep=,\nid,count,cost,color,name.en,name.it,effect.en,effect.it,#notes\n"
        "sloop,2,1,#ffffff,Sloop,Sloop,Gain 1, then draw,Guadagna 1 e pesca\n",
        "utf-8",
    )
    said = printgen(fleet, "validate", GAME).err
    assert f"{CSV}:3:8: warning: This text begins with a space, as the words after a comma" in said


def test_a_colour_cell_without_its_hash_is_told_the_colour(fleet: Path) -> None:
    """'1f5f8b' got the bare "must be a colour like"; a workbook's 112233 is a number cell."""
    (fleet / CSV).write_text(HEADER + "sloop,2,Sloop,Sloop,1,1f5f8b\n", encoding="utf-8")
    assert _problems(fleet) == [
        f"{CSV}:2:6: card 'sloop' color must be a colour like \"#a83232\", not '1f5f8b'; add "
        "the '#': '#1f5f8b'"
    ]
    (fleet / CSV).write_text(HEADER + "sloop,2,Sloop,Sloop,1,1f5f8\n", encoding="utf-8")
    assert _problems(fleet)[0].endswith("not '1f5f8'")  # 5 digits: no colour to offer
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Fleet"
    sheet.append(HEADER.strip().split(","))
    sheet.append(["sloop", 2, "Sloop", "Sloop", 1, 112233])
    book.save(fleet / "cards/fleet/decks/ships.xlsx")
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _problems(fleet)[0].endswith("; add the '#': '#112233'")


FLEET = [["id", "count", "name", "cost"], ["brig", 2, "Brig", 3]]


@pytest.mark.parametrize(
    ("sheets", "said"),
    [
        (  # a notes sheet before the cards' (its date no card's problem)
            {"Notes": [["playtest notes"], [datetime.date(2024, 3, 1)]], "Fleet": FLEET},
            "its first sheet, 'Notes', has no header row naming id and count; write "
            "'cards_from: ships.xlsx#Fleet' to read the sheet 'Fleet'",
        ),
        (
            {"Cover": [], "Fleet": FLEET, "Old": FLEET},
            "its first sheet, 'Cover', is empty; write 'cards_from: ships.xlsx#Fleet' to read "
            "the sheet 'Fleet' (sheets with cards too: 'Old')",
        ),
        (  # no sheet names id and count: the cards' sheet is still to be named
            {"Notes": [["todo"]], "Ships": [["ident", "copies"]]},
            "its first sheet, 'Notes', has no header row naming id and count; name the sheet "
            "of the cards after '#' (cards_from: ships.xlsx#Ships); its other sheets: 'Ships'",
        ),
    ],
)
def test_a_workbook_whose_first_sheet_holds_no_cards_is_told_the_sheet_to_name(
    fleet: Path, sheets: dict[str, list[list[Any]]], said: str
) -> None:
    """A notes sheet first gave three lines at its A1 (unknown column, no id, no count), none
    naming the sheet of cards beside it. One line, at cards_from, names it."""
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", sheets)
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _problems(fleet) == [f"{DECK}:4:13: ships.xlsx: {said}"]


@pytest.mark.parametrize(
    ("first", "said"),
    [
        ([["ID", "cont", "name"], ["brig", 2, "Brig"]], "A1: unknown column 'ID'"),
        ([["My fleet"], ["id", "count", "name"]], "A1: the header must be the sheet's first row"),
    ],
)
def test_a_first_sheet_of_cards_with_a_header_mistake_is_said_as_before(
    fleet: Path, first: list[list[Any]], said: str
) -> None:
    _workbook(fleet / "cards/fleet/decks/ships.xlsx", {"Fleet": first, "Notes": [["todo"]]})
    (fleet / DECK).write_text(_deck("ships.xlsx"), encoding="utf-8")
    assert _problems(fleet)[0].startswith(f"cards/fleet/decks/ships.xlsx#Fleet!{said}")
