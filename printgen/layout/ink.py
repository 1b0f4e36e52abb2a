"""Where fitted text puts ink: the vertical metrics the draw stage places lines by, and the box
each drawn line actually covers.

The draw stage positions text with these same numbers, so a check made on these boxes (text
crossing a frame, see `printgen.layout.overlap`) is a check of what prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout import text
from printgen.model.units import MM

ASCENT = 0.93  # of the font size, Vera's ascender: first baseline sits this far below the top
DESCENT = 0.24
# How far glyphs really reach, as a fraction of the font size (Vera's outlines): capitals,
# digits and ascenders (b, d, l) stop near 0.76, accented letters reach the ascender line;
# descenders and brackets reach the descender line, and round letters dip a hair.
CAP = 0.76
TALL = 0.93
OVERSHOOT = 0.02
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
    fitted width, from its highest glyph top to its lowest glyph bottom."""
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
        baseline += block.leading
    return boxes


def _reach(line: text.Line) -> tuple[float, float]:
    """How far the line's glyphs rise above and sink below the baseline, in font sizes."""
    up, down = 0.0, 0.0
    for piece in line.pieces:
        if piece.icon:
            up, down = max(up, ICON_TOP), max(down, ICON_BOTTOM)
            continue
        chars = piece.text
        up = max(up, TALL if not chars.isascii() else CAP)
        down = max(down, DESCENT if any(c in _DESCENDERS for c in chars) else OVERSHOOT)
    return up, down
