"""A diagram's arrows: from the edge of the card they leave to the edge of the card they point
at, never under a label. A label is drawn on a white box over the arrows so that no shaft runs
through its words; an arrow whose way a label's box lies across is moved sideways (kept
parallel) until it passes beside it, or the box would hide its shaft and leave a loose head."""

from __future__ import annotations

import math
from itertools import pairwise
from typing import TYPE_CHECKING

from printgen.documents.scene import Arrow, Cell
from printgen.layout.color import color as to_color
from printgen.layout.ink import Box as Area
from printgen.layout.overlap import segment_meets_box
from printgen.model.units import pt

if TYPE_CHECKING:
    from printgen.documents.diagram import Diagram

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x, y, w, h in points from the diagram's origin

HEAD = 8.0  # pt: an arrow head's length
SHAFT = 3.0  # heads: an arrow's shortest length, so that a reader sees a shaft behind its head
WING = HEAD * 0.55  # pt: half the head's width
CLEAR = WING + 1.0  # pt: from an arrow's middle line to a label's box: its head passes whole
STEP = 1.0  # pt: between the sideways places an arrow is tried at
REACH = 0.4  # of its card's width and height: the furthest an arrow moves off their centres


def laid_arrow(diagram: Diagram, arrow: Arrow) -> tuple[list[Point], bool]:
    """The arrow's points, moved sideways as little as lets it pass beside every label's box,
    and whether it does: an arrow no move clears is laid where it was (the caller draws it over
    the boxes, under the words)."""
    boxes = [diagram.label_box(label) for label in diagram.scene.labels]
    straight = _laid(diagram, arrow, (0.0, 0.0))
    crossed = [box for box in boxes if crosses(straight, box)]
    if not crossed:
        return straight, True
    # first the side away from the label in the way, so two arrows part around a label
    x, y, w, h = crossed[0]
    middle = _mid(straight)
    shift = STEP
    normals = _normals(diagram, arrow)
    while any(_within_cards(diagram, arrow, normal, shift) for normal in normals):
        for normal in normals:
            away = (middle[0] - x - w / 2) * normal[0] + (middle[1] - y - h / 2) * normal[1]
            for side in (1.0, -1.0) if away >= 0 else (-1.0, 1.0):
                if not _within_cards(diagram, arrow, normal, shift):
                    continue
                points = _laid(diagram, arrow, (normal[0] * side * shift, normal[1] * side * shift))
                if not any(crosses(points, box) for box in boxes):
                    return points, True
        shift += STEP
    return straight, False


def draw_arrow(diagram: Diagram, points: list[Point], color: str) -> None:
    """The shaft along ``points`` and a head at the last one."""
    canvas = diagram.canv
    canvas.saveState()
    canvas.setStrokeColor(to_color(color))
    canvas.setFillColor(to_color(color))
    canvas.setLineWidth(2.4)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    tip = points[-1]
    base = towards(tip, points[-2], HEAD * 0.8)
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in [*points[1:-1], base]:
        path.lineTo(*point)
    canvas.drawPath(path, stroke=1, fill=0)
    ux, uy = unit(points[-2], tip)
    triangle = canvas.beginPath()
    triangle.moveTo(*tip)
    triangle.lineTo(tip[0] - ux * HEAD - uy * WING, tip[1] - uy * HEAD + ux * WING)
    triangle.lineTo(tip[0] - ux * HEAD + uy * WING, tip[1] - uy * HEAD - ux * WING)
    triangle.close()
    canvas.drawPath(triangle, stroke=0, fill=1)
    canvas.restoreState()


