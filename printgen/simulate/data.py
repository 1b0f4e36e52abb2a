"""A game's card data for the simulator, read through the same loader and resolver as a build."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from printgen.problems import Problems, ProjectError
from printgen.project import Project
from printgen.session import Session
from printgen.simulate.contract import SimCard, SimData


def load_sim_data(project_root: Path, game_id: str) -> SimData:
    """Raises ProjectError when the game (or the game it uses) does not load."""
    return _sim_data(Session(Project.at(project_root)), game_id)


def _sim_data(session: Session, game_id: str) -> SimData:
    game = session.game(game_id)
    problems = Problems()
    resolved = session.resolved(game, problems)[game.meta.languages[0]]
    if problems.has_errors():
        raise ProjectError(problems.errors)
    decks = {
        deck.id: tuple(
            SimCard(deck.id, card.id, card.count, resolved.values(deck, card))
            for card in deck.cards
        )
        for deck in game.decks
    }
    uses = game.uses if isinstance(game.uses, Mapping) else {}
    other = uses.get("deck")
    used = _sim_data(session, other) if isinstance(other, str) and other != game_id else None
    return SimData(
        game_id=game_id,
        players_min=game.meta.players_min,
        players_max=game.meta.players_max,
        data=resolved.data,
        decks=decks,
        uses=uses,
        used=used,
    )


__all__ = ["ProjectError", "load_sim_data"]
