"""Stage 2, continued — what a card's layout gives the fields its deck does not declare.

A layout's ``defaults:`` (``kind: SHIP``, ``tint: "{{ data.tints[card.kind] }}"``) print on
every card of a deck that does not declare the field. The same values join each card's
resolved values here, once, so that what reads a card — ``checks:``, rules.py, the rulebook's
and the aid's prose, the aid's quick reference and the symbols legend — sees what the card
prints; the lay-out then finds them among the card's values. A field the deck declares is the
card's own, even where a card leaves it out (it prints nothing there, whatever the default).
"""

from __future__ import annotations

from typing import Any

from printgen.model.game import CardType, Deck, Game, localize
from printgen.problems import Problems
from printgen.resolve import Resolved
from printgen.sandbox import expressions as expr
from printgen.source.layouts import Layout, LayoutLibrary


def add_layout_defaults(
    game: Game, library: LayoutLibrary, resolved: dict[str, Resolved], problems: Problems
) -> None:
    """Each card's values, in every language, completed with its layout's defaults."""
    for deck in game.decks:
        for card in deck.cards:
            layout = library.layouts.get(card.layout)
            if layout is None or not layout.defaults:
                continue  # an unknown layout is said where the lay-out looks it up
            for values in resolved.values():
                _completed(game, deck, card, layout, values, problems)


def _completed(
    game: Game,
    deck: Deck,
    card: CardType,
    layout: Layout,
    resolved: Resolved,
    problems: Problems,
) -> None:
    values = resolved.cards[deck.id][card.id]
    wanted = [key for key in layout.defaults if key not in values]
    for key in wanted:  # values first: an expression may read another default
        if not expr.is_expression(layout.defaults[key]):
            values[key] = layout.defaults[key]
    scope = localize(card.scope, resolved.lang, game.meta.languages) if card.scope else {}
    variables = {
        **scope,
        "card": values,
        "data": resolved.data,
        "game": resolved.game,
        "lang": resolved.lang,
        "deck": deck_facts(deck),
    }
    for key in wanted:
        if expr.is_expression(layout.defaults[key]):
            values[key] = worked_out(layout, key, variables, card.id, problems)


def worked_out(
    layout: Layout, key: str, variables: dict[str, Any], card_id: str, problems: Problems
) -> Any:
    """A default written as an expression, the card's own value (None, said, where it fails:
    it may fail on some cards only)."""
    try:
        return expr.evaluate(layout.defaults[key], variables)
    except expr.BudgetSpent as exc:
        said = f"layout '{layout.name}' default of '{key}': {exc}"
        problems.add(layout.where, said, once=exc.once)
    except expr.ExpressionError as exc:
        said = f"layout '{layout.name}' default of '{key}' for card '{card_id}': {exc}"
        problems.add(layout.defaults_where.get(key, layout.where), said)
    return None


def deck_facts(deck: Deck) -> dict[str, Any]:
    """``deck`` as a layout's expressions see it."""
    return {
        "id": deck.id,
        "width": deck.width_mm,
        "height": deck.height_mm,
        "bleed": deck.bleed_mm,
        "safe": deck.safe_mm,
    }
