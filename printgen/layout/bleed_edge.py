"""Art that stops at the trim: a filled shape or a picture whose edge lies on the card's cut line
(or between it and the bleed's edge) without running on into the bleed.

No cut lands exactly on its line: a millimetre off, such an edge leaves a sliver of what lies
beneath it (the paper's white, the card's background) along the card's side. The bleed exists so
that art reaching an edge goes on past it; ``bleed: true`` runs an element on to the bleed's edge.
"""

from __future__ import annotations

from printgen.layout.face import Face, Image, Op, Shape
from printgen.layout.polygons import FILLED, OUTLINED, extent

_SLACK = 0.01  # mm: a position written to the hundredth of a millimetre is on the line
_SIDES = ("left", "top", "right", "bottom")


def short_of_bleed(face: Face, op: Op) -> tuple[list[str], tuple[float, float] | None]:
    """The sides where ``op`` (a filled rect, ellipse, polygon or star, or a picture) reaches the
    trim but not the bleed's edge — with, for a picture whose box does reach it, the size the
    picture is drawn at (its proportions kept in its box) when that falls short. No sides for
    anything else, or on a face without bleed."""
    if face.bleed_mm <= _SLACK:
        return [], None
    if isinstance(op, Shape) and op.kind in FILLED and op.fill:
        # a polygon's outline, not its box: a triangle's base lies above its box's bottom
        drawn = extent(op) if op.kind in OUTLINED else (op.x, op.y, op.w, op.h)
        return _sides(face, *drawn), None
    if not isinstance(op, Image):
        return [], None
    if op.pixels is None or op.cover:  # covering its box (or a drawing), it fills it
        return _sides(face, op.x, op.y, op.w, op.h), None
    # a raster picture fills its box only at the box's proportions: the sides it reaches are
    # those of the rectangle it is drawn in (a wide picture in a square box: left and right)
    scale = min(op.w / op.pixels[0], op.h / op.pixels[1])
    width, height = op.pixels[0] * scale, op.pixels[1] * scale
    x, y = op.x + (op.w - width) / 2, op.y + (op.h - height) / 2
    # whole pixels give the box's proportions only to within a pixel (69 × 94 mm at 300 dpi is
    # 815 × 1110 pixels, 0.03 mm short down the card): a pixel short of the bleed's edge is on it
    pixel = max(_SLACK, scale)
    if op.w - width <= pixel and op.h - height <= pixel:
        # drawn as its box (to a pixel): the box's sides, and bleed: true is what it lacks
        return _sides(face, op.x, op.y, op.w, op.h), None
    return _sides(face, x, y, width, height, pixel), (width, height)


def _sides(face: Face, x: float, y: float, w: float, h: float, slack: float = _SLACK) -> list[str]:
    # how far each side goes past the trim: 0 on the cut line, the bleed at the bleed's edge
    past = (-x, -y, x + w - face.width_mm, y + h - face.height_mm)
    if max(past) < -slack:  # inside the card on every side: nearly every element
        return []
    edge = face.bleed_mm - slack
    return [side for side, by in zip(_SIDES, past, strict=True) if -slack <= by < edge]


def message(
    layout: str,
    element: str,
    face: Face,
    sides: list[str],
    drawn: tuple[float, float] | None,
    outlined: str = "",
) -> str:
    where = " and ".join([", ".join(sides[:-1]), sides[-1]] if len(sides) > 1 else sides)
    said = (
        f"layout '{layout}' element '{element}' ends at the card's {where} "
        f"{'edge' if len(sides) == 1 else 'edges'}, short of the {face.bleed_mm:g} mm bleed: a "
        "cut a little off the line leaves a sliver of what is beneath along "
        f"{'it' if len(sides) == 1 else 'them'}"
    )
    if outlined:  # its corners lie inside its box: bleed: true runs the box on, not them
        return (
            f"{said}; a {outlined}'s corners lie on the ellipse its box holds: make the box "
            "reach past the bleed's edge, or stop the shape well inside the card"
        )
    if drawn is None:
        return f"{said}; mark it bleed: true to run it on to the bleed's edge"
    width, height = drawn
    return (
        f"{said} (the picture keeps its proportions: {width:.1f}×{height:.1f} mm in its box); "
        "give it the proportions of the card with its bleed, "
        f"{face.width_mm + 2 * face.bleed_mm:g}×{face.height_mm + 2 * face.bleed_mm:g} mm, or "
        "fit: cover to fill its box (what passes it is cut off)"
    )
