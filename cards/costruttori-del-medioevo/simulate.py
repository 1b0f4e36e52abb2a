"""Rules engine of *I Costruttori del Medioevo* for the playtest simulator.

Follows rules.it.md (clarifications included). Every number comes from the game's YAML: the
starting coins, actions, extra-action price, coins for coin actions, market size, end VP, coins
per VP and the skill names from ``data:``; skills, wages, requirements, VP, coins and machines
from the decks ``starters`` (the starting helpers), ``workers`` and ``buildings``.

Seat 0 is the first player. ``turns`` counts single players' turns. Two decisions the original
text leaves open are printed in the rulebook ("Altri chiarimenti" / "Other clarifications"):

- a player may send a worker that covers nothing still needed (wage and actions as usual; it
  stays on the site until the building is completed);
- actions bought with coins and not used are lost at the end of the turn.

The rulebook lets a bought action take coins too (it never pays: it costs 5 and brings 3 at
most), so the random bot may; the greedy bot takes coins only while a free action is left. Where the
rulebook is silent:

- an action spends a bought action before a free one (both are lost at the end of the turn, so
  which one is spent changes nothing);
- the face-up top card of each deck is not looked at by the bots.

``played`` counts, per seat, each worker taken from the market (not the starting helper,
which is dealt) and each building or machine completed. Series (one value per turn, after that
turn):
``vp_max`` (the leader's card points), ``coins_mean``, and per seat ``vp_<seat>`` (card points)
and ``coins_<seat>``. Figures: ``vp_<seat>`` and ``coins_<seat>`` at the end, ``end_vp_turn`` /
``end_vp_round`` (when a player first reached ``end_vp``; absent when nobody did),
``winner_card_vp``, ``winner_coin_vp``, ``coin_vp_share`` (share of all final points that came
from coins), ``coins_final_mean``, ``buildings_built``, ``machines_built``,
``extra_actions``, ``coin_actions``, ``workers_taken``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from printgen.simulate.contract import GameRecord, SimCard, SimData

BOTS = ("greedy", "random")  # the first is the default: a report of sensible play
PLAYED_DECKS = ("workers", "buildings")  # hired and completed; the coins are money, not cards
LABELS = {  # in the game's languages: the report prints its own (--lang), else English
    "vp_max": {
        "it": "punti vittoria del giocatore in testa dopo ogni turno (media sulle partite)",
        "en": "victory points of the leading player after each turn (mean over games)",
    },
    "coins_mean": {
        "it": "monete per giocatore dopo ogni turno (media sulle partite)",
        "en": "coins per player after each turn (mean over games)",
    },
    "vp": {
        "it": "punti vittoria",
        "en": "victory points",
    },
    "coins": {
        "it": "monete",
        "en": "coins",
    },
    "end_vp_turn": {
        "it": "turno in cui la fine è scattata per i punti vittoria",
        "en": "turn the end was triggered by reaching the victory points",
    },
    "end_vp_round": {
        "it": "giro in cui la fine è scattata per i punti vittoria",
        "en": "round the end was triggered by reaching the victory points",
    },
    "winner_card_vp": {
        "it": "punti del vincitore da edifici e macchine",
        "en": "the winner's points from buildings and machines",
    },
    "winner_coin_vp": {
        "it": "punti del vincitore dalle monete",
        "en": "the winner's points from coins",
    },
    "coin_vp_share": {
        "it": "quota di tutti i punti venuta dalle monete",
        "en": "share of all points that came from coins",
    },
    "coins_final_mean": {
        "it": "monete per giocatore alla fine",
        "en": "coins per player at the end",
    },
    "buildings_built": {
        "it": "edifici completati per partita",
        "en": "buildings completed per game",
    },
    "machines_built": {
        "it": "macchine completate per partita",
        "en": "machines completed per game",
    },
    "extra_actions": {
        "it": "azioni comprate per partita",
        "en": "actions bought per game",
    },
    "coin_actions": {
        "it": "azioni spese a prendere monete per partita",
        "en": "actions spent taking coins per game",
    },
    "workers_taken": {
        "it": "lavoratori assunti per partita",
        "en": "workers hired per game",
    },
}

# Moves: (kind, a, b)
END, WORKER, BUILDING, COINS, SEND, BUY = range(6)
Move = tuple[int, int, int]


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what}: expected a whole number, got {value!r}")
    return value


@dataclass(frozen=True)
class Rules:
    skills: tuple[str, ...]
    start_coins: int
    end_vp: int
    actions: int
    extra_action_cost: int
    coin_gain: tuple[int, ...]  # coins the k-th coin action of a turn adds
    coins_per_vp: int
    market: int
    # units: everything that can work (apprentices, workers, completed machines)
    unit_ids: tuple[str, ...]
    unit_skills: tuple[tuple[int, ...], ...]
    unit_wage: tuple[int, ...]
    apprentices: tuple[int, ...]  # unit indices
    workers: tuple[int, ...]  # unit indices, one entry per copy
    # buildings (one entry per card type)
    b_ids: tuple[str, ...]
    b_need: tuple[tuple[int, ...], ...]
    b_vp: tuple[int, ...]
    b_coins: tuple[int, ...]
    b_machine: tuple[int, ...]  # unit index of the machine once built, -1 for a building
    b_deck: tuple[int, ...]  # building indices, one entry per copy
    # for the greedy bot
    b_value: tuple[float, ...]  # points per skill point needed
    unit_total: tuple[int, ...]  # skill points a unit brings


def _skills_of(card: SimCard, skills: Sequence[str]) -> tuple[int, ...]:
    return tuple(_int(card.values.get(s, 0) or 0, f"{card.id}.{s}") for s in skills)


def prepare(data: SimData) -> Rules:
    d = data.data
    skills_map = d.get("skills")
    if not isinstance(skills_map, Mapping) or not skills_map:
        raise ValueError("data.skills: expected the skill names")
    skills = tuple(str(s) for s in skills_map)
    coin_actions = d.get("coin_actions")
    if not isinstance(coin_actions, list) or not coin_actions:
        raise ValueError("data.coin_actions: expected a list of coins")
    totals = [_int(c, "data.coin_actions") for c in coin_actions]
    gain = tuple(t - (totals[i - 1] if i else 0) for i, t in enumerate(totals))

    unit_ids: list[str] = []
    unit_skills: list[tuple[int, ...]] = []
    unit_wage: list[int] = []

    def add_unit(uid: str, sk: tuple[int, ...], wage: int) -> int:
        unit_ids.append(uid)
        unit_skills.append(sk)
        unit_wage.append(wage)
        return len(unit_ids) - 1

    apprentices = []
    for card in data.cards("starters"):
        u = add_unit(card.id, _skills_of(card, skills), _int(card.values["wage"], card.id))
        apprentices.extend([u] * card.count)
    workers = []
    for card in data.cards("workers"):
        u = add_unit(card.id, _skills_of(card, skills), _int(card.values["wage"], card.id))
        workers.extend([u] * card.count)
    b_ids, b_need, b_vp, b_coins, b_machine, b_deck = [], [], [], [], [], []
    for card in data.cards("buildings"):
        v = card.values
        b_ids.append(card.id)
        b_need.append(_skills_of(card, skills))
        b_vp.append(_int(v.get("vp") or 0, f"{card.id}.vp"))
        b_coins.append(_int(v.get("coins") or 0, f"{card.id}.coins"))
        produces = v.get("produces")
        if produces:
            gives = _int(v.get("gives"), f"{card.id}.gives")
            sk = tuple(gives if s == produces else 0 for s in skills)
            b_machine.append(add_unit(card.id, sk, 0))
        else:
            b_machine.append(-1)
        b_deck.extend([len(b_ids) - 1] * card.count)
    per_vp = _int(d.get("coins_per_vp"), "data.coins_per_vp")
    b_value = []
    for bi, need in enumerate(b_need):
        # what a building is worth per skill point it needs (a machine counts its work too)
        value = b_vp[bi] + b_coins[bi] / per_vp
        if b_machine[bi] >= 0:
            value += sum(unit_skills[b_machine[bi]]) * 0.6
        b_value.append(value / (sum(need) or 1))
    return Rules(
        skills=skills,
        start_coins=_int(d.get("start_coins"), "data.start_coins"),
        end_vp=_int(d.get("end_vp"), "data.end_vp"),
        actions=_int(d.get("actions"), "data.actions"),
        extra_action_cost=_int(d.get("extra_action_cost"), "data.extra_action_cost"),
        coin_gain=gain,
        coins_per_vp=per_vp,
        market=_int(d.get("market"), "data.market"),
        unit_ids=tuple(unit_ids),
        unit_skills=tuple(unit_skills),
        unit_wage=tuple(unit_wage),
        apprentices=tuple(apprentices),
        workers=tuple(workers),
        b_ids=tuple(b_ids),
        b_need=tuple(b_need),
        b_vp=tuple(b_vp),
        b_coins=tuple(b_coins),
        b_machine=tuple(b_machine),
        b_deck=tuple(b_deck),
        b_value=tuple(b_value),
        unit_total=tuple(sum(sk) for sk in unit_skills),
    )


class Site:
    """A building a player took and has not completed yet."""

    __slots__ = ("building", "crew", "need", "sent")

    def __init__(self, building: int, need: tuple[int, ...]) -> None:
        self.building = building
        self.need = list(need)  # still missing, per skill
        self.crew: list[int] = []
        self.sent = 0  # workers sent to it this turn


class Player:
    __slots__ = ("bought", "coin_actions", "coins", "free", "free_actions", "played", "sites", "vp")

    def __init__(self, coins: int) -> None:
        self.coins = coins
        self.vp = 0  # card points
        self.free: list[int] = []  # units ready to work
        self.sites: list[Site] = []
        self.free_actions = 0
        self.bought = 0
        self.coin_actions = 0
        self.played: Counter[str] = Counter()


class Game:
    """One game's state; the bots read it and the engine changes it only through ``apply``."""

    def __init__(self, rules: Rules, players: int, rng: random.Random) -> None:
        self.r = rules
        self.rng = rng
        appr = list(rules.apprentices)
        rng.shuffle(appr)
        workers = list(rules.workers)
        rng.shuffle(workers)
        buildings = list(rules.b_deck)
        rng.shuffle(buildings)
        self.worker_deck = workers
        self.building_deck = buildings
        self.worker_row: list[int] = []
        self.building_row: list[int] = []
        for _ in range(rules.market):
            if workers:
                self.worker_row.append(workers.pop())
            if buildings:
                self.building_row.append(buildings.pop())
        self.players = [Player(rules.start_coins) for _ in range(players)]
        for p, pl in enumerate(self.players):
            if p < len(appr):  # dealt, not hired: the report counts the cards players chose
                pl.free.append(appr[p])
        self.extra_actions = 0
        self.coin_action_count = 0
        self.workers_taken = 0
        self.built = 0
        self.machines = 0

    def actions_left(self, pl: Player) -> int:
        return pl.free_actions + pl.bought

    def legal(self, p: int) -> list[Move]:
        pl = self.players[p]
        r = self.r
        moves: list[Move] = [(END, 0, 0)]
        left = pl.free_actions + pl.bought
        if left:
            moves.extend((WORKER, i, 0) for i in range(len(self.worker_row)))
            moves.extend((BUILDING, i, 0) for i in range(len(self.building_row)))
        # any action may take coins, a bought one too (the rulebook's clarification)
        if left and pl.coin_actions < len(r.coin_gain):
            moves.append((COINS, 0, 0))
        for s, site in enumerate(pl.sites):
            if site.sent + 1 <= left:
                for u in pl.free:
                    if r.unit_wage[u] <= pl.coins:
                        moves.append((SEND, u, s))
        if pl.coins >= r.extra_action_cost:
            moves.append((BUY, 0, 0))
        return moves

    def _spend(self, pl: Player, n: int) -> None:
        use = min(pl.bought, n)
        pl.bought -= use
        pl.free_actions -= n - use

    def apply(self, p: int, move: Move) -> None:
        """Plays one legal move (END is handled by the turn loop)."""
        pl = self.players[p]
        r = self.r
        kind, a, b = move
        if kind == WORKER:
            self._spend(pl, 1)
            u = self.worker_row.pop(a)
            if self.worker_deck:
                self.worker_row.insert(a, self.worker_deck.pop())
            pl.free.append(u)
            pl.played[r.unit_ids[u]] += 1
            self.workers_taken += 1
        elif kind == BUILDING:
            self._spend(pl, 1)
            bi = self.building_row.pop(a)
            if self.building_deck:
                self.building_row.insert(a, self.building_deck.pop())
            pl.sites.append(Site(bi, r.b_need[bi]))
        elif kind == COINS:
            self._spend(pl, 1)
            pl.coins += r.coin_gain[pl.coin_actions]
            pl.coin_actions += 1
            self.coin_action_count += 1
        elif kind == BUY:
            pl.coins -= r.extra_action_cost
            pl.bought += 1
            self.extra_actions += 1
        elif kind == SEND:
            site = pl.sites[b]
            site.sent += 1
            self._spend(pl, site.sent)
            pl.coins -= r.unit_wage[a]
            pl.free.remove(a)
            site.crew.append(a)
            need = site.need
            sk = r.unit_skills[a]
            done = True
            for i in range(len(need)):
                n = need[i] - sk[i]
                need[i] = n if n > 0 else 0
                if n > 0:
                    done = False
            if done:
                self._complete(pl, b)
        else:
            raise ValueError(f"not a move: {move!r}")

    def _complete(self, pl: Player, s: int) -> None:
        r = self.r
        site = pl.sites.pop(s)
        bi = site.building
        pl.vp += r.b_vp[bi]
        pl.coins += r.b_coins[bi]
        pl.free.extend(site.crew)
        if r.b_machine[bi] >= 0:
            pl.free.append(r.b_machine[bi])
            self.machines += 1
        self.built += 1
        pl.played[r.b_ids[bi]] += 1

    def no_buildings_left(self) -> bool:
        return not self.building_row and not self.building_deck


