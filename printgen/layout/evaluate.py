"""Stage 4 — lay out: evaluate every card's layout into a Face of positioned drawing operations.

Text is fitted here (shrink-to-fit down to the layout's min_size, in
printgen.layout.text_element), so the print checks — text that does not fit its box, content
outside the safe zone — are findings of this stage, and the draw stage only draws what it is
given. Card values come resolved (see printgen.resolve).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from printgen.layout.blank_layout import drawing_nothing
from printgen.layout.boxes import element_box
from printgen.layout.checks import FaceChecks
from printgen.layout.face import (
    BorrowedDeck,
    Face,
    Icon,
    LaidOutDeck,
    Op,
    Shape,
    TextBox,
    blank_face,
)
from printgen.layout.images import lay_out_image
from printgen.layout.polygons import FILLED
from printgen.layout.printed_fields import printed_fields
from printgen.layout.props import Props, truthy
from printgen.layout.safe_zone import check_safe_zone, off_the_card
from printgen.layout.shapes import SHAPES, recoloured, shape_op
from printgen.layout.text_element import SET_PER_CARD, TextSettings, lay_out_text
from printgen.layout_defaults import deck_facts, worked_out
from printgen.model.game import CardType, Deck, Game, Side, localize
from printgen.problems import Problem, Problems, ProjectError, Severity, Where
from printgen.project import Project
from printgen.resolve import Resolved
from printgen.sandbox import expressions as expr
from printgen.source.layouts import Element, Layout, LayoutLibrary


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
        # a message names the language only where the game has several
        self.tag = f" [{self.lang}]" if len(game.meta.languages) > 1 else ""
        self.data = resolved.data
        self.game_vars = resolved.game
        self.problems = problems
        self.quiet = False  # a face of a card whose fields failed: its expressions' errors follow
        self.back_card: CardType | None = None  # the card whose own back is being laid out
        self.checks = FaceChecks(problems, self.lang, self.tag)
        # set by a lay-out of a failed game's sound cards: what their own texts warn of, which
        # holds however many of their siblings are missing (Session._card_problems says it)
        self.texts_warned: set[Problem] | None = None
        # What elements without expressions give, worked out for the first card and reused
        # for the rest (10,000 cards of five elements otherwise type half a million constants)
        self.constants: dict[tuple[int, int, tuple[str, ...]], bool] = {}
        self.fixed_ops: dict[tuple[int, int, int], Op | None] = {}
        self.shared: dict[int, Op] = {}  # those ops by id: what every card of a deck shares
        self.text_settings: dict[tuple[int, int, int], TextSettings] = {}
        self.text_boxes: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}
        self.shape_frames: dict[tuple[int, int, int], Shape] = {}  # the first card's shape
        self.prints: dict[int, frozenset[str]] = {}  # by element: the fields it prints as text

    def printed(self, element: Element) -> frozenset[str]:
        """The fields ``element`` prints as text, worked out once an element."""
        if id(element) not in self.prints:
            self.prints[id(element)] = printed_fields(element)
        return self.prints[id(element)]

    def report(self, where: Where, message: str, once: tuple[str, ...] | None = None) -> None:
        self.problems.add(where, message, once=once)

    def text_warning(self, where: Where, message: str, once: tuple[str, ...]) -> None:
        """A warning about one card's text itself (its markup, a face its font lacks), not
        about the deck around it."""
        self.problems.add(where, message, Severity.WARNING, once)
        if self.texts_warned is not None:
            self.texts_warned.add(Problem(where, message, Severity.WARNING))

    def constant(self, layout: Layout, element: Element, but: tuple[str, ...] = ()) -> bool:
        """Whether no property of the element (nor of its style) but those named is an
        expression."""
        key = (id(layout), id(element), but)
        if key not in self.constants:
            style = layout.styles.get(str(element.props.get("style")), {})
            values = [v for k, v in element.props.items() if k not in but] + list(style.values())
            self.constants[key] = not any(expr.is_expression(value) for value in values)
        return self.constants[key]


def lay_out_game(
    project: Project,
    game: Game,
    library: LayoutLibrary,
    resolved: Resolved,
    problems: Problems,
    stream: bool = False,
    texts_warned: set[Problem] | None = None,
) -> list[LaidOutDeck]:
    """Every deck of the game laid out in one language; with ``stream``, the fronts are laid
    out only when their sheet is drawn (printgen.layout.streamed finishes their checks); with
    ``texts_warned``, what the cards' own texts warn of is put in it too."""
    ctx = LayoutContext(project, game, library, resolved, problems)
    ctx.texts_warned = texts_warned
    if stream:
        from printgen.layout.streamed import StreamedFronts

        later = StreamedFronts(ctx)
        return [later.deck(deck) for deck in game.decks]
    decks = []
    for deck in game.decks:
        decks.append(lay_out_deck(ctx, deck))
        ctx.checks.position += 1  # the back's place, with or without one
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

        def front(card: CardType, deck: Deck = deck, values: dict[str, Any] = values) -> Face:
            return lay_out_front(ctx, deck, card, values[card.id])

        back = lay_out_back(ctx, deck)
        from printgen.layout.backs import lay_out_card_backs

        own = lay_out_card_backs(ctx, deck, back)
        decks.append(BorrowedDeck(deck, values, back, front, card_backs=own))
    return decks


