"""Benchmark: each row of issue 14's table, printgen against its floor, as whole processes.

    .venv/bin/python bench/run.py [--runs N] [--rows 1,2,8] [--big] [--markdown]

Each row runs its floor and printgen alternately — floor, printgen, floor, printgen … — after
one warm-up pair, and reports the median of the per-pair ratios, so that load on a shared
machine moves both sides of a pair alike. The primary figure is CPU seconds (user + sys of the
process and the processes it waited for, from os.wait4); wall seconds come second, and peak
memory (ru_maxrss) where the goal is about memory. Whole processes, because start-up
(imports) is a large part of a build. Python's bytecode cache is on for the measured processes
(see measure.ENV).

Rows: 1 W&M cards only, one language · 2 W&M every output, one language · 3 validate vs build
(W&M; every game) · 4 every game, both languages · 5 unchanged rebuild · 6 one card's text
changed · 7 watch, save to PDF · 8 N distinct cards (1k, 10k; 50k with --big) from one deck
file, several deck files or a CSV, and cost per card · 9 10,000 copies of a few cards. A flag
this printgen does not know yet (--no-cache, --jobs) is left out and the row says so; a job
printgen refuses shows its error line. Row 3 also runs bench/warm.py: validate and build in one
process after start-up, the work each does itself (information). Rows 4, 5 and 7, whose goals
are wall times, also say what the time would be where the floor takes the 0.086 s of the issue's
table. bench/stages.py shows where the time of a build goes.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import Printgen
from projects import copy_repository_games
from report import Result, markdown, misses, text
from rows import (
    WM,
    Bench,
    every_game,
    one_card_changed,
    unchanged,
    validate_all_versus_build,
    validate_each_game,
    validate_versus_build,
    validate_work,
    versus_floor,
)
from scale import copies, distinct_cards
from watching import watch_row

ROWS = tuple(str(number) for number in range(1, 10))


def bundled_rows(bench: Bench) -> dict[str, Callable[[], list[Result]]]:
    """The rows on a copy of the repository's games, in the order they must run (5 and 6
    start from the build 4 leaves)."""
    return {
        "1": lambda: [
            versus_floor(
                bench,
                "1",
                f"{WM} cards only, it",
                f"build {WM} --lang it --only cards --no-cache",
                1.5,
            )
        ],
        "2": lambda: [
            versus_floor(
                bench, "2", f"{WM} every output, it", f"build {WM} --lang it --no-cache", 2.5
            )
        ],
        "3": lambda: [
            validate_versus_build(bench),
            *validate_each_game(bench),
            validate_all_versus_build(bench),
            validate_work(bench),
        ],
        "4": lambda: [every_game(bench)],
        "5": lambda: [unchanged(bench)],
        "6": lambda: [one_card_changed(bench)],
        "7": lambda: [watch_row(bench)],
    }


def run(rows: list[str], runs: int, big: bool) -> list[Result]:
    printgen = Printgen()
    results: list[Result] = []
    with tempfile.TemporaryDirectory() as scratch:
        bench = Bench(copy_repository_games(Path(scratch)), runs, printgen)
        for row, measure in bundled_rows(bench).items():
            if row in rows:
                results += _announced(row, measure)
    if "8" in rows:
        results += _announced("8", lambda: distinct_cards(printgen, runs, big))
    if "9" in rows:
        results += _announced("9", lambda: copies(printgen, runs))
    return results


def _announced(row: str, measure: Callable[[], list[Result]]) -> list[Result]:
    print(f"row {row} …", file=sys.stderr, flush=True)
    results = measure()
    for result in results:
        print(f"  {result.row} {result.job}: {result.measured} {result.verdict}", file=sys.stderr)
    return results


def _rows(value: str) -> list[str]:
    rows = [part.strip() for part in value.split(",") if part.strip()]
    unknown = [row for row in rows if row not in ROWS]
    if unknown:
        raise argparse.ArgumentTypeError(f"no row {', '.join(unknown)}; rows are 1 to 9")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="pairs a row (default 5)")
    parser.add_argument("--rows", type=_rows, default=list(ROWS), help="e.g. 1,2,8 (default all)")
    parser.add_argument("--big", action="store_true", help="row 8 at 50,000 cards too (slow)")
    parser.add_argument("--markdown", action="store_true", help="print the README's table")
    options = parser.parse_args()
    runs = max(options.runs, 1)
    results = run(options.rows, runs, options.big)
    day = datetime.datetime.now(datetime.UTC).date().isoformat()
    print(
        f"{day}: median of {runs} pairs a row, {platform.system().lower()}, "
        f"Python {platform.python_version()}"
    )
    print(markdown(results) if options.markdown else text(results), end="")
    missed = misses(results)
    print(f"rows missing their goal: {', '.join(missed) if missed else 'none'}")


if __name__ == "__main__":
    main()
