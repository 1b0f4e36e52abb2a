"""Generators: compact rules that expand into many card types.

``product`` crosses named axes (suits × ranks) and ``balanced`` deals symbol values over a
numbered deck so that every value appears equally often (the rest show a dash).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any


@dataclass
class Generated:
    scope: dict[str, Any]  # the variables the card template sees
    count: int


def product(axes: dict[str, list[Any]], copies: int) -> list[Generated]:
    names = list(axes)
    combos = itertools.product(*(axes[name] for name in names))
    return [Generated(dict(zip(names, combo, strict=True)), copies) for combo in combos]


def balanced(
    cards: int, seed: int | str, symbols: dict[str, list[Any]], dash: Any, first: int = 1
) -> list[Generated]:
    """Every value of an N-valued symbol appears cards // N times; the remainder are dashes.

    Each symbol is shuffled with its own random stream derived from the seed, so symbols are
    independent of each other and adding a symbol does not reshuffle the others.
    """
    columns: dict[str, list[Any]] = {}
    for name, values in symbols.items():
        each = cards // len(values)
        column = [v for v in values for _ in range(each)]
        column += [dash] * (cards - len(column))
        random.Random(f"{seed}:{name}").shuffle(column)
        columns[name] = column
    return [
        Generated({"number": first + i, "symbols": {n: c[i] for n, c in columns.items()}}, 1)
        for i in range(cards)
    ]
