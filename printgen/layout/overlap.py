"""Text that crosses a drawn frame or line: a print check on each laid-out face.

The rule, precisely: the INK of a text box — each fitted line's own width, from its highest
glyph top to its lowest glyph bottom (`printgen.layout.ink`), not the whole box — must not
touch the STROKE of a rect, ellipse, polygon, star or line drawn on the same face. A stroke is
the band of ``stroke_width`` centred on the shape's outline, widened by CLEARANCE on both
sides. So:

- text inside a frame, clear of its inner edge, is fine (the frame contains it);
- text wholly outside a shape is fine;
- a shape with a fill and no stroke is a background, never crossed;
- text whose ink reaches into a stroke band, or runs across it, is a crossing.

Corners of rounded rectangles and ellipses are measured on the curve, not on the bounding box;
a polygon's or star's stroke along its outline, with the mitre a sharp corner's stroke ends in.
"""

from __future__ import annotations

import math
from collections.abc import Container
from dataclasses import dataclass

from printgen.layout.face import Op, Shape, TextBox
from printgen.layout.ink import Box, line_boxes
from printgen.layout.painted import painted_box, paints_over
from printgen.layout.polygons import MITER_LIMIT, OUTLINED, stroke_segments
from printgen.layout.sweep import near_pairs
from printgen.model.units import MM

# Paper that must show between ink and a stroke, in mm: text closer than this to a frame reads
# as touching it at card size (the W&M back title sat 0.05 mm inside its frame and looked run
# through it).
CLEARANCE = 0.5


@dataclass(frozen=True)
class Crossing:
    """A text box that runs across the edge of a shape drawn behind it."""

    text: int  # index of the text box in the list given to `crossings`
    shape: int  # index of the crossed shape


class FaceTexts:
    """A face's text boxes, each one's box and its lines' ink measured once for every check
    that asks (the crossings, the covers and the overprints of one face)."""

    def __init__(self, ops: list[Op | None]) -> None:
        self.texts = [(i, op, _box(op)) for i, op in enumerate(ops) if isinstance(op, TextBox)]
        self._inks: dict[int, list[Box]] = {}  # measured only for a box that meets something

    def ink(self, index: int, op: TextBox) -> list[Box]:
        inks = self._inks.get(index)
        if inks is None:
            inks = self._inks[index] = _inks(op)
        return inks


def crossings(ops: list[Op | None], texts: FaceTexts | None = None) -> list[Crossing]:
    """Every (text box, stroked shape) pair whose ink and stroke meet; None entries are skipped."""
    shapes = [
        (i, op)
        for i, op in enumerate(ops)
        if isinstance(op, Shape) and op.stroke is not None and op.stroke_width > 0
    ]
    found: list[Crossing] = []
    if not shapes:  # nothing stroked (the scaled deck's cards): no text to measure
        return found
    face = texts or FaceTexts(ops)
    reaches = [_reach(shape) for _, shape in shapes]
    for t, s in near_pairs([box for _, _, box in face.texts], reaches):
        (i, op, box), (j, shape) = face.texts[t], shapes[s]
        # Ink never leaves its fitted box, so a box clear of a stroke (wholly outside it, or
        # inside its inner edge) settles the pair without measuring lines: most pairs.
        if crosses(box, shape) and any(crosses(ink, shape) for ink in face.ink(i, op)):
            found.append(Crossing(i, j))
    return found


def covered(ops: list[Op | None], texts: FaceTexts | None = None) -> list[Crossing]:
    """Every (text box, element) pair where a picture, icon or filled shape drawn after the
    text lies over its ink (``shape``: the covering element's index): a picture or a disc meant
    beside a text that moved under it, or added on top by a layout that extends another. One
    drawn first is a background the text prints over, never counted."""
    face = texts or FaceTexts(ops)
    covers = [
        (j, op, area)
        for j, op in enumerate(ops)
        if op is not None and not isinstance(op, TextBox) and (area := painted_box(op)) is not None
    ]
    found = []
    pairs = near_pairs([area for _, _, area in covers], [box for _, _, box in face.texts])
    for c, t in pairs:  # in the covers' order, then the texts'
        (j, cover, area), (i, op, _) = covers[c], face.texts[t]
        if i > j:  # a text drawn after it is printed over it
            continue
        if any(paints_over(cover, area, ink) for ink in face.ink(i, op)):
            found.append(Crossing(i, j))
    return found


