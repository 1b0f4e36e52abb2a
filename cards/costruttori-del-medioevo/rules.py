"""Design rules of *I Costruttori del Medioevo* (game id ``costruttori-del-medioevo``).

The mistakes this kind of game invites, each a named rule; every finding names the rule, the
card (id and printed name) and the YAML line it comes from (the simplest rule, a worker's wage
equals the sum of its skills, is a check in game.yaml):

- ``skill-cap``     no worker skill is below 0 or above ``data.skill_max``;
- ``rank``          a worker's skills follow its rank's pattern (helper 1+1, journeyman 2+1,
                    expert 1+1+1+1 / 2+2 / 3+1 / 2+1+1, foreman 3+2: ``data.ranks``);
- ``start``         the starting helpers have the lowest rank and there is one per player;
- ``requirement``   a building needs 0..``data.need_max`` of each skill and pays no negative reward;
- ``crew``          every building and machine can be finished by some crew of at most
                    ``data.crew_max`` deck workers;
- ``reward-order``  rewards (VP and coins) never fall as the requirement total rises;
- ``reward-outlier`` (warning) a building's reward drifts from the formula in ``data.reward``;
- ``machine``       machines: one per skill per level, level 1 needs 1+1 and gives 2 (1 VP),
                    level 2 needs 2+1 and gives 3 (2 VP), no coins, never needs its own skill;
- ``coins``         the coin tokens: the quantities and values of ``data.coins``, round, tokens;
- ``end``           the ``data.end_vp`` card points that end the game can be reached;
- ``names``         no two cards share a name in any language;
- ``pictures``      every building, machine and worker has its own picture (``data.pictures``,
                    by card id), an icon the game knows, shared with no other card.
- ``original``      no card or rank name uses a word of the commercial game's names
                    (``data.commercial_names``: our card set is original).

Decks are found by id: ``workers``, ``starters``, ``buildings`` (machines are the building
deck's cards with a ``produces`` field) and ``coins-<metal>``.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from printgen.rules import (
    CardType,
    Deck,
    Game,
    Problem,
    RuleContext,
    Severity,
    Where,
    localize,
    rule,
    where_in,
)

SKILLS = ("stone", "wood", "compass", "tile")
Vector = tuple[int, int, int, int]
Crew = tuple[Vector, ...]

# The seed's numbers, used where game.yaml's data leaves one out.
DEFAULTS: dict[str, Any] = {
    "skill_max": 3,
    "need_max": 5,
    "crew_max": 3,
    "end_vp": 17,
    "coins": {"silver": {"value": 1, "count": 25}, "gold": {"value": 5, "count": 15}},
    "reward": {
        "vp_after": 6,
        "base_total": 5,
        "base_coins": 8,
        "coins_step": 4,
        "all_skills_bonus": 1,
        "vp_tolerance": 1,
        "coin_tolerance": 2,
    },
    "machines": [
        {"level": 1, "need": [1, 1], "vp": 1, "gives": 2},
        {"level": 2, "need": [2, 1], "vp": 2, "gives": 3},
    ],
    "ranks": [
        {"wage": 2, "shapes": ["1+1"]},
        {"wage": 3, "shapes": ["2+1"]},
        {"wage": 4, "shapes": ["1+1+1+1", "2+2", "3+1", "2+1+1"]},
        {"wage": 5, "shapes": ["3+2"]},
    ],
}


@dataclass
class Piece:
    """One card type read back as printed in the game's first language."""

    card: CardType
    deck: Deck
    values: dict[str, Any]

    @property
    def label(self) -> str:
        name = self.values.get("name")
        return f"card '{self.card.id}' ({name})" if name else f"card '{self.card.id}'"

    def where(self, field: str | None = None) -> Where:
        if field is not None and field in self.card.field_where:
            return self.card.field_where[field]
        return self.card.where

    def number(self, field: str) -> int | None:
        """An integer field; generated cards carry rendered expressions, so text is accepted."""
        value = self.values.get(field)
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value.strip())
        return None

    def vector(self) -> Vector:
        a, b, c, d = (self.number(s) or 0 for s in SKILLS)
        return (a, b, c, d)

    @property
    def is_machine(self) -> bool:
        return bool(self.values.get("produces"))


