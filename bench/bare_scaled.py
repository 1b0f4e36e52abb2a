"""The floor for N cards: bench/bare_reportlab.py's drawing (8 poker cards a landscape A4
sheet, 3 mm bleed, crop marks, embedded Vera, a title, two text lines and a shape per card, a
back for each) for N cards, each with its own title and text — or, with ``--distinct K``,
copies of K cards. Every card is drawn where it is printed, as a bare script would.

    python bench/bare_scaled.py N [OUT.pdf] [--distinct K]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bare_reportlab import draw_front, print_sheets
from scaled_cards import COLORS, card_text, card_title, card_types


def main(cards: int, distinct: int, out: str) -> None:
    # the same card types in the same order as bench/projects.py's generated deck
    print_sheets(out, card_types(cards, distinct), _front)


def _front(canvas: Canvas, index: int, x: float, y: float) -> None:
    text = card_text(index)
    draw_front(canvas, COLORS[index % len(COLORS)], card_title(index), (text[:45], text[45:]), x, y)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", type=int)
    parser.add_argument("out", nargs="?", default="bare-scaled.pdf")
    parser.add_argument("--distinct", type=int, default=None, help="card types (default: N)")
    args = parser.parse_args()
    main(args.cards, args.distinct or args.cards, args.out)
