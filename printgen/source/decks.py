"""Reading a game's deck files (``decks/*.yaml``): sizes, backs, cards, generators (fields:
(their types, and a value checked against its type): deck_fields.py).

Every problem is collected with its ``path:line:col``; a card's expressions are kept as written
and evaluated by the resolve stage.
"""

from __future__ import annotations

import re
from typing import Any

from printgen.limits import MAX_CARDS_PER_DECK, MAX_COUNT, MAX_GUTTER_MM, MAX_ID_CHARS
from printgen.model.game import CardShape, CardType, Deck, GameMeta
from printgen.model.units import exact
from printgen.problems import Where, card_device, windows_device
from printgen.project import Project
from printgen.sandbox import expressions as expr
from printgen.source.backs import BACK, backs_without_layout, card_back, deck_back
from printgen.source.card_ids import unique_ids
from printgen.source.deck_fields import (
    CARD_KEYS,
    check_field,
    declared_fields,
    undeclared_fields,
)
from printgen.source.generator_rules import (
    RULE_KEYS,
    axes_beside,
    card_count,
    counted_twice,
    generated_id,
    read_generator,
    written_texts,
)
from printgen.source.id_spelling import bad_card_id
from printgen.source.layouts import DEFAULT_SAFE_MM
from printgen.source.located_yaml import LDict, LList
from printgen.source.readers import Checker, id_too_long, kind_of

REFERENCES = ("cards", "gallery", "none")  # how the rulebook's card reference shows a deck
AID_LISTINGS = ("listed", "none")  # whether the player aid's quick reference lists a deck
_DECK_LOOK = {"name", "size", "shape", "bleed", "gutter", "reference", "aid", "safe", "output"}
DECK_KEYS = _DECK_LOOK | {"layout", "back", "fields", "cards", "cards_from", "generate"}
# file stems the document outputs take (the booklet with --booklet)
DOCUMENT_NAMES = ("rulebook", "player-aid", "rulebook-booklet")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def read_deck(
    checker: Checker,
    raw: Any,
    deck_id: str,
    rel: str,
    meta: GameMeta,
    project: Project | None = None,
) -> Deck | None:
    node = checker.mapping(raw, Where(rel, 1, 1), f"deck '{deck_id}'")
    if node is None:
        return None
    start = len(checker.problems)
    checker.faulty, checker.dropped, checker.columnless = set(), False, {}
    what = f"deck '{deck_id}'"
    backs_only = "layout" not in node and _only_back_laid_out(node)  # not "indented under back"
    checker.keys(node, DECK_KEYS, set() if backs_only else {"layout"}, what)
    if backs_only:
        from printgen.source.front_layout import no_front_layout

        checker.error(node.key_at("back"), no_front_layout(what, node["back"], project, meta.id))
    width, height = checker.card_size(node, what)
    declared = declared_fields(checker, node, what)
    field_types = declared or {}
    misspelt = any(key not in DECK_KEYS and _like_fields(str(key)) for key in node)  # feilds:
    undeclared = not misspelt and undeclared_fields(checker, node, what)
    if declared is not None and "name" not in declared and not undeclared:  # coin-1 × 20
        checker.warn(
            node.at("fields") if "fields" in node else node.where,
            f"{what} has no 'name' field: the rulebook, the aid and cards.json name its cards "
            "by their ids; declare 'name: text' under fields: and give each card a name",
        )
    checker.column_misnamed = False
    checker.fields_unknown = declared is None or undeclared or misspelt
    default_layout = (checker.string(node, "layout", what) or "", node.at("layout"))
    back_layout, back_fields, back_where, back_layout_where = deck_back(checker, node, what)
    before = len(checker.problems)
    cards: list[CardType] = []
    if "cards" in node:
        items = checker.sequence(node["cards"], node.at("cards"), f"{what} cards")
        for index, item in enumerate(items or []):
            said = len(checker.problems)
            place = items.at(index) if items else node.where
            card = _card(checker, item, place, field_types, default_layout, {}, None)
            checker.kept(card.id if card else None, said)
            if card:
                cards.append(card)
    if "cards_from" in node and project is not None:
        from printgen.source.spreadsheet import read_cards

        said = len(checker.problems)
        table = node["cards_from"], node.at("cards_from")
        found = read_cards(checker, project, *table, rel, field_types, default_layout)
        checker.dropped |= len(checker.problems) > said and not found  # a sheet not read
        cards.extend(found)
    if "generate" in node:
        cards.extend(_generated(checker, node, field_types, default_layout, meta, project))
    if not cards and len(checker.problems) == before:  # else the cards' own errors say why
        checker.error(
            node.where, f"{what} has no cards; add 'cards:', 'cards_from:' or 'generate:'"
        )
    backs_without_layout(checker, cards, back_layout, what)
    after_cards = len(checker.problems)
    unique_ids(checker, cards, what)
    if sum(card.count for card in cards) > MAX_CARDS_PER_DECK:
        checker.error(
            node.where,
            f"{what} has {sum(card.count for card in cards):,} cards, over "
            f"{MAX_CARDS_PER_DECK:,} (the limit for one deck); split it",
        )
        cards = []
    safe = checker.length(node, "safe", what, DEFAULT_SAFE_MM)
    if "safe" not in node:  # a small token's: 3 mm would leave a 6 mm one nothing
        safe = min(safe, min(width, height) / 4)
    elif 2 * safe >= min(width, height):
        checker.error(
            node.at("safe"),
            f"a safe zone of {exact(safe)} mm leaves nothing inside a {width:g}×{height:g} mm "
            f"card; it must be under {min(width, height) / 2:g} mm (3 mm is usual)",
        )
    named = "name" in node
    name = checker.written(node["name"], node.at("name"), f"{what} name") if named else deck_id
    deck = Deck(
        id=deck_id,
        name=name,
        width_mm=width,
        height_mm=height,
        bleed_mm=checker.length(node, "bleed", what, 3.0),
        safe_mm=safe,
        gutter_mm=_gutter(checker, node, what),
        reference=(
            checker.choice(node, "reference", what, REFERENCES, "cards")
            if "reference" in node
            else None
        ),
        aid=checker.choice(node, "aid", what, AID_LISTINGS, "listed") if "aid" in node else None,
        shape=CardShape(checker.choice(node, "shape", what, tuple(CardShape), "rect")),
        output=_output(checker, node, what),
        back_layout=back_layout,
        back_fields=back_fields,
        field_types=field_types,
        cards=cards,
        where=node.where,
        back_where=back_where,
        back_layout_where=back_layout_where,
        size_where=node.at("size"),
        bleed_where=node.at("bleed"),
        columnless=checker.columnless,
        written=written_texts(node["generate"]) if "generate" in node else (),
    )
    # a mistake in the deck's own declarations (fields:, size:, bleed:…), not in one card's:
    # none of its cards is laid out when the game does not load
    checker.deck_sound = (
        before == start
        and len(checker.problems) == after_cards
        and not checker.fields_unknown
        and not checker.column_misnamed
    )
    return deck


