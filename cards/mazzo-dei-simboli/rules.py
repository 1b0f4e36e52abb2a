"""Design rules of the symbol deck (seed 003) and of the games that play on it.

The deck is a product in itself: designers use it as a universal randomiser, so it must be fair.
Rules checked here, on the values the cards actually print:

* unique numbers: the cards carry the numbers 1..N, each exactly once;
* labels: an element's label tells how many values it has ("8" → 8 winds, "D20" → 1..20),
  and the deck's rule lists each value once;
* exact odds: every value of an n-valued element appears N // n times, the rest are dashes;
* independence: every pair of elements is as close to independent as whole cards allow — each
  cell of their joint counts (dash cells left out) within one card of a whole number nearest to
  what independence predicts (see ``check_independence``).

``check_uses`` checks a game's declared needs (``uses:`` in its game.yaml) against the deck;
the modules of Morra navale and Blasters and Laser Swords (blaster-e-spade-laser) call it.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from printgen.rules import (
    BALANCED_BOUND,
    Deck,
    Game,
    Problem,
    ProjectError,
    RuleContext,
    Severity,
    Where,
    did_you_mean,
    rule,
    where_in,
)

WITHIN = 1.0  # cards a value cell may be from what independence predicts
EPS = 1e-9  # a cell exactly on a bound is within it
DASH_KEY = "-"  # a value whose key is this is a dash ("draw again")
NEEDS_KEYS = ("cards", "values", "elements")


@dataclass(frozen=True)
class Element:
    """One symbol of the deck, as game.yaml's data.elements declares it."""

    key: str  # the card field and the generator's symbol name, e.g. "wind"
    label: str  # printed in its box, e.g. "8" or "D20"
    where: Where

    @property
    def size(self) -> int | None:
        """How many values the label promises: the number in it ("8" → 8, "D20" → 20)."""
        digits = re.search(r"\d+", self.label)
        return int(digits.group()) if digits else None

    @property
    def is_die(self) -> bool:
        return self.label.upper().startswith("D")

    def title(self) -> str:
        return f"element {self.label} ({self.key})"


@dataclass
class SymbolDeck:
    """The deck as printed: one column of value keys per element, one entry per physical card."""

    deck: Deck
    elements: list[Element]
    columns: dict[str, list[Hashable]]
    rule_values: dict[str, list[Hashable]]  # the values the deck's rule lists, in order
    rule_where: dict[str, Where]  # where each element's values are listed
    numbers: list[tuple[Any, Where]] = field(default_factory=list)
    cards: list[Where] = field(default_factory=list)  # where each physical card is written
    generated: bool = False  # the values come from a `balanced` rule, not hand-written cards

    @property
    def total(self) -> int:
        return self.deck.total

    def count(self, element: str, value: Hashable) -> int:
        return sum(1 for v in self.columns.get(element, []) if v == value)


# --------------------------------------------------------------------------------------------
# Reading the deck


def value_key(value: Any) -> Hashable:
    """What identifies a printed value: a mapping's ``key`` (rock, n, on …) or the value itself."""
    if isinstance(value, dict):
        return _hashable(value.get("key", DASH_KEY))
    return _hashable(value)


def _hashable(value: Any) -> Hashable:
    return value if isinstance(value, (str, int, float, bool)) or value is None else repr(value)


def read_elements(game: Game, problems: list[Problem]) -> list[Element]:
    raw = game.data.get("elements")
    where = where_in(game.data, "elements", game.data_where)
    if not isinstance(raw, list) or not raw:
        problems.append(
            Problem(
                where,
                "data.elements must list the deck's elements, e.g. "
                '- {key: wind, label: "8", name: …}',
            )
        )
        return []
    elements: list[Element] = []
    for index, item in enumerate(raw):
        item_where = where_in(raw, index, where)
        if not isinstance(item, dict) or not item.get("key") or not item.get("label"):
            problems.append(
                Problem(
                    item_where, 'each element needs a key and a label, e.g. {key: wind, label: "8"}'
                )
            )
            continue
        elements.append(Element(str(item["key"]), str(item["label"]), item_where))
    return elements