def lay_out_deck(ctx: LayoutContext, deck: Deck) -> LaidOutDeck:
    values = ctx.resolved.cards[deck.id]
    fronts = []
    for card in deck.cards:
        fronts.append((card, lay_out_front(ctx, deck, card, values[card.id])))
        ctx.checks.position += 1
    ctx.checks.hidden(deck.id)
    back = lay_out_back(ctx, deck)
    from printgen.layout.backs import lay_out_card_backs  # it lays out with this module's

    own = lay_out_card_backs(ctx, deck, back)
    return LaidOutDeck(deck, fronts, back, values, shared=ctx.shared, card_backs=own)


def lay_out_front(ctx: LayoutContext, deck: Deck, card: CardType, fields: dict[str, Any]) -> Face:
    return lay_out_face(ctx, deck, card.layout, card.layout_where, fields, card, Side.FRONT)


def lay_out_back(ctx: LayoutContext, deck: Deck) -> Face | None:
    """The deck's back, where a card prints it: not when every card has a back of its own (its
    layout may print a field only the cards' own backs give)."""
    if not deck.back_layout or (deck.cards and all(card.back for card in deck.cards)):
        return None
    back_values = ctx.resolved.backs[deck.id]
    where = deck.back_layout_where or deck.back_where
    return lay_out_face(ctx, deck, deck.back_layout, where, back_values, None, Side.BACK)


def lay_out_face(
    ctx: LayoutContext,
    deck: Deck,
    layout_name: str,
    where: Where,
    fields: dict[str, Any],
    card: CardType | None,
    side: Side,
    backs: str | None = None,
) -> Face:
    """A face laid out; ``backs``: the (first) card whose own back it is."""
    face = blank_face(deck, fields, side)
    if backs is not None:  # never the deck's back's key (.../back/back), nor another card's
        face.key, face.card = f"{deck.id}/back/{backs}-back", backs
    ctx.quiet = card is not None and (deck.id, card.id) in ctx.resolved.failed
    try:
        layout = ctx.library.get(layout_name, where, (deck.width_mm, deck.height_mm), deck.safe_mm)
        layout = ctx.library.named_at(layout, where)
        drawing_nothing(ctx.problems, layout, deck, side)
    except ProjectError as exc:
        # once per file naming it: each deck's mistake is said in the same run, yet a sheet
        # of rows naming it (or a generator's cards) is not said row by row — a workbook's
        # cell is part of its path (ships.xlsx#Cards!C2), the file is what precedes the cell
        file = where.path.rpartition("!")[0] or where.path
        for problem in exc.problems:
            ctx.report(problem.where, problem.message, once=("layout", layout_name, file))
        return face
    variables = {
        "card": {**layout.defaults, **fields} if layout.defaults else fields,
        "data": ctx.data,
        "game": ctx.game_vars,
        "lang": ctx.lang,
        "deck": deck_facts(deck),
        # a generated card's variables (a card written out has none: nothing to localize)
        **(localize(card.scope, ctx.lang, ctx.game.meta.languages) if card and card.scope else {}),
    }
    _computed_defaults(ctx, layout, fields, variables)
    placed: list[tuple[Element, Op]] = []
    card_where = card.where if card else where
    results: dict[str, Any] = {}
    printed: frozenset[str] = frozenset()
    for element in layout.elements:
        op = _element(ctx, deck, layout, element, variables, results, card, card_where)
        if op is not None:
            placed.append((element, op))
            face.ops.append(op)
            # only what this face draws: a field printed by an element its when: leaves off
            # this card is not this card's text (its card block said it all the same)
            if texts := ctx.printed(element):
                printed |= texts
    face.prints = printed
    ctx.checks.face(layout.name, face, placed, card)
    return face


