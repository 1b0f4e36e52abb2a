"""Rules engine of *Blaster e spade laser* for the playtest simulator.

Follows the original text (seed 003) and rules.it.md's clarifications. The arena is ``data.grid``
cards of the symbol deck (a square), each player gets ``data.life_points`` life-point cards, and
the rest is the draw pile; every value read on a card (switch, chess piece, wind, D4, D6, D20,
dashes included) is the symbol deck's printed value.

Geometry: cells (x, y) with y growing to the north (the top edge of the cards). Seat 0's pawn
starts on the south-west corner, seat 1's on the north-east corner; a chess pawn moves north for
seat 0 and south for seat 1. Seat 0 is not always first: the D20 under the pawns decides.
``turns`` counts single players' turns.

Decisions where the original text is silent, each printed as a clarification of rules.it.md:

- the tops of the cards face one player's side of the table, either one: here seat 1's (north
  is "forward" for seat 0);
- a card is moved only to an empty place; cards drawn for a dash go under the draw pile, and a
  draw pile without any number for that element (a full cycle) gives 0 damage;
- discarded life-point cards leave the game: they never join the draw pile;
- a dash on the switch counts as OFF, a dash on the chess element gives no chess move (the
  printed deck has no dash on either; a deck of a designer's own might).

A turn is: a final place reachable with free moves and at most one chess move (the order of the
moves does not matter), then at most one attack, then, after an attack, at most one card moved.

``played`` counts, per seat, the arena cards (symbol deck ids) a seat attacked from. Series (after
every turn): ``lp_<seat>``. Figures: ``first_seat``, ``first_won``, ``attacks``, ``blaster``,
``sword``, ``damage``, ``blaster_damage``, ``sword_damage``, ``dash_draws`` (cards drawn for a
dash on D4/D6), ``dash_attacks`` (attacks whose value was a dash), ``d20_draws`` (cards drawn to
choose the first player), ``card_moves``, ``chess_moves`` (turns whose place needed the chess
move), ``idle_turns`` (turns without an attack), ``deadlock`` (1 when no attack could ever be
declared again: the rulebook ends the game there, more LP winning, equal LP a draw), ``quiet_end``
(1 when ``data.quiet_turns`` turns in a row passed without an attack: the rulebook ends the game
there too, as pawns kept out of each other's reach would duel for ever), ``stalled`` (1 when no
arena card was ON at the start).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from printgen.simulate.contract import GameRecord, SimData

BOTS = ("greedy", "random")  # the first is the default: a report of sensible play
PLAYED_DECKS = ("simboli",)  # the arena's cards, attacked from; the pawns are not played
LABELS = {  # in the game's languages: the report prints its own (--lang), else English
    "lp": {
        "it": "punti vita",
        "en": "life points",
    },
    "attacks": {
        "it": "attacchi per partita",
        "en": "attacks per game",
    },
    "blaster": {
        "it": "colpi di blaster per partita",
        "en": "blaster shots per game",
    },
    "sword": {
        "it": "colpi di spada laser per partita",
        "en": "sword hits per game",
    },
    "damage": {
        "it": "PV persi per partita",
        "en": "life points lost per game",
    },
    "blaster_damage": {
        "it": "PV persi per colpi di blaster per partita",
        "en": "life points lost to blaster shots per game",
    },
    "sword_damage": {
        "it": "PV persi per colpi di spada laser per partita",
        "en": "life points lost to sword hits per game",
    },
    "card_moves": {
        "it": "carte dell’arena spostate per partita",
        "en": "arena cards moved per game",
    },
    "chess_moves": {
        "it": "turni in cui per arrivare è servita la mossa degli scacchi, per partita",
        "en": "turns whose place needed the chess move per game",
    },
    "idle_turns": {
        "it": "turni senza attacco per partita",
        "en": "turns without an attack per game",
    },
    "deadlock": {
        "it": "quota di partite finite perché nessun attacco era più possibile",
        "en": "share of games ended because no attack could ever be declared again",
    },
    "quiet_end": {
        "it": "quota di partite finite per turni di fila senza attacco (data.quiet_turns)",
        "en": "share of games ended by turns in a row without an attack (data.quiet_turns)",
    },
    "first_seat": {
        "it": "posto scelto dal D20 per iniziare (0 o 1)",
        "en": "seat the D20 chose to start (0 or 1)",
    },
    "first_won": {
        "it": "quota di partite vinte dal giocatore che inizia",
        "en": "share of games the starting player won",
    },
    "dash_draws": {
        "it": "carte pescate per un trattino sul D4 o sul D6 per partita",
        "en": "cards drawn for a dash on D4 or D6 per game",
    },
    "dash_attacks": {
        "it": "attacchi il cui valore era un trattino per partita",
        "en": "attacks whose value was a dash per game",
    },
    "d20_draws": {
        "it": "carte pescate per scegliere il primo giocatore per partita",
        "en": "cards drawn to choose the first player per game",
    },
    "stalled": {
        "it": "quota di partite senza alcuna carta dell’arena su ON all’inizio",
        "en": "share of games with no arena card ON at the start",
    },
}

WIND = {
    "n": (0, 1),
    "ne": (1, 1),
    "e": (1, 0),
    "se": (1, -1),
    "s": (0, -1),
    "sw": (-1, -1),
    "w": (-1, 0),
    "nw": (-1, 1),
}
KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN, NO_PIECE = range(7)
PIECES = {
    "king": KING,
    "queen": QUEEN,
    "rook": ROOK,
    "bishop": BISHOP,
    "knight": KNIGHT,
    "pawn": PAWN,
}
STRAIGHT = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
AROUND = STRAIGHT + DIAGONAL
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
SLIDES = {QUEEN: AROUND, ROOK: STRAIGHT, BISHOP: DIAGONAL}
Cell = tuple[int, int]
BLASTER, SWORD = 0, 1


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what}: expected a whole number, got {value!r}")
    return value


def _key(value: object) -> str:
    """A symbol's key ('on', 'knight', 'ne', '-' for the dash)."""
    if isinstance(value, Mapping):
        return str(value.get("key"))
    return str(value)