def symbol_deck(game: Game, ctx: RuleContext, problems: list[Problem]) -> SymbolDeck | None:
    """The game's deck that carries every element, read as printed (first language)."""
    elements = read_elements(game, problems)
    if not elements:
        return None
    keys = [e.key for e in elements]
    deck = next((d for d in game.decks if all(k in d.field_types for k in keys)), None)
    if deck is None:
        problems.append(
            Problem(
                game.data_where,
                f"no deck of '{game.id}' has a field for every "
                f"element ({', '.join(keys)}); add the fields to the deck",
            )
        )
        return None
    lang = game.meta.languages[0]
    columns: dict[str, list[Hashable]] = {k: [] for k in keys}
    numbers: list[tuple[Any, Where]] = []
    wheres: list[Where] = []
    for card in deck.cards:
        values = ctx.of(game.id).values(deck, card, lang)
        for _ in range(card.count):
            for key in keys:
                columns[key].append(value_key(values.get(key)))
            numbers.append((values.get("number"), card.field_where.get("number", card.where)))
            wheres.append(card.where)
    rule_values, rule_where, generated = _rule(ctx, deck, columns)
    return SymbolDeck(deck, elements, columns, rule_values, rule_where, numbers, wheres, generated)


def _rule(
    ctx: RuleContext, deck: Deck, columns: dict[str, list[Hashable]]
) -> tuple[dict[str, list[Hashable]], dict[str, Where], bool]:
    """The values each element should take: the deck's `balanced` rule, else what is printed."""
    spec = _balanced_spec(ctx, deck)
    values: dict[str, list[Hashable]] = {}
    wheres: dict[str, Where] = {}
    symbols = spec.get("symbols") if spec is not None else None
    for key, column in columns.items():
        listed = symbols.get(key) if isinstance(symbols, Mapping) else None
        if isinstance(listed, list):
            values[key] = [value_key(v) for v in listed]
            wheres[key] = where_in(symbols, key, deck.where)
        else:  # a hand-written deck: the values it prints are the rule
            values[key] = sorted({v for v in column if v != DASH_KEY}, key=str)
            wheres[key] = deck.where
    return values, wheres, spec is not None


def _balanced_spec(ctx: RuleContext, deck: Deck) -> Mapping[str, Any] | None:
    """The deck file's `generate: - balanced:` rule (the model keeps only cards)."""
    node = ctx.deck_file(deck)
    rules = node.get("generate") if node is not None else None
    for item in rules if isinstance(rules, list) else []:
        if isinstance(item, Mapping) and isinstance(item.get("balanced"), Mapping):
            spec: Mapping[str, Any] = item["balanced"]
            return spec
    return None


# --------------------------------------------------------------------------------------------
# The deck's rules


@rule("symbol-deck")
def check(ctx: RuleContext) -> list[Problem]:
    game = ctx.game
    problems: list[Problem] = []
    deck = symbol_deck(game, ctx, problems)
    if deck is None:
        return problems
    problems += check_numbers(deck)
    problems += check_labels(deck)
    problems += check_odds(deck)
    problems += check_independence(deck)
    return problems


def check_numbers(deck: SymbolDeck) -> list[Problem]:
    """Every physical card has its own number, and the numbers are exactly 1..N."""
    problems: list[Problem] = []
    seen: dict[Any, Where] = {}
    for number, where in deck.numbers:
        if not isinstance(number, int) or isinstance(number, bool):
            problems.append(
                Problem(
                    where, f"card number {number!r} is not a whole number; number the cards 1..N"
                )
            )
        elif number in seen:
            problems.append(
                Problem(
                    where,
                    f"card number {number} is printed twice (also at "
                    f"{seen[number]}); every card needs its own number (count 1)",
                )
            )
        else:
            seen[number] = where
    missing = sorted(set(range(1, deck.total + 1)) - set(seen))
    extra = sorted(n for n in seen if not 1 <= n <= deck.total)
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"missing {_short(missing)}")
        if extra:
            parts.append(f"outside 1–{deck.total}: {_short(extra)}")
        problems.append(
            Problem(
                deck.deck.where,
                f"the {deck.total} cards must be numbered "
                f"1–{deck.total}, each once; {'; '.join(parts)}",
            )
        )
    return problems


