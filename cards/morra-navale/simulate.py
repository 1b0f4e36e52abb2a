"""Morra navale, played by bots for ``printgen simulate`` (contract: printgen/simulate/contract.py).

Follows rules.en.md with its clarifications. Setup: ``per_sign`` cards of each sign of the element
named in game.yaml ``uses: needs: values`` (element 3, rock/paper/scissors) are picked from the
symbol deck, shuffled, one discarded unseen, ``ships`` dealt to each player; the rest of the
symbol deck, shuffled, is the "rest of the deck". Seat 0 is the First Player. After a
Counterattack the attacker draws from the rest of the deck and discards the ship at the card's
D4 position; a dash or an empty place means "draw again" (drawn cards go back under the deck),
and with one ship left that ship goes. Each announcement ("Rock 2!") is one turn.

Bots: ``random`` names a sign and an occupied position uniformly; ``greedy`` remembers every
answer and every card shown and names the sign that beats the most likely ship (a known ship
first: a sure "Sunk").
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.simulate.contract import GameRecord, SimData

BOTS = ("greedy", "random")
LABELS = {  # in the game's languages: the report prints its own (--lang), else English
    "ships_afloat": {
        "it": "navi a galla, le due flotte insieme, dopo ogni annuncio",
        "en": "ships afloat, both fleets together, after each announcement",
    },
    "redraws": {
        "it": "nuove pescate per partita: trattino sul D4 o posto vuoto dopo un Contrattacco",
        "en": "redraws per game: D4 dash or empty place after a Counterattack",
    },
    "redraw_share": {
        "it": "quota delle pescate del D4 da rifare",
        "en": "share of D4 draws that had to be drawn again",
    },
    "counterattacks": {
        "it": "Contrattacchi per partita",
        "en": "Counterattacks per game",
    },
    "misses": {
        "it": "«Mancato» per partita",
        "en": "Misses per game",
    },
    "sunk": {
        "it": "navi affondate per partita",
        "en": "ships sunk per game",
    },
}

MISS, SUNK, COUNTER = "miss", "sunk", "counter"
# who beats whom is the rule of rock, paper, scissors (the reference card prints it)
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}
DASH = 0


@dataclass(frozen=True)
class Rules:
    signs: tuple[str, ...]  # the element's values, e.g. rock, paper, scissors
    pools: tuple[tuple[int, ...], ...]  # per sign: the symbol-deck card indexes showing it
    d4: tuple[int, ...]  # every symbol-deck card's D4 (DASH for the dash)
    per_sign: int
    ships: int


def prepare(data: SimData) -> Rules:
    if data.used is None:
        raise ValueError("morra-navale plays on another game's deck (uses: deck:)")
    needs = data.uses.get("needs", {})
    values = needs.get("values", {}) if isinstance(needs, dict) else {}
    if not isinstance(values, dict) or len(values) != 1:
        raise ValueError("uses: needs: values must name the one element the game reads")
    ((element, counts),) = values.items()
    signs = tuple(counts)
    deck = [card for cards in data.used.decks.values() for card in cards for _ in range(card.count)]
    pools = tuple(
        tuple(i for i, card in enumerate(deck) if _key(card.values.get(element)) == sign)
        for sign in signs
    )
    d4 = tuple(_number(card.values.get("d4")) for card in deck)
    per_sign = int(data.data["per_sign"])  # type: ignore[call-overload]
    ships = int(data.data["ships"])  # type: ignore[call-overload]
    short = [s for s, pool in zip(signs, pools, strict=True) if len(pool) < per_sign]
    if short or 2 * ships > per_sign * len(signs) - 1:
        raise ValueError("the symbol deck cannot give the ships this game needs")
    return Rules(signs, pools, d4, per_sign, ships)


def _key(value: object) -> str:
    return str(value.get("key")) if isinstance(value, dict) else str(value)


def _number(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else DASH


def answer(named: str, ship: str) -> str:
    """The defender's answer to "<named> N!" when ship N shows ``ship``."""
    if ship == named:
        return MISS
    return SUNK if BEATS[named] == ship else COUNTER


class Seat:
    """One player's fleet and what they know of the other's."""

    __slots__ = ("fleet", "known", "seen")

    def __init__(self, fleet: list[str | None], signs: Sequence[str]) -> None:
        self.fleet = fleet  # position -> sign, None once discarded
        self.known: dict[int, str] = {}  # the opponent's positions whose sign this seat knows
        self.seen = Counter({s: 0 for s in signs})  # signs out of the unknown pool

    def afloat(self) -> list[int]:
        return [i for i, sign in enumerate(self.fleet) if sign is not None]