@dataclass
class Ctx:
    game: Game
    data: dict[str, Any]
    workers: list[Piece]
    starters: list[Piece]
    buildings: list[Piece]  # buildings and machines
    rules: RuleContext

    def setting(self, key: str) -> Any:
        return self.data.get(key, DEFAULTS.get(key))


@rule("builders")
def check(ctx: RuleContext) -> list[Problem]:
    game = ctx.game
    lang = game.meta.languages[0]
    data = localize(game.data, lang, game.meta.languages)
    problems: list[Problem] = []
    c = Ctx(
        game,
        data if isinstance(data, dict) else {},
        _pieces(ctx, "workers", problems),
        _pieces(ctx, "starters", problems),
        _pieces(ctx, "buildings", problems),
        ctx,
    )
    for check_rule in RULES:
        try:
            problems.extend(check_rule(c))
        except (KeyError, TypeError, ValueError) as exc:  # malformed data:, not a card
            name = check_rule.__name__.removeprefix("rule_").replace("_", "-")
            problems.append(
                Problem(
                    game.data_where,
                    f"{name}: cannot check, game.yaml data is "
                    f"malformed ({type(exc).__name__}: {exc}); see the "
                    "defaults in cards/costruttori-del-medioevo/rules.py",
                )
            )
    return problems


def _pieces(ctx: RuleContext, deck_id: str, problems: list[Problem]) -> list[Piece]:
    game = ctx.game
    deck = game.deck(deck_id)
    if deck is None:
        problems.append(
            Problem(
                Where(f"{game.folder}/decks"),
                f"deck: the game needs a deck '{deck_id}' (cards/{game.id}/decks/{deck_id}.yaml)",
            )
        )
        return []
    return [Piece(card, deck, ctx.values(deck, card)) for card in deck.cards]


def _shape(vector: Iterable[int]) -> str:
    """'3+2' for (3, 0, 2, 0): the non-zero skills, largest first."""
    return "+".join(str(n) for n in sorted((n for n in vector if n), reverse=True)) or "0"


def _spell(vector: Vector) -> str:
    return ", ".join(f"{s} {n}" for s, n in zip(SKILLS, vector, strict=True) if n) or "nothing"


# ---------------------------------------------------------------------------------- workers
def rule_skill_cap(c: Ctx) -> Iterator[Problem]:
    cap = int(c.setting("skill_max"))
    for p in c.workers + c.starters:
        for skill in SKILLS:
            n = p.number(skill)
            if n is None:
                yield Problem(p.where(skill), f"skill-cap: {p.label} has no whole-number {skill}")
            elif not 0 <= n <= cap:
                yield Problem(
                    p.where(skill),
                    f"skill-cap: {p.label} has {skill} {n}; a worker's skills go from 0 to {cap}",
                )


def _ranks(c: Ctx) -> dict[int, list[str]]:
    return {
        int(r["wage"]): [str(s) for s in r.get("shapes", [])]
        for r in c.setting("ranks")
        if isinstance(r, dict) and "wage" in r
    }


def rule_rank(c: Ctx) -> Iterator[Problem]:
    ranks = _ranks(c)
    for p in c.workers + c.starters:
        vector = p.vector()
        total, shape = sum(vector), _shape(vector)
        if total not in ranks:
            yield Problem(
                p.where(),
                f"rank: {p.label} has {total} skill points in all; ranks "
                f"exist for {', '.join(str(w) for w in sorted(ranks))}",
            )
        elif shape not in ranks[total]:
            yield Problem(
                p.where(),
                f"rank: {p.label} has skills {shape} ({_spell(vector)}); a "
                f"worker with wage {total} must be {' or '.join(ranks[total])}",
            )


