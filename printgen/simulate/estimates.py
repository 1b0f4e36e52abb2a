"""Estimates from counts of games: percentiles and 95 % intervals of win rates (pure maths, no
knowledge of games or reports)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile of sorted ``values`` (0 for none)."""
    if not values:
        return 0.0
    rank = max(1, math.ceil(p * len(values)))
    return float(values[rank - 1])


def wilson(wins: int, n: int) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (0, 0 for no trials)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def difference(wins_a: int, n_a: int, wins_b: int, n_b: int) -> tuple[float, float]:
    """95 % interval of rate a minus rate b (Newcombe's method, from the two Wilson intervals)."""
    p_a, p_b = wins_a / n_a, wins_b / n_b
    low_a, high_a = wilson(wins_a, n_a)
    low_b, high_b = wilson(wins_b, n_b)
    d = p_a - p_b
    return (
        d - math.sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2),
        d + math.sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2),
    )
