"""The starter game's ``simulate.py``: an engine that plays it as its rulebook says, so that
``printgen simulate`` works on a game made by ``printgen new`` at once — and shows a designer
how their own engine reads the game's numbers and plays its cards."""

from __future__ import annotations

import json


def simulate_py(title: str, coins_spent: dict[str, str]) -> str:
    """The engine; ``coins_spent``: its figure's caption in each of the game's languages, so
    that the report, in whichever of them, names the figure in its own words."""
    return f'''\
"""{title}, played by bots for `printgen simulate` (see the README's Playtesting section).

This file is Python and runs when printgen simulates the game (`printgen simulate GAME`, or
`printgen validate GAME --simulate`), so only keep code here you trust. It follows the
rulebook: each player starts with data.start_coins coins and data.hand cards; a turn is
drawing a card, then playing at most one card from the hand, paying its cost; played cards go
to the discard pile, shuffled into a new deck when the deck runs out. Once a player has
data.goal VP the round is played out, so that every player has had as many turns: the most VP
wins, then the most coins; players still tied share the win. Card costs come from
decks/main.yaml; what each card does is EFFECTS below: change a card's effect there when you
change its text, and add every new card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.simulate.contract import GameRecord, SimData

BOTS = ("greedy", "random")  # random: any card it can pay for, or none
PLAYED_DECKS = ("main",)
{_labels(coins_spent)}

# what each card does, by its id: coins and VP gained, coins taken from another player, cards
# drawn
EFFECTS = {{
    "miner": {{"coins": 2}},
    "merchant": {{"vp": 1, "coins": 1}},
    "thief": {{"steal": 2}},
    "crown": {{"vp": 2}},
}}


@dataclass(frozen=True)
class Rules:
    deck: tuple[str, ...]  # every copy of every card, by id
    cost: dict[str, int]
    goal: int
    start_coins: int
    hand: int


def prepare(data: SimData) -> Rules:
    cards = data.cards("main")
    unknown = [card.id for card in cards if card.id not in EFFECTS]
    if unknown:
        raise ValueError(f"no effect for {{', '.join(unknown)}}: add it to EFFECTS in simulate.py")
    numbers = data.data
    return Rules(
        deck=tuple(card.id for card in cards for _ in range(card.count)),
        cost={{card.id: int(str(card.values.get("cost") or 0)) for card in cards}},
        goal=int(str(numbers["goal"])),
        start_coins=int(str(numbers["start_coins"])),
        hand=int(str(numbers["hand"])),
    )


def play(rules: Rules, bots: Sequence[str], rng: random.Random, turn_cap: int) -> GameRecord:
    deck = list(rules.deck)
    rng.shuffle(deck)
    discard: list[str] = []
    seats = range(len(bots))
    coins = [rules.start_coins for _ in seats]
    vp = [0 for _ in seats]
    played: list[Counter[str]] = [Counter() for _ in seats]
    spent = 0

    def draw() -> str | None:
        if not deck and discard:  # as the rules say: the discards shuffled are the new deck
            deck.extend(discard)
            discard.clear()
            rng.shuffle(deck)
        return deck.pop() if deck else None

    hands: list[list[str]] = [[] for _ in seats]
    for seat in seats:
        for _ in range(rules.hand):
            if (card := draw()) is not None:
                hands[seat].append(card)

    def play_card(seat: int, card: str) -> None:  # its cost paid
        played[seat][card] += 1
        effect = EFFECTS[card]
        coins[seat] += effect.get("coins", 0)
        vp[seat] += effect.get("vp", 0)
        if effect.get("steal"):  # from the richest; on a tie, the nearest after this seat
            others = sorted((s for s in seats if s != seat), key=lambda s: (s - seat) % len(bots))
            victim = max(others, key=lambda s: coins[s])
            taken = min(effect["steal"], coins[victim])
            coins[victim] -= taken
            coins[seat] += taken
        for _ in range(effect.get("draw", 0)):
            if (drawn := draw()) is not None:
                hands[seat].append(drawn)
        discard.append(card)

    for turn in range(1, turn_cap + 1):
        seat = (turn - 1) % len(bots)
        if (card := draw()) is not None:
            hands[seat].append(card)
        payable = [c for c in hands[seat] if rules.cost[c] <= coins[seat]]
        chosen = _choose(bots[seat], payable, seat, coins, rules, rng)
        if chosen is not None:
            hands[seat].remove(chosen)
            coins[seat] -= rules.cost[chosen]
            spent += rules.cost[chosen]
            play_card(seat, chosen)
        # a player has reached the goal and the last player has played: the round is over
        if seat == len(bots) - 1 and max(vp) >= rules.goal:
            winners = _winners(vp, coins)
            return GameRecord(True, turn, winners, played, figures={{"coins_spent": spent}})
    return GameRecord(False, turn_cap, (), played, figures={{"coins_spent": spent}})


def _winners(vp: list[int], coins: list[int]) -> tuple[int, ...]:
    """The most VP, then the most coins; the players still tied share the win."""
    best = max(zip(vp, coins))
    return tuple(s for s in range(len(vp)) if (vp[s], coins[s]) == best)


def _choose(
    bot: str,
    payable: list[str],
    seat: int,
    coins: list[int],
    rules: Rules,
    rng: random.Random,
) -> str | None:
    if bot == "random":
        choices: list[str | None] = [None, *payable]
        return rng.choice(choices)
    # greedy: the most VP, then the most coins gained (a theft: what it takes), then the cheapest
    def worth(card: str) -> tuple[int, int, int]:
        effect = EFFECTS[card]
        robbed = any(coins[s] > 0 for s in range(len(coins)) if s != seat)
        gain = effect.get("coins", 0) + (effect.get("steal", 0) if robbed else 0)
        return effect.get("vp", 0), gain, -rules.cost[card]

    useful = [c for c in payable if worth(c)[:2] != (0, 0)]
    return max(sorted(useful), key=worth) if useful else None
'''


def _labels(coins_spent: dict[str, str]) -> str:
    """``LABELS``, its caption a text per language, one a line."""
    lines = ["LABELS = {  # in the game's languages: the report prints its own, else English"]
    lines.append('    "coins_spent": {')
    lines += [f"        {_q(lang)}: {_q(text)}," for lang, text in coins_spent.items()]
    lines += ["    },", "}"]
    return "\n".join(lines)


def _q(text: str) -> str:
    """A Python string literal, double-quoted as the rest of the file's."""
    return json.dumps(text, ensure_ascii=False)
