"""Stage 3 — lay out: evaluate every card's layout into a Face of positioned drawing operations.

Text is fitted here (shrink-to-fit down to the layout's min_size), so the print checks — text
that does not fit its box, content outside the safe zone — are findings of this stage, and the
renderer only draws what it is given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printgen import expr, text
from printgen.errors import Problem, ProjectError, Where
from printgen.fields import card_values, game_vars
from printgen.fonts import Family, FontMissing, family
from printgen.layoutdefs import Element, Layout, LayoutLibrary
from printgen.model import CardType, Deck, Game, localize
from printgen.project import Project
from printgen.schema import unknown_icon
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
    values: dict[str, dict[str, Any]]  # each card's evaluated fields, by card id


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
    values = {}
    for card in deck.cards:
        fields = card_values(ctx.game, deck, card, ctx.lang, ctx.problems)
        face = _face(ctx, deck, card.layout, card.layout_where, fields, card, "front")
        fronts.append((card, face))
        values[card.id] = fields
    back = None
    if deck.back_layout:
        back_fields = _back_values(ctx, deck)
        back = _face(
            ctx,
            deck,
            deck.back_layout,
            deck.back_where,
            {"id": "back", "name": ctx.game_vars["title"], **back_fields},  # as its title shows
            None,
            "back",
        )
    return LaidOutDeck(deck, fronts, back, values)


def _back_values(ctx: LayoutContext, deck: Deck) -> dict[str, Any]:
    """The back's fields in one language, their expressions evaluated like a card's."""
    variables = {"data": ctx.data, "game": ctx.game_vars, "lang": ctx.lang}
    values: dict[str, Any] = {}
    for name, raw in localize(deck.back_fields, ctx.lang, ctx.game.meta.languages).items():
        try:
            values[name] = expr.evaluate(raw, variables)
        except expr.ExpressionError as exc:
            ctx.report(deck.back_where, f"back field {name}: {exc}", once=("back", deck.id, name))
    return values


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


class _Props:
    """An element's properties in one card's context: evaluated, typed, and every bad value
    reported once at the line that sets it (a style's line when the style sets it)."""

    def __init__(
        self,
        ctx: LayoutContext,
        layout: Layout,
        element: Element,
        variables: dict[str, Any],
        style: dict[str, Any] | None = None,
        style_where: Where | None = None,
    ) -> None:
        self.ctx, self.layout, self.element, self.variables = ctx, layout, element, variables
        self.style = style or {}
        self.style_where = style_where
        self.style_name = ""

    def where(self, key: str) -> Where:
        if key in self.element.where:
            return self.element.where[key]
        if key in self.style and self.style_where is not None:
            return self.style_where
        return self.element.origin

    def report(self, key: str, message: str) -> None:
        if key not in self.element.where and key in self.style:
            # a style's mistake, shared by every layout that inherits it: say it once
            owner = f"style '{self.style_name}'"
        else:
            owner = f"layout '{self.layout.name}' element '{self.element.name}'"
        where = self.where(key)
        self.ctx.report(where, f"{owner} {key}: {message}", once=("prop", str(where), key))

    def value(self, key: str, default: Any = None) -> Any:
        raw = self.element.props.get(key, self.style.get(key, default))
        try:
            return expr.evaluate(raw, self.variables)
        except expr.ExpressionError as exc:
            self.report(key, str(exc))
            return None

    def number(self, key: str, default: float, minimum: float = 0.0) -> float:
        raw = self.value(key, default)
        try:
            number = float(default if raw is None else raw)
        except (TypeError, ValueError):
            self.report(key, f"expected a number, not {raw!r}")
            return default
        if number < minimum:
            self.report(key, f"must be at least {minimum:g}, not {number:g}")
            return default
        return number

    def length(self, key: str, default: float, minimum: float | None = None) -> float:
        raw = self.value(key, default)
        try:
            value = parse_length(default if raw is None else raw)
        except ValueError as exc:
            self.report(key, str(exc))
            return default
        if minimum is not None and value < minimum:
            self.report(key, f"must be at least {minimum:g} mm, not {value:g}")
            return default
        return value

    def color(self, key: str, default: str | None = None) -> str | None:
        raw = self.value(key, default)
        if raw in (None, "", "none", False):
            return None
        if isinstance(raw, str) and _COLOR.match(raw):
            return raw
        self.report(key, f'expected a colour like "#a83232" (or none), not {raw!r}')
        return default

    def choice(self, key: str, options: tuple[str, ...], default: str) -> str:
        raw = self.value(key, default)
        if raw in options:
            return str(raw)
        self.report(key, f"must be one of {', '.join(options)}, not {raw!r}")
        return default

    def flag(self, key: str) -> bool:
        raw = self.value(key, False)
        if isinstance(raw, bool) or raw is None:
            return bool(raw)
        if isinstance(raw, str) and raw.strip().lower() in _FLAGS:
            return _FLAGS[raw.strip().lower()]
        self.report(key, f"must be true or false, not {raw!r}")
        return False

    def dash(self, key: str) -> tuple[float, ...]:
        raw = self.value(key)
        if raw in (None, "", False):
            return ()
        items = raw if isinstance(raw, list) else [raw]
        try:
            pattern = tuple(float(item) for item in items)
        except (TypeError, ValueError):
            pattern = ()
        if not pattern or any(v <= 0 for v in pattern):
            self.report(key, f"expected dash lengths in points such as [3, 2], not {raw!r}")
            return ()
        return pattern


_COLOR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_FLAGS = {"true": True, "yes": True, "false": False, "no": False, "": False, "none": False}


def _element(
    ctx: LayoutContext,
    deck: Deck,
    layout: Layout,
    element: Element,
    variables: dict[str, Any],
    card: CardType | None,
    card_where: Where,
) -> Op | None:
    props = _Props(ctx, layout, element, variables)
    if "when" in element.props and not _truthy(props.value("when")):
        return None
    box = _box(deck, element, props)
    x, y, w, h = box
    kind = element.type
    if kind in ("rect", "ellipse"):
        return Shape(
            kind,
            x,
            y,
            w,
            h,
            props.color("fill"),
            props.color("stroke"),
            props.number("stroke_width", 0.5),
            props.length("radius", 0.0, minimum=0.0),
            props.dash("dash"),
        )
    if kind == "line":
        return Shape(
            "line",
            x,
            y,
            props.length("x2", x) - x,
            props.length("y2", y) - y,
            None,
            props.color("stroke", "#000000"),
            props.number("stroke_width", 0.5),
            0.0,
            props.dash("dash"),
        )
    _check_safe_zone(ctx, deck, layout, element, box)
    if kind == "icon":
        return _icon(ctx, props, box)
    if kind == "image":
        return _image(ctx, props, box)
    return _text(ctx, props, box, card, card_where)


def _box(deck: Deck, element: Element, props: _Props) -> tuple[float, float, float, float]:
    if _truthy(element.props.get("bleed")):
        b = deck.bleed_mm
        return -b, -b, deck.width_mm + 2 * b, deck.height_mm + 2 * b
    size_floor = None if element.type == "line" else 0.0  # a line's box is only its start
    return (
        props.length("x", 0.0),
        props.length("y", 0.0),
        props.length("w", deck.width_mm, size_floor),
        props.length("h", deck.height_mm, size_floor),
    )


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


def _icon(ctx: LayoutContext, props: _Props, box: tuple[float, float, float, float]) -> Icon | None:
    from printgen.icons import has_icon

    name = props.value("name")
    if not name:
        return None
    if not has_icon(str(name)):
        props.report("name", unknown_icon(str(name)))
        return None
    label = props.value("label")
    color = props.color("color", "#000000") or "#000000"
    return Icon(*box, str(name), color, None if label is None else str(label))


def _image(
    ctx: LayoutContext, props: _Props, box: tuple[float, float, float, float]
) -> Image | None:
    raw = props.value("path")
    if not raw:
        return None
    where = props.where("path")
    try:
        path = ctx.project.inside(str(raw), where)
    except ProjectError as exc:
        for problem in exc.problems:
            ctx.report(problem.where, problem.message, once=("path", str(raw)))
        return None
    if not path.is_file():
        ctx.report(
            where,
            f"image '{raw}' not found; put the file there (paths are relative to "
            "the project folder)",
            once=("image", str(raw)),
        )
        return None
    if not _readable_image(path):
        ctx.report(
            where,
            f"'{raw}' is not an image ReportLab can place; save it as PNG or JPEG",
            once=("image", str(raw)),
        )
        return None
    return Image(*box, path)


def _readable_image(path: Path) -> bool:
    from PIL import Image as PILImage
    from PIL import UnidentifiedImageError

    try:
        with PILImage.open(path) as image:
            image.verify()
    except (OSError, UnidentifiedImageError, SyntaxError):
        return False
    return True


def _text(
    ctx: LayoutContext,
    props: _Props,
    box: tuple[float, float, float, float],
    card: CardType | None,
    card_where: Where,
) -> TextBox | None:
    layout, element = props.layout, props.element
    content = props.value("text")
    if content is None or content == "":
        return None
    style_name = element.props.get("style")
    if style_name is not None and style_name not in layout.styles:
        props.report("style", f"unknown style '{style_name}'; define it under styles:")
    else:
        props.style = layout.styles.get(str(style_name), {}) if style_name is not None else {}
        props.style_where = layout.style_where.get(str(style_name))
        props.style_name = str(style_name)
    font = str(props.value("font", DEFAULT_STYLE["font"]))
    try:
        fam = family(font, ctx.project.fonts)
    except FontMissing as exc:
        ctx.report(props.where("font"), str(exc), once=("font", font))
        return None
    size = props.number("size", DEFAULT_STYLE["size"], minimum=1.0)
    min_size = props.number("min_size", size, minimum=1.0)
    leading = props.number("leading", DEFAULT_STYLE["leading"], minimum=0.5)
    bold, italic = props.flag("bold"), props.flag("italic")
    color = props.color("color", DEFAULT_STYLE["color"]) or DEFAULT_STYLE["color"]
    align = props.choice("align", ("left", "center", "right"), "left")
    valign = props.choice("valign", ("top", "middle", "bottom"), "top")
    runs = _runs(
        ctx, str(content), _text_source(element, card, card_where, ctx.lang), bold, italic, fam
    )
    x, y, w, h = box
    block = text.fit(runs, fam, w * 72 / 25.4, h * 72 / 25.4, size, min(min_size, size), leading)
    if block is None:
        who = f"card '{card.id}'" if card else "the back"
        ctx.report(
            _text_source(element, card, card_where, ctx.lang),
            f"text of {who} does not fit box '{element.name}' of layout "
            f"'{layout.name}' ({w:g}×{h:g} mm) even at {min(min_size, size):g} pt [{ctx.lang}]; "
            "shorten the text, enlarge the box or lower min_size",
        )
        return None
    return TextBox(x, y, w, h, block, fam, color, align, valign, ctx.game.icon_colors)


def _runs(
    ctx: LayoutContext, content: str, where: Where, bold: bool, italic: bool, fam: Family
) -> list[text.Run]:
    """Markup to runs; an unknown :icon: name or a character the font lacks is reported."""
    from printgen.icons import has_icon

    runs = text.parse(content, has_icon)
    for name in text.unknown_icons(runs):
        ctx.report(
            where,
            unknown_icon(name, inline=True),
            once=("inline-icon", str(where), name),
        )
    for char in text.missing_glyphs(runs, fam):
        ctx.report(
            where,
            f"character {char!r} is not in font {fam.name}; write it another way or use a "
            "font that has it",
            once=("glyph", str(where), char),
        )
    if bold or italic:
        runs = [replace(r, bold=r.bold or bold, italic=r.italic or italic) for r in runs]
    return runs


def _text_source(element: Element, card: CardType | None, card_where: Where, lang: str) -> Where:
    """Point at the card field that feeds the box (its text in this language), if any."""
    source = element.props.get("text")
    if card is not None and isinstance(source, str):
        for name in _FIELD_REF.findall(source):
            if name in card.field_where:
                return card.where_of(name, lang)
    return card_where


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in ("", "false", "no", "none", "0")
    return bool(value)
