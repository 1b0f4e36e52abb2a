"""The baseline printgen is measured against: a bare ReportLab script drawing the same 68
Warriors and Monks fronts and backs (8 poker cards a landscape A4 sheet, 3 mm bleed, crop marks,
embedded Vera, title, two text lines and a shape per card) with no YAML, templates or checks."""

from __future__ import annotations

import sys

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

TYPE_CHECKING = False  # the floor imports nothing it does not draw with, typing included
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import TypeVar

    T = TypeVar("T")

MM = 72 / 25.4
CARDS = [
    ("Monaco", 18, "#7a4a12"),
    ("Guerriero", 18, "#9b1c1c"),
    ("Guerra", 8, "#5b1010"),
    ("Pace", 6, "#1f6b4a"),
    ("Tregua", 6, "#2d4f7c"),
    ("Morte", 6, "#222222"),
    ("Vino", 6, "#6b1f5c"),
]
TEXT = "In tempo di Pace, per ogni Monaco in gioco all'inizio del tuo turno, guadagni 1 fagiolo."
W, H, BLEED = 63.0, 88.0, 3.0  # poker cards, mm


def main(out: str) -> None:
    deck = [(name, color) for name, count, color in CARDS for _ in range(count)]
    print_sheets(out, deck, _front)


def _front(canvas: Canvas, card: tuple[str, str], x: float, y: float) -> None:
    name, color = card
    draw_front(canvas, color, name, (TEXT[:45], TEXT[45:]), x, y)


def draw_front(
    canvas: Canvas, color: str, title: str, lines: tuple[str, str], x: float, y: float
) -> None:
    """One front at (x, y) mm, its trim's lower-left corner: the fill runs into the bleed."""
    canvas.setFillColor(color)
    canvas.rect(
        (x - BLEED) * MM,
        (y - BLEED) * MM,
        (W + 2 * BLEED) * MM,
        (H + 2 * BLEED) * MM,
        stroke=0,
        fill=1,
    )
    canvas.setFillColor("#ffffff")
    canvas.roundRect(
        (x + 3) * MM, (y + 3) * MM, (W - 6) * MM, (H - 18) * MM, 2.5 * MM, stroke=0, fill=1
    )
    canvas.circle((x + W / 2) * MM, (y + 55) * MM, 12 * MM, stroke=0, fill=1)
    canvas.setFont("VeraBd", 13)
    canvas.drawString((x + 5) * MM, (y + H - 11) * MM, title)
    canvas.setFillColor("#000000")
    canvas.setFont("Vera", 8)
    canvas.drawString((x + 5) * MM, (y + 20) * MM, lines[0])
    canvas.drawString((x + 5) * MM, (y + 16) * MM, lines[1])


def print_sheets(
    out: str, deck: Sequence[T], front: Callable[[Canvas, T, float, float], None]
) -> None:
    """Every card of ``deck`` drawn by ``front``, 8 a sheet, each sheet followed by its backs."""
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    pdfmetrics.registerFont(TTFont("VeraBd", "VeraBd.ttf"))
    canvas = Canvas(
        out, pagesize=(297 * MM, 210 * MM), invariant=1, pageCompression=1, initialFontName="Vera"
    )
    cols, rows, w, h, bleed = 4, 2, W, H, BLEED
    left, bottom = (297 - cols * (w + 2 * bleed)) / 2, (210 - rows * (h + 2 * bleed)) / 2
    slots = [
        (left + c * (w + 2 * bleed) + bleed, bottom + (rows - 1 - r) * (h + 2 * bleed) + bleed)
        for r in range(rows)
        for c in range(cols)
    ]
    for start in range(0, len(deck), len(slots)):
        chunk = deck[start : start + len(slots)]
        for card, (x, y) in zip(chunk, slots, strict=False):
            front(canvas, card, x, y)
        _marks(canvas, slots, w, h, bleed)
        canvas.showPage()
        for x, y in slots[
            : len(chunk)
        ]:  # backs, mirrored for a long-edge flip of a landscape sheet
            canvas.setFillColor("#23402f")
            canvas.rect(
                (x - bleed) * MM,
                (210 - y - h - bleed) * MM,
                (w + 2 * bleed) * MM,
                (h + 2 * bleed) * MM,
                stroke=0,
                fill=1,
            )
        _marks(canvas, slots, w, h, bleed)
        canvas.showPage()
    canvas.save()


def _marks(
    canvas: Canvas, slots: list[tuple[float, float]], w: float, h: float, bleed: float
) -> None:
    xs = sorted({x for x, _ in slots} | {x + w for x, _ in slots})
    ys = sorted({y for _, y in slots} | {y + h for _, y in slots})
    top, low = max(ys) + bleed + 1, min(ys) - bleed - 1
    first, last = min(xs) - bleed - 1, max(xs) + bleed + 1
    canvas.setLineWidth(0.25)
    for x in xs:
        canvas.line(x * MM, top * MM, x * MM, (top + 4) * MM)
        canvas.line(x * MM, low * MM, x * MM, (low - 4) * MM)
    for y in ys:
        canvas.line(first * MM, y * MM, (first - 4) * MM, y * MM)
        canvas.line(last * MM, y * MM, (last + 4) * MM, y * MM)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "bare.pdf")
