"""Stage 3 — lay out: evaluate every card's layout into a Face of positioned drawing operations.

Text is fitted here (shrink-to-fit down to the layout's min_size), so the print checks — text
that does not fit its box, content outside the safe zone — are findings of this stage, and the
renderer only draws what it is given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen import expr, text
from printgen.errors import Problem, ProjectError, Where
from printgen.fields import card_values, game_vars
from printgen.fonts import Family, FontMissing, family
from printgen.layoutdefs import Element, Layout, LayoutLibrary
from printgen.model import CardType, Deck, Game, localize
from printgen.project import Project
from printgen.units import parse_length

DEFAULT_STYLE: dict[str, Any] = {
    "font": "Vera",
    "size": 9.0,
    "color": "#000000",
    "align": "left",
    "valign": "top",
    "leading": 1.2,
    "bold": False,
    "italic": False,
}
_FIELD_REF = re.compile(r"\bcard\.([A-Za-z_]\w*)")


@dataclass
class Shape:
    kind: str  # rect, ellipse, line
    x: float  # mm from the trim box's top-left corner
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5  # points
    radius: float = 0.0
    dash: tuple[float, ...] = ()


@dataclass
class TextBox:
    x: float
    y: float
    w: float
    h: float
    block: text.Block
    family: Family
    color: str
    align: str
    valign: str
    icon_colors: dict[str, str]


@dataclass
class Icon:
    x: float
    y: float
    w: float
    h: float
    name: str
    color: str
    label: str | None


@dataclass
class Image:
    x: float
    y: float
    w: float
    h: float
    path: Path


Op = Shape | TextBox | Icon | Image


@dataclass
class Face:
    key: str  # identical faces share a key and are drawn once
    deck: str
    card: str
    side: str  # "front" or "back"
    name: str  # as printed, for the manifest and messages
    width_mm: float
    height_mm: float
    bleed_mm: float
    shape: str
    ops: list[Op] = field(default_factory=list)


@dataclass
class LaidOutDeck:
    deck: Deck
    fronts: list[tuple[CardType, Face]]
    back: Face | None


class LayoutContext:
    """What a game's layouts can see in one language: data, game facts, fonts, the project."""

    def __init__(self, project: Project, game: Game, library: LayoutLibrary, lang: str) -> None:
        self.project = project
        self.game = game
        self.library = library
        self.lang = lang
        langs = game.meta.languages
        self.data = localize(game.data, lang, langs)
        self.game_vars = game_vars(game, lang)
        self.problems: list[Problem] = []
        self._reported: set[tuple[str, ...]] = set()

    def report(self, where: Where, message: str, once: tuple[str, ...] | None = None) -> None:
        if once is not None:
            if once in self._reported:
                return
            self._reported.add(once)
        self.problems.append(Problem(where, message))


def lay_out_game(
    project: Project, game: Game, library: LayoutLibrary, lang: str
) -> tuple[list[LaidOutDeck], list[Problem]]:
    ctx = LayoutContext(project, game, library, lang)
    decks = [lay_out_deck(ctx, deck) for deck in game.decks]
    return decks, ctx.problems


def lay_out_deck(ctx: LayoutContext, deck: Deck) -> LaidOutDeck:
    fronts = []
    for card in deck.cards:
        fields = card_values(ctx.game, deck, card, ctx.lang, ctx.problems)
        face = _face(ctx, deck, card.layout, card.layout_where, fields, card, "front")
        fronts.append((card, face))
    back = None
    if deck.back_layout:
        back_fields = localize(deck.back_fields, ctx.lang, ctx.game.meta.languages)
        back = _face(
            ctx,
            deck,
            deck.back_layout,
            deck.back_where,
            {"id": "back", "name": ctx.game_vars["title"], **back_fields},  # as its title shows
            None,
            "back",
        )
    return LaidOutDeck(deck, fronts, back)


