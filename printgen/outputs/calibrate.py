"""``printgen calibrate``: calibration.pdf, to measure how far a printer's duplex moves the back.

The front has a fine grid with two bold lines through the centre of the page and rulers numbered
in mm. The back has vernier-like scales where those lines fall when the sheet is turned: tick k
sits k mm from the turned line and is numbered k. Held to the light, back facing you, the front's
vertical bold line crosses the horizontal scales at X and the horizontal bold line crosses the
vertical scales at Y: ``--back-offset X,Y`` (or ``back-offset: X,Y`` in printgen.yaml) moves every
back by exactly what it takes to sit behind its front again.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from printgen.draw.blocks import EDGE
from printgen.draw.labels import FONT, Label, draw_labels
from printgen.draw.pdf import new_canvas
from printgen.model.units import pt
from printgen.options import Duplex, Paper
from printgen.project import Project
from printgen.settings import read_settings
from printgen.write import atomic_write

READ = 8  # mm: the scales read offsets from -READ to +READ
GRID = 10.0  # mm between the front's grid lines
GREY = 0.6
SCALE_AT = (-100.0, -50.0, 50.0, 100.0)  # mm from the centre along the bold line, where scales sit


def calibrate(project: Project, paper: str | None, duplex: str | None, out: str | None) -> int:
    settings = read_settings(project)
    chosen_paper = Paper(paper or settings.paper or Paper.A4)
    chosen_duplex = Duplex(duplex or settings.duplex or Duplex.LONG)
    if chosen_duplex not in (Duplex.LONG, Duplex.SHORT):
        # a fold, or no backs: no printer turns the sheet, so there is no offset to measure
        print(
            f"note: printgen.yaml's duplex is {chosen_duplex}, which has no back offset to "
            "measure; calibration.pdf is for turning the sheet over its long edge "
            "(--duplex short for the short edge)"
        )
        chosen_duplex = Duplex.LONG
    folder = Path(out).absolute() if out else project.root / "build"
    if (refused := project.refused_out(folder)) is not None:
        print(refused, file=sys.stderr)
        return 2
    path = folder / "calibration.pdf"
    try:
        atomic_write(path, calibration_pdf(chosen_paper, chosen_duplex))
    except OSError as exc:  # said as build and icons say it: where, why, and what to do
        from printgen.write import write_hint

        print(
            f"printgen: cannot write {project.shown(Path(exc.filename or path))}: "
            f"{exc.strerror or exc}; {write_hint(exc)}",
            file=sys.stderr,
        )
        return 2
    print(f"wrote {project.shown(path)}")
    return 0


def calibration_pdf(paper: Paper, duplex: Duplex) -> bytes:
    width, height = paper.size_mm
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer, "printgen duplex calibration", "printgen", "duplex calibration", duplex
    )
    canvas.setPageSize((pt(width), pt(height)))
    edge = "long" if duplex == Duplex.LONG else "short"
    _front(canvas, width, height, edge)
    canvas.showPage()
    _back(canvas, width, height, edge)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _text(canvas: Canvas, lines: list[str], x: float, top: float, size: float = 8) -> None:
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(FONT, size)
    for index, line in enumerate(lines):
        canvas.drawString(pt(x), pt(top) - (index + 1) * size * 1.35, line)


def _front(canvas: Canvas, width: float, height: float, edge: str) -> None:
    cx, cy = width / 2, height / 2
    margin = EDGE + 20
    canvas.setLineWidth(0.2)
    canvas.setStrokeGray(GREY)
    for step in range(-30, 31):
        x = cx + step * GRID
        if margin <= x <= width - margin:
            canvas.line(pt(x), pt(margin), pt(x), pt(height - margin))
        y = cy + step * GRID
        if margin <= y <= height - margin:
            canvas.line(pt(margin), pt(y), pt(width - margin), pt(y))
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.6)
    canvas.line(pt(cx), pt(margin - 10), pt(cx), pt(height - margin + 3))
    canvas.line(pt(margin - 10), pt(cy), pt(width - margin + 10), pt(cy))
    canvas.setLineWidth(0.25)
    canvas.setFont(FONT, 5)
    for mm in range(-140, 141):  # rulers along the bold lines, numbered from the centre
        tall = 2.0 if mm % 10 == 0 else (1.3 if mm % 5 == 0 else 0.8)
        if margin - 10 <= cx + mm <= width - margin + 10:
            canvas.line(pt(cx + mm), pt(cy), pt(cx + mm), pt(cy - tall))
            if mm % 10 == 0 and mm:
                canvas.drawCentredString(pt(cx + mm), pt(cy - 4.2), str(mm))
        if margin - 10 <= cy + mm <= height - margin:
            canvas.line(pt(cx), pt(cy + mm), pt(cx + tall), pt(cy + mm))
            if mm % 10 == 0 and mm:
                canvas.drawString(pt(cx + 2.6), pt(cy + mm - 0.8), str(mm))
    _text(
        canvas,
        [
            "printgen duplex calibration — FRONT",
            f"Print both pages on one sheet at 100 % (no 'fit to page'), turning over the {edge} "
            "edge.",
            "Check the 50 mm bar with a ruler. Then hold the sheet to the light, back facing you.",
        ],
        EDGE + 3,
        height - EDGE - 2,
    )
    draw_labels(canvas, [Label("bottom", EDGE + 3, None, 5.5)], width, height)


def _back(canvas: Canvas, width: float, height: float, edge: str) -> None:
    # Turning the sheet over either edge puts the page's centre behind itself, so the front's
    # bold lines show through at the centre of this page as well.
    cx, cy = width / 2, height / 2
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.2)
    canvas.setFillColorRGB(0, 0, 0)
    for along in SCALE_AT:
        if EDGE + 15 < cy + along < height - EDGE - 15:
            _scale(canvas, cx, cy + along, horizontal=True)
        if EDGE + 15 < cx + along < width - EDGE - 15:
            _scale(canvas, cx + along, cy, horizontal=False)
    _text(
        canvas,
        [
            "printgen duplex calibration — BACK",
            "Hold the sheet to the light with this side facing you. Where the front's bold",
            "vertical line crosses the horizontal scales, read X; where its bold horizontal line",
            "crosses the vertical scales, read Y (take the mean if the scales disagree).",
            "Then build with --back-offset X,Y or write  back-offset: X,Y  in printgen.yaml.",
            f"(Printed turning over the {edge} edge: build with the same --duplex.)",
        ],
        EDGE + 3,
        height - EDGE - 2,
    )
    draw_labels(canvas, [Label("bottom", EDGE + 3, None, 5.5)], width, height)


def _scale(canvas: Canvas, x: float, y: float, horizontal: bool) -> None:
    """Ticks every 0.5 mm from -READ to +READ mm around (x, y), numbered every 2 mm: tick k is
    numbered k and sits k mm right of (or above) the turned bold line."""
    canvas.setFont(FONT, 4.5)
    for half in range(-2 * READ, 2 * READ + 1):
        k = half / 2
        tall = 6.0 if half == 0 else (3.5 if half % 2 == 0 else 2.0)
        numbered = half % 4 == 0
        label = f"{k:g}"
        if horizontal:
            canvas.line(pt(x + k), pt(y), pt(x + k), pt(y + tall))
            if numbered:
                canvas.drawCentredString(pt(x + k), pt(y + 6.8), label)
        else:
            canvas.line(pt(x), pt(y + k), pt(x + tall), pt(y + k))
            if numbered:
                canvas.drawString(pt(x + 6.8), pt(y + k - 0.6), label)
    if horizontal:
        canvas.line(pt(x - READ), pt(y), pt(x + READ), pt(y))
    else:
        canvas.line(pt(x), pt(y - READ), pt(x), pt(y + READ))
