"""An SVG icon in one colour: every fill and stroke recoloured, keeping each one's opacity and
every hole — and without the background square game-icons.net's files are drawn on."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.icons.geometry import Rgb
from printgen.icons.svg import parse

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing


@lru_cache(maxsize=1024)
def recoloured(key: str, data: bytes, root: str, rgb: Rgb) -> Drawing:
    drawing = parse(data, Path(root))  # `key` names the content in this cache: its digest
    copy: Drawing = _recolour(drawing, rgb, _background(drawing))
    return copy


def _background(drawing: Drawing) -> object | None:
    """The icon's background square, if it has one: a first shape that covers its whole box,
    with shapes of another colour drawn over it — game-icons.net's SVGs come so, a black square
    under a white drawing. Recoloured in one colour it would print as a solid block, so it is
    left out. A square of the drawing's own colour (a frame with a hole, a disc with a dot in
    it) is the drawing, and a clipping path paints nothing."""
    from reportlab.graphics.shapes import Group, Shape
    from reportlab.graphics.shapes import mmult as multiplied

    first: tuple[Shape, tuple[float, ...]] | None = None
    stack: list[tuple[Any, tuple[float, ...]]] = [(drawing, (1, 0, 0, 1, 0, 0))]
    while stack:
        node, matrix = stack.pop()
        if isinstance(node, Group):
            inner = multiplied(matrix, node.transform)
            stack.extend((child, inner) for child in reversed(node.contents))
        elif isinstance(node, Shape) and not getattr(node, "isClipPath", False):
            fill = getattr(node, "fillColor", None)
            if fill is None:
                continue
            if first is None:
                first = node, matrix
            elif _rgb(fill) != _rgb(getattr(first[0], "fillColor", None)):
                return first[0] if _covers(drawing, *first) else None
    return None


def _rgb(color: Any) -> tuple[float, float, float]:
    return (round(color.red, 3), round(color.green, 3), round(color.blue, 3))


def _covers(drawing: Drawing, shape: Any, matrix: tuple[float, ...]) -> bool:
    """Whether ``shape``, placed by ``matrix``, covers the drawing's whole box."""
    x0, y0, x1, y1 = shape.getBounds()
    a, b, c, d, e, f = matrix
    xs = [a * x + c * y + e for x in (x0, x1) for y in (y0, y1)]
    ys = [b * x + d * y + f for x in (x0, x1) for y in (y0, y1)]
    width, height = drawing.width, drawing.height
    slack = 0.01  # of the box: a square drawn a hair inside the edge is still the background
    return bool(
        min(xs) <= width * slack
        and min(ys) <= height * slack
        and max(xs) >= width * (1 - slack)
        and max(ys) >= height * (1 - slack)
    )


def _recolour(node: Any, rgb: Rgb, left_out: object | None = None) -> Any:
    """A copy of `node` with every fill and stroke in `rgb`, each keeping its own opacity, and
    without the shape ``left_out`` (a background square).

    Shapes that paint nothing (fill or stroke none) still paint nothing, and the geometry is
    untouched, so cut-outs made with fill-rule or compound paths stay holes.
    """
    from copy import copy as shallow_copy

    from reportlab.graphics.shapes import DirectDraw, Group
    from reportlab.lib.colors import Color

    if isinstance(node, Group):  # Drawing is a Group too
        copy = node.copy()
        copy.contents = [
            _recolour(child, rgb, left_out) for child in node.contents if child is not left_out
        ]
        return copy
    try:
        copy = node.copy()
    except NotImplementedError:
        if isinstance(node, DirectDraw):  # a gradient (svglib draws it itself): as it is
            return node
        # a <line> (ReportLab's Line has no copy of its own): its attributes are plain values,
        # so a shallow copy recolours it without touching the parsed icon
        copy = shallow_copy(node)
    for attr in ("fillColor", "strokeColor"):
        old = getattr(node, attr, None)
        if old is not None:
            alpha = float(getattr(old, "alpha", 1.0))
            setattr(copy, attr, Color(*rgb, alpha=alpha))
    return copy