def rule_start(c: Ctx) -> Iterator[Problem]:
    deck = c.game.deck("starters")
    if deck is None:
        return
    ranks = _ranks(c)
    lowest = min(ranks) if ranks else 2
    for p in c.starters:
        if sum(p.vector()) != lowest or _shape(p.vector()) not in ranks.get(lowest, ["1+1"]):
            yield Problem(
                p.where(),
                f"start: {p.label} is a starting helper but has skills "
                f"{_shape(p.vector())}; it must be {' or '.join(ranks.get(lowest, []))} "
                f"(wage {lowest})",
            )
    players = c.game.meta.players_max
    if deck.total < players:
        yield Problem(
            deck.where,
            f"start: {deck.total} starting helpers for up to {players} "
            f"players; each player needs one",
        )


# -------------------------------------------------------------------------------- buildings
def _plain_buildings(c: Ctx) -> list[Piece]:
    return [p for p in c.buildings if not p.is_machine]


def rule_requirement(c: Ctx) -> Iterator[Problem]:
    need_max = int(c.setting("need_max"))
    for p in c.buildings:
        for skill in SKILLS:
            n = p.number(skill)
            if n is None:
                yield Problem(p.where(skill), f"requirement: {p.label} has no whole-number {skill}")
            elif not 0 <= n <= need_max:
                yield Problem(
                    p.where(skill),
                    f"requirement: {p.label} needs {skill} {n}; a "
                    f"requirement goes from 0 to {need_max}",
                )
        if sum(p.vector()) <= 0:
            yield Problem(p.where(), f"requirement: {p.label} needs nothing; give it a requirement")
        for field in ("vp", "coins"):
            n = p.number(field)
            if n is None or n < 0:
                yield Problem(
                    p.where(field), f"requirement: {p.label} needs a {field} reward of 0 or more"
                )


def _crew_pool(c: Ctx) -> tuple[tuple[Vector, int], ...]:
    """Distinct worker skill vectors with how many deck copies each has."""
    pool: Counter[Vector] = Counter()
    for p in c.workers:
        pool[p.vector()] += p.card.count
    return tuple(sorted(pool.items()))


def _shortfall(need: Vector, crew: Iterable[Vector]) -> Vector:
    have = [sum(v[i] for v in crew) for i in range(4)]
    a, b, cc, d = (max(0, need[i] - have[i]) for i in range(4))
    return (a, b, cc, d)


@functools.lru_cache(maxsize=8)
def _crews(pool: tuple[tuple[Vector, int], ...], size: int) -> tuple[tuple[Vector, Crew], ...]:
    """Every crew of at most ``size`` deck workers the deck's copies allow, smallest first, as
    (the skills it has together, the crew); of crews with the same skills only the first is
    kept, since only those skills decide what it can build.

    Crews of one size come in the order of ``itertools.combinations_with_replacement`` over the
    pool, each grown from the one before it with its skills added as it grows: a crew that
    already takes more copies of a worker than the deck has is not grown further (41 kinds of
    worker make 13,000 crews of three)."""
    vectors = [v for v, _ in pool]
    copies = [n for _, n in pool]
    found: dict[Vector, Crew] = {}

    def grow(crew: tuple[int, ...], skills: Vector, run: int, left: int) -> None:
        last = crew[-1] if crew else 0
        for i in range(last, len(vectors)):
            same = run + 1 if crew and i == last else 1  # copies of worker i in the crew
            if same > copies[i]:
                continue
            a, b, c, d = vectors[i]
            have = (skills[0] + a, skills[1] + b, skills[2] + c, skills[3] + d)
            if left == 1:
                if have not in found:
                    found[have] = (*(vectors[j] for j in crew), vectors[i])
            else:
                grow((*crew, i), have, same, left - 1)

    for k in range(1, size + 1):
        grow((), (0, 0, 0, 0), 0, k)
    return tuple(found.items())


