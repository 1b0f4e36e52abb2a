"""Morra navale (seed 003): plays on the symbol deck; its needs are checked against it."""

from __future__ import annotations

from printgen.problems import Problem, ProjectError
from printgen.rules import RuleContext, rule
from printgen.source.located_yaml import place


@rule("uses")
def needs(ctx: RuleContext) -> list[Problem]:
    """Morra navale needs 3 cards of each rock/paper/scissors sign (uses: in game.yaml)."""
    return check_needs(ctx)


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
