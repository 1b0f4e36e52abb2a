"""A CSV row cut by a separator inside a text that is not in quotes: its cells moved one column
on, into the wrong fields. Said with how to quote the text: at the cell past the header that
holds a value (by the card), else — the cell it gained empty, a separator closing it — with the
row's first problem, or at the cell the words after the comma begin (most often a last notes
column, which took the value pushed on)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from printgen.source.cells import blank
from printgen.source.tables import Table

if TYPE_CHECKING:
    from printgen.source.readers import Checker

_MARKS = {
    ",": ("comma", ': "Gain 1, then draw"'),
    ";": ("semicolon", ': "Gain 1; then draw"'),
    "\t": ("tab", ""),
}


def quote_hint(table: Table, cells: int, named: int) -> str:
    """What most often made a row longer than its header: a text with the separator in it."""
    mark, example = _MARKS[table.delimiter]
    return (
        f" (the row has {cells} cells, the header names {named}); a text holding a {mark} must "
        f"be in double quotes{example}"
    )


def usual_width(table: Table) -> int:
    """The number of cells most of the sheet's rows have (of two as common, the fewer: one
    row cut and one whole are no pattern of rows closed by a separator)."""
    widths = Counter(len(cells) for _, cells in table.rows[1:])
    most = max(widths.values(), default=0)
    return min((width for width, rows in widths.items() if rows == most), default=0)


class Cut(NamedTuple):
    """A CSV row whose values may have moved on: what to say, and whether its length alone
    shows it (longer than the sheet's other rows) or only the notes cell it pushed text into."""

    hint: str
    by_length: bool


def cut_row(table: Table, number: int, cells: list[Any], usual: int) -> Cut | None:
    """A CSV row whose values may have moved one column on: longer than its header, the cells
    past the header empty (a cell past it holding a value is said by the card as a value in a
    column without a name), and longer than the sheet's other rows or with a cell begun by the
    words after a comma, the text before it in the cell before (``Table.spaced``); or a row no
    longer than its header with such a cell (no separator closed it, or its last value was
    empty). None for any other row — one with a stray separator closing it and nothing wrong
    is read as it is."""
    width = len(table.rows[0][1])
    if table.workbook:
        return None
    if len(cells) <= width:
        if number not in table.spaced:
            return None
        said = (
            "this text begins with a space, as the words after a comma do: a text holding a "
            "comma may have been cut here, and the row's later values moved one column on"
        )
        mark, example = _MARKS[table.delimiter]
        return Cut(f"{said}; a text holding a {mark} must be in double quotes{example}", False)
    if not all(blank(value) for value in cells[width:]):
        return None
    # every row cut alike (or the only one) is as long as the others: the words after the
    # comma, begun by its space, are what tell it from a separator closing each row
    by_length = len(cells) > usual
    if not by_length and number not in table.spaced:
        return None
    moved = "this row has more cells than the header row, so its values may have moved one"
    return Cut(f"{moved} column on{quote_hint(table, len(cells), width)}", by_length)


def moved_on(checker: Checker, table: Table, number: int, said: int, cut: Cut) -> None:
    """Say a row whose values moved on: with its first problem, where its length shows its
    values have most likely moved on by a separator (its later problems are the same cut: one
    line); else as a warning at the cell the words after the comma begin (most often a last
    notes column, which took them), the row's own problems said as they are. A row ending with
    a stray separator, every value in place, is read as it is."""
    if cut.by_length and len(checker.problems) > said:
        problem = checker.problems[said]
        checker.problems[said:] = [replace(problem, message=f"{problem.message}; {cut.hint}")]
        return
    width = len(table.rows[0][1])
    column = table.spaced.get(number, width if width in table.notes() else None)
    if column is not None:
        checker.warn(table.where(number, column), cut.hint[:1].upper() + cut.hint[1:])
