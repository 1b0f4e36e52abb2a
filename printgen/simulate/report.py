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
from printgen.simulate.balance import said_again
from printgen.simulate.canvas import BOLD, ITALIC, REGULAR, drawable, open_canvas
from printgen.simulate.report_charts import CHART_H, report_charts
from printgen.simulate.report_tables import (
    CARD_HEADS,
    HALF,
    HEIGHT,
    MARGIN,
    SMALL,
    WIDTH,
    esc,
    figure_rows,
    header,
    stopped_note,
    table,
)
from printgen.simulate.report_words import Words
from printgen.simulate.story import ended, happened, judged, settings_line, too_few
from printgen.simulate.story_cards import (
    BREACHED,
    MET,
    NOT_JUDGED,
    called,
    losing,
    settle,
    unplayed,
    unplayed_label,
    verdict_sentences,
    why_losing,
)

TOP: float = HEIGHT - MARGIN
BODY = ParagraphStyle("body", fontName=REGULAR, fontSize=9.5, leading=12.5, spaceAfter=3)
BULLET = ParagraphStyle(
    "bullet", parent=BODY, leftIndent=10, bulletIndent=0, bulletFontName=REGULAR
)
BREACH = ParagraphStyle("breach", parent=BULLET, textColor=charts.ACCENT)
# neither met nor breached: in the alarm's red, a figure that passes read as a failure
UNJUDGED = ParagraphStyle("not_judged", parent=BULLET, textColor=charts.OTHER)
HEAD = ParagraphStyle("head", fontName=BOLD, fontSize=11.5, leading=14, spaceBefore=6)
VERDICT_STYLES = {MET: BULLET, BREACHED: BREACH, NOT_JUDGED: UNJUDGED}
KEEP_WITH_HEADING = 140.0  # a heading is not left alone at the foot of a page