def _laid(diagram: Diagram, arrow: Arrow, shift: Point) -> list[Point]:
    """The arrow's points with its cards' centres moved by ``shift`` (points right and up)."""
    centres = [_moved(diagram.centre(cell), *shift) for cell in arrow.path]
    points = list(centres)
    inset = diagram.pawn_radius() * 1.1
    pawns = [pawn for pawn in diagram.scene.pawns if pawn.at == arrow.path[0]]
    if pawns and arrow.start == "pawn":  # a pawn's move: from the pawn, where it stands
        mover = diagram.pawn_centres(arrow.path[0], pawns)[0]
        points[0] = towards(mover, points[1], inset)
    else:  # a card's: from its edge, across none of its words
        points[0] = _met(diagram, arrow.path[0], centres[0], points[1], inset)
    before = points[-2]
    if _touches(diagram, arrow.path[-1], before):  # cards laid edge to edge (gap: 0)
        # the arrow's start is on the card it points at: from there, its head fell near
        # the card's centre, over its title; it points from the card it leaves instead
        before = centres[-2]
    points[-1] = _met(diagram, arrow.path[-1], centres[-1], before, inset)
    if len(points) == 2:
        # cards a gap apart: from edge to edge the arrow was its head alone; it starts
        # further back on its card, enough to show its shaft
        shown = math.dist(points[0], points[1])
        if shown < SHAFT * HEAD:
            whole = math.dist(centres[0], points[1])
            points[0] = towards(points[1], centres[0], min(SHAFT * HEAD, whole))
    return points


def _normals(diagram: Diagram, arrow: Arrow) -> list[Point]:
    """The ways the arrow may move aside: square to the line from its first card to its last,
    then to each of its legs (the leg a label lies across, of an arrow with a bend)."""
    centres = [diagram.centre(cell) for cell in arrow.path]
    found: list[Point] = []
    for a, b in [(centres[0], centres[-1]), *pairwise(centres)]:
        ux, uy = unit(a, b)
        normal = (round(-uy, 9) + 0.0, round(ux, 9) + 0.0)
        if normal not in found and (-normal[0], -normal[1]) not in found:
            found.append(normal)
    return found


def _within_cards(diagram: Diagram, arrow: Arrow, normal: Point, shift: float) -> bool:
    """Whether an arrow moved ``shift`` aside still leaves and meets its cards well inside."""
    for cell in (arrow.path[0], arrow.path[-1]):
        _, _, w, h = diagram.cell_box(cell)
        if abs(normal[0] * shift) > REACH * w or abs(normal[1] * shift) > REACH * h:
            return False
    return True


def crosses(points: list[Point], box: Box) -> bool:
    """Whether the line through ``points`` comes within CLEAR of ``box``."""
    return any(_segment_crosses(a, b, box) for a, b in pairwise(points))


def _segment_crosses(a: Point, b: Point, box: Box) -> bool:
    """Whether the segment from ``a`` to ``b`` meets the box grown by CLEAR."""
    grown = Area(box[0] - CLEAR, box[1] - CLEAR, box[0] + box[2] + CLEAR, box[1] + box[3] + CLEAR)
    return segment_meets_box(a[0], a[1], b[0], b[1], grown)


def _touches(diagram: Diagram, cell: Cell, point: Point) -> bool:
    """Whether ``point`` is on the card in ``cell`` or within an arrow head's reach of it."""
    x, y, w, h = diagram.cell_box(cell)
    near = pt(0.8) + 0.01
    return x - near <= point[0] <= x + w + near and y - near <= point[1] <= y + h + near


def _met(diagram: Diagram, cell: Cell, start: Point, origin: Point, inset: float) -> Point:
    """Where an arrow from ``origin`` ends at the card in ``cell``, coming along the line from
    ``start`` (its centre, or a point beside it): just outside its edge, so the head covers no
    word of the card — its title least of all. An arrow from within that reach ends near it."""
    x, y, w, h = diagram.cell_box(cell)
    ux, uy = unit(start, origin)
    reach = []
    if ux:
        reach.append((x + w - start[0]) / ux if ux > 0 else (start[0] - x) / -ux)
    if uy:
        reach.append((y + h - start[1]) / uy if uy > 0 else (start[1] - y) / -uy)
    edge = min(reach) + pt(0.8)
    if edge >= math.dist(origin, start):  # from inside the card (a pawn on it): near its centre
        return towards(start, origin, inset)
    # outside it, however near: the arrow's start makes room for a shaft (_laid)
    return start[0] + ux * edge, start[1] + uy * edge


def _mid(points: list[Point]) -> Point:
    return (points[0][0] + points[-1][0]) / 2, (points[0][1] + points[-1][1]) / 2


def _moved(point: Point, dx: float, dy: float) -> Point:
    return point[0] + dx, point[1] + dy


def unit(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return dx / length, dy / length


def towards(a: Point, b: Point, distance: float) -> Point:
    ux, uy = unit(a, b)
    return a[0] + ux * distance, a[1] + uy * distance
