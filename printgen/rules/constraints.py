"""game.yaml's ``constraints:``: the deck totals and card counts a game requires."""

from __future__ import annotations

from printgen.model.game import Game
from printgen.problems import Problems
from printgen.source.readers import did_you_mean


def check_constraints(game: Game, problems: Problems) -> None:
    for rule in game.constraints:
        deck = game.deck(rule.deck)
        if deck is None:
            names = ", ".join(d.id for d in game.decks)
            problems.add(
                rule.where,
                f"constraint names deck '{rule.deck}', which does not exist (decks: {names})",
            )
            continue
        if rule.kind == "total" and deck.total != rule.expected:
            problems.add(
                rule.where,
                f"deck '{deck.id}' has {deck.total} cards but the "
                f"game requires {rule.expected}; fix the counts",
            )
        if rule.kind == "count":
            card = next((c for c in deck.cards if c.id == rule.card), None)
            if card is None:
                hint = did_you_mean(str(rule.card), [c.id for c in deck.cards])
                problems.add(rule.where, f"deck '{deck.id}' has no card '{rule.card}'{hint}")
            elif card.count != rule.expected:
                problems.add(
                    card.where_of("count"),
                    f"card '{card.id}' has count {card.count} but the game requires "
                    f"{rule.expected} (constraint at line {rule.where.line})",
                )
