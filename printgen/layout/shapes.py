"""A shape element laid out: a rect, ellipse, polygon, star or line, its values checked.

A shape is never checked against the safe zone (a frame, a band, a star behind a value), so
its box goes straight into its Shape.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from printgen.layout.face import Shape
from printgen.layout.props import Props, number_of
from printgen.limits import MAX_STROKE_PT

SHAPES = ("rect", "ellipse", "polygon", "star", "line")
MIN_CORNERS, MAX_CORNERS = 3, 64  # a polygon's sides, a star's points (64: a circle to the eye)
MAX_TURN = 360.0  # a polygon's or star's angle, either way
MIN_INNER, MAX_INNER = 0.1, 0.95  # a star's inner radius, of its outer: a spike, a gear
DEFAULT_SIDES, DEFAULT_POINTS, DEFAULT_INNER = 6, 5, 0.5


def shape_op(props: Props, kind: str, box: tuple[float, float, float, float]) -> Shape:
    """The shape the element draws in its box (a line: from its x, y to its x2, y2)."""
    x, y, w, h = box
    if kind == "line":
        return Shape(
            "line",
            x,
            y,
            props.length("x2", x) - x,
            props.length("y2", y) - y,
            None,
            props.color("stroke", "#000000"),
            _stroke_width(props),
            0.0,
            props.dash("dash"),
        )
    shape = Shape(
        kind,
        x,
        y,
        w,
        h,
        props.color("fill"),
        props.color("stroke"),
        _stroke_width(props),
        props.length("radius", 0.0, minimum=0.0) if kind == "rect" else 0.0,
        props.dash("dash"),
    )
    if kind == "polygon":
        shape.sides = _corners(props, "sides", DEFAULT_SIDES)
    elif kind == "star":
        shape.sides = _corners(props, "points", DEFAULT_POINTS)
        shape.inner = _inner(props)
    if kind in ("polygon", "star"):
        shape.angle = _angle(props)
    return shape


def recoloured(frame: Shape, props: Props) -> Shape:
    """A shape whose only expressions are its colours: the first card's frame, this card's
    fill and stroke."""
    return replace(frame, fill=props.color("fill"), stroke=props.color("stroke"))


def _stroke_width(props: Props) -> float:
    return props.number("stroke_width", 0.5, 0.0, MAX_STROKE_PT, points=True)


def _corners(props: Props, key: str, default: int) -> int:
    """A polygon's sides or a star's points: a whole number, written or worked out."""
    raw = props.value(key, default)
    number = _whole(default if raw is None else raw)
    if number is not None and MIN_CORNERS <= number <= MAX_CORNERS:
        return number
    shown = str(number) if number is not None else repr(raw)
    props.report(
        key,
        f"must be a whole number from {MIN_CORNERS} to {MAX_CORNERS}, not {shown[:40]}"
        + _first_card(props, key),
    )
    return default


def _first_card(props: Props, key: str) -> str:
    """A value worked out for each card: the card it first failed on."""
    return props.first_card() if props.computed(key) else ""


def _whole(raw: Any) -> int | None:
    if isinstance(raw, bool):  # `sides: true` is no 1
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and raw.is_integer():  # worked out: card.level * 1.0 + 2
        return int(raw)
    if isinstance(raw, str) and raw.strip().lstrip("+-").isdigit():  # "6", from a text field
        return int(raw.strip())
    return None


def _angle(props: Props) -> float:
    """A polygon's or star's turn, in degrees clockwise; one worked out per card is said once,
    naming the card it first fails on, as its sides are."""
    raw = props.value("angle", 0.0)
    try:
        if isinstance(raw, bool):  # `angle: true` is no 1
            raise TypeError
        number = number_of(0.0 if raw is None else raw)
    except (TypeError, ValueError, OverflowError):
        number = math.nan  # said below, with the value written
    if -MAX_TURN <= number <= MAX_TURN:
        return number
    shown = f"{number:g}" if math.isfinite(number) else repr(raw)
    props.report(
        "angle",
        f"must be a number of degrees from {-MAX_TURN:g} to {MAX_TURN:g} (clockwise; 0 leaves "
        f"it upright), not {shown[:40]}" + _first_card(props, "angle"),
    )
    return 0.0


def _inner(props: Props) -> float:
    """A star's inner radius, a fraction of its outer."""
    raw = props.value("inner", DEFAULT_INNER)
    try:
        if isinstance(raw, bool):
            raise TypeError
        number = number_of(DEFAULT_INNER if raw is None else raw)
    except (TypeError, ValueError, OverflowError):
        number = -1.0  # said below as out of range, with the value written
    if MIN_INNER <= number <= MAX_INNER:
        return number
    shown = repr(raw) if len(repr(raw)) <= 40 else "that"
    props.report(
        "inner",
        f"must be a number from {MIN_INNER:g} to {MAX_INNER:g}, the inner corners' distance "
        f"from the centre as a fraction of the points' (0.5: a usual star; 0.38: a sharp "
        f"five-pointed one), not {shown}" + _first_card(props, "inner"),
    )
    return DEFAULT_INNER
