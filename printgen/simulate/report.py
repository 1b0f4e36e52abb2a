"""playtest.pdf: the report a designer shows a co-designer, on A4 pages.

Page 1 says what was played and what came out, in sentences, with the length histogram, the win
rates by seat (and by bot) and the game's curves; then the cards' table and the game's own
figures. Content flows onto further pages rather than off the bottom of one: a long card table
continues on the next page under its header. Same summary → same bytes (invariant mode, no
dates).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.graphics import renderPDF
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printgen.documents.platypus import Flowable, Paragraph, Table, TableStyle
from printgen.simulate import charts
from printgen.simulate.canvas import BOLD, ITALIC, REGULAR, open_canvas
from printgen.simulate.story import (
    ended,
    judged,
    key_sentences,
    not_ended,
    pct,
    plural,
    settings_line,
    together,
    too_few,
    verdict_sentences,
)

WIDTH, HEIGHT = A4
MARGIN = 42.0
TOP: float = HEIGHT - MARGIN
GREY = colors.HexColor("#555555")
BODY = ParagraphStyle("body", fontName=REGULAR, fontSize=9.5, leading=12.5, spaceAfter=3)
BULLET = ParagraphStyle(
    "bullet", parent=BODY, leftIndent=10, bulletIndent=0, bulletFontName=REGULAR
)
BREACH = ParagraphStyle("breach", parent=BULLET, textColor=charts.ACCENT)
SMALL = ParagraphStyle("small", fontName=REGULAR, fontSize=8, leading=10, textColor=GREY)
HEADER = ParagraphStyle("header", fontName=BOLD, fontSize=8, leading=9.5, alignment=2)
HEADER_LEFT = ParagraphStyle("header_left", parent=HEADER, alignment=0)
HEAD = ParagraphStyle("head", fontName=BOLD, fontSize=11.5, leading=14, spaceBefore=6)
CHART_H = 170.0
HALF = (WIDTH - 2 * MARGIN - 16) / 2
KEEP_WITH_HEADING = 140.0  # a heading is not left alone at the foot of a page


def render(summary: Mapping[str, Any], verdicts: Sequence[Mapping[str, Any]]) -> bytes:
    buffer = io.BytesIO()
    title = f"Playtest: {summary['title']}"
    canvas = open_canvas(buffer, title, f"{summary['settings']['games']} simulated games")
    at = _Flow(canvas)
    _what_happened(at, summary, verdicts, title)
    _charts(at, summary)
    _cards(at, summary)
    _figures(at, summary)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


class _Flow:
    """Flowables and drawings placed top-down; a new page when the next one does not fit."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.y = TOP

    def room(self) -> float:
        return self.y - MARGIN

    def need(self, height: float) -> None:
        if height > self.room() and self.y < TOP:
            self._next_page()

    def put(self, flowable: Flowable, gap: float = 0.0) -> None:
        width = WIDTH - 2 * MARGIN
        pending = [flowable]
        while pending:
            piece = pending.pop(0)
            _, height = piece.wrapOn(self.canvas, width, self.room())
            if height > self.room():
                parts = piece.splitOn(self.canvas, width, self.room())
                if len(parts) > 1:  # a table's rows that fit here; the rest on the next page
                    pending[:0] = parts
                    continue
                if self.y < TOP:  # whole, on a page of its own
                    self._next_page()
                    pending.insert(0, piece)
                    continue
            self.y -= height
            piece.drawOn(self.canvas, MARGIN, self.y)
            if pending:
                self._next_page()
        self.y -= gap

    def _next_page(self) -> None:
        self.canvas.showPage()
        self.y = TOP

    def heading(self, text: str) -> None:
        self.need(KEEP_WITH_HEADING)
        self.put(Paragraph(text, HEAD), 2)

    def drawings(self, row: Sequence[Any], height: float) -> None:
        """Charts side by side, each ``HALF`` wide (or the whole width for one)."""
        self.need(height)
        for i, drawing in enumerate(row):
            renderPDF.draw(drawing, self.canvas, MARGIN + (HALF + 16) * i, self.y - height)
        self.y -= height + 18


def _what_happened(
    at: _Flow, summary: Mapping[str, Any], verdicts: Sequence[Mapping[str, Any]], title: str
) -> None:
    at.put(Paragraph(title, ParagraphStyle("title", fontName=BOLD, fontSize=20, leading=24)), 4)
    at.put(Paragraph(_esc(settings_line(summary)), SMALL))
    bots = ", ".join(summary["engine_bots"])
    at.put(Paragraph(_esc(f"Engine: {summary['engine']} (bots it has: {bots})"), SMALL), 8)
    at.heading("What happened")
    for sentence in key_sentences(summary):
        at.put(Paragraph(_esc(sentence), BULLET, bulletText="•"))
    if verdicts:
        at.y -= 6
        at.heading("Balance thresholds (game.yaml)")
        for sentence, met in verdict_sentences(verdicts, summary):
            at.put(Paragraph(_esc(sentence), BULLET if met else BREACH, bulletText="•"))
    at.y -= 10


