"""Warriors and Monks played by bots for `printgen simulate` (see printgen/simulate/contract.py).

Follows rules.en.md with its clarifications: production before the draw, at most one Monk and one
attack a turn (the Monk before the attack), the War card in front of the player whose turn it is
(moved to an attacker) and discarded at the start of that player's next turn, Truce discarded at
the start of its owner's turn, Wine hit first, looting capped by the defender's beans, an instant
win at the goal, the discard pile reshuffled into an empty deck.

Where the rulebook leaves a choice, the seat's bot decides. Bots play "at any time" cards at four
moments: before their own production, then at the start of another player's turn, before that
player's production (the others clockwise, as the rulebook's clarification orders: War there
stops the production, and the player may answer with Peace), in their own turn, and in an attack
they take part in (attacker first, then defender) — never in a third player's attack. Wine on a
defending Warrior only cancels a Wine it faces, so bots never play it there. One Truce in play
at a time per player (printed as a clarification of the rulebook).

A turn is one player's turn. Card numbers (copies, beans, loot, Wine's beans) come from the
deck's YAML; goal and hand size from game.yaml ``data:``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from printgen.simulate.contract import GameRecord, SimData

BOTS = ("greedy", "random")
LABELS = {  # in the game's languages: the report prints its own (--lang), else English
    "leader_beans": {
        "it": "fagioli del giocatore più ricco dopo ogni turno (media sulle partite)",
        "en": "beans of the richest player after each turn (mean over games)",
    },
    "mean_beans": {
        "it": "fagioli per giocatore dopo ogni turno (media sulle partite)",
        "en": "beans per player after each turn (mean over games)",
    },
    "war_share": {
        "it": "quota dei turni che iniziano in tempo di Guerra (senza produzione)",
        "en": "share of turns that start in War time (no production)",
    },
    "attacks": {
        "it": "attacchi per partita",
        "en": "attacks per game",
    },
    "looted": {
        "it": "fagioli saccheggiati per partita",
        "en": "beans looted per game",
    },
    "produced": {
        "it": "fagioli prodotti dai Monaci per partita",
        "en": "beans produced by Monks per game",
    },
    "monks_killed": {
        "it": "Monaci uccisi per partita (attacchi e Morte)",
        "en": "Monks killed per game (attacks and Death)",
    },
}

MONK, WARRIOR, WAR, PEACE, TRUCE, DEATH, WINE = range(7)
TYPE_IDS = ("monk", "warrior", "war", "peace", "truce", "death", "wine")
NOBODY = -1


@dataclass(frozen=True)
class Rules:
    counts: tuple[int, ...]  # copies of each type, in TYPE_IDS order
    goal: int
    hand: int
    monk_beans: int  # a Monk's production in Peace time
    loot: int  # an attacking Warrior's loot
    wine_monk_beans: int  # a Monk's next production with Wine
    wine_loot: int  # an attacking Warrior's loot with Wine


def _int(value: object, what: str, least: int) -> int:
    # as the other bundled engines read a number: 12.5 beans was played as 12, "12" and a
    # hand of -1 (no opening deal) were played without a word
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{what}: expected a whole number of at least {least}, got {value!r}")
    return value


def prepare(data: SimData) -> Rules:
    cards = {card.id: card for card in data.cards("main")}
    missing = [t for t in TYPE_IDS if t not in cards]
    if missing:
        raise ValueError(f"deck 'main' has no card {', '.join(missing)}")

    def number(card: str, name: str) -> int:
        value = cards[card].values.get(name)
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"card '{card}' needs a whole number '{name}', not {value!r}")
        return value

    return Rules(
        counts=tuple(cards[t].count for t in TYPE_IDS),
        goal=_int(data.data["goal"], "data.goal", 1),
        hand=_int(data.data["hand"], "data.hand", 0),
        monk_beans=number("monk", "beans"),
        loot=number("warrior", "loot"),
        wine_monk_beans=number("wine", "monk_beans"),
        wine_loot=number("wine", "loot"),
    )


class State:
    """The table: public counts per seat, hands as counts per card type."""

    __slots__ = (
        "attacked",
        "beans",
        "bots",
        "deck",
        "discard",
        "hands",
        "monk_played",
        "monks",
        "n",
        "played",
        "rng",
        "rules",
        "stats",
        "truce",
        "turn_seat",
        "war",
        "winner",
        "wmonks",
    )

    def __init__(self, rules: Rules, bots: Sequence[str], rng: random.Random) -> None:
        players = len(bots)
        self.rules = rules
        self.bots = [BOT_CLASSES[b] for b in bots]
        self.n = players
        self.rng = rng
        deck = [t for t, count in enumerate(rules.counts) for _ in range(count)]
        rng.shuffle(deck)
        self.deck = deck
        self.discard: list[int] = []
        self.hands = [[0] * 7 for _ in range(players)]
        self.beans = [0] * players
        self.monks = [0] * players  # Monks in play, those with Wine included
        self.wmonks = [0] * players  # Monks in play holding a Wine
        self.truce = [NOBODY] * players  # the player each one's Truce points at
        self.war = NOBODY  # the seat the War card lies in front of
        self.played = [[0] * 7 for _ in range(players)]
        self.winner = NOBODY
        self.turn_seat = 0
        self.monk_played = False
        self.attacked = False
        self.stats = [0, 0, 0, 0]  # attacks, looted, produced, monks killed
        for _ in range(rules.hand):  # clockwise from the first player
            for seat in range(players):
                self.draw(seat)

    def draw(self, seat: int) -> None:
        deck = self.deck
        if not deck:
            if not self.discard:
                return
            deck = self.deck = self.discard
            self.discard = []
            self.rng.shuffle(deck)
        self.hands[seat][deck.pop()] += 1

    def gain(self, seat: int, beans: int) -> None:
        self.beans[seat] += beans
        if self.beans[seat] >= self.rules.goal and self.winner == NOBODY:
            self.winner = seat

    def play(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.played[seat][card] += 1

    def can_attack(self, seat: int, other: int) -> bool:
        return other != seat and self.truce[seat] != other and self.truce[other] != seat


# --- moves -----------------------------------------------------------------------------------
# A move is a tuple: ("pass",), ("monk",), ("truce", q), ("peace",), ("war",), ("death", q),
# ("wine",) — on one of your Monks without Wine —, ("attack", q, warriors).


def legal_moves(state: State, seat: int, main: bool) -> list[tuple[int | str, ...]]:
    """What ``seat`` may do now: in its main phase, or (``main`` False) before its production."""
    hand = state.hands[seat]
    moves: list[tuple[int | str, ...]] = [("pass",)]
    if hand[PEACE]:
        moves.append(("peace",))
    if hand[WAR]:
        moves.append(("war",))
    if hand[DEATH]:
        moves.extend(("death", q) for q in range(state.n) if state.monks[q])
    if hand[WINE] and state.monks[seat] > state.wmonks[seat]:
        moves.append(("wine",))
    if main:
        # step 3 comes before step 4: no Monk after this turn's attack (the steps keep order)
        if hand[MONK] and not state.monk_played and not state.attacked:
            moves.append(("monk",))
        if hand[TRUCE] and state.truce[seat] == NOBODY:
            moves.extend(("truce", q) for q in range(state.n) if q != seat)
        if state.war != NOBODY and hand[WARRIOR] and not state.attacked:
            for q in range(state.n):
                if state.can_attack(seat, q):
                    moves.extend(("attack", q, k) for k in range(1, hand[WARRIOR] + 1))
    return moves


def apply(state: State, seat: int, move: tuple[int | str, ...]) -> None:
    kind = move[0]
    if kind == "monk":
        state.play(seat, MONK)
        state.monks[seat] += 1
        state.monk_played = True
    elif kind == "peace":
        state.play(seat, PEACE)
        state.discard.append(PEACE)
        if state.war != NOBODY:
            state.war = NOBODY
            state.discard.append(WAR)
    elif kind == "war":
        state.play(seat, WAR)
        if state.war != NOBODY:
            state.discard.append(WAR)  # the War in play is replaced
        state.war = state.turn_seat
    elif kind == "death":
        kill_monk(state, seat, int(move[1]))
    elif kind == "wine":
        state.play(seat, WINE)
        state.wmonks[seat] += 1
    elif kind == "truce":
        state.play(seat, TRUCE)
        state.truce[seat] = int(move[1])
    elif kind == "attack":
        attack(state, seat, int(move[1]), int(move[2]))


def kill_monk(state: State, seat: int, target: int) -> None:
    """Death on one of ``target``'s Monks: one holding Wine when there is one (the costlier)."""
    state.play(seat, DEATH)
    state.discard.append(DEATH)
    state.monks[target] -= 1
    state.discard.append(MONK)
    if state.wmonks[target]:
        state.wmonks[target] -= 1
        state.discard.append(WINE)
    state.stats[3] += 1