def _die(value: object) -> int:
    """A die's printed number, 0 for the dash."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@dataclass(frozen=True)
class Rules:
    side: int  # the arena is side × side
    life_points: int
    ids: tuple[str, ...]  # one entry per symbol card
    on: tuple[bool, ...]
    piece: tuple[int, ...]
    wind: tuple[Cell | None, ...]
    d4: tuple[int, ...]
    d6: tuple[int, ...]
    d20: tuple[int, ...]
    mean_d4: float  # what a dash is worth on average, for the greedy bot
    mean_d6: float
    quiet_turns: int = 20  # turns in a row without an attack that end the game


def prepare(data: SimData) -> Rules:
    if data.used is None:
        raise ValueError("blaster-e-spade-laser plays on the symbol deck (uses: deck:)")
    grid = _int(data.data.get("grid"), "data.grid")
    side = round(grid**0.5)
    if side * side != grid:
        raise ValueError(f"data.grid: {grid} is not a square arena")
    ids, on, piece, wind, d4, d6, d20 = [], [], [], [], [], [], []
    for deck in data.used.decks.values():
        for card in deck:
            v = card.values
            for _ in range(card.count):
                ids.append(card.id)
                on.append(_key(v.get("switch")) == "on")
                piece.append(PIECES.get(_key(v.get("chess")), NO_PIECE))
                wind.append(WIND.get(_key(v.get("wind"))))
                d4.append(_die(v.get("d4")))
                d6.append(_die(v.get("d6")))
                d20.append(_die(v.get("d20")))
    life = _int(data.data.get("life_points"), "data.life_points")
    quiet = _int(data.data.get("quiet_turns"), "data.quiet_turns")
    if len(ids) < grid + 2 * life + 1:
        raise ValueError(f"the symbol deck has {len(ids)} cards: too few for the arena and LP")

    def mean(xs: list[int]) -> float:
        nums = [x for x in xs if x]
        return sum(nums) / len(nums) if nums else 0.0

    return Rules(
        side=side,
        life_points=life,
        ids=tuple(ids),
        on=tuple(on),
        piece=tuple(piece),
        wind=tuple(wind),
        d4=tuple(d4),
        d6=tuple(d6),
        d20=tuple(d20),
        mean_d4=mean(d4),
        mean_d6=mean(d6),
        quiet_turns=quiet,
    )


class Game:
    """The arena (cell -> symbol card), the pawns (the card each stands on), LP and draw pile."""

    def __init__(self, rules: Rules, rng: random.Random, cards: Sequence[int] | None = None):
        self.r = rules
        self.rng = rng
        deck = list(range(len(rules.ids)))
        rng.shuffle(deck)
        if cards is not None:  # a constructed arena (tests): the given cards, row by row
            rest = [c for c in deck if c not in cards]
            deck = [*cards, *rest]
        side = rules.side
        arena = deck[: side * side]
        self.at: dict[Cell, int] = {}
        self.pos: dict[int, Cell] = {}
        for i, c in enumerate(arena):
            self.place(c, (i % side, i // side))
        self.pawn = [self.at[(0, 0)], self.at[(side - 1, side - 1)]]
        lp = rules.life_points
        self.lp = [lp, lp]
        self.pile = deck[side * side + 2 * lp :]  # top is the end of the list
        self.dash_draws = 0
        self.dash_attacks = 0
        self.d20_draws = 0

    def place(self, c: int, cell: Cell) -> None:
        self.at[cell] = c
        self.pos[c] = cell

    def draw_value(self, table: tuple[int, ...]) -> tuple[int, int]:
        """A value read from the draw pile (drawn cards go under it): (value, cards drawn)."""
        for k in range(1, len(self.pile) + 1):
            c = self.pile.pop()
            self.pile.insert(0, c)
            if table[c]:
                return table[c], k
        return 0, len(self.pile)

    def first_player(self) -> int:
        r = self.r
        values = []
        for p in (0, 1):
            v = r.d20[self.pawn[p]]
            if not v:
                v, k = self.draw_value(r.d20)
                self.d20_draws += k
            values.append(v)
        for _ in range(len(self.pile) + 1):
            if values[0] != values[1]:
                break
            values = []
            for _p in (0, 1):
                v, k = self.draw_value(r.d20)
                self.d20_draws += k
                values.append(v)
        return 0 if values[0] >= values[1] else 1

    # --- movement -------------------------------------------------------------------------------

    def free_step(self, c: int) -> int | None:
        w = self.r.wind[c]
        if w is None:
            return None
        x, y = self.pos[c]
        return self.at.get((x + w[0], y + w[1]))

    def chess_targets(self, c: int, seat: int) -> list[int]:
        """Cards the chess piece of card ``c`` reaches from it, for the pawn of ``seat``."""
        r = self.r
        piece = r.piece[c]
        x, y = self.pos[c]
        at = self.at
        out: list[int] = []
        if piece == KING:
            out = [at[(x + dx, y + dy)] for dx, dy in AROUND if (x + dx, y + dy) in at]
        elif piece == KNIGHT:
            out = [at[(x + dx, y + dy)] for dx, dy in KNIGHT_JUMPS if (x + dx, y + dy) in at]
        elif piece in SLIDES:
            enemy = self.pawn[1 - seat]
            for dx, dy in SLIDES[piece]:
                cx, cy = x + dx, y + dy
                while (cx, cy) in at:
                    out.append(at[(cx, cy)])
                    if at[(cx, cy)] == enemy:  # as in chess: onto its card, never past it
                        break
                    cx, cy = cx + dx, cy + dy
        elif piece == PAWN:
            fy = y + (1 if seat == 0 else -1)
            enemy = self.pawn[1 - seat]
            if (x, fy) in at and at[(x, fy)] != enemy:  # as in chess: straight, never onto it
                out.append(at[(x, fy)])
            for dx in (-1, 1):
                if at.get((x + dx, fy)) == enemy:
                    out.append(enemy)
        return out

    def reach(self, seat: int) -> dict[int, bool]:
        """Every card the pawn of ``seat`` can end on: card -> whether the chess move is needed."""
        start = self.pawn[seat]
        seen = {(start, False)}
        todo = [(start, False)]
        while todo:
            c, used = todo.pop()
            nxt = self.free_step(c)
            if nxt is not None and (nxt, used) not in seen:
                seen.add((nxt, used))
                todo.append((nxt, used))
            if not used:
                for t in self.chess_targets(c, seat):
                    if (t, True) not in seen:
                        seen.add((t, True))
                        todo.append((t, True))
        out: dict[int, bool] = {}
        for c, used in seen:
            out[c] = out.get(c, True) and used
        return out

    def closure(self, seat: int, wide: bool = False) -> set[int]:
        """Every card the pawn of ``seat`` could reach over any number of turns while the
        arena does not change (``wide``: a chess pawn may also step diagonally forward)."""
        seen = {self.pawn[seat]}
        todo = [self.pawn[seat]]
        while todo:
            c = todo.pop()
            nxt = [self.free_step(c), *self.chess_targets(c, seat)]
            if wide and self.r.piece[c] == PAWN:
                x, y = self.pos[c]
                fy = y + (1 if seat == 0 else -1)
                nxt.extend(self.at.get((x + dx, fy)) for dx in (-1, 1))
            for t in nxt:
                if t is not None and t not in seen:
                    seen.add(t)
                    todo.append(t)
        return seen

    def deadlocked(self) -> bool:
        """No attack can ever be declared: the arena only changes after an attack, and from
        no card either pawn can ever reach is the other's ever-reachable card in range."""
        on = self.r.on
        pos = self.pos
        reach = [self.closure(0, wide=True), self.closure(1, wide=True)]
        for a in reach[0]:
            for b in reach[1]:
                if on[a] or on[b]:
                    (x, y), (u, v) = pos[a], pos[b]
                    if abs(x - u) <= 1 and abs(y - v) <= 1:
                        return False
        return True

    # --- attacks --------------------------------------------------------------------------------

    def attacks_from(self, c: int, seat: int) -> list[int]:
        """The attacks the pawn of ``seat`` may declare standing on card ``c``."""
        r = self.r
        enemy = self.pawn[1 - seat]
        if not r.on[c]:
            return []
        if c == enemy:
            return [SWORD]
        (x, y), (ex, ey) = self.pos[c], self.pos[enemy]
        if abs(x - ex) <= 1 and abs(y - ey) <= 1:
            return [BLASTER]
        return []

    def attack(self, seat: int, kind: int) -> int:
        """Declares an attack from where the pawn stands; returns the LP the opponent discards."""
        r = self.r
        c = self.pawn[seat]
        table = r.d4 if kind == BLASTER else r.d6
        value = table[c]
        if not value:
            value, k = self.draw_value(table)
            self.dash_draws += k
            self.dash_attacks += 1
        hit = min(value, self.lp[1 - seat])
        self.lp[1 - seat] -= hit
        return hit

    # --- moving a card --------------------------------------------------------------------------

    def card_moves(self, only: Sequence[int] | None = None) -> list[tuple[int, Cell]]:
        """Every (card, empty place) move that leaves it touching another card (of the cards
        ``only``, when given); the arena may split into groups, as the original allows."""
        out: list[tuple[int, Cell]] = []
        cells = set(self.at)
        for c in sorted(self.pos) if only is None else only:
            old = self.pos[c]
            rest = cells - {old}
            near: set[Cell] = set()
            for x, y in rest:
                for dx, dy in AROUND:
                    n = (x + dx, y + dy)
                    if n not in rest and n != old:
                        near.add(n)
            out.extend((c, cell) for cell in sorted(near))
        return out

    def move_card(self, c: int, cell: Cell) -> None:
        if cell in self.at:
            raise ValueError(f"place {cell} is taken")
        del self.at[self.pos[c]]
        self.place(c, cell)


