"""Benchmark: simulated games per second of every game engine present, on one core.

    .venv/bin/python bench/simulate.py [--games N] [--profile GAME]

Plays N games (default 2000) per engine and bot line-up in this one process (the simulator's own
loop: seeded per game, seats rotated), three times, and prints the best rate. The issue's targets:
at least 1,000 four-player Warriors and Monks games and 200 Costruttori games per second.
``--profile GAME`` prints the cProfile top of one run instead.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from pathlib import Path

from printgen.simulate.command import TYPICAL_PLAYERS
from printgen.simulate.data import load_sim_data
from printgen.simulate.engine import has_engine, load_engine
from printgen.simulate.run import DEFAULT_TURN_CAP, game_rng
from printgen.simulate.settings import seats

ROOT = Path(__file__).resolve().parent.parent


def games_per_second(game_id: str, bots: tuple[str, ...], games: int) -> tuple[float, int]:
    data = load_sim_data(ROOT, game_id)
    module = load_engine(ROOT, game_id).module
    players = min(max(TYPICAL_PLAYERS, data.players_min), data.players_max)
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        rules = module.prepare(data)
        for i in range(games):
            module.play(rules, seats(bots, players, i), game_rng(1, i), DEFAULT_TURN_CAP)
        best = max(best, games / (time.perf_counter() - start))
    return best, players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--profile", metavar="GAME")
    args = parser.parse_args()
    if args.profile:
        bots = tuple(load_engine(ROOT, args.profile).module.BOTS[:1])
        profile = cProfile.Profile()
        profile.runcall(games_per_second, args.profile, bots, args.games)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
        return
    games = [g.name for g in sorted((ROOT / "cards").iterdir()) if has_engine(ROOT, g.name)]
    for game_id in games:
        engine_bots = tuple(load_engine(ROOT, game_id).module.BOTS)
        for bots in [(b,) for b in engine_bots] + [engine_bots]:
            rate, players = games_per_second(game_id, bots, args.games)
            print(f"{game_id:28} {players} players  {','.join(bots):16} {rate:8.0f} games/s")


if __name__ == "__main__":
    main()
