"""How wide each column of a Markdown pipe table is drawn (for documents.flow)."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from printgen.layout import breaking

if TYPE_CHECKING:
    from printgen.documents.flow import RichText

CELL_PADDING = 6.0  # a pipe table cell's left and right padding together, points
LEAST_COLUMN = 12.0  # points: the narrowest a column is set, whatever its words ask


def column_widths(
    cells: list[list[RichText]], columns: int, width: float, head: int
) -> list[float]:
    """Each column as wide as its longest line asks, the room left shared by the square of
    that width, none to a column of numbers or of nothing (a head, "Copies", beside short
    names took half the page). Lines that do not fit side by side share the room as a
    browser does: each column at least its longest word, the rest where the lines are
    longest."""

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
        ]
    least = [widest(c, 0.0) for c in range(columns)]
    if sum(least) <= width:
        wraps = [n - m for n, m in zip(natural, least, strict=True)]
        return [
            m + (width - sum(least)) * w / sum(wraps) for m, w in zip(least, wraps, strict=True)
        ]
    # a word wider than its share: the table runs past the page, which the document reports at
    # its file; a column narrower than its padding could not be laid out at all
    return [max(width * m / sum(least), LEAST_COLUMN) for m in least]


# a modifier or a count as a rulebook writes it: -3, +2, −1 (a typeset minus), ±1, 1,000,
# 2.5, 50 %, ×2 or 2×; a dash alone says "none" in such a column
_NUMBER = re.compile(r"[+\-\u2212±]?×?(?:\d+(?:[.,]\d+)*|[.,]\d+)\s?[%×]?|[-\u2013\u2014]")


def _numbers(rows: list[list[RichText]], column: int) -> bool:
    """Whether a column's cells below its head are numbers (a count, a modifier) or blank:
    its words, the head's, fit in the width they ask, and spare room would part the rows'
    names from their numbers."""
    found = (row[column].plain().strip(" .,") for row in rows if column < len(row))
    return all(_NUMBER.fullmatch(written) for written in found if written)
