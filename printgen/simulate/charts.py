"""The report's charts, drawn with ReportLab's graphics; every label in embedded Vera."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors

from printgen.simulate.canvas import BOLD, REGULAR

INK = colors.HexColor("#222222")
BAR = colors.HexColor("#3b6e8f")
ACCENT = colors.HexColor("#c0392b")
GRID = colors.HexColor("#d0d0d0")
LINES = (colors.HexColor("#3b6e8f"), colors.HexColor("#c0392b"), colors.HexColor("#2e7d32"))


def _drawing(width: float, height: float, title: str) -> Drawing:
    drawing = Drawing(width, height)
    drawing.initialFontName = REGULAR  # the renderer would otherwise open in bare Helvetica
    drawing.add(_text(0, height - 11, title, 9.5, bold=True))
    return drawing


def _text(
    x: float, y: float, text: str, size: float = 7, bold: bool = False, anchor: str = "start"
) -> String:
    font = BOLD if bold else REGULAR
    return String(x, y, text, fontName=font, fontSize=size, textAnchor=anchor, fillColor=INK)


def _line(x1: float, y1: float, x2: float, y2: float, colour: Any = INK, **kw: Any) -> Line:
    return Line(x1, y1, x2, y2, strokeColor=colour, strokeWidth=kw.pop("width", 0.8), **kw)


def histogram(
    bins: Sequence[Mapping[str, int]], width: float, height: float, title: str
) -> Drawing:
    drawing = _drawing(width, height, title)
    chart = VerticalBarChart()
    chart.x, chart.y = 32, 40
    chart.width, chart.height = width - 40, height - 64
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
    chart.valueAxis.valueMin = 0
    chart.valueAxis.gridStrokeColor = GRID
    chart.valueAxis.visibleGrid = True
    drawing.add(chart)
    drawing.add(_text(0, 0, "bars: games by length in turns (games that ended)"))
    return drawing


def rate_bars(
    rows: Sequence[Mapping[str, Any]],
    label: str,
    fair: float | None,
    width: float,
    height: float,
    title: str,
) -> Drawing:
    """Win rates as bars with their 95 % intervals as whiskers; a dashed line at the fair share."""
    drawing = _drawing(width, height, title)
    left, bottom = 30.0, 24.0
    plot_w, plot_h = width - left - 6, height - bottom - 24
    highest = max([1e-9, *(r["high"] for r in rows), fair or 0]) * 1.08
    step = next((s for s in (0.02, 0.05, 0.1, 0.2) if highest / s <= 6), 0.25)
    steps = max(1, math.ceil(highest / step))
    top = step * steps
    for i in range(steps + 1):
        y = bottom + plot_h * i / steps
        drawing.add(_line(left, y, left + plot_w, y, GRID, width=0.4))
        drawing.add(_text(left - 3, y - 2.2, f"{step * i * 100:.0f}%", 6.5, anchor="end"))
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
        drawing.add(_text(cx, y_high + 2.5, f"{row['rate'] * 100:.0f}%", 6.5, True, "middle"))
    caption = "bars: win rate · whiskers: 95% interval (Wilson)"
    if fair is not None:
        y = bottom + plot_h * fair / top
        drawing.add(_line(left, y, left + plot_w, y, ACCENT, strokeDashArray=[3, 2]))
        caption += f" · dashed: fair share {fair * 100:.0f}%"
    drawing.add(_text(0, 0, caption))
    return drawing


def line_chart(
    series: Sequence[tuple[str, Sequence[float]]],
    width: float,
    height: float,
    title: str,
    x_label: str = "turn",
) -> Drawing:
    drawing = _drawing(width, height, title)
    legend = 10 * len(series)
    plot = LinePlot()
    plot.x, plot.y = 32, 28
    plot.width, plot.height = width - 40, height - 44 - legend
    plot.data = [[(t + 1, v) for t, v in enumerate(values)] or [(1, 0)] for _, values in series]
    for i in range(len(series)):
        plot.lines[i].strokeColor = LINES[i % len(LINES)]
        plot.lines[i].strokeWidth = 1.2
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = REGULAR
        axis.labels.fontSize = 6.5
    plot.yValueAxis.valueMin = 0
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = GRID
    plot.xValueAxis.valueMin = 1
    drawing.add(plot)
    drawing.add(_text(0, 0, x_label))
    for i, (name, _) in enumerate(series):  # a legend under the title
        y = height - 24 - 10 * i
        drawing.add(_line(2, y + 2.5, 14, y + 2.5, LINES[i % len(LINES)], width=1.5))
        drawing.add(_text(18, y, name, 6.5))
    return drawing
