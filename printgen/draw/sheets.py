"""Stage 5 — impose: cards packed on sheets (packing.py, in the blocks of blocks.py), their backs,
crop marks (marks.py) and sheet labels (labels.py), for drawing.py to draw on the PDF canvas.

Neighbouring cards share their cut lines (gutter 0) and the bleed is drawn only around a block's
outside edge; with a gutter each card keeps up to half the gutter of bleed on its inner sides.
Backs print on the next page where the turned sheet puts them (long or short edge) moved by the
calibrated back offset, or beside their fronts mirrored about a fold line (fold) — but for cards
too large for half a sheet, which print their backs on a page of their own there too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from printgen.draw.blocks import EPS, Block, Kind, SheetPlan, sharing_grids
from printgen.draw.fewest_sheets import fewest
from printgen.draw.labels import Box, Label, plan_labels
from printgen.draw.marks import Segment, crop_marks
from printgen.draw.orders import Group
from printgen.draw.packing import DoesNotFit, folds, folds_side_by_side, pack
from printgen.layout.face import Face
from printgen.options import Duplex, Offset

__all__ = ["DoesNotFit", "Item", "Placement", "Sheet", "impose"]

Bleed = tuple[float, float, float, float]  # mm printed past the trim: left, bottom, right, top
Slot = tuple[float, float, Kind]  # a trim box's bottom-left corner, mm, and its card's kind


@dataclass(frozen=True, slots=True)
class Item:
    """One physical card to print: its front, and its back if the deck has one."""

    card: str
    front: Face
    back: Face | None
    kind: Kind


@dataclass(slots=True)  # not frozen: its bleed is set once the sheet's neighbours are known
class Placement:
    """A card face on a sheet: where its trim box sits (mm from the page's bottom-left) and how much
    of its bleed prints."""

    face: Face
    card: str  # the card's id, for its back too
    x: float  # trim box bottom-left, mm from the page's bottom-left corner
    y: float
    kind: Kind
    bleed: Bleed = (0.0, 0.0, 0.0, 0.0)
    back: Face | None = None  # what prints behind a front
    # a back on a sheet turned (or folded) top over bottom: drawn upside down, so that the cut
    # card turned over like a page shows it upright, as a long-edge sheet's backs are
    upside_down: bool = False

    def rooms(self, width: float, height: float) -> Bleed:
        """The room between its trim and the edges of a ``width`` × ``height`` mm page: left,
        bottom, right, top, as its bleed is given."""
        return (
            self.x,
            self.y,
            width - self.x - self.face.width_mm,
            height - self.y - self.face.height_mm,
        )

    @property
    def bleed_box(self) -> Box:
        left, bottom, right, top = self.bleed
        return (
            self.x - left,
            self.y - bottom,
            self.x + self.face.width_mm + right,
            self.y + self.face.height_mm + top,
        )


@dataclass
class Sheet:
    """One printed side of a sheet: its placements, crop marks, fold line and labels."""

    side: str  # front, back, or fold (fronts and their backs on one side)
    number: int  # the physical sheet, from 1; a front and its back share it
    width: float  # mm, as the page is oriented
    height: float
    placements: list[Placement]
    marks: list[Segment] = field(default_factory=list)
    fold_x: float | None = None  # the fold line: down the middle of a landscape page …
    fold_y: float | None = None  # … or across the middle of a portrait one
    labels: list[Label] = field(default_factory=list)
    # where a card prints nothing on this side (behind a front without a back): its neighbours
    # share their cut line with it all the same, and bleed into it no more than into a card
    blank: list[Slot] = field(default_factory=list)
    # a page printed double-sided in a fold build (its cards too large for half a sheet): how
    # the sheet is turned; None where the build's --duplex says how
    duplex: Duplex | None = None


def impose(
    items: list[Item],
    paper: tuple[float, float],
    duplex: Duplex,
    offset: Offset,
    caption: str,
    words: dict[str, str],
) -> list[Sheet]:
    """Every sheet of one output file, front pages each followed by its back page: of the ways
    the cards can be packed (draw.packing), the fewest sheets that keep their labels and scale
    bars as well as the first way does (a denser plan may fill every margin). Folding, cards
    too large for half a sheet follow the fold sheets on sheets of their own, printed as
    ``--duplex long`` prints them, the back offset moving their backs (printed double-sided,
    they drift as any duplex page does; the fold sheets' backs come out of the same pass).

    ``caption`` starts each sheet's label ("Game · cards"); ``words`` translate sheet, fronts,
    backs and fold."""
    items = _in_their_grids(items)
    has_backs = any(item.back is not None for item in items)
    fold = duplex == Duplex.FOLD and has_backs  # nothing to fold over: use the whole sheet
    groups, flat, unfolded = _grouped(items, paper, fold)
    sides = Sides(has_backs, duplex, offset)
    misfits: list[DoesNotFit] = []  # of both packings: every deck too large is said at once
    ways: list[list[SheetPlan]] = [[]]
    long_edge: list[list[SheetPlan]] = [[]]
    try:
        ways = pack(groups, paper, fold, flat)
    except DoesNotFit as exc:
        misfits += exc.every()
    if unfolded:
        try:
            long_edge = pack(unfolded, paper, False)
        except DoesNotFit as exc:
            misfits += exc.every()
    if misfits:
        misfits[0].more = misfits[1:]
        raise misfits[0]
    plans, sheets = fewest(ways, lambda way: _imposed(way, sides, caption, words))
    if not unfolded:
        return sheets
    long_sides = Sides(True, Duplex.LONG, offset)
    turned, _ = fewest(long_edge, lambda way: _imposed(way, long_sides, caption, words))
    plans = plans + [replace(plan, long_edge=True) for plan in turned]
    return _imposed(plans, sides, caption, words)


def _in_their_grids(items: list[Item]) -> list[Item]:
    """The items, each of the kind of the grid it shares (``sharing_grids``); most builds have
    no two bleeds of one grid, and their items are kept as they are."""
    grids = sharing_grids({item.kind for item in items})
    if all(grid is kind for kind, grid in grids.items()):
        return items
    return [
        item if grids[item.kind] is item.kind else replace(item, kind=grids[item.kind])
        for item in items
    ]


def _grouped(
    items: list[Item], paper: tuple[float, float], fold: bool
) -> tuple[list[Group], list[Group], list[Group]]:
    """The items by kind: those packed as the build's --duplex says, and, folding, those
    without a back (nothing folds over them: no half sheet of their own) and those too large
    for half a sheet (printed long edge)."""
    groups: dict[Kind, list[object]] = {}
    flat: dict[Kind, list[object]] = {}
    unfolded: dict[Kind, list[object]] = {}
    folding: dict[Kind, bool] = {}
    for item in items:
        if not fold:
            into = groups
        elif item.back is None:
            into = flat
        else:
            if item.kind not in folding:
                folding[item.kind] = folds(item.kind, paper)
            into = groups if folding[item.kind] else unfolded
        into.setdefault(item.kind, []).append(item)
    return list(groups.items()), list(flat.items()), list(unfolded.items())


@dataclass(frozen=True)
class Sides:
    """What each planned sheet is printed as: fronts and backs, or folded (``SheetPlan.fold``)."""

    has_backs: bool
    duplex: Duplex
    offset: Offset


def _imposed(
    plans: list[SheetPlan], sides: Sides, caption: str, words: dict[str, str]
) -> list[Sheet]:
    duplex = sides.duplex
    sheets: list[Sheet] = []
    same_marks: dict[tuple[Segment, ...], list[Segment]] = {}
    by_shape: dict[tuple[object, ...], list[Segment]] = {}
    for number, plan in enumerate(plans, start=1):
        fronts = _placements(plan.blocks)
        # full sheets of one deck have the same marks: one list for 1,000 sheets, worked out
        # once for each shape of blocks (all crop_marks reads of them), not for every sheet
        shape = (plan.area, *((b.kind, b.left, b.top, b.cols, b.count) for b in plan.blocks))
        marks = by_shape.get(shape)
        if marks is None:
            marks = crop_marks(plan.blocks, plan.area)
            marks = by_shape[shape] = same_marks.setdefault(tuple(marks), marks)
        if plan.fold:
            backs, blank = _turned(fronts, plan, Duplex.FOLD, Offset())
            sheet = Sheet("fold", number, plan.width, plan.height, fronts + backs, marks)
            sheet.blank = blank
            if folds_side_by_side(plan.width, plan.height):
                sheet.fold_x = plan.width / 2
            else:
                sheet.fold_y = plan.height / 2
            sheets.append(sheet)
            continue
        # folding, cards too large for half a sheet: their backs behind them, the sheet turned
        # over its long edge, as --duplex long would print them
        turned = Duplex.LONG if plan.long_edge else duplex
        printed = Duplex.LONG if plan.long_edge else None
        front = Sheet("front", number, plan.width, plan.height, fronts, marks, duplex=printed)
        sheets.append(front)
        if sides.has_backs and turned not in (Duplex.NONE, Duplex.FOLD):
            backs, blank = _turned(fronts, plan, turned, sides.offset)
            back = Sheet("back", number, plan.width, plan.height, backs, blank=blank)
            back.duplex = printed
            sheets.append(back)
    bleeds: dict[Bleed, Bleed] = {}
    places: dict[float, float] = {}
    arrangements: dict[Arrangement, list[Bleed]] = {}
    for sheet in sheets:
        _set_bleeds(sheet, bleeds, places, arrangements)
        side = _side(sheet, words)
        text = f"{caption} · {words.get('sheet', 'sheet')} {sheet.number}/{len(plans)} · {side}"
        title = len(caption.rpartition(" · ")[0])  # the game's, before the output's word
        sheet.labels = plan_labels(text, sheet.width, sheet.height, _taken(sheet), title)
    return sheets


def _side(sheet: Sheet, words: dict[str, str]) -> str:
    """What a sheet's label calls its side. The back page of a sheet whose cards print no back
    stays (a duplex printer takes the pages two by two: without it, the next sheet's fronts
    would print on its back), blank but for a label that says so rather than "backs"."""
    if sheet.side == "fold":
        return words.get("fold", "fold")
    if sheet.side == "back" and not sheet.placements:
        return words.get("no_backs", "no_backs")  # asked for wherever a sheet may have no backs
    side = words.get(f"{sheet.side}s", sheet.side)
    if sheet.duplex == Duplex.LONG:  # among fold sheets, printed otherwise: the label says how
        return f"{side} · {words.get('duplex_long', 'duplex_long')}"
    return side


def _placements(blocks: list[Block]) -> list[Placement]:
    placed = []
    for block in blocks:
        for index, item in enumerate(block.items):
            assert isinstance(item, Item)
            x, y = block.slot(index)
            placed.append(Placement(item.front, item.card, x, y, item.kind, back=item.back))
    return placed


def _turned(
    fronts: list[Placement], plan: SheetPlan, duplex: Duplex, offset: Offset
) -> tuple[list[Placement], list[Slot]]:
    """Each front's back where turning (or folding) the sheet puts it behind the front, and
    the slots left blank there behind the fronts that have none.

    A sheet turned over its long edge on a portrait page, or over its short edge on a landscape
    page, swaps left and right; otherwise top and bottom. A fold line halfway along the long side
    swaps, on the same side of the paper, left and right (a landscape page) or top and bottom
    (a portrait one).

    The offset is read off the portrait calibration sheet (X across the paper, Y along it, as
    one looks at the back). A printer prints a landscape page a quarter turn anticlockwise on
    the paper (what IPP and XPS call landscape), so there the page's own right is the paper's
    up and its up the paper's left: the offset turns with it.
    """
    portrait = plan.width <= plan.height
    if duplex == Duplex.FOLD:
        mirror_x = folds_side_by_side(plan.width, plan.height)
    else:
        mirror_x = (duplex == Duplex.LONG) == portrait
    dx, dy = (offset.x, offset.y) if portrait else (offset.y, -offset.x)
    backs, blank = [], []
    for front in fronts:
        w, h = front.face.width_mm, front.face.height_mm
        if mirror_x:
            x, y = plan.width - front.x - w, front.y
        else:
            x, y = front.x, plan.height - front.y - h
        if front.back is None:
            blank.append((x + dx, y + dy, front.kind))
            continue
        backs.append(
            Placement(front.back, front.card, x + dx, y + dy, front.kind, upside_down=not mirror_x)
        )
    return backs, blank


Corners = tuple[tuple[float, float, int], ...]
Placed = tuple[tuple[float, float, int, float], ...]
# the placements' corners, kinds and bleeds; the blank slots' corners and kinds
Arrangement = tuple[Placed, Corners]


def _set_bleeds(
    sheet: Sheet,
    shared: dict[Bleed, Bleed],
    places: dict[float, float],
    known: dict[Arrangement, list[Bleed]],
) -> None:
    """A card's own full bleed on its outer sides; at most half the gutter where a neighbour
    abuts. Sheets share their few bleeds and their coordinates (``shared``, ``places``): a card is
    placed where it was on the sheet before, and 100,000 placements need not hold their own.
    Full sheets of one deck are laid out alike: each arrangement's bleeds (``known``, by the
    placements' corners and kinds, and the blank slots') are worked out once, not for every
    one of 1,000 sheets."""
    arrangement = (
        # a card's own bleed too: decks of one grid bleed differently in the same slots
        tuple((p.x, p.y, id(p.kind), p.face.bleed_mm) for p in sheet.placements),
        tuple((x, y, id(kind)) for x, y, kind in sheet.blank),
    )
    bleeds = known.get(arrangement)
    if bleeds is None:
        bleeds = known[arrangement] = [shared.setdefault(b, b) for b in _bleeds(sheet)]
    for p, bleed in zip(sheet.placements, bleeds, strict=True):
        p.x, p.y = places.setdefault(p.x, p.x), places.setdefault(p.y, p.y)
        p.bleed = bleed


def _bleeds(sheet: Sheet) -> list[Bleed]:
    """Each placement's bleed on ``sheet``: its face's own (a grid keeps room for its largest,
    ``Kind.bleed``); inner sides (a neighbour abuts) get at most half the gutter. A blank slot
    is a neighbour too: a back bleeding into the blank back of a card without one left a stripe
    of it along that card's edge once cut, where its front has none."""
    corners = {(round(p.x, 3), round(p.y, 3), p.kind) for p in sheet.placements}
    corners |= {(round(x, 3), round(y, 3), kind) for x, y, kind in sheet.blank}
    bleeds = []
    for p in sheet.placements:
        k, own = p.kind, p.face.bleed_mm
        inner = min(own, k.gutter / 2)
        step_x, step_y = k.width + k.gutter, k.height + k.gutter

        def has(dx: float, dy: float, p: Placement = p, k: Kind = k) -> bool:
            return (round(p.x + dx, 3), round(p.y + dy, 3), k) in corners

        bleed = (
            inner if has(-step_x, 0) else own,
            inner if has(0, -step_y) else own,
            inner if has(step_x, 0) else own,
            inner if has(0, step_y) else own,
        )
        bleeds.append(_short_of_the_fold(sheet, p, bleed))
    return bleeds


def _short_of_the_fold(sheet: Sheet, p: Placement, bleed: Bleed) -> Bleed:
    """A side facing the fold line bleeds up to the line, not over it: past it the bleed would
    print under the mirrored back (which, drawn later, covers it) and across the fold."""
    left, bottom, right, top = bleed
    w, h = p.face.width_mm, p.face.height_mm
    if sheet.fold_x is not None:
        if p.x + w <= sheet.fold_x + EPS:
            right = min(right, max(0.0, sheet.fold_x - p.x - w))
        else:
            left = min(left, max(0.0, p.x - sheet.fold_x))
    if sheet.fold_y is not None:
        if p.y + h <= sheet.fold_y + EPS:
            top = min(top, max(0.0, sheet.fold_y - p.y - h))
        else:
            bottom = min(bottom, max(0.0, p.y - sheet.fold_y))
    return left, bottom, right, top


def _taken(sheet: Sheet) -> list[Box]:
    taken = [p.bleed_box for p in sheet.placements]
    # a label there would print on the card's blank back (behind it once folded)
    taken += [(x, y, x + kind.width, y + kind.height) for x, y, kind in sheet.blank]
    taken += [
        (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)) for x1, y1, x2, y2 in sheet.marks
    ]
    if sheet.fold_x is not None:
        taken.append((sheet.fold_x, 0.0, sheet.fold_x, sheet.height))
    if sheet.fold_y is not None:
        taken.append((0.0, sheet.fold_y, sheet.width, sheet.fold_y))
    return taken
