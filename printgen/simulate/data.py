"""A game's card data for the simulator, read through the same loader and resolver as a build.

The only module of the simulator (with ``canvas.py``) that imports the rest of printgen: what it
needs from the loader, the model and the error reporting is re-exported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from printgen.errors import Problem, ProjectError, Where
from printgen.fields import card_values
from printgen.load import BALANCE_KEYS, load_game
from printgen.model import localize
from printgen.project import Project
from printgen.simulate.contract import SimCard, SimData
from printgen.write import atomic_write, json_bytes


@dataclass(frozen=True)
class Threshold:
    """One ``balance:`` entry of a game.yaml and where it is written."""

    key: str
    value: float
    where: Where


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
    title = localize(game.meta.title, lang, game.meta.languages)
    return SimData(
        game_id=game_id,
        players_min=game.meta.players_min,
        players_max=game.meta.players_max,
        data=data if isinstance(data, Mapping) else {},
        decks=decks,
        uses=uses,
        used=used,
        title=str(title),
    )


def load_thresholds(project_root: Path, game_id: str) -> tuple[Threshold, ...]:
    """The game's ``balance:`` thresholds (already checked by the loader), in BALANCE_KEYS order."""
    game = load_game(Project.at(project_root), game_id)
    balance = game.raw.get("balance")
    if not isinstance(balance, Mapping):
        return ()
    return tuple(
        Threshold(key, float(balance[key]), balance.at(key))  # type: ignore[attr-defined]
        for key in BALANCE_KEYS
        if key in balance
    )


def balance_where(project_root: Path, game_id: str) -> Where:
    """Where the game's ``balance:`` key is written (the game.yaml's start without one)."""
    game = load_game(Project.at(project_root), game_id)
    raw = game.raw
    at = getattr(raw, "key_at", None)
    return (
        at("balance") if at is not None and "balance" in raw else Where(f"{game.folder}/game.yaml")
    )


def project_games(project_root: Path) -> list[str]:
    return Project.at(project_root).game_ids()


__all__ = [
    "BALANCE_KEYS",
    "Problem",
    "ProjectError",
    "Threshold",
    "Where",
    "atomic_write",
    "balance_where",
    "json_bytes",
    "load_sim_data",
    "load_thresholds",
    "project_games",
]