def overprinted(
    ops: list[Op | None], settled: Container[int] = (), texts: FaceTexts | None = None
) -> list[Crossing]:
    """Every (text box, text box drawn after it) pair whose inks overlap (``shape``: the later
    box's index): two texts printed one over the other, neither readable there — a line added
    in a box of its own that the effect's long text runs down into. Boxes that overlap with
    inks apart (a corner number inside a text's empty corner) are fine. Later boxes in
    `settled` are not measured: what they print over is known already."""
    face = texts or FaceTexts(ops)
    found = []
    boxes = [box for _, _, box in face.texts]
    if settled:  # the boxes printing over others still to measure, and every box they may
        unsettled = [rank for rank, (j, _, _) in enumerate(face.texts) if j not in settled]
        pairs = [(a, unsettled[b]) for a, b in near_pairs(boxes, [boxes[r] for r in unsettled])]
        pairs = [(a, b) for a, b in pairs if a < b]
    else:
        pairs = near_pairs(boxes)
    for a, b in pairs:
        (i, first, area), (j, later, over) = face.texts[a], face.texts[b]
        if not _overlap(area, over):
            continue
        inks = face.ink(j, later)
        if any(_overlap(mine, theirs) for mine in face.ink(i, first) for theirs in inks):
            found.append(Crossing(i, j))
    return found


def _box(op: TextBox) -> Box:
    return Box(op.x, op.y, op.x + op.w, op.y + op.h)


def _inks(op: TextBox) -> list[Box]:
    inks = line_boxes(op.block, op.x, op.y, op.w, op.h, op.align, op.valign)
    if not op.turned:
        return inks
    # drawn upside down: its ink where the box's centre turns it
    return [
        Box(
            2 * op.x + op.w - ink.right,
            2 * op.y + op.h - ink.bottom,
            2 * op.x + op.w - ink.left,
            2 * op.y + op.h - ink.top,
        )
        for ink in inks
    ]


def _overlap(a: Box, b: Box) -> bool:
    """The two rectangles share some area (touching edges do not hide anything)."""
    return a.left < b.right and b.left < a.right and a.top < b.bottom and b.top < a.bottom


def _reach(shape: Shape) -> Box:
    """The rectangle a shape's stroke (with its clearance) can reach: a quick first filter —
    past a polygon's or star's corner as far as a mitre may run (MITER_LIMIT half-widths: a
    thick star's point crossed a text the filter had left out)."""
    half = shape.stroke_width / MM / 2
    half = half * (MITER_LIMIT if shape.kind in OUTLINED else 1.0) + CLEARANCE
    x1, x2 = sorted((shape.x, shape.x + shape.w))
    y1, y2 = sorted((shape.y, shape.y + shape.h))
    return Box(x1 - half, y1 - half, x2 + half, y2 + half)


# Geometry already measured: a layout puts its boxes and frames in the same places on every card
# of a deck (the symbol deck's 55 fronts: 4,636 tests, 93 of them different), so most tests are
# answered by a look-up. Bounded: distinct texts' lines can make new keys on every card.
_MEASURED: dict[tuple[float | str, ...], bool] = {}
_MEASURED_MAX = 4096


def crosses(ink: Box, shape: Shape) -> bool:
    """Does the rectangle `ink` meet the stroke band of `shape`?"""
    key: tuple[float | str, ...] = (ink.left, ink.top, ink.right, ink.bottom, shape.kind)
    key += (shape.x, shape.y, shape.w, shape.h, shape.radius, shape.stroke_width)
    key += (shape.sides, shape.inner, shape.angle)
    known = _MEASURED.get(key)
    if known is None:
        if len(_MEASURED) >= _MEASURED_MAX:
            _MEASURED.clear()
        known = _MEASURED[key] = _crosses(ink, shape)
    return known


def _crosses(ink: Box, shape: Shape) -> bool:
    half = shape.stroke_width / MM / 2 + CLEARANCE
    if shape.kind == "line":
        x1, y1 = shape.x, shape.y
        return _segment_box_distance(x1, y1, x1 + shape.w, y1 + shape.h, ink) <= half
    if shape.kind == "ellipse":
        return _meets_ellipse_band(ink, shape, half)
    if shape.kind in OUTLINED:
        # within `half` of an edge, or of a sharp corner's mitre, measured from the stroke's
        # own edge (the clearance is paper beyond it, not more mitre)
        segments = stroke_segments(shape, shape.stroke_width / MM / 2)
        return any(_segment_box_distance(*segment, ink) <= half for segment in segments)
    return _meets_rect_band(ink, shape, half)


