"""Lay out one text element of a card: its settings (font, size, leading, colours, alignment),
its markup parsed and checked against the font and the icons, and the text fitted to its box.

A text whose only expression is its text sets it the same way on every card: those settings
are worked out for the first card and reused (``LayoutContext.text_settings``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from printgen.layout import fitting, text, unprintable
from printgen.layout.face import TextBox
from printgen.layout.font_faces import faces_lacking
from printgen.layout.fonts import Family, FontMissing, family
from printgen.layout.game_text import game_text_place
from printgen.layout.hyphens import IN_A_CELL, quoted_word, widest_unbroken
from printgen.layout.props import Props
from printgen.limits import MAX_FONT_PT, MAX_LEADING
from printgen.model.game import CardType, Deck
from printgen.problems import Severity, Where, in_spreadsheet
from printgen.source.layouts import Element
from printgen.source.readers import did_you_mean
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from printgen.layout.evaluate import LayoutContext

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
_FIELD_REF = pattern(r"\bcard\.([A-Za-z_]\w*)")
SET_PER_CARD = ("text", "when")  # what a text's settings do not depend on


@dataclass(frozen=True, slots=True)
class TextSettings:
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
    # one of them said wrong (min_size: 0.01), a stand-in taken: what follows from the stand-in
    # ("does not fit even at 9 pt; lower min_size") is not said of the element
    refused: bool = False


def lay_out_text(
    ctx: LayoutContext,
    deck: Deck,
    props: Props,
    box: tuple[float, float, float, float],
    card: CardType | None,
    card_where: Where,
) -> TextBox | None:
    layout, element = props.layout, props.element
    content = props.printed("text")
    # the settings even for a text that failed or is empty: a misspelt style is said with it
    settings = _settings(ctx, deck, props)
    if content is None or content == "" or settings is None:
        return None
    fam, size, min_size = settings.family, settings.size, settings.min_size
    in_game = game_text_place(ctx, element)
    runs = _runs(
        ctx,
        str(content),
        lambda needle: text_source(element, card, card_where, ctx.lang, needle, in_game),
        settings.bold,
        settings.italic,
        fam,
    )
    if fam.lacking:
        faces_lacking(
            ctx,
            props,
            runs,
            settings,
            lambda n: text_source(element, card, card_where, ctx.lang, n),
        )
    x, y, w, h = box
    least = min(min_size, size)
    if h * 72 / 25.4 + 0.01 < fitting.LINE * least:  # no text fits: said once, at the box
        if settings.refused:  # at a stand-in size: the refused setting is said
            return None
        line = fitting.LINE * least * 25.4 / 72
        ctx.report(
            element.origin,
            f"box '{element.name}' of layout '{layout.name}' is {h:.1f} mm high on the "
            f"{deck.width_mm:g}×{deck.height_mm:g} mm cards of deck '{deck.id}': no line of "
            f"text fits it, even at {least:g} pt ({line:.1f} mm); make it taller, or the "
            "cards larger",
            once=("no line", str(element.origin), element.name, deck.id),  # inherited: once
        )
        return None
    source = (element, card, card_where, ctx.lang)
    fitted = fitting.fit(
        runs, fam, w * 72 / 25.4, h * 72 / 25.4, size, min(min_size, size), settings.leading
    )
    who = f"card '{card.id}'" if card else "the back"
    if card is None and ctx.back_card is not None:  # a card's own back: which card's
        who = f"the back of card '{ctx.back_card.id}'"
    if fitted is None and settings.refused:  # (the refused setting is said)
        return None
    if fitted is None:
        where = text_source(element, card, card_where, ctx.lang)
        ctx.report(
            where,
            f"text of {who} does not fit box '{element.name}' of layout "
            f"'{layout.name}' ({round(w, 1):g}×{round(h, 1):g} mm) even at "
            f"{least:g} pt{ctx.tag}; {_advice(runs, fam, least, w, in_spreadsheet(where))}",
        )
        return None
    if card is None and fitted.size < READABLE_PT <= size:  # (under it as set: said once)
        # a back's; a front's is said with the deck-wide checks (printgen.layout.checks), which
        # a build streaming its fronts to their sheets makes without a second pass
        ctx.problems.add(
            text_source(*source),
            shrunk_message(who, element.name, layout.name, fitted.size, ctx.tag),
            Severity.WARNING,
        )
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
        set_size=size,
    )


# The smallest type a card's text is read at: printgen's documents print nothing under it (a
# gallery of cards is drawn large enough for their text to reach it), and a card is read at
# arm's length across a table. Smaller text still prints: a warning, not an error.
READABLE_PT = 6.0


def shrunk_message(who: str, element: str, layout: str, printed: float, tag: str) -> str:
    """Text its layout sets at a readable size, shrunk under READABLE_PT to fit its box (which
    its min_size allows): said for the card (or back), at its text."""
    return (
        f"{who}: the text of box '{element}' in layout '{layout}' had to shrink to "
        f"{printed:g} pt, under the {READABLE_PT:g} pt a card's text can be read at{tag} (its "
        "min_size lets it); shorten the text or give it a larger box"
    )


def _set_unreadable(ctx: LayoutContext, props: Props, size: float) -> None:
    """A text its layout (or style) sets under READABLE_PT on every card: said once, at the
    size."""
    layout, element = props.layout.name, props.element.name
    ctx.problems.add(
        props.where("size"),
        f"layout '{layout}' element '{element}' sets its text at {size:g} pt, under the "
        f"{READABLE_PT:g} pt a card's text can be read at; make it {READABLE_PT:g} pt or more",
        Severity.WARNING,
        once=("unreadable", layout, element),
    )


def _advice(runs: list[text.Run], family: Family, size: float, width: float, sheet: bool) -> str:
    """What to do about a text that fits at no size: a word wider than the box is named, since
    no lowering of min_size or shortening of the rest mends it, and a soft hyphen does — typed
    as the character in a spreadsheet's cell, which reads no escapes."""
    word, word_width = widest_unbroken(text.split(runs, family), text.width_of, size)
    if word_width > width * 72 / 25.4 + 0.01:
        how = IN_A_CELL if sheet else "\\u00ad in a double-quoted text"
        return (
            f"the word '{quoted_word(word)}' alone is wider than the box: mark where it may "
            f"break with a soft hyphen ({how}), shorten it or enlarge the box"
        )
    return "shorten the text, enlarge the box or lower min_size"


