"""Rules engine of *Figli di un Magic minore* for the playtest simulator.

Follows the original text (seed 001) and rules.it.md's clarifications. Every number comes from
the YAML: life, opening hand, hand limit, effect sizes, spade/diamond/heart/queen/king numbers
from game.yaml ``data:``; each card's power (its cost) from the deck, and the copies of each card
from its count. A card's suit is read from its ``pip`` and its rank from its ``index``
(A, 2…10, J, Q, K).

Two corrections of the prose (issue 12) follow the original: the Aces of spades and clubs send a
card to the graveyard of the player who PUT IT IN PLAY, and a King's bonus goes to the other
cards of its suit put in play by the player who put the King in play.

Seat 0 starts. ``turns`` counts single players' turns. Simplifications and decisions where the
rulebook is silent (printed as clarifications by the lead):

- special effects are used in three windows: by the player in turn after drawing and after
  combat (before putting cards into play), and by each attacked player, in turn order, once the
  attackers are declared (before blocking); an attacker an effect removes deals no damage;
- damage split: the attacker orders its blockers and each in turn takes exactly the damage that
  discards it, the rest going to the last one (or, for a ten that discards them all, to the
  defending player); any split the rules allow discards one of these sets;
- a Queen of clubs returns a card in play to the hand of the player who has it in play;
- a card of an eliminated player that must go to their graveyard goes out of the game;
- the 3 cards of an effect are the lowest-power cards of that suit (an Ace is used alone when
  the graveyard has one).

``played`` counts the cards each seat put into play. Series (after every turn): ``life_<seat>``
and ``life_min`` (lowest life of the players still in). Figures: ``face_played`` (J, Q, K put
into play), ``winner_face_played``, ``face_damage_share`` (share of damage to players dealt by
Jacks and by Kings' bonus), ``effects``, ``queen_powers``, ``player_damage``, ``cards_killed``,
``winner_life``, ``deck_reshuffles``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.simulate.contract import GameRecord, SimData

BOTS = ("greedy", "random")  # the first is the default: a report of sensible play
LABELS = {  # in the game's languages: the report prints its own (--lang), else English
    "life": {
        "it": "punti vita",
        "en": "life points",
    },
    "life_min": {
        "it": "vita del giocatore più debole in partita dopo ogni turno (media sulle partite)",
        "en": "life of the weakest player still in the game after each turn (mean over games)",
    },
    "face_played": {
        "it": "figure giocate per partita",
        "en": "face cards played per game",
    },
    "effects": {
        "it": "effetti speciali usati per partita",
        "en": "special effects used per game",
    },
    "queen_powers": {
        "it": "poteri delle Donne usati per partita",
        "en": "Queen powers used per game",
    },
    "player_damage": {
        "it": "danni inflitti ai giocatori per partita",
        "en": "damage dealt to players per game",
    },
    "face_damage_share": {
        "it": "quota dei danni ai giocatori inflitta dalle figure",
        "en": "share of the damage to players dealt by face cards",
    },
    "cards_killed": {
        "it": "carte mandate al cimitero dai danni per partita",
        "en": "cards sent to a graveyard by damage per game",
    },
    "deck_reshuffles": {
        "it": "volte in cui il mazzo è finito ed è stato rifatto",
        "en": "times the deck ran out and was made again",
    },
    "winner_face_played": {
        "it": "figure giocate dal vincitore",
        "en": "face cards the winner played",
    },
    "winner_life": {
        "it": "vita del vincitore alla fine",
        "en": "the winner's life at the end",
    },
}

HEARTS, DIAMONDS, CLUBS, SPADES = range(4)
SUIT_OF_PIP = {"heart": HEARTS, "diamond": DIAMONDS, "club": CLUBS, "spade": SPADES}
ACE, NUMBER, TEN, JACK, QUEEN, KING = range(6)
KIND_OF_INDEX = {"A": ACE, "10": TEN, "J": JACK, "Q": QUEEN, "K": KING}
FACES = (JACK, QUEEN, KING)


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what}: expected a whole number, got {value!r}")
    return value


@dataclass(frozen=True)
class Rules:
    start_life: int
    opening_hand: int
    hand_limit: int
    effect_cards: int
    effect_draw: int
    effect_life: int
    queen_draw: int
    spade_damage: int
    heart_life: int
    diamond_toughness: int
    queen_damage: int
    queen_toughness: int
    king_bonus: int
    king_damage: int
    king_toughness: int
    # one entry per physical card
    type_id: tuple[str, ...]
    suit: tuple[int, ...]
    kind: tuple[int, ...]
    power: tuple[int, ...]

    def cards_of(self, type_id: str) -> list[int]:
        return [c for c, t in enumerate(self.type_id) if t == type_id]


def prepare(data: SimData) -> Rules:
    d = data.data

    def num(key: str) -> int:
        return _int(d.get(key), f"data.{key}")

    type_id: list[str] = []
    suit: list[int] = []
    kind: list[int] = []
    power: list[int] = []
    for card in data.cards("main"):
        v = card.values
        pip = v.get("pip")
        if pip not in SUIT_OF_PIP:
            raise ValueError(f"{card.id}: unknown suit icon {pip!r}")
        index = str(v.get("index"))
        for _ in range(card.count):
            type_id.append(card.id)
            suit.append(SUIT_OF_PIP[str(pip)])
            kind.append(KIND_OF_INDEX.get(index, NUMBER))
            power.append(_int(v.get("power"), f"{card.id}.power"))
    return Rules(
        start_life=num("start_life"),
        opening_hand=num("opening_hand"),
        hand_limit=num("hand_limit"),
        effect_cards=num("effect_cards"),
        effect_draw=num("effect_draw"),
        effect_life=num("effect_life"),
        queen_draw=num("queen_draw"),
        spade_damage=num("spade_damage"),
        heart_life=num("heart_life"),
        diamond_toughness=num("diamond_toughness"),
        queen_damage=num("queen_damage"),
        queen_toughness=num("queen_toughness"),
        king_bonus=num("king_bonus"),
        king_damage=num("king_damage"),
        king_toughness=num("king_toughness"),
        type_id=tuple(type_id),
        suit=tuple(suit),
        kind=tuple(kind),
        power=tuple(power),
    )


# An effect: (suit, target) — target is a card for spades/clubs, a player for hearts, -1 else.
Effect = tuple[int, int]
# A queen's power target: a player (diamonds), a card (spades, hearts), a card in play or a
# graveyard card (clubs); None skips the power.
Attack = tuple[int, int]  # (attacking card, target player)


class Game:
    """One game's state. Zones are lists of card numbers (indices into the rules' tables)."""

    def __init__(self, rules: Rules, players: int, rng: random.Random, deal: bool = True) -> None:
        self.r = rules
        self.rng = rng
        self.n = players
        n_cards = len(rules.type_id)
        self.deck = list(range(n_cards))
        rng.shuffle(self.deck)
        self.exile: list[int] = []
        self.hand: list[list[int]] = [[] for _ in range(players)]
        self.play: list[list[int]] = [[] for _ in range(players)]  # by controller
        self.grave: list[list[int]] = [[] for _ in range(players)]
        self.life = [rules.start_life] * players
        self.alive = [True] * players
        self.played_by = [-1] * n_cards
        self.controller = [-1] * n_cards
        self.tapped = [False] * n_cards
        self.kings: Counter[tuple[int, int]] = Counter()  # (played_by, suit) -> kings in play
        self.played: list[Counter[str]] = [Counter() for _ in range(players)]
        self.face_played = [0] * players
        self.effects = 0
        self.queen_powers = 0
        self.player_damage = 0
        self.face_damage = 0
        self.cards_killed = 0
        self.reshuffles = 0
        if deal:
            for p in range(players):
                self.draw(p, rules.opening_hand)

    # --- zones ------------------------------------------------------------------------------

    def draw(self, p: int, k: int) -> None:
        for _ in range(k):
            if not self.deck:
                if not self.exile:
                    return
                self.deck = self.exile
                self.exile = []
                self.rng.shuffle(self.deck)
                self.reshuffles += 1
            self.hand[p].append(self.deck.pop())

    def enter_play(self, c: int, p: int) -> None:
        self.play[p].append(c)
        self.controller[c] = p
        self.played_by[c] = p
        self.tapped[c] = False
        if self.r.kind[c] == KING:
            self.kings[(p, self.r.suit[c])] += 1

    def leave_play(self, c: int, to_grave_of: int) -> None:
        self.play[self.controller[c]].remove(c)
        if self.r.kind[c] == KING:
            self.kings[(self.played_by[c], self.r.suit[c])] -= 1
        self.controller[c] = -1
        self.played_by[c] = -1
        self.tapped[c] = False
        if to_grave_of >= 0 and self.alive[to_grave_of]:
            self.grave[to_grave_of].append(c)
        else:
            self.exile.append(c)

    # --- combat numbers ----------------------------------------------------------------------

    def bonus(self, c: int) -> int:
        """The King's bonus: other Kings of its suit put in play by whoever put it in play."""
        r = self.r
        kings = self.kings[(self.played_by[c], r.suit[c])]
        if r.kind[c] == KING:
            kings -= 1
        return kings * r.king_bonus

    def damage(self, c: int) -> int:
        r = self.r
        k = r.kind[c]
        base = r.queen_damage if k == QUEEN else r.king_damage if k == KING else r.power[c]
        if r.suit[c] == SPADES:
            base += r.spade_damage
        return base + self.bonus(c)

    def toughness(self, c: int) -> int:
        r = self.r
        k = r.kind[c]
        base = r.queen_toughness if k == QUEEN else r.king_toughness if k == KING else r.power[c]
        if r.suit[c] == DIAMONDS:
            base += r.diamond_toughness
        return base + self.bonus(c)

    def can_attack(self, c: int) -> bool:
        return not self.tapped[c] and self.r.kind[c] not in (QUEEN, KING)

    def can_block(self, c: int) -> bool:
        return not self.tapped[c] and self.r.kind[c] != JACK

    def living_others(self, p: int) -> list[int]:
        return [q for q in range(self.n) if q != p and self.alive[q]]

    # --- legal choices -----------------------------------------------------------------------

    def effect_payment(self, p: int, s: int) -> list[int] | None:
        """The graveyard cards paying suit ``s``'s effect: its Ace, or the lowest cards."""
        r = self.r
        same = [c for c in self.grave[p] if r.suit[c] == s]
        for c in same:
            if r.kind[c] == ACE:
                return [c]
        if len(same) < r.effect_cards:
            return None
        same.sort(key=lambda c: r.power[c])
        return same[: r.effect_cards]

    def effect_options(self, p: int) -> list[Effect]:
        r = self.r
        out: list[Effect] = []
        for s in (HEARTS, DIAMONDS, CLUBS, SPADES):
            if self.effect_payment(p, s) is None:
                continue
            if s == DIAMONDS:
                out.append((s, -1))
            elif s == HEARTS:
                out.extend((s, q) for q in range(self.n) if self.alive[q])
            else:
                for q in range(self.n):
                    for c in self.play[q]:
                        face = r.kind[c] in FACES
                        if (s == CLUBS and face) or (
                            s == SPADES and not face and r.suit[c] != SPADES
                        ):
                            out.append((s, c))
        return out

    def use_effect(self, p: int, effect: Effect) -> None:
        s, target = effect
        payment = self.effect_payment(p, s)
        if payment is None:
            raise ValueError(f"seat {p} cannot pay effect {effect}")
        for c in payment:
            self.grave[p].remove(c)
            self.exile.append(c)
        self.effects += 1
        r = self.r
        if s == DIAMONDS:
            self.draw(p, r.effect_draw)
        elif s == HEARTS:
            self.life[target] += r.effect_life
        else:  # the original: to the graveyard of the player who put it in play
            self.leave_play(target, self.played_by[target])

    def attack_options(self, p: int) -> list[Attack]:
        others = self.living_others(p)
        return [(c, t) for c in self.play[p] if self.can_attack(c) for t in others]

    def payments(self, p: int, c: int) -> list[list[int]]:
        """Minimal sets of same-suit hand cards whose printed power pays for ``c``, in the order
        of their bit masks over the same-suit cards (the random bot draws one by its place)."""
        r = self.r
        cost = r.power[c]
        same = [x for x in self.hand[p] if x != c and r.suit[x] == r.suit[c]]
        power = [r.power[x] for x in same]
        # below[i]: the power of cards 0..i-1, all that may still join a set whose highest is i
        below = [0]
        for v in power:
            below.append(below[-1] + v)
        out: list[list[int]] = []

        def grow(chosen: list[int], total: int, least: int, top: int) -> None:
            # sets taken from the highest card down: those of a smaller mask come first, and a
            # set that already pays takes no more (it would not be minimal), so trying every
            # subset (2^n: a hand of 30 took 13 s for 20 games) is never needed
            if total >= cost:
                if chosen and total - least < cost:
                    out.append([same[i] for i in sorted(chosen)])
                return
            for i in range(top):
                if total + below[i + 1] < cost:  # cards 0..i cannot make up the rest
                    continue
                chosen.append(i)
                grow(chosen, total + power[i], min(least, power[i]), i)
                chosen.pop()

        if below[-1] >= cost:
            grow([], 0, below[-1] + 1, len(same))  # least: above any card
        out.sort(key=lambda chosen: sum(1 << same.index(x) for x in chosen))
        return out

    def playable(self, p: int) -> list[int]:
        r = self.r
        hand = self.hand[p]
        out = []
        for c in hand:
            total = sum(r.power[x] for x in hand if x != c and r.suit[x] == r.suit[c])
            if total >= r.power[c]:
                out.append(c)
        return out

    def put_in_play(self, p: int, c: int, payment: Sequence[int]) -> None:
        r = self.r
        hand = self.hand[p]
        if sum(r.power[x] for x in payment) < r.power[c] or any(
            r.suit[x] != r.suit[c] for x in payment
        ):
            raise ValueError(f"payment {payment} does not pay for {r.type_id[c]}")
        for x in payment:
            hand.remove(x)
            self.grave[p].append(x)
        hand.remove(c)
        self.enter_play(c, p)
        self.played[p][r.type_id[c]] += 1
        if r.kind[c] in FACES:
            self.face_played[p] += 1

    def queen_targets(self, p: int, q: int) -> list[int]:
        """Targets of Queen ``q``'s power: players (diamonds) or cards (the others)."""
        r = self.r
        s = r.suit[q]
        if s == DIAMONDS:
            return [x for x in range(self.n) if self.alive[x]]
        if s == SPADES:
            return [
                c
                for x in range(self.n)
                for c in self.play[x]
                if r.suit[c] != SPADES and r.kind[c] not in FACES
            ]
        if s == HEARTS:
            return [c for x in self.living_others(p) for c in self.play[x]]
        return [c for x in range(self.n) for c in self.play[x] + self.grave[x] if c != q]

    def queen_power(self, p: int, q: int, target: int) -> None:
        r = self.r
        s = r.suit[q]
        self.queen_powers += 1
        if s == DIAMONDS:
            self.draw(target, r.queen_draw)
        elif s == SPADES:
            self.leave_play(target, self.controller[target])
        elif s == HEARTS:
            old = self.controller[target]
            self.play[old].remove(target)
            self.play[p].append(target)
            self.controller[target] = p  # stays ready or turned; played_by does not change
        else:
            owner = self.controller[target]
            if owner >= 0:
                self.leave_play(target, -1)
                self.exile.remove(target)
            else:
                owner = next(x for x in range(self.n) if target in self.grave[x])
                self.grave[owner].remove(target)
            self.hand[owner].append(target)

    # --- combat --------------------------------------------------------------------------------

    def block_options(
        self, d: int, blocks: dict[int, int], attacks: Sequence[Attack]
    ) -> list[tuple[int, int]]:
        """(blocker, attacker) pairs defender ``d`` may add to ``blocks`` (blocker -> attacker).

        A club attacker can be blocked only if one of its blockers is a club: a non-club blocker
        may join it only after a club did."""
        r = self.r
        mine = [a for a, t in attacks if t == d]
        out = []
        for b in self.play[d]:
            if b in blocks or not self.can_block(b):
                continue
            for a in mine:
                if (
                    r.suit[a] != CLUBS
                    or r.suit[b] == CLUBS
                    or any(v == a and r.suit[x] == CLUBS for x, v in blocks.items())
                ):
                    out.append((b, a))
        return out

    def resolve(
        self,
        p: int,
        attacks: Sequence[Attack],
        blocks: dict[int, int],
        orders: dict[int, list[int]],
    ) -> None:
        """One combat: damage at once, then discards, then eliminations, then hearts' life."""
        r = self.r
        hurt: Counter[int] = Counter()
        to_player: Counter[int] = Counter()
        face_dmg = 0
        for a, t in attacks:
            dmg = self.damage(a)
            blockers = orders.get(a) or [b for b, v in blocks.items() if v == a]
            if not blockers:
                to_player[t] += dmg
                if r.kind[a] == JACK:
                    face_dmg += dmg
                else:
                    face_dmg += self.bonus(a)
                continue
            # the attacker's order: each blocker takes what discards it, the last one the rest
            left = dmg
            last = blockers[-1]
            for b in blockers:
                give = min(self.toughness(b), left)
                if b == last and r.kind[a] != TEN:
                    give = left
                hurt[b] += give
                left -= give
                hurt[a] += self.damage(b)
            if left > 0:  # only a ten gets here, having discarded every blocker
                to_player[t] += left
        dead = [c for c, h in hurt.items() if h >= self.toughness(c)]
        gains: Counter[int] = Counter()
        for c in dead:
            owner = self.controller[c]
            if r.suit[c] == HEARTS:
                gains[owner] += r.heart_life
            self.leave_play(c, owner)
        self.cards_killed += len(dead)
        for t, dmg in to_player.items():
            self.life[t] -= dmg
            self.player_damage += dmg
        self.face_damage += face_dmg
        for q in range(self.n):
            if self.alive[q] and self.life[q] <= 0:
                self.eliminate(q)
        for q, g in gains.items():
            if self.alive[q]:
                self.life[q] += g

    def eliminate(self, q: int) -> None:
        self.alive[q] = False
        for c in list(self.play[q]):
            self.leave_play(c, -1)
        self.exile.extend(self.hand[q])
        self.exile.extend(self.grave[q])
        self.hand[q] = []
        self.grave[q] = []


