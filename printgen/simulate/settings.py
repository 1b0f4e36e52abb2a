"""How a simulation runs, and which bot plays which seat of a game: what the games' players
(run.py) and their tally (tally.py) agree on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """How a simulation runs: games, players, bots, seed, turn cap and worker processes."""

    games: int
    players: int
    bots: tuple[str, ...]  # cycled over the seats, starting one further each game
    seed: int
    turn_cap: int
    jobs: int = 1
    debug: bool = False  # --debug: the engine's prints shown, a line above each game's


def seats(bots: Sequence[str], players: int, game: int) -> tuple[str, ...]:
    """The bots of game ``game``: every bot plays every seat equally often."""
    return tuple(bots[(seat + game) % len(bots)] for seat in range(players))
