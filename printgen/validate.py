"""Stage 2 — validate: the constraints a game declares, and its own rule module's checks.

Schema problems were found while loading; print problems (fit, safe zone) are found while laying
out. ``printgen validate`` runs all three.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printgen.errors import Problem
from printgen.games import rules_for
from printgen.model import Game
from printgen.project import Project


@dataclass
class CheckContext:
    """What a game's rule module may use besides its own game."""

    project: Project
    load_game: Callable[[str], Game]  # another game of the project, e.g. the deck a game uses


def validate_game(game: Game, ctx: CheckContext) -> list[Problem]:
    problems = check_constraints(game)
    rules = rules_for(game.id)
    if rules is not None:
        problems.extend(rules(game, ctx))
    return problems


def check_constraints(game: Game) -> list[Problem]:
    problems = []
    for rule in game.constraints:
        deck = game.deck(rule.deck)
        if deck is None:
            names = ", ".join(d.id for d in game.decks)
            problems.append(
                Problem(
                    rule.where,
                    f"constraint names deck '{rule.deck}', which does not exist (decks: {names})",
                )
            )
            continue
        if rule.kind == "total" and deck.total != rule.expected:
            problems.append(
                Problem(
                    rule.where,
                    f"deck '{deck.id}' has {deck.total} cards but the "
                    f"game requires {rule.expected}; fix the counts",
                )
            )
        if rule.kind == "count":
            card = next((c for c in deck.cards if c.id == rule.card), None)
            if card is None:
                problems.append(Problem(rule.where, f"deck '{deck.id}' has no card '{rule.card}'"))
            elif card.count != rule.expected:
                problems.append(
                    Problem(
                        card.where,
                        f"card '{card.id}' has count {card.count} but "
                        f"the game requires {rule.expected} (constraint at line "
                        f"{rule.where.line})",
                    )
                )
    return problems