# --- bots -------------------------------------------------------------------------------------


def _random_move(game: Game, p: int) -> Move:
    moves = game.legal(p)
    return moves[game.rng.randrange(len(moves))]


def _best_building(game: Game) -> int:
    row = game.building_row
    value = game.r.b_value
    return max(range(len(row)), key=lambda k: value[row[k]])


def _greedy_move(game: Game, p: int) -> Move:
    """Complete sites with the cheapest useful crew; hire for what is missing; keep coins."""
    r = game.r
    pl = game.players[p]
    left = pl.free_actions + pl.bought
    coins = pl.coins
    nsk = len(r.skills)
    # 1. The best useful send: covered skill points per coin, finishing a site first.
    best: Move | None = None
    best_score = 0.0
    best_cost = 0
    for s, site in enumerate(pl.sites):
        need = site.need
        cost = site.sent + 1
        remaining = sum(need)
        for u in pl.free:
            wage = r.unit_wage[u]
            if wage > coins:
                continue
            sk = r.unit_skills[u]
            useful = 0
            for i in range(nsk):
                x = sk[i]
                n = need[i]
                useful += x if x < n else n
            if not useful:
                continue
            score = useful * 2.0 - wage * 0.5 - (cost - 1) * 1.5
            if useful == remaining:
                score += 4.0 + r.b_vp[site.building]
            if score > best_score:
                best_score, best, best_cost = score, (SEND, u, s), cost
    if best is not None:
        if best_cost <= left:
            return best
        wage = r.unit_wage[best[1]]
        if best_cost - left == 1 and coins - r.extra_action_cost >= wage and best_score > 6:
            return (BUY, 0, 0)
    if not left:
        return (END, 0, 0)
    # 2. A site to work on.
    if len(pl.sites) < 2 and game.building_row:
        i = _best_building(game)
        if not pl.sites or len(pl.free) >= 2:
            return (BUILDING, i, 0)
    # 3. A worker for what the sites still miss (only if the free crew cannot cover it).
    missing = [0] * nsk
    for site in pl.sites:
        for i in range(nsk):
            missing[i] += site.need[i]
    for u in pl.free:
        sk = r.unit_skills[u]
        for i in range(nsk):
            missing[i] -= sk[i]
    if any(m > 0 for m in missing) and game.worker_row:
        best_w, best_fit = -1, 0.0
        for k, u in enumerate(game.worker_row):
            sk = r.unit_skills[u]
            fit = sum(min(sk[i], missing[i]) for i in range(nsk) if missing[i] > 0)
            score = fit - r.unit_wage[u] * 0.25
            if fit and score > best_fit:
                best_w, best_fit = k, score
        if best_w >= 0:
            return (WORKER, best_w, 0)
        if len(pl.free) < 8:
            # Nothing in the row fits: hire the strongest anyway, so the row moves on.
            row = game.worker_row
            k = max(range(len(row)), key=lambda k: r.unit_total[row[k]])
            return (WORKER, k, 0)
    if any(m > 0 for m in missing) and game.building_row and len(pl.sites) < 4:
        # No worker left to hire: a site the free crew can work on instead.
        i = _best_building(game)
        return (BUILDING, i, 0)
    # 4. Coins: free actions only.
    if pl.free_actions and pl.coin_actions < len(r.coin_gain):
        return (COINS, 0, 0)
    return (END, 0, 0)


