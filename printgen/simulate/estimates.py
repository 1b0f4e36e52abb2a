"""Estimates from counts of games: percentiles and 95 % intervals of win rates (pure maths, no
knowledge of games or reports)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

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


def widest_gap_shown(wins: Sequence[int], n: int) -> float:
    """The largest gap between two seats' win rates that ``n`` games show beyond chance, with
    95 % confidence for all the pairs of seats at once: the highest lower bound, over the pairs,
    of an interval of the difference of their win rates (below 0 when no pair is shown apart:
    the measured gap less it is then the margin chance leaves, as for any other gap).

    Each interval is Bonferroni's over the k(k-1)/2 pairs, so that a fair game is shown unfair
    at most 5 % of the time however many seats it has: the top and bottom seats of five are the
    extremes of ten pairs, and stray further apart than two seats picked beforehand. The two
    rates are shares of one multinomial (a game's win goes to one seat or the other), so the
    difference's variance is (p_i + p_j - (p_i - p_j)²) / n, not the sum of two independent
    ones. A game won by both seats (a shared win) counts in p_i + p_j as if won by each alone:
    that overstates the variance, erring towards "not shown" rather than a false breach."""
    k = len(wins)
    if n == 0 or k < 2:
        return 0.0
    pairs = k * (k - 1) // 2
    z = NormalDist().inv_cdf(1 - 0.05 / (2 * pairs))
    # half a game added to each count keeps a seat that never won from claiming no variance
    shrunk = [(w + 0.5) / (n + 1) for w in wins]
    best = -math.inf
    for i in range(k):
        for j in range(i + 1, k):
            d = abs(wins[i] - wins[j]) / n
            spread = shrunk[i] + shrunk[j] - (shrunk[i] - shrunk[j]) ** 2
            best = max(best, d - z * math.sqrt(max(spread, 0.0) / n))
    return best
