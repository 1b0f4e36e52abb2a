"""The report's charts, drawn with ReportLab's graphics; every label in embedded Vera."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from printgen.simulate.canvas import BOLD, REGULAR
from printgen.simulate.report_words import Words

INK = colors.HexColor("#222222")
BAR = colors.HexColor("#3b6e8f")
ACCENT = colors.HexColor("#c0392b")
GRID = colors.HexColor("#d0d0d0")
# one colour a seat (up to 8 seats), told apart in print too; a seat-less curve is grey, dashed
LINES = tuple(
    colors.HexColor(c)
    for c in (
        "#3b6e8f",
        "#c0392b",
        "#2e7d32",
        "#e08e0b",
        "#7b3f9e",
        "#17a2b8",
        "#8d6e63",
        "#d63384",
    )
)
OTHER = colors.HexColor("#777777")
LEGEND_SIZE = 6.5


def _drawing(width: float, height: float, title: str) -> tuple[Drawing, float]:
    """The chart's frame and its title; and how much lower than a one-line title's its plot
    must end, for a title set on two lines."""
    drawing = Drawing(width, height)
    drawing.initialFontName = REGULAR  # the renderer would otherwise open in bare Helvetica
    lines, size = _title_lines(title, width - TITLE_GAP)
    for i, line in enumerate(lines):
        drawing.add(_text(0, height - 11 - TITLE_LEADING * i, line, size, bold=True))
    return drawing, TITLE_LEADING * (len(lines) - 1)


TITLE_GAP = 8.0  # pt kept clear between two charts side by side
TITLE_SIZE, TITLE_LEADING = 9.5, 10.5


def _title_lines(title: str, width: float) -> tuple[list[str], float]:
    """A title on one line, made a little smaller if that fits it; else on two lines (a German
    "Siegquote je Platz (Platz 1 beginnt), von 300 beendeten Spielen" was cut short at the
    smallest size); cut with "…" only where two lines at the smallest size take it not."""
    one, size = _fitted(title, width, TITLE_SIZE, smallest=8.5)
    if one == title:
        return [one], size
    words = title.split(" ")
    for size in (TITLE_SIZE, 9.0, 8.5, 8.0, 7.5, 7.0):
        lines = balanced(words, " ", width, size, BOLD)
        if len(lines) <= 2 and all(stringWidth(line, BOLD, size) <= width for line in lines):
            return lines, size
    first, *rest = _greedy(words, " ", width, 7.0, BOLD)
    return [_fitted(first, width, 7.0)[0], _fitted(" ".join(rest), width, 7.0)[0]], 7.0


def _fitted(title: str, width: float, size: float, smallest: float = 7.0) -> tuple[str, float]:
    """The title at the size that fits ``width`` (down to ``smallest``), cut with "…" when it
    fits at none: two charts side by side never run into each other."""
    wide = stringWidth(title, BOLD, size)
    if wide <= width:
        return title, size
    size = max(smallest, size * width / wide)
    while len(title) > 1 and stringWidth(title, BOLD, size) > width:
        title = title[:-2].rstrip() + "…"
    return title, size


def _text(
    x: float, y: float, text: str, size: float = 7, bold: bool = False, anchor: str = "start"
) -> String:
    font = BOLD if bold else REGULAR
    return String(x, y, text, fontName=font, fontSize=size, textAnchor=anchor, fillColor=INK)


def _line(x1: float, y1: float, x2: float, y2: float, colour: Any = INK, **kw: Any) -> Line:
    return Line(x1, y1, x2, y2, strokeColor=colour, strokeWidth=kw.pop("width", 0.8), **kw)


def note(width: float, height: float, title: str, text: str) -> Drawing:
    """A chart with nothing to draw: a framed box that says why."""
    drawing, lower = _drawing(width, height, title)
    drawing.add(Rect(0, 14, width, height - 34 - lower, fillColor=None, strokeColor=GRID))
    lines = balanced(text.split(), " ", width - 24, 8)  # wrapped to the box
    top = (height - lower) / 2 + 5 * len(lines)
    for i, text_line in enumerate(lines):
        drawing.add(_text(width / 2, top - 10 * i, text_line, 8, anchor="middle"))
    return drawing


def histogram(
    bins: Sequence[Mapping[str, int]], width: float, height: float, title: str, caption: str
) -> Drawing:
    drawing, lower = _drawing(width, height, title)
    chart = VerticalBarChart()
    chart.x, chart.y = 32, 46
    chart.width, chart.height = width - 40, height - 70 - lower
    chart.data = [[b["games"] for b in bins] or [0]]
    chart.categoryAxis.categoryNames = [
        str(b["from"]) if b["from"] == b["to"] else f"{b['from']}–{b['to']}" for b in bins
    ] or [""]
    chart.bars[0].fillColor = BAR
    chart.bars[0].strokeColor = None
    chart.barSpacing = 1
    chart.groupSpacing = 2
    for axis in (chart.categoryAxis, chart.valueAxis):
        axis.labels.fontName = REGULAR
        axis.labels.fontSize = 6.5
    if len(bins) > 6:
        chart.categoryAxis.labels.angle = 35
        chart.categoryAxis.labels.boxAnchor = "ne"
    # games are counted whole: ReportLab's own ticks split one game into 0.2, 0.4 …
    step, top = whole_ticks(max(chart.data[0]))
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = 0, top
    chart.valueAxis.valueStep = step
    chart.valueAxis.gridStrokeColor = GRID
    chart.valueAxis.visibleGrid = True
    drawing.add(chart)
    for i, line in enumerate(reversed(caption.split("\n"))):  # a caption of two lines fits
        drawing.add(_text(0, 9 * i, line))
    return drawing


def whole_ticks(highest: int) -> tuple[int, int]:
    """A whole-number step between ticks (1, 2 or 5 times a power of ten) giving at most six
    steps up to ``highest``, and the top tick: the first step's multiple at or above it."""
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            if math.ceil(highest / step) <= 6:
                return step, step * max(1, math.ceil(highest / step))
        power *= 10