def check_labels(deck: SymbolDeck) -> list[Problem]:
    """The label is the number of values: the rule lists that many distinct values, once each."""
    problems: list[Problem] = []
    for element in deck.elements:
        listed = deck.rule_values[element.key]
        where = deck.rule_where[element.key]
        repeated = sorted({str(v) for v, c in Counter(listed).items() if c > 1})
        if repeated:
            problems.append(
                Problem(
                    where,
                    f"{element.title()}: value {', '.join(repeated)} is "
                    "listed more than once, so it would come up more often; "
                    "list every value once",
                )
            )
        distinct = list(dict.fromkeys(listed))
        size = element.size
        if size is not None and len(distinct) != size:
            problems.append(
                Problem(
                    element.where,
                    f"{element.title()} has {len(distinct)} "
                    f"values in the deck's rule but its label promises {size}; "
                    "the label must be the number of values",
                )
            )
        elif size is not None and element.is_die and set(distinct) != set(range(1, size + 1)):
            problems.append(
                Problem(
                    where,
                    f"{element.title()} must roll 1–{size}, each once; it lists {_short(distinct)}",
                )
            )
    return problems


def check_odds(deck: SymbolDeck) -> list[Problem]:
    """Every value of an n-valued element appears N // n times; the N % n others are dashes."""
    problems: list[Problem] = []
    total = deck.total
    for element in deck.elements:
        values = list(dict.fromkeys(deck.rule_values[element.key]))
        if not values:
            continue
        each = total // len(values)
        dashes = total - each * len(values)
        counts = Counter(deck.columns[element.key])
        wrong = [f"{v} ×{counts.get(v, 0)}" for v in values if counts.get(v, 0) != each]
        unknown = sorted(str(v) for v in counts if v not in values and v != DASH_KEY)
        if counts.get(DASH_KEY, 0) != dashes:
            wrong.append(f"dash ×{counts.get(DASH_KEY, 0)}")
        if unknown:
            wrong.append(f"values not in the rule: {', '.join(unknown)}")
        if wrong:
            problems.append(
                Problem(
                    deck.rule_where[element.key],
                    f"{element.title()}: odds are "
                    f"not exact over {total} cards — {'; '.join(wrong)}; every "
                    f"value must appear {each} times and the dash {dashes} times",
                )
            )
    return problems


def check_independence(deck: SymbolDeck) -> list[Problem]:
    """Every pair of elements is as close to independent as whole cards allow.

    For values a of element A and b of element B (dash cells left out), independence predicts
    count(a) · count(b) / N cards showing both, counts taken over the N printed cards. The
    deck passes when every such cell is within ONE card of that expectation,
    ``|observed − expected| ≤ 1`` (WITHIN). The bundled deck meets it through its arrangement
    file. The ``balanced`` generator's own quick search guarantees only 1.5 cards (BOUND): a
    cell between the two is a warning (an arrangement found offline would close it, see
    printgen/source/arrangement.py), a cell beyond 1.5 cards an error. One problem names the
    worst cell.
    """
    worst: tuple[float, Element, Element, Hashable, Hashable, int, float] | None = None
    failing = 0
    pairs: set[tuple[str, str]] = set()
    total = deck.total
    elements = deck.elements
    for i, first in enumerate(elements):
        for second in elements[i + 1 :]:
            a, b = deck.columns[first.key], deck.columns[second.key]
            rows = Counter(v for v in a if v != DASH_KEY)
            cols = Counter(v for v in b if v != DASH_KEY)
            cells = Counter(zip(a, b, strict=True))
            for x, row in rows.items():
                for y, col in cols.items():
                    expected = row * col / total
                    observed = cells.get((x, y), 0)
                    off = abs(observed - expected)
                    if off > WITHIN + EPS:
                        failing += 1
                        pairs.add((first.key, second.key))
                        # of equally far cells, name the crowded one: 10 where 6.5 are
                        # expected is what a player notices, more than the 3 it leaves opposite
                        if worst is None or (off, observed) > (worst[0], worst[5]):
                            worst = (off, first, second, x, y, observed, expected)
    if worst is None:
        return []
    off, first, second, x, y, observed, expected = worst
    where = deck.rule_where[second.key]
    if not deck.generated:  # hand-written cards: point at a card of the cell, if it has one
        a, b = deck.columns[first.key], deck.columns[second.key]
        hits = [w for w, u, v in zip(deck.cards, a, b, strict=True) if (u, v) == (x, y)]
        where = hits[0] if hits else deck.deck.where
    others = (
        f" ({failing - 1} more cells in {len(pairs)} pairs of elements are off too)"
        if failing > 1
        else ""
    )
    if off <= BALANCED_BOUND + EPS:
        return [
            Problem(
                where,
                f"{first.title()} and {second.title()} are nearly independent, but {observed} "
                f"{'card shows' if observed == 1 else 'cards show'} {first.label} = {x} with "
                f"{second.label} = {y} where independence predicts {expected:.2f}, more than one "
                f"card off{others}; an arrangement found offline can bring every cell within one "
                "card (see the README, 'Generators')",
                Severity.WARNING,
            )
        ]
    return [
        Problem(
            where,
            f"{first.title()} and {second.title()} are not independent: {observed} "
            f"{'card shows' if observed == 1 else 'cards show'} "
            f"{first.label} = {x} with {second.label} = {y}, where independence predicts "
            f"{expected:.2f}; every pair of values must be within one card of its "
            f"prediction{others}; let the balanced generator deal the elements",
        )
    ]


