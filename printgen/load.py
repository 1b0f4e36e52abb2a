"""Stage 1 — load: read a game's YAML into the model, checking the schema as it goes.

Every problem in the files is collected (not just the first) and carries ``path:line:col``.
"""

from __future__ import annotations

import re
from typing import Any

from printgen import expr, generate
from printgen.errors import Problem, ProjectError, Where
from printgen.model import CardType, Constraint, Deck, Game, GameMeta
from printgen.project import Project
from printgen.schema import Checker, unknown_icon
from printgen.units import CARD_PRESETS
from printgen.yamlsource import LDict, read_yaml

GAME_KEYS = {
    "id",
    "title",
    "subtitle",
    "languages",
    "players",
    "duration",
    "age",
    "author",
    "credits",
    "data",
    "constraints",
    "uses",
    "cover",
    "icon_colors",
}
DECK_KEYS = {
    "name",
    "size",
    "shape",
    "bleed",
    "safe",
    "output",
    "layout",
    "back",
    "fields",
    "cards",
    "generate",
}
CARD_KEYS = {"id", "count", "layout"}
FIELD_TYPES = ("text", "string", "number", "integer", "color", "icon", "any")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_COLOR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def load_game(project: Project, game_id: str) -> Game:
    """Read cards/<game_id>/game.yaml and decks/*.yaml; raise ProjectError listing every problem."""
    folder = project.cards / game_id
    if not (folder / "game.yaml").is_file():
        known = ", ".join(project.game_ids()) or "none"
        raise ProjectError(
            [
                Problem(
                    Where(project.rel(project.cards)),
                    f"no game '{game_id}' (cards/{game_id}/game.yaml); games here: {known}",
                )
            ]
        )
    rel_game = project.rel(folder / "game.yaml")
    raw = read_yaml(folder / "game.yaml", rel_game)
    checker = Checker()
    meta = _meta(checker, raw, game_id, rel_game)
    if meta is None:
        raise ProjectError(checker.problems)
    checker.languages = meta.languages
    game_map = raw
    checker.translations_in(game_map.get("data", LDict()), game_map.where, "data")
    decks = []
    deck_files = sorted((folder / "decks").glob("*.yaml")) if (folder / "decks").is_dir() else []
    for path in deck_files:
        rel = project.rel(path)
        node = checker.read(path, rel)
        if node is None:
            continue
        deck = _deck(checker, node, path.stem, rel, meta)
        if deck is not None:
            decks.append(deck)
    if not deck_files:
        checker.error(Where(rel_game), f"no deck files; add cards/{game_id}/decks/<deck>.yaml")
    constraints = _constraints(checker, game_map)
    cover = _cover(checker, game_map)
    icon_colors = _icon_colors(checker, game_map)
    if checker.problems:
        raise ProjectError(checker.problems)
    data = game_map.get("data", {})
    return Game(
        meta=meta,
        folder=project.rel(folder),
        data=data,
        data_where=game_map.at("data") if "data" in game_map else game_map.where,
        constraints=constraints,
        decks=decks,
        uses=game_map.get("uses", {}),
        cover=cover,
        icon_colors=icon_colors,
        used_title=_used_title(project, game_map),
        raw=game_map,
    )


def _meta(checker: Checker, raw: Any, game_id: str, rel: str) -> GameMeta | None:
    node = checker.mapping(raw, Where(rel, 1, 1), "game.yaml")
    if node is None:
        return None
    checker.keys(node, GAME_KEYS, {"title", "players", "author"}, "game.yaml")
    languages = _languages(checker, node)
    checker.languages = languages
    if "id" in node and node["id"] != game_id:
        checker.error(
            node.at("id"),
            f"id '{node['id']}' differs from the folder name '{game_id}'; rename one so they match",
        )
    title = (
        checker.text(node.get("title", ""), node.at("title"), "title") if "title" in node else ""
    )
    subtitle = (
        checker.text(node["subtitle"], node.at("subtitle"), "subtitle")
        if "subtitle" in node
        else None
    )
    players_min, players_max = _players(checker, node)
    return GameMeta(
        id=game_id,
        title=title or game_id,
        languages=languages,
        players_min=players_min,
        players_max=players_max,
        duration_min=checker.integer(node, "duration", "game.yaml", minimum=1),
        age=checker.integer(node, "age", "game.yaml", minimum=1),
        author=checker.text(node.get("author", ""), node.at("author"), "author") or "",
        subtitle=subtitle,
        where=node.where,
        credits=(
            checker.text(node["credits"], node.at("credits"), "credits")
            if "credits" in node
            else None
        ),
    )


