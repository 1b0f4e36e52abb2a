"""Colours written as CSS or a drawing program writes them — a name (red, gold), rgb(…) or
hsl(…), #rrggbbaa — which printgen does not read (a colour is "#rrggbb" or "#rgb", the same in
every file): the "#rrggbb" each stands for, for the message that refuses it to name."""

from __future__ import annotations

import re

from printgen.startup.deferred import pattern

# compiled when a colour is first refused: a build whose colours are right compiles neither
_WITH_ALPHA = pattern(r"^#([0-9a-fA-F]{6})[0-9a-fA-F]{2}$")
_FUNCTION = pattern(r"^\s*(?:rgb|hsl)a?\s*\(", re.IGNORECASE)


def meant(value: object) -> str | None:
    """The "#rrggbb" of a colour name or a CSS colour; None for anything else (and for a
    transparent one, which prints nothing: no colour stands for it)."""
    if not isinstance(value, str) or len(value) > 60:
        return None
    if found := _WITH_ALPHA.match(value):  # printgen prints no see-through colours
        return "#" + found.group(1).lower()
    # ReportLab's own names and reading of rgb()/hsl(): what it would draw, were it passed on
    from reportlab.lib.colors import Color, getAllNamedColors, toColor

    named: Color | None = {k.lower(): v for k, v in getAllNamedColors().items()}.get(
        value.strip().lower()
    )
    if named is None and _FUNCTION.match(value):
        try:
            named = toColor(value)
        except (ValueError, TypeError, SyntaxError, IndexError, AttributeError):
            return None
    if named is None or named.alpha == 0 or value.strip().startswith("_"):
        return None
    return "#" + str(named.hexval())[2:].lower()


def colour_hint(value: object, quoted: bool = True) -> str:
    """ "; for red write "#ff0000", in quotes" — to follow a message refusing ``value`` (a
    spreadsheet's cell, read without YAML's quotes, needs none); "" when it names no colour."""
    hexed = meant(value)
    if hexed is None:
        return ""
    shown = str(value).strip()
    if shown.startswith("#"):  # quoted already, or YAML would have read a comment
        quote = '"' if quoted else ""
        return f"; printgen prints no see-through colours: write {quote}{hexed}{quote}"
    if quoted:
        return f'; for {shown} write "{hexed}", in quotes (YAML reads an unquoted # as a comment)'
    return f"; for {shown} write {hexed}"