def _settings(ctx: LayoutContext, deck: Deck, props: Props) -> TextSettings | None:
    """The element's text settings, reused across cards while they are constants that
    reported nothing."""
    layout, element = props.layout, props.element
    key = (id(layout), id(element), id(deck))
    if key in ctx.text_settings:
        return ctx.text_settings[key]
    before, refused = len(ctx.problems), props.reported
    style_name = element.props.get("style")
    if style_name is not None and not isinstance(style_name, str):  # style: {size: 8}
        props.report(
            "style",
            "a style's name from the layout's styles:, not its keys (write those on the "
            "element itself, as size: 8)",
        )
        return None
    if style_name is not None and style_name not in layout.styles:
        hint = did_you_mean(str(style_name), layout.styles, "; define it under styles:")
        props.report("style", f"unknown style '{style_name}'{hint}")
    else:
        props.style = layout.styles.get(str(style_name), {}) if style_name is not None else {}
        props.style_where = layout.style_where.get(str(style_name))
        props.style_key_where = layout.style_key_where.get(str(style_name), {})
        props.style_name = str(style_name)
    font = str(props.value("font", DEFAULT_STYLE["font"]))
    try:
        fam = family(font, ctx.project)
    except FontMissing as exc:
        ctx.report(props.where("font"), str(exc), once=("font", font))
        return None
    size = props.number("size", DEFAULT_STYLE["size"], 1.0, MAX_FONT_PT, points=True)
    smallest = props.number("min_size", size, 1.0, MAX_FONT_PT, points=True)
    written = props.element.props
    if smallest > size:  # text shrinks from its size down to min_size, never up
        if "min_size" in written or "size" not in written:  # not a style's, under a smaller size
            props.report("min_size", f"{smallest:g} pt is above the size, {size:g} pt; lower it")
        smallest = size
    if size < READABLE_PT:
        _set_unreadable(ctx, props, size)
    settings = TextSettings(
        fam,
        size,
        smallest,
        props.number("leading", DEFAULT_STYLE["leading"], 0.5, MAX_LEADING),
        props.flag("bold"),
        props.flag("italic"),
        props.color("color", DEFAULT_STYLE["color"]) or DEFAULT_STYLE["color"],
        props.choice("align", ("left", "center", "right"), "left"),
        props.choice("valign", ("top", "middle", "bottom"), "top"),
        props.reported > refused,
    )
    if len(ctx.problems) == before and ctx.constant(layout, element, but=SET_PER_CARD):
        ctx.text_settings[key] = settings
    return settings