def _meets_rect_band(ink: Box, shape: Shape, half: float) -> bool:
    # A rounded rectangle is a core rectangle grown by a disc of its radius: the outer edge of
    # the stroke is the core grown by radius + half, the inner edge the core grown by radius - half.
    w, h = abs(shape.w), abs(shape.h)
    x, y = min(shape.x, shape.x + shape.w), min(shape.y, shape.y + shape.h)
    r = max(0.0, min(shape.radius, w / 2, h / 2))
    core = Box(x + r, y + r, x + w - r, y + h - r)
    if _box_distance(core, ink) > r + half:
        return False  # wholly outside the stroke
    inner = r - half
    if inner >= 0:
        corners = (
            (ink.left, ink.top),
            (ink.right, ink.top),
            (ink.left, ink.bottom),
            (ink.right, ink.bottom),
        )
        # wholly inside the inner edge (the shape is convex) is clear of the stroke
        return not all(_point_box_distance(px, py, core) <= inner for px, py in corners)
    # stroke wider than the corner radius: the inner edge is a square-cornered rectangle
    inside = Box(x + half, y + half, x + w - half, y + h - half)
    return not (
        ink.left >= inside.left
        and ink.right <= inside.right
        and ink.top >= inside.top
        and ink.bottom <= inside.bottom
    )


def _meets_ellipse_band(ink: Box, shape: Shape, half: float) -> bool:
    a, b = abs(shape.w) / 2, abs(shape.h) / 2
    cx, cy = shape.x + shape.w / 2, shape.y + shape.h / 2
    # outside the outer edge: the ink's nearest point lies beyond the ellipse grown by `half`
    nx = min(max(cx, ink.left), ink.right)
    ny = min(max(cy, ink.top), ink.bottom)
    if _ellipse_value(nx - cx, ny - cy, a + half, b + half) > 1:
        return False
    # inside the inner edge: every corner inside the ellipse shrunk by `half` (it is convex)
    if a - half <= 0 or b - half <= 0:
        return True
    corners = (
        (ink.left, ink.top),
        (ink.right, ink.top),
        (ink.left, ink.bottom),
        (ink.right, ink.bottom),
    )
    return not all(_ellipse_value(px - cx, py - cy, a - half, b - half) < 1 for px, py in corners)


def _ellipse_value(dx: float, dy: float, a: float, b: float) -> float:
    if a <= 0 or b <= 0:
        return math.inf
    return (dx / a) ** 2 + (dy / b) ** 2


def _point_box_distance(px: float, py: float, box: Box) -> float:
    dx = max(box.left - px, 0.0, px - box.right)
    dy = max(box.top - py, 0.0, py - box.bottom)
    return math.hypot(dx, dy)


def _box_distance(a: Box, b: Box) -> float:
    dx = max(a.left - b.right, 0.0, b.left - a.right)
    dy = max(a.top - b.bottom, 0.0, b.top - a.bottom)
    return math.hypot(dx, dy)


def _segment_box_distance(x1: float, y1: float, x2: float, y2: float, box: Box) -> float:
    if segment_meets_box(x1, y1, x2, y2, box):
        return 0.0
    corners = (
        (box.left, box.top),
        (box.right, box.top),
        (box.left, box.bottom),
        (box.right, box.bottom),
    )
    return min(
        _point_box_distance(x1, y1, box),
        _point_box_distance(x2, y2, box),
        *(_point_segment_distance(px, py, x1, y1, x2, y2) for px, py in corners),
    )


def _point_segment_distance(
    px: float, py: float, x1: float, y1: float, x2: float, y2: float
) -> float:
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length2))
    return math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))


def segment_meets_box(x1: float, y1: float, x2: float, y2: float, box: Box) -> bool:
    """Liang–Barsky clipping: does any part of the segment lie in the box?"""
    t0, t1 = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in (
        (-dx, x1 - box.left),
        (dx, box.right - x1),
        (-dy, y1 - box.top),
        (dy, box.bottom - y1),
    ):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True
