"""Colour strings converted once: ReportLab parses a string colour (CSS, names, hex) on every
``setFillColor``/``setStrokeColor`` call, thousands of times per document for a handful of
colours. ``color(value)`` gives the same ``Color`` ReportLab would make, cached; the canvas
takes it without parsing and writes the same bytes."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import Color, toColor


@lru_cache(maxsize=1024)
def color(value: str) -> Color:
    """The ReportLab colour of ``value`` (``#rrggbb``, a CSS or ReportLab name); shared and
    never mutated. Raises ValueError as ReportLab does for a colour it cannot read."""
    converted: Color = toColor(value)
    return converted