def render(summary: Mapping[str, Any], verdicts: Sequence[Mapping[str, Any]], w: Words) -> bytes:
    """The report; ``w``: its labels, in the game's language."""
    w = w.printed()
    summary = _drawable(summary)
    buffer = io.BytesIO()
    title = w("playtest_title", title=summary["title"])
    canvas = open_canvas(buffer, title, w.count("playtest_subject", summary["settings"]["games"]))
    at = _Flow(canvas)
    _what_happened(at, summary, said_again(summary, verdicts, w), title, w)
    charts_ = report_charts(summary, w)
    for i in range(0, len(charts_), 2):
        at.drawings(charts_[i : i + 2], CHART_H)
    _cards(at, summary, w)
    _figures(at, summary, w)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _drawable(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The summary as the report's font can print it: a card's name it cannot draw is the
    card's id, a title the game's id (the console prints the names; simulate warns of them)."""

    def card(c: Mapping[str, Any]) -> dict[str, Any]:
        return {**c, "name": c["name"] if drawable(c["name"]) else c["card"]}

    return {
        **summary,
        "title": summary["title"] if drawable(summary["title"]) else summary["game"],
        "cards": [card(c) for c in summary["cards"]],
        "never_worth": [card(c) for c in summary["never_worth"]],
    }


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

    def section(self, title: str, parts: Sequence[tuple[Flowable, float]]) -> None:
        """A heading and what follows it (each part with the gap under it), the heading never
        alone at the foot of a page: it goes on to the next when the room left holds neither
        ``KEEP_WITH_HEADING`` nor the whole section, a shorter one (the game's own figures,
        one row, went to a page of their own under a page 15 % empty)."""
        head = Paragraph(esc(title), HEAD)
        whole = self._height(head) + 2 + sum(self._height(part) + gap for part, gap in parts)
        self.need(min(KEEP_WITH_HEADING, whole))
        self.put(head, 2)
        for part, gap in parts:
            self.put(part, gap)

    def _height(self, flowable: Flowable) -> float:
        """A flowable's height laid out the page's width, however long."""
        return float(flowable.wrapOn(self.canvas, WIDTH - 2 * MARGIN, HEIGHT)[1])

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
    w: Words,
) -> None:
    at.put(
        Paragraph(esc(title), ParagraphStyle("title", fontName=BOLD, fontSize=20, leading=24)), 4
    )
    at.put(Paragraph(esc(settings_line(summary, w)), SMALL))
    bots = ", ".join(summary["engine_bots"])
    at.put(Paragraph(esc(w("playtest_engine", engine=summary["engine"], bots=bots)), SMALL), 8)
    # the verdicts on the cards are not among them: the card section gives them (_never_text)
    said = [(Paragraph(esc(s), BULLET, bulletText="•"), 0.0) for s in happened(summary, w)]
    at.section(w("playtest_happened"), said)
    if verdicts:
        at.y -= 6
        at.section(
            w("playtest_thresholds"),
            [
                (Paragraph(esc(sentence), VERDICT_STYLES[said], bulletText="•"), 0.0)
                for sentence, said in verdict_sentences(verdicts, summary, w)
            ],
        )
    at.y -= 10


CARD_COLUMN = 130.0  # the name's column; the figures share the rest of the width


def _cards(at: _Flow, summary: Mapping[str, Any], w: Words) -> None:
    cards = summary["cards"]
    if not cards:
        return
    over = (
        w.count("playtest_cards_over", ended(summary))
        if ended(summary)
        else w("playtest_cards_over_none")
    )
    order = w(
        "playtest_cards_deck_order"
        if summary["cards_order"] == "deck"
        else "playtest_cards_by_name"
    )
    counted = w(
        "playtest_cards_every_seat"
        if summary["cards_counted"] == "every seat"
        else "playtest_cards_bot_seats"
    )
    intro = w("playtest_cards_intro", counted=counted, over=over, order=order)
    heads = [w(head) for head in CARD_HEADS]
    rows: list[list[Any]] = [header(heads)]
    rows += [_card_row(c, w) for c in cards]
    parts: list[tuple[Flowable, float]] = [
        (Paragraph(esc(intro), SMALL), 4),
        (table(rows, heads, first=CARD_COLUMN), 4),
    ]
    if not all(c["in_played_decks"] for c in cards):
        parts.append((Paragraph(esc(w("playtest_not_in_decks")), SMALL), 4))
    at.section(w("playtest_cards"), parts)
    at.y -= 4
    for text in _never_text(summary, w):
        at.put(Paragraph(text, BODY), 6)


def _card_row(c: Mapping[str, Any], w: Words) -> list[str]:
    name = _fitted(c["name"], CARD_COLUMN - 12) + ("" if c["in_played_decks"] else " *")
    if c["played_per_seat"] == 0:
        return [name, w("playtest_never_played"), w.percent("0"), "–", "–", "–", "–"]
    low, high = c["difference_low"], c["difference_high"]
    return [
        name,
        w.number(c["played_per_seat"], ".2f"),
        _share(c["played_share"], w),
        _share(c["win_when_played"], w),
        _share(c["win_when_not"], w),
        "–" if low is None else w("playtest_range", low=_points(low, w), high=_points(high, w)),
        "–" if c["correlation"] is None else w.number(c["correlation"], "+.2f"),
    ]


def _share(share: float | None, w: Words) -> str:
    return "–" if share is None else w.percent(f"{share * 100:.0f}")


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


def _points(share: float, w: Words) -> str:
    """A difference in points, signed; no "-0"."""
    points = round(share * 100)
    return w.signed(f"{points:+d}") if points else "0"


def _never_text(summary: Mapping[str, Any], w: Words) -> list[str]:
    """The paragraphs under the card table: what was measured of the cards never played and of
    those played more by the seats that lose (each named in bold), and how to settle it."""
    if not judged(summary):
        return [esc(w("playtest_too_few_cards", why=too_few(summary, w)))]
    never = summary["never_worth"]
    if not never and summary["cards_order"] != "deck":
        return [esc(w("playtest_flagged_none_by_name"))]
    if not never:
        return [esc(w("playtest_flagged_none"))]
    out = []
    if cards := unplayed(never):
        out.append(_marked(w, unplayed_label(summary), "cards", [_bold(c, w) for c in cards]))
    if cards := losing(never):
        parts = [f"{_bold(c, w)} ({esc(why_losing(c, summary, w))})" for c in cards]
        out += [_marked(w, "playtest_losers_cards", "parts", parts), esc(settle(summary, w))]
    return out


def _bold(card: Mapping[str, Any], w: Words) -> str:
    return f'<font name="{BOLD}">{esc(called(card, w))}</font>'


def _marked(w: Words, label: str, slot: str, parts: Sequence[str]) -> str:
    """A label around printgen's markup: the label escaped on its own, the parts as they are."""
    before, _, after = w(label).partition("{" + slot + "}")
    return esc(before) + "; ".join(parts) + esc(after)


def _figures(at: _Flow, summary: Mapping[str, Any], w: Words) -> None:
    if not summary["figures"]:
        return
    at.y -= 6
    heads, rows = figure_rows(summary, w)
    parts: list[tuple[Flowable, float]] = [(table(rows, heads, first=250), 4)]
    if note := stopped_note(summary, w):  # the win rates count the games that ended
        parts.append((Paragraph(esc(note), SMALL), 6))
    if not all(f["named"] for f in summary["figures"].values()):
        note = w("playtest_figures_by_key", engine=summary["engine"])
        parts.append((Paragraph(esc(note), SMALL), 6))
    at.section(w("playtest_figures"), parts)
