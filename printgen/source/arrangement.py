"""An arrangement file: the values of a ``balanced`` deck, card by card, found offline.

The generator's own search keeps every pair of symbols within 1.5 cards of independence in a
fraction of a second. Within one card everywhere exists for the bundled 54-card deck, but its
search takes minutes (bench/pairwise/anneal.c); an arrangement file stores such a result next to
the deck, and the generator checks it (value counts, values) instead of searching:

    # one card a line, symbols in the order of the deck's `symbols:`: each number is the
    # position of the card's value in that symbol's list (1 = the first); '-' is the dash
    1 3 2 2 1 1 1 6 - 7 9

Positions, not the values themselves, so renaming a value (a die's faces) keeps the arrangement;
adding or removing a value makes it stale, and printgen says so.
"""

from __future__ import annotations

from collections import Counter

from printgen.problems import Where
from printgen.source.readers import Checker

MAX_ARRANGEMENT = 1_000_000  # bytes: a 54-card deck's file is 1.5 kB


def read_arrangement(
    checker: Checker,
    text: str,
    rel: str,
    cards: int,
    symbols: dict[str, list[str]],
    dash: str,
) -> list[list[int]] | None:
    """Each symbol's column of value indexes (``len(values)`` is the dash), or None when the
    file's ``text`` has problems (each reported at its line and column)."""
    names = list(symbols)
    columns: list[list[int]] = [[] for _ in names]
    before = len(checker.problems)
    rows = 0
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0]
        tokens = content.split()
        if not tokens:
            continue
        rows += 1
        if len(tokens) != len(names):
            checker.error(
                Where(rel, number, 1),
                f"a card has {len(tokens)} values; write one for each symbol: {' '.join(names)}",
            )
            continue
        col = 1
        for k, (name, token) in enumerate(zip(names, tokens, strict=True)):
            col = line.index(token, col - 1) + 1
            size = len(symbols[name])
            if token == dash:
                columns[k].append(size)
            elif _position(token, size):
                columns[k].append(int(token) - 1)
            else:
                shown = token if len(token) <= 20 else f"{token[:20]}…"
                checker.error(
                    Where(rel, number, col),
                    f"'{shown}' is not a position of a value of symbol '{name}' (1–{size}, or "
                    f"{dash} for the dash); an arrangement that no longer fits the symbols is "
                    "stale: remove `arrangement:` to let printgen deal the deck",
                )
            col += len(token)
    if rows != cards:
        checker.error(Where(rel), f"the arrangement has {rows} cards; the deck has {cards}")
    for k, name in enumerate(names):
        size = len(symbols[name])
        counts = Counter(columns[k])
        wrong = [symbols[name][v] for v in range(size) if counts[v] != cards // size]
        if wrong and len(checker.problems) == before:
            checker.error(
                Where(rel),
                f"symbol '{name}': every value must appear {cards // size} times; "
                f"{', '.join(wrong)} do not (a stale arrangement? remove `arrangement:` to let "
                "printgen deal the deck)",
            )
    return columns if len(checker.problems) == before else None


def _position(token: str, size: int) -> bool:
    """Whether ``token`` is 1 to ``size`` in ASCII digits: int() refuses a number of over
    4,300 digits, and a superscript '²' that isdigit() allows."""
    return token.isascii() and token.isdigit() and len(token) <= 9 and 1 <= int(token) <= size
