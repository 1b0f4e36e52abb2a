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
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printgen.documents.platypus import Flowable, Paragraph
from printgen.simulate import charts
from printgen.simulate.canvas import BOLD, ITALIC, REGULAR, open_canvas
from printgen.simulate.report_tables import (
    CARD_HEADS,
    HEIGHT,
    MARGIN,
    SMALL,
    WIDTH,
    esc,
    figure_rows,
    header,
    said,
    stopped_note,
    table,
)
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

TOP: float = HEIGHT - MARGIN
BODY = ParagraphStyle("body", fontName=REGULAR, fontSize=9.5, leading=12.5, spaceAfter=3)
BULLET = ParagraphStyle(
    "bullet", parent=BODY, leftIndent=10, bulletIndent=0, bulletFontName=REGULAR
)
BREACH = ParagraphStyle("breach", parent=BULLET, textColor=charts.ACCENT)
HEAD = ParagraphStyle("head", fontName=BOLD, fontSize=11.5, leading=14, spaceBefore=6)
CHART_H = 170.0
HALF = (WIDTH - 2 * MARGIN - 16) / 2
KEEP_WITH_HEADING = 140.0  # a heading is not left alone at the foot of a page


def render(
    summary: Mapping[str, Any], verdicts: Sequence[Mapping[str, Any]], words: Mapping[str, str]
) -> bytes:
    """The report; ``words``: its labels, in the game's language."""
    buffer = io.BytesIO()
    title = said(words, "playtest_title", title=summary["title"])
    canvas = open_canvas(buffer, title, f"{summary['settings']['games']} simulated games")
    at = _Flow(canvas)
    _what_happened(at, summary, verdicts, title, words)
    _charts(at, summary)
    _cards(at, summary, words)
    _figures(at, summary, words)
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
        self.put(Paragraph(esc(text), HEAD), 2)

    def drawings(self, row: Sequence[Any], height: float) -> None:
        """Charts side by side, each ``HALF`` wide (or the whole width for one)."""
        self.need(height)
        for i, drawing in enumerate(row):
            renderPDF.draw(drawing, self.canvas, MARGIN + (HALF + 16) * i, self.y - height)
        self.y -= height + 18


def _what_happened(
    at: _Flow,
    summary: Mapping[str, Any],
    verdicts: Sequence[Mapping[str, Any]],
    title: str,
    words: Mapping[str, str],
) -> None:
    at.put(
        Paragraph(esc(title), ParagraphStyle("title", fontName=BOLD, fontSize=20, leading=24)), 4
    )
    at.put(Paragraph(esc(settings_line(summary)), SMALL))
    bots = ", ".join(summary["engine_bots"])
    at.put(Paragraph(esc(f"Engine: {summary['engine']} (bots it has: {bots})"), SMALL), 8)
    at.heading(words["playtest_happened"])
    for sentence in key_sentences(summary):
        at.put(Paragraph(esc(sentence), BULLET, bulletText="•"))
    if verdicts:
        at.y -= 6
        at.heading(words["playtest_thresholds"])
        for sentence, met in verdict_sentences(verdicts, summary):
            at.put(Paragraph(esc(sentence), BULLET if met else BREACH, bulletText="•"))
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


CARD_COLUMN = 130.0  # the name's column; the figures share the rest of the width


def _cards(at: _Flow, summary: Mapping[str, Any], words: Mapping[str, str]) -> None:
    cards = summary["cards"]
    if not cards:
        return
    at.heading(words["playtest_cards"])
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
    heads = [words[head] for head in CARD_HEADS]
    rows: list[list[Any]] = [header(heads)]
    rows += [_card_row(c, words["playtest_never_played"]) for c in cards]
    at.put(table(rows, heads, first=CARD_COLUMN), 4)
    if not all(c["in_played_decks"] for c in cards):
        at.put(
            Paragraph(esc(words["playtest_not_in_decks"]), SMALL),
            4,
        )
    at.y -= 4
    at.put(Paragraph(_never_text(summary), BODY), 6)


def _card_row(c: Mapping[str, Any], never_played: str) -> list[str]:
    name = _fitted(c["name"], CARD_COLUMN - 12) + ("" if c["in_played_decks"] else " *")
    if c["played_per_seat"] == 0:
        return [name, never_played, "0%", "–", "–", "–", "–"]
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
        return esc(
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
        f'<font name="{BOLD}">{esc(c["name"])}</font> ({esc(c["why"])})' for c in never
    )
    return "Never worth playing: " + names


def _figures(at: _Flow, summary: Mapping[str, Any], words: Mapping[str, str]) -> None:
    if not summary["figures"]:
        return
    at.y -= 6
    at.heading(words["playtest_figures"])
    heads, rows = figure_rows(summary, words)
    at.put(table(rows, heads, first=250), 4)
    if note := stopped_note(summary, words):  # the win rates count the games that ended
        at.put(Paragraph(esc(note), SMALL), 6)
    if not all(f["named"] for f in summary["figures"].values()):
        note = said(words, "playtest_figures_by_key", engine=summary["engine"])
        at.put(Paragraph(esc(note), SMALL), 6)
