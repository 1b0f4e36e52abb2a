"""Sheet labels: what a sheet is ("Game · cards · sheet 3/8 · fronts") and a 50 mm scale bar to
check that it printed at 100 %, set in the margin where no card, bleed or crop mark is.

The label and the bar each take the first free stretch of a band along a paper edge (bottom, top,
left, right); a sheet with no such stretch goes without (never over a card).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printgen.draw.blocks import EDGE
from printgen.layout.fonts import vera
from printgen.model.units import pt

BAND = 3.2  # mm, the depth of a label band along the paper's edge
CLEAR = 1.0  # mm kept between a label and anything else
# mm kept between a label and a line (a crop mark, a fold): a tick of the bar beside a mark
# reads as a double line, and a mark set against the sheet's words looks like one of its letters
LINE_CLEAR = 3.0
# mm: nearer a line than LINE_CLEAR, a bar centred between two marks this far from each still
# reads as a bar of its own, not a mark doubled (A4 poker sheets: 2.57 mm each side)
NEAR_LINE = 2.5
SCALE = 50.0  # mm, the scale bar's length
FONT = vera().regular  # (registered here: a sheet may be imposed before any PDF is begun)
SIZES = (5.5, 5.0, 4.5, 4.0)  # points, the label's size shrinking to fit
SIDES = ("bottom", "top", "left", "right")
PT_MM = 25.4 / 72

Box = tuple[float, float, float, float]  # left, bottom, right, top in mm


@dataclass(frozen=True)
class Label:
    """A line of small print along one side of a sheet, outside the cards."""

    side: str  # the paper edge the band runs along
    start: float  # mm along the band: x for bottom/top, y for left/right
    text: str | None  # None: the scale bar
    size: float  # points
    compact: bool = False  # a bar whose "50 mm" sits between its ticks, in a short stretch


def _band(side: str, width: float, height: float) -> Box:
    if side == "bottom":
        return (0.0, EDGE, width, EDGE + BAND)
    if side == "top":
        return (0.0, height - EDGE - BAND, width, height - EDGE)
    if side == "left":
        return (EDGE, 0.0, EDGE + BAND, height)
    return (width - EDGE - BAND, 0.0, width - EDGE, height)


def _free(
    side: str, width: float, height: float, taken: list[Box], line_clear: float = LINE_CLEAR
) -> list[tuple[float, float]]:
    """Free stretches (start, end) along a band, in mm, ``line_clear`` from any line."""
    left, bottom, right, top = _band(side, width, height)
    along_x = side in ("bottom", "top")
    blocked = []
    for x1, y1, x2, y2 in taken:
        clear = line_clear if x1 == x2 or y1 == y2 else CLEAR  # a line's box has no width
        if x1 - clear < right and x2 + clear > left and y1 - clear < top and y2 + clear > bottom:
            blocked.append((x1 - clear, x2 + clear) if along_x else (y1 - clear, y2 + clear))
    position, end = EDGE, (width if along_x else height) - EDGE
    stretches = []
    for b1, b2 in sorted(blocked):
        if b1 > position:
            stretches.append((position, min(b1, end)))
        position = max(position, b2)
    if position < end:
        stretches.append((position, end))
    return [(a, b) for a, b in stretches if b > a]


def _taken_by(label: Label, length: float, width: float, height: float) -> Box:
    left, bottom, right, top = _band(label.side, width, height)
    if label.side in ("bottom", "top"):
        return (label.start, bottom, label.start + length, top)
    return (left, label.start, right, label.start + length)


def bar_length(size: float) -> float:
    return SCALE + 1.0 + float(stringWidth("50 mm", FONT, size)) * PT_MM


def plan_labels(
    text: str, width: float, height: float, taken: list[Box], title: int = 0
) -> list[Label]:
    """Where the text and the scale bar go; ``taken`` holds everything already on the sheet.
    The text's first ``title`` characters (the game's title) are cut short, "…", where the
    whole text fits nowhere."""
    taken = list(taken)
    labels: list[Label] = []
    placed = _text(text, width, height, taken, title)
    if placed is not None:  # the bar keeps clear of the text
        labels.append(placed[0])
        taken.append(_taken_by(*placed, width, height))
    if (bar := _bar(width, height, taken)) is not None:
        labels.append(bar[0])
    return labels


def _text(
    text: str, width: float, height: float, taken: list[Box], title: int
) -> tuple[Label, float] | None:
    # a sheet packed so tight that no stretch keeps LINE_CLEAR from its marks keeps its label
    # all the same, as clear of them as of anything else
    for line_clear in (LINE_CLEAR, CLEAR):
        if placed := _first_fit(text, SIZES, width, height, taken, line_clear):
            return placed
    # a long title (a German one, "Vorderseiten" after it) fitted nowhere, and the fronts went
    # unlabelled while their backs were labelled: the sheet's number and side are what a
    # designer pairs and orders the pages by, so the title gives way to them
    smallest = SIZES[-1:]
    for line_clear in (LINE_CLEAR, CLEAR):
        room = max(
            (
                end - start
                for side in SIDES
                for start, end in _free(side, width, height, taken, line_clear)
            ),
            default=0.0,
        )
        shorter = _title_cut(text, title, room, smallest[0])
        if shorter and (placed := _first_fit(shorter, smallest, width, height, taken, line_clear)):
            return placed
    return None


def _title_cut(text: str, title: int, room: float, size: float) -> str | None:
    """``text`` with its title cut short enough to fit ``room`` mm at ``size``: at a word's end
    where one is in what is kept, else within the word; without the title where not even its
    first letter and the "…" fit; None where the rest alone does not fit either."""

    def fits(candidate: str) -> bool:
        return float(stringWidth(candidate, FONT, size)) * PT_MM <= room

    head, rest = text[:title], text[title:]
    kept = 0  # the most of the title that fits before its "…" (a binary search: few widths)
    low, high = 1, len(head) - 1
    while low <= high:
        middle = (low + high) // 2
        if fits(head[:middle].rstrip() + "…" + rest):
            kept, low = middle, middle + 1
        else:
            high = middle - 1
    if kept:
        cut = head[:kept]
        if " " in cut.strip() and not head[kept:].startswith(" "):  # mid-word: at the last end
            cut = cut.rstrip()[: cut.rstrip().rfind(" ")]
        return cut.rstrip(" ,;:·-") + "…" + rest
    without = rest.removeprefix(" · ")
    return without if title and fits(without) else None


def _bar(width: float, height: float, taken: list[Box]) -> tuple[Label, float] | None:
    """The bar with its caption beside it, read at a glance, wherever it keeps clear enough of
    the crop marks for its ticks not to double them; else the bar alone, its caption in it at
    4 pt; a sheet packed so tight that neither keeps that clear of its marks keeps one all the
    same, as clear of them as of anything else."""
    full = (None, SIZES[:1])
    return (
        _first_fit(*full, width, height, taken, LINE_CLEAR)
        or _first_fit(*full, width, height, taken, NEAR_LINE, centred=True)
        or _compact(width, height, taken, LINE_CLEAR)
        or _first_fit(*full, width, height, taken, CLEAR)
        or _compact(width, height, taken, CLEAR)
    )


def _first_fit(
    content: str | None,
    sizes: tuple[float, ...],
    width: float,
    height: float,
    taken: list[Box],
    line_clear: float,
    centred: bool = False,
) -> tuple[Label, float] | None:
    """The first stretch ``line_clear`` from every line that holds the content at one of its
    sizes, largest first; ``centred``: in the middle of it, as far from both ends as it goes."""
    for size in sizes:
        length = (
            bar_length(size) if content is None else float(stringWidth(content, FONT, size)) * PT_MM
        )
        for side in SIDES:
            for start, end in _free(side, width, height, taken, line_clear):
                if end - start >= length:
                    at = start + (end - start - length) / 2 if centred else start
                    return Label(side, at, content, size), length
    return None


def _compact(
    width: float, height: float, taken: list[Box], line_clear: float
) -> tuple[Label, float] | None:
    """No stretch for the bar and its caption: the caption inside the bar."""
    for side in SIDES:
        for start, end in _free(side, width, height, taken, line_clear):
            if end - start >= COMPACT:
                return Label(side, start, None, COMPACT_SIZE, compact=True), COMPACT
    return None


COMPACT = SCALE + 0.5  # mm: the bar alone, its caption between two ticks
COMPACT_SIZE = 4.0  # points: the caption that fits between the 20 and 30 mm ticks


def draw_labels(canvas: Canvas, labels: list[Label], width: float, height: float) -> None:
    for label in labels:
        if label.text is not None:  # its sheet's own words
            _draw_label(canvas, label, width, height)
            continue
        # The scale bar, where the sheet before had it, writes what that sheet's wrote: its
        # operations are kept, a PDF's, and written again (its font set, its glyphs numbered
        # by the first): 2,224 sheets drew 8 lines and a string each (a 1,000-card build
        # 3,055 → 3,001 million instructions).
        bars = _BARS.setdefault(canvas, {})
        key = (label, width, height)
        code = bars.get(key)
        if code is not None:
            canvas._code.extend(code)
            continue
        start = len(canvas._code)
        _draw_label(canvas, label, width, height)
        bars[key] = canvas._code[start:]  # within its saved state: it changes nothing else


_BARS: weakref.WeakKeyDictionary[Canvas, dict[tuple[Label, float, float], list[str]]] = (
    weakref.WeakKeyDictionary()
)


def _draw_label(canvas: Canvas, label: Label, width: float, height: float) -> None:
    canvas.saveState()
    _left, bottom, right, _top = _band(label.side, width, height)
    if label.side in ("bottom", "top"):
        canvas.translate(pt(label.start), pt(bottom))
    else:  # read from the bottom up, the band's outer edge at the text's foot
        canvas.translate(pt(right), pt(label.start))
        canvas.rotate(90)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setStrokeColorRGB(0, 0, 0)
    if label.text is not None:
        canvas.setFont(FONT, label.size)
        canvas.drawString(0, pt(0.9), label.text)
    else:
        _scale_bar(canvas, label.size, label.compact)
    canvas.restoreState()


def _scale_bar(canvas: Canvas, size: float, compact: bool = False) -> None:
    """A 50 mm line with a tick every 10 mm: measure it to check the print's scale."""
    base = pt(0.6)
    canvas.setLineWidth(0.35)
    canvas.line(0, base, pt(SCALE), base)
    for mm in range(0, int(SCALE) + 1, 10):
        tall = 2.2 if mm in (0, SCALE) else 1.2
        canvas.line(pt(mm), base, pt(mm), base + pt(tall))
    canvas.setFont(FONT, size)
    if compact:  # centred between the 20 and 30 mm ticks, just above the line
        canvas.drawCentredString(pt(SCALE / 2), base + pt(0.5), "50 mm")
    else:
        canvas.drawString(pt(SCALE + 1.0), pt(0.9), "50 mm")