def _languages(checker: Checker, node: LDict) -> tuple[str, ...]:
    value = node.get("languages")
    if value is None:
        return ("it", "en")
    items = checker.sequence(value, node.at("languages"), "languages")
    if items is None:
        return ("it", "en")
    langs = tuple(str(v) for v in items)
    for index, lang in enumerate(langs):
        if not re.fullmatch(r"[a-z]{2}", lang):
            checker.error(
                items.at(index), f"language '{lang}' must be a two-letter code such as it or en"
            )
    return langs or ("it", "en")


def _players(checker: Checker, node: LDict) -> tuple[int, int]:
    value = node.get("players")
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value, value
    if isinstance(value, LDict):
        checker.keys(value, {"min", "max"}, {"min", "max"}, "players")
        low = checker.integer(value, "min", "players", minimum=1, default=1)
        high = checker.integer(value, "max", "players", minimum=1, default=low)
        if high < low:
            checker.error(value.where, f"players: max {high} is below min {low}")
        return low, max(low, high)
    if "players" in node:
        checker.error(node.at("players"), "players must be a number or {min: N, max: M}")
    return 1, 1


def _deck(checker: Checker, raw: Any, deck_id: str, rel: str, meta: GameMeta) -> Deck | None:
    node = checker.mapping(raw, Where(rel, 1, 1), f"deck '{deck_id}'")
    if node is None:
        return None
    what = f"deck '{deck_id}'"
    checker.keys(node, DECK_KEYS, {"layout"}, what)
    width, height = _size(checker, node, what)
    field_types = _field_types(checker, node, what)
    default_layout = (checker.string(node, "layout", what) or "", node.at("layout"))
    back_layout, back_fields, back_where = _back(checker, node, what)
    before = len(checker.problems)
    cards: list[CardType] = []
    if "cards" in node:
        items = checker.sequence(node["cards"], node.at("cards"), f"{what} cards")
        for index, item in enumerate(items or []):
            card = _card(
                checker,
                item,
                items.at(index) if items else node.where,
                field_types,
                default_layout,
                {},
                None,
            )
            if card:
                cards.append(card)
    if "generate" in node:
        cards.extend(_generated(checker, node, field_types, default_layout, meta))
    if not cards and len(checker.problems) == before:  # else the cards' own errors say why
        checker.error(node.where, f"{what} has no cards; add 'cards:' or 'generate:'")
    _unique_ids(checker, cards, what)
    return Deck(
        id=deck_id,
        name=checker.text(node["name"], node.at("name"), f"{what} name")
        if "name" in node
        else deck_id,
        width_mm=width,
        height_mm=height,
        bleed_mm=checker.length(node, "bleed", what, 3.0),
        safe_mm=checker.length(node, "safe", what, 3.0),
        shape=checker.choice(node, "shape", what, ("rect", "circle"), "rect"),
        output=_output(checker, node, what),
        back_layout=back_layout,
        back_fields=back_fields,
        field_types=field_types,
        cards=cards,
        where=node.where,
        back_where=back_where,
        size_where=node.at("size"),
    )


def _output(checker: Checker, node: LDict, what: str) -> str:
    value = node.get("output", "cards")
    if not isinstance(value, str) or not _ID.match(value):
        checker.error(
            node.at("output"),
            f"'output' of {what} must be a file stem such as cards, tokens or pawns",
        )
        return "cards"
    return value


def _size(checker: Checker, node: LDict, what: str) -> tuple[float, float]:
    value = node.get("size", "poker")
    if isinstance(value, str):
        if value in CARD_PRESETS:
            return CARD_PRESETS[value]
        checker.error(
            node.at("size"),
            f"unknown card size '{value}'; use one of "
            f"{', '.join(CARD_PRESETS)} or {{width: 63mm, height: 88mm}}",
        )
        return CARD_PRESETS["poker"]
    if isinstance(value, LDict):
        checker.keys(value, {"width", "height"}, {"width", "height"}, f"{what} size")
        width = checker.length(value, "width", f"{what} size", 63.0)
        height = checker.length(value, "height", f"{what} size", 88.0)
        if width <= 0 or height <= 0:
            checker.error(value.where, "card width and height must be above zero")
        return width, height
    checker.error(node.at("size"), f"size of {what} must be a preset name or {{width:, height:}}")
    return CARD_PRESETS["poker"]


