"""The card fields a layout prints as text: what a rulebook's card block may set beside the
face as the card's text (a field only its queries read, ``suit: text``, is not printed on the
card, so not beside it either)."""

from __future__ import annotations

from printgen.source.layouts import Layout
from printgen.startup.deferred import pattern

# card.effect, card['effect'], card["effect"]
_CARD_FIELD = pattern(r"""\bcard\s*(?:\.\s*([A-Za-z_]\w*)|\[\s*['"](\w+)['"]\s*\])""")
# the properties that print a text: a text element's text, an icon's label under it
_PRINTING = {"text": "text", "icon": "label"}


def printed_fields(layout: Layout) -> frozenset[str]:
    """The fields an element of ``layout`` (its own and those it extends) prints as text."""
    names: set[str] = set()
    for element in layout.elements:
        written = element.props.get(_PRINTING.get(element.type, ""))
        if isinstance(written, str) and "card" in written:
            names.update(a or b for a, b in _CARD_FIELD.findall(written))
    return frozenset(names)
