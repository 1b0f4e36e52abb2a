"""A card's field values in one language, with its expressions evaluated.

Shared by the validator (game rules read the printed values) and the lay-out stage.
"""

from __future__ import annotations

from typing import Any

from printgen import expr
from printgen.errors import Problem
from printgen.model import CardType, Deck, Game, localize


def game_vars(game: Game, lang: str) -> dict[str, Any]:
    meta = game.meta
    return {
        "id": meta.id,
        "title": localize(meta.title, lang, meta.languages),
        "players_min": meta.players_min,
        "players_max": meta.players_max,
        "duration": meta.duration_min,
        "age": meta.age,
        "author": localize(meta.author, lang, meta.languages),
        "credits": localize(meta.credits, lang, meta.languages) if meta.credits else "",
    }


def card_values(
    game: Game, deck: Deck, card: CardType, lang: str, problems: list[Problem] | None = None
) -> dict[str, Any]:
    """Every declared field (None where the card leaves it out), plus id and count."""
    langs = game.meta.languages
    scope = localize(card.scope, lang, langs)
    variables = {
        **scope,
        "data": localize(game.data, lang, langs),
        "game": game_vars(game, lang),
        "lang": lang,
    }
    values: dict[str, Any] = {name: None for name in deck.field_types}
    values.update({"id": card.id, "count": card.count})
    for name, raw in card.fields.items():
        try:
            value = expr.evaluate(localize(raw, lang, langs), {**variables, "card": values})
            values[name] = _typed(value, deck.field_types.get(name, "any"))
        except (expr.ExpressionError, ValueError) as exc:
            if problems is not None:
                # a generator's template fails alike for every card it makes: one message
                who = f"generated cards' {name}" if card.scope else f"card '{card.id}' {name}"
                where = card.where_of(name, lang)
                problems.append(Problem(where, f"{who} [{lang}]: {exc}"))
    return values


def _typed(value: Any, kind: str) -> Any:
    """An expression renders to text; a number field gets its number back ("11" -> 11)."""
    if kind not in ("number", "integer") or not isinstance(value, str):
        return value
    try:
        number = float(value)
    except ValueError:
        raise ValueError(f"expected a number, the expression gave {value!r}") from None
    if kind == "integer" or number.is_integer():
        if not number.is_integer():
            raise ValueError(f"expected a whole number, the expression gave {value!r}")
        return int(number)
    return number
