"""What a drawing svglib made of an SVG holds that a PDF cannot draw, found by walking its
shapes: nothing at all, a transform that flattens its shapes, a number beyond any drawing (a
root viewBox's too, read off the file before svglib scales it to the width), a
dash pattern of no length."""

from __future__ import annotations

import re
from typing import Any

from printgen.startup.deferred import pattern

MAX_SVG_NUMBER = 1e9  # PDF writers fail on 1e21 and up; real drawings stay far below this


_VIEW_BOX = pattern(rb"""<(?:[\w.-]+:)?svg\b[^>]*?\bviewBox\s*=\s*["']([^"'>]{0,200})""")


def huge_view_box(data: bytes) -> str | None:
    """The root <svg>'s viewBox as written, when a number of it is beyond MAX_SVG_NUMBER."""
    found = _VIEW_BOX.search(data)
    if found is None:
        return None
    written = found.group(1).decode("ascii", "replace").strip()
    for number in re.split(r"[\s,]+", written):
        try:
            value = float(number)
        except ValueError:
            return None  # not a viewBox svglib reads: its own words say so
        if not -MAX_SVG_NUMBER <= value <= MAX_SVG_NUMBER:  # NaN too
            return written
    return None


def draws_something(node: Any) -> bool:
    from reportlab.graphics.shapes import Group

    stack = [node]
    while stack:
        item = stack.pop()
        if not isinstance(item, Group):
            return True
        stack.extend(item.contents)
    return False


def flattening(node: Any) -> bool:
    """Whether a group's transform has no inverse (ReportLab divides by its determinant)."""
    from reportlab.graphics.shapes import Group

    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Group):
            a, b, c, d, _, _ = item.transform
            if not abs(a * d - b * c) > 1e-18:  # NaN too (scale(1e-7) is a real, if tiny, icon)
                return True
            stack.extend(item.contents)
    return False


def wild_number(node: Any) -> float | None:
    """The first number of the drawing's shapes (points, sizes, transforms) that is not finite
    or beyond MAX_SVG_NUMBER: svglib keeps 1e400 (inf) or 1e308 as given, and the PDF cannot
    hold them."""
    from reportlab.graphics.shapes import Shape

    stack = [node]
    while stack:
        item = stack.pop()
        values = vars(item).values() if hasattr(item, "__dict__") else item
        for value in values:
            if isinstance(value, float | int) and not isinstance(value, bool):
                if not -MAX_SVG_NUMBER <= value <= MAX_SVG_NUMBER:  # NaN fails both
                    return float(value)
            elif isinstance(value, list | tuple | Shape):
                stack.append(value)
    return None


MIN_DASH_CYCLE = 1e-3  # units: shorter, the PDF's numbers round it to [0], which is no dash


def solid_where_dashes_cannot_be(node: Any) -> None:
    """A stroke-dasharray of no length ("0 0") or with a negative length is drawn solid, as
    SVG says and browsers do; handed to ReportLab, it stopped the build. And a stroked circle
    or ellipse, which ReportLab draws as an open path from its right-hand point back to it,
    gets round ends there: with SVG's default butt ends a hairline seam showed across the ring
    at 3 o'clock."""
    from reportlab.graphics.shapes import Circle, Ellipse, Group

    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Group):
            stack.extend(item.contents)
            continue
        value = getattr(item, "strokeDashArray", None)
        if isinstance(item, Circle | Ellipse) and not value and item.strokeColor is not None:
            item.strokeLineCap = 1  # the ends meet: round ones close the ring
        if not value:
            continue
        # ReportLab's renderer takes [phase, [lengths]] too (svglib writes the lengths alone)
        dashes = value[1] if len(value) == 2 and isinstance(value[1], list | tuple) else value
        lengths = all(isinstance(d, float | int) and d >= 0 for d in dashes)
        if not lengths or not sum(dashes) >= MIN_DASH_CYCLE:
            item.strokeDashArray = None