@functools.lru_cache(maxsize=256)
def best_crew(need: Vector, pool: tuple[tuple[Vector, int], ...], size: int) -> Crew:
    """The crew of at most ``size`` deck workers that leaves the least of ``need`` uncovered
    (the first such crew, smallest first)."""
    best: Crew = ()
    best_gap = sum(need)
    n0, n1, n2, n3 = need
    for (a, b, c, d), crew in _crews(pool, size):
        gap = (
            (n0 - a if n0 > a else 0)
            + (n1 - b if n1 > b else 0)
            + (n2 - c if n2 > c else 0)
            + (n3 - d if n3 > d else 0)
        )
        if gap < best_gap:
            best, best_gap = crew, gap
            if gap == 0:
                return best
    return best


def rule_crew(c: Ctx) -> Iterator[Problem]:
    size = int(c.setting("crew_max"))
    pool = _crew_pool(c)
    if not pool:
        return
    for p in c.buildings:
        need = p.vector()
        crew = best_crew(need, pool, size)
        gap = _shortfall(need, crew)
        if any(gap):
            closest = " + ".join(f"({_spell(v)})" for v in crew) or "none"
            yield Problem(
                p.where(),
                f"crew: {p.label} needs {_spell(need)} and no crew of at "
                f"most {size} deck workers can finish it; the closest, {closest}, "
                f"still lacks {_spell(gap)}",
            )


def rule_reward_order(c: Ctx) -> Iterator[Problem]:
    buildings = _plain_buildings(c)
    for p in buildings:
        total = sum(p.vector())
        for field, word in (("vp", "VP"), ("coins", "coins")):
            mine = p.number(field)
            if mine is None:
                continue
            cheaper = [
                q for q in buildings if sum(q.vector()) < total and (q.number(field) or 0) > mine
            ]
            if cheaper:
                q = max(cheaper, key=lambda q: (q.number(field) or 0, -sum(q.vector())))
                yield Problem(
                    p.where(field),
                    f"reward-order: {p.label} needs {total} skill "
                    f"points and gives {mine} {word}, less than {q.label} (line "
                    f"{q.where().line}), which needs only {sum(q.vector())} and gives "
                    f"{q.number(field)}; rewards must not fall as requirements rise",
                )


def expected_reward(need: Vector, reward: dict[str, Any]) -> tuple[int, int]:
    """(VP, coins) the formula of data.reward gives for a requirement."""
    total = sum(need)
    vp = max(0, total - int(reward["vp_after"]))
    coins = (
        int(reward["base_coins"])
        + (int(reward["coins_step"]) * (total - int(reward["base_total"]))) // 3
    )
    if all(need):
        coins += int(reward["all_skills_bonus"])
    return vp, coins


def rule_reward_outlier(c: Ctx) -> Iterator[Problem]:
    reward = {**DEFAULTS["reward"], **(c.data.get("reward") or {})}
    for p in _plain_buildings(c):
        vp, coins = expected_reward(p.vector(), reward)
        got_vp, got_coins = p.number("vp"), p.number("coins")
        if got_vp is not None and abs(got_vp - vp) > int(reward["vp_tolerance"]):
            yield Problem(
                p.where("vp"),
                f"reward-outlier: {p.label} gives {got_vp} VP; the "
                f"formula gives {vp} for {sum(p.vector())} skill points",
                severity=Severity.WARNING,
            )
        if got_coins is not None and abs(got_coins - coins) > int(reward["coin_tolerance"]):
            yield Problem(
                p.where("coins"),
                f"reward-outlier: {p.label} gives {got_coins} "
                f"coins; the formula gives {coins} for {sum(p.vector())} skill points",
                severity=Severity.WARNING,
            )


# --------------------------------------------------------------------------------- machines
def rule_machine(c: Ctx) -> Iterator[Problem]:
    specs = {int(m["level"]): m for m in c.setting("machines")}
    seen: dict[tuple[str, int], Piece] = {}
    for p in c.buildings:
        if not p.is_machine:
            for field in ("level", "gives"):
                if p.values.get(field) not in (None, ""):
                    yield Problem(
                        p.where(field),
                        f"machine: {p.label} has a {field} but no "
                        "'produces'; only machines have one",
                    )
            continue
        yield from _machine(p, specs, seen)
    deck = c.game.deck("buildings")
    for skill, level in itertools.product(SKILLS, sorted(specs)):
        if (skill, level) not in seen and deck is not None:
            yield Problem(
                deck.where,
                f"machine: no level-{level} machine produces {skill}; "
                "there must be one per skill per level",
            )


