"""A workbook's cells are read one at a time: a row of many empty cells costs no memory, and
a sheet of more cells than a card sheet needs is refused, in one line, before it is read."""

from __future__ import annotations

import io
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from printgen.project import Project
from printgen.source.game import load_game
from printgen.starter import new_game
from tests.conftest import Run

DECK = "cards/fleet/decks/ships.yaml"
XLSX = "cards/fleet/decks/ships.xlsx"


@pytest.fixture
def fleet(tmp_path: Path) -> Path:
    new_game(Project.at(tmp_path), "fleet", ["en"])
    (tmp_path / DECK).write_text(
        "name: Ships\nlayout: card-base\nfields: {name: text}\ncards_from: ships.xlsx\n"
        "back: none\n",
        encoding="utf-8",
    )
    return tmp_path


def _with_row(path: Path, cells: bytes) -> None:
    """A workbook of two cards whose row 4 is ``cells``, written into its XML as given."""
    book = openpyxl.Workbook()
    for card in (["id", "count", "name"], ["brig", 1, "Brig"], ["sloop", 1, "Sloop"]):
        book.active.append(card)
    written = io.BytesIO()
    book.save(written)
    with zipfile.ZipFile(written) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name in source.namelist():
            data = source.read(name)
            if name == "xl/worksheets/sheet1.xml":
                row = b'<row r="4">' + cells + b"</row></sheetData>"
                data = data.replace(b"</sheetData>", row)
            z.writestr(name, data)


def test_a_row_of_many_empty_cells_takes_no_memory(fleet: Path) -> None:
    # openpyxl made a tuple of the whole row: 600 bytes a cell, 3 GB for a 112 KB workbook
    _with_row(fleet / XLSX, b'<c r="Z4"/>' * 20_000)
    tracemalloc.start()
    try:
        deck = load_game(Project.at(fleet), "fleet").deck("ships")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert deck is not None and [card.id for card in deck.cards] == ["brig", "sloop"]
    assert peak < 5 * 2**20  # 12 MB before, and 600 bytes more for each cell


def test_a_sheet_of_too_many_cells_is_refused_before_it_is_read(
    fleet: Path, printgen: Callable[..., Run]
) -> None:
    # fifteen million bare <c/> (a 63 KB file) ran out of memory after 16 s
    _with_row(fleet / XLSX, b"<c/>" * 2_000_001)
    result = printgen(fleet, "validate")
    assert (result.code, result.err.splitlines()) == (
        2,
        [
            f"{DECK}:4:13: {XLSX}#Sheet holds over 2,000,000 cells (empty cells that were once "
            "formatted count too), the limit for a card sheet; delete the rows and columns past "
            "the cards in Excel or LibreOffice and save, or save the sheet as CSV UTF-8"
        ],
    )