@dataclass(frozen=True)
class Outcome:
    """How an attack resolved: what the rulebook's example tallies."""

    survivors: int
    monks_killed: int
    wine_monks_killed: int
    loot: int


def resolve(
    rules: Rules,
    attackers: int,
    attack_wines: int,
    defenders: int,
    monks: int,
    wine_monks: int,
    beans: int,
) -> Outcome:
    """An attack after every card was played: ``attackers`` Warriors (``attack_wines`` of them
    with Wine) against ``defenders`` Warriors and the defender's Monks and beans.

    The defender cancels Warriors with Wine first; Monks with Wine are hit first, and the attacker
    sends to them whichever Warriors lose the least loot there.
    """
    survivors = max(0, attackers - defenders)
    with_wine = max(0, attack_wines - defenders)
    plain = survivors - with_wine
    wine_hits = min(wine_monks, survivors)
    loot = plain * rules.loot + with_wine * rules.wine_loot
    # a plain Warrior on a Monk with Wine loots nothing; Wine on Wine: both cancel, plain loot
    cost_plain, cost_wine = rules.loot, rules.wine_loot - rules.loot
    cheap = plain if cost_plain <= cost_wine else with_wine
    first = min(wine_hits, cheap)
    loot -= first * min(cost_plain, cost_wine) + (wine_hits - first) * max(cost_plain, cost_wine)
    return Outcome(survivors, min(monks, survivors), wine_hits, min(beans, max(0, loot)))


