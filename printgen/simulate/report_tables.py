"""playtest.pdf's tables (the cards', the game's own figures') and the words it prints.

The report's printed words (title, headings, table heads, notes) are labels, in the game's
language as the rulebook's and the aid's are: printgen's templates/labels.yaml has them in en,
it, fr, de and es, and a project's own labels.yaml gives them in another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from printgen.documents.platypus import Paragraph, Table, TableStyle
from printgen.simulate.canvas import BOLD, ITALIC, REGULAR
from printgen.simulate.report_words import Words, english

WIDTH, HEIGHT = A4
MARGIN = 42.0
HALF = (WIDTH - 2 * MARGIN - 16) / 2  # a chart's width, two side by side
GREY = colors.HexColor("#555555")
SMALL = ParagraphStyle("small", fontName=REGULAR, fontSize=8, leading=10, textColor=GREY)
HEADER = ParagraphStyle("header", fontName=BOLD, fontSize=8, leading=9.5, alignment=2)
HEADER_LEFT = ParagraphStyle("header_left", parent=HEADER, alignment=0)

# the card table's column heads, in order
CARD_HEADS = (
    "playtest_card",
    "playtest_played_per_player",
    "playtest_players_playing",
    "playtest_wins_if_played",
    "playtest_wins_if_not",
    "playtest_difference",
    "playtest_correlation",
)
# every label the report prints, printgen's playtest_* (a counted one in both its forms): a
# language whose labels lack one is said before any game is written about in English
REPORT_LABELS = tuple(label for label in english().labels if label.startswith("playtest_"))


def figure_rows(summary: Mapping[str, Any], w: Words) -> tuple[list[str], list[list[Any]]]:
    """The figures table's heads, and its rows under them."""
    heads = [w("playtest_figure"), w("playtest_mean"), "p10", w("playtest_median")]
    heads += ["p90", w("playtest_games")]
    rows: list[list[Any]] = [header(heads)]
    for f in summary["figures"].values():
        rows.append(
            [
                Paragraph(esc(figure_label(f, w)), SMALL),
                *(w.number(f[p], ".3g") for p in ("mean", "p10", "p50", "p90")),
                str(f["games"]),
            ]
        )
    return heads, rows


def figure_label(figure: Mapping[str, Any], w: Words) -> str:
    """A figure's caption: a seat's one, printgen's words unless the engine's LABELS named it
    ("vp, seat 2" in playtest.json is "vp, posto 2" in an Italian report)."""
    seat, label = figure.get("seat"), figure["label"]
    if seat is None or label != f"{figure['figure_label']}, seat {seat}":
        return str(label)
    return w("playtest_figure_seat", figure=figure["figure_label"], seat=seat)


def stopped_note(summary: Mapping[str, Any], w: Words) -> str | None:
    """What the figures' games column counts of the games that did not end, which the win rates
    leave out: an engine may give figures at a game's real end alone, and the note said every
    game was counted beside a column of 944 of 1000."""
    fin = summary["finished"]
    stopped = fin["capped"] + fin.get("unfinished", 0)
    if not stopped:
        return None
    capped = stopped == fin["capped"]
    which = w("playtest_stopped_capped" if capped else "playtest_stopped_unended")
    counted: dict[int, list[str]] = {}
    for f in summary["figures"].values():
        counted.setdefault(f["stopped_games"], []).append(figure_label(f, w))
    if set(counted) == {stopped}:
        return w("playtest_figures_all", which=which, stopped=stopped, ended=fin["games"])
    if set(counted) == {0}:
        return w("playtest_figures_none", which=which, stopped=stopped)
    groups = "; ".join(f"{', '.join(labels)}: {n}" for n, labels in counted.items())
    return w("playtest_figures_some", which=which, stopped=stopped, counts=groups)


def header(names: Sequence[str]) -> list[Any]:
    """Column titles that wrap, the names' left, the figures' right like their numbers."""
    return [Paragraph(esc(names[0]), HEADER_LEFT)] + [Paragraph(esc(n), HEADER) for n in names[1:]]


def table(rows: list[list[Any]], heads: Sequence[str], first: float) -> Table:
    """The names' column ``first`` wide, the figures' sharing the rest, each as wide as its
    head's longest word ("correlazione" broke after its n) and its longest figure (the French
    "de −38 à −26" filled its column and ran into the "25 %" beside it)."""
    need = [
        max(_head_width(head), *(_cell_width(row[i]) for row in rows[1:])) + PADDING
        for i, head in enumerate(heads[1:], start=1)
    ]
    widths = [first, *_figure_widths(WIDTH - 2 * MARGIN - first, need)]
    laid = Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1)
    laid.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), REGULAR, CELL_SIZE),
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
    return laid


PADDING = 12.0  # a cell's left and right padding (ReportLab's 6 each)
CELL_SIZE = 8.5


def _head_width(head: str) -> float:
    """A column head's longest word: the head wraps between its words."""
    return max(float(stringWidth(word, BOLD, HEADER.fontSize)) for word in head.split())


def _cell_width(cell: Any) -> float:
    """A figure's width as the table sets it (a paragraph wraps to its column: no width)."""
    return stringWidth(cell, REGULAR, CELL_SIZE) if isinstance(cell, str) else 0.0


def _figure_widths(room: float, need: Sequence[float]) -> list[float]:
    """Even shares of ``room``; a column narrower than it ``need``s takes the difference from
    the others' room to spare, in proportion."""
    share = room / len(need)
    short = sum(max(0.0, n - share) for n in need)
    spare = sum(max(0.0, share - n) for n in need)
    if not short:
        return [share] * len(need)
    if spare < short:  # a fit needs room the table has not: each the same part of its need
        return [n * room / sum(need) for n in need]
    return [n if n > share else share - (share - n) * short / spare for n in need]


def esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
