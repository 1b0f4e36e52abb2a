"""Stage 5 — pack: the orders draw.packing tries the kinds of cards in, each a way of packing
whose sheets it counts (a kind packed earlier takes the room a later one might have used)."""

from __future__ import annotations

import itertools

from printgen.draw.blocks import Kind

Group = tuple[Kind, list[object]]  # one kind of card and the items of that kind to place

# An output of a few cards has its kinds packed in every order when they are 3 or fewer (6
# orders: 36 ways, some 30 ms for 100 cards), and more of them each first, the others largest
# first (4 kinds: 6 orders where every order is 24, which would cost a validate 0.1 s); a larger
# output the two orders that most often need fewest sheets
EVERY_ORDER_KINDS = 3
EVERY_ORDER_CARDS = 300


def orders_of(groups: list[Group]) -> list[list[Group]]:
    """The orders the kinds are packed in: the decks' own (game.yaml's ``decks:``), so that the
    sheets follow it wherever no other order saves a sheet; largest card first; the kind taking
    the most paper first; then — for a few cards — every other order, or each kind first. 5
    tarot cards packed before 15 poker, 13 mini cards and a bridge card left the fifth tarot
    card a sheet the poker cards half filled and 2 mini cards a sheet of their own (5 A4
    sheets); the poker cards first, the tarot cards go where they leave room (4). 5 cards of 88
    × 63 mm first took the landscape sheet that holds 9 of them, leaving 2 square tiles a second
    sheet; the tiles first, both share a portrait one."""
    by_card = sorted(groups, key=lambda g: -g[0].area)  # stable: equal sizes keep deck order
    orders = [list(groups), by_card, sorted(by_card, key=lambda g: -g[0].area * len(g[1]))]
    if sum(len(items) for _, items in groups) <= EVERY_ORDER_CARDS:
        if len(groups) <= EVERY_ORDER_KINDS:
            orders += [list(order) for order in itertools.permutations(by_card)]
        else:
            orders += [[first, *(g for g in by_card if g is not first)] for first in by_card]
    unique: dict[tuple[Kind, ...], list[Group]] = {}
    for order in orders:
        unique.setdefault(tuple(kind for kind, _ in order), order)
    return list(unique.values())
