"""Reading backs: a deck's ``back:`` (its cards' back) and a card's own ``back:``, printed in
place of its deck's (``layout:`` and ``fields:``, the fields worked out with the card's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.model.game import CardBack, CardType
from printgen.problems import Where
from printgen.source.located_yaml import LDict
from printgen.source.readers import Checker

BACK = "back"  # a card's own back (not a field name printgen reserves: a deck may declare it)


def deck_back(checker: Checker, node: LDict, what: str) -> tuple[str | None, dict[str, Any], Where]:
    """The deck's back: its layout, fields and place (no layout: the cards have no back)."""
    if "back" not in node or node["back"] in (None, "none"):
        return None, {}, node.where
    back = checker.mapping(node["back"], node.at("back"), f"{what} back")
    if back is None:
        return None, {}, node.where
    checker.keys(back, {"layout", "fields"}, {"layout"}, f"{what} back")
    fields = back.get("fields", {})
    if "fields" in back:
        checker.mapping(fields, back.at("fields"), f"{what} back fields")
        checker.translations_in(fields, back.at("fields"), "back fields")
    return checker.string(back, "layout", f"{what} back"), dict(fields), back.where


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
