"""A deck's `generate:` rules read into the combinations the generators deal: the `product`
axes, or the `balanced` symbols (with an optional arrangement file found offline)."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

from printgen.limits import (
    MAX_BALANCED_SYMBOLS,
    MAX_BALANCED_VALUE_PAIRS,
    MAX_CARDS_PER_DECK,
    MAX_COUNT,
    MAX_GENERATED_VALUES,
)
from printgen.problems import ProjectError, Where, closest
from printgen.source import generate
from printgen.source.arrangement import MAX_ARRANGEMENT, read_arrangement
from printgen.source.located_yaml import LDict
from printgen.source.readers import Checker, kind_of
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from printgen.project import Project


RULE_KEYS = {"product", "balanced", "count", "card"}
MAX_WRITTEN = 10_000  # texts kept for the legend's order: far more than any legend lists


def written_texts(rules: Any) -> tuple[str, ...]:
    """Every text the ``generate:`` rules write, each once, in the order written (a walk of
    the YAML as read, mappings in their keys' order): what the legend orders a field's icons
    by."""
    found: dict[str, None] = {}
    pending = [rules]
    while pending and len(found) < MAX_WRITTEN:
        node = pending.pop()
        if isinstance(node, str):
            found.setdefault(node)
        elif isinstance(node, dict):
            pending.extend(reversed(list(node.values())))
        elif isinstance(node, list):
            pending.extend(reversed(node))
    return tuple(found)


def axes_beside(checker: Checker, rule: LDict) -> bool:
    """Axes written beside an empty `product:` rather than under it (indented as the rule's
    own keys): one mistake, said once with its fix — not an unknown key per axis and a
    product of nothing."""
    if "product" not in rule or rule["product"] is not None:
        return False
    beside = [
        key for key, value in rule.items() if key not in RULE_KEYS and isinstance(value, list)
    ]
    if not beside:
        return False
    quoted = [f"'{key}'" for key in beside]
    names = " and ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)
    checker.error(
        rule.key_at(beside[0]),
        f"{names} {'is' if len(beside) == 1 else 'are'} written beside 'product:', not under "
        "it: indent the axes two more spaces, below product:",
    )
    return True


def counted_twice(checker: Checker, rule: LDict) -> None:
    """A rule's `count:` beside its card's own: one of them would be dropped without a word."""
    template = rule.get("card")
    if "count" in rule and isinstance(template, LDict) and "count" in template:
        checker.error(
            template.at("count"),
            f"count is written on the generate rule (line {rule.at('count').line}) and in its "
            "card; keep one (the card's may be an expression of the rule's variables)",
        )


def generated_id(checker: Checker, node: LDict, scope: dict[str, Any]) -> str | None:
    """A card's id worked out from the generator's variables — the same in every language, so
    a variable of one text per language ({{ suit.name }}) is said as that, not as the mapping
    Python prints."""
    from printgen.sandbox import expressions as expr

    written = str(node["id"])
    try:
        made = str(expr.evaluate(written, scope))
    except expr.ExpressionError as exc:
        checker.error(node.at("id"), f"card id: {exc}")
        return None
    if re.fullmatch(r"[a-z0-9][a-z0-9_-]*", made):  # a good id: how it was made is fine
        return made
    for name in _LOOKUPS.findall(written):
        value: Any = scope
        for part in name.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        if isinstance(value, dict) and value:
            keys = [str(key) for key in value]
            said = (
                f"has one text per language ({', '.join(keys)}), and an id is the same in every "
                "language"
                if all(re.fullmatch(r"[a-z]{2}", key) for key in keys)
                else f"is a whole entry ({', '.join(keys)})"
            )
            checker.error(
                node.at("id"),
                f"card id: {name} {said}; write one of its values, such as "
                f"{{{{ {name}.{keys[0]} }}}}",
            )
            return None
    return made


_LOOKUPS = pattern(r"\{\{-?\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*(?:\||-?\}\})")


def card_count(checker: Checker, node: LDict, label: str, scope: dict[str, Any]) -> int | None:
    """A generated card's own `count:` — a number, or an expression over the generator's
    variables ("{{ 6 - size }}") worked out per card, as its id is."""
    from printgen.sandbox import expressions as expr

    value = node["count"]
    try:
        value = expr.evaluate(value, scope)
    except expr.ExpressionError as exc:
        checker.error(node.at("count"), f"{label} count: {exc}")
        return None
    # a rendered number: "5" (a text of thousands of digits is no count, and Python refuses
    # to read it as a number)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 20:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_COUNT:
        checker.error(
            node.at("count"),
            f"{label} count must be a whole number from 1 to {MAX_COUNT:,}, not "
            + (
                f"{value:,}" if type(value) is int else kind_of(value)
            ),  # "not 0", not "a number (0)"
        )
        return None
    return value


def read_generator(
    checker: Checker, rule: LDict, project: Project | None
) -> list[generate.Generated]:
    """The combinations one `generate:` rule deals (product or balanced), its spec checked."""
    if ("product" in rule) == ("balanced" in rule):
        kinds = ["product", "balanced"]
        # a misspelt one ('prodcut') is one mistake: its "did you mean" already says it
        if "product" in rule or not any(closest(str(key), kinds) for key in rule):
            checker.error(
                rule.where, "a generate rule needs exactly one of 'product' or 'balanced'"
            )
        return []
    copies = checker.integer(
        rule, "count", "generate rule", 1, 1, MAX_COUNT, "the limit for one deck"
    )
    if "product" in rule:
        axes = checker.mapping(rule["product"], rule.at("product"), "product")
        if axes is None:
            return []
        if not axes:  # the product of no axes is one card of no variables, not a deck
            checker.error(
                rule.at("product"),
                "product names no axis, so it makes one card of no variables; write its axes "
                "under it, indented (suit: [hearts, spades])",
            )
            return []
        lists = {}
        for name, values in axes.items():
            seq = checker.sequence(values, axes.at(name), f"product axis '{name}'")
            if seq is not None:
                checker.translations_in(seq, axes.at(name), f"product axis '{name}'")
                lists[name] = list(seq)
                if not seq:  # the product of an empty axis: no card at all, silently
                    checker.error(
                        axes.at(name),
                        f"product axis '{name}' is empty, so the rule makes no card; give it "
                        "one value or more, or remove it",
                    )
        if len(lists) < len(axes):  # an axis said wrong: its cards would say it again
            checker.dropped = True  # the deck lacks them: what names one is not said wrong
            return []
        total = math.prod(len(values) for values in lists.values()) * copies
        if total > MAX_CARDS_PER_DECK or total * len(lists) > MAX_GENERATED_VALUES:
            checker.error(
                rule.at("product"),
                f"this product makes {total:,} cards, over {MAX_CARDS_PER_DECK:,} "
                "(the limit for one deck); use fewer values",
            )
            return []
        return generate.product(lists, copies)
    spec = checker.mapping(rule["balanced"], rule.at("balanced"), "balanced")
    if spec is None:
        return []
    checker.keys(
        spec,
        {"cards", "seed", "symbols", "dash", "first", "arrangement"},
        {"cards", "seed", "symbols"},
        "balanced",
    )
    total = checker.integer(
        spec, "cards", "balanced", 1, 1, MAX_CARDS_PER_DECK, "the limit for one deck"
    )
    symbols = checker.mapping(spec.get("symbols"), spec.at("symbols"), "balanced symbols")
    if symbols is None:
        return []
    columns: dict[str, list[Any]] = {}
    for name, values in symbols.items():
        seq = checker.sequence(values, symbols.at(name), f"symbol '{name}'")
        if seq is not None and not seq:  # every card would show the dash for it
            checker.error(symbols.at(name), f"symbol '{name}' has no values; list them")
        elif seq is not None and total == spec.get("cards") and len(seq) > total:  # (as written)
            checker.error(
                symbols.at(name),
                f"symbol '{name}' has {len(seq)} values, more than the deck's {total} cards: "
                f"each value appears cards ÷ {len(seq)} = 0 times, every card showing the dash; "
                f"deal at least {len(seq)} cards, or give it fewer values",
            )
        elif seq is not None:
            columns[name] = list(seq)
    if total * len(columns) > MAX_GENERATED_VALUES:
        checker.error(
            spec.at("symbols"),
            f"{total:,} cards × {len(columns):,} symbols is over {MAX_GENERATED_VALUES:,} "
            "values (the limit for one generator); use fewer",
        )
        return []
    dash = spec.get("dash", "-")
    arrangement = None
    if "arrangement" in spec:
        arrangement = _arrangement(checker, spec, project, total, columns, dash)
        if arrangement is None:
            return []
    elif not _searchable(checker, spec, columns):
        return []
    return generate.balanced(
        total,
        spec.get("seed", 0),
        columns,
        dash,
        checker.integer(spec, "first", "balanced", default=1),
        arrangement,
    )


def _searchable(checker: Checker, spec: LDict, columns: dict[str, list[Any]]) -> bool:
    """Whether the pairwise search may deal these symbols in bounded time and memory: it weighs
    every pair of symbols at each swap and counts every pair of their values (limits.py)."""
    sizes = [len(values) for values in columns.values()]
    value_pairs = (sum(sizes) ** 2 - sum(size * size for size in sizes)) // 2
    if len(sizes) > MAX_BALANCED_SYMBOLS:
        message = (
            f"{len(sizes):,} symbols is over {MAX_BALANCED_SYMBOLS} (the limit for one balanced "
            "search); use fewer"
        )
    elif value_pairs > MAX_BALANCED_VALUE_PAIRS:
        message = (
            f"these symbols make {value_pairs:,} pairs of values to balance, over "
            f"{MAX_BALANCED_VALUE_PAIRS:,} (the limit for one balanced search); use fewer values"
        )
    else:
        return True
    checker.error(spec.at("symbols"), f"{message}, or deal the deck from an arrangement file")
    return False


def _arrangement(
    checker: Checker,
    spec: LDict,
    project: Project | None,
    total: int,
    columns: dict[str, list[Any]],
    dash: Any,
) -> list[list[int]] | None:
    """The cards' values from an arrangement file next to the deck (see source/arrangement.py)."""
    name = spec.get("arrangement")
    if not isinstance(name, str) or not re.fullmatch(r"[\w.-]+", name) or project is None:
        checker.error(
            spec.at("arrangement"),
            "arrangement must name a file next to the deck file, e.g. deck-arrangement.txt",
        )
        return None
    keys = {symbol: [_key(v) for v in values] for symbol, values in columns.items()}
    rel = f"{spec.where.path.rsplit('/', 1)[0]}/{name}"
    try:  # through the project's door: inside it, a regular file, UTF-8, at most 1 MB
        text = project.read_text(project.root / rel, Where(rel), MAX_ARRANGEMENT)
    except ProjectError as exc:
        checker.problems.extend(exc.problems)
        return None
    return read_arrangement(checker, text, rel, total, keys, "-")


def _key(value: Any) -> str:
    """How an arrangement file writes a value: its ``key``, else the value itself."""
    return str(value.get("key")) if isinstance(value, dict) else str(value)