# --- bots ---------------------------------------------------------------------------------------


class RandomBot:
    """Uniform over the legal choices at every decision."""

    def effect(self, g: Game, p: int) -> Effect | None:
        options: list[Effect | None] = [None, *g.effect_options(p)]
        return options[g.rng.randrange(len(options))]

    def attacks(self, g: Game, p: int) -> list[Attack]:
        chosen: list[Attack] = []
        while True:
            used = {a for a, _ in chosen}
            options = [x for x in g.attack_options(p) if x[0] not in used]
            k = g.rng.randrange(len(options) + 1)
            if k == len(options):
                return chosen
            chosen.append(options[k])

    def blocks(self, g: Game, d: int, attacks: Sequence[Attack]) -> dict[int, int]:
        blocks: dict[int, int] = {}
        while True:
            options = g.block_options(d, blocks, attacks)
            k = g.rng.randrange(len(options) + 1)
            if k == len(options):
                return blocks
            b, a = options[k]
            blocks[b] = a

    def order(self, g: Game, p: int, a: int, blockers: list[int]) -> list[int]:
        g.rng.shuffle(blockers)
        return blockers

    def play(self, g: Game, p: int) -> tuple[int, list[int]] | None:
        cards = g.playable(p)
        k = g.rng.randrange(len(cards) + 1)
        if k == len(cards):
            return None
        pays = g.payments(p, cards[k])
        return cards[k], pays[g.rng.randrange(len(pays))]

    def queen(self, g: Game, p: int, q: int) -> int | None:
        options: list[int | None] = [None, *g.queen_targets(p, q)]
        return options[g.rng.randrange(len(options))]

    def discard(self, g: Game, p: int, k: int) -> list[int]:
        return g.rng.sample(g.hand[p], k)


