"""The outline of a ``polygon`` or ``star`` element: its corners, where the checks measure it and
the draw stage draws it.

Its corners lie on the ellipse its box holds — a regular polygon or star stretched to the box
as an ellipse is, so it never leaves its box. Angles are degrees clockwise as seen on the card,
0 straight up; ``angle:`` turns the shape about its box's centre before it is stretched. Left
at 0, a polygon stands on a flat bottom edge (a triangle points up, a square is square, a
hexagon has a flat top) and a star has a point straight up.
"""

from __future__ import annotations

import math
from functools import lru_cache

from printgen.layout.face import Shape

OUTLINED = ("polygon", "star")  # the shapes drawn along the outline of their corners
FILLED = ("rect", "ellipse", *OUTLINED)  # the shapes that paint an area
MITER_LIMIT = 10.0  # PDF's default: a corner sharper than this ratio is bevelled

Point = tuple[float, float]


@lru_cache(maxsize=256)
def unit_outline(sides: int, inner: float, angle: float) -> tuple[Point, ...]:
    """The corners, clockwise from the first, on a circle of radius 1 about (0, 0), y down: a
    star's (``inner`` > 0) alternate between its points and its inner corners."""
    step = 360.0 / sides
    if inner > 0:
        turns = [(k * step / 2, 1.0 if k % 2 == 0 else inner) for k in range(2 * sides)]
    else:  # its first corner half a side past straight down, so an edge lies flat there
        turns = [(180.0 + step / 2 + k * step, 1.0) for k in range(sides)]
    return tuple(
        (
            radius * math.sin(math.radians(turn + angle)),
            -radius * math.cos(math.radians(turn + angle)),
        )
        for turn, radius in turns
    )


def outline(shape: Shape) -> list[Point]:
    """The shape's corners in mm from the face's top-left corner, y down."""
    half_w, half_h = shape.w / 2, shape.h / 2
    cx, cy = shape.x + half_w, shape.y + half_h
    return [
        (cx + ux * half_w, cy + uy * half_h)
        for ux, uy in unit_outline(shape.sides, shape.inner, shape.angle)
    ]


def placed(shape: Shape, left: float, bottom: float, width: float, height: float) -> list[Point]:
    """The corners in a PDF box given by its bottom-left corner and size (y up)."""
    cx, cy = left + width / 2, bottom + height / 2
    return [
        (cx + ux * width / 2, cy - uy * height / 2)
        for ux, uy in unit_outline(shape.sides, shape.inner, shape.angle)
    ]


def extent(shape: Shape) -> tuple[float, float, float, float]:
    """The smallest box holding the outline: x, y, w, h in mm (a triangle's stops short of its
    element's box's bottom)."""
    corners = outline(shape)
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def inside(shape: Shape, x: float, y: float) -> bool:
    """Whether the point lies within the outline (on it counts)."""
    corners = outline(shape)
    within = False
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        if _on_segment(x, y, x1, y1, x2, y2):
            return True
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            within = not within
    return within


def _on_segment(x: float, y: float, x1: float, y1: float, x2: float, y2: float) -> bool:
    cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
    return (
        abs(cross) <= 1e-9 * max(1.0, abs(x2 - x1) + abs(y2 - y1))
        and min(x1, x2) - 1e-9 <= x <= max(x1, x2) + 1e-9
        and min(y1, y2) - 1e-9 <= y <= max(y1, y2) + 1e-9
    )


def stroke_segments(shape: Shape, half: float) -> list[tuple[float, float, float, float]]:
    """The segments whose neighbourhood of ``half`` (half the stroke's width, mm) holds the
    stroke: each edge, and from each corner sharp enough to be mitred to its mitre's tip (a
    star's point, stroked, reaches past its corner — by 2.9 half-widths on a usual star)."""
    corners = outline(shape)
    count = len(corners)
    segments = [(*corners[k], *corners[(k + 1) % count]) for k in range(count)]
    for k, (vx, vy) in enumerate(corners):
        tip = _miter_tip(corners[k - 1], (vx, vy), corners[(k + 1) % count], half)
        if tip is not None:
            segments.append((vx, vy, *tip))
    return segments


def _miter_tip(before: Point, corner: Point, after: Point, half: float) -> Point | None:
    ux, uy = _unit(before[0] - corner[0], before[1] - corner[1])
    vx, vy = _unit(after[0] - corner[0], after[1] - corner[1])
    bx, by = ux + vx, uy + vy  # along the bisector of the angle the two edges make
    length = math.hypot(bx, by)
    if length < 1e-9 or half <= 0:  # a straight run: no corner
        return None
    sine = math.sqrt(max(0.0, (1 - (ux * vx + uy * vy)) / 2))  # of half the corner's angle
    if sine <= 0 or 1 / sine > MITER_LIMIT:
        return None  # bevelled: it stays within the stroke's width of the corner
    reach = half / sine
    # the mitre lies on the far side of the corner from the angle between the edges
    return corner[0] - bx / length * reach, corner[1] - by / length * reach


def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length > 0 else (0.0, 0.0)
