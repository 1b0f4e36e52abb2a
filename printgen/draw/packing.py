"""Stage 5 — pack: place every card to print on as few sheets as possible.

Cards of one *kind* (same size, shape and gutter, whatever their bleed: blocks.sharing_grids)
form rectangular blocks: a grid whose neighbours share their cut lines (gutter 0) or keep a gap.
Kinds are packed largest first; each block goes into the first free rectangle, on any sheet
already started, that holds it, so decks of the same size continue on the same sheet and
smaller components fill what the cards left.
Free space is split guillotine-fashion (a block takes the top-left corner of a free rectangle,
leaving one rectangle to its right and one below), so every block can be separated from the others
with straight cuts before its own cut lines are cut. Which of the two leftovers runs the whole
length of the cut decides what fits later (cards a millimetre taller than the block beside them
fit only if the rectangle to its right runs to the bottom), so when kinds of several sizes share
the sheets, each way of cutting is tried, with partial blocks kept as wide as a full row, made
as narrow as their rows allow or cut to whole rows (the last row a block of its own: the next
row of their grid, with the room beside it free), new sheets turned where a kind fills them
either way, and the kinds taken largest first, taking most paper first or (for a few cards) in
every order, or each first.

Lengths are millimetres from the page's bottom-left corner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

from printgen.draw.blocks import (
    EDGE,
    EPS,
    FOLD_CLEAR,
    PAPER_PAD,
    Block,
    Kind,
    Rect,
    SheetPlan,
)
from printgen.draw.orders import EVERY_ORDER_CARDS, Group, orders_of
from printgen.problems import Where

# How a block's free rectangle is cut after it: "across" below the block, the whole width, so
# the rectangle right of the block is as tall as the block; "down" right of the block, the whole
# height; "larger" whichever of the two leaves the larger free rectangle.
Split = Literal["across", "down", "larger"]
SPLITS: tuple[Split, ...] = ("across", "down", "larger")  # tried in this order; ties: the first


class DoesNotFit(Exception):
    def __init__(
        self,
        message: str,
        where: Where | None = None,
        kind: Kind | None = None,
    ) -> None:
        super().__init__(message)
        self.where = where or Where("cards")
        self.kind = kind  # the cards that do not fit
        self.more: list[DoesNotFit] = []  # other cards too large as well: each is said

    def every(self) -> list[DoesNotFit]:
        return [self, *self.more]


def fit(
    kind: Kind, rect: Rect, wanted: int, narrow: bool = False, rows_only: bool = False
) -> tuple[int, int] | None:
    """(cols, count) of the biggest block of at most ``wanted`` cards that fits ``rect``;
    ``narrow``: a partial block as narrow as its rows allow (6 cards in 3 × 2, not 4 + 2 with
    two empty slots kept), the room beside it free for the next kind; ``rows_only``: whole
    rows alone (7 cards in 3 columns: 6, then a block of 1 whose row leaves the rest of its
    width free — a mini card fits beside it, where the empty slots of a 3 × 3 block kept it
    off the sheet)."""
    need_x = (PAPER_PAD if rect.open_left else kind.pad) + (
        PAPER_PAD if rect.open_right else kind.pad
    )
    need_y = (PAPER_PAD if rect.open_top else kind.pad) + (
        PAPER_PAD if rect.open_bottom else kind.pad
    )
    cols = int((rect.width - need_x + kind.gutter + EPS) // (kind.width + kind.gutter))
    rows = int((rect.height - need_y + kind.gutter + EPS) // (kind.height + kind.gutter))
    if cols < 1 or rows < 1:
        return None
    count = min(wanted, cols * rows)
    if rows_only and count > cols:
        count -= count % cols
    if narrow:
        return -(-count // -(-count // cols)), count
    return min(cols, count), count


def place(
    kind: Kind, rect: Rect, cols: int, items: list[object], split: Split = "across"
) -> tuple[Block, list[Rect]]:
    """A block in the top-left corner of ``rect``, and the free rectangles it leaves."""
    left = rect.left + (PAPER_PAD if rect.open_left else kind.pad)
    top = rect.top - (PAPER_PAD if rect.open_top else kind.pad)
    block = Block(kind, left, top, cols, len(items), items, rect)
    right = min(rect.right, block.right + kind.pad)
    bottom = max(rect.bottom, block.bottom - kind.pad)
    block.footprint = replace(
        rect,
        right=right,
        bottom=bottom,
        open_right=rect.open_right and right >= rect.right - EPS,
        open_bottom=rect.open_bottom and bottom <= rect.bottom + EPS,
    )
    across = [
        Rect(right, bottom, rect.right, rect.top, False, False, rect.open_right, rect.open_top),
        Rect(
            rect.left,
            rect.bottom,
            rect.right,
            bottom,
            rect.open_left,
            rect.open_bottom,
            rect.open_right,
            False,
        ),
    ]
    down = [
        Rect(
            right,
            rect.bottom,
            rect.right,
            rect.top,
            False,
            rect.open_bottom,
            rect.open_right,
            rect.open_top,
        ),
        Rect(rect.left, rect.bottom, right, bottom, rect.open_left, rect.open_bottom, False, False),
    ]
    if split == "larger":
        split = "down" if _largest(down) > _largest(across) + EPS else "across"
    leftover = down if split == "down" else across
    return block, [r for r in leftover if r.width > EPS and r.height > EPS]


def _largest(rects: list[Rect]) -> float:
    return max(max(r.width, 0.0) * max(r.height, 0.0) for r in rects)


def folds_side_by_side(width: float, height: float) -> bool:
    """Whether a fold sheet of this size folds across its width — its halves side by side, a
    landscape page — rather than one half above the other (a portrait page)."""
    return width >= height


def front_area(width: float, height: float, fold: bool) -> Rect:
    if fold and folds_side_by_side(width, height):  # fronts left; backs mirrored on the right
        return Rect(EDGE, EDGE, width / 2 - FOLD_CLEAR, height - EDGE, True, True, True, True)
    if fold:  # fronts on the top half; backs mirrored on the bottom half
        return Rect(
            EDGE, height / 2 + FOLD_CLEAR, width - EDGE, height - EDGE, True, True, True, True
        )
    return Rect(EDGE, EDGE, width - EDGE, height - EDGE, True, True, True, True)


def orientations(paper: tuple[float, float], fold: bool) -> list[tuple[float, float]]:
    short, long_ = sorted(paper)
    if fold:  # the fold halves the long side: across a landscape page (its halves side by
        # side), or across a portrait one (one above the other) when that holds more cards —
        # two tarot cards a half instead of one
        return [(long_, short), (short, long_)]
    return [(short, long_), (long_, short)]


def new_sheet(
    kind: Kind, paper: tuple[float, float], fold: bool, turned: bool = False
) -> SheetPlan:
    """A sheet in the orientation holding most cards of ``kind`` (on a tie, the first of
    ``orientations``, or with ``turned`` the other)."""
    best: tuple[int, SheetPlan] | None = None
    ways = orientations(paper, fold)
    for w, h in ways[::-1] if turned else ways:
        area = front_area(w, h, fold)
        found = fit(kind, area, 10**6)
        if found and (best is None or found[1] > best[0]):
            best = (found[1], SheetPlan(w, h, area, [area], fold=fold))
    if best is None:
        # at the paper's edge a card needs room for its marks alone, never its bleed (which may
        # run into the margin): the largest card is the same whatever the bleed, so the message
        # names it rather than the bleed, which a designer would lower to no avail
        room = "half a sheet (folded)" if fold else "the sheet"
        wide, high = largest_card(paper, fold)
        raise DoesNotFit(
            f"a {kind.width:g}×{kind.height:g} mm card does not fit on {room} of "
            f"{paper[0]:g}×{paper[1]:g} mm paper with room for its crop marks: at most "
            f"{wide:g}×{high:g} mm (or {high:g}×{wide:g})",
            kind=kind,
        )
    return best[1]


def largest_card(paper: tuple[float, float], fold: bool) -> tuple[float, float]:
    """The largest card a sheet (``fold``: half a sheet) of ``paper`` holds with room for its
    crop marks, to the tenth of a millimetre below, so that a card of the size named fits."""
    w, h = orientations(paper, fold)[0]
    area = front_area(w, h, fold)
    wide, high = (
        math.floor((side - 2 * PAPER_PAD) * 10 + EPS) / 10 for side in (area.width, area.height)
    )
    return wide, high


def folds(kind: Kind, paper: tuple[float, float]) -> bool:
    """Whether a card of ``kind`` fits half a sheet of ``paper``, its back on the other half."""
    return any(fit(kind, front_area(w, h, True), 1) for w, h in orientations(paper, True))


def pack(
    groups: list[Group],
    paper: tuple[float, float],
    fold: bool,
    unfolded: list[Group] | None = None,
) -> list[list[SheetPlan]]:
    """Sheets holding every item of every group, each group in its order, for each way of
    cutting the free space and order of the kinds ("across", largest card first, first; one
    kind fills whole sheets whichever way is used: one plan). The caller prints the fewest
    sheets that keep their labels (draw.sheets).

    ``unfolded``: groups printed without a back while ``groups`` fold — they fill what the
    folded cards leave of their sheets' front halves (the empty slots of a grid of their size
    first), then whole sheets, not half sheets whose other half would stay white."""
    unfolded = unfolded or []
    # every kind too large for the paper, not the first alone: the designer fixes them at once
    misfits = []
    for kinds, folded in ((groups, fold), (unfolded, False)):
        for kind, _ in kinds:
            try:
                new_sheet(kind, paper, folded)
            except DoesNotFit as exc:
                misfits.append(exc)
    if misfits:
        misfits[0].more = misfits[1:]
        raise misfits[0]
    several = len(groups) + len(unfolded) > 1
    splits = SPLITS if several else SPLITS[:1]
    # partial blocks as wide as a row, as narrow as their rows allow, or whole rows alone
    blocks = [Blocks(), Blocks(narrow=True)] if several else [Blocks()]
    if several and sum(len(items) for _, items in [*groups, *unfolded]) <= EVERY_ORDER_CARDS:
        # a few cards, where a sheet saved counts most and trying costs little: the last row
        # a block of its own, and — a kind as many cards a sheet either way — sheets turned (3
        # tarot cards take a portrait A4 as well as a landscape one, where a bridge, a mini and
        # an 88 × 63 mm card fit beside them)
        blocks.append(Blocks(rows_only=True))
        if any(_tied(kind, paper, fold) for kind, _ in groups):
            blocks.append(Blocks(turned=True))
    ways = []
    orders, flat = orders_of(groups), orders_of(unfolded)
    for number in range(max(len(orders), len(flat))):
        folding, rest = orders[min(number, len(orders) - 1)], flat[min(number, len(flat) - 1)]
        for how in blocks:
            for split in splits:
                sheets = _packed(folding, paper, fold, split, how, [])
                left = _into_empty_slots(sheets, rest)
                ways.append(_packed(left, paper, False, split, how, sheets))
    for sheets in ways:
        for sheet in sheets:
            _centre(sheet)
    return ways


@dataclass(frozen=True)
class Blocks:
    """How one way of packing makes its blocks and sheets (see ``fit`` and ``new_sheet``)."""

    narrow: bool = False
    rows_only: bool = False
    turned: bool = False


def _tied(kind: Kind, paper: tuple[float, float], fold: bool) -> bool:
    """Whether a sheet holds as many cards of ``kind`` in one orientation as in the other."""
    held = [fit(kind, front_area(w, h, fold), 10**6) for w, h in orientations(paper, fold)]
    return held[0] is not None and held[1] is not None and held[0][1] == held[1][1]


def _packed(
    groups: list[Group],
    paper: tuple[float, float],
    fold: bool,
    split: Split,
    how: Blocks,
    sheets: list[SheetPlan],
) -> list[SheetPlan]:
    """``sheets`` with ``groups`` placed in their order: in the room left, then on new sheets."""
    for kind, items in groups:
        done = 0  # items[:done] are placed
        first = 0  # sheets before this one have no free rectangle this kind fits
        while done < len(items):
            first, placed = _into_free_space(kind, items, done, sheets, first, split, how)
            done += placed
            if first == len(sheets):
                # new_sheet checked that a block fits it: the next round places one there
                sheets.append(new_sheet(kind, paper, fold, how.turned))
    return sheets


def _into_empty_slots(sheets: list[SheetPlan], groups: list[Group]) -> list[Group]:
    """Cards without a back into the empty slots of the last row of a fold sheet's grid of
    their kind, as its next cards: its block kept that room, where no other block fits, and a
    sheet of 4 poker cards a front half took 3 folded ones and left the fourth slot white while
    the cards without a back started a sheet of their own. Nothing folds over them: their
    mirrored slot stays blank. Returns the cards left for the free room and new sheets."""
    left = {kind: list(items) for kind, items in groups}
    for sheet in sheets:
        for index, block in enumerate(sheet.blocks):
            items = left.get(block.kind)
            empty = block.rows * block.cols - block.count
            if items and empty > 0:
                more, left[block.kind] = items[:empty], items[empty:]
                filled = [*block.items, *more]
                sheet.blocks[index] = replace(block, count=len(filled), items=filled)
    return [(kind, left[kind]) for kind, _ in groups]


def _into_free_space(
    kind: Kind,
    items: list[object],
    done: int,
    sheets: list[SheetPlan],
    first: int,
    split: Split,
    how: Blocks,
) -> tuple[int, int]:
    """Place the next block of ``items[done:]`` in the first free rectangle, from sheet
    ``first`` on, that holds one; return that sheet's index (``len(sheets)`` when none does)
    and how many items the block took. Whether a rectangle fits a kind does not depend on how
    many cards are left, and only the sheet that took a block changes, so later calls for the
    same kind may start where this one placed: packing stays linear in the number of sheets,
    with the same result as scanning from the first."""
    for number in range(first, len(sheets)):
        sheet = sheets[number]
        for index, rect in enumerate(sheet.free):
            found = fit(kind, rect, len(items) - done, how.narrow, how.rows_only)
            if found is None:
                continue
            cols, count = found
            whole = fit(kind, rect, len(items) - done) if how.rows_only else None
            # a last row cut off, all the cards fitting here: it stays the grid's next row
            # (not with a gutter: each card's own cut lines, and a mark between the rows could
            # cross a bleed)
            if whole and whole[1] > count and not kind.gutter:
                count = whole[1]
                blocks, leftover = _with_last_row(
                    kind, rect, cols, items[done : done + count], split
                )
            else:
                block, leftover = place(kind, rect, cols, items[done : done + count], split)
                blocks = [block]
            sheet.blocks += blocks
            sheet.free[index : index + 1] = leftover
            return number, count
    return len(sheets), 0


def _with_last_row(
    kind: Kind, rect: Rect, cols: int, items: list[object], split: Split
) -> tuple[list[Block], list[Rect]]:
    """``items``, whole rows and a last row of fewer cards, placed as one grid is, as two
    blocks: the last row touches the rows above, sharing their cut line as neighbouring cards
    do, and the room beside it (the grid's empty slots, to its footprint's edges) is free for
    the next kind. Apart, with room for both blocks' marks between, the row needed 12 mm more
    (poker cards, 3 mm of bleed), which Letter lacks under three poker rows. Cut the grid out,
    then along the shared line: the rows come off, and a straight cut parts the last row from
    what lies beside it."""
    grid, leftover = place(kind, rect, cols, items, split)
    full = len(items) - len(items) % cols
    rows = replace(grid, count=full, items=items[:full])
    n = len(items) - full
    last = replace(grid, top=rows.bottom, cols=n, count=n, items=items[full:])
    f = grid.footprint
    beside = replace(f, left=last.right + kind.pad, top=rows.bottom - kind.pad)
    beside = replace(beside, open_left=False, open_top=False)
    room = [beside] if beside.width > EPS and beside.height > EPS else []
    return [rows, last], room + leftover


def _centre(sheet: SheetPlan) -> None:
    """Move the blocks together so the cards sit centred in the front area, keeping the room
    every block needs at the paper's edges."""
    if not sheet.blocks:
        return
    area = sheet.area
    left = min(b.left for b in sheet.blocks)
    right = max(b.right for b in sheet.blocks)
    bottom = min(b.bottom for b in sheet.blocks)
    top = max(b.top for b in sheet.blocks)
    dx = (area.left + area.right) / 2 - (left + right) / 2
    dy = (area.bottom + area.top) / 2 - (bottom + top) / 2
    dx = max(area.left + PAPER_PAD - left, min(dx, area.right - PAPER_PAD - right))
    dy = max(area.bottom + PAPER_PAD - bottom, min(dy, area.top - PAPER_PAD - top))
    sheet.blocks = [b.moved(dx, dy) for b in sheet.blocks]
