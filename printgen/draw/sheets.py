"""Stage 5 — impose: cards packed on sheets (packing.py, in the blocks of blocks.py), their backs,
crop marks (marks.py) and sheet labels (labels.py), drawn on the PDF canvas.

Neighbouring cards share their cut lines (gutter 0) and the bleed is drawn only around a block's
outside edge; with a gutter each card keeps up to half the gutter of bleed on its inner sides.
Backs print on the next page where the turned sheet puts them (long or short edge) moved by the
calibrated back offset, or beside their fronts mirrored about a fold line (fold).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from printgen.draw.blocks import EPS, Block, Kind, SheetPlan
from printgen.draw.faces import Layers, draw_face, form_name, marked_box
from printgen.draw.labels import Box, Label, draw_labels, plan_labels
from printgen.draw.marks import Segment, crop_marks, marks_code, over_bleed
from printgen.draw.packing import DoesNotFit, folds_side_by_side, pack
from printgen.draw.pdf import end_page
from printgen.layout.face import Face
from printgen.model.units import pt
from printgen.options import Duplex, Offset

__all__ = ["DoesNotFit", "Item", "Placement", "Sheet", "draw_sheet", "impose"]

MARK_WIDTH = 0.25  # pt, hairline
HALO_WIDTH = 1.25  # pt: a crop mark over a bleed gets a white pt each side
Bleed = tuple[float, float, float, float]  # mm printed past the trim: left, bottom, right, top
Slot = tuple[float, float, Kind]  # a trim box's bottom-left corner, mm, and its card's kind
FOLD_DASH = (3.0, 2.0)  # pt


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
    bars as well as the first way does (a denser plan may fill every margin).

    ``caption`` starts each sheet's label ("Game · cards"); ``words`` translate sheet, fronts,
    backs and fold."""
    has_backs = any(item.back is not None for item in items)
    fold = duplex == Duplex.FOLD and has_backs  # nothing to fold over: use the whole sheet
    # folding, a card without a back needs no half sheet of its own: nothing folds over it
    groups: dict[Kind, list[object]] = {}
    flat: dict[Kind, list[object]] = {}
    for item in items:
        (flat if fold and item.back is None else groups).setdefault(item.kind, []).append(item)
    ways = pack(list(groups.items()), paper, fold, list(flat.items()))
    sides = Sides(has_backs, duplex, offset)
    first = _imposed(ways[0], sides, caption, words)
    labelled = min((len(sheet.labels) for sheet in first), default=0)
    for plans in sorted(ways[1:], key=len):
        if len(plans) >= len(ways[0]):
            break
        sheets = _imposed(plans, sides, caption, words)
        if all(len(sheet.labels) >= labelled for sheet in sheets):
            return sheets
    return first


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
        sheets.append(Sheet("front", number, plan.width, plan.height, fronts, marks))
        if sides.has_backs and duplex not in (Duplex.NONE, Duplex.FOLD):
            backs, blank = _turned(fronts, plan, duplex, sides.offset)
            sheets.append(Sheet("back", number, plan.width, plan.height, backs, blank=blank))
    bleeds: dict[Bleed, Bleed] = {}
    places: dict[float, float] = {}
    arrangements: dict[Arrangement, list[Bleed]] = {}
    for sheet in sheets:
        _set_bleeds(sheet, bleeds, places, arrangements)
        side = _side(sheet, words)
        text = f"{caption} · {words.get('sheet', 'sheet')} {sheet.number}/{len(plans)} · {side}"
        sheet.labels = plan_labels(text, sheet.width, sheet.height, _taken(sheet))
    return sheets


def _side(sheet: Sheet, words: dict[str, str]) -> str:
    """What a sheet's label calls its side. The back page of a sheet whose cards print no back
    stays (a duplex printer takes the pages two by two: without it, the next sheet's fronts
    would print on its back), blank but for a label that says so rather than "backs"."""
    if sheet.side == "fold":
        return words.get("fold", "fold")
    if sheet.side == "back" and not sheet.placements:
        return words.get("no_backs", "no_backs")  # asked for wherever a sheet may have no backs
    return words.get(f"{sheet.side}s", sheet.side)


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
Arrangement = tuple[Corners, Corners]  # the placements' corners and kinds, the blank slots'


def _set_bleeds(
    sheet: Sheet,
    shared: dict[Bleed, Bleed],
    places: dict[float, float],
    known: dict[Arrangement, list[Bleed]],
) -> None:
    """Full bleed on a card's outer sides; at most half the gutter where a neighbour abuts.
    Sheets share their few bleeds and their coordinates (``shared``, ``places``): a card is
    placed where it was on the sheet before, and 100,000 placements need not hold their own.
    Full sheets of one deck are laid out alike: each arrangement's bleeds (``known``, by the
    placements' corners and kinds, and the blank slots') are worked out once, not for every
    one of 1,000 sheets."""
    arrangement = (
        tuple((p.x, p.y, id(p.kind)) for p in sheet.placements),
        tuple((x, y, id(kind)) for x, y, kind in sheet.blank),
    )
    bleeds = known.get(arrangement)
    if bleeds is None:
        bleeds = known[arrangement] = [shared.setdefault(b, b) for b in _bleeds(sheet)]
    for p, bleed in zip(sheet.placements, bleeds, strict=True):
        p.x, p.y = places.setdefault(p.x, p.x), places.setdefault(p.y, p.y)
        p.bleed = bleed


