"""Morra navale (seed 003): plays on the symbol deck; its needs are checked against it."""

from __future__ import annotations

from printgen.errors import Problem
from printgen.games.mazzo_dei_simboli import check_uses
from printgen.model import Game
from printgen.validate import CheckContext


def check(game: Game, ctx: CheckContext) -> list[Problem]:
    """Morra navale needs 3 cards of each rock/paper/scissors sign (uses: in game.yaml)."""
    return check_uses(game, ctx)