def attack(state: State, seat: int, target: int, warriors: int) -> None:
    rules, hands = state.rules, state.hands
    state.attacked = True
    state.stats[0] += 1
    hands[seat][WARRIOR] -= warriors
    state.played[seat][WARRIOR] += warriors
    state.war = seat  # the War card moves in front of the attacker: a full round from now
    defender_bot = state.bots[target]
    attacker_bot = state.bots[seat]
    defenders = defender_bot.defend(state, target, warriors)
    hands[target][WARRIOR] -= defenders
    state.played[target][WARRIOR] += defenders
    # answers, attacker first: Death on defending Warriors, Wine on attacking ones
    deaths_on_defenders = attacker_bot.kill_defenders(state, seat, defenders)
    for _ in range(deaths_on_defenders):
        state.play(seat, DEATH)
    defenders -= deaths_on_defenders
    wines = attacker_bot.wine_attackers(state, seat, warriors, defenders)
    for _ in range(wines):
        state.play(seat, WINE)
    deaths_on_attackers = defender_bot.kill_attackers(state, target, warriors - defenders)
    for _ in range(deaths_on_attackers):
        state.play(target, DEATH)
    # Death hits Warriors with Wine first; a removed Warrior neither attacks nor defends
    wines_left = max(0, wines - deaths_on_attackers)
    outcome = resolve(
        rules,
        warriors - deaths_on_attackers,
        wines_left,
        defenders,
        state.monks[target],
        state.wmonks[target],
        state.beans[target],
    )
    state.monks[target] -= outcome.monks_killed
    state.wmonks[target] -= outcome.wine_monks_killed
    discard = state.discard
    discard.extend([WARRIOR] * (warriors + defenders + deaths_on_defenders))
    discard.extend([DEATH] * (deaths_on_defenders + deaths_on_attackers))
    discard.extend([WINE] * (wines + outcome.wine_monks_killed))
    discard.extend([MONK] * outcome.monks_killed)
    state.stats[3] += outcome.monks_killed
    state.stats[1] += outcome.loot
    state.beans[target] -= outcome.loot
    state.gain(seat, outcome.loot)