def _short(items: Iterable[Any], limit: int = 8) -> str:
    items = list(items)
    text = ", ".join(str(i) for i in items[:limit])
    return text + (f" … ({len(items)} in all)" if len(items) > limit else "")


# --------------------------------------------------------------------------------------------
# A game's needs (uses: in game.yaml)


@rule("uses", for_users=True)
def needs_of_a_game(ctx: RuleContext) -> list[Problem]:
    """Every game that plays on the symbol deck: its ``uses: needs:`` can be met."""
    return check_uses(ctx.game, ctx)


def check_uses(game: Game, ctx: RuleContext) -> list[Problem]:
    """The deck named under ``uses:`` exists and can give everything the game needs."""
    uses = game.uses
    raw = game.raw
    where = where_in(raw, "uses", game.meta.where) if "uses" in raw else game.meta.where
    if not isinstance(uses, dict) or "deck" not in uses:
        return [
            Problem(
                where,
                "declare the deck the game plays with: uses: {deck: "
                "mazzo-dei-simboli, needs: {cards: N, …}}",
            )
        ]
    deck_id = str(uses["deck"])
    deck_where = where_in(uses, "deck", where)
    try:
        deck_game = ctx.load_game(deck_id)
    except ProjectError as exc:
        first = exc.problems[0].message if exc.problems else "it does not load"
        return [Problem(deck_where, f"uses deck '{deck_id}', which cannot be loaded: {first}")]
    problems: list[Problem] = []
    deck = symbol_deck(deck_game, ctx, problems)
    if deck is None:
        return [
            Problem(
                deck_where,
                f"uses deck '{deck_id}', which has no symbol deck "
                "(data.elements and a deck with those fields)",
            )
        ]
    needs = uses.get("needs", {})
    needs_where = where_in(uses, "needs", where)
    if not isinstance(needs, dict):
        return [Problem(needs_where, "needs must be a mapping: {cards: N, values: …, elements: …}")]
    for key in needs:
        if key not in NEEDS_KEYS:
            hint = difflib.get_close_matches(str(key), NEEDS_KEYS, n=1)
            tail = f"; did you mean '{hint[0]}'?" if hint else f"; use {', '.join(NEEDS_KEYS)}"
            problems.append(Problem(_at(needs, key, needs_where), f"unknown need '{key}'{tail}"))
    cards = _needed_cards(needs, needs_where, problems)
    if cards is not None and cards > deck.total:
        problems.append(
            Problem(
                _at(needs, "cards", needs_where),
                f"the game needs {cards} cards but the deck '{deck_id}' has only {deck.total}",
            )
        )
    problems += _check_values(needs, needs_where, deck, deck_id, cards)
    problems += _check_elements(needs, needs_where, deck, deck_id)
    return problems


