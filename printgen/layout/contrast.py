"""Text too close in colour to what it is printed on: white on a pale band, dark grey on black.

A text box's backdrop is the last filled shape (rect, ellipse, polygon, star) drawn before it
under the box's middle
(the paper's white where there is none). A picture or an icon drawn over that fill, under the
middle, leaves the backdrop unknown: nothing is said. The contrast is WCAG's ratio of relative
luminances, (L1 + 0.05) / (L2 + 0.05), 1 for the same colour, 21 for black on white. Under
MIN_CONTRAST the text is hard to read at arm's length, and on a home printer's darker or paler
inks it may not show at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from printgen.layout.color import color
from printgen.layout.face import Icon, Image, Op, Shape, TextBox
from printgen.layout.polygons import FILLED, OUTLINED, inside
from printgen.sandbox.expressions import fields_named

# WCAG asks 3:1 of large text and 4.5:1 of body text; a card's designer may choose a soft
# contrast on purpose (a muted flavour line), so only text near invisible is said
MIN_CONTRAST = 2.0
PAPER = "#ffffff"


def backdrop(placed: Sequence[tuple[object, Op]], index: int) -> tuple[int | None, str] | None:
    """The op (its index; None for the paper) and colour the text box of ``placed[index]``
    (element, op) is printed on; None when a picture or icon lies under its middle."""
    box = placed[index][1]
    assert isinstance(box, TextBox)
    x, y = box.x + box.w / 2, box.y + box.h / 2
    for below in range(index - 1, -1, -1):
        op = placed[below][1]
        if isinstance(op, Image | Icon) and _inside(op, x, y):
            return None
        if not isinstance(op, Shape) or not op.fill or op.kind not in FILLED:
            continue
        if _inside(op, x, y):
            return below, op.fill
    return None, PAPER


# (layout, text element, its place among the face's elements) -> the fill's place, and the
# names of the elements from it up to the text: a deck's cards lay them out alike
Known = dict[tuple[str, str, int], tuple[int, tuple[str, ...]]]


def remembered(
    known: Known,
    layout: str,
    placed: Sequence[tuple[Any, Op]],
    index: int,
    names: tuple[str, ...],
) -> tuple[int | None, str] | None:
    """``backdrop``, remembered for a layout's text element where it is a fill: a card whose
    elements from that fill up to the text are the same (by name) and whose fill still lies
    under the text's middle has the same backdrop — one test, not a walk down every element
    (10,000 cards checked twice over cost 4 % of their build). ``names``: the elements' names,
    taken once for the face (480 text boxes over a fill took 115,000 names a card)."""
    name = names[index]
    key = (layout, name, index)
    if (seen := known.get(key)) is not None:
        below, between = seen
        op, box = placed[below][1], placed[index][1]
        assert isinstance(box, TextBox)
        if (
            isinstance(op, Shape)
            and op.fill
            and names[below:index] == between
            and _inside(op, box.x + box.w / 2, box.y + box.h / 2)
        ):
            return below, op.fill
    found = backdrop(placed, index)
    if found is not None and found[0] is not None:
        known[key] = (found[0], names[found[0] : index])
    return found


def emptied(prop: object, empty: Callable[[str], bool]) -> str | None:
    """The first card field an element's property names (``fill: "{{ card.color }}"``) that
    the card leaves ``empty``: the property came out empty, or its fallback, for that."""
    if not isinstance(prop, str):
        return None
    return next((name for name in fields_named(prop) if empty(name)), None)


def unfilled(
    placed: Sequence[tuple[Any, Op]], index: int, below: int | None
) -> list[tuple[Any, Shape]]:
    """The shapes (rects, ellipses, polygons, stars) drawn over the text box's backdrop
    (``below``; None: the paper) and under its middle that came out without a fill: one meant
    to fill it, maybe."""
    box = placed[index][1]
    assert isinstance(box, TextBox)
    x, y = box.x + box.w / 2, box.y + box.h / 2
    start = 0 if below is None else below + 1
    return [
        (element, op)
        for element, op in placed[start:index]
        if isinstance(op, Shape) and not op.fill and op.kind in FILLED and _inside(op, x, y)
    ]


@lru_cache(maxsize=4096)
def ratio(foreground: str, background: str) -> float:
    lighter, darker = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _inside(op: Shape | Image | Icon, x: float, y: float) -> bool:
    if isinstance(op, Shape) and op.kind in OUTLINED:
        return inside(op, x, y)
    if not isinstance(op, Shape) or op.kind != "ellipse":
        return op.x <= x <= op.x + op.w and op.y <= y <= op.y + op.h
    rx, ry = op.w / 2, op.h / 2
    if rx <= 0 or ry <= 0:
        return False
    return ((x - op.x - rx) / rx) ** 2 + ((y - op.y - ry) / ry) ** 2 <= 1


@lru_cache(maxsize=1024)
def _luminance(value: str) -> float:
    """WCAG's relative luminance of a colour (sRGB); a colour with transparency counts as
    drawn opaque."""
    rgb = color(value).rgb()

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