def _bleeds(sheet: Sheet) -> list[Bleed]:
    """Each placement's bleed on ``sheet``: inner sides (a neighbour abuts) get at most half
    the gutter. A blank slot is a neighbour too: a back bleeding into the blank back of a card
    without one left a stripe of it along that card's edge once cut, where its front has none."""
    corners = {(round(p.x, 3), round(p.y, 3), p.kind) for p in sheet.placements}
    corners |= {(round(x, 3), round(y, 3), kind) for x, y, kind in sheet.blank}
    bleeds = []
    for p in sheet.placements:
        k = p.kind
        inner = min(k.bleed, k.gutter / 2)
        step_x, step_y = k.width + k.gutter, k.height + k.gutter

        def has(dx: float, dy: float, p: Placement = p, k: Kind = k) -> bool:
            return (round(p.x + dx, 3), round(p.y + dy, 3), k) in corners

        bleed = (
            inner if has(-step_x, 0) else k.bleed,
            inner if has(0, -step_y) else k.bleed,
            inner if has(step_x, 0) else k.bleed,
            inner if has(0, step_y) else k.bleed,
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


def draw_sheet(
    canvas: Canvas,
    sheet: Sheet,
    forms: dict[str, str],
    layers: Layers | None = None,
    drawn: Mapping[str, Face] | None = None,
) -> None:
    """Draw a sheet: each face from its form when it has one (`forms`: face key -> form name),
    else in place — as ``drawn`` has it laid out (by face key), when its front was streamed."""
    canvas.setPageSize((pt(sheet.width), pt(sheet.height)))
    for placement in sheet.placements:
        face = placement.face
        left, bottom, right, top = placement.bleed
        canvas.saveState()
        canvas.translate(pt(placement.x), pt(placement.y))
        form = forms.get(face.key)
        # a form is clipped to its face's bleed box: a card drawn in place, or one losing bleed to
        # a neighbour, is clipped here to its placement's bleed
        if form is None or any(b + EPS < face.bleed_mm for b in placement.bleed):
            path = canvas.beginPath()
            path.rect(
                -pt(left),
                -pt(bottom),
                pt(face.width_mm + left + right),
                pt(face.height_mm + bottom + top),
            )
            canvas.clipPath(path, stroke=0, fill=0)
        if placement.upside_down:  # about the trim box's centre
            canvas.translate(pt(face.width_mm), pt(face.height_mm))
            canvas.rotate(180)
        if form is None:
            # marked as a form would be named and boxed, so tools reading the PDF find the card
            canvas.addLiteral(f"/Card <</Name /{form_name(face)} /BBox [{marked_box(face)}]>> BDC")
            laid = drawn.get(face.key, face) if drawn else face
            draw_face(canvas, laid, layers, clipped=True)  # to its placement's bleed, above
            canvas.addLiteral("EMC")
        else:
            canvas.doForm(form)
        canvas.restoreState()
    canvas.saveState()
    # where a narrow margin makes a mark cross the outer bleed (cut off anyway), a white edge
    # each side keeps the black hairline visible on a dark card
    boxes = [placement.bleed_box for placement in sheet.placements]
    halo = [mark for mark in sheet.marks if over_bleed(mark, boxes)]
    if halo:
        canvas.setLineWidth(HALO_WIDTH)
        canvas.setStrokeColorRGB(1, 1, 1)
        for x1, y1, x2, y2 in halo:
            canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeColorRGB(0, 0, 0)
    if sheet.marks:  # (an empty literal would be a line of its own in the page's stream)
        canvas.addLiteral(marks_code(sheet.marks))
    for placement in sheet.placements:
        face = placement.face
        if face.shape == "circle" and face.side == "front":
            canvas.ellipse(
                pt(placement.x),
                pt(placement.y),
                pt(placement.x + face.width_mm),
                pt(placement.y + face.height_mm),
                stroke=1,
                fill=0,
            )
    if sheet.fold_x is not None:
        canvas.setDash(*FOLD_DASH)
        canvas.line(pt(sheet.fold_x), pt(5.0), pt(sheet.fold_x), pt(sheet.height - 5.0))
    if sheet.fold_y is not None:
        canvas.setDash(*FOLD_DASH)
        canvas.line(pt(5.0), pt(sheet.fold_y), pt(sheet.width - 5.0), pt(sheet.fold_y))
    canvas.restoreState()
    draw_labels(canvas, sheet.labels, sheet.width, sheet.height)
    end_page(canvas)