def _face(
    ctx: LayoutContext,
    deck: Deck,
    layout_name: str,
    where: Where,
    fields: dict[str, Any],
    card: CardType | None,
    side: str,
) -> Face:
    name = str(fields.get("name") or fields.get("id"))
    card_id = str(fields.get("id"))
    face = Face(
        key=f"{deck.id}/{side}/{card_id}",
        deck=deck.id,
        card=card_id,
        side=side,
        name=name,
        width_mm=deck.width_mm,
        height_mm=deck.height_mm,
        bleed_mm=deck.bleed_mm,
        shape=deck.shape,
    )
    try:
        layout = ctx.library.get(layout_name, where)
    except ProjectError as exc:
        for problem in exc.problems:
            ctx.report(problem.where, problem.message, once=("layout", layout_name))
        return face
    variables = {
        "card": fields,
        "data": ctx.data,
        "game": ctx.game_vars,
        "lang": ctx.lang,
        "deck": {
            "id": deck.id,
            "width": deck.width_mm,
            "height": deck.height_mm,
            "bleed": deck.bleed_mm,
            "safe": deck.safe_mm,
        },
        **(localize(card.scope, ctx.lang, ctx.game.meta.languages) if card else {}),
    }
    for element in layout.elements:
        op = _element(ctx, deck, layout, element, variables, card, card.where if card else where)
        if op is not None:
            face.ops.append(op)
    return face


def _element(
    ctx: LayoutContext,
    deck: Deck,
    layout: Layout,
    element: Element,
    variables: dict[str, Any],
    card: CardType | None,
    card_where: Where,
) -> Op | None:
    def value(key: str, default: Any = None) -> Any:
        raw = element.props.get(key, default)
        try:
            return expr.evaluate(raw, variables)
        except expr.ExpressionError as exc:
            ctx.report(
                element.where.get(key, element.origin),
                f"layout '{layout.name}' element '{element.name}' {key}: {exc}",
                once=("expr", layout.name, element.name, key),
            )
            return None

    if "when" in element.props and not _truthy(value("when")):
        return None
    box = _box(ctx, deck, layout, element, value)
    if box is None:
        return None
    x, y, w, h = box
    kind = element.type
    if kind in ("rect", "ellipse"):
        return Shape(
            kind,
            x,
            y,
            w,
            h,
            _color(value("fill")),
            _color(value("stroke")),
            float(value("stroke_width", 0.5) or 0),
            _mm(value("radius", 0)),
            tuple(value("dash") or ()),
        )
    if kind == "line":
        return Shape(
            "line",
            x,
            y,
            _mm(value("x2", x)) - x,
            _mm(value("y2", y)) - y,
            None,
            _color(value("stroke", "#000000")),
            float(value("stroke_width", 0.5) or 0),
            0.0,
            tuple(value("dash") or ()),
        )
    _check_safe_zone(ctx, deck, layout, element, box)
    if kind == "icon":
        return _icon(ctx, layout, element, value, box)
    if kind == "image":
        return _image(ctx, layout, element, value, box)
    return _text(ctx, layout, element, value, box, card, card_where)


def _box(
    ctx: LayoutContext, deck: Deck, layout: Layout, element: Element, value: Any
) -> tuple[float, float, float, float] | None:
    if _truthy(element.props.get("bleed")):
        b = deck.bleed_mm
        return -b, -b, deck.width_mm + 2 * b, deck.height_mm + 2 * b
    try:
        return (
            _mm(value("x", 0)),
            _mm(value("y", 0)),
            _mm(value("w", deck.width_mm)),
            _mm(value("h", deck.height_mm)),
        )
    except ValueError as exc:
        ctx.report(
            element.origin,
            f"layout '{layout.name}' element '{element.name}': {exc}",
            once=("box", layout.name, element.name),
        )
        return None


def _check_safe_zone(
    ctx: LayoutContext,
    deck: Deck,
    layout: Layout,
    element: Element,
    box: tuple[float, float, float, float],
) -> None:
    if _truthy(element.props.get("decor")):
        return
    x, y, w, h = box
    s = deck.safe_mm
    if (
        x < s - 0.01
        or y < s - 0.01
        or x + w > deck.width_mm - s + 0.01
        or y + h > deck.height_mm - s + 0.01
    ):
        ctx.report(
            element.origin,
            f"layout '{layout.name}' element '{element.name}' ({x:g},{y:g} {w:g}×{h:g} mm) "
            f"leaves the safe zone ({s:g} mm inside the {deck.width_mm:g}×"
            f"{deck.height_mm:g} mm trim); move it inside or mark it decor: true",
            once=("safe", layout.name, element.name, deck.id),
        )


