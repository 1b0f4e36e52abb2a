"""``printgen calibrate``: calibration.pdf, to measure how far a printer's duplex moves the back.

The front has a fine grid with two bold lines through the centre of the page and rulers numbered
in mm. The back has vernier-like scales where those lines fall when the sheet is turned: tick k
sits k mm from the turned line and is numbered k. Held to the light, back facing you, the front's
vertical bold line crosses the horizontal scales at X and the horizontal bold line crosses the
vertical scales at Y: ``--back-offset X,Y`` (or ``back-offset: X,Y`` in printgen.yaml) moves every
back by exactly what it takes to sit behind its front again.

Its instructions are labels (calibrate_*), in the language ``--lang`` names or the project's
(printgen.outputs.sheet_language), wrapped to the page and set smaller when a language's longer
words would reach the grid or the scales.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printgen.documents.labels import Labels
from printgen.draw.blocks import EDGE
from printgen.draw.labels import FONT, Label, draw_labels
from printgen.draw.pdf import new_canvas
from printgen.model.units import pt
from printgen.options import Duplex, Paper
from printgen.outputs.sheet_language import NoSheetLanguage, sheet_labels
from printgen.project import Project
from printgen.settings import read_settings
from printgen.write import atomic_write

READ = 8  # mm: the scales read offsets from -READ to +READ
GRID = 10.0  # mm between the front's grid lines
GREY = 0.6
TEXT_SIZE = 8.0  # pt, the instructions'
MIN_TEXT_SIZE = 5.5  # pt: no smaller than the scale bar's "50 mm"
LEADING = 1.35
GAP = 2.0  # mm kept between the instructions and the grid or the scales below them
NUMBERS_TOP = 6.8 + 1.8  # mm above a horizontal scale's line, to the top of its numbers
# what the designer types, never broken across lines
UNBROKEN = ("--back-offset X,Y", "back-offset: X,Y")
KEPT = "\x00"  # stands for a space inside UNBROKEN while lines are broken
SCALE_AT = (-100.0, -50.0, 50.0, 100.0)  # mm from the centre along the bold line, where scales sit
CALIBRATE_LABELS = (
    "calibrate_title",
    "calibrate_front",
    "calibrate_back",
    "calibrate_long_edge",
    "calibrate_short_edge",
    "calibrate_print",
    "calibrate_check",
    "calibrate_read",
    "calibrate_build",
    "calibrate_same_duplex",
)


def calibrate(
    project: Project, paper: str | None, duplex: str | None, out: str | None, lang: str | None
) -> int:
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
        words = sheet_labels(project, lang, CALIBRATE_LABELS, path.name)
    except NoSheetLanguage as exc:
        print(f"printgen: {exc}", file=sys.stderr)
        return 2
    try:
        atomic_write(path, calibration_pdf(chosen_paper, chosen_duplex, words))
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


def calibration_pdf(paper: Paper, duplex: Duplex, words: Labels) -> bytes:
    width, height = paper.size_mm
    buffer = io.BytesIO()
    title = words["calibrate_title"]
    canvas = new_canvas(buffer, title, "printgen", title, duplex, words.lang)
    canvas.setPageSize((pt(width), pt(height)))
    edge = words["calibrate_long_edge" if duplex == Duplex.LONG else "calibrate_short_edge"]
    _front(canvas, width, height)
    _text(
        canvas,
        [
            f"{title} — {words['calibrate_front']}",
            _filled(words["calibrate_print"], edge),
            words["calibrate_check"],
        ],
        width,
        height,
        height - _front_margin() + 3 + GAP,  # the top of the bold vertical line
    )
    canvas.showPage()
    scales_top = _back(canvas, width, height)
    _text(
        canvas,
        [
            f"{title} — {words['calibrate_back']}",
            words["calibrate_read"],
            words["calibrate_build"],
            _filled(words["calibrate_same_duplex"], edge),
        ],
        width,
        height,
        scales_top + GAP,
    )
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _filled(text: str, edge: str) -> str:
    """A label with its {edge} filled in; replaced, never str.format: a designer's label
    holding another brace would raise."""
    return text.replace("{edge}", edge)


def _text(canvas: Canvas, paragraphs: list[str], width: float, height: float, low: float) -> None:
    """The paragraphs from the page's top-left corner, each wrapped to the page's width, set at
    8 pt — smaller when a language's longer words would reach down to ``low`` (mm from the
    foot), where the grid or the scales start."""
    room = width - 2 * (EDGE + 3)
    top = height - EDGE - 2
    size = TEXT_SIZE
    lines = _wrapped(paragraphs, room, size)
    while size > MIN_TEXT_SIZE and top - _depth(len(lines), size) < low:
        size -= 0.25
        lines = _wrapped(paragraphs, room, size)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(FONT, size)
    for index, line in enumerate(lines):
        canvas.drawString(pt(EDGE + 3), pt(top) - (index + 1) * size * LEADING, line)


def _depth(lines: int, size: float) -> float:
    """mm from the text's top to the foot of its last line (its descenders)."""
    return (lines * size * LEADING + size * 0.25) / pt(1)


def _wrapped(paragraphs: list[str], room: float, size: float) -> list[str]:
    """Each paragraph in lines no wider than ``room`` mm, broken at spaces alone — never
    inside what the designer types (--back-offset X,Y), nor at a no-break space."""
    lines: list[str] = []
    for paragraph in paragraphs:
        for typed in UNBROKEN:
            paragraph = paragraph.replace(typed, typed.replace(" ", KEPT))
        line = ""
        for word in paragraph.split(" "):  # two spaces in a row stay two
            tried = f"{line} {word}" if line else word
            if line and stringWidth(tried.replace(KEPT, " "), FONT, size) > pt(room):
                lines.append(line)
                tried = word
            line = tried
        lines.append(line)
    return [line.replace(KEPT, " ").strip() for line in lines]


def _front_margin() -> float:
    return EDGE + 20


def _front(canvas: Canvas, width: float, height: float) -> None:
    cx, cy = width / 2, height / 2
    margin = _front_margin()
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
    draw_labels(canvas, [Label("bottom", EDGE + 3, None, 5.5)], width, height)


def _back(canvas: Canvas, width: float, height: float) -> float:
    """The scales; returns the top of the highest one's numbers (mm from the foot)."""
    # Turning the sheet over either edge puts the page's centre behind itself, so the front's
    # bold lines show through at the centre of this page as well.
    cx, cy = width / 2, height / 2
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.2)
    canvas.setFillColorRGB(0, 0, 0)
    top = cy + READ  # the vertical scales' top
    for along in SCALE_AT:
        if EDGE + 15 < cy + along < height - EDGE - 15:
            _scale(canvas, cx, cy + along, horizontal=True)
            top = max(top, cy + along + NUMBERS_TOP)
        if EDGE + 15 < cx + along < width - EDGE - 15:
            _scale(canvas, cx + along, cy, horizontal=False)
    draw_labels(canvas, [Label("bottom", EDGE + 3, None, 5.5)], width, height)
    return top


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
