"""Stage 4 — lay out: evaluate every card's layout into a Face of positioned drawing operations.

Text is fitted here (shrink-to-fit down to the layout's min_size), so the print checks — text
that does not fit its box, content outside the safe zone — are findings of this stage, and the
draw stage only draws what it is given. Card values come resolved (see printgen.resolve).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from printgen import expressions as expr
from printgen.layout import text
from printgen.layout.checks import FaceChecks
from printgen.layout.collector import paused_for
from printgen.layout.face import BorrowedDeck, Face, Icon, LaidOutDeck, Op, Shape, TextBox
from printgen.layout.fonts import Family, FontMissing, family
from printgen.layout.images import lay_out_image
from printgen.layout.props import Props, truthy
from printgen.limits import (
    MAX_FONT_PT,
    MAX_LEADING,
    MAX_STROKE_PT,
)
from printgen.model.game import CardType, Deck, Game, Side, localize
from printgen.problems import Problems, ProjectError, Where
from printgen.project import Project
from printgen.resolve import Resolved
from printgen.source.layouts import Element, Layout, LayoutLibrary

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
_SET_PER_CARD = ("text", "when")  # what a text's settings do not depend on


class LayoutContext:
    """What a game's layouts can see in one language: resolved values, fonts, the project."""

    def __init__(
        self,
        project: Project,
        game: Game,
        library: LayoutLibrary,
        resolved: Resolved,
        problems: Problems,
    ) -> None:
        self.project = project
        self.game = game
        self.library = library
        self.resolved = resolved
        self.lang = resolved.lang
        self.data = resolved.data
        self.game_vars = resolved.game
        self.problems = problems
        self.checks = FaceChecks(problems, self.lang)
        # What elements without expressions give, worked out for the first card and reused
        # for the rest (10,000 cards of five elements otherwise type half a million constants)
        self.constant: dict[tuple[int, int, tuple[str, ...]], bool] = {}
        self.fixed_ops: dict[tuple[int, int, int], Op | None] = {}
        self.text_settings: dict[tuple[int, int, int], _TextSettings] = {}
        self.text_boxes: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}

    def report(self, where: Where, message: str, once: tuple[str, ...] | None = None) -> None:
        self.problems.add(where, message, once=once)


def lay_out_game(
    project: Project, game: Game, library: LayoutLibrary, resolved: Resolved, problems: Problems
) -> list[LaidOutDeck]:
    ctx = LayoutContext(project, game, library, resolved, problems)
    with paused_for(sum(len(deck.cards) for deck in game.decks)):
        decks = [lay_out_deck(ctx, deck) for deck in game.decks]
    ctx.checks.report()
    return decks


def lay_out_borrowed(
    project: Project, game: Game, library: LayoutLibrary, resolved: Resolved, problems: Problems
) -> list[BorrowedDeck]:
    """The decks of a game another one plays on: backs now, each front when first drawn."""
    ctx = LayoutContext(project, game, library, resolved, problems)
    decks = []
    for deck in game.decks:
        values = ctx.resolved.cards[deck.id]
        back = None
        if deck.back_layout:
            back_values = ctx.resolved.backs[deck.id]
            back = _face(ctx, deck, deck.back_layout, deck.back_where, back_values, None, Side.BACK)

        def front(card: CardType, deck: Deck = deck, values: dict[str, Any] = values) -> Face:
            return _face(
                ctx, deck, card.layout, card.layout_where, values[card.id], card, Side.FRONT
            )

        decks.append(BorrowedDeck(deck, values, back, front))
    return decks


def lay_out_deck(ctx: LayoutContext, deck: Deck) -> LaidOutDeck:
    fronts = []
    values = ctx.resolved.cards[deck.id]
    for card in deck.cards:
        face = _face(ctx, deck, card.layout, card.layout_where, values[card.id], card, Side.FRONT)
        fronts.append((card, face))
    back = None
    if deck.back_layout:
        back_values = ctx.resolved.backs[deck.id]
        back = _face(ctx, deck, deck.back_layout, deck.back_where, back_values, None, Side.BACK)
    return LaidOutDeck(deck, fronts, back, values)


