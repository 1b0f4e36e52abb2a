"""Stage 5 — draw: an imposed sheet (draw.sheets) on the PDF canvas — its faces, each clipped to
its placement's bleed cut at the paper's edge, its crop marks, fold line and labels."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.pdfgen.canvas import Canvas

from printgen.draw.blocks import EPS
from printgen.draw.faces import Layers, draw_face, form_name, marked_box
from printgen.draw.labels import draw_labels
from printgen.draw.marks import marks_code, over_bleed
from printgen.draw.pdf import end_page
from printgen.draw.sheets import Bleed, Placement, Sheet
from printgen.layout.face import Face
from printgen.model.units import pt

MARK_WIDTH = 0.25  # pt, hairline
HALO_WIDTH = 1.25  # pt: a crop mark over a bleed gets a white pt each side
FOLD_DASH = (3.0, 2.0)  # pt


def on_the_paper(placement: Placement, width: float, height: float) -> Bleed:
    """The bleed a placement prints on a ``width`` × ``height`` mm page: its own, cut at the
    paper's edge (a 50 mm bleed beside a card 10.5 mm from the edge prints 10.5 mm; a back moved
    off the page by the back offset, none on that side)."""
    left, bottom, right, top = paper_cut(placement, width, height)
    return (max(0.0, left), max(0.0, bottom), max(0.0, right), max(0.0, top))


def paper_cut(placement: Placement, width: float, height: float) -> Bleed:
    """How far past its trim a placement may print on the page: its bleed cut at the paper's
    edge — negative where its trim itself runs off the page (a back the back offset moves off
    it), so that nothing is drawn past the page."""
    left, bottom, right, top = placement.bleed
    room_left, room_bottom, room_right, room_top = placement.rooms(width, height)
    # spelt out: drawn for every placement of a 100,000-card build
    return (
        min(left, room_left),
        min(bottom, room_bottom),
        min(right, room_right),
        min(top, room_top),
    )


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
        # nothing past the page: the bleed cut at the paper's edge, as cards.json gives it, and
        # the trim too where the back offset moves a back off the page
        left, bottom, right, top = paper_cut(placement, sheet.width, sheet.height)
        width, height = face.width_mm, face.height_mm
        canvas.saveState()
        canvas.translate(pt(placement.x), pt(placement.y))
        form = forms.get(face.key)
        # a form is clipped to its face's bleed box: a card drawn in place, or one losing bleed to
        # a neighbour or the paper's edge, is clipped here to its placement's bleed
        if form is None or min(left, bottom, right, top) + EPS < face.bleed_mm:
            path = canvas.beginPath()
            path.rect(-pt(left), -pt(bottom), pt(width + left + right), pt(height + bottom + top))
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
