"""Where fitted text puts ink: the vertical metrics the draw stage places lines by, and the box
each drawn line actually covers.

The draw stage positions text with these same numbers, so a check made on these boxes (text
crossing a frame, see `printgen.layout.overlap`) is a check of what prints.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from printgen.layout import text
from printgen.model.units import MM

ASCENT = 0.93  # of the font size, Vera's ascender: first baseline sits this far below the top
DESCENT = 0.24
# How far glyphs really reach, as a fraction of the font size (Vera's outlines): capitals,
# digits and ascenders (b, d, l) stop near 0.76, and so do ß, æ, ç and the other unaccented
# letters and punctuation of Latin-1, Latin Extended-A/B and General Punctuation; only a mark
# above a letter (Ö, É, Å) reaches the ascender line; descenders and brackets reach the
# descender line, and round letters dip a hair.
CAP = 0.76
TALL = 0.93
OVERSHOOT = 0.02
# A mark above sits over its letter, not over the whole line: measured on the four Vera faces,
# every accent (Î's circumflex the widest, a slanted face's leaning right) lies within these
# font sizes left and right of its letter's middle. A whole line as tall as its accent put
# ink in the empty corner over an Ö, so "Öl" crossed a rounded frame's corner "Ol" cleared.
ACCENT_LEFT, ACCENT_RIGHT = 0.21, 0.37
_MEASURED_END = 0x250  # Latin-1 and Latin Extended-A/B: glyphs measured, none taller than CAP
_PUNCTUATION = range(0x2000, 0x2070)  # General Punctuation: dashes, quotes, ellipsis
_ABOVE_CAP = frozenset("Øø")  # unaccented, yet their slash pokes past the cap height
ICON_TOP, ICON_BOTTOM = 0.85, 0.10  # an inline icon sits on the baseline, dipping 0.1 size
_DESCENDERS = frozenset("gjpqyQ,;()[]{}|/\\@$§_çÇ")


@dataclass(frozen=True)
class Box:
    """A rectangle in mm from the trim box's top-left corner, y down."""

    left: float
    top: float
    right: float
    bottom: float


def content_height(block: text.Block) -> float:
    """Height in points from the top of the first line to the descender of the last."""
    if not block.lines:
        return 0.0
    return (len(block.lines) - 1) * block.leading + (ASCENT + DESCENT) * block.size


def first_baseline(block: text.Block, height: float, valign: str) -> float:
    """Points from the top of a box `height` points tall down to the first line's baseline."""
    top = 0.0
    used = content_height(block)
    if valign == "middle":
        top = (height - used) / 2
    elif valign == "bottom":
        top = height - used
    return top + ASCENT * block.size


def line_offset(line: text.Line, width: float, align: str) -> float:
    """Points from the box's left edge to where `line` starts."""
    if align == "center":
        return (width - line.width) / 2
    if align == "right":
        return width - line.width
    return 0.0


def line_boxes(
    block: text.Block, x: float, y: float, w: float, h: float, align: str, valign: str
) -> list[Box]:
    """The ink of each non-empty line of `block` drawn in the box (x, y, w, h) mm: the line's
    fitted width, from its highest glyph top to its lowest glyph bottom, and above it a box
    over each mark above a letter (the accent's own height, not the whole line's)."""
    boxes = []
    baseline = first_baseline(block, h * MM, valign)
    for line in block.lines:
        if line.pieces:
            up, down = _reach(line)
            left = x + line_offset(line, w * MM, align) / MM
            boxes.append(
                Box(
                    left,
                    y + (baseline - up * block.size) / MM,
                    left + line.width / MM,
                    y + (baseline + down * block.size) / MM,
                )
            )
            if up < TALL:
                top = y + (baseline - TALL * block.size) / MM
                boxes += [
                    Box(
                        left + (middle - ACCENT_LEFT * block.size) / MM,
                        top,
                        left + (middle + ACCENT_RIGHT * block.size) / MM,
                        y + (baseline - up * block.size) / MM,
                    )
                    for middle in _accents(line, block.size)
                ]
        baseline += block.leading
    return boxes


def _reach(line: text.Line) -> tuple[float, float]:
    """How far the line's glyphs, leaving out marks above letters, rise above and sink below
    the baseline, in font sizes."""
    up, down = 0.0, 0.0
    for piece in line.pieces:
        if piece.icon:
            up, down = max(up, ICON_TOP), max(down, ICON_BOTTOM)
            continue
        chars = piece.text
        up = max(up, CAP if chars.isascii() or not any(map(_tall, chars)) else TALL)
        down = max(down, DESCENT if any(c in _DESCENDERS for c in chars) else OVERSHOOT)
    return up, down


def _accents(line: text.Line, size: float) -> list[float]:
    """Points from the line's left edge to the middle of each letter with a mark above."""
    middles = []
    for piece in line.pieces:
        if piece.icon or piece.text.isascii():
            continue
        for at, char in enumerate(piece.text):
            if _accented(char):
                start = piece.x + text.width_of(piece.text[:at], piece.font, size)
                middles.append(start + text.width_of(char, piece.font, size) / 2)
    return middles


def _tall(char: str) -> bool:
    """A character whose own glyph, not an accent's, may reach the ascender line: one outside
    the ranges measured (another script, a symbol) is taken to."""
    code = ord(char)
    if code < _MEASURED_END or code in _PUNCTUATION:
        return char in _ABOVE_CAP
    return not _accented(char)


_ACCENTED: dict[str, bool] = {}


def _accented(char: str) -> bool:
    """Does the character carry a mark above (É, Ö, Å, a spacing ´)? Remembered: a deck
    repeats its few accented letters on every card."""
    known = _ACCENTED.get(char)
    if known is None:
        marks = unicodedata.normalize("NFKD", char)
        known = _ACCENTED[char] = any(unicodedata.combining(mark) == 230 for mark in marks)
    return known
