"""A workbook sheet's XML read one cell at a time. openpyxl reads a whole <row> element, then
makes a tuple of all its cells: a 112 KB workbook whose one row held five million empty
``<c r="Z3"/>`` cells took 3 GB. Here each cell is forgotten once read, and a row keeps only
the values of the columns a card sheet may have, so memory stays small whatever the row
holds; an empty cell (no value, no formula) costs a few attribute reads."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_ROW, _CELL, _COL = f"{_MAIN}row", f"{_MAIN}c", f"{_MAIN}col"


@dataclass
class SheetRow:
    """One row as the sheet's XML writes it."""

    number: int
    hidden: bool
    # the values (not None) of the columns up to the reader's last, the last written winning
    values: dict[int, Any] = field(default_factory=dict)
    first: int = 0  # the column of its first cell holding a value, wherever it lies
    far: int = 0  # the first column past the reader's last that holds a value, or 0


def parsed_rows(parser: Any, most_columns: int) -> Iterator[SheetRow]:
    """The rows of the sheet an openpyxl ``WorkSheetParser`` reads (its cells' values are
    read by its own ``parse_cell``: types, shared texts, dates), each given once its
    ``</row>`` is read; a row without a cell is not given. The parser's
    ``column_dimensions`` are filled from <cols> (which comes before the rows) as read."""
    from openpyxl.xml.functions import iterparse

    row: Any = None
    current: SheetRow | None = None
    holders: list[Any] = []  # the open elements, outermost first: each is let go once read
    in_cell = False  # a cell's parts (its value, formula, text) stay till the cell is read
    pending = ""  # the place of the last empty cell read, its column worked out if needed
    for event, element in iterparse(parser.source, events=("start", "end")):
        tag = element.tag
        if event == "start":
            if tag == _ROW:
                row = element
                parser.parse_row(_Childless(element))  # its number and attributes, no cells
                current, pending = None, ""
            in_cell = in_cell or tag == _CELL
            holders.append(element)
            continue
        holders.pop()
        if tag == _CELL:
            in_cell = False
        if tag == _CELL and row is not None:
            if len(element) == 0:  # no value, no formula: nothing but its place
                pending = element.get("r") or _next(parser, pending)
            else:
                if pending:
                    _place(parser, pending)
                    pending = ""
                current = _read(parser, element, current, most_columns)
            current = current or _empty(parser)
        elif tag == _ROW:
            row = None
            if current is not None:
                yield current
        elif tag == _COL:
            parser.parse_column_dimensions(element)
        if holders and not in_cell:
            holders[-1].remove(element)  # read: let it go


def _empty(parser: Any) -> SheetRow:
    attributes = parser.row_dimensions.pop(str(parser.row_counter), None) or {}
    hidden = str(attributes.get("hidden", "")).lower() in ("1", "true")
    return SheetRow(parser.row_counter, hidden)


def _read(parser: Any, element: Any, current: SheetRow | None, most_columns: int) -> SheetRow:
    cell = parser.parse_cell(element)
    current = current or _empty(parser)
    column, value = cell["column"], cell["value"]
    if value is None:
        return current
    if not current.first:
        current.first = column
    if column <= most_columns:
        current.values[column] = value
    elif not current.far:
        from printgen.source.cells import blank

        if not blank(value):
            current.far = column
    return current


def _next(parser: Any, pending: str) -> str:
    """An empty cell without a place of its own: the one after the last, counted on."""
    if pending:
        _place(parser, pending)
    parser.col_counter += 1
    return ""


def _place(parser: Any, ref: str) -> None:
    """The column counter set as openpyxl sets it at a cell of that place."""
    from openpyxl.utils import coordinate_to_tuple

    _, parser.col_counter = coordinate_to_tuple(ref)


class _Childless:
    """A <row> as openpyxl's ``parse_row`` sees it: its attributes, and no cells yet."""

    def __init__(self, element: Any) -> None:
        self.attrib = element.attrib

    def __iter__(self) -> Iterator[Any]:
        return iter(())
