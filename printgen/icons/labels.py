"""The parametric part of the built-in icons: a label (a die's value, a coin's worth) drawn in.

The shapes are SVG files; this table says where each labelled icon's text goes, in the icon's
100 x 100 unit square (y up). An icon whose shape changes when it carries a label (the d6 drops
its pips, the coin its star) has a second SVG in ``builtin/labelled/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from printgen.icons.geometry import Rgb, luminance

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

WHITE: Rgb = (1.0, 1.0, 1.0)
BLACK: Rgb = (0.0, 0.0, 0.0)
DIGIT_HEIGHT = 0.73  # cap/digit height of Vera Bold per unit of font size


@dataclass(frozen=True)
class LabelBox:
    """Centre and size of the box the label is fitted in; `on_fill`: it sits on the silhouette
    (printed white, or black on a light colour) rather than beside it (printed in the colour)."""

    cx: float
    cy: float
    w: float
    h: float
    on_fill: bool = True


LABEL_BOXES: dict[str, LabelBox] = {
    "d4": LabelBox(50, 40, 36, 28),
    "d6": LabelBox(50, 50, 58, 50),
    "d8": LabelBox(50, 65, 26, 18),  # on the upper face, above the middle line
    "d10": LabelBox(50, 54, 22, 16),  # on the front face
    "d12": LabelBox(50, 48, 26, 19),
    "d20": LabelBox(50, 45, 22, 16),
    "coin": LabelBox(50, 50, 52, 40),
    "vp": LabelBox(50, 52, 34, 30, on_fill=False),
    "heart": LabelBox(50, 60, 46, 34),
    "damage": LabelBox(50, 50, 34, 28),
    "block": LabelBox(50, 55, 40, 34),
    "star": LabelBox(50, 46, 26, 20),
}


def draw_label(
    canvas: Canvas,
    box: LabelBox,
    label: str,
    rgb: Rgb,
    font: str,
    x: float,
    y: float,
    size: float,
) -> None:
    """Draw `label` as large as fits `box`, in the icon whose size x size square is at (x, y)."""
    unit = size / 100.0
    font_size = label_size(box, label, font, size)
    # on the silhouette: white, or black if the colour itself is light; beside it: the colour
    light = luminance(rgb) > 0.62
    ink = (BLACK if light else WHITE) if box.on_fill else rgb
    canvas.saveState()
    try:
        canvas.setFillColorRGB(*ink)
        canvas.setFont(font, font_size)
        baseline = y + box.cy * unit - font_size * DIGIT_HEIGHT / 2
        canvas.drawCentredString(x + box.cx * unit, baseline, label)
    finally:
        canvas.restoreState()


MIN_LABEL_PT = 4.0  # a label any smaller is a speck on the card (a die's value: 10 pt and up)


@lru_cache(maxsize=1024)  # asked for every card that shows the icon
def label_size(box: LabelBox, label: str, font: str, size: float) -> float:
    """The font size (pt) of `label` fitted in `box` of an icon `size` points square."""
    from reportlab.pdfbase.pdfmetrics import stringWidth  # lazy: keeps import cheap

    width_at_1 = float(stringWidth(label, font, 1.0)) or 1.0
    return min(box.h / DIGIT_HEIGHT, box.w / width_at_1) * size / 100.0