def _icon(
    ctx: LayoutContext,
    layout: Layout,
    element: Element,
    value: Any,
    box: tuple[float, float, float, float],
) -> Icon | None:
    from printgen.icons import has_icon

    name = value("name")
    if not name:
        return None
    if not has_icon(str(name)):
        ctx.report(
            element.where.get("name", element.origin),
            f"layout '{layout.name}' element '{element.name}': unknown icon '{name}'; "
            "see the icon list in the README",
            once=("icon", layout.name, str(name)),
        )
        return None
    label = value("label")
    return Icon(
        *box,
        str(name),
        _color(value("color", "#000000")) or "#000000",
        None if label is None else str(label),
    )


def _image(
    ctx: LayoutContext,
    layout: Layout,
    element: Element,
    value: Any,
    box: tuple[float, float, float, float],
) -> Image | None:
    raw = value("path")
    if not raw:
        return None
    where = element.where.get("path", element.origin)
    try:
        path = ctx.project.inside(str(raw), where)
    except ProjectError as exc:
        ctx.problems.extend(exc.problems)
        return None
    if not path.is_file():
        ctx.report(
            where,
            f"image '{raw}' not found; put the file there (paths are relative to "
            "the project folder)",
            once=("image", str(raw)),
        )
        return None
    return Image(*box, path)


def _text(
    ctx: LayoutContext,
    layout: Layout,
    element: Element,
    value: Any,
    box: tuple[float, float, float, float],
    card: CardType | None,
    card_where: Where,
) -> TextBox | None:
    content = value("text")
    if content is None or content == "":
        return None
    style = dict(DEFAULT_STYLE)
    style_name = element.props.get("style")
    if style_name is not None:
        if style_name not in layout.styles:
            ctx.report(
                element.where.get("style", element.origin),
                f"layout '{layout.name}' element '{element.name}': unknown style "
                f"'{style_name}'; define it under styles:",
                once=("style", layout.name, str(style_name)),
            )
        else:
            style.update(layout.styles[style_name])
    style.update({k: value(k) for k in element.props if k in DEFAULT_STYLE or k == "min_size"})
    try:
        fam = family(str(style["font"]), ctx.project.fonts)
    except FontMissing as exc:
        ctx.report(
            element.where.get("font", layout.style_where.get(str(style_name), element.origin)),
            str(exc),
            once=("font", str(style["font"])),
        )
        return None
    from printgen.icons import has_icon

    runs = text.parse(str(content), has_icon)
    if style["bold"] or style["italic"]:
        runs = [
            text.Run(
                r.text,
                r.bold or bool(style["bold"]),
                r.italic or bool(style["italic"]),
                r.icon,
                r.newline,
            )
            for r in runs
        ]
    x, y, w, h = box
    size = float(style["size"])
    min_size = float(style.get("min_size", size))
    block = text.fit(
        runs, fam, w * 72 / 25.4, h * 72 / 25.4, size, min_size, float(style["leading"])
    )
    if block is None:
        where = _text_source(element, card, card_where)
        who = f"card '{card.id}'" if card else "the back"
        ctx.report(
            where,
            f"text of {who} does not fit box '{element.name}' of layout "
            f"'{layout.name}' ({w:g}×{h:g} mm) even at {min_size:g} pt [{ctx.lang}]; "
            "shorten the text, enlarge the box or lower min_size",
        )
        return None
    return TextBox(
        x,
        y,
        w,
        h,
        block,
        fam,
        _color(style["color"]) or "#000000",
        str(style["align"]),
        str(style["valign"]),
        ctx.game.icon_colors,
    )


def _text_source(element: Element, card: CardType | None, card_where: Where) -> Where:
    """Point at the card field that feeds the box, where there is one."""
    source = element.props.get("text")
    if card is not None and isinstance(source, str):
        for name in _FIELD_REF.findall(source):
            if name in card.field_where:
                return card.field_where[name]
    return card_where


def _mm(value: Any) -> float:
    return parse_length(0 if value is None else value)


def _color(value: Any) -> str | None:
    if value in (None, "", "none", False):
        return None
    return str(value)


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in ("", "false", "no", "none", "0")
    return bool(value)