def _field_types(checker: Checker, node: LDict, what: str) -> dict[str, str]:
    fields = node.get("fields", LDict())
    if "fields" in node and checker.mapping(fields, node.at("fields"), f"{what} fields") is None:
        return {}
    types: dict[str, str] = {}
    for name, kind in fields.items():
        if name in CARD_KEYS:
            checker.error(fields.key_at(name), f"field name '{name}' is reserved; choose another")
        elif kind not in FIELD_TYPES:
            checker.error(
                fields.at(name),
                f"field '{name}' has unknown type {kind!r}; use one of {', '.join(FIELD_TYPES)}",
            )
        else:
            types[name] = str(kind)
    return types


def _back(checker: Checker, node: LDict, what: str) -> tuple[str | None, dict[str, Any], Where]:
    if "back" not in node or node["back"] in (None, "none"):
        return None, {}, node.where
    back = checker.mapping(node["back"], node.at("back"), f"{what} back")
    if back is None:
        return None, {}, node.where
    checker.keys(back, {"layout", "fields"}, {"layout"}, f"{what} back")
    fields = back.get("fields", {})
    if "fields" in back:
        checker.mapping(fields, back.at("fields"), f"{what} back fields")
        checker.translations_in(fields, back.at("fields"), "back fields")
    return checker.string(back, "layout", f"{what} back"), dict(fields), back.where


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
        try:
            card_id = str(expr.evaluate(card_id, scope))
        except expr.ExpressionError as exc:
            checker.error(node.at("id"), f"card id: {exc}")
            return None
    label = f"card '{card_id}'" if isinstance(card_id, str) else "card"
    required = {"id"} | ({"count"} if count is None else set())
    checker.keys(
        node,
        CARD_KEYS | set(types),
        required,
        label,
        "; a card's fields must be declared under 'fields:' in the deck",
    )
    if not isinstance(card_id, str) or not _ID.match(card_id):
        if "id" in node:
            checker.error(
                node.at("id"),
                f"card id {card_id!r} must be lower-case letters, digits, '-' or '_' (e.g. monk)",
            )
        return None
    copies = count if count is not None else checker.integer(node, "count", label, minimum=1)
    fields: dict[str, Any] = {}
    field_where: dict[str, Where] = {}
    for name, kind in types.items():
        if name in node:
            fields[name] = _field(checker, node[name], node.at(name), kind, f"{label} {name}")
            field_where[name] = node.at(name)
            if isinstance(node[name], LDict):  # one text per language: each has its own line
                for lang in node[name]:
                    field_where[f"{name}/{lang}"] = node[name].at(lang)
    layout, layout_where = default_layout
    if "layout" in node:
        layout, layout_where = checker.string(node, "layout", label) or layout, node.at("layout")
    return CardType(
        id=card_id,
        count=copies or 1,
        fields=fields,
        field_where=field_where,
        where=node.where,
        layout=layout,
        layout_where=layout_where,
        scope=scope,
    )


def _field(checker: Checker, value: Any, where: Where, kind: str, what: str) -> Any:
    if expr.is_expression(value):
        return value  # checked when laid out, once its variables are known
    if kind == "text":
        return checker.text(value, where, what)
    if kind == "string" and not isinstance(value, str):
        checker.error(where, f"{what} must be a text")
    elif kind in ("number", "integer") and (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (kind == "integer" and not isinstance(value, int))
    ):
        checker.error(
            where, f"{what} must be a {'whole ' if kind == 'integer' else ''}number, not {value!r}"
        )
    elif kind == "color" and not (isinstance(value, str) and _COLOR.match(value)):
        checker.error(where, f'{what} must be a colour like "#a83232", not {value!r}')
    elif kind == "icon":
        from printgen.icons import has_icon

        if not (isinstance(value, str) and has_icon(value)):
            checker.error(where, f"{what}: {unknown_icon(str(value))}")
    return value


def _generated(
    checker: Checker,
    node: LDict,
    types: dict[str, str],
    default_layout: tuple[str, Where],
    meta: GameMeta,
) -> list[CardType]:
    cards: list[CardType] = []
    for rule in checker.mappings(node["generate"], node.at("generate"), "generate rule"):
        checker.keys(rule, {"product", "balanced", "count", "card"}, {"card"}, "generate rule")
        template = rule.get("card")
        before = len(checker.problems)
        for combo in _combos(checker, rule):
            card = _card(
                checker, template, rule.at("card"), types, default_layout, combo.scope, combo.count
            )
            if card:
                cards.append(card)
            if len(checker.problems) > before:
                break  # one broken template would otherwise repeat its error for every card
    return cards


