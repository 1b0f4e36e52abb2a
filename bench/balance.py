"""Benchmark: the `balanced` generator on the shipped symbol deck (54 cards × 11 elements).

    .venv/bin/python bench/balance.py [--runs N]

Prints the median time of one generation over N runs, and how close the deck comes to
independence: the largest distance of a value pair from its expected count and how many value
pairs are more than one card away (the bound is one card from a nearest whole number, 1.5).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from pathlib import Path

import yaml

from printgen.source import generate

DECK = Path(__file__).resolve().parent.parent / "cards/mazzo-dei-simboli/decks/simboli.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs
    rule = yaml.safe_load(DECK.read_text(encoding="utf-8"))["generate"][0]["balanced"]
    args = (rule["cards"], rule["seed"], rule["symbols"], rule["dash"], rule["first"])
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        cards = generate.balanced(*args)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    names = list(rule["symbols"])
    columns = {n: [repr(c.scope["symbols"][n]) for c in cards] for n in names}
    dash, total = repr(rule["dash"]), rule["cards"]
    worst, over_one, cells = 0.0, 0, 0
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            a, b = columns[first], columns[second]
            joint = Counter(zip(a, b, strict=True))
            for x, cx in Counter(a).items():
                for y, cy in Counter(b).items():
                    if dash in (x, y):
                        continue
                    off = abs(joint[x, y] - cx * cy / total)
                    worst, cells = max(worst, off), cells + 1
                    over_one += off > 1 + 1e-9
    print(f"balanced generator, {total} cards × {len(names)} elements, median of {runs} runs")
    # CPU seconds too: on a shared machine the wall clock counts other processes' turns
    print(f"seconds {statistics.median(times):.3f} (CPU {statistics.median(cpu):.3f})")
    print(f"largest distance from the expected count {worst:.2f} cards")
    print(f"value pairs more than one card away {over_one} of {cells}")


if __name__ == "__main__":
    main()
