"""playtest.pdf: two A4 pages a designer can show a co-designer.

Page 1 says what was played and what came out, in sentences, with the length histogram and the
win rates by seat (and by bot); page 2 has the cards' table and the game's own figures and
curves. Same summary → same bytes (invariant mode, no dates).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.graphics import renderPDF
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from printgen.documents.platypus import Flowable, Paragraph, Table, TableStyle
from printgen.simulate import charts
from printgen.simulate.canvas import BOLD, ITALIC, REGULAR, open_canvas
from printgen.simulate.story import key_sentences, settings_line, verdict_sentences

WIDTH, HEIGHT = A4
MARGIN = 42.0
GREY = colors.HexColor("#555555")
BODY = ParagraphStyle("body", fontName=REGULAR, fontSize=9.5, leading=12.5, spaceAfter=3)
BULLET = ParagraphStyle(
    "bullet", parent=BODY, leftIndent=10, bulletIndent=0, bulletFontName=REGULAR
)
SMALL = ParagraphStyle("small", fontName=REGULAR, fontSize=8, leading=10, textColor=GREY)
HEAD = ParagraphStyle("head", fontName=BOLD, fontSize=11.5, leading=14, spaceBefore=6)
MAX_LINE_CHARTS = 3


def render(summary: Mapping[str, Any], verdicts: Sequence[Mapping[str, Any]]) -> bytes:
    buffer = io.BytesIO()
    title = f"Playtest: {summary['title']}"
    canvas = open_canvas(buffer, title, f"{summary['settings']['games']} simulated games")
    _page_one(canvas, summary, verdicts, title)
    canvas.showPage()
    _page_two(canvas, summary)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


class _Cursor:
    """Flowables placed top-down on one page."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.y = HEIGHT - MARGIN

    def put(self, flowable: Flowable, gap: float = 0.0) -> None:
        _, height = flowable.wrapOn(self.canvas, WIDTH - 2 * MARGIN, self.y - MARGIN)
        self.y -= height
        flowable.drawOn(self.canvas, MARGIN, self.y)
        self.y -= gap

    def drawing(self, drawing: Any, x: float) -> None:
        renderPDF.draw(drawing, self.canvas, x, self.y - drawing.height)


def _page_one(
    canvas: Canvas, summary: Mapping[str, Any], verdicts: Sequence[Mapping[str, Any]], title: str
) -> None:
    at = _Cursor(canvas)
    at.put(Paragraph(title, ParagraphStyle("title", fontName=BOLD, fontSize=20, leading=24)), 4)
    at.put(Paragraph(_esc(settings_line(summary)), SMALL))
    at.put(
        Paragraph(
            _esc(f"Engine: {summary['engine']} (bots it has: {', '.join(summary['engine_bots'])})"),
            SMALL,
        ),
        8,
    )
    at.put(Paragraph("What happened", HEAD), 2)
    for sentence in key_sentences(summary):
        at.put(Paragraph(_esc(sentence), BULLET, bulletText="•"))
    if verdicts:
        at.y -= 6
        at.put(Paragraph("Balance thresholds (game.yaml)", HEAD), 2)
        for sentence in verdict_sentences(verdicts):
            style = (
                BULLET
                if sentence.startswith("met")
                else ParagraphStyle("breach", parent=BULLET, textColor=charts.ACCENT)
            )
            at.put(Paragraph(_esc(sentence), style, bulletText="•"))
    at.y -= 10
    half = (WIDTH - 2 * MARGIN - 16) / 2
    chart_h = 170.0
    at.drawing(
        charts.histogram(summary["turns"]["histogram"], half, chart_h, "Game length"), MARGIN
    )
    at.drawing(
        charts.rate_bars(
            summary["seats"],
            "seat",
            summary["first_player"]["fair"],
            half,
            chart_h,
            "Win rate by seat (seat 1 plays first)",
        ),
        MARGIN + half + 16,
    )
    at.y -= chart_h + 18
    two = len(summary["bots"]) > 1
    if two and at.y - chart_h > MARGIN:
        at.drawing(
            charts.rate_bars(
                summary["bots"],
                "bot",
                summary["first_player"]["fair"],
                half,
                chart_h,
                "Win rate by bot (share of the seats it played)",
            ),
            MARGIN,
        )
    series = list(summary["series"].values())[:MAX_LINE_CHARTS]
    height = chart_h + 10 * (len(series) - 1)
    if series and at.y - height > MARGIN:
        curves = [(s["label"], s["mean"]) for s in series]
        title = "Over the game (mean of the games still running)"
        width = half if two else WIDTH - 2 * MARGIN
        at.drawing(charts.line_chart(curves, width, height, title), MARGIN + (half + 16) * two)


def _page_two(canvas: Canvas, summary: Mapping[str, Any]) -> None:
    at = _Cursor(canvas)
    at.put(Paragraph("Cards", HEAD), 2)
    at.put(
        Paragraph(
            f"Per card type, over {summary['cards_counted']}: copies one player plays in a game, "
            "the share of players who played it at least once, how often those players won "
            "against those who did not, and the correlation between copies played and winning.",
            SMALL,
        ),
        4,
    )
    rows = [
        [
            "card",
            "played / player",
            "players playing",
            "wins if played",
            "wins if not",
            "correlation",
        ]
    ]
    for c in summary["cards"]:
        rows.append(
            [
                c["card"],
                f"{c['played_per_seat']:.2f}",
                f"{c['played_share']:.0%}",
                f"{c['win_when_played']:.0%}",
                "–" if c["win_when_not"] is None else f"{c['win_when_not']:.0%}",
                "–" if c["correlation"] is None else f"{c['correlation']:+.2f}",
            ]
        )
    if len(rows) > 1:
        at.put(_table(rows), 6)
    never = summary["never_worth"]
    text = (
        (
            "Never worth playing: "
            + "; ".join(
                f'<font name="{BOLD}">{_esc(c["card"])}</font> ({_esc(c["why"])})' for c in never
            )
        )
        if never
        else (
            "No card type is never worth playing: each is played, and its players do not win "
            "clearly less than those who hold it back."
        )
    )
    at.put(Paragraph(text, BODY), 6)
    figures = summary["figures"]
    if figures:
        at.y -= 6
        at.put(Paragraph("The game's own figures", HEAD), 2)
        frows = [["figure", "mean", "p10", "median", "p90"]]
        for f in figures.values():
            frows.append(
                [
                    Paragraph(_esc(f["label"]), SMALL),
                    f"{f['mean']:.3g}",
                    f"{f['p10']:.3g}",
                    f"{f['p50']:.3g}",
                    f"{f['p90']:.3g}",
                ]
            )
        at.put(_table(frows, first=250), 10)


def _table(rows: list[list[Any]], first: float | None = None) -> Table:
    widths = None
    if first is not None:
        rest = (WIDTH - 2 * MARGIN - first) / (len(rows[0]) - 1)
        widths = [first] + [rest] * (len(rows[0]) - 1)
    table = Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), REGULAR, 8.5),
                ("FONT", (0, 0), (-1, 0), BOLD, 8.5),
                ("FONT", (0, 1), (0, -1), ITALIC, 8.5),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f1f4f6")]),
                ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
            ]
        )
    )
    return table


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