def _gutter(checker: Checker, node: LDict, what: str) -> float | None:
    if "gutter" not in node:
        return None
    gutter = checker.length(node, "gutter", what, 0.0)
    if gutter > MAX_GUTTER_MM:
        checker.error(
            node.at("gutter"),
            f"'gutter' of {what} is {exact(gutter)} mm, over {MAX_GUTTER_MM:g} mm; a gutter is the "
            "gap between cards' cut lines (4 mm leaves room to cut each card on its own)",
        )
        return None
    return gutter


def _output(checker: Checker, node: LDict, what: str) -> str:
    value = node.get("output", "cards")
    long = isinstance(value, str) and len(value) > 100  # validate said ok, the build's write no
    if not isinstance(value, str) or not _ID.match(value) or long:
        stem = "a file stem of at most 100 characters" if long else "a file stem"
        checker.error(
            node.at("output"), f"'output' of {what} must be {stem} such as cards, tokens or pawns"
        )
        return "cards"
    if device := windows_device("output", value, f"{value}.pdf"):
        checker.error(node.at("output"), device)
        return "cards"
    if value in DOCUMENT_NAMES:  # its sheets would replace that document's PDF
        checker.error(
            node.at("output"),
            f"'output' of {what} cannot be '{value}': {value}.pdf is the game's "
            f"{value.replace('-', ' ')}; choose another name such as cards or tokens",
        )
        return "cards"
    return value


def _like_fields(key: str) -> bool:
    import difflib  # only for a deck with an unknown key: a card build never imports it

    return bool(difflib.get_close_matches(key, ["fields"], 1, 0.7))


