"""What a text holds that would not print: an ``:icon:`` name no library has, a character its
font has no glyph for (it would print as an empty box)."""

from __future__ import annotations

import re
from collections.abc import Callable

from printgen.layout.fonts import Family
from printgen.layout.text import ICON_NAME, Run

_UNKNOWN_ICON = re.compile(r":([a-z][a-z0-9-]*):")  # a name said unknown starts with a letter
_ICON_TOKEN = re.compile(f":({ICON_NAME}):")  # as parse finds them


def icon_names(markup: str) -> list[str]:
    """The name of every ``:name:`` token ``parse`` would find in ``markup``, known or not: a
    whole document's, without making its runs."""
    return _ICON_TOKEN.findall(markup)


def drawable(markup: str, font_name: str) -> bool:
    """Whether the font has a glyph for every character of ``markup`` but white space: the
    quick answer for a whole document, which nearly always has them all."""
    return all(char.isspace() for char in set(markup).difference(_drawable(font_name)))


def unknown_icon_names(markup: str, known: Callable[[str], bool]) -> list[str]:
    """``unknown_icons`` of ``markup``'s runs, read off the text itself (10:30:45 names none)."""
    return [name for name in icon_names(markup) if name[0].isalpha() and not known(name)]


def unknown_icons(runs: list[Run]) -> list[str]:
    """``:name:`` tokens that ``parse`` left as text because no icon has that name."""
    return [m.group(1) for r in runs if not r.icon and (m := _UNKNOWN_ICON.fullmatch(r.text))]


def missing_glyphs(runs: list[Run], family: Family) -> list[str]:
    """Characters the run's font cannot draw (they would print as empty boxes)."""
    missing: dict[str, None] = {}
    for run in runs:
        if run.icon or run.newline:
            continue
        drawable = _drawable(family.face(run.bold, run.italic))
        if drawable.issuperset(run.text):  # nearly every text: one set operation
            continue
        for char in dict.fromkeys(run.text):  # each character once, in order
            if not char.isspace() and char not in drawable:
                missing[char] = None
    return list(missing)


_DRAWABLE: dict[str, frozenset[str]] = {}


def _drawable(font_name: str) -> frozenset[str]:
    """The characters a font has glyphs for."""
    if font_name not in _DRAWABLE:
        from reportlab.pdfbase.pdfmetrics import getFont

        _DRAWABLE[font_name] = frozenset(map(chr, getFont(font_name).face.charToGlyph))
    return _DRAWABLE[font_name]
