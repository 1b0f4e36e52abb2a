"""Playing N games: seats, seeds and worker processes.

Game ``i`` is seeded from ``(seed, i)`` alone and its seats rotate through the bot list from
position ``i``, so a game is the same whichever process plays it: ``--jobs J`` only splits the
games into batches of consecutive games, and the records come back in game order.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printgen.simulate.contract import GameRecord, SimData
from printgen.simulate.engine import load_engine

DEFAULT_TURN_CAP = 1000
BATCH = 250  # games a worker plays per task


@dataclass(frozen=True)
class Settings:
    """How a simulation runs: games, players, bots, seed, turn cap and worker processes."""

    games: int
    players: int
    bots: tuple[str, ...]  # cycled over the seats, starting one further each game
    seed: int
    turn_cap: int
    jobs: int = 1


def seats(bots: Sequence[str], players: int, game: int) -> tuple[str, ...]:
    """The bots of game ``game``: every bot plays every seat equally often."""
    return tuple(bots[(seat + game) % len(bots)] for seat in range(players))


def game_rng(seed: int, game: int) -> random.Random:
    # a str seed is hashed with SHA-512 by random, independent of PYTHONHASHSEED and process
    return random.Random(f"printgen-simulate:{seed}:{game}")


def play_games(
    project_root: Path, game_id: str, data: SimData, settings: Settings
) -> Iterator[GameRecord]:
    """The records in game order, played in batches so memory stays bounded whatever N is."""
    batches = [
        (start, min(start + BATCH, settings.games)) for start in range(0, settings.games, BATCH)
    ]
    if settings.jobs <= 1 or len(batches) <= 1:
        _prepare(project_root, game_id, data, settings)
        for batch in batches:
            yield from _play_batch(batch)
        return
    context = multiprocessing.get_context("spawn")  # same behaviour on every platform
    with context.Pool(
        min(settings.jobs, len(batches)), _prepare, (project_root, game_id, data, settings)
    ) as pool:
        for records in pool.imap(_play_batch, batches):
            yield from records


# what the process plays: set by _prepare, once per run (and once per worker process)
_current: dict[str, Any] = {}


def _prepare(project_root: Path, game_id: str, data: SimData, settings: Settings) -> None:
    module = load_engine(project_root, game_id).module
    _current.update(play=module.play, rules=module.prepare(data), settings=settings)


def _play_batch(batch: tuple[int, int]) -> list[GameRecord]:
    play, rules, settings = _current["play"], _current["rules"], _current["settings"]
    bots, players, seed, cap = settings.bots, settings.players, settings.seed, settings.turn_cap
    return [play(rules, seats(bots, players, i), game_rng(seed, i), cap) for i in range(*batch)]