def _computed_defaults(
    ctx: LayoutContext, layout: Layout, fields: dict[str, Any], variables: dict[str, Any]
) -> None:
    """A default written as an expression (``color: "{{ data.colors[card.kind] }}"``) is each
    card's own value, computed from its other fields, where the card does not give one (a
    card's front has it among its values already: printgen.layout_defaults; a back has not)."""
    for key, value in layout.defaults.items():
        if key not in fields and expr.is_expression(value):
            card_id = fields.get("id", "?")
            variables["card"][key] = worked_out(layout, key, variables, card_id, ctx.problems)


def _element(
    ctx: LayoutContext,
    deck: Deck,
    layout: Layout,
    element: Element,
    variables: dict[str, Any],
    results: dict[str, Any],
    card: CardType | None,
    card_where: Where,
) -> Op | None:
    if "when" not in element.props and not element.kept_when:
        # an element without expressions, worked out for an earlier card: its op, without the
        # props made and let go (a 1,000-card build 2,954 → 2,944 million instructions)
        fixed = ctx.fixed_ops.get((id(layout), id(element), id(deck)), _NOT_FIXED)
        if fixed is not _NOT_FIXED:
            return fixed
    props = Props(
        ctx,
        layout,
        element,
        variables,
        results,
        back_of=deck if card is None else None,
        card_where=card_where if card is not None else None,
    )
    drawn = "when" not in element.props or truthy(props.value("when"))
    if element.kept_when and card is not None:
        ctx.checks.kept_when(deck.id, layout.name, element, drawn)
    if not drawn:
        return None
    if not ctx.constant(layout, element):
        if element.type == "text" and ctx.constant(layout, element, but=SET_PER_CARD):
            return _turned(props, _text_element(ctx, deck, props, card, card_where))
        if element.type in FILLED and ctx.constant(layout, element, but=_COLORS):
            return _colored_shape(ctx, deck, props, card, card_where)
        return _turned(props, _element_op(ctx, deck, props, card, card_where))
    # the same op on every card of the deck; worked out again only while it has problems to
    # report, so each card's report stays as it was
    key = (id(layout), id(element), id(deck))
    if key in ctx.fixed_ops:
        return ctx.fixed_ops[key]
    before = len(ctx.problems)
    op = _turned(props, _element_op(ctx, deck, props, card, card_where))
    if len(ctx.problems) == before:
        ctx.fixed_ops[key] = op
        if op is not None:
            ctx.shared[id(op)] = op
    return op


def _turned(props: Props, op: Op | None) -> Op | None:
    """``rotate: 180``: the element upside down in its box, as a card's second corner index."""
    if op is None or isinstance(op, Shape) or "rotate" not in props.element.props:
        return op
    turn = props.number("rotate", 0.0, 0.0, 180.0)
    if turn not in (0.0, 180.0):
        props.report("rotate", "must be 0 or 180 (180: upside down, as a second corner index)")
    elif turn == 180.0:
        turned: Op = replace(op, turned=True)  # a new op: a text's may be shared elsewhere
        return turned
    return op