def _machine(
    p: Piece, specs: dict[int, Any], seen: dict[tuple[str, int], Piece]
) -> Iterator[Problem]:
    produces, level = str(p.values.get("produces")), p.number("level")
    if produces not in SKILLS:
        yield Problem(
            p.where("produces"),
            f"machine: {p.label} produces {produces!r}; it must be one of {', '.join(SKILLS)}",
        )
        return
    if level not in specs:
        yield Problem(
            p.where("level"),
            f"machine: {p.label} has level {p.values.get('level')}; "
            f"levels are {', '.join(str(k) for k in sorted(specs))}",
        )
        return
    spec = specs[level]
    if (produces, level) in seen:
        yield Problem(
            p.where(),
            f"machine: {p.label} is a second level-{level} {produces} "
            f"machine (the first is {seen[(produces, level)].label}); one per skill "
            "per level",
        )
    seen.setdefault((produces, level), p)
    need = p.vector()
    wanted = "+".join(str(n) for n in spec["need"])
    if _shape(need) != wanted:
        yield Problem(
            p.where(),
            f"machine: {p.label} needs {_spell(need)}; a level-{level} "
            f"machine needs {wanted} in two different skills",
        )
    if need[SKILLS.index(produces)]:
        yield Problem(
            p.where(produces),
            f"machine: {p.label} produces {produces} but also "
            f"needs it; a machine is built with other skills",
        )
    checks = (("vp", int(spec["vp"])), ("gives", int(spec["gives"])), ("coins", 0))
    for field, expected in checks:
        got = p.number(field)
        if (got or 0) != expected:
            yield Problem(
                p.where(field),
                f"machine: {p.label} has {field} "
                f"{p.values.get(field)}; a level-{level} machine has {expected}",
            )


# ------------------------------------------------------------------------------------ coins
def rule_coins(c: Ctx) -> Iterator[Problem]:
    coins = c.setting("coins") or {}
    for metal, spec in coins.items():
        deck = c.game.deck(f"coins-{metal}")
        if deck is None:
            yield Problem(
                c.game.data_where,
                f"coins: no deck 'coins-{metal}' for the "
                f"{spec['count']} {metal} coins of data.coins",
            )
            continue
        if deck.total != int(spec["count"]) and len(deck.cards) == 1:  # said at its count
            p = Piece(deck.cards[0], deck, c.rules.values(deck, deck.cards[0]))
            yield Problem(
                p.where("count"),
                f"coins: {p.label} has count {deck.total}; the game has {spec['count']} "
                f"{metal} coins (data.coins.{metal}.count)",
            )
        elif deck.total != int(spec["count"]):
            yield Problem(
                deck.where,
                f"coins: deck 'coins-{metal}' has {deck.total} tokens; "
                f"the game has {spec['count']} {metal} coins",
            )
        if deck.shape != "circle" or deck.output != "tokens":
            yield Problem(
                deck.where,
                f"coins: deck 'coins-{metal}' must be round tokens (shape: circle, output: tokens)",
            )
        for card in deck.cards:
            p = Piece(card, deck, c.rules.values(deck, card))
            if p.number("value") != int(spec["value"]):
                yield Problem(
                    p.where("value"),
                    f"coins: {p.label} is worth "
                    f"{p.values.get('value')}; a {metal} coin is worth {spec['value']}",
                )