def rate_bars(
    rows: Sequence[Mapping[str, Any]],
    label: str,
    fair: float | None,
    width: float,
    height: float,
    title: str,
    words: Words,
) -> Drawing:
    """Win rates as bars with their 95 % intervals as whiskers; a dashed line at the fair share."""
    drawing, lower = _drawing(width, height, title)
    left, bottom = 30.0, 24.0
    plot_w, plot_h = width - left - 6, height - bottom - 24 - lower
    highest = min(1.0, max([1e-9, *(r["high"] for r in rows), fair or 0]) * 1.08)  # ≤ 100 %
    step = next((s for s in (0.02, 0.05, 0.1, 0.2) if highest / s <= 6), 0.25)
    steps = max(1, math.ceil(highest / step))
    top = step * steps
    for i in range(steps + 1):
        y = bottom + plot_h * i / steps
        drawing.add(_line(left, y, left + plot_w, y, GRID, width=0.4))
        drawing.add(
            _text(left - 3, y - 2.2, words.percent(f"{step * i * 100:.0f}"), 6.5, anchor="end")
        )
    slot = plot_w / max(1, len(rows))
    for i, row in enumerate(rows):
        x, w = left + slot * i + slot * 0.2, slot * 0.6
        drawing.add(Rect(x, bottom, w, plot_h * row["rate"] / top, fillColor=BAR, strokeColor=None))
        cx = x + w / 2
        y_low = bottom + plot_h * row["low"] / top
        y_high = bottom + plot_h * row["high"] / top
        drawing.add(_line(cx, y_low, cx, y_high))
        drawing.add(_line(cx - 3, y_low, cx + 3, y_low))
        drawing.add(_line(cx - 3, y_high, cx + 3, y_high))
        drawing.add(_text(cx, bottom - 9, str(row[label]), anchor="middle"))
        rate = words.percent(f"{row['rate'] * 100:.0f}")
        drawing.add(_text(cx, y_high + 2.5, rate, 6.5, True, "middle"))
    caption = words("playtest_rates_caption")
    if fair is not None:
        y = bottom + plot_h * fair / top
        drawing.add(_line(left, y, left + plot_w, y, ACCENT, strokeDashArray=[3, 2]))
        caption += words("playtest_rates_fair", fair=words.percent(f"{fair * 100:.0f}"))
    _caption(drawing, caption, width)
    return drawing


def line_chart(
    series: Sequence[tuple[str, Sequence[float], bool]],
    width: float,
    height: float,
    title: str,
    caption: str,
    w: Words,
) -> Drawing:
    """Curves over the turns; ``(name, values, dashed)``: the legend, in rows under the plot,
    takes its own room and never covers a curve."""
    drawing, lower = _drawing(width, height, title)
    rows = _legend_rows([name for name, _, _ in series], width)
    legend = 10.0 * len(rows)
    plot = LinePlot()
    plot.x, plot.y = 32, 24 + legend
    plot.width, plot.height = width - 40, height - 44 - legend - lower
    plot.data = [[(t + 1, v) for t, v in enumerate(values)] or [(1, 0)] for _, values, _ in series]
    for i, (_, _, dashed) in enumerate(series):
        plot.lines[i].strokeColor = _colour(i, dashed)
        plot.lines[i].strokeWidth = 1.2
        if dashed:
            plot.lines[i].strokeDashArray = [3, 2]
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = REGULAR
        axis.labels.fontSize = 6.5
    plot.yValueAxis.valueMin = 0
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = GRID
    plot.xValueAxis.valueMin = 1
    # a mean of 0,5 in Italian; the turns' ticks too, fractions of a turn over a short game
    plot.yValueAxis.labelTextFormat = plot.xValueAxis.labelTextFormat = w.number
    drawing.add(plot)
    _caption(drawing, caption, width, " ")
    for r, row in enumerate(rows):
        y = legend + 2 - 10 * r
        for i, x, name in row:
            if i >= 0:
                dashed = series[i][2]
                line = _line(x, y + 2.5, x + 12, y + 2.5, _colour(i, dashed), width=1.5)
                if dashed:
                    line.strokeDashArray = [3, 2]
                drawing.add(line)
            drawing.add(_text(x + 15, y, name, LEGEND_SIZE))
    return drawing


