"""A workbook sheet's rows as its XML holds them: only the cells written there, each row with
its number and whether Excel hides it. openpyxl's own rows are padded — to the width the sheet
declares, or to a far formatted cell — so printgen cut them at MAX_COLUMNS, and a value past
that column was dropped without a word."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from printgen.problems import Where
from printgen.source.cells import blank
from printgen.source.readers import Checker

# one row: its number, its cells that hold a value (column, value), and whether it is hidden
SheetRow = tuple[int, list[tuple[int, Any]], bool]
Limits = tuple[int, int, str]


def sheet_rows(sheet: Any) -> Iterator[SheetRow]:
    """The sheet's rows that hold a cell (its values: those not None), read from its XML one
    at a time: a row missing there costs nothing, nor does a formatted empty cell at XFD."""
    from openpyxl.worksheet._reader import WorkSheetParser

    book = sheet.parent
    with sheet._get_source() as source:
        parser = WorkSheetParser(
            source,
            sheet._shared_strings,
            data_only=book.data_only,
            epoch=book.epoch,
            date_formats=book._date_formats,
            timedelta_formats=book._timedelta_formats,
        )
        for number, cells in parser.parse():
            # popped: a sheet of 100,000 formatted rows would keep each one's attributes
            attributes = parser.row_dimensions.pop(str(number), None) or {}
            hidden = str(attributes.get("hidden", "")).lower() in ("1", "true")
            values = [(cell["column"], cell["value"]) for cell in cells]
            if values:  # a formatted cell too: one holding a formula never computed is empty
                yield (
                    number,
                    [(column, value) for column, value in values if value is not None],
                    hidden,
                )


def read_rows(
    checker: Checker, sheet: Any, where_of: Callable[[int, int], Where], limits: Limits
) -> list[tuple[int, list[Any]]] | None:
    """The sheet's rows, each as wide as its last value; None, said at the cell, if a value
    lies past the last row or column a card sheet may have. ``where_of(row, col)`` is a
    cell's place; ``limits`` the most rows below the header, the most columns, and what to
    say of a sheet over them."""
    most_rows, most_columns, too_big = limits
    rows: list[tuple[int, list[Any]]] = []
    for number, values, _hidden in sheet_rows(sheet):
        if number > most_rows + 1:  # the header, then the cards
            if not values:  # a cell formatted far below the cards: nothing to read
                continue
            checker.error(where_of(number, values[0][0]), too_big)
            return None
        far = next((col for col, value in values if col > most_columns and not blank(value)), 0)
        if far:
            checker.error(where_of(number, far), _too_far(most_columns))
            return None
        cells: list[Any] = [None] * max(
            (col for col, _ in values if col <= most_columns), default=0
        )
        for col, value in values:
            if col <= most_columns:
                cells[col - 1] = value
        rows.append((number, cells))
    return rows


def _too_far(most_columns: int) -> str:
    from openpyxl.utils import get_column_letter

    return (
        f"this cell holds a value past column {get_column_letter(most_columns)}, the last of "
        f"the {most_columns} a card sheet may have, and printgen would not read it; delete it, "
        f"or move its column within the first {most_columns}"
    )