def _face(
    ctx: LayoutContext,
    deck: Deck,
    layout_name: str,
    where: Where,
    fields: dict[str, Any],
    card: CardType | None,
    side: Side,
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
    placed: list[tuple[Element, Op]] = []
    card_where = card.where if card else where
    for element in layout.elements:
        op = _element(ctx, deck, layout, element, variables, card, card_where)
        if op is not None:
            placed.append((element, op))
            face.ops.append(op)
    ctx.checks.face(
        layout.name, face, placed, lambda e: _text_source(e, card, card_where, ctx.lang)
    )
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
    props = Props(ctx, layout, element, variables)
    if "when" in element.props and not truthy(props.value("when")):
        return None
    if not _constant(ctx, layout, element):
        if element.type == "text" and _constant(ctx, layout, element, but=_SET_PER_CARD):
            return _text_element(ctx, deck, props, card, card_where)
        return _element_op(ctx, deck, props, card, card_where)
    # the same op on every card of the deck; worked out again only while it has problems to
    # report, so each card's report stays as it was
    key = (id(layout), id(element), id(deck))
    if key in ctx.fixed_ops:
        return ctx.fixed_ops[key]
    before = len(ctx.problems)
    op = _element_op(ctx, deck, props, card, card_where)
    if len(ctx.problems) == before:
        ctx.fixed_ops[key] = op
    return op


def _constant(
    ctx: LayoutContext, layout: Layout, element: Element, but: tuple[str, ...] = ()
) -> bool:
    """Whether no property of the element (nor of its style) but those named is an expression."""
    key = (id(layout), id(element), but)
    if key not in ctx.constant:
        style = layout.styles.get(str(element.props.get("style")), {})
        values = [v for k, v in element.props.items() if k not in but] + list(style.values())
        ctx.constant[key] = not any(expr.is_expression(value) for value in values)
    return ctx.constant[key]


def _element_op(
    ctx: LayoutContext, deck: Deck, props: Props, card: CardType | None, card_where: Where
) -> Op | None:
    element, layout = props.element, props.layout
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
            props.number("stroke_width", 0.5, 0.0, MAX_STROKE_PT),
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
            props.number("stroke_width", 0.5, 0.0, MAX_STROKE_PT),
            0.0,
            props.dash("dash"),
        )
    _check_safe_zone(ctx, deck, layout, element, props, box)
    if kind == "icon":
        return _icon(ctx, props, box)
    if kind == "image":
        return lay_out_image(ctx, props, box)
    return _text(ctx, deck, props, box, card, card_where)


def _text_element(
    ctx: LayoutContext, deck: Deck, props: Props, card: CardType | None, card_where: Where
) -> TextBox | None:
    """A text whose only expression is its text: its box, checked against the safe zone, is
    the same on every card (worked out again only while it has problems to report)."""
    key = (id(props.layout), id(props.element), id(deck))
    box = ctx.text_boxes.get(key)
    if box is None:
        before = len(ctx.problems)
        box = _box(deck, props.element, props)
        _check_safe_zone(ctx, deck, props.layout, props.element, props, box)
        if len(ctx.problems) == before:
            ctx.text_boxes[key] = box
    return _text(ctx, deck, props, box, card, card_where)


def _box(deck: Deck, element: Element, props: Props) -> tuple[float, float, float, float]:
    if props.flag("bleed"):
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
    props: Props,
    box: tuple[float, float, float, float],
) -> None:
    if props.flag("decor"):
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


def _icon(ctx: LayoutContext, props: Props, box: tuple[float, float, float, float]) -> Icon | None:
    icons = ctx.game.icon_library
    name = props.value("name")
    if not name:
        return None
    if not icons.has(str(name)):
        props.report("name", icons.unknown_message(str(name)))
        return None
    label = props.value("label")
    color = props.color("color", "#000000") or "#000000"
    return Icon(*box, str(name), color, None if label is None else str(label), icons)