def _colour(index: int, dashed: bool) -> Any:
    return OTHER if dashed else LINES[index % len(LINES)]


def _legend_rows(names: Sequence[str], width: float) -> list[list[tuple[int, float, str]]]:
    """Legend entries (index, x, text) in rows that fit ``width``; a name too long for a row
    goes on rows of its own, wrapped (index -1: a continued line, no key)."""
    rows: list[list[tuple[int, float, str]]] = [[]]
    x = 0.0
    for i, name in enumerate(names):
        size = 15 + stringWidth(name, REGULAR, LEGEND_SIZE) + 10
        if size > width:
            lines = _wrap(name, width - 15)
            rows += [[(i, 0.0, lines[0])]] + [[(-1, 0.0, line)] for line in lines[1:]]
            rows.append([])
            x = 0.0
            continue
        if x and x + size > width:
            rows.append([])
            x = 0.0
        rows[-1].append((i, x, name))
        x += size
    return [row for row in rows if row]


def _caption(drawing: Drawing, caption: str, width: float, sep: str = " · ") -> None:
    """A caption under the chart, on further lines below where one line would run past
    ``width`` (an Italian or French caption is longer than the English), broken at ``sep``."""
    for i, line in enumerate(balanced(caption.split(sep), sep, width, 7)):
        drawing.add(_text(0, -9 * i, line))


def _wrap(text: str, width: float) -> list[str]:
    return balanced(text.split(), " ", width, LEGEND_SIZE)


def balanced(
    parts: Sequence[str], sep: str, width: float, size: float, font: str = REGULAR
) -> list[str]:
    """``parts`` joined by ``sep`` on as few lines as fit ``width``, those lines as even as
    they can be: filled greedily, the last line held a lone word ("…only the longest /
    games)"); the narrowest measure that takes no more lines shares them out instead."""
    lines = _greedy(parts, sep, width, size, font)
    if len(lines) < 2:
        return lines
    low, high = 0.0, width
    for _ in range(24):  # to a hundredth of a point or so: the lines no longer change
        middle = (low + high) / 2
        if len(_greedy(parts, sep, middle, size, font)) <= len(lines):
            high = middle
        else:
            low = middle
    return _greedy(parts, sep, high, size, font)


def _greedy(
    parts: Sequence[str], sep: str, width: float, size: float, font: str = REGULAR
) -> list[str]:
    """Each line filled with as many parts as fit ``width`` (a part wider alone on its own)."""
    lines: list[str] = []
    for part in parts:
        wider = f"{lines[-1]}{sep}{part}" if lines else part
        if lines and stringWidth(wider, font, size) <= width:
            lines[-1] = wider
        else:
            lines.append(part)
    return lines


CURVES_PER_CHART = 4


def curve_charts(
    series: Mapping[str, Mapping[str, Any]], w: Words
) -> list[tuple[str, list[tuple[str, Sequence[float], bool]], str]]:
    """The game's series as charts (title, curves, caption): one chart per figure kept by seat
    (a curve per seat, and the figure's others dashed), the rest together a few to a chart."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for s in series.values():
        if len(s["mean"]) > 1:  # one point is no curve (every game stopped after one turn)
            groups.setdefault(s["figure"], []).append(s)
    # late turns average only the long games: a rise there is which games remain, not the rules
    caption = w("playtest_curves_caption")
    out = []
    loose: list[tuple[str, Sequence[float], bool]] = []
    for members in groups.values():
        if not any(s["seat"] is not None for s in members):
            loose += [(s["label"], s["mean"], False) for s in members]
            continue
        curves = [
            (
                w("playtest_seat", n=s["seat"]) if s["seat"] is not None else s["label"],
                s["mean"],
                s["seat"] is None,
            )
            for s in members
        ]
        title = w("playtest_curves_by_seat", figure=members[0]["figure_label"])
        out.append((title[:1].upper() + title[1:], curves, caption))
    for i in range(0, len(loose), CURVES_PER_CHART):
        out.append((w("playtest_over_the_game"), loose[i : i + CURVES_PER_CHART], caption))
    return out