def _element_op(
    ctx: LayoutContext, deck: Deck, props: Props, card: CardType | None, card_where: Where
) -> Op | None:
    element, layout = props.element, props.layout
    box = element_box(deck, element, props)
    if props.reported:  # a position or size said wrong: no box to check or draw (a stand-in
        return None  # 0 would be said again as "leaves the safe zone" and such)
    if element.type != "line" and off_the_card(ctx.problems, deck, layout, element, box):
        return None  # (a line's box is not where it runs: x2 and y2 say)
    kind = element.type
    if kind in SHAPES:
        props.flag("decor")  # a shape is never checked against the safe zone: its word, still
        return shape_op(props, kind, box)
    if _no_size(props, box):
        return None
    check_safe_zone(ctx.report, deck, layout, element, props, box)
    if kind == "icon":
        return _icon(ctx, props, box)
    if kind == "image":
        return lay_out_image(ctx, props, box)
    return lay_out_text(ctx, deck, props, box, card, card_where)


def _no_size(props: Props, box: tuple[float, float, float, float]) -> bool:
    """Whether the element has no width or no height (said): a picture, icon or text of no
    size prints nothing, and a text in it "does not fit even at 5 pt" as a follow-on."""
    if box[2] > 0 and box[3] > 0:
        return False
    side = "w" if box[2] <= 0 else "h"
    props.report(side, "is 0, so the element prints nothing; give it a size, or remove it")
    return True


def _text_element(
    ctx: LayoutContext, deck: Deck, props: Props, card: CardType | None, card_where: Where
) -> TextBox | None:
    """A text whose only expression is its text: its box, checked against the safe zone, is
    the same on every card (worked out again only while it has problems to report)."""
    key = (id(props.layout), id(props.element), id(deck))
    box = ctx.text_boxes.get(key)
    if box is None:
        before = len(ctx.problems)
        box = element_box(deck, props.element, props)
        if props.reported or _no_size(props, box):  # said wrong: nothing more to say
            return None
        check_safe_zone(ctx.report, deck, props.layout, props.element, props, box)
        if len(ctx.problems) == before:
            ctx.text_boxes[key] = box
    return lay_out_text(ctx, deck, props, box, card, card_where)


_NOT_FIXED = Shape("rect", 0.0, 0.0, 0.0, 0.0)  # what no element's op is
_COLORS = ("fill", "stroke", "when")  # what a shape's frame does not depend on


def _colored_shape(
    ctx: LayoutContext, deck: Deck, props: Props, card: CardType | None, card_where: Where
) -> Op | None:
    """A rect, ellipse, polygon or star whose only expressions are its colours (a card's own
    background, ``fill: "{{ card.color }}"``): its box, stroke width, radius, dash, corners and
    angle are the same on every card, worked out for the first and again only while they have
    problems to report — its colours alone are each card's (1,000 cards' build: 3,311 → 3,279
    million instructions)."""
    key = (id(props.layout), id(props.element), id(deck))
    frame = ctx.shape_frames.get(key)
    if frame is None:
        before = len(ctx.problems)
        op = _element_op(ctx, deck, props, card, card_where)
        if isinstance(op, Shape) and len(ctx.problems) == before:
            ctx.shape_frames[key] = op
        return op
    return recoloured(frame, props)


def _icon(ctx: LayoutContext, props: Props, box: tuple[float, float, float, float]) -> Icon | None:
    icons = ctx.game.icon_library
    name = props.value("name")
    if not name:
        return None
    if not icons.has(str(name)):
        if not icons.refused(str(name)):  # (a refused file is said at the file)
            props.report("name", icons.unknown_message(str(name)))
        return None
    label = props.printed("label")
    # without a colour of its own, an icon is drawn as it is in the game's texts
    default = ctx.game.icon_colors.get(str(name), "#000000")
    color = props.color("color", default) or default
    return Icon(*box, str(name), color, None if label is None else str(label), icons)