# --- bots --------------------------------------------------------------------------------------


class RandomBot:
    """Uniform over the legal moves at every decision; passing is one of them."""

    @staticmethod
    def window(state: State, seat: int, main: bool) -> None:
        rng = state.rng
        while state.winner == NOBODY:
            moves = legal_moves(state, seat, main)
            move = moves[int(rng.random() * len(moves))]
            if move[0] == "pass":
                return
            apply(state, seat, move)

    @staticmethod
    def interrupt(state: State, seat: int) -> None:
        """At another player's turn: the moves "playable at any time", as before production."""
        RandomBot.window(state, seat, False)

    @staticmethod
    def defend(state: State, seat: int, attackers: int) -> int:
        return int(state.rng.random() * (min(attackers, state.hands[seat][WARRIOR]) + 1))

    @staticmethod
    def kill_defenders(state: State, seat: int, defenders: int) -> int:
        return int(state.rng.random() * (min(defenders, state.hands[seat][DEATH]) + 1))

    @staticmethod
    def wine_attackers(state: State, seat: int, attackers: int, defenders: int) -> int:
        return int(state.rng.random() * (min(attackers, state.hands[seat][WINE]) + 1))

    @staticmethod
    def kill_attackers(state: State, seat: int, survivors: int) -> int:
        return int(state.rng.random() * (min(max(0, survivors), state.hands[seat][DEATH]) + 1))


class GreedyBot:
    """Takes the most beans it can see now, from public information only (beans, Monks, hand
    sizes): Peace before its own production in War time, every Monk and Wine at once, War when
    opponents have Monks to stop or it holds Warriors, attacks with every Warrior on the richest
    target, Death on the biggest abbey, defends fully."""

    @staticmethod
    def window(state: State, seat: int, main: bool) -> None:
        hand = state.hands[seat]
        monks, wmonks = state.monks, state.wmonks
        if not main:
            if state.war != NOBODY and hand[PEACE] and monks[seat]:
                apply(state, seat, ("peace",))
            if state.war == NOBODY and hand[WINE] and monks[seat] > wmonks[seat]:
                apply(state, seat, ("wine",))
            return
        if hand[MONK]:
            apply(state, seat, ("monk",))
        while hand[WINE] and monks[seat] > wmonks[seat]:
            apply(state, seat, ("wine",))
        n = state.n
        others = [q for q in range(n) if q != seat]
        if hand[TRUCE] and state.truce[seat] == NOBODY and (monks[seat] or state.beans[seat]):
            sizes = state.hands
            apply(state, seat, ("truce", _argmax(state, others, lambda q: sum(sizes[q]))))
        if hand[WAR] and state.war == NOBODY:
            opposing_monks = sum(monks[q] for q in others)
            if opposing_monks > monks[seat] or (hand[WARRIOR] and _best_target(state, seat) >= 0):
                apply(state, seat, ("war",))
        if state.war != NOBODY and hand[WARRIOR]:
            target = _best_target(state, seat)
            if target >= 0:
                attack(state, seat, target, hand[WARRIOR])
                if state.winner != NOBODY:
                    return
        while hand[DEATH] > 1 or (hand[DEATH] and not hand[WARRIOR]):
            richest = _argmax(state, others, lambda q: (monks[q], state.beans[q]))
            if monks[richest] < 2:
                break
            apply(state, seat, ("death", richest))

    @staticmethod
    def interrupt(state: State, seat: int) -> None:
        """War on the player about to produce, when that production would win the game or
        keep the richest player ahead with more Monks than this seat has."""
        if state.war != NOBODY or not state.hands[seat][WAR]:
            return
        turn, rules = state.turn_seat, state.rules
        wine = state.wmonks[turn]
        production = (state.monks[turn] - wine) * rules.monk_beans + wine * rules.wine_monk_beans
        if not production:
            return
        wins = state.beans[turn] + production >= rules.goal
        richest = state.beans[turn] == max(state.beans) and state.monks[turn] > state.monks[seat]
        if wins or richest:
            apply(state, seat, ("war",))

    @staticmethod
    def defend(state: State, seat: int, attackers: int) -> int:
        if state.monks[seat] or state.beans[seat]:
            return min(attackers, state.hands[seat][WARRIOR])
        return 0

    @staticmethod
    def kill_defenders(state: State, seat: int, defenders: int) -> int:
        return min(defenders, state.hands[seat][DEATH])

    @staticmethod
    def wine_attackers(state: State, seat: int, attackers: int, defenders: int) -> int:
        # the defender cancels Warriors with Wine first: Wine pays only beyond the defenders
        if state.rules.wine_loot <= state.rules.loot:
            return 0
        return min(state.hands[seat][WINE], max(0, attackers - defenders)) if not defenders else 0

    @staticmethod
    def kill_attackers(state: State, seat: int, survivors: int) -> int:
        if state.monks[seat] or state.beans[seat]:
            return min(max(0, survivors), state.hands[seat][DEATH])
        return 0