def _at(mapping: Any, key: str, fallback: Where) -> Where:
    return where_in(mapping, key, fallback)


def _needed_cards(needs: dict[str, Any], where: Where, problems: list[Problem]) -> int | None:
    """`cards:` is a number, or named groups of cards (grid: 9, life-points: 20) that add up."""
    raw = needs.get("cards")
    if raw is None:
        return None
    groups = raw.values() if isinstance(raw, dict) else [raw]
    if not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in groups):
        problems.append(
            Problem(
                _at(needs, "cards", where),
                "cards must be a whole number or "
                "named whole numbers, e.g. {grid: 9, life-points: 20}",
            )
        )
        return None
    return sum(int(g) for g in groups)


def _check_values(
    needs: dict[str, Any], where: Where, deck: SymbolDeck, deck_id: str, cards: int | None
) -> list[Problem]:
    problems: list[Problem] = []
    values = needs.get("values", {})
    if not isinstance(values, dict):
        return [
            Problem(
                _at(needs, "values", where),
                "values must map an element to "
                "{value: copies}, e.g. rps: {rock: 3, paper: 3, scissors: 3}",
            )
        ]
    names = {e.key: e for e in deck.elements}
    for element_key, wanted in values.items():
        at = _at(values, element_key, where)
        element = names.get(element_key)
        if element is None:
            problems.append(
                Problem(
                    at,
                    f"the deck '{deck_id}' has no element '{element_key}'"
                    f"{_hint(element_key, names)}",
                )
            )
            continue
        if not isinstance(wanted, dict):
            problems.append(Problem(at, f"values.{element_key} must map values to copies"))
            continue
        listed = [str(v) for v in deck.rule_values[element.key]]
        for value, copies in wanted.items():
            have = deck.count(element.key, _typed(value, deck.rule_values[element.key]))
            if str(value) not in listed:
                problems.append(
                    Problem(
                        _at(wanted, value, at),
                        f"'{value}' is not a value of {element.title()}{_hint(str(value), listed)}",
                    )
                )
            elif not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
                problems.append(
                    Problem(
                        _at(wanted, value, at),
                        f"copies of '{value}' must be a whole number of at least 1",
                    )
                )
            elif have < copies:
                problems.append(
                    Problem(
                        _at(wanted, value, at),
                        f"the game needs {copies} "
                        f"cards with '{value}' on {element.title()}, but the "
                        f"deck '{deck_id}' has only {have}",
                    )
                )
        total = sum(c for c in wanted.values() if isinstance(c, int))
        if cards is not None and total > cards:
            problems.append(
                Problem(
                    at,
                    f"values.{element_key} asks for {total} cards but the "
                    f"game needs only {cards} in all; make them agree",
                )
            )
    return problems


def _typed(value: Any, rule: list[Hashable]) -> Hashable:
    """YAML keys are strings; dice values in the rule are numbers ("6" → 6)."""
    for candidate in rule:
        if str(candidate) == str(value):
            return candidate
    return str(value)


def _check_elements(
    needs: dict[str, Any], where: Where, deck: SymbolDeck, deck_id: str
) -> list[Problem]:
    listed = needs.get("elements", [])
    at = _at(needs, "elements", where)
    if not isinstance(listed, list):
        return [Problem(at, "elements must be a list of element keys, e.g. [switch, wind, d20]")]
    names = {e.key: e for e in deck.elements}
    return [
        Problem(
            where_in(listed, i, at),
            f"the game reads element '{key}', which the deck '{deck_id}' does not have"
            f"{_hint(str(key), names)}",
        )
        for i, key in enumerate(listed)
        if key not in names
    ]


def _hint(name: str, known: Iterable[str]) -> str:
    known = list(known)
    # element keys are short ("rps"): a looser match still finds the transposed letters
    return did_you_mean(name, known, f"; it has {', '.join(known)}", cutoff=0.6)
