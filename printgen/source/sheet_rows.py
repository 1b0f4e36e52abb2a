"""A workbook sheet's rows as its XML holds them: only the cells written there, each row with
its number and whether Excel hides it. openpyxl's own rows are padded — to the width the sheet
declares, or to a far formatted cell — so printgen cut them at MAX_COLUMNS, and a value past
that column was dropped without a word."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from printgen.problems import Where
from printgen.source.cells import NOTES, blank, names_cards
from printgen.source.readers import Checker
from printgen.source.sheet_cells import SheetRow, parsed_rows

Limits = tuple[int, int, str]


def sheet_rows(
    sheet: Any, most_columns: int, hidden_columns: list[range] | None = None
) -> Iterator[SheetRow]:
    """The sheet's rows that hold a cell, read from its XML a cell at a time (a formatted
    empty cell at XFD, or a million of them, costs nothing kept), each with the values of its
    first ``most_columns`` columns. The columns Excel hides are added to ``hidden_columns``
    before the first row is given."""
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
        looked = False
        for row in parsed_rows(parser, most_columns):
            if hidden_columns is not None and not looked:  # <cols> comes before the rows
                hidden_columns.extend(_hidden(parser.column_dimensions))
                looked = True
            yield row


def _hidden(dimensions: dict[str, dict[str, str]]) -> Iterator[range]:
    """The column ranges a sheet's <col> entries hide (one entry may span many columns)."""
    for attributes in dimensions.values():
        if str(attributes.get("hidden", "")).lower() not in ("1", "true"):
            continue
        try:
            yield range(int(attributes["min"]), int(attributes.get("max", attributes["min"])) + 1)
        except (KeyError, ValueError):  # a damaged <col>: Excel shows the column
            continue


def read_rows(
    checker: Checker, sheet: Any, where_of: Callable[[int, int], Where], limits: Limits
) -> list[tuple[int, list[Any]]] | None:
    """The sheet's rows, each as wide as its last value; None, said at the cell, if a value
    lies past the last row or column a card sheet may have. ``where_of(row, col)`` is a
    cell's place; ``limits`` the most rows below the header, the most columns, and what to
    say of a sheet over them."""
    most_rows, most_columns, too_big = limits
    rows: list[tuple[int, list[Any]]] = []
    hidden_columns: list[range] = []
    for row in sheet_rows(sheet, most_columns, hidden_columns):
        number, values, hidden = row.number, row.values, row.hidden
        if number > most_rows + 1:  # the header, then the cards
            if not row.first:  # a cell formatted far below the cards: nothing to read
                continue
            checker.error(where_of(number, row.first), too_big)
            return None
        if row.far:
            checker.error(where_of(number, row.far), _too_far(most_columns))
            return None
        cells: list[Any] = [None] * max(values, default=0)
        for col, value in values.items():
            cells[col - 1] = value
        if hidden and any(blank(cell) is False for cell in cells):
            checker.warn(where_of(number, row.first), _hidden_row())
        if hidden_columns and not any(_named(cells) for _, cells in rows):  # the header row
            for col, value in enumerate(cells, start=1):
                if _named([value]) and any(col in columns for columns in hidden_columns):
                    checker.warn(where_of(number, col), _hidden_column(str(value).strip()))
        rows.append((number, cells))
    return rows


def _too_far(most_columns: int) -> str:
    from openpyxl.utils import get_column_letter

    return (
        f"this cell holds a value past column {get_column_letter(most_columns)}, the last of "
        f"the {most_columns} a card sheet may have, and printgen would not read it; delete it, "
        f"or move its column within the first {most_columns}"
    )


def _hidden_row() -> str:
    # the same words on every hidden row: many are then said as one line, naming their places
    return (
        "this row is hidden in Excel, but printgen reads it and prints its card; delete the "
        "row (or move it to another sheet) to leave the card out, or unhide it"
    )


def _named(cells: list[Any]) -> bool:
    """Whether a row holds a value: a column's name, in the header; not a '#…' notes
    column's, which printgen never reads, hidden or not."""
    return any(not blank(cell) and not str(cell).strip().startswith(NOTES) for cell in cells)


# the columns that say what a card is, not what it prints: deleting or renaming one (as a
# printed field's warning advises) breaks the deck, so only unhiding is advised
_READ_NOT_PRINTED = {"id": "ids", "count": "counts", "layout": "layouts"}


def _hidden_column(name: str) -> str:
    if name in _READ_NOT_PRINTED:
        return (
            f"this column is hidden in Excel; printgen reads it (the cards' "
            f"{_READ_NOT_PRINTED[name]}): unhide it so what you see is what prints"
        )
    return (
        "this column is hidden in Excel, but printgen reads it and prints its values on the "
        "cards; delete the column (or name it '#…', a column of notes printgen never reads) "
        "to leave it out, or unhide it"
    )


def first_visible(checker: Checker, book: Any, where: Where, rel: str) -> Any:
    """The sheet a workbook's cards are read from when ``cards_from`` names none: its first
    sheet of cells that Excel shows. A hidden sheet before it (an old version of the cards,
    say) is passed over, and a warning says which sheet was read."""
    sheets = list(book.worksheets)
    shown = next((sheet for sheet in sheets if sheet.sheet_state == "visible"), sheets[0])
    if shown is not sheets[0]:
        hidden = sheets[0].title
        checker.warn(
            where,
            f"{rel}: its first sheet '{hidden}' is hidden in Excel; printgen reads the first "
            f"sheet shown, '{shown.title}': name it in cards_from ({rel.rsplit('/', 1)[-1]}"
            f"#{shown.title}) to say so, or #{hidden} to read the hidden one",
        )
    return shown


_PEEK_ROWS = 11  # a header, or a title and the rows below it (as a header below one is found)
_PEEK_SHEETS = 50


def other_sheets(book: Any, chosen: Any) -> tuple[tuple[str, bool], ...]:
    """The workbook's sheets of cells besides ``chosen``, each with whether its first rows
    name the columns of cards (id, count): read when the first sheet holds no cards (notes
    kept before them), to name the sheet that does. Only those few rows are read."""
    return tuple(
        (sheet.title, _names_cards(sheet))
        for sheet in book.worksheets[:_PEEK_SHEETS]
        if sheet is not chosen
    )


def _names_cards(sheet: Any) -> bool:
    try:
        rows = sheet.iter_rows(max_row=_PEEK_ROWS, values_only=True)
        return any(names_cards(list(row)) for row in rows)
    except Exception:  # a damaged sheet's XML holds no cards to offer
        return False