# --- bots ---------------------------------------------------------------------------------------


def _expected(g: Game, c: int, kind: int) -> float:
    r = g.r
    v = (r.d4 if kind == BLASTER else r.d6)[c]
    return float(v) if v else (r.mean_d4 if kind == BLASTER else r.mean_d6)


def _turns_to_attack(g: Game, seat: int, cap: int = 3) -> int:
    """Turns the pawn of ``seat`` needs to stand where it can attack the other pawn as it is."""
    home = g.pawn[seat]
    layer = {home}
    seen = {home}
    for turn in range(cap):
        nxt: set[int] = set()
        for c in layer:
            g.pawn[seat] = c
            for t in g.reach(seat):
                if g.attacks_from(t, seat):
                    g.pawn[seat] = home
                    return turn + 1
                if t not in seen:
                    seen.add(t)
                    nxt.add(t)
        layer = nxt
        if not layer:
            break
    g.pawn[seat] = home
    return cap + 1


def _threat(g: Game, seat: int) -> float:
    """The most damage ``seat`` can expect to deal in its next turn from here."""
    best = 0.0
    for c in g.reach(seat):
        for kind in g.attacks_from(c, seat):
            best = max(best, _expected(g, c, kind))
    return best


Plan = tuple[int, int | None, tuple[int, Cell] | None]  # place, attack, card move


