"""Stage 2 — resolve: each card's field values evaluated ONCE per language.

The rules, the lay-out stage and the documents all read these values; none evaluates a card's
fields again. A field whose expression fails is reported here, once, at its line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from printgen.model.game import CardType, Deck, Game, localize
from printgen.problems import Problems, Where
from printgen.sandbox import expressions as expr
from printgen.sandbox import numbers
from printgen.sandbox.sizes import Refused
from printgen.source.deck_fields import COLOR
from printgen.source.readers import kind_of
from printgen.source.scope_places import written_at
from printgen.startup.deferred import pattern

# A resolved field value: what YAML can hold, after the expressions ran.
Values = Mapping[str, object]


def game_vars(game: Game, lang: str) -> dict[str, Any]:
    meta = game.meta
    return {
        "id": meta.id,
        "title": localize(meta.title, lang, meta.languages),
        "players_min": meta.players_min,
        "players_max": meta.players_max,
        "duration": meta.duration_min,
        "age": meta.age,
        "author": localize(meta.author, lang, meta.languages),
        "credits": localize(meta.credits, lang, meta.languages) if meta.credits else "",
        "adapted": meta.adapted,
    }


@dataclass
class Resolved:
    """One language of a game: its data, its game facts, and every card's and back's values."""

    lang: str
    data: dict[str, Any]
    game: dict[str, Any]
    cards: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # deck -> card
    backs: dict[str, dict[str, Any]] = field(default_factory=dict)  # deck -> back's values
    # deck -> card -> its own back's values, for the cards that have one (CardType.back)
    card_backs: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    # (deck, card) whose fields could not all be worked out (said already): a layout reading
    # the value left out ('card.power > 10' on None) says nothing more of them
    failed: set[tuple[str, str]] = field(default_factory=set)
    # the language's decimal mark (its label decimal_mark; None: its labels give none), with
    # which its texts print a number that is not whole
    mark: str | None = "."

    def values(self, deck: Deck | str, card: CardType | str) -> dict[str, Any]:
        deck_id = deck if isinstance(deck, str) else deck.id
        card_id = card if isinstance(card, str) else card.id
        return self.cards[deck_id][card_id]


def resolve_game(
    game: Game,
    languages: tuple[str, ...],
    problems: Problems,
    marks: Mapping[str, str | None] | None = None,
) -> dict[str, Resolved]:
    """Every language's values of every card and back of the game (``marks``: each language's
    decimal mark, "." where not given)."""
    marks = marks or {}
    return {
        lang: resolve_language(game, lang, problems, marks.get(lang, ".")) for lang in languages
    }


def resolve_language(game: Game, lang: str, problems: Problems, mark: str | None = ".") -> Resolved:
    langs = game.meta.languages
    data = localize(game.data, lang, langs)
    resolved = Resolved(lang, data if isinstance(data, dict) else {}, game_vars(game, lang))
    resolved.mark = mark
    for deck in game.decks:
        resolved.cards[deck.id] = {
            card.id: card_values(game, deck, card, lang, problems, resolved) for card in deck.cards
        }
        resolved.backs[deck.id] = _back_values(game, deck, resolved, problems)
        resolved.card_backs[deck.id] = {
            card.id: card_back_values(game, deck, card, resolved, problems)
            for card in deck.cards
            if card.back is not None
        }
    return resolved


def card_values(
    game: Game,
    deck: Deck,
    card: CardType,
    lang: str,
    problems: Problems | None = None,
    resolved: Resolved | None = None,
) -> dict[str, Any]:
    """Every declared field (None where the card leaves it out), plus id and count."""
    langs = game.meta.languages
    scope = localize(card.scope, lang, langs) if card.scope else {}  # a generated card's
    variables = {
        **scope,
        "data": resolved.data if resolved else localize(game.data, lang, langs),
        "game": resolved.game if resolved else game_vars(game, lang),
        "lang": lang,
    }
    values: dict[str, Any] = {name: None for name in deck.field_types}
    values.update({"id": card.id, "count": card.count})
    raws = {name: localize(raw, lang, langs) for name, raw in card.fields.items()}
    looped: set[str] = set()  # fields that use each other: said once, as that
    for name in _in_use_order(raws, card, lang, problems, looped):
        raw = raws[name]
        try:
            kind = deck.field_types.get(name, "any")
            # printed for players: its numbers as the language writes them (a plain text, most
            # fields of most cards, prints no number of its own)
            if kind in _TEXTS and not (type(raw) is str and "{" not in raw):
                with numbers.printing(resolved.mark if resolved else ".", lang):
                    value = expr.evaluate(raw, {**variables, "card": values})
                    if type(value) is float:  # "{{ card.cost }}" alone: the text it prints
                        value = _printed(value, raw)
            else:
                value = expr.evaluate(raw, {**variables, "card": values})
            values[name] = _typed(value, kind, raw)
            if kind in ("color", "icon") and isinstance(value, str) and value:
                _check_kind(value, kind, game)
        except (expr.ExpressionError, ValueError) as exc:
            if resolved is not None:
                resolved.failed.add((deck.id, card.id))
            if name in looped:  # 'None + 1': the loop said is the mistake, not this
                values[name] = None
                continue
            if isinstance(exc, _NotOfKind):  # the card's own value: printed as nothing
                values[name] = None
                # a generator's value ("fa-bombb" on a product axis): said once, where written
                written = written_at(card.scope, raw, value) if card.scope else None
                if written is not None and problems is not None:
                    said = f"generated cards' {name}: {exc}"
                    problems.add(written, said, once=("kind", str(written)))
                    continue
            if problems is not None:
                alike = bool(card.scope) and not isinstance(exc, _NotOfKind)
                where = card.where_of(name, lang)
                _field_failed(problems, where, card, name, exc, lang, langs, alike)
    return values


def _field_failed(
    problems: Problems,
    where: Where,
    card: CardType,
    label: str,
    exc: Exception,
    lang: str,
    langs: tuple[str, ...],
    alike: bool,
) -> None:
    """A card's field that could not be worked out. ``alike``: a generator's template, written
    once for every card it makes — said once, naming the first card it fails on (a division by
    zero on one rank, or a value of the wrong kind on some, is otherwise a search through its
    axes)."""
    who = f"generated cards' {label}" if alike else f"card '{card.id}' {label}"
    first = f" (first on card '{card.id}')" if alike else ""
    once: tuple[str, ...] | None = ("generated", str(where), label, lang) if alike else None
    if isinstance(exc, expr.BudgetSpent):
        once = exc.once
    tag = f" [{lang}]" if len(langs) > 1 else ""  # where the game has several
    problems.add(where, f"{who}{tag}: {exc}{first}", once=once)


_CARD_FIELD = re.compile(r"""\bcard\s*(?:\.\s*(\w+)|\[\s*['"](\w+)['"]\s*\])""")


def _fields_used(raw: object) -> set[str]:
    """The card fields a field's text names (``card.cost``, ``card['cost']``)."""
    if isinstance(raw, str):
        return {a or b for a, b in _CARD_FIELD.findall(raw)} if "card" in raw else set()
    if isinstance(raw, dict):
        return set().union(*(_fields_used(v) for v in raw.values()))
    if isinstance(raw, list):
        return set().union(*(_fields_used(v) for v in raw))
    return set()


def _in_use_order(
    raws: dict[str, object],
    card: CardType,
    lang: str,
    problems: Problems | None,
    looped: set[str],
) -> list[str]:
    """The card's fields in the order to work them out: a field after those its text uses, so
    ``effect: "Gain {{ card.coins }}"`` sees ``coins`` wherever the card writes it. Fields that
    use each other are said once, at the first of them (into ``looped``); each is then worked
    out as written."""
    uses = {name: _fields_used(raw) & raws.keys() for name, raw in raws.items()}
    if not any(uses.values()):  # most cards: no field uses another
        return list(raws)
    # `name: "{{ card.name }}"` read its own value, None, and printed empty: said, in the card's
    # order, and not worked out
    selfish = [name for name in raws if name in uses[name]]
    for name in selfish:
        uses[name].discard(name)
        if problems is not None:
            where = card.where_of(name, lang)
            problems.add(
                where,
                f"card '{card.id}' {name} uses itself (card.{name}); write its value, not "
                "worked out from itself",
                once=("field-self", str(where), name),
            )
    order: list[str] = []
    for name in raws:
        _visit(name, uses, order, [], card, lang, problems, looped)
    return [name for name in order if name not in selfish]


def _visit(
    name: str,
    uses: dict[str, set[str]],
    order: list[str],
    visiting: list[str],
    card: CardType,
    lang: str,
    problems: Problems | None,
    looped: set[str],
) -> None:
    """``name`` into ``order`` after the fields it uses (depth first; a plain function, not a
    closure: one referring to itself would be a reference cycle left behind for every card)."""
    if name in order:
        return
    if name in visiting:  # a loop: card.a uses card.b, which uses card.a
        loop = [*visiting[visiting.index(name) :], name]
        looped.update(loop)
        if problems is not None:
            where = card.where_of(loop[0], lang)
            # a generator's template: one loop for every card it makes, said once there
            who = "generated cards'" if card.scope else f"card '{card.id}'"
            first = f" (first on card '{card.id}')" if card.scope else ""
            problems.add(
                where,
                f"{who} fields use each other ({' → '.join(loop)}); one of them must be a "
                f"value, not worked out from the others{first}",
                once=("field-loop", str(where) if card.scope else card.id, *sorted(loop)),
            )
        return
    visiting.append(name)
    for used in sorted(uses[name]):
        _visit(used, uses, order, visiting, card, lang, problems, looped)
    visiting.pop()
    order.append(name)


def _back_values(game: Game, deck: Deck, resolved: Resolved, problems: Problems) -> dict[str, Any]:
    """A back's fields, evaluated like a card's; it is named by the title it prints."""
    variables = {"data": resolved.data, "game": resolved.game, "lang": resolved.lang}
    values: dict[str, Any] = {"id": "back", "name": resolved.game["title"]}
    for name, raw in localize(deck.back_fields, resolved.lang, game.meta.languages).items():
        try:
            values[name] = expr.evaluate(raw, variables)
        except expr.ExpressionError as exc:
            once = exc.once if isinstance(exc, expr.BudgetSpent) else ("back", deck.id, name)
            problems.add(deck.back_where, f"back field {name}: {exc}", once=once)
    return values


def card_back_values(
    game: Game, deck: Deck, card: CardType, resolved: Resolved, problems: Problems
) -> dict[str, Any]:
    """A card's own back: the deck's back values with the card's back fields over them, each
    worked out as a card's field is — it sees the card's values as card.* (a region's name on
    the back of its locations) and a generator's variables."""
    assert card.back is not None
    values = dict(resolved.backs[deck.id])
    variables = {
        **localize(card.scope, resolved.lang, game.meta.languages),
        "data": resolved.data,
        "game": resolved.game,
        "lang": resolved.lang,
        "card": resolved.cards[deck.id][card.id],
    }
    langs = game.meta.languages
    for name, raw in localize(card.back.fields, resolved.lang, langs).items():
        try:
            values[name] = expr.evaluate(raw, variables)
        except expr.ExpressionError as exc:
            where = card.back.field_where.get(name, card.back.where)
            label, alike = f"back field {name}", bool(card.scope)
            _field_failed(problems, where, card, label, exc, resolved.lang, langs, alike)
    return values


class _NotOfKind(ValueError):
    """A colour or icon field whose value (made by an expression: a generator's, say) is not
    one; a literal one was checked when the deck was read."""


def _check_kind(value: str, kind: str, game: Game) -> None:
    if kind == "color":
        if value != "none" and not COLOR.match(value):
            from printgen.model.colour_names import colour_hint  # only for this mistake

            hint = colour_hint(value, quoted=False)  # made by an expression: no quotes to add
            raise _NotOfKind(f'expected a colour like "#a83232" (or none), not {value!r}{hint}')
    elif not game.icon_library.has(value) and not game.icon_library.refused(value):
        raise _NotOfKind(game.icon_library.unknown_message(value))  # (a refused one is said)


_TEXTS = ("text", "string")  # the kinds of field that are texts to print


def _printed(value: float, raw: object) -> str:
    try:
        return numbers.printed(value)
    except Refused as exc:  # a language whose labels give no decimal mark
        raise expr.ExpressionError(f"{exc}; in '{raw}'") from None


_WORDS = ("color", "icon")  # kinds whose value is a word: a number is no colour nor icon
_KINDS = {"color": "a colour", "icon": "an icon", "number": "a number", "integer": "a number"}
_ONE_LOOKUP = pattern(r"^\{\{\s*([A-Za-z_][\w.]*)\s*\}\}$")


def _typed(value: Any, kind: str, raw: object = None) -> Any:
    """An expression renders to text; a number field gets its number back ("11" -> 11). One
    lookup ("{{ rank.cost }}") keeps its type: a number of it is checked as a text's is."""
    if value is None or kind == "any":
        return value
    if isinstance(value, (dict, list)) or (kind in _WORDS and not isinstance(value, str)):
        # one lookup keeps its type: "{{ suit }}" is an axis's whole entry, not its name
        written = _KINDS.get(kind, "a text")
        lookup = _ONE_LOOKUP.match(raw) if isinstance(raw, str) else None
        keys = [str(key) for key in value] if isinstance(value, dict) else []
        hint = (
            f"; write which of its values, e.g. {{{{ {lookup[1]}.{keys[0]} }}}}"
            if lookup and keys
            else ""
        )
        raise ValueError(f"expected {written}, the expression gave {kind_of(value)}{hint}")
    if kind not in ("number", "integer"):
        return value
    if isinstance(value, str) and not value.strip():
        return None  # "{{ tier - 3 if tier > 3 }}" gives nothing: the field left out, as unwritten
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"expected a number, the expression gave {kind_of(value)}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if kind == "integer" and not value.is_integer():
            raise ValueError(f"expected a whole number, the expression gave {value:g}")
        return int(value) if kind == "integer" else value
    try:
        number = float(value)
    except ValueError:
        raise ValueError(f"expected a number, the expression gave {value!r}") from None
    if not math.isfinite(number):  # said here, where it is made, not at each text printing it
        shown = value if len(value) <= 20 else f"{value[:17]}…"
        raise ValueError(f"expected a number, the expression gave {shown!r}, too large to print")
    if kind == "integer" or number.is_integer():
        if not number.is_integer():
            raise ValueError(f"expected a whole number, the expression gave {value!r}")
        return int(number)
    return number
