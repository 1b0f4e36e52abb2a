"""The command-line options of ``printgen simulate`` and ``printgen validate --simulate``.

Kept apart from command.py so that building the parser imports nothing heavy.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from printgen.model.language_codes import typed_language


def add_validate_options(validate: argparse.ArgumentParser) -> None:
    validate.add_argument(
        "--simulate",
        action="store_true",
        help="also play a quick simulation of each game that has an engine and check its "
        "balance: thresholds",
    )
    validate.add_argument(
        "--strict", action="store_true", help="with --simulate: a breached threshold is an error"
    )
    validate.add_argument(
        "-n",
        type=int,
        metavar="N",
        help="with --simulate: games of each (default 300; more to judge a close threshold)",
    )


GAMES = 1000  # a run's games: enough to judge a seat's win rate within a few points
DEBUG_GAMES = 1  # --debug's: one game's prints to read, not thousands; -n for more

SIMULATE_HELP = "play a game many times with bots; write build/GAME/playtest.pdf + .json"


def add_simulate_options(
    simulate: argparse.ArgumentParser, processes: Callable[[str], int]
) -> None:
    """``processes``: the command line's reading of a number of processes (build's --jobs), so
    that --jobs x or 0 is told in the same words to either command."""
    simulate.add_argument("games", nargs=1, metavar="GAME", help="game id")
    simulate.add_argument(
        "-n", type=int, metavar="N", help=f"games (default {GAMES:,}; with --debug, {DEBUG_GAMES})"
    )
    simulate.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="players (default: 4 or the nearest the game allows)",
    )
    simulate.add_argument(
        "--bots",
        metavar="B1,B2",
        help="bots cycled over the seats (default: the game's first bot in every seat)",
    )
    simulate.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    simulate.add_argument(
        "--strict",
        action="store_true",
        help="a breached balance threshold is an error (exit status 2), as validate's",
    )
    simulate.add_argument(
        "--jobs",
        type=processes,
        default=1,
        metavar="J",
        help="worker processes; the results are the same for any J (default 1)",
    )
    simulate.add_argument(
        "--turn-cap",
        type=int,
        metavar="T",
        help="turns after which a game is stopped unfinished (default: the engine's TURN_CAP, "
        "else 1000)",
    )
    simulate.add_argument(
        "--json", type=_json_file, metavar="FILE", help="also write the JSON summary here"
    )
    simulate.add_argument(
        "--lang",
        type=typed_language,  # EN is en; es-ES is quoted as typed, to be told the code
        metavar="L",
        help="language of the report's title and card names (default: the game's first)",
    )
    simulate.add_argument(
        "--debug",
        action="store_true",
        help=f"play the games (default {DEBUG_GAMES}) in this process, one after another, showing "
        "what the engine prints (on stderr, each game's under a line naming it) and, when it "
        "fails, its traceback",
    )


def games_asked(args: argparse.Namespace) -> int:
    """-n, else the default of a run or of --debug's."""
    if args.n is not None:
        return int(args.n)
    return DEBUG_GAMES if args.debug else GAMES


def _json_file(value: str) -> str:
    """A --json file: never empty (--json "$OUT" with $OUT unset), which was said as "'.' must
    be a file name ending in .json", a name nobody typed."""
    if not value:
        raise argparse.ArgumentTypeError("expected a file name ending in .json, not an empty name")
    return value
