"""How wide each column of a Markdown pipe table is drawn (for documents.flow)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from printgen.layout import breaking, text

if TYPE_CHECKING:
    from printgen.documents.flow import RichText
    from printgen.layout.text import Line

CELL_PADDING = 6.0  # a pipe table cell's left and right padding together, points
LEAST_COLUMN = 12.0  # points: the narrowest a column is set, whatever its words ask
# letters a soft hyphen leaves on each side of a break at the least (as German's rules have it)
SYLLABLE = 2


def column_widths(
    cells: list[list[RichText]], columns: int, width: float, head: int
) -> tuple[list[float], bool]:
    """Each column as wide as its longest line asks, the room left shared by the square of
    that width, none to a column of numbers or of nothing (a head, "Copies", beside short
    names took half the page). Lines that do not fit side by side share the room as a
    browser does: each column at least its longest word, the rest where the lines are
    longest. With the widths, whether the table is wider than ``width`` even with every word
    broken (``too_many``): then its columns are to be fewer."""

    def widest(column: int, room: float) -> float:
        lines = (
            breaking.break_lines(c.runs, c.style.family, c.style.size, room)
            for row in cells
            if column < len(row) and (c := row[column]).runs
        )
        return max((line.width for found in lines for line in found), default=0.0) + CELL_PADDING

    natural = [widest(c, math.inf) for c in range(columns)]
    if sum(natural) <= width:
        weights = [0.0 if _numbers(cells[head:], c) else w * w for c, w in enumerate(natural)]
        weights = weights if any(weights) else [w * w for w in natural]
        return [
            w + (width - sum(natural)) * q / sum(weights)
            for w, q in zip(natural, weights, strict=True)
        ], False
    least = [widest(c, 0.0) for c in range(columns)]
    if sum(least) <= width:
        wraps = [n - m for n, m in zip(natural, least, strict=True)]
        return [
            m + (width - sum(least)) * w / sum(wraps) for m, w in zip(least, wraps, strict=True)
        ], False
    # a word wider than its share: the table runs past the page, which the document reports at
    # its file; a column narrower than its padding could not be laid out at all
    squeezed = [max(width * m / sum(least), LEAST_COLUMN) for m in least]
    return squeezed, too_many(cells, columns, width)


def too_many(cells: list[list[RichText]], columns: int, width: float) -> bool:
    """Whether the columns at their very least — each its padding and the widest thing in it
    that no soft hyphen breaks (a number, an icon, a word's syllable), or LEAST_COLUMN — are
    wider together than ``width``: then breaking a word would not make the table fit (36
    columns of '10' and :coin: were told to break the '10'), fewer columns would."""
    if columns * LEAST_COLUMN > width + 0.5:  # (measuring nothing: 1,000 columns of 'x')
        return True
    least = [LEAST_COLUMN - CELL_PADDING] * columns
    for row in cells:
        for column, cell in enumerate(row[:columns]):
            size = cell.style.size
            for line in breaking.break_lines(cell.runs, cell.style.family, size, 0.0):
                least[column] = max(least[column], _unbreakable(line, size))
    return sum(least) + columns * CELL_PADDING > width + 0.5


def _unbreakable(line: Line, size: float) -> float:
    """How narrow a line of a cell broken at every space and soft hyphen can be made: a word
    of letters, with more soft hyphens, down to SYLLABLE of its widest letters and the hyphen
    its break prints; a number ('10') or an icon, which nobody breaks, as it is."""
    words = [p for p in line.pieces if not p.icon and any(c.isalpha() for c in p.text)]
    if not words:
        return line.width
    letter = max(text.width_of(c, p.font, size) for p in words for c in set(p.text))
    return min(line.width, SYLLABLE * letter + text.width_of("-", words[0].font, size))


# a modifier or a count as a rulebook writes it: -3, +2, −1 (a typeset minus), ±1, 1,000,
# 2.5, 50 %, ×2 or 2×, odds as 3/36; a dash alone says "none" in such a column
_NUMBER = re.compile(r"[+\-\u2212±]?×?(?:\d+(?:[.,]\d+)*|[.,]\d+)(?:/\d+)?\s?[%×]?|[-\u2013\u2014]")


def _numbers(rows: list[list[RichText]], column: int) -> bool:
    """Whether a column's cells below its head are numbers (a count, a modifier) or blank:
    its words, the head's, fit in the width they ask, and spare room would part the rows'
    names from their numbers."""
    return all(map(is_number, _written(rows, column)))


def number_column(rows: list[list[RichText]], column: int) -> bool:
    """Whether a column's body holds numbers, and nothing else but blanks: set flush right,
    its figures line up by their last digit as a reader adds them down the column."""
    found = list(_written(rows, column))
    return bool(found) and all(map(is_number, found))


def is_number(written: str) -> bool:
    return bool(_NUMBER.fullmatch(written))


def _written(rows: list[list[RichText]], column: int) -> Iterator[str]:
    """The column's cells that are not blank, as printed, a sentence's stop left out."""
    found = (row[column].plain().strip(" .,") for row in rows if column < len(row))
    return (written for written in found if written)
