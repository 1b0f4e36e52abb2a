"""Rows 8 and 9 of bench/run.py: N poker cards, cards only, one language, against
bench/bare_scaled.py drawing the same N cards — N distinct cards in one deck file, several deck
files or one CSV (row 8, with the cost per card at each N to show whether it stays linear), and
10,000 copies of a few cards (row 9)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from measure import PYTHON, Failed, Pairs, Printgen, Sample, checked, paired
from projects import GAME, Source, scaled_game
from report import Result, failure, ratios, seconds, verdict

BENCH = Path(__file__).resolve().parent
GOAL = 1.5  # time and peak memory, × the floor
LINEAR = 1.10  # cost per card at N within 10 % of the cost at the smallest N
ARGS = f"build {GAME} --lang it --only cards --no-cache".split()
COPIES_OF = 7  # row 9: card types


def sizes(big: bool) -> list[int]:
    return [1_000, 10_000, 50_000] if big else [1_000, 10_000]


def _pairs(
    printgen: Printgen, cards: int, distinct: int, source: Source, runs: int, warm_up: bool
) -> Pairs:
    with tempfile.TemporaryDirectory() as scratch:
        project = scaled_game(Path(scratch), cards, source, distinct)
        floor_args = [str(cards), str(Path(scratch) / "bare.pdf"), "--distinct", str(distinct)]
        floor_command = [PYTHON, str(BENCH / "bare_scaled.py"), *floor_args]

        def floor() -> Sample:
            return checked(floor_command, project)

        def subject() -> Sample:
            sample = printgen.run(ARGS, project)
            shutil.rmtree(project / "build", ignore_errors=True)  # every run writes afresh
            return sample

        return paired(floor, subject, runs, warm_up)


def _row(
    row: str,
    job: str,
    measure: Callable[[], Pairs],
    printgen: Printgen,
) -> tuple[Result, Pairs | None]:
    print(f"  measuring {job} …", file=sys.stderr, flush=True)  # minutes at 10k and beyond
    try:
        pairs = measure()
    except Failed as exc:
        return failure(row, job, exc), None
    worst = max(pairs.ratio("cpu"), pairs.ratio("rss_mib"))
    result = Result(
        row,
        job,
        seconds(pairs, "subject", memory=True),
        seconds(pairs, "floor", memory=True),
        ratios(pairs, memory=True),
        f"≤ {GOAL}× CPU and memory",
        verdict(worst, GOAL),
        printgen.notes(ARGS),
    )
    return result, pairs


def distinct_cards(printgen: Printgen, runs: int, big: bool) -> list[Result]:
    """Row 8: every size and source, then each source's cost per card across the sizes."""
    results: list[Result] = []
    measured: dict[Source, dict[int, Pairs]] = {}
    for cards in sizes(big):
        for source in Source:  # each source at each size: a base for its linearity
            job = f"{cards:,} distinct cards, {source.value}"
            row = f"8 {cards // 1000}k"

            def measure(cards: int = cards, source: Source = source) -> Pairs:
                # the smallest size warms the caches; bigger ones need no warm-up pair
                return _pairs(printgen, cards, cards, source, runs, warm_up=cards == 1_000)

            result, pairs = _row(row, job, measure, printgen)
            results.append(result)
            if pairs is not None:
                measured.setdefault(source, {})[cards] = pairs
    for source, by_size in measured.items():
        results.append(_linearity(source, by_size))
    return results


def _per_card_us(pairs: Pairs, which: str, cards: int) -> float:
    return pairs.median(which, "cpu") / cards * 1e6


def _linearity(source: Source, by_size: dict[int, Pairs]) -> Result:
    base = min(by_size)
    costs = {
        cards: _per_card_us(pairs, "subject", cards) for cards, pairs in sorted(by_size.items())
    }
    floors = {
        cards: _per_card_us(pairs, "floor", cards) for cards, pairs in sorted(by_size.items())
    }
    growth = {cards: costs[cards] / costs[base] for cards in costs if cards != base}
    job = f"linearity, {source.value}: CPU per card"
    if not growth:
        return Result("8 lin", job, verdict="n/a", notes=["only one size measured for this source"])
    worst = max(growth.values())
    return Result(
        "8 lin",
        job,
        ", ".join(f"{cards // 1000}k {cost:.0f} µs" for cards, cost in costs.items()),
        ", ".join(f"{cards // 1000}k {cost:.0f} µs" for cards, cost in floors.items()),
        ", ".join(f"{cards // 1000}k {g:.2f}× of {base // 1000}k" for cards, g in growth.items()),
        f"≤ {LINEAR:.2f}× the {base // 1000}k cost",
        verdict(worst, LINEAR),
    )


def copies(printgen: Printgen, runs: int) -> list[Result]:
    """Row 9: 10,000 cards, copies of a few card types."""
    cards = 10_000
    job = f"{cards:,} copies of {COPIES_OF} cards, one deck file"

    def measure() -> Pairs:
        return _pairs(printgen, cards, COPIES_OF, Source.ONE_FILE, runs, warm_up=False)

    return [_row("9", job, measure, printgen)[0]]
