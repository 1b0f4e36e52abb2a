"""Stage 5 — draw: an imposed sheet (draw.sheets) on the PDF canvas — its faces, each clipped to
its placement's bleed, its crop marks, fold line and labels."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.pdfgen.canvas import Canvas

from printgen.draw.blocks import EPS
from printgen.draw.faces import Layers, draw_face, form_name, marked_box
from printgen.draw.labels import draw_labels
from printgen.draw.marks import marks_code, over_bleed
from printgen.draw.pdf import end_page
from printgen.draw.sheets import Sheet
from printgen.layout.face import Face
from printgen.model.units import pt

MARK_WIDTH = 0.25  # pt, hairline
HALO_WIDTH = 1.25  # pt: a crop mark over a bleed gets a white pt each side
FOLD_DASH = (3.0, 2.0)  # pt


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
