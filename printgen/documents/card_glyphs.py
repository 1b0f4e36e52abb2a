"""A card's text as a document sets it in the document's font (the aid's quick reference, the
rulebook's card reference): what that font cannot draw is an error at the card's field, as a
character the card's own font lacks is on its face — a card printed in a font of the
designer's with an arrow Vera lacks printed it as an empty box beside the card."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from printgen.layout import text, unprintable
from printgen.problems import Problem, Where

if TYPE_CHECKING:  # cards.py imports this module
    from printgen.documents.cards import CardIndex, CardInfo
    from printgen.documents.flow import TextStyle
    from printgen.model.game import CardType


def check_drawable(
    runs: list[text.Run], style: TextStyle, info: CardInfo, field: str, index: CardIndex
) -> None:
    """A character of a card's ``field`` that the document's font cannot draw (an arrow in a
    summary), or an :icon: no library has, is an error at the card's field."""
    for name in dict.fromkeys(unprintable.unknown_icons(runs)):  # said as the card's face says it
        index.report(Problem(info.card.where_of(field), index.icons.unknown_message(name, True)))
    for char in unprintable.missing_glyphs(runs, style.family):
        index.report(undrawable(char, info.card, field, style.family.name))


def undrawable(char: str, card: CardType, field: str, font: str) -> Problem:
    """A character of a card's ``field`` the documents' ``font`` lacks, at the field: the one
    line the rulebook (its components list, its card reference) and the aid all say."""
    return Problem(
        card.where_of(field),
        unprintable.lacking(char, font, f" of card '{card.id}' {field}"),
    )


def parsed(
    fields: dict[str, str], style: TextStyle, info: CardInfo, index: CardIndex
) -> list[list[text.Run]]:
    """Each of a card's text ``fields`` as runs to set in ``style``, checked."""
    out = []
    for field, written in fields.items():
        runs = text.parse(written, index.icons.has)
        check_drawable(runs, style, info, field, index)
        out.append(runs)
    return out


def card_text_holding(cards: Iterable[CardType], written: str, lang: str) -> Where | None:
    """The field of the first card whose text (in ``lang``) holds ``written`` — an :icon:
    the prose printed from a card's value (``{{ card.name }}`` in a table), said where the
    card's face says it: one line for the mistake, not a second at the prose file's start."""
    for card in cards:
        for name, value in card.fields.items():
            text = value.get(lang) if isinstance(value, dict) else value
            if isinstance(text, str) and written in text:
                return card.where_of(name, lang)
    return None
