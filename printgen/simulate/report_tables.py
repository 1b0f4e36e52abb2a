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

WIDTH, HEIGHT = A4
MARGIN = 42.0
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
# every label the report prints: a language whose labels lack one is said before any game is
# written about in English
REPORT_LABELS = (
    "playtest_title",
    "playtest_happened",
    "playtest_thresholds",
    "playtest_cards",
    "playtest_figures",
    *CARD_HEADS,
    "playtest_never_played",
    "playtest_not_in_decks",
    "playtest_figure",
    "playtest_mean",
    "playtest_median",
    "playtest_games",
    "playtest_stopped_capped",
    "playtest_stopped_unended",
    "playtest_figures_all",
    "playtest_figures_none",
    "playtest_figures_some",
    "playtest_figures_by_key",
)


def said(words: Mapping[str, str], label: str, **values: object) -> str:
    """A label's text with its {name}s filled in; replaced, never str.format: a designer's
    label holding another brace would raise."""
    text = words[label]
    for name, value in values.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def figure_rows(
    summary: Mapping[str, Any], words: Mapping[str, str]
) -> tuple[list[str], list[list[Any]]]:
    """The figures table's heads, and its rows under them."""
    heads = [words["playtest_figure"], words["playtest_mean"], "p10", words["playtest_median"]]
    heads += ["p90", words["playtest_games"]]
    rows: list[list[Any]] = [header(heads)]
    for f in summary["figures"].values():
        rows.append(
            [
                Paragraph(esc(f["label"]), SMALL),
                f"{f['mean']:.3g}",
                f"{f['p10']:.3g}",
                f"{f['p50']:.3g}",
                f"{f['p90']:.3g}",
                str(f["games"]),
            ]
        )
    return heads, rows


def stopped_note(summary: Mapping[str, Any], words: Mapping[str, str]) -> str | None:
    """What the figures' games column counts of the games that did not end, which the win rates
    leave out: an engine may give figures at a game's real end alone, and the note said every
    game was counted beside a column of 944 of 1000."""
    fin = summary["finished"]
    stopped = fin["capped"] + fin.get("unfinished", 0)
    if not stopped:
        return None
    capped = stopped == fin["capped"]
    which = words["playtest_stopped_capped" if capped else "playtest_stopped_unended"]
    counted: dict[int, list[str]] = {}
    for f in summary["figures"].values():
        counted.setdefault(f["stopped_games"], []).append(f["label"])
    if set(counted) == {stopped}:
        return said(words, "playtest_figures_all", which=which, stopped=stopped, ended=fin["games"])
    if set(counted) == {0}:
        return said(words, "playtest_figures_none", which=which, stopped=stopped)
    groups = "; ".join(f"{', '.join(labels)}: {n}" for n, labels in counted.items())
    return said(words, "playtest_figures_some", which=which, stopped=stopped, counts=groups)


def header(names: Sequence[str]) -> list[Any]:
    """Column titles that wrap, the names' left, the figures' right like their numbers."""
    return [Paragraph(esc(names[0]), HEADER_LEFT)] + [Paragraph(esc(n), HEADER) for n in names[1:]]


def table(rows: list[list[Any]], heads: Sequence[str], first: float) -> Table:
    """The names' column ``first`` wide, the figures' sharing the rest, each as wide as its
    head's longest word ("correlazione" broke after its n)."""
    widths = [first, *_figure_widths(WIDTH - 2 * MARGIN - first, heads[1:])]
    laid = Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1)
    laid.setStyle(
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
    return laid


PADDING = 12.0  # a cell's left and right padding (ReportLab's 6 each)


def _figure_widths(room: float, heads: Sequence[str]) -> list[float]:
    """Even shares of ``room``; one narrower than its head's longest word takes the difference
    from the others' room to spare, in proportion."""
    share = room / len(heads)
    need = [max(stringWidth(w, BOLD, HEADER.fontSize) for w in h.split()) + PADDING for h in heads]
    short = sum(max(0.0, n - share) for n in need)
    spare = sum(max(0.0, share - n) for n in need)
    if not short or spare < short:  # a fit needs room the table has not: even shares
        return [share] * len(heads)
    return [n if n > share else share - (share - n) * short / spare for n in need]


def esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