def _charts(at: _Flow, summary: Mapping[str, Any]) -> None:
    charts_ = [_length_chart(summary), _seat_chart(summary)]
    if len(summary["bots"]) > 1 and ended(summary) and not together(summary):
        charts_.append(
            charts.rate_bars(
                summary["bots"],
                "bot",
                summary["first_player"]["fair"],
                HALF,
                CHART_H,
                "Win rate by bot (share of its seats)",
            )
        )
    for title, curves, caption in charts.curve_charts(summary["series"]):
        charts_.append(charts.line_chart(curves, HALF, CHART_H, title, caption))
    for i in range(0, len(charts_), 2):
        at.drawings(charts_[i : i + 2], CHART_H)


def _length_chart(summary: Mapping[str, Any]) -> Any:
    fin, cap = summary["finished"], summary["settings"]["turn_cap"]
    unfinished = fin.get("unfinished", 0)
    if not fin["games"] and not unfinished:
        text = f"No game ended: {plural(fin['capped'], 'game')} stopped at the {cap}-turn cap."
        return charts.note(HALF, CHART_H, "Game length", text)
    if not fin["games"]:
        text = f"No game ended by the rules: {not_ended(summary, 'all')}."
        return charts.note(HALF, CHART_H, "Game length", text)
    caption = f"bars: games by length in turns\nthe {plural(fin['games'], 'game')} that ended"
    if fin["capped"] and not unfinished:
        caption += f" ({fin['capped']} more stopped at the cap)"
    elif unfinished:
        caption += f" ({fin['capped'] + unfinished} more did not end by the rules)"
    return charts.histogram(summary["turns"]["histogram"], HALF, CHART_H, "Game length", caption)


def _seat_chart(summary: Mapping[str, Any]) -> Any:
    # seat 1 first in every game, or the engine chose who begins (GameRecord.first)
    first = " (seat 1 first)" if summary["first_player"]["always_seat_1"] else ""
    if not ended(summary):
        text = "No game ended: no winner, no win rate."
        return charts.note(HALF, CHART_H, f"Win rate by seat{first}", text)
    title = f"Win rate by seat{first}, of {plural(ended(summary), 'game')} ended"
    if together(summary) and summary["settings"]["players"] == 1:
        text = f"The one player wins {pct(summary['together']['rate'])}."
        return charts.note(HALF, CHART_H, "Win rate (a solo game)", text)
    if together(summary):
        team = summary["together"]
        text = f"Every seat wins or loses with the others: together, {pct(team['rate'])}."
        return charts.note(HALF, CHART_H, "Win rate (a cooperative game)", text)
    fair = summary["first_player"]["fair"]
    return charts.rate_bars(summary["seats"], "seat", fair, HALF, CHART_H, title)


CARD_HEADER = [
    "card",
    "played per player",
    "players playing it",
    "wins if played",
    "wins if not",
    "difference, 95% interval",
    "correlation",
]
CARD_COLUMN = 130.0  # the name's column; the figures share the rest of the width


def _cards(at: _Flow, summary: Mapping[str, Any]) -> None:
    cards = summary["cards"]
    if not cards:
        return
    at.heading("Cards")
    games = plural(ended(summary), "game")
    over = f"the {games} that ended" if ended(summary) else "none: no game ended"
    order = (
        "in deck order"
        if summary["cards_order"] == "deck"
        else "by name; only those played are listed: the engine counts cards that are not in "
        "this game's decks, so those never played cannot be shown"
    )
    at.put(
        Paragraph(
            f"Per card type, over {summary['cards_counted']}: copies one player plays in a game "
            "and the share of players who played it at least once (every game); how often "
            "those players won against those who did not, the 95% interval of that difference "
            f"and the correlation between copies played and winning ({over}). "
            f"Card types {order}.",
            SMALL,
        ),
        4,
    )
    rows: list[list[Any]] = [_header(CARD_HEADER)]
    rows += [_card_row(c) for c in cards]
    at.put(_table(rows, first=CARD_COLUMN), 4)
    if not all(c["in_played_decks"] for c in cards):
        at.put(
            Paragraph(
                "* counted by the engine but not a card of the decks it plays (PLAYED_DECKS): "
                "not judged.",
                SMALL,
            ),
            4,
        )
    at.y -= 4
    at.put(Paragraph(_never_text(summary), BODY), 6)


