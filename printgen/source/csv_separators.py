"""A CSV file whose rows are not all parted by the separator its header row shows: a row
pasted from another file (parted with ';' under a header parted with ','), read as one cell
whose id was refused ("id 'sloop;3;Sloop' must be lower-case letters…"), or a file parted
with a character printgen does not read ('|'), whose header was one unknown column
('id|count|name'). Each is said as what it is, at the row."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from printgen.source.cells import blank, header_name

if TYPE_CHECKING:
    from printgen.source.tables import Table

READ = (",", ";", "\t")  # the separators a header row may show (tables.py reads by them)
_NAMED = {",": "','", ";": "';'", "\t": "a tab"}
_READ_SAID = "a comma, a semicolon or a tab"
# a character a file may part its cells with: any but a letter, digit, space or what a
# column's name holds ('name.en', 'back_color', '#notes', 'cost-2')
_PARTING = re.compile(r"[^\w\s.#\-'\"]")


def _only_first(cells: list[Any]) -> str | None:
    """The row's first cell when it is the only one filled, else None."""
    if not cells or not isinstance(cells[0], str) or any(not blank(c) for c in cells[1:]):
        return None
    return cells[0]


def _named(separator: str) -> str:
    return _NAMED.get(separator, f"'{separator}'")


def unread_separator(table: Table) -> str | None:
    """Why a CSV header row read as one cell is parted by a character printgen does not read
    ('id|count|name'), else None: its parts name an id and a count column."""
    if table.workbook or not table.rows:
        return None
    first = _only_first(table.rows[0][1])
    if first is None:
        return None
    for separator in sorted(set(_PARTING.findall(first)), key=first.count, reverse=True):
        names = {header_name(part).lower() for part in first.split(separator)}
        if {"id", "count"} <= names:
            return (
                f"the header row is parted with {_named(separator)}, which printgen does not "
                f"read: it reads cells parted with {_READ_SAID}; export the sheet as CSV "
                f"again, or replace every {_named(separator)} with ','"
            )
    return None


def other_separator(table: Table, cells: list[Any]) -> str | None:
    """Why a CSV row read as one cell is parted by another separator than the header row's
    ('sloop;3;Sloop' under 'id,count,name'), else None."""
    if table.workbook or table.delimiter not in READ:
        return None
    first = _only_first(cells)
    header = table.rows[0][1] if table.rows else []
    if first is None or len(header) < 2:
        return None
    found = [s for s in READ if s != table.delimiter and s in first]
    if not found:
        return None
    used = max(found, key=first.count)
    ours = _named(table.delimiter)
    return (
        f"this row is parted with {_named(used)} while the header row uses {ours}; part "
        f"every row with {ours} (or every row, the header too, with {_named(used)})"
    )
