"""What card sheets are cut into: the kinds of cards that share a grid, the free rectangles left
on a sheet, the blocks of cards placed in them, and the room kept for bleed and crop marks.
draw.packing places the blocks; draw.marks and draw.sheets draw them.

Lengths are millimetres from the page's bottom-left corner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

EDGE = 5.0  # mm kept clear at every paper edge: nothing but bleed is printed there
MARK_GAP = 1.0  # mm between a block's bleed and its crop marks, where there is room
MARK = 5.0  # mm, the longest crop mark
MIN_MARK = 2.0  # mm, the shortest crop mark between blocks
MARK_OFFSET = 0.5  # mm; a crop mark never starts closer to the cut than this
# A block at the paper's edge needs room for its marks alone, and only for short ones: where the
# margin is narrow the mark crosses the bleed, which is waste. 0.8 mm is what a quarter-inch
# margin leaves past EDGE: the print-and-play standard, three 3.5 in cards (266.7 mm) up Letter.
EDGE_MIN_MARK = 0.8
PAPER_PAD = MARK_OFFSET + EDGE_MIN_MARK
FOLD_CLEAR = 1.0  # mm kept clear on each side of a fold line
EPS = 1e-6


@dataclass(frozen=True)
class Kind:
    """What cards must share to sit in one grid (``grid``), and the bleed the grid keeps room
    for around it: the largest of its cards' (``sharing_grids``), each card printing its own."""

    width: float
    height: float
    bleed: float
    shape: str
    gutter: float  # between neighbouring trim boxes

    @property
    def grid(self) -> tuple[float, float, str, float]:
        """Size, shape and gutter: cards alike in these share cut lines, whatever their bleed
        (butted neighbours print none between them; a gutter is a real gap in the grid)."""
        return self.width, self.height, self.shape, self.gutter

    @property
    def pad(self) -> float:
        """Room a block keeps around its trim boxes towards other blocks: its bleed and marks."""
        return self.bleed + MARK_GAP + MIN_MARK

    @property
    def area(self) -> float:
        return self.width * self.height


def sharing_grids(kinds: Iterable[Kind]) -> dict[Kind, Kind]:
    """Each kind as the grid it shares with the kinds of the same ``grid``: the largest bleed
    of them, which the grid keeps room for. Apart, two decks of poker cards bled 3 and 0 mm
    took a grid each, and 5 + 4 cards two A4 sheets where one holds 9."""
    kinds = list(kinds)
    largest: dict[tuple[float, float, str, float], Kind] = {}
    for kind in kinds:
        held = largest.get(kind.grid)
        if held is None or kind.bleed > held.bleed:
            largest[kind.grid] = kind
    return {kind: largest[kind.grid] for kind in kinds}


@dataclass(frozen=True)
class Rect:
    """A free rectangle; ``open_*`` sides lie on the paper's edge (or a fold), where a block
    needs only PAPER_PAD, not its full pad."""

    left: float
    bottom: float
    right: float
    top: float
    open_left: bool = False
    open_bottom: bool = False
    open_right: bool = False
    open_top: bool = False

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.top - self.bottom


@dataclass
class Block:
    """``count`` cards of one kind in a grid, row by row from the top-left slot."""

    kind: Kind
    left: float  # trim edge of the first column
    top: float  # trim edge of the first row
    cols: int
    count: int
    items: list[object]
    footprint: Rect  # the block and the room its bleed and marks may use

    @property
    def rows(self) -> int:
        return -(-self.count // self.cols)

    @property
    def right(self) -> float:
        k = self.kind
        return self.left + self.cols * k.width + (self.cols - 1) * k.gutter

    @property
    def bottom(self) -> float:
        k = self.kind
        return self.top - self.rows * k.height - (self.rows - 1) * k.gutter

    def slot(self, index: int) -> tuple[float, float]:
        """Trim box bottom-left corner of slot ``index``."""
        k = self.kind
        row, col = divmod(index, self.cols)
        return (
            self.left + col * (k.width + k.gutter),
            self.top - (row + 1) * k.height - row * k.gutter,
        )

    def moved(self, dx: float, dy: float) -> Block:
        f = self.footprint
        return replace(
            self,
            left=self.left + dx,
            top=self.top + dy,
            footprint=replace(
                f, left=f.left + dx, right=f.right + dx, bottom=f.bottom + dy, top=f.top + dy
            ),
        )


@dataclass
class SheetPlan:
    """One sheet being filled: its size in mm, the free rectangles left and the blocks placed."""

    width: float  # paper as the page is oriented
    height: float
    area: Rect  # where fronts go: the paper inside EDGE, or its front half when folding
    free: list[Rect] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    fold: bool = False  # folded in half, the backs mirrored on the other half
    # in a fold build, cards too large for half a sheet: their backs on a page of their own,
    # the sheet turned over its long edge
    long_edge: bool = False
