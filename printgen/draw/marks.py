"""Crop marks: every cut line of a block extended into the room around it.

A mark starts just outside the block's bleed and is at most MARK long; it stops short of the
paper's EDGE (or a fold) and of the half-way line to a neighbouring block, whose own marks use the
other half. Where a margin is too narrow for that, the mark keeps MIN_MARK and crosses the bleed —
waste that is cut off — but never comes closer than MARK_OFFSET to the cut. A block continuing
another's grid (a kind's last row, below its whole rows) shares its cut line: no mark between.
A mark that runs over a printed bleed gets a white edge (draw.sheets): ``over_bleed`` says which.
"""

from __future__ import annotations

from printgen.draw.blocks import (
    EPS,
    MARK,
    MARK_GAP,
    MARK_OFFSET,
    MIN_MARK,
    Block,
    Rect,
)
from printgen.draw.labels import Box
from printgen.model.units import pt

Segment = tuple[float, float, float, float]  # x1, y1, x2, y2 in mm


def cut_lines(block: Block) -> tuple[list[float], list[float]]:
    """The x of every vertical and the y of every horizontal cut of a block's cards."""
    k = block.kind
    xs: set[float] = set()
    ys: set[float] = set()
    for index in range(block.count):
        x, y = block.slot(index)
        xs.update((round(x, 4), round(x + k.width, 4)))
        ys.update((round(y, 4), round(y + k.height, 4)))
    return sorted(xs), sorted(ys)


def _span(start: float, end: float) -> tuple[float, float]:
    """(start, end) of a mark, as distances from the cut, given how far it may reach."""
    return max(MARK_OFFSET, min(start, end - MIN_MARK)), end


def _room(block: Block, others: list[Block], area: Rect) -> tuple[float, float, float, float]:
    """How far from its trim edges a block's marks may reach: left, bottom, right, top."""
    b = block.kind.bleed
    room = [
        block.left - area.left,
        block.bottom - area.bottom,
        area.right - block.right,
        area.top - block.top,
    ]
    for other in others:
        if other is block:
            continue
        ob = other.kind.bleed
        # the other block's bleed box, widened by the marks it draws, against the cut lines
        # this block's marks extend: a block only diagonally near, whose marks cannot meet
        # these, does not shorten them
        margin = ob + MARK_GAP + MARK
        across_x = other.left - margin < block.right and other.right + margin > block.left
        across_y = other.bottom - margin < block.top and other.top + margin > block.bottom
        if across_y and other.right + ob <= block.left - b + EPS:
            room[0] = min(room[0], (block.left - (other.right + ob) + b) / 2)
        if across_y and other.left - ob >= block.right + b - EPS:
            room[2] = min(room[2], ((other.left - ob) - block.right + b) / 2)
        if across_x and other.top + ob <= block.bottom - b + EPS:
            room[1] = min(room[1], (block.bottom - (other.top + ob) + b) / 2)
        if across_x and other.bottom - ob >= block.top + b - EPS:
            room[3] = min(room[3], ((other.bottom - ob) - block.top + b) / 2)
    return room[0], room[1], room[2], room[3]


def _continued(block: Block, blocks: list[Block]) -> tuple[Block | None, Block | None]:
    """The blocks of the same kind whose grid ``block`` continues: the one just above it,
    whose bottom cut line it shares, and the one just below (a kind's last row, packed apart
    from its whole rows so the room beside it stays free)."""
    above = below = None
    for other in blocks:
        if other is block or other.kind != block.kind:
            continue
        if other.left < block.right - EPS and other.right > block.left + EPS:
            if abs(other.bottom - block.top) < EPS:
                above = other
            elif abs(other.top - block.bottom) < EPS:
                below = other
    return above, below


def _within(x: float, block: Block | None) -> bool:
    return block is not None and block.left - EPS <= x <= block.right + EPS


def _marks_end(
    block: Block, y: float, above: Block | None, below: Block | None, right: bool
) -> bool:
    """Whether ``block`` marks its cut line ``y`` at its right (or left) end: not where the line
    is also the edge of a block whose grid it continues and which reaches as far out (the rows
    above) or further (the row below), which marks it there."""

    def out(b: Block) -> float:
        return b.right if right else -b.left

    if above is not None and abs(y - block.top) < 1e-3 and out(above) >= out(block) - EPS:
        return False
    return not (
        below is not None and abs(y - block.bottom) < 1e-3 and out(below) > out(block) + EPS
    )


def crop_marks(blocks: list[Block], area: Rect) -> list[Segment]:
    marks: list[Segment] = []
    for block in blocks:
        b = block.kind.bleed
        want = b + MARK_GAP
        left, bottom, right, top = (
            _span(want, min(room, want + MARK)) for room in _room(block, blocks, area)
        )
        above, below = _continued(block, blocks)
        xs, ys = cut_lines(block)
        # where a block continues another's grid their cut line is one: no mark runs between
        # their rows (it would run over a card), and the line's ends are marked once, by the
        # block reaching further out (the rows above, on a tie)
        for x in xs:
            if not _within(x, above):
                marks.append((x, block.top + top[0], x, block.top + top[1]))
            if not _within(x, below):
                marks.append((x, block.bottom - bottom[0], x, block.bottom - bottom[1]))
        for y in ys:
            if _marks_end(block, y, above, below, right=False):
                marks.append((block.left - left[0], y, block.left - left[1], y))
            if _marks_end(block, y, above, below, right=True):
                marks.append((block.right + right[0], y, block.right + right[1], y))
    return marks


# The PDF text of each arrangement's marks, by their segments: every sheet of a deck's cards cuts
# where the one before did, and 10,000 cards' 2,224 sheets drew 24 lines each, converting and
# formatting their 96 numbers again (a 1,000-card build 3,085 → 3,055 million instructions).
_CODE: dict[tuple[Segment, ...], str] = {}


def marks_code(marks: list[Segment]) -> str:
    """``canvas.line`` of each mark (points from mm), as the lines of the page's stream: one
    literal, joined as ReportLab joins a page's operations, so the same bytes."""
    key = tuple(marks)
    code = _CODE.get(key)
    if code is None:
        from reportlab.lib.rl_accel import fp_str

        code = "\n".join(
            f"n {fp_str(pt(x1), pt(y1))} m {fp_str(pt(x2), pt(y2))} l S" for x1, y1, x2, y2 in marks
        )
        if len(_CODE) >= 64:  # a few arrangements a build; a long watch keeps no more
            _CODE.clear()
        _CODE[key] = code
    return code


def over_bleed(mark: Segment, bleed_boxes: list[Box]) -> bool:
    """Whether a crop mark runs over some card's printed bleed (its placement's bleed box)."""
    x1, y1, x2, y2 = mark
    left, right, bottom, top = min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)
    upright = right - left < EPS
    for bx0, by0, bx1, by1 in bleed_boxes:
        # along the mark, a stretch over the bleed; across it, on it or on its edge (a column's
        # cut runs between two cards' bleeds)
        if _meets(left, right, bx0, bx1, upright) and _meets(bottom, top, by0, by1, not upright):
            return True
    return False


def _meets(start: float, end: float, low: float, high: float, edge_counts: bool) -> bool:
    if edge_counts:
        return start <= high + EPS and end >= low - EPS
    return start < high - EPS and end > low + EPS