def _card(
    checker: Checker,
    raw: Any,
    where: Where,
    types: dict[str, str],
    default_layout: tuple[str, Where],
    scope: dict[str, Any],
    count: int | None,
) -> CardType | None:
    node = checker.mapping(raw, where, "card")
    if node is None:
        return None
    card_id = node.get("id")
    if isinstance(card_id, str) and expr.is_expression(card_id):
        card_id = generated_id(checker, node, scope)
        if card_id is None:
            return None
    label = f"card '{card_id}'" if isinstance(card_id, str) else "card"
    required = {"id"} | ({"count"} if count is None else set())
    # a card's own back:, unless the deck declares a field of that name (as it could before)
    own_back = {BACK} - set(types)
    checker.keys(
        node,
        CARD_KEYS
        | own_back
        | set(types)
        | (set(map(str, node)) if checker.fields_unknown else set()),
        required,
        label if count is None else "the generate rule's card",  # every card's, not the first's
        "; a card's fields must be declared under 'fields:' in the deck",
    )
    if not isinstance(card_id, str) or not _ID.match(card_id):
        if "id" in node and not isinstance(card_id, str | LDict | LList):  # id: 12, id: on
            checker.error(
                node.at("id"),
                f"card id was read as {kind_of(card_id)}, not a text: write it in quotes "
                '(id: "12", not id: 12)',
            )
        elif "id" in node:
            checker.error(
                node.at("id"),
                f"card id {card_id!r} {bad_card_id(str(card_id))}",
            )
        return None
    if len(card_id) > MAX_ID_CHARS:  # it names the card's image file
        checker.error(node.at("id"), id_too_long(card_id))
        return None
    if device := card_device(card_id):
        checker.error(node.at("id"), device)
        return None
    if count is None:
        copies = checker.integer(node, "count", label, 1, None, MAX_COUNT, "the limit for one deck")
    else:  # a generated card: the template's own count (an expression, say), else the rule's
        copies = card_count(checker, node, label, scope) if "count" in node else count
    fields: dict[str, Any] = {}
    # its count's place too, where a constraint on it is said (a generated card: its rule's)
    field_where = {"count": node.at("count")} if "count" in node else {}
    # a template's value as written is every generated card's: not the first card's alone
    owner = "generated cards'" if count is not None else label
    for name, kind in types.items():
        if name in node:
            fields[name] = check_field(checker, node[name], node.at(name), kind, f"{owner} {name}")
            field_where[name] = node.at(name)
            if isinstance(node[name], LDict):  # one text per language: each has its own line
                for lang in node[name]:
                    field_where[f"{name}/{lang}"] = node[name].at(lang)
    layout, layout_where = default_layout
    if "layout" in node:
        layout, layout_where = _layout(checker, node, label, scope) or layout, node.at("layout")
    back = None
    if own_back and BACK in node:
        # its layout chosen as the card's is: by name, or over the generator's variables
        back = card_back(
            checker, node[BACK], node.at(BACK), label, lambda c, n, w: _layout(c, n, w, scope)
        )
    return CardType(
        id=card_id,
        count=copies or 1,
        fields=fields,
        field_where=field_where,
        where=node.where,
        layout=layout,
        layout_where=layout_where,
        scope=scope,
        back=back,
    )


def _layout(checker: Checker, node: LDict, label: str, scope: dict[str, Any]) -> str | None:
    """A card's own layout: a name, or an expression over the generator's variables that
    chooses one per generated card (`"{{ 'big' if rank.power > 5 else 'plain' }}"`) — worked
    out here, as the id is, since the layout decides the face before any field is."""
    name = checker.string(node, "layout", label)
    if name is None or not expr.is_expression(name):
        return name
    try:
        chosen = expr.evaluate(name, scope)
    except expr.ExpressionError as exc:
        # its fields are not worked out yet: only a generator's variables can choose it
        seen = ", ".join(scope) or "none on a card written out"
        hint = f" (a layout sees the generator's variables: {seen})"
        hint = hint if "is undefined" in str(exc) and not exc.suggests else ""
        checker.error(node.at("layout"), f"{label} layout: {exc}{hint}")
        return None
    if not isinstance(chosen, str) or not chosen.strip():
        checker.error(
            node.at("layout"),
            f"{label} layout: '{name}' gives {kind_of(chosen)}, not a layout's name",
        )
        return None
    return chosen.strip()


def _generated(
    checker: Checker,
    node: LDict,
    types: dict[str, str],
    default_layout: tuple[str, Where],
    meta: GameMeta,
    project: Project | None = None,
) -> list[CardType]:
    cards: list[CardType] = []
    for rule in checker.mappings(node["generate"], node.at("generate"), "generate rule"):
        if axes_beside(checker, rule):
            continue
        checker.keys(rule, RULE_KEYS, {"card"}, "generate rule")
        template = rule.get("card")
        counted_twice(checker, rule)
        before = len(checker.problems)
        for combo in read_generator(checker, rule, project):
            card = _card(
                checker, template, rule.at("card"), types, default_layout, combo.scope, combo.count
            )
            if card:
                if "count" in rule:  # its count is the rule's: said there (a constraint on it)
                    card.field_where.setdefault("count", rule.at("count"))
                cards.append(card)
            if len(checker.problems) > before:
                checker.faulty.update(made.id for made in cards)  # made by a broken rule
                checker.dropped = True  # and the rest not made
                break  # one broken template would otherwise repeat its error for every card
    return cards


def _only_back_laid_out(node: LDict) -> bool:
    from printgen.source.front_layout import only_back_laid_out  # (a deck with no layout:)

    return only_back_laid_out(node, DECK_KEYS)