def _value(g: Game, c: int) -> int:
    """What a card in play is worth to its player (a King counts its bonus to its suit)."""
    r = g.r
    v = g.damage(c) + g.toughness(c)
    if r.kind[c] == KING:
        v += (
            r.king_bonus
            * 2
            * sum(1 for x in g.play[g.controller[c]] if r.suit[x] == r.suit[c] and x != c)
        )
    return v


class GreedyBot:
    """Attack where it pays, block to trade up or to survive, play the biggest cards it can."""

    def effect(self, g: Game, p: int) -> Effect | None:
        r = g.r
        best: Effect | None = None
        best_v = 0
        for s, t in g.effect_options(p):
            if s == DIAMONDS:
                v = 6 if len(g.hand[p]) < r.hand_limit else 0
            elif s == HEARTS:
                v = 8 if t == p and g.life[p] <= r.start_life // 2 else 0
            else:
                mine = g.controller[t] == p
                v = -_value(g, t) if mine else _value(g, t)
                v = v if v >= 8 else 0
            if v > best_v:
                best, best_v = (s, t), v
        return best

    def attacks(self, g: Game, p: int) -> list[Attack]:
        r = g.r
        others = g.living_others(p)
        mine = [c for c in g.play[p] if g.can_attack(c)]
        if not others or not mine:
            return []
        target = min(others, key=lambda q: (g.life[q], g.rng.random()))
        ready = [b for b in g.play[target] if g.can_block(b)]
        # all in when the damage that gets through, with every blocker on our biggest, is lethal
        hits = sorted((g.damage(c) for c in mine), reverse=True)
        if sum(hits[len(ready) :]) >= g.life[target]:
            return [(c, target) for c in mine]
        has_club = any(r.suit[b] == CLUBS for b in ready)
        out = []
        for c in mine:
            # attack unless one blocker can discard it and survive (trades are fine)
            blockable = r.suit[c] != CLUBS or has_club
            dmg, tough = g.damage(c), g.toughness(c)
            if not blockable or not any(
                g.damage(b) >= tough and g.toughness(b) > dmg for b in ready
            ):
                out.append((c, target))
        return out

    def blocks(self, g: Game, d: int, attacks: Sequence[Attack]) -> dict[int, int]:
        r = g.r
        blocks: dict[int, int] = {}
        mine = sorted((a for a, t in attacks if t == d), key=lambda a: -g.damage(a))
        incoming = sum(g.damage(a) for a in mine)
        for a in mine:
            options = [b for b, x in g.block_options(d, blocks, attacks) if x == a]
            # a blocker that discards the attacker and survives it
            good = [
                b for b in options if g.damage(b) >= g.toughness(a) and g.toughness(b) > g.damage(a)
            ]
            if good:
                b = min(good, key=lambda b: _value(g, b))
                blocks[b] = a
                incoming -= g.damage(a)
            elif incoming >= g.life[d] and options:
                # chump-block to survive, with the cheapest card
                b = min(options, key=lambda b: _value(g, b))
                blocks[b] = a
                if r.kind[a] != TEN:
                    incoming -= g.damage(a)
        return blocks

    def order(self, g: Game, p: int, a: int, blockers: list[int]) -> list[int]:
        # discard the most valuable blockers it can: cheapest to discard first, best value next
        return sorted(blockers, key=lambda b: (g.toughness(b), -_value(g, b)))

    def play(self, g: Game, p: int) -> tuple[int, list[int]] | None:
        r = g.r
        best: tuple[int, list[int]] | None = None
        best_v = 0.0
        for c in g.playable(p):
            pays = g.payments(p, c)
            pay = min(pays, key=lambda x: (sum(r.power[y] for y in x), len(x)))
            v = float(r.power[c]) - 0.5 * len(pay) - 0.05 * sum(r.power[y] for y in pay)
            if r.kind[c] == KING:
                v += r.king_bonus * sum(1 for x in g.play[p] if r.suit[x] == r.suit[c])
            if r.kind[c] == QUEEN:
                v = 4.0
            if v > best_v:
                best, best_v = (c, pay), v
        return best

    def queen(self, g: Game, p: int, q: int) -> int | None:
        r = g.r
        s = r.suit[q]
        targets = g.queen_targets(p, q)
        if s == DIAMONDS:
            return p
        if s == CLUBS:
            mine = [c for c in targets if c in g.grave[p]]
            theirs = [c for c in targets if g.controller[c] not in (-1, p)]
            if theirs:
                return max(theirs, key=lambda c: _value(g, c))
            return max(mine, key=lambda c: r.power[c]) if mine else None
        theirs = [c for c in targets if g.controller[c] != p]
        return max(theirs, key=lambda c: _value(g, c)) if theirs else None

    def discard(self, g: Game, p: int, k: int) -> list[int]:
        return sorted(g.hand[p], key=lambda c: g.r.power[c])[:k]


