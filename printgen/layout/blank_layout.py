"""A front layout with no element (``bare: {size: poker}``, or ``elements: {}``): every card
a deck lays out with it prints blank, and nothing else would say so — no text to fit, no
field left unprinted to count. Said once a layout, at its line, when a deck first uses it.
A back may be blank on purpose (plain backs): not said."""

from __future__ import annotations

from printgen.model.game import Deck, Side
from printgen.problems import Problems, Severity
from printgen.source.layouts import Layout


def drawing_nothing(problems: Problems, layout: Layout, deck: Deck, side: Side) -> None:
    """A warning at ``layout``'s line when it has no element to draw on ``deck``'s fronts (an
    element refused, said at its line, is not this)."""
    if side != Side.FRONT or layout.elements or layout.refused:
        return
    problems.add(
        layout.where,
        f"layout '{layout.name}' draws nothing: it has no elements, so the fronts of deck "
        f"'{deck.id}' print blank, none of its fields on them; give it elements:, or build on "
        "printgen's card layout with extends: card-base",
        Severity.WARNING,
        once=("blank-layout", layout.name),
    )
