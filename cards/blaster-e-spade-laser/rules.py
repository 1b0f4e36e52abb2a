"""Blaster e spade laser (seed 003): plays on the symbol deck.

Besides the needs declared under ``uses:`` (checked against the deck), the numbers the rulebook
prints must agree with them: the arena and both players' life points come out of one deck, and
the largest life-point total the rules allow must still leave cards for the draw pile.
"""

from __future__ import annotations

from typing import Any

from printgen.rules import Game, Problem, ProjectError, RuleContext, rule

PLAYERS = 2


@rule("arena")
def arena_numbers(ctx: RuleContext) -> list[Problem]:
    return check_numbers(ctx.game, ctx)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


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
                    ctx.where_data(data_key),
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
                ctx.where_data("max_life_points"),
                f"{PLAYERS} × {most} life points + {grid} arena cards use "
                f"{grid + PLAYERS * most} of the deck's {total} cards and leave "
                "no draw pile for the dashes; lower max_life_points",
            )
        )
    return problems
