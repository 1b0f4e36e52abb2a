"""Check bench/pairwise/witness.txt: a symbol deck within ONE card of independence everywhere.

    .venv/bin/python bench/pairwise/witness.py

Reads the value lists from the shipped deck's YAML (not from printgen) and prints, for the
witness, whether every value keeps its count (54 // n cards) and the largest distance of a value
cell from count(a) · count(b) / 54 over every pair of elements, dash cells left out.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "cards/mazzo-dei-simboli/decks/simboli.yaml"
WITNESS = Path(__file__).resolve().parent / "witness.txt"


def main() -> None:
    rule = yaml.safe_load(DECK.read_text(encoding="utf-8"))["generate"][0]["balanced"]
    total = rule["cards"]
    symbols = {
        name: [str(v["key"]) if isinstance(v, dict) else str(v) for v in values]
        for name, values in rule["symbols"].items()
    }
    lines = WITNESS.read_text(encoding="utf-8").splitlines()
    rows = [line.split() for line in lines if line and not line.startswith("#")]
    names = list(symbols)
    columns = {n: [row[k] for row in rows] for k, n in enumerate(names)}
    assert len(rows) == total, f"{len(rows)} cards, not {total}"
    for name, values in symbols.items():
        counts = Counter(columns[name])
        wrong = {v: counts[v] for v in values if counts[v] != total // len(values)}
        assert not wrong and set(counts) <= {*values, "-"}, f"{name}: counts {wrong}"
    worst, cells = 0.0, 0
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            joint = Counter(zip(columns[first], columns[second], strict=True))
            for x in symbols[first]:
                for y in symbols[second]:
                    expected = (total // len(symbols[first])) * (total // len(symbols[second]))
                    worst = max(worst, abs(joint[x, y] - expected / total))
                    cells += 1
    print(f"{total} cards, value counts exact, {cells} value cells")
    print(f"largest distance from the expected count {worst:.3f} cards")


if __name__ == "__main__":
    main()
