"""Playing N games: seats, seeds and worker processes.

Game ``i`` is seeded from ``(seed, i)`` alone and its seats rotate through the bot list from
position ``i``, so a game is the same whichever process plays it: ``--jobs J`` only splits the
games into contiguous chunks, and the records come back in game order.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from printgen.simulate.contract import GameRecord, SimData
from printgen.simulate.engine import load_engine

DEFAULT_TURN_CAP = 1000


@dataclass(frozen=True)
class Settings:
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
) -> list[GameRecord]:
    chunks = _chunks(settings.games, max(1, settings.jobs))
    if len(chunks) <= 1:
        return _play_chunk(project_root, game_id, data, settings, 0, settings.games)
    context = multiprocessing.get_context("spawn")  # same behaviour on every platform
    with context.Pool(len(chunks)) as pool:
        parts = pool.starmap(
            _play_chunk,
            [(project_root, game_id, data, settings, start, stop) for start, stop in chunks],
        )
    return [record for part in parts for record in part]


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    jobs = min(jobs, games) or 1
    size, extra = divmod(games, jobs)
    bounds, start = [], 0
    for job in range(jobs):
        stop = start + size + (1 if job < extra else 0)
        bounds.append((start, stop))
        start = stop
    return bounds


def _play_chunk(
    project_root: Path, game_id: str, data: SimData, settings: Settings, start: int, stop: int
) -> list[GameRecord]:
    """Runs in a worker too: the engine is loaded (and its rules prepared) where it plays."""
    module = load_engine(project_root, game_id).module
    rules = module.prepare(data)
    play = module.play
    return [
        play(
            rules,
            seats(settings.bots, settings.players, i),
            game_rng(settings.seed, i),
            settings.turn_cap,
        )
        for i in range(start, stop)
    ]