def _best_target(state: State, seat: int) -> int:
    """The opponent an attack with every Warrior hurts most; NOBODY when none is worth it."""
    warriors = state.hands[seat][WARRIOR]
    targets = [q for q in range(state.n) if state.can_attack(seat, q)]
    if not targets:
        return NOBODY

    def value(q: int) -> int:
        return 2 * min(state.beans[q], warriors) + state.monks[q]

    best = _argmax(state, targets, value)
    return best if value(best) > 0 else NOBODY


def _argmax(state: State, seats: Sequence[int], key: Callable[[int], Any]) -> int:
    """The seat with the highest key, ties drawn at random: no seat is the usual victim."""
    best: list[int] = []
    top = None
    for q in seats:
        k = key(q)
        if top is None or k > top:
            best, top = [q], k
        elif k == top:
            best.append(q)
    return best[0] if len(best) == 1 else best[int(state.rng.random() * len(best))]


BOT_CLASSES: dict[str, type[RandomBot] | type[GreedyBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def play(rules: Rules, bots: Sequence[str], rng: random.Random, turn_cap: int) -> GameRecord:
    n = len(bots)
    state = State(rules, bots, rng)
    seat_bots = state.bots
    beans, monks, wmonks = state.beans, state.monks, state.wmonks
    leader: list[float] = []
    mean: list[float] = []
    war_turns = produced = turn = 0
    seat = 0
    while turn < turn_cap and state.winner == NOBODY:
        turn += 1
        bot = seat_bots[seat]
        state.turn_seat = seat
        state.monk_played = state.attacked = False
        if state.truce[seat] != NOBODY:
            state.truce[seat] = NOBODY
            state.discard.append(TRUCE)
        if state.war == seat:
            state.war = NOBODY
            state.discard.append(WAR)
        # before production the player whose turn it is plays first, then the others clockwise
        # (War there stops the production), then the player may answer (Peace on that War)
        bot.window(state, seat, False)
        war = state.war
        for other in range(seat + 1, seat + n):
            if state.winner != NOBODY:
                break
            seat_bots[other % n].interrupt(state, other % n)
        if state.war != war and state.winner == NOBODY:
            bot.window(state, seat, False)
        if state.winner == NOBODY:
            if state.war == NOBODY:
                wine = wmonks[seat]
                gain = (monks[seat] - wine) * rules.monk_beans + wine * rules.wine_monk_beans
                if wine:
                    wmonks[seat] = 0
                    state.discard.extend([WINE] * wine)
                produced += gain
                state.gain(seat, gain)
            else:
                war_turns += 1
        if state.winner == NOBODY:
            state.draw(seat)
            bot.window(state, seat, True)
        leader.append(float(max(beans)))
        mean.append(sum(beans) / n)
        seat = seat + 1 if seat + 1 < n else 0
    stats = state.stats
    return GameRecord(
        finished=state.winner != NOBODY,
        turns=turn,
        winners=(state.winner,) if state.winner != NOBODY else (),
        played=[Counter({TYPE_IDS[t]: c for t, c in enumerate(row) if c}) for row in state.played],
        series={"leader_beans": leader, "mean_beans": mean},
        figures={
            "war_share": war_turns / turn if turn else 0.0,
            "attacks": float(stats[0]),
            "looted": float(stats[1]),
            "produced": float(produced),
            "monks_killed": float(stats[3]),
        },
    )
