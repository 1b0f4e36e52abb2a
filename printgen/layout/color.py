"""Colour strings to ReportLab colours, converted once: ``canvas.setFillColor("#7a4a12")``
goes through ReportLab's general ``toColor`` (a literal-eval and a dictionary of every named
colour) at every call, which costs a fifth of drawing a face. A Color object gives the canvas
the same operators (a string is turned into exactly this Color on the way)."""

from __future__ import annotations

import re
from functools import lru_cache

from reportlab.lib.colors import Color, toColor

_SHORT = re.compile(r"#[0-9a-fA-F]{3}")


@lru_cache(maxsize=4096)
def color(value: str) -> Color:
    """The ReportLab colour of ``value`` ("#rrggbb", "#rgb", a name …); shared, never to be
    mutated."""
    if _SHORT.fullmatch(value):  # CSS's #rgb, which validate accepts: ReportLab reads "#fed"
        value = "#" + "".join(digit * 2 for digit in value[1:])  # as 0x000fed, a dark blue
    converted: Color = toColor(value)
    return converted