def final_winners(rules: Rules, seats: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Winners from each seat's (card points, coins): points plus a point per
    ``coins_per_vp`` coins (rounded down); ties go to the most coins, then are shared."""
    scores = [(vp + coins // rules.coins_per_vp, coins) for vp, coins in seats]
    top = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == top)


_BOT_MOVES = {"random": _random_move, "greedy": _greedy_move}


def play(rules: Rules, bots: Sequence[str], rng: random.Random, turn_cap: int) -> GameRecord:
    for b in bots:
        if b not in _BOT_MOVES:
            raise ValueError(f"unknown bot {b!r}; this game has {', '.join(BOTS)}")
    n = len(bots)
    game = Game(rules, n, rng)
    movers = [_BOT_MOVES[b] for b in bots]
    players = game.players
    vp_max: list[float] = []
    coins_mean: list[float] = []
    seat_vp: list[list[float]] = [[] for _ in range(n)]
    seat_coins: list[list[float]] = [[] for _ in range(n)]
    figures: dict[str, float] = {}
    turns = 0
    end_round = -1  # the round in which the game's end was triggered
    finished = False
    while turns < turn_cap:
        p = turns % n
        rnd = turns // n
        if p == 0 and end_round >= 0:
            finished = True
            break
        pl = players[p]
        pl.free_actions = rules.actions
        pl.bought = 0
        pl.coin_actions = 0
        for site in pl.sites:
            site.sent = 0
        mover = movers[p]
        # A turn ends when the bot says so; moves are finite (actions and coins run out).
        while True:
            move = mover(game, p)
            if move[0] == END:
                break
            game.apply(p, move)
        pl.bought = 0  # unused bought actions are lost
        turns += 1
        vp_max.append(float(max(q.vp for q in players)))
        coins_mean.append(sum(q.coins for q in players) / n)
        for q, player in enumerate(players):
            seat_vp[q].append(float(player.vp))
            seat_coins[q].append(float(player.coins))
        if end_round < 0 and (pl.vp >= rules.end_vp or game.no_buildings_left()):
            end_round = rnd
            if pl.vp >= rules.end_vp:
                figures["end_vp_turn"] = float(turns)
                figures["end_vp_round"] = float(rnd + 1)
    else:
        finished = end_round >= 0 and turns % n == 0
    per_vp = rules.coins_per_vp
    winners: tuple[int, ...] = ()
    if finished:
        winners = final_winners(rules, [(q.vp, q.coins) for q in players])
        scores = [q.vp + q.coins // per_vp for q in players]
        w = players[winners[0]]
        figures["winner_card_vp"] = float(w.vp)
        figures["winner_coin_vp"] = float(w.coins // per_vp)
        total = sum(scores)
        figures["coin_vp_share"] = sum(q.coins // per_vp for q in players) / total if total else 0.0
    figures["coins_final_mean"] = sum(q.coins for q in players) / n
    for q, player in enumerate(players):
        figures[f"vp_{q}"] = float(player.vp)
        figures[f"coins_{q}"] = float(player.coins)
    figures["buildings_built"] = float(game.built)
    figures["machines_built"] = float(game.machines)
    figures["extra_actions"] = float(game.extra_actions)
    figures["coin_actions"] = float(game.coin_action_count)
    figures["workers_taken"] = float(game.workers_taken)
    return GameRecord(
        finished=finished,
        turns=turns,
        winners=winners,
        played=[q.played for q in players],
        series={
            "vp_max": vp_max,
            "coins_mean": coins_mean,
            **{f"vp_{q}": seat_vp[q] for q in range(n)},
            **{f"coins_{q}": seat_coins[q] for q in range(n)},
        },
        figures=figures,
    )
