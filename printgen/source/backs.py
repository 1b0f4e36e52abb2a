"""Reading backs: a deck's ``back:`` (its cards' back) and a card's own ``back:``, printed in
place of its deck's (``layout:`` and ``fields:``, the fields worked out with the card's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.model.game import CardBack, CardType, Deck
from printgen.problems import Where
from printgen.source.located_yaml import LDict
from printgen.source.readers import Checker

BACK = "back"  # a card's own back (not a field name printgen reserves: a deck may declare it)


DeckBack = tuple[str | None, dict[str, Any], Where, Where | None]


def deck_back(checker: Checker, node: LDict, what: str) -> DeckBack:
    """The deck's back: its layout, fields, place and the place of its layout's name (no
    layout: the cards have no back)."""
    if "back" not in node:
        return None, {}, node.where, None
    if node["back"] in (None, "none"):  # no back, said so: its place tells it from one left out
        return None, {}, node.at("back"), None
    back = checker.mapping(node["back"], node.at("back"), f"{what} back")
    if back is None:
        return None, {}, node.where, None
    checker.keys(back, {"layout", "fields"}, {"layout"}, f"{what} back")
    fields = back.get("fields", {})
    if "fields" in back:
        if checker.mapping(fields, back.at("fields"), f"{what} back fields") is None:
            fields = {}  # said: the back's layout still checked, with no fields
        else:
            checker.translations_in(fields, back.at("fields"), "back fields")
    # an unknown layout is said at its name, as a front's is, not at the back: mapping's start
    layout_where = back.at("layout") if "layout" in back else None
    return checker.string(back, "layout", f"{what} back"), dict(fields), back.where, layout_where


def card_back(
    checker: Checker,
    raw: Any,
    where: Where,
    label: str,
    choose: Callable[[Checker, LDict, str], str | None],
) -> CardBack | None:
    """A card's own back: (layout, fields), printed in place of the deck's. Its fields are kept
    as written, worked out with the card's by the resolve stage (they may read card.*)."""
    what = f"{label} back"
    back = checker.mapping(raw, where, what)
    if back is None:
        return None
    checker.keys(back, {"layout", "fields"}, set(), what)
    fields = back.get("fields", LDict())
    if checker.mapping(fields, back.at("fields"), f"{what} fields") is None:
        return None
    checker.translations_in(fields, back.at("fields"), f"{what} fields")
    field_where = {str(name): fields.at(name) for name in fields}
    # chosen as a card's own layout is: by name, or over a generator's variables
    layout = choose(checker, back, what) if "layout" in back else None
    layout_where = back.at("layout") if "layout" in back else None
    return CardBack(layout, dict(fields), back.where, field_where, layout_where)


def backs_without_layout(
    checker: Checker, cards: list[CardType], deck_back: str | None, what: str
) -> None:
    """A card's back: with no layout of its own needs the deck's back layout to print with."""
    if deck_back:
        return
    said: set[Where] = set()  # a generator's template: one back: for every card it makes
    for card in cards:
        if card.back is not None and not card.back.layout and card.back.where not in said:
            said.add(card.back.where)
            checker.error(
                card.back.where,
                f"card '{card.id}' back: has no layout and {what} has no back: to take one "
                "from; give it 'layout:' (a layout such as back-base)",
            )


def unbacked_decks(checker: Checker, decks: list[Deck]) -> None:
    """A deck with no back printed in the same file as decks with one (cards.pdf): its cards'
    backs print blank, and tell them from the others from behind — a back left out, most
    likely. ``back: none`` says it is meant, and is not warned about."""
    backed: dict[str, Deck] = {}
    for deck in decks:
        if deck.back_layout or any(card.back for card in deck.cards):
            backed.setdefault(deck.output, deck)
    for deck in decks:
        other = backed.get(deck.output)
        left_out = deck.back_where == deck.where  # (back: none is said at its own line)
        if other is None or deck.back_layout or not left_out or other is deck:
            continue
        if any(card.back for card in deck.cards):
            continue
        checker.warn(
            deck.where,
            f"deck '{deck.id}' has no back, while deck '{other.id}', printed with it in "
            f"{deck.output}.pdf, has one: its cards' backs print blank, which tells them apart "
            "from behind; give it a back: (back: none to print it blank on purpose)",
        )