# -------------------------------------------------------------------------------------- end
def rule_end(c: Ctx) -> Iterator[Problem]:
    goal = int(c.setting("end_vp"))
    pool = _crew_pool(c)
    size = int(c.setting("crew_max"))
    total = 0
    for p in c.buildings:
        if pool and not any(_shortfall(p.vector(), best_crew(p.vector(), pool, size))):
            total += (p.number("vp") or 0) * p.card.count
    deck = c.game.deck("buildings")
    where = deck.where if deck else c.game.meta.where
    players = c.game.meta.players_max
    if total < goal:
        yield Problem(
            where,
            f"end: the buildings and machines a crew can finish hold {total} VP "
            f"in all; nobody can reach the {goal} VP that end the game",
        )
    elif total < goal * players:
        yield Problem(
            where,
            f"end: the finishable buildings and machines hold only {total} VP "
            f"for up to {players} players racing to {goal}; the deck may run dry "
            "before anyone gets there",
            severity=Severity.WARNING,
        )


def rule_names(c: Ctx) -> Iterator[Problem]:
    for lang in c.game.meta.languages:
        seen: dict[str, Piece] = {}
        for p in c.workers + c.starters + c.buildings:
            name = c.rules.values(p.deck, p.card, lang).get("name")
            if not name:
                continue
            if str(name) in seen:
                yield Problem(
                    p.where("name"),
                    f"names: card '{p.card.id}' is called {name!r} "
                    f"[{lang}], like card '{seen[str(name)].card.id}'; give it its own "
                    "name",
                )
            seen.setdefault(str(name), p)


def rule_pictures(c: Ctx) -> Iterator[Problem]:
    """Every building, machine and worker has a picture of its own."""
    pictures = c.data.get("pictures")
    where = c.rules.where_data("pictures")
    if not isinstance(pictures, dict):
        yield Problem(
            where,
            "pictures: game.yaml data.pictures is missing; give each building and worker "
            "its own picture (card id: icon name)",
        )
        return
    icons = c.game.icon_library
    owner: dict[str, Piece] = {}
    for p in c.workers + c.starters + c.buildings:
        name = pictures.get(p.card.id)
        if not name:
            yield Problem(
                p.where(),
                f"pictures: {p.label} has no picture; add '{p.card.id}: fa-…' (or an icon "
                "of cards/costruttori-del-medioevo/icons/) to game.yaml data.pictures",
            )
            continue
        if not icons.has(str(name)):
            yield Problem(
                where,
                f"pictures: {p.label}: {icons.unknown_message(str(name))}",
            )
        elif str(name) in owner:
            yield Problem(
                p.where(),
                f"pictures: {p.label} has the picture '{name}' of "
                f"{owner[str(name)].label}; give it its own in game.yaml data.pictures",
            )
        owner.setdefault(str(name), p)


def rule_original(c: Ctx) -> Iterator[Problem]:
    words = [str(w) for w in c.data.get("commercial_names", [])]
    if not words:
        return
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b", re.I)
    for lang in c.game.meta.languages:
        for p in c.workers + c.starters + c.buildings:
            name = c.rules.values(p.deck, p.card, lang).get("name")
            found = pattern.search(str(name or ""))
            if found:
                yield Problem(
                    p.where("name"),
                    f"original: card '{p.card.id}' is called {name!r} [{lang}], which uses "
                    f"'{found.group()}', a name of the commercial game; our card set is "
                    "original: give it a name of its own",
                )
        data = localize(c.game.data, lang, c.game.meta.languages)
        raw = c.game.data.get("ranks") if isinstance(c.game.data, dict) else None
        for i, rank in enumerate(data.get("ranks", []) if isinstance(data, dict) else []):
            found = pattern.search(str(rank.get("name", "")))
            if found:
                yield Problem(
                    where_in(raw, i, c.game.data_where),
                    f"original: rank {rank.get('name')!r} [{lang}] (wage {rank.get('wage')}) "
                    f"uses '{found.group()}', a name of the commercial game; give the rank "
                    "a name of its own",
                )


RULES = (
    rule_skill_cap,
    rule_rank,
    rule_start,
    rule_requirement,
    rule_crew,
    rule_reward_order,
    rule_reward_outlier,
    rule_machine,
    rule_coins,
    rule_end,
    rule_names,
    rule_pictures,
    rule_original,
)
