"""The card fields a layout's elements print as text: what a rulebook's card block may set
beside the face as the card's text (a field only its queries read, ``suit: text``, is not
printed on the card, so not beside it either; nor one only an element its ``when:`` leaves off
that card prints — the face sums the fields of the elements it draws)."""

from __future__ import annotations

from printgen.source.layouts import Element, Layout
from printgen.startup.deferred import pattern

# card.effect, card['effect'], card["effect"]
_CARD_FIELD = pattern(r"""\bcard\s*(?:\.\s*([A-Za-z_]\w*)|\[\s*['"](\w+)['"]\s*\])""")
# the properties that print a text: a text element's text, an icon's label under it
_PRINTING = {"text": "text", "icon": "label"}


def printed_fields(element: Element) -> frozenset[str]:
    """The fields ``element`` prints as text (none for a shape, a picture or a fixed text)."""
    written = element.props.get(_PRINTING.get(element.type, ""))
    if not (isinstance(written, str) and "card" in written):
        return frozenset()
    return frozenset(a or b for a, b in _CARD_FIELD.findall(written))


def layout_fields(layout: Layout) -> frozenset[str]:
    """The fields an element of ``layout`` (its own and those it extends) prints as text on
    some card, whatever its ``when:``."""
    return frozenset().union(*(printed_fields(element) for element in layout.elements))