def _runs(
    ctx: LayoutContext,
    content: str,
    source: Callable[[Needle], Where],
    bold: bool,
    italic: bool,
    fam: Family,
) -> list[text.Run]:
    """Markup to runs; an unknown :icon: name or a character the font lacks is reported at
    ``source(what)`` (where it is written: the layout's text or the card field that feeds the
    box, looked up only for a problem)."""
    icons = ctx.game.icon_library
    runs = text.parse(content, icons.has)
    for name in unprintable.unknown_icons(runs):
        if icons.refused(name):  # its file was refused, and said so
            continue
        where = source(f":{name}:")
        ctx.report(
            where,
            icons.unknown_message(name, inline=True),
            once=("inline-icon", str(where), name),
        )
    for escape in unprintable.typed_escapes(content):
        where = source(escape)
        said = unprintable.escape_said(escape, in_spreadsheet(where))
        ctx.text_warning(where, said, once=("escape", str(where), escape))
    for mark in unprintable.unclosed_marks(content):
        # the text that leaves it open: a layout's "**Effect:** {{ card.effect }}" holds stars
        where = source(partial(_leaves_open, mark))
        face, star = ("bold", "two stars") if mark == "**" else ("italic", "a star")
        ctx.text_warning(
            where,
            f"'{mark}' starts {face} text that is never ended: it prints as {star}; end the "
            f"{face} text with another '{mark}' (or write \\* for a star)",
            once=("unclosed", str(where), mark),
        )
    for name in unprintable.unclosed_icons(runs, icons.has):
        where = source(f":{name}")
        ctx.text_warning(
            where,
            f"':{name}' has no closing ':', so it prints as written, not as the icon; write "
            f"':{name}:'",
            once=("unclosed-icon", str(where), name),
        )
    missing = unprintable.missing_glyphs(runs, fam)
    # one line for each text: a title of emoji, a name of 70 combining marks, is one mistake
    at: dict[tuple[str, int], tuple[Where, list[str]]] = {}
    for char in missing:
        where = source(char)
        at.setdefault((where.path, where.line), (where, []))[1].append(char)
    for where, chars in at.values():
        ctx.report(
            where,
            unprintable.not_in_font(chars, fam.name),
            once=("glyph", str(where), *chars),
        )
    if (letter := unprintable.right_to_left(runs, missing)) is not None:
        where = source(letter)
        ctx.report(
            where,
            f"character {unprintable.shown(letter)} is of a script written right to left, which "
            "printgen lays out left to right: its words would print with their letters in "
            "reverse order (Arabic's unjoined); write this text in a left-to-right script",
            once=("right-to-left", str(where)),
        )
    if bold or italic:  # (dataclasses.replace looks the fields up on every call)
        runs = [
            text.Run(r.text, r.bold or bold, r.italic or italic, r.icon, r.newline) for r in runs
        ]
    return runs


def _leaves_open(mark: str, written: str) -> bool:
    return mark in unprintable.unclosed_marks(written)


# what a problem is about in a text: a character or an :icon: it holds, or a test of a text
Needle = str | Callable[[str], bool]


def text_source(
    element: Element,
    card: CardType | None,
    card_where: Where,
    lang: str,
    needle: Needle = "",
    in_game: Callable[[str], Where | None] | None = None,
) -> Where:
    """Point at the card field that feeds the box (its text in this language), if any — with a
    ``needle`` (a character, an :icon:, or a test), where it is written: the layout's own text
    outside its {{ }}, the field whose value holds it, else the layout's text when one of its
    expressions writes it."""
    source = element.props.get("text")
    if not isinstance(source, str):
        return card_where

    def holds(written: str) -> bool:
        return needle(written) if callable(needle) else needle in written

    if needle and holds(_EXPRESSION.sub("", source)):
        return element.where.get("text", element.origin)
    names = [name for name in _FIELD_REF.findall(source) if card and name in card.field_where]
    if needle and card is not None:
        for name in names:
            value = card.fields.get(name)
            if isinstance(value, dict):
                value = value.get(lang)
            if holds(str(value)):
                return card.where_of(name, lang)
    # a game value the text prints ({{ game.title }} on the backs): where game.yaml writes it
    if in_game is not None and isinstance(needle, str) and needle and (at := in_game(needle)):
        return at
    if needle and holds(source):  # in one of the layout's own expressions ('→' * n)
        return element.where.get("text", element.origin)
    return card.where_of(names[0], lang) if card is not None and names else card_where


_EXPRESSION = pattern(r"{{.*?}}|{%.*?%}", re.S)