def _combos(checker: Checker, rule: LDict) -> list[generate.Generated]:
    if ("product" in rule) == ("balanced" in rule):
        checker.error(rule.where, "a generate rule needs exactly one of 'product' or 'balanced'")
        return []
    copies = checker.integer(rule, "count", "generate rule", minimum=1, default=1)
    if "product" in rule:
        axes = checker.mapping(rule["product"], rule.at("product"), "product")
        if axes is None:
            return []
        lists = {}
        for name, values in axes.items():
            seq = checker.sequence(values, axes.at(name), f"product axis '{name}'")
            if seq is not None:
                checker.translations_in(seq, axes.at(name), f"product axis '{name}'")
                lists[name] = list(seq)
        return generate.product(lists, copies)
    spec = checker.mapping(rule["balanced"], rule.at("balanced"), "balanced")
    if spec is None:
        return []
    checker.keys(
        spec,
        {"cards", "seed", "symbols", "dash", "first"},
        {"cards", "seed", "symbols"},
        "balanced",
    )
    total = checker.integer(spec, "cards", "balanced", minimum=1, default=1)
    symbols = checker.mapping(spec.get("symbols"), spec.at("symbols"), "balanced symbols")
    if symbols is None:
        return []
    columns: dict[str, list[Any]] = {}
    for name, values in symbols.items():
        seq = checker.sequence(values, symbols.at(name), f"symbol '{name}'")
        if seq is not None and len(seq) >= 1:
            columns[name] = list(seq)
    return generate.balanced(
        total,
        spec.get("seed", 0),
        columns,
        spec.get("dash", "-"),
        checker.integer(spec, "first", "balanced", default=1),
    )


def _unique_ids(checker: Checker, cards: list[CardType], what: str) -> None:
    seen: dict[str, CardType] = {}
    for card in cards:
        if card.id in seen:
            checker.error(
                card.where,
                f"card id '{card.id}' is used twice in {what} (first at "
                f"line {seen[card.id].where.line}); give each card type its own id",
            )
        seen.setdefault(card.id, card)


def _constraints(checker: Checker, node: LDict) -> list[Constraint]:
    if "constraints" not in node:
        return []
    out: list[Constraint] = []
    for rule in checker.mappings(node["constraints"], node.at("constraints"), "constraint"):
        checker.keys(rule, {"deck", "total", "counts"}, {"deck"}, "constraint")
        deck = str(rule.get("deck"))
        if "total" in rule:
            total = checker.integer(rule, "total", "constraint", minimum=1)
            if total:
                out.append(Constraint("total", deck, total, None, rule.at("total")))
        counts = rule.get("counts", LDict())
        if "counts" in rule and checker.mapping(counts, rule.at("counts"), "counts"):
            for card_id in counts:
                value = checker.integer(counts, card_id, "counts", minimum=1)
                if value:
                    out.append(Constraint("count", deck, value, card_id, counts.at(card_id)))
    return out


def _cover(checker: Checker, node: LDict) -> list[str]:
    if "cover" not in node:
        return []
    items = checker.sequence(node["cover"], node.at("cover"), "cover")
    refs = [str(item) for item in items or []]
    for index, ref in enumerate(refs):
        if "/" not in ref:
            checker.error(
                items.at(index) if items else node.where,
                f"cover entry '{ref}' must be deck/card, e.g. main/monk",
            )
    return refs


def _icon_colors(checker: Checker, node: LDict) -> dict[str, str]:
    if "icon_colors" not in node:
        return {}
    colors = checker.mapping(node["icon_colors"], node.at("icon_colors"), "icon_colors")
    for name, color in (colors or {}).items():
        _field(checker, name, colors.key_at(name) if colors else node.where, "icon", "icon_colors")
        _field(
            checker,
            color,
            colors.at(name) if colors else node.where,
            "color",
            f"icon_colors {name}",
        )
    return {str(k): str(v) for k, v in (colors or {}).items()}


def _used_title(project: Project, node: LDict) -> Any:
    """The title of the game named by ``uses: {deck: …}``, for the components list. A deck that
    does not exist is the game rule module's to report; here it just has no title."""
    uses = node.get("uses")
    deck = uses.get("deck") if isinstance(uses, dict) else None
    path = project.cards / str(deck) / "game.yaml"
    if not isinstance(deck, str) or not path.is_file():
        return None
    try:
        other = read_yaml(path, project.rel(path))
    except ProjectError:
        return None
    return other.get("title") if isinstance(other, dict) else None