@dataclass(frozen=True, slots=True)
class _TextSettings:
    """How a text element sets its text, whatever the text: the same on every card when none
    of the element's properties but its text is an expression."""

    family: Family
    size: float
    min_size: float
    leading: float
    bold: bool
    italic: bool
    color: str
    align: str
    valign: str


def _text(
    ctx: LayoutContext,
    deck: Deck,
    props: Props,
    box: tuple[float, float, float, float],
    card: CardType | None,
    card_where: Where,
) -> TextBox | None:
    layout, element = props.layout, props.element
    content = props.value("text")
    if content is None or content == "":
        return None
    settings = _settings(ctx, deck, props)
    if settings is None:
        return None
    fam, size, min_size = settings.family, settings.size, settings.min_size
    runs = _runs(
        ctx,
        str(content),
        _text_source(element, card, card_where, ctx.lang),
        settings.bold,
        settings.italic,
        fam,
    )
    x, y, w, h = box
    fitted = text.fit(
        runs, fam, w * 72 / 25.4, h * 72 / 25.4, size, min(min_size, size), settings.leading
    )
    if fitted is None:
        who = f"card '{card.id}'" if card else "the back"
        ctx.report(
            _text_source(element, card, card_where, ctx.lang),
            f"text of {who} does not fit box '{element.name}' of layout "
            f"'{layout.name}' ({w:g}×{h:g} mm) even at {min(min_size, size):g} pt [{ctx.lang}]; "
            "shorten the text, enlarge the box or lower min_size",
        )
        return None
    return TextBox(
        x,
        y,
        w,
        h,
        fitted,
        fam,
        settings.color,
        settings.align,
        settings.valign,
        ctx.game.icon_colors,
        ctx.game.icon_library,
    )


def _settings(ctx: LayoutContext, deck: Deck, props: Props) -> _TextSettings | None:
    """The element's text settings, reused across cards while they are constants that
    reported nothing."""
    layout, element = props.layout, props.element
    key = (id(layout), id(element), id(deck))
    if key in ctx.text_settings:
        return ctx.text_settings[key]
    before = len(ctx.problems)
    style_name = element.props.get("style")
    if style_name is not None and style_name not in layout.styles:
        props.report("style", f"unknown style '{style_name}'; define it under styles:")
    else:
        props.style = layout.styles.get(str(style_name), {}) if style_name is not None else {}
        props.style_where = layout.style_where.get(str(style_name))
        props.style_name = str(style_name)
    font = str(props.value("font", DEFAULT_STYLE["font"]))
    try:
        fam = family(font, ctx.project)
    except FontMissing as exc:
        ctx.report(props.where("font"), str(exc), once=("font", font))
        return None
    size = props.number("size", DEFAULT_STYLE["size"], 1.0, MAX_FONT_PT)
    settings = _TextSettings(
        fam,
        size,
        props.number("min_size", size, 1.0, MAX_FONT_PT),
        props.number("leading", DEFAULT_STYLE["leading"], 0.5, MAX_LEADING),
        props.flag("bold"),
        props.flag("italic"),
        props.color("color", DEFAULT_STYLE["color"]) or DEFAULT_STYLE["color"],
        props.choice("align", ("left", "center", "right"), "left"),
        props.choice("valign", ("top", "middle", "bottom"), "top"),
    )
    if len(ctx.problems) == before and _constant(ctx, layout, element, but=_SET_PER_CARD):
        ctx.text_settings[key] = settings
    return settings


def _runs(
    ctx: LayoutContext, content: str, where: Where, bold: bool, italic: bool, fam: Family
) -> list[text.Run]:
    """Markup to runs; an unknown :icon: name or a character the font lacks is reported."""
    icons = ctx.game.icon_library
    runs = text.parse(content, icons.has)
    for name in text.unknown_icons(runs):
        ctx.report(
            where,
            icons.unknown_message(name, inline=True),
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