Bot = RandomBot | GreedyBot
_BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def _effects(g: Game, bot: Bot, p: int) -> None:
    while g.alive[p]:
        e = bot.effect(g, p)
        if e is None:
            return
        g.use_effect(p, e)


def play_turn(g: Game, bots: Sequence[Bot], p: int) -> None:
    r = g.r
    bot = bots[p]
    for c in g.play[p]:
        g.tapped[c] = False
    g.draw(p, 1)
    _effects(g, bot, p)
    attacks = bot.attacks(g, p)
    if attacks:
        for a, _ in attacks:
            g.tapped[a] = True
        defenders = sorted({t for _, t in attacks}, key=lambda q: (q - p) % g.n)
        for d in defenders:  # the attacked may answer with special effects, in turn order
            _effects(g, bots[d], d)
        attacks = [(a, t) for a, t in attacks if g.controller[a] == p and g.alive[t]]
        blocks: dict[int, int] = {}
        for d in defenders:
            blocks.update(bots[d].blocks(g, d, attacks))
        orders: dict[int, list[int]] = {}
        for a, _ in attacks:
            mine = [b for b, x in blocks.items() if x == a]
            if len(mine) > 1:
                orders[a] = bot.order(g, p, a, mine)
        g.resolve(p, attacks, blocks, orders)
    if sum(g.alive) <= 1:
        return
    _effects(g, bot, p)
    while True:
        choice = bot.play(g, p)
        if choice is None:
            break
        c, pay = choice
        g.put_in_play(p, c, pay)
        if r.kind[c] == QUEEN:
            target = bot.queen(g, p, c)
            if target is not None:
                g.queen_power(p, c, target)
    extra = len(g.hand[p]) - r.hand_limit
    if extra > 0:
        for c in bot.discard(g, p, extra):
            g.hand[p].remove(c)
            g.grave[p].append(c)


