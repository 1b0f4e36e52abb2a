"""Stage 5 — impose: place faces on sheets with bleed, crop marks and duplex backs.

Cards sit in a centred grid; each card keeps its own bleed, so neighbouring bleeds touch and every
card has two cut lines of its own. Crop marks extend every cut line into the margin, outside the
cards and never closer than EDGE to the paper's edge (home printers cannot print there).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printgen.layout.face import Face, LaidOutDeck
from printgen.model.units import pt
from printgen.options import Duplex
from printgen.problems import Where

EDGE = 5.0  # mm kept clear at every paper edge
GAP = 1.0  # mm between a card's bleed and its crop marks
MARK = 5.0  # mm, the longest crop mark
MIN_MARK = 2.0  # mm; a grid that leaves less room for marks is not used
MARK_WIDTH = 0.25  # pt, hairline


class DoesNotFit(Exception):
    def __init__(self, message: str, where: Where | None = None) -> None:
        super().__init__(message)
        self.where = where or Where("cards")


@dataclass(frozen=True)
class Grid:
    paper_w: float  # mm, as the page is oriented
    paper_h: float
    cols: int
    rows: int
    cell_w: float  # card plus bleed on both sides
    cell_h: float
    bleed: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def left(self) -> float:
        return (self.paper_w - self.cols * self.cell_w) / 2

    @property
    def bottom(self) -> float:
        return (self.paper_h - self.rows * self.cell_h) / 2

    def trim_origin(self, index: int) -> tuple[float, float]:
        """Bottom-left corner of the trim box of slot ``index`` (row-major from the top-left)."""
        row, col = divmod(index, self.cols)
        x = self.left + col * self.cell_w + self.bleed
        y = self.bottom + (self.rows - 1 - row) * self.cell_h + self.bleed
        return x, y


def plan_grid(card_w: float, card_h: float, bleed: float, paper: tuple[float, float]) -> Grid:
    """The orientation holding the most cards (portrait on a tie) with room for crop marks."""
    margin = EDGE + GAP + MIN_MARK
    best: Grid | None = None
    short, long_ = sorted(paper)
    for w, h in ((short, long_), (long_, short)):
        cell_w, cell_h = card_w + 2 * bleed, card_h + 2 * bleed
        cols = int((w - 2 * margin + 1e-6) // cell_w)
        rows = int((h - 2 * margin + 1e-6) // cell_h)
        grid = Grid(w, h, cols, rows, cell_w, cell_h, bleed)
        if cols >= 1 and rows >= 1 and (best is None or grid.per_page > best.per_page):
            best = grid
    if best is None:
        raise DoesNotFit(
            f"a {card_w:g}×{card_h:g} mm card with {bleed:g} mm bleed does not fit "
            f"on {paper[0]:g}×{paper[1]:g} mm paper with crop marks"
        )
    return best


@dataclass(frozen=True)
class Placement:
    face: Face
    x: float  # trim box bottom-left, mm from the page's bottom-left corner
    y: float


@dataclass
class Sheet:
    side: str  # front or back
    grid: Grid
    placements: list[Placement]
    circles: bool  # cut circles around round tokens


def back_origin(
    grid: Grid, x: float, y: float, w: float, h: float, duplex: Duplex
) -> tuple[float, float]:
    """Where a back must sit so that it prints behind the front at (x, y).

    The sheet turns over about the paper's long edge (``long``) or short edge (``short``); on a
    portrait page the long edge is vertical, so a long-edge flip mirrors left and right.
    """
    portrait = grid.paper_w <= grid.paper_h
    mirror_x = (duplex == Duplex.LONG) == portrait
    if mirror_x:
        return grid.paper_w - x - w, y
    return x, grid.paper_h - y - h


def impose_deck(laid: LaidOutDeck, paper: tuple[float, float], duplex: Duplex) -> list[Sheet]:
    deck = laid.deck
    try:
        grid = plan_grid(deck.width_mm, deck.height_mm, deck.bleed_mm, paper)
    except DoesNotFit as exc:
        raise DoesNotFit(f"deck '{deck.id}': {exc}", deck.size_where) from None
    faces = [face for card, face in laid.fronts for _ in range(card.count)]
    sheets: list[Sheet] = []
    round_ = deck.shape == "circle"
    for start in range(0, len(faces), grid.per_page):
        chunk = faces[start : start + grid.per_page]
        fronts = [Placement(face, *grid.trim_origin(i)) for i, face in enumerate(chunk)]
        sheets.append(Sheet("front", grid, fronts, round_))
        if laid.back is not None and duplex != Duplex.NONE:
            backs = [
                Placement(
                    laid.back, *back_origin(grid, p.x, p.y, deck.width_mm, deck.height_mm, duplex)
                )
                for p in fronts
            ]
            sheets.append(Sheet("back", grid, backs, round_))
    return sheets


def crop_marks(sheet: Sheet) -> list[tuple[float, float, float, float]]:
    """Segments (x1, y1, x2, y2) in mm extending every cut line of the placed cards into the
    margin around them (a half-filled sheet gets marks around what is on it, not the grid)."""
    if not sheet.placements:
        return []
    grid, b = sheet.grid, sheet.grid.bleed
    w, h = grid.cell_w - 2 * b, grid.cell_h - 2 * b
    xs = sorted({round(p.x + d, 4) for p in sheet.placements for d in (0.0, w)})
    ys = sorted({round(p.y + d, 4) for p in sheet.placements for d in (0.0, h)})
    left, right = xs[0] - b - GAP, xs[-1] + b + GAP
    bottom, top = ys[0] - b - GAP, ys[-1] + b + GAP
    up, down = min(MARK, grid.paper_h - EDGE - top), min(MARK, bottom - EDGE)
    back, ahead = min(MARK, left - EDGE), min(MARK, grid.paper_w - EDGE - right)
    marks = []
    for x in xs:
        marks.append((x, top, x, top + up))
        marks.append((x, bottom, x, bottom - down))
    for y in ys:
        marks.append((left, y, left - back, y))
        marks.append((right, y, right + ahead, y))
    return marks


def draw_sheet(canvas: Canvas, sheet: Sheet, forms: dict[str, str]) -> None:
    grid = sheet.grid
    canvas.setPageSize((pt(grid.paper_w), pt(grid.paper_h)))
    for placement in sheet.placements:
        canvas.saveState()
        canvas.translate(pt(placement.x), pt(placement.y))
        canvas.doForm(forms[placement.face.key])
        canvas.restoreState()
    canvas.saveState()
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setStrokeColorRGB(0, 0, 0)
    for x1, y1, x2, y2 in crop_marks(sheet):
        canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))
    if sheet.circles:
        for placement in sheet.placements:
            face = placement.face
            canvas.ellipse(
                pt(placement.x),
                pt(placement.y),
                pt(placement.x + face.width_mm),
                pt(placement.y + face.height_mm),
                stroke=1,
                fill=0,
            )
    canvas.restoreState()
    canvas.showPage()