class RandomBot:
    """Uniform over the places it can reach, then over attacking or not, then over card moves."""

    def place(self, g: Game, seat: int) -> int:
        options = sorted(g.reach(seat))
        return options[g.rng.randrange(len(options))]

    def attack(self, g: Game, seat: int) -> int | None:
        options: list[int | None] = [None, *g.attacks_from(g.pawn[seat], seat)]
        return options[g.rng.randrange(len(options))]

    def card_move(self, g: Game, seat: int) -> tuple[int, Cell] | None:
        options: list[tuple[int, Cell] | None] = [None, *g.card_moves()]
        return options[g.rng.randrange(len(options))]


class GreedyBot:
    """Hit as hard as it can; otherwise stand where the opponent cannot hit; after a hit, move
    the card that takes away the opponent's best answer."""

    def place(self, g: Game, seat: int) -> int:
        places = sorted(g.reach(seat))
        best, best_v = g.pawn[seat], -1e9
        home = g.pawn[seat]
        for c in places:
            hit = max((_expected(g, c, k) for k in g.attacks_from(c, seat)), default=0.0)
            g.pawn[seat] = c
            # hit now; else stay out of reach, but get closer to a place to hit from
            v = hit * 10 - 0.15 * _threat(g, 1 - seat)
            if not hit:
                v -= 0.7 * _turns_to_attack(g, seat)
            # among equal places, wander (a pawn that always hides stalls the game)
            v += 0.3 * g.rng.random()
            g.pawn[seat] = home
            if v > best_v:
                best, best_v = c, v
        return best

    def attack(self, g: Game, seat: int) -> int | None:
        c = g.pawn[seat]
        options = g.attacks_from(c, seat)
        return max(options, key=lambda k: _expected(g, c, k)) if options else None

    def card_move(self, g: Game, seat: int) -> tuple[int, Cell] | None:
        best: tuple[int, Cell] | None = None
        best_v = _threat(g, 1 - seat) - 0.1 * _threat(g, seat)
        # the cards that matter: under the two pawns, and the ON cards around them
        pawns = [g.pos[g.pawn[0]], g.pos[g.pawn[1]]]
        cards = sorted(
            c
            for c, (x, y) in g.pos.items()
            if c in g.pawn
            or (g.r.on[c] and any(abs(x - u) <= 1 and abs(y - v) <= 1 for u, v in pawns))
        )
        for c, cell in g.card_moves(cards):
            old = g.pos[c]
            g.move_card(c, cell)
            v = _threat(g, 1 - seat) - 0.1 * _threat(g, seat)
            g.move_card(c, old)
            if v < best_v:
                best, best_v = (c, cell), v
        return best


