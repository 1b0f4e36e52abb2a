"""Colour strings to ReportLab colours, converted once: ``canvas.setFillColor("#7a4a12")``
goes through ReportLab's general ``toColor`` (a literal-eval and a dictionary of every named
colour) at every call, which costs a fifth of drawing a face. A Color object gives the canvas
the same operators (a string is turned into exactly this Color on the way)."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import Color, toColor


@lru_cache(maxsize=4096)
def color(value: str) -> Color:
    """The ReportLab colour of ``value`` ("#rrggbb", a name …); shared, never to be mutated."""
    converted: Color = toColor(value)
    return converted
