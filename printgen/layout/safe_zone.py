"""The safe zone: what a card's layout must keep inside it, on a rectangle or a round token."""

from __future__ import annotations

import math
from collections.abc import Callable

from printgen.layout.props import Props
from printgen.model.game import CardShape, Deck
from printgen.model.units import CARD_PRESETS
from printgen.problems import Problems, Severity, Where
from printgen.source.layouts import Element, Layout

Report = Callable[[Where, str, tuple[str, ...]], None]


def check_safe_zone(
    report: Report,
    deck: Deck,
    layout: Layout,
    element: Element,
    props: Props,
    box: tuple[float, float, float, float],
) -> None:
    if props.flag("decor"):
        return
    x, y, w, h = box
    s = deck.safe_mm
    round_cut = deck.shape == CardShape.CIRCLE and element.type != "line"
    if round_cut:
        outside = _outside_round_zone(deck, box)
        zone = f"the circle {s:g} mm inside the round cut of {deck.width_mm:g}"
        zone += " mm" if deck.width_mm == deck.height_mm else f"×{deck.height_mm:g} mm"
    else:
        outside = (
            x < s - 0.01
            or y < s - 0.01
            or x + w > deck.width_mm - s + 0.01
            or y + h > deck.height_mm - s + 0.01
        )
        zone = f"{s:g} mm inside the {deck.width_mm:g}×{deck.height_mm:g} mm trim"
    if outside:
        report(
            element.origin,
            f"layout '{layout.name}' element '{element.name}' ({_box_said(box)}) leaves the "
            f"safe zone ({zone}); move it "
            f"{'toward the centre' if round_cut else 'inside'} or mark it decor: true"
            + resized_note(layout, element),
            ("safe", layout.name, element.name, deck.id),  # said once
        )


def off_the_card(
    problems: Problems,
    deck: Deck,
    layout: Layout,
    element: Element,
    box: tuple[float, float, float, float],
) -> bool:
    """Whether an element lies wholly outside its card and the usual bleed, said at the
    element: it prints nothing (a position in points, or copied from a larger card). A
    warning: a band drawn in the bleed of a layout shared with a deck printed without bleed
    prints nothing there, rightly."""
    x, y, w, h = box
    b = max(deck.bleed_mm, USUAL_BLEED)
    if x + w > -b and y + h > -b and x < deck.width_mm + b and y < deck.height_mm + b:
        return False
    problems.add(
        element.origin,
        f"layout '{layout.name}' element '{element.name}' ({_box_said(box)}) lies wholly "
        f"outside the {deck.width_mm:g}×{deck.height_mm:g} mm card and its "
        f"bleed, so it prints nothing; move it onto the card (x and y are mm from its top-left "
        "corner), or remove it" + resized_note(layout, element),
        Severity.WARNING,
        once=("off", layout.name, element.name, deck.id),  # said once
    )
    return True


USUAL_BLEED = 3.0  # mm: a layout may draw in this much bleed, whatever the deck's


def _outside_round_zone(deck: Deck, box: tuple[float, float, float, float]) -> bool:
    """Whether an element leaves a round token's safe zone: the circle (an ellipse, on an oval
    token) ``safe`` inside the cut. What an element draws fills the ellipse its box holds — a
    round icon, a centred text — so that ellipse must stay inside; the box's corners may not
    (a square box round a coin's number reaches past its rim)."""
    x, y, w, h = box
    a, b = deck.width_mm / 2 - deck.safe_mm, deck.height_mm / 2 - deck.safe_mm
    if a <= 0 or b <= 0:
        return True
    slack = (1 + 0.01 / min(a, b)) ** 2  # 0.01 mm, as on a rectangle
    centre_x, centre_y = x + w / 2 - deck.width_mm / 2, y + h / 2 - deck.height_mm / 2
    return any(
        ((centre_x + w / 2 * cos) / a) ** 2 + ((centre_y + h / 2 * sin) / b) ** 2 > slack
        for cos, sin in _AROUND
    )


_AROUND = [(math.cos(2 * math.pi * i / 72), math.sin(2 * math.pi * i / 72)) for i in range(72)]


def resized_note(layout: Layout, element: Element) -> str:
    """For a message about a layout resized to its deck: where its positions came from. A
    position set in a layout that says no ``size:`` was not resized (it is taken as written on
    this card) even when the layout inherits a size: the note says so, since telling the
    designer the box was resized sends them looking for a resize that never happened."""
    if layout.drawn_for is None:
        return ""
    width, height = layout.drawn_for
    written = [key for key in _BOX_KEYS if key in element.props and key not in element.sized]
    if written:
        preset = next((n for n, size in CARD_PRESETS.items() if size == (width, height)), None)
        size = preset or f"{{width: {width:g}mm, height: {height:g}mm}}"
        return (
            f" (its {', '.join(written)} {'is' if len(written) == 1 else 'are'} taken as written "
            f"on this card: the layout that sets {'it' if len(written) == 1 else 'them'} says no "
            f"size:, where what it inherits, written for {width:g}×{height:g} mm cards, is "
            f"resized; write size: {size} in it to have {'it' if len(written) == 1 else 'them'} "
            "resized too)"
        )
    return (
        f" (the layout is written for {width:g}×{height:g} mm cards and resized to these; "
        "a layout of your own with this deck's size: places it by hand)"
    )


_BOX_KEYS = ("x", "y", "w", "h", "x2", "y2")  # the keys a resize moves or stretches


def _box_said(box: tuple[float, float, float, float]) -> str:
    """An element's box as a message shows it, "x 1, y 74, 9×9 mm": "1,74" read as one
    number with a decimal comma, which a layout may write."""
    x, y, w, h = box
    return f"x {_mm(x)}, y {_mm(y)}, {_mm(w)}×{_mm(h)} mm"


def _mm(length: float) -> str:
    """A length as a message shows it: to a tenth of a millimetre (a resized layout's
    positions have many decimals)."""
    return f"{round(length, 1):g}"