Bot = RandomBot | GreedyBot
_BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def play(rules: Rules, bots: Sequence[str], rng: random.Random, turn_cap: int) -> GameRecord:
    for b in bots:
        if b not in _BOTS:
            raise ValueError(f"unknown bot {b!r}; this game has {', '.join(BOTS)}")
    if len(bots) != 2:
        raise ValueError("Blaster e spade laser is for 2 players")
    g = Game(rules, rng)
    seats: list[Bot] = [_BOTS[b]() for b in bots]
    first = g.first_player()
    played: list[Counter[str]] = [Counter(), Counter()]
    series: dict[str, list[float]] = {"lp_0": [], "lp_1": []}
    counts = Counter[str]()
    stalled = not any(rules.on[c] for c in g.pos)
    turns = quiet = 0
    seat = first
    while turns < turn_cap and min(g.lp) > 0:
        if quiet >= rules.quiet_turns:  # the rulebook ends it, as a deadlock: more LP winning
            counts["quiet_end"] = 1
            break
        if g.deadlocked():
            # nothing can change any more: the rulebook ends the game, more LP winning
            counts["deadlock"] = 1
            break
        bot = seats[seat]
        place = bot.place(g, seat)
        if g.reach(seat)[place]:
            counts["chess_moves"] += 1
        g.pawn[seat] = place
        kind = bot.attack(g, seat)
        if kind is None:
            counts["idle_turns"] += 1
            quiet += 1
        else:
            quiet = 0
            counts["attacks"] += 1
            counts["blaster" if kind == BLASTER else "sword"] += 1
            hit = g.attack(seat, kind)
            counts["damage"] += hit
            counts["blaster_damage" if kind == BLASTER else "sword_damage"] += hit
            played[seat][rules.ids[place]] += 1
            if min(g.lp) > 0:
                move = bot.card_move(g, seat)
                if move is not None:
                    g.move_card(*move)
                    counts["card_moves"] += 1
        turns += 1
        series["lp_0"].append(float(g.lp[0]))
        series["lp_1"].append(float(g.lp[1]))
        seat = 1 - seat
    finished = min(g.lp) == 0 or counts["deadlock"] == 1 or counts["quiet_end"] == 1
    winners: tuple[int, ...] = ()
    if finished and g.lp[0] != g.lp[1]:  # equal LP at a deadlock or a quiet end is a draw
        winners = (0 if g.lp[0] > g.lp[1] else 1,)
    figures = {k: float(counts[k]) for k in ("attacks", "blaster", "sword", "damage")}
    figures["blaster_damage"] = float(counts["blaster_damage"])
    figures["sword_damage"] = float(counts["sword_damage"])
    figures.update({k: float(counts[k]) for k in ("card_moves", "chess_moves", "idle_turns")})
    figures["deadlock"] = float(counts["deadlock"])
    figures["quiet_end"] = float(counts["quiet_end"])
    figures["first_seat"] = float(first)
    figures["first_won"] = float(bool(winners) and winners[0] == first)
    figures["dash_draws"] = float(g.dash_draws)
    figures["dash_attacks"] = float(g.dash_attacks)
    figures["d20_draws"] = float(g.d20_draws)
    figures["stalled"] = float(stalled)
    return GameRecord(
        finished=finished,
        turns=turns,
        winners=winners,
        played=played,
        series=series,
        figures=figures,
        first=first,  # the D20 chose it: the report's first-player figure is about this seat
    )
