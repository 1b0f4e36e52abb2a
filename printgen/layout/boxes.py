"""An element's box on its card: its position and size in mm from the trim box's top-left
corner, run on into the bleed where it asks to be (``bleed: true``)."""

from __future__ import annotations

from printgen.layout.props import Props
from printgen.model.game import Deck
from printgen.source.layouts import Element


def element_box(deck: Deck, element: Element, props: Props) -> tuple[float, float, float, float]:
    """The element's x, y, w and h in mm; problems with them are the props' to report."""
    size_floor = None if element.type == "line" else 0.0  # a line's box is only its start
    x = props.length("x", 0.0)
    y = props.length("y", 0.0)
    w = props.length("w", deck.width_mm, size_floor)
    h = props.length("h", deck.height_mm, size_floor)
    if props.flag("bleed"):  # a band at the top runs off the card there, not over all of it
        x, w = _into_bleed(x, w, deck.width_mm, deck.safe_mm, deck.bleed_mm)
        y, h = _into_bleed(y, h, deck.height_mm, deck.safe_mm, deck.bleed_mm)
    return x, y, w, h


def _into_bleed(
    start: float, size: float, whole: float, safe: float, bleed: float
) -> tuple[float, float]:
    """One axis of a box with ``bleed: true``: each end outside the safe zone (on the trim, or
    between it and the safe line, where a layout resized from a larger card puts what sat on
    its trim) runs on to the bleed's edge; with no position written, the whole card and its
    bleed, a background."""
    end = start + size
    low, high = start < safe or start <= 0, end > whole - safe or end >= whole
    if low and high:
        return -bleed, whole + 2 * bleed
    if low:
        return -bleed, start + size + bleed
    if high:
        return start, whole + bleed - start
    return start, size
