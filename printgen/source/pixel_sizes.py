"""Card sizes written as Squib and nanDECK take them — ``825x1125`` pixels, ``63x88`` — said
with the size to write in printgen, which measures cards in mm without their bleed."""

from __future__ import annotations

import re

from printgen.model.units import CARD_PRESETS, INCH_MM

_WRITTEN = re.compile(
    r"^\s*(\d+(?:[.,]\d+)?)\s*(px|mm|cm|in)?\s*[x×X*]\s*(\d+(?:[.,]\d+)?)\s*(px|mm|cm|in)?\s*$"
)
_FACTOR = {"mm": 1.0, "cm": 10.0, "in": INCH_MM}
# a side longer than A3's short one is no card's: such numbers are a picture's pixels
_PIXELS_FROM = 297.0
_DPI = 300  # Squib's default, and the resolution print services ask for
_SQUIB_BLEED_PX = 37.5  # 1/8 in a side at 300 dpi, which Squib's 825x1125 holds


def size_words(value: str) -> str | None:
    """What to write for a size given as ``WxH`` (None when it is not one)."""
    found = _WRITTEN.match(value) if len(value) < 60 else None
    if not found:
        return None
    width, height = (float(found[i].replace(",", ".")) for i in (1, 3))
    unit = found[2] or found[4]
    if unit == "px" or (unit is None and min(width, height) > _PIXELS_FROM):
        return ": " + pixels_said(width, height)
    factor = _FACTOR.get(unit or "mm", 1.0)
    return "; write " + _mapping(width * factor, height * factor)


def pixels_said(width: float, height: float) -> str:
    """The advice for a size in pixels: printgen's mm, with and without Squib's bleed."""
    whole = _mapping(*(side * INCH_MM / _DPI for side in (width, height)))
    cut = _mapping(*((side - 2 * _SQUIB_BLEED_PX) * INCH_MM / _DPI for side in (width, height)))
    return (
        f"sizes are in mm, not pixels: at {_DPI} dpi these are {whole}, or {cut} if they held "
        "1/8 in of bleed a side (as Squib's 825x1125 does); write the card's cut size, and "
        "printgen adds the deck's bleed round it"
    )


def _mapping(width: float, height: float) -> str:
    preset = next((n for n, size in CARD_PRESETS.items() if size == (width, height)), None)
    written = f"{{width: {width:.4g}mm, height: {height:.4g}mm}}"
    return f"size: {preset}" if preset else written
