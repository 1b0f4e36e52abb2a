"""Blaster e spade laser (seed 003): plays on the symbol deck.

Besides the needs declared under ``uses:`` (checked against the deck), the numbers the rulebook
prints must agree with them: the arena and both players' life points come out of one deck, and
the largest life-point total the rules allow must still leave cards for the draw pile.
"""

from __future__ import annotations

from typing import Any

from printgen.model.game import Game
from printgen.problems import Problem, ProjectError, Where
from printgen.rules import RuleContext, rule
from printgen.source.located_yaml import LDict, place

PLAYERS = 2


@rule("arena")
def check(ctx: RuleContext) -> list[Problem]:
    game = ctx.game
    problems = check_needs(ctx)
    problems += check_numbers(game, ctx)
    return problems


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _data_at(game: Game, key: str) -> Where:
    data = game.data
    return data.at(key) if isinstance(data, LDict) else game.data_where


def check_numbers(game: Game, ctx: RuleContext) -> list[Problem]:
    """data.grid / data.life_points match the needs; data.max_life_points fits the deck."""
    problems: list[Problem] = []
    grid, life, most = (_int(game.data.get(k)) for k in ("grid", "life_points", "max_life_points"))
    needs = game.uses.get("needs", {}) if isinstance(game.uses, dict) else {}
    cards = needs.get("cards") if isinstance(needs, dict) else None
    groups = cards if isinstance(cards, dict) else {}
    pairs = (
        ("grid", "grid", grid),
        ("life-points", "life_points", None if life is None else PLAYERS * life),
    )
    for need, data_key, expected in pairs:
        declared = _int(groups.get(need))
        if expected is not None and declared is not None and declared != expected:
            problems.append(
                Problem(
                    _data_at(game, data_key),
                    f"the rules use {expected} cards "
                    f"for '{need}' but uses.needs.cards.{need} says {declared}; "
                    "make them agree",
                )
            )
    if grid is None or most is None:
        return problems
    try:
        deck_game = ctx.load_game(str(game.uses.get("deck")))
    except ProjectError:  # check_uses already reported a deck that does not load
        return problems
    total = sum(deck.total for deck in deck_game.decks)
    if grid + PLAYERS * most >= total:
        problems.append(
            Problem(
                _data_at(game, "max_life_points"),
                f"{PLAYERS} × {most} life points + {grid} arena cards use "
                f"{grid + PLAYERS * most} of the deck's {total} cards and leave "
                "no draw pile for the dashes; lower max_life_points",
            )
        )
    return problems


def check_needs(ctx: RuleContext) -> list[Problem]:
    """The needs under ``uses:`` checked by the rules.py of the game whose deck is used (the
    symbol deck's offers ``check_uses``)."""
    uses = ctx.game.uses
    deck = uses.get("deck") if isinstance(uses, dict) else None
    try:
        module = ctx.rules_module(deck) if isinstance(deck, str) else None
    except ProjectError as exc:
        first = exc.problems[0].message if exc.problems else "it does not load"
        where = place(uses, "deck", ctx.where_key("uses"))
        return [Problem(where, f"uses deck '{deck}', which cannot be loaded: {first}")]
    check_uses = getattr(module, "check_uses", None)
    if check_uses is None:
        return [
            Problem(
                ctx.where_key("uses"),
                "declare the deck the game plays with: uses: {deck: mazzo-dei-simboli, "
                "needs: {cards: N, …}}",
            )
        ]
    found: list[Problem] = check_uses(ctx.game, ctx)
    return found