def _card_row(c: Mapping[str, Any]) -> list[str]:
    name = _fitted(c["name"], CARD_COLUMN - 12) + ("" if c["in_played_decks"] else " *")
    if c["played_per_seat"] == 0:
        return [name, "never played", "0%", "–", "–", "–", "–"]
    low, high = c["difference_low"], c["difference_high"]
    return [
        name,
        f"{c['played_per_seat']:.2f}",
        f"{c['played_share']:.0%}",
        "–" if c["win_when_played"] is None else f"{c['win_when_played']:.0%}",
        "–" if c["win_when_not"] is None else f"{c['win_when_not']:.0%}",
        "–" if low is None else f"{_points(low)} to {_points(high)}",
        "–" if c["correlation"] is None else f"{c['correlation']:+.2f}",
    ]


def _fitted(name: str, width: float) -> str:
    """A card's name cut to its column (a designer's long name would run into the figures),
    in the middle: names of one family share their start ("Long-Named Card 1", "… 2") and
    keep the end that tells them apart."""
    if stringWidth(name, ITALIC, 8.5) <= width:
        return name
    head, tail = name[: len(name) // 2], name[len(name) // 2 :]
    while (head or tail) and stringWidth(f"{head.rstrip()}…{tail.lstrip()}", ITALIC, 8.5) > width:
        head, tail = (head[:-1], tail) if len(head) >= len(tail) else (head, tail[1:])
    return f"{head.rstrip()}…{tail.lstrip()}"


def _points(share: float) -> str:
    """A difference in points, signed; no "-0"."""
    points = round(share * 100)
    return f"{points:+d}" if points else "0"


def _never_text(summary: Mapping[str, Any]) -> str:
    if not judged(summary):
        return _esc(
            f"Too few games to judge which cards are never worth playing ({too_few(summary)})."
        )
    never = summary["never_worth"]
    if not never and summary["cards_order"] != "deck":
        return (
            "No card listed is never worth playing — but the engine counts plays by names that "
            "are not the card ids of the decks it plays, so a card it never counts cannot be "
            "judged; count plays by card id to judge every card."
        )
    if not never:
        return (
            "No card type is never worth playing: each is played, and the 95% interval of its "
            "players' wins against those who hold it back does not lie clearly (5 points) below."
        )
    names = "; ".join(
        f'<font name="{BOLD}">{_esc(c["name"])}</font> ({_esc(c["why"])})' for c in never
    )
    return "Never worth playing: " + names


def _figures(at: _Flow, summary: Mapping[str, Any]) -> None:
    figures = summary["figures"]
    if not figures:
        return
    at.y -= 6
    at.heading("The game's own figures")
    header = ["figure", "mean", "p10", "median", "p90", "games"]
    rows: list[list[Any]] = [_header(header)]
    for f in figures.values():
        rows.append(
            [
                Paragraph(_esc(f["label"]), SMALL),
                f"{f['mean']:.3g}",
                f"{f['p10']:.3g}",
                f"{f['p50']:.3g}",
                f"{f['p90']:.3g}",
                str(f["games"]),
            ]
        )
    at.put(_table(rows, first=250), 4)
    if said := _stopped_note(summary):
        at.put(Paragraph(_esc(said), SMALL), 6)
    if not all(f["named"] for f in figures.values()):
        at.put(
            Paragraph(
                _esc(
                    "Some figures are shown by their key, made readable: the engine can caption "
                    f"them with LABELS in {summary['engine']}."
                ),
                SMALL,
            ),
            6,
        )


def _stopped_note(summary: Mapping[str, Any]) -> str | None:
    """What the figures' games column counts of the games that did not end, which the win rates
    leave out: an engine may give figures at a game's real end alone, and the note said every
    game was counted beside a column of 944 of 1000."""
    fin = summary["finished"]
    stopped = fin["capped"] + fin.get("unfinished", 0)
    if not stopped:
        return None
    which = (
        "the games stopped at the cap" if stopped == fin["capped"] else "the games that did not end"
    )
    which += f" ({stopped})"
    counted: dict[int, list[str]] = {}
    for f in summary["figures"].values():
        counted.setdefault(f["stopped_games"], []).append(f["label"])
    if set(counted) == {stopped}:
        return (
            f"Figures count every game, {which} too; the win rates count only the games that "
            f"ended ({fin['games']})."
        )
    if set(counted) == {0}:
        return f"The figures leave out {which}, which gave none, as the win rates do."
    groups = "; ".join(f"{', '.join(labels)}: {n}" for n, labels in counted.items())
    return f"Of {which}, each figure counts those that gave it: {groups}."


def _header(names: Sequence[str]) -> list[Any]:
    """Column titles that wrap, the names' left, the figures' right like their numbers."""
    return [Paragraph(names[0], HEADER_LEFT)] + [Paragraph(n, HEADER) for n in names[1:]]


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
