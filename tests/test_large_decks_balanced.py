"""Big balanced decks: the pairwise search holds memory in proportion to the cards (it once made
every candidate swap, 10⁸ pairs and 7 GB for 30,000 cards), and still deals, for a given seed,
the very deck it dealt before."""

from __future__ import annotations

import hashlib
import random
import tracemalloc
from collections import Counter
from typing import Any

import pytest

from printgen.source import generate
from printgen.source.pairwise import CANDIDATES, _Moves

PEAK_BYTES = 64 * 1024 * 1024  # Python allocations of one 30,000-card deal (about 15 MiB)


def test_a_balanced_deck_of_30000_cards_deals_in_bounded_memory() -> None:
    symbols: dict[str, list[Any]] = {"a": ["x", "y", "z"], "b": ["p", "q"]}
    tracemalloc.start()
    try:
        cards = generate.balanced(30_000, 1, symbols, "-")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < PEAK_BYTES, f"allocated {peak / 2**20:.0f} MiB"
    assert [c.scope["number"] for c in cards] == list(range(1, 30_001))
    assert Counter(c.scope["symbols"]["a"] for c in cards) == {
        "x": 10_000,
        "y": 10_000,
        "z": 10_000,
    }
    assert Counter(c.scope["symbols"]["b"] for c in cards) == {"p": 15_000, "q": 15_000}


@pytest.mark.parametrize(("sources", "targets"), [(3, 5), (10, 27), (400, 900)])
def test_the_swaps_weighed_are_those_a_list_of_every_pair_gave(sources: int, targets: int) -> None:
    """A seeded sample drawn from the lazy view picks what it picked from the list of pairs
    (the small population is copied whole by random.sample, the large one indexed)."""
    src, dst = list(range(0, 2 * sources, 2)), list(range(1, 3 * targets, 3))
    every = [(i, j) for i in src for j in dst]
    moves = _Moves(src, dst)
    assert len(moves) == len(every) and list(moves) == every
    assert moves[-1] == every[-1] and moves[5:9] == every[5:9]
    with pytest.raises(IndexError):
        moves[len(every)]
    count = min(CANDIDATES, len(every))
    assert random.Random(7).sample(moves, count) == random.Random(7).sample(every, count)


def _digest(cards: int, seed: int, symbols: dict[str, list[Any]]) -> str:
    dealt = generate.balanced(cards, seed, symbols, "-")
    text = "\n".join(" ".join(str(v) for v in c.scope["symbols"].values()) for c in dealt)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_a_seed_deals_the_deck_it_dealt_before_the_search_sampled_lazily() -> None:
    """Digests of decks dealt by the search that listed every candidate swap."""
    assert _digest(54, 7, {"wind": list("12345678"), "rps": ["r", "p", "s"]}) == "09565e1b9594b130"
    symbols: dict[str, list[Any]] = {"a": list("xyz"), "b": ["p", "q"], "c": list("abcde")}
    assert _digest(2000, 3, symbols) == "2455930184f41a0d"
