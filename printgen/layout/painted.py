"""Where an element drawn over a text box paints, for the check that it hides the text's ink.

A picture paints its whole box, an icon the square it is drawn in (centred in its box), a filled
rect, ellipse, polygon or star the area inside its outline — measured on the curve of a rounded
corner or an ellipse and along a star's points, so text in the empty corner of a star's box is
not counted as hidden. A shape without a fill, and a line, paint no area: only their strokes,
which `printgen.layout.overlap.crossings` measures.
"""

from __future__ import annotations

import math

from printgen.layout.face import Icon, Image, Op, Shape
from printgen.layout.ink import Box
from printgen.layout.polygons import FILLED, OUTLINED, Point, outline

# Area (mm²) a clipped outline must keep to count: a star's point touching a line's corner
# exactly is no hidden ink.
_SPECK = 1e-6


def painted_box(op: Op) -> Box | None:
    """The rectangle an element paints within, or None when it paints no area over text."""
    if isinstance(op, Image):
        return Box(op.x, op.y, op.x + op.w, op.y + op.h)
    if isinstance(op, Icon):
        size = min(op.w, op.h)  # drawn as large as fits, centred, as the draw stage does
        left, top = op.x + (op.w - size) / 2, op.y + (op.h - size) / 2
        return Box(left, top, left + size, top + size)
    if isinstance(op, Shape) and op.fill and op.kind in FILLED:
        x1, x2 = sorted((op.x, op.x + op.w))
        y1, y2 = sorted((op.y, op.y + op.h))
        return Box(x1, y1, x2, y2)
    return None


def paints_over(op: Op, area: Box, ink: Box) -> bool:
    """Does ``op`` (whose `painted_box` is ``area``) paint over some of the rectangle ``ink``?
    Touching edges hide nothing."""
    if not _overlap(area, ink):
        return False
    if not isinstance(op, Shape):
        return True
    if op.kind == "ellipse":
        return _in_ellipse(area, ink)
    if op.kind in OUTLINED:
        return _clipped_area(outline(op), ink) > _SPECK
    return _in_rounded(area, op.radius, ink)


def _overlap(a: Box, b: Box) -> bool:
    return a.left < b.right and b.left < a.right and a.top < b.bottom and b.top < a.bottom


def _in_ellipse(area: Box, ink: Box) -> bool:
    rx, ry = (area.right - area.left) / 2, (area.bottom - area.top) / 2
    if rx <= 0 or ry <= 0:
        return False
    cx, cy = area.left + rx, area.top + ry
    # the ink's point nearest the centre lies inside the ellipse
    nx = min(max(cx, ink.left), ink.right)
    ny = min(max(cy, ink.top), ink.bottom)
    return ((nx - cx) / rx) ** 2 + ((ny - cy) / ry) ** 2 < 1


def _in_rounded(area: Box, radius: float, ink: Box) -> bool:
    # a rounded rectangle is its core rectangle grown by a disc of its radius
    r = max(0.0, min(radius, (area.right - area.left) / 2, (area.bottom - area.top) / 2))
    if r == 0:
        return True  # the boxes overlap
    core = Box(area.left + r, area.top + r, area.right - r, area.bottom - r)
    dx = max(core.left - ink.right, 0.0, ink.left - core.right)
    dy = max(core.top - ink.bottom, 0.0, ink.top - core.bottom)
    return math.hypot(dx, dy) < r


def _clipped_area(corners: list[Point], box: Box) -> float:
    """The area of the outline that lies in ``box``: Sutherland–Hodgman clipping against the
    box's four edges (exact for a star too: the box it is clipped by is convex)."""
    points = corners
    # each edge: the coordinate it bounds (0: x, 1: y), where, and which side is kept
    edges = ((0, box.left, False), (0, box.right, True), (1, box.top, False), (1, box.bottom, True))
    for axis, bound, below in edges:
        kept: list[Point] = []
        for index, point in enumerate(points):
            before = points[index - 1]
            inside, was = _kept(point, axis, bound, below), _kept(before, axis, bound, below)
            if inside != was:
                kept.append(_cut(before, point, axis, bound))
            if inside:
                kept.append(point)
        points = kept
        if not points:
            return 0.0
    pairs = zip(points, points[1:] + points[:1], strict=True)
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in pairs)) / 2


def _kept(point: Point, axis: int, bound: float, below: bool) -> bool:
    return point[axis] <= bound if below else point[axis] >= bound


def _cut(a: Point, b: Point, axis: int, bound: float) -> Point:
    """Where the segment from a to b crosses the edge."""
    t = (bound - a[axis]) / (b[axis] - a[axis])
    x, y = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
    return (bound, y) if axis == 0 else (x, bound)