def play(rules: Rules, bots: Sequence[str], rng: random.Random, turn_cap: int) -> GameRecord:
    for b in bots:
        if b not in _BOTS:
            raise ValueError(f"unknown bot {b!r}; this game has {', '.join(BOTS)}")
    n = len(bots)
    g = Game(rules, n, rng)
    seats: list[Bot] = [_BOTS[b]() for b in bots]
    series: dict[str, list[float]] = {f"life_{q}": [] for q in range(n)}
    series["life_min"] = []
    turns = 0
    p = 0
    while turns < turn_cap and sum(g.alive) > 1:
        play_turn(g, seats, p)
        turns += 1
        for q in range(n):
            series[f"life_{q}"].append(float(max(g.life[q], 0) if g.alive[q] else 0))
        series["life_min"].append(float(min(g.life[q] for q in range(n) if g.alive[q])))
        p = (p + 1) % n
        while not g.alive[p]:
            p = (p + 1) % n
    finished = sum(g.alive) == 1
    winners = tuple(q for q in range(n) if g.alive[q]) if finished else ()
    figures = {
        "face_played": float(sum(g.face_played)),
        "effects": float(g.effects),
        "queen_powers": float(g.queen_powers),
        "player_damage": float(g.player_damage),
        "face_damage_share": g.face_damage / g.player_damage if g.player_damage else 0.0,
        "cards_killed": float(g.cards_killed),
        "deck_reshuffles": float(g.reshuffles),
    }
    if winners:
        figures["winner_face_played"] = float(g.face_played[winners[0]])
        figures["winner_life"] = float(g.life[winners[0]])
    return GameRecord(
        finished=finished,
        turns=turns,
        winners=winners,
        played=g.played,
        series=series,
        figures=figures,
    )
