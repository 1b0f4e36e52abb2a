"""Generators: compact rules that expand into many card types.

``product`` crosses named axes (suits × ranks) and ``balanced`` deals symbol values over a
numbered deck so that every value appears equally often (the rest show a dash) and every pair of
symbols is as close to independent as whole cards allow.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

from printgen.source import pairwise


@dataclass
class Generated:
    """A card generated from a generator rule: its fields and how many copies."""

    scope: dict[str, Any]  # the variables the card template sees
    count: int


def product(axes: dict[str, list[Any]], copies: int) -> list[Generated]:
    names = list(axes)
    combos = itertools.product(*(axes[name] for name in names))
    return [Generated(dict(zip(names, combo, strict=True)), copies) for combo in combos]


def balanced(
    cards: int,
    seed: int | str,
    symbols: dict[str, list[Any]],
    dash: Any,
    first: int = 1,
    arrangement: list[list[int]] | None = None,
) -> list[Generated]:
    """Every value of an N-valued symbol appears cards // N times; the remainder are dashes.

    Each symbol starts as its own shuffle (a random stream derived from the seed and its name);
    then ``pairwise.balance`` swaps values within each symbol, keeping those counts, until every
    pair of symbols is as close to independent as whole cards allow (see printgen/source/pairwise.py
    for the exact bound). The search is seeded and runs a fixed number of steps, so the same
    YAML always gives the same deck. An ``arrangement`` found offline (one column of value
    indexes per symbol, checked by the caller) replaces the search.
    """
    names = list(symbols)
    sizes = [len(symbols[name]) for name in names]
    columns: list[list[int]] = []
    for name, size in zip(names, sizes, strict=True):
        each = cards // size if size else 0
        column = [v for v in range(size) for _ in range(each)]
        column += [size] * (cards - len(column))  # index `size` is the dash
        random.Random(f"{seed}:{name}").shuffle(column)
        columns.append(column)
    if arrangement is not None:
        columns = arrangement
    else:
        pairwise.balance(columns, sizes, str(seed))
    values = [[*symbols[name], dash] for name in names]
    return [
        Generated(
            {
                "number": first + i,
                "symbols": {
                    n: vals[col[i]] for n, vals, col in zip(names, values, columns, strict=True)
                },
            },
            1,
        )
        for i in range(cards)
    ]
