"""A game's card data for the simulator, read through the same loader and resolver as a build."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from printgen.model.game import localize
from printgen.problems import ProjectError
from printgen.project import Project
from printgen.resolve import card_values
from printgen.simulate.contract import SimCard, SimData
from printgen.source.game import load_game


def load_sim_data(project_root: Path, game_id: str) -> SimData:
    """Raises ProjectError when the game (or the game it uses) does not load."""
    project = Project.at(project_root)
    game = load_game(project, game_id)
    lang = game.meta.languages[0]
    decks = {
        deck.id: tuple(
            SimCard(deck.id, card.id, card.count, card_values(game, deck, card, lang))
            for card in deck.cards
        )
        for deck in game.decks
    }
    uses = game.uses if isinstance(game.uses, Mapping) else {}
    used = None
    other = uses.get("deck")
    if isinstance(other, str) and other != game_id:
        used = load_sim_data(project_root, other)
    data = localize(game.data, lang, game.meta.languages)
    return SimData(
        game_id=game_id,
        players_min=game.meta.players_min,
        players_max=game.meta.players_max,
        data=data if isinstance(data, Mapping) else {},
        decks=decks,
        uses=uses,
        used=used,
    )


__all__ = ["ProjectError", "load_sim_data"]
