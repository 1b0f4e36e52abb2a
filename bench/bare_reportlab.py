"""The baseline printgen is measured against: a bare ReportLab script drawing the same 68
Warriors and Monks fronts and backs (8 poker cards a landscape A4 sheet, 3 mm bleed, crop marks,
embedded Vera, title, two text lines and a shape per card) with no YAML, templates or checks."""

from __future__ import annotations

import sys

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

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


def main(out: str) -> None:
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    pdfmetrics.registerFont(TTFont("VeraBd", "VeraBd.ttf"))
    canvas = Canvas(
        out, pagesize=(297 * MM, 210 * MM), invariant=1, pageCompression=1, initialFontName="Vera"
    )
    deck = [(name, color) for name, count, color in CARDS for _ in range(count)]
    cols, rows, w, h, bleed = 4, 2, 63.0, 88.0, 3.0
    left, bottom = (297 - cols * (w + 2 * bleed)) / 2, (210 - rows * (h + 2 * bleed)) / 2
    slots = [
        (left + c * (w + 2 * bleed) + bleed, bottom + (rows - 1 - r) * (h + 2 * bleed) + bleed)
        for r in range(rows)
        for c in range(cols)
    ]
    for start in range(0, len(deck), len(slots)):
        chunk = deck[start : start + len(slots)]
        for (name, color), (x, y) in zip(chunk, slots, strict=False):
            canvas.setFillColor(color)
            canvas.rect(
                (x - bleed) * MM,
                (y - bleed) * MM,
                (w + 2 * bleed) * MM,
                (h + 2 * bleed) * MM,
                stroke=0,
                fill=1,
            )
            canvas.setFillColor("#ffffff")
            canvas.roundRect(
                (x + 3) * MM, (y + 3) * MM, (w - 6) * MM, (h - 18) * MM, 2.5 * MM, stroke=0, fill=1
            )
            canvas.circle((x + w / 2) * MM, (y + 55) * MM, 12 * MM, stroke=0, fill=1)
            canvas.setFont("VeraBd", 13)
            canvas.drawString((x + 5) * MM, (y + h - 11) * MM, name)
            canvas.setFillColor("#000000")
            canvas.setFont("Vera", 8)
            canvas.drawString((x + 5) * MM, (y + 20) * MM, TEXT[:45])
            canvas.drawString((x + 5) * MM, (y + 16) * MM, TEXT[45:])
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
