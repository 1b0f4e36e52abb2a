"""A layout written for one card size, drawn on cards of another: its positions and boxes
stretched so that one size's safe zone becomes the other's (``LayoutLibrary.get``)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from printgen.model.units import parse_length
from printgen.sandbox.expressions import is_expression
from printgen.source.layouts import Element, Layout

# kept in proportion when resized: a disc stays a disc, a hexagon regular, an icon unsquashed
_IN_PROPORTION = {"ellipse", "polygon", "star", "icon", "image"}
_LENGTHS = ("x", "y", "w", "h", "x2", "y2")  # what a resize moves or stretches
_POSITIONS = {"x", "y", "x2", "y2"}  # the others, w and h, are lengths from the position
_ACROSS = {"x", "x2", "w"}
_DECK = re.compile(r"(?<![.\w])deck\b")  # deck.width, not card.deck


def resized(layout: Layout, size: tuple[float, float], safe: float = 0.0) -> Layout:
    """``layout`` for cards of ``size``: the positions and boxes written for ``layout.size`` (by
    a layout that says its size: ``Element.sized``) stretched across and down so that the safe
    zone (``safe`` mm inside the trim) of one size becomes the other's — what was inside it
    stays inside, a frame on its edge stays on it. Discs, polygons, stars, icons and pictures
    keep their proportions (the smaller stretch), centred where their box went. Text sizes,
    strokes and corner radii stay as written (text that no longer fits shrinks as always); a
    length written as an expression is stretched the same way once each card's value is known
    (a disc given by an expression keeps no proportion), unless it reads the deck's own
    measures; what a layout without a size writes is left as written."""
    assert layout.size is not None
    old, new = layout.size, size
    if min(old[0], old[1], new[0], new[1]) <= 2 * safe:  # no safe area to map: the whole card
        safe = 0.0
    across = (new[0] - 2 * safe) / (old[0] - 2 * safe)
    down = (new[1] - 2 * safe) / (old[1] - 2 * safe)
    elements = [_resized(element, across, down, safe) for element in layout.elements]
    return replace(layout, elements=elements, size=size, drawn_for=layout.drawn_for or old)


def _resized(element: Element, across: float, down: float, safe: float) -> Element:
    props = dict(element.props)
    found = {key: _mm(props.get(key)) if key in element.sized else None for key in _LENGTHS}
    x, y, w, h = found["x"], found["y"], found["w"], found["h"]
    stretched = dict(element.stretched)
    for key in _LENGTHS:
        if key in element.sized and found[key] is None and _card_relative(props.get(key)):
            stretch = across if key in _ACROSS else down
            origin = safe if key in _POSITIONS else 0.0
            a, b = stretched.get(key, (1.0, 0.0))  # an earlier resize's (a parent's size)
            stretched[key] = (a * stretch, b * stretch + origin * (1 - stretch))
    if stretched != element.stretched:
        element = replace(element, stretched=stretched)

    def moved(value: float, stretch: float) -> float:
        return _rounded(safe + (value - safe) * stretch)

    if element.type in _IN_PROPORTION and x is not None and y is not None and w and h:
        scale = min(across, down)
        props["x"] = _rounded(moved(x + w / 2, across) - w * scale / 2)
        props["y"] = _rounded(moved(y + h / 2, down) - h * scale / 2)
        props["w"], props["h"] = _rounded(w * scale), _rounded(h * scale)
        return replace(element, props=props)
    for key, stretch in (("x", across), ("x2", across), ("y", down), ("y2", down)):
        if (value := found[key]) is not None:
            props[key] = moved(value, stretch)
    for key, stretch in (("w", across), ("h", down)):
        if (value := found[key]) is not None:
            props[key] = _rounded(value * stretch)
    return replace(element, props=props)


def _card_relative(value: Any) -> bool:
    """An expression in the layout's own size (``"{{ 52 if card.icon else 30 }}"``): one that
    reads the deck's measures (``"{{ deck.width - 10 }}"``) is the card's own already."""
    return is_expression(value) and not _DECK.search(str(value))


def _mm(value: Any) -> float | None:
    """A length written as a constant, in mm; None for an expression or a mistake (reported
    where it is drawn, as written)."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return parse_length(value)
    except ValueError:
        return None


def _rounded(mm: float) -> float:
    return round(mm, 4)
