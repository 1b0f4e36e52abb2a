"""Pairwise balance of a numbered symbol deck: the second step of the ``balanced`` generator.

Each symbol (element) is a column of values over the N cards; an n-valued element shows each
value N // n times and a dash on the rest. Independence of two elements A and B predicts that
the number of cards showing value a of A *and* value b of B is

    expected(a, b) = count(a) · count(b) / N

(counts over all N cards, dash cards included in N). Whole cards cannot hit a fractional
expectation, so the deck is called **balanced** when, for every pair of elements and every pair
of values (cells involving a dash are left out), the observed count is within one card of a
whole number nearest to the expectation — that is, ``|observed − expected| ≤ 1.5``
(``BOUND``). Within 1 card of the expectation itself everywhere does exist for the shipped
54 cards × 11 elements — bench/pairwise/witness.txt is such a deck, with every value count kept —
but a general search reaches it only slowly: simulated annealing on these same swaps needs about
3·10⁸ of them (some 25 s of compiled code, bench/pairwise/anneal.c; 3·10⁷ swaps still leave 1 to 4
cells out), far beyond a build's second in Python, and the tight cells form a hard core (suit,
D4, chess, D6 with D8, D10, D12: 10⁷ swaps for those six alone). So the search meets BOUND and
then keeps as few cells as it can beyond one card in about a third of a second (43 of the 3,000
value cells for the shipped deck, against 125 for the walk alone), above all where many cards are
expected (a 5 against 6.5 shows; a 2 against 0.96 cannot always be avoided in the time).

The search has two seeded stages, both swapping the values of two cards within one element's
column (which keeps every element's exact value counts). First a min-conflicts walk: pick a cell
out of its band and make the swap that leaves the fewest cells out of band, now and then a random
one to leave local minima; it meets BOUND in about 100 steps. Then simulated annealing: random
swaps, each kept if it lowers the penalty or, with a chance that cools to nothing, raises it a
little; a cell beyond BOUND is never accepted. Both run a fixed number of steps from a seeded
random stream, so the same input always gives the same deck.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

BOUND = 1.5  # how far a cell may be from its expected count (one card from a nearest whole)
SOFT = 1.0  # the search also tries to keep every cell within one card
EPS = 1e-9
STEPS = 250  # search steps at most (the 54-card deck meets BOUND in about 100)
NOISE = 0.15  # share of random moves in the walk
HARD = 1 << 16  # a card beyond BOUND weighs more than any number of cards beyond SOFT nearby
CANDIDATES = 48  # swaps weighed per step at most (a seeded sample of the useful ones)
SWAPS = 100_000  # annealing proposals after the walk (about 0.3 s for the 54-card deck)
HEAT = 0.4  # the annealing's starting temperature, in penalty units; it cools linearly to 0


def band(count_a: int, count_b: int, cards: int, bound: float = BOUND) -> tuple[int, int]:
    """The whole counts a cell may take: those within ``bound`` of count_a·count_b/cards."""
    expected = count_a * count_b / cards
    return max(0, math.ceil(expected - bound - EPS)), math.floor(expected + bound + EPS)


@dataclass
class _Pair:
    """Column ``other`` seen from one column: its values, joint table and cell penalties."""

    other: int
    values: list[int]  # the other column (shared, updated in place)
    size: int  # its number of values; index ``size`` is the dash
    penalty: list[int]  # penalty[count] of a value cell: heavy beyond BOUND, light beyond SOFT
    table: list[list[int]]  # table[mine][its] = cards showing both
    mirror: list[list[int]]  # the same table seen from the other column


def balance(
    columns: list[list[int]],
    sizes: list[int],
    seed: str,
    steps: int = STEPS,
    swaps: int | None = None,
) -> None:
    """Rearrange each column (in place, counts kept) so every pair of columns is balanced.

    ``columns[k][i]`` is card i's value index in column k; ``sizes[k]`` is the dash's index.
    """
    if len(columns) < 2 or not columns[0]:
        return
    walk = _Walk(columns, sizes, random.Random(f"{seed}:balance"))
    walk.run(steps)
    # the walk meets BOUND; annealing then brings the cells beyond one card down, from the walk's
    # best deck (run() swapped its way back to it, so the tables are that deck's)
    walk.anneal(swaps if swaps is not None else SWAPS, HEAT)


def _penalties(count_a: int, count_b: int, cards: int, most: int) -> list[int]:
    """penalty[count] for count 0 .. ``most`` (no cell can hold more cards than that)."""
    lo, hi = band(count_a, count_b, cards)
    soft_lo, soft_hi = band(count_a, count_b, cards, SOFT)
    # a card beyond one card weighs more where many cards are expected: 5 instead of 6.5 is
    # what a player notices, 2 instead of 0.96 is what 54 cards cannot avoid everywhere
    weight = 1 + count_a * count_b // cards
    return [
        HARD * max(lo - c, c - hi, 0) + weight * max(soft_lo - c, c - soft_hi, 0)
        for c in range(most + 1)
    ]


class _Walk:
    def __init__(self, columns: list[list[int]], sizes: list[int], rng: random.Random) -> None:
        self.columns, self.sizes, self.rng = columns, sizes, rng
        self.cards = cards = len(columns[0])
        counts = [
            sum(1 for v in col if v < size) // max(size, 1)
            for col, size in zip(columns, sizes, strict=True)
        ]
        # the most cards any one value shows in a column: a cell of two columns never holds more
        # than the smaller, so a penalty list needs no entry past it (one of cards + 1 entries for
        # every pair of columns was O(columns² · cards) in memory)
        most = [max(_tally(col, size), default=0) for col, size in zip(columns, sizes, strict=True)]
        penalties: dict[tuple[int, int, int], list[int]] = {}  # shared by equal pairs
        tables: dict[tuple[int, int], list[list[int]]] = {}
        for k, col in enumerate(columns):
            for m in range(k + 1, len(columns)):
                table = [[0] * (sizes[m] + 1) for _ in range(sizes[k] + 1)]
                for (a, b), seen in Counter(zip(col, columns[m], strict=True)).items():
                    table[a][b] = seen
                tables[k, m] = table
                tables[m, k] = [list(row) for row in zip(*table, strict=True)]
        self.pairs = [
            [
                _Pair(
                    m,
                    columns[m],
                    sizes[m],
                    _shared(penalties, counts[k], counts[m], cards, min(most[k], most[m])),
                    tables[k, m],
                    tables[m, k],
                )
                for m in range(len(columns))
                if m != k
            ]
            for k in range(len(columns))
        ]
        # the cells out of band, each pair once (k < other): insertion-ordered, so seeded picks
        # are reproducible
        self.bad: dict[tuple[int, int, int, int], int] = {}
        self.cost = 0
        # the swaps made since the best deck seen (k, i, j each), undone at the end to bring it
        # back: a copy of every column at each new best was O(swaps · cards) in time
        self.since_best: list[tuple[int, int, int]] = []
        for k, row in enumerate(self.pairs):
            for pair in row:
                if pair.other > k:
                    for a in range(sizes[k]):
                        for b in range(pair.size):
                            self._note(k, pair, a, b)

    def _note(self, k: int, pair: _Pair, a: int, b: int) -> None:
        """Record cell (a, b) of columns k × pair.other (k < other) as in or out of band."""
        key = (k, pair.other, a, b)
        old = self.bad.pop(key, 0)
        new = pair.penalty[pair.table[a][b]]
        if new:
            self.bad[key] = new
        self.cost += new - old

    def run(self, steps: int) -> None:
        best_cost = self.cost
        self.since_best.clear()
        for _ in range(steps):
            if not self.bad:
                return  # every cell within one card: nothing left to improve
            self.step()
            if self.cost < best_cost:
                best_cost = self.cost
                self.since_best.clear()
        self._back_to_best()

    def _back_to_best(self) -> None:
        """Undo the swaps made since the best deck seen (a swap is its own inverse)."""
        since, self.since_best = self.since_best, []
        for k, i, j in reversed(since):
            self.swap(k, i, j)
        self.since_best.clear()

    def anneal(self, swaps: int, heat: float) -> None:
        """Seeded simulated annealing on random swaps within a column; keep the best deck seen.

        A swap that puts a cell beyond BOUND costs HARD, which no temperature here accepts, so
        the deck stays within BOUND while the cells beyond one card are traded down.
        """
        columns, cards, rng = self.columns, self.cards, self.rng
        best_cost = self.cost
        self.since_best.clear()
        for s in range(swaps):
            k = rng.randrange(len(columns))
            col = columns[k]
            i, j = rng.randrange(cards), rng.randrange(cards)
            if col[i] == col[j]:
                continue
            d = self.delta(k, i, j)
            if d <= 0 or rng.random() < math.exp(-d / (heat * (1 - s / swaps) + EPS)):
                self.swap(k, i, j)
                if self.cost < best_cost:
                    best_cost = self.cost
                    self.since_best.clear()
        self._back_to_best()

    def step(self) -> None:
        """Move a random out-of-band cell (the worst kind first) towards its band by one swap."""
        hard = [c for c, p in self.bad.items() if p >= HARD] or list(self.bad)
        k, m, a, b = hard[self.rng.randrange(len(hard))]
        if self.rng.random() < 0.5:  # fix it from either column
            k, m, a, b = m, k, b, a
        pair = self._pair(k, m)
        mine, theirs = self.columns[k], pair.values
        count = pair.table[a][b]
        over = count > 0 and pair.penalty[count - 1] < pair.penalty[count]
        if over:  # move a card out of the cell: swap its value a for another
            src = [i for i in range(self.cards) if mine[i] == a and theirs[i] == b]
            dst = [j for j in range(self.cards) if mine[j] != a]
        else:  # bring a card in: one showing b gets value a
            src = [i for i in range(self.cards) if mine[i] == a and theirs[i] != b]
            dst = [j for j in range(self.cards) if mine[j] != a and theirs[j] == b]
        if not src or not dst:
            return
        if self.rng.random() < NOISE:
            self.swap(k, self.rng.choice(src), self.rng.choice(dst))
            return
        # a seeded sample of the src × dst swaps, drawn by index from a lazy view of the pairs:
        # the very draws (and deck) a list of them gave, without its len(src) · len(dst) tuples
        # (30,000 cards made 10⁸ of them: 7 GB)
        moves: Sequence[tuple[int, int]] = _Moves(src, dst)
        if len(moves) > CANDIDATES:
            moves = self.rng.sample(moves, CANDIDATES)
        deltas = [self.delta(k, i, j) for i, j in moves]
        least = min(deltas)
        ties = [move for move, d in zip(moves, deltas, strict=True) if d == least]
        self.swap(k, *ties[self.rng.randrange(len(ties))])

    def delta(self, k: int, i: int, j: int) -> int:
        """The change in cost if cards i and j swapped their values in column k."""
        col = self.columns[k]
        u, w = col[i], col[j]
        dash = self.sizes[k]
        total = 0
        for pair in self.pairs[k]:
            x, y = pair.values[i], pair.values[j]
            if x == y:
                continue
            table, pen, other_dash = pair.table, pair.penalty, pair.size
            if x != other_dash:
                if u != dash:
                    c = table[u][x]
                    total += pen[c - 1] - pen[c]
                if w != dash:
                    c = table[w][x]
                    total += pen[c + 1] - pen[c]
            if y != other_dash:
                if u != dash:
                    c = table[u][y]
                    total += pen[c + 1] - pen[c]
                if w != dash:
                    c = table[w][y]
                    total += pen[c - 1] - pen[c]
        return total

    def swap(self, k: int, i: int, j: int) -> None:
        col = self.columns[k]
        u, w = col[i], col[j]
        for pair in self.pairs[k]:
            x, y = pair.values[i], pair.values[j]
            if x == y:
                continue
            t, r = pair.table, pair.mirror
            t[u][x] -= 1
            t[w][x] += 1
            t[u][y] += 1
            t[w][y] -= 1
            r[x][u] -= 1
            r[x][w] += 1
            r[y][u] += 1
            r[y][w] -= 1
            for a, b in ((u, x), (w, x), (u, y), (w, y)):
                if a < self.sizes[k] and b < pair.size:
                    if k < pair.other:
                        self._note(k, pair, a, b)
                    else:
                        self._note(pair.other, self._pair(pair.other, k), b, a)
        col[i], col[j] = w, u
        self.since_best.append((k, i, j))

    def _pair(self, k: int, m: int) -> _Pair:
        """Column m seen from column k (row k lists every other column in order)."""
        return self.pairs[k][m if m < k else m - 1]


class _Moves(Sequence[tuple[int, int]]):
    """The swaps (i, j) for i in src for j in dst, in that order, made only when indexed."""

    def __init__(self, src: list[int], dst: list[int]) -> None:
        self.src, self.dst = src, dst

    def __len__(self) -> int:
        return len(self.src) * len(self.dst)

    @overload
    def __getitem__(self, index: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, index: slice) -> list[tuple[int, int]]: ...
    def __getitem__(self, index: int | slice) -> tuple[int, int] | list[tuple[int, int]]:
        if isinstance(index, slice):
            return [self[n] for n in range(*index.indices(len(self)))]
        if not -len(self) <= index < len(self):
            raise IndexError(index)
        i, j = divmod(index % len(self), len(self.dst))
        return self.src[i], self.dst[j]


def _tally(column: list[int], size: int) -> list[int]:
    """How many cards show each value 0 .. size - 1 of a column (the dash left out)."""
    seen = [0] * (size + 1)
    for v in column:
        seen[v] += 1
    return seen[:size]


def _shared(
    made: dict[tuple[int, int, int], list[int]], count_a: int, count_b: int, cards: int, most: int
) -> list[int]:
    """The penalty list of two columns, one list for every pair with the same counts."""
    key = (min(count_a, count_b), max(count_a, count_b), most)
    if key not in made:
        made[key] = _penalties(count_a, count_b, cards, most)
    return made[key]