def random_call(me: Seat, them: Seat, signs: Sequence[str], rng: random.Random) -> tuple[str, int]:
    targets = them.afloat()
    return signs[int(rng.random() * len(signs))], targets[int(rng.random() * len(targets))]


def greedy_call(
    me: Seat, them: Seat, signs: Sequence[str], rng: random.Random, per_sign: int
) -> tuple[str, int]:
    targets = them.afloat()
    beaten_by = {v: k for k, v in BEATS.items()}
    for position in targets:
        if position in me.known:
            return beaten_by[me.known[position]], position
    # the unknown ships and the hidden card share what is left of each sign
    left = {s: max(0, per_sign - me.seen[s]) for s in signs}
    total = sum(left.values()) or 1
    best_value, best = -2.0, []
    for sign in signs:
        value = (left[BEATS[sign]] - left[beaten_by[sign]]) / total  # P(sunk) - P(counter)
        if value > best_value + 1e-9:
            best_value, best = value, [sign]
        elif abs(value - best_value) <= 1e-9:
            best.append(sign)
    unknown = [p for p in targets if p not in me.known]
    return best[int(rng.random() * len(best))], unknown[int(rng.random() * len(unknown))]


def play(rules: Rules, bots: Sequence[str], rng: random.Random, turn_cap: int) -> GameRecord:
    signs = rules.signs
    chosen: list[tuple[int, str]] = []
    for sign, pool in zip(signs, rules.pools, strict=True):
        chosen.extend((card, sign) for card in rng.sample(pool, rules.per_sign))
    rng.shuffle(chosen)
    used = {card for card, _ in chosen}  # the hidden card too: it stays face down, out of play
    chosen.pop()  # discarded unseen
    rest = [i for i in range(len(rules.d4)) if i not in used]
    rng.shuffle(rest)
    ships = rules.ships
    seats = [Seat([sign for _, sign in chosen[k * ships : (k + 1) * ships]], signs) for k in (0, 1)]
    for seat in seats:
        seat.seen.update(s for s in seat.fleet if s is not None)  # each knows their own ships
    played = [Counter[str](), Counter[str]()]
    afloat_series: list[float] = []
    redraws = draws = counters = misses = sunk = 0
    attacker, turn, winner = 0, 0, -1
    while turn < turn_cap and winner < 0:
        turn += 1
        me, them = seats[attacker], seats[1 - attacker]
        if bots[attacker] == "greedy":
            named, position = greedy_call(me, them, signs, rng, rules.per_sign)
        else:
            named, position = random_call(me, them, signs, rng)
        played[attacker][named] += 1
        ship = them.fleet[position]
        assert ship is not None
        result = answer(named, ship)
        if result == MISS:
            misses += 1
            me.known[position] = ship
            attacker = 1 - attacker
        elif result == SUNK:
            sunk += 1
            them.fleet[position] = None
            me.known.pop(position, None)
            me.seen[ship] += 1  # discarded face up
            if not them.afloat():
                winner = attacker
        else:
            counters += 1
            me.known[position] = ship
            mine = me.afloat()
            if len(mine) == 1:
                lost = mine[0]
            else:
                lost = mine[int(rng.random() * len(mine))]  # if no D4 can ever name one
                for _ in range(8 * len(rest)):  # D4 from the rest; dash or empty: draw again
                    card = rest.pop(0)
                    rest.append(card)  # drawn cards go back under the deck
                    draws += 1
                    value = rules.d4[card]
                    if value != DASH and value - 1 < len(me.fleet) and me.fleet[value - 1]:
                        lost = value - 1
                        break
                    redraws += 1
            shown = me.fleet[lost]
            assert shown is not None
            me.fleet[lost] = None
            them.seen[shown] += 1  # shown to the opponent
            them.known.pop(lost, None)
            if not me.afloat():
                winner = 1 - attacker
            attacker = 1 - attacker
        afloat_series.append(float(len(seats[0].afloat()) + len(seats[1].afloat())))
    return GameRecord(
        finished=winner >= 0,
        turns=turn,
        winners=(winner,) if winner >= 0 else (),
        played=played,
        series={"ships_afloat": afloat_series},
        figures={
            "redraws": float(redraws),
            "redraw_share": redraws / draws if draws else 0.0,
            "counterattacks": float(counters),
            "misses": float(misses),
            "sunk": float(sunk),
        },
    )
