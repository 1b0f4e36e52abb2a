"""A card's text as a document sets it in the document's font (the aid's quick reference, the
rulebook's card reference): what that font cannot draw is an error at the card's field, as a
character the card's own font lacks is on its face — a card printed in a font of the
designer's with an arrow Vera lacks printed it as an empty box beside the card."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from printgen.layout import text, unprintable
from printgen.layout.face import LaidOutDeck, TextBox
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
        if not index.icons.refused(name):  # (a refused file is said at the file)
            index.report(
                Problem(info.card.where_of(field), index.icons.unknown_message(name, True))
            )
    font = style.family.name
    missing = unprintable.missing_glyphs(runs, style.family)
    if missing:  # what the card's face prints in the same font, the face said
        missing = [char for char in missing if char not in index.on_faces(font)]
    for problem in undrawable_all(missing, info.card, field, font):
        index.report(problem)


def undrawable_all(chars: list[str], card: CardType, field: str, font: str) -> list[Problem]:
    """``undrawable`` for several characters of one text: one line lists them (a name of 70
    combining marks was 70 lines); a control character keeps its own (it is to be removed)."""
    controls = [c for c in chars if unprintable.lacking(c, font).startswith("control")]
    rest = [c for c in chars if c not in controls]
    if len(rest) < 2:
        return [undrawable(char, card, field, font) for char in chars]
    listed = ", ".join(unprintable.shown(char) for char in rest)
    said = Problem(
        card.where_of(field),
        f"characters {listed} of card '{card.id}' {field} are not in the document font "
        f"({font}); write them another way",
    )
    return [said, *(undrawable(char, card, field, font) for char in controls)]


def printed_on_faces(decks: Iterable[LaidOutDeck], font: str) -> set[str]:
    """The characters the decks' faces print in ``font``: one the font lacks is said where
    the face prints it, and a document printing it in the same font has nothing to add (a
    card's name said twice, once as the face's, once as the rulebook's)."""
    found: set[str] = set()
    for laid in decks:
        for face in [face for _, face in laid.fronts] + laid.backs():
            for op in face.ops:
                if isinstance(op, TextBox) and op.family.name == font:
                    found.update(p.text for line in op.block.lines for p in line.pieces)
    return set("".join(found))


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
