"""The floor for the large-deck bench: bench/bare_reportlab.py's drawing scaled to N distinct
cards (the cards of bench/many_cards.py: each its own name, text and colour), fronts and backs,
8 poker cards a landscape A4 sheet with crop marks, no YAML, templates, forms or checks.

    .venv/bin/python bench/bare_many.py N out.pdf
"""

from __future__ import annotations

import sys

from bare_reportlab import MM, _marks
from many_cards import card
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas


def main(count: int, out: str) -> None:
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    pdfmetrics.registerFont(TTFont("VeraBd", "VeraBd.ttf"))
    canvas = Canvas(
        out, pagesize=(297 * MM, 210 * MM), invariant=1, pageCompression=1, initialFontName="Vera"
    )
    cols, rows, w, h, bleed = 4, 2, 63.0, 88.0, 3.0
    left, bottom = (297 - cols * (w + 2 * bleed)) / 2, (210 - rows * (h + 2 * bleed)) / 2
    slots = [
        (left + c * (w + 2 * bleed) + bleed, bottom + (rows - 1 - r) * (h + 2 * bleed) + bleed)
        for r in range(rows)
        for c in range(cols)
    ]
    for start in range(0, count, len(slots)):
        numbers = range(start, min(count, start + len(slots)))
        for number, (x, y) in zip(numbers, slots, strict=False):
            fields = card(number)
            canvas.setFillColor(fields["tint"])
            canvas.rect(
                (x - bleed) * MM,
                (y - bleed) * MM,
                (w + 2 * bleed) * MM,
                (h + 2 * bleed) * MM,
                stroke=0,
                fill=1,
            )
            canvas.setFillColor(fields["color"])
            canvas.roundRect(
                (x + 3) * MM, (y + 3) * MM, (w - 6) * MM, (h - 18) * MM, 2.5 * MM, stroke=0, fill=1
            )
            canvas.setFillColor("#ffffff")
            canvas.circle((x + w / 2) * MM, (y + 55) * MM, 12 * MM, stroke=0, fill=1)
            canvas.setFont("VeraBd", 13)
            canvas.drawString((x + 5) * MM, (y + h - 11) * MM, fields["name"])
            canvas.setFillColor("#000000")
            canvas.setFont("Vera", 8)
            text = fields["effect"]
            canvas.drawString((x + 5) * MM, (y + 20) * MM, text[:45])
            canvas.drawString((x + 5) * MM, (y + 16) * MM, text[45:90])
        _marks(canvas, slots, w, h, bleed)
        canvas.showPage()
        for x, y in slots[: len(numbers)]:  # backs, mirrored for a long-edge flip
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


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "bare.pdf")
