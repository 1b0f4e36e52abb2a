"""Output verb "player-aid": one A5 aid per player, two on every A4/Letter sheet with a cut line.

The aid must be readable at arm's length: its body text is set at 8.5 pt and may shrink to fit
the page, but never below MIN_AID_SIZE; what still does not fit is an error, not a clipped page.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame

from printgen.documents.cards import CardIndex, quick_reference
from printgen.documents.context import render_document
from printgen.documents.flow import overflowing
from printgen.documents.markdown import to_flowables
from printgen.documents.theme import ACCENT, MIN_AID_SIZE, aid_theme
from printgen.draw.pdf import new_canvas
from printgen.model.units import PAPER_SIZES, pt
from printgen.outputs import OutputJob
from printgen.problems import Problems, ProjectError, Where

SIZES = (8.5, 8.0, 7.5, MIN_AID_SIZE)  # body sizes tried, largest first
MARGIN = 9.0  # mm inside each aid
BAND = 14.0  # mm, the title band at the top of an aid (its text stays 5 mm from the edge)
GAP = 4.0  # mm between the band and the text
EDGE = 5.0  # mm: the cut line stops short of the paper's edge


def aid_size(paper: tuple[float, float]) -> tuple[float, float]:
    """A5 on A4; on Letter, half a sheet (5.5 × 8.5 in), as A5 does not fit twice."""
    width, height = max(paper), min(paper)
    a5 = PAPER_SIZES["a5"]
    if width / 2 >= a5[0] and height >= a5[1]:
        return a5
    return width / 2, height


def make(job: OutputJob, problems: Problems) -> dict[str, bytes]:
    pdf = player_aid_file(job, problems)
    return {} if pdf is None else {"player-aid.pdf": pdf}


def player_aid_file(job: OutputJob, problems: Problems) -> bytes | None:
    game, lang, paper = job.game, job.lang, job.options.paper.size_mm
    prose_rel = f"{game.folder}/aid.{lang}.md"
    where = Where(prose_rel)
    try:
        context, source = render_document(
            job.project, game, lang, job.decks, "aid", "player-aid.md.j2"
        )
    except ProjectError as exc:
        problems.extend(exc.problems)
        return None
    index = CardIndex(game, job.decks, where)
    aid_w, aid_h = aid_size(paper)
    frame_w, frame_h = pt(aid_w - 2 * MARGIN), pt(aid_h - MARGIN - BAND - GAP)
    labels = context["t"]
    chosen = _fitting_size(source, index, frame_w, frame_h, labels)
    if chosen is None:
        problems.add(
            where,
            f"the player aid does not fit one {aid_w:g}×{aid_h:g} mm "
            f"page even at {MIN_AID_SIZE:g} pt; shorten {prose_rel}",
        )
        return None
    copies = game.meta.players_max
    title = str(context["game"]["title"])
    heading = f"{title} — {context['t'].get('player_aid', 'player aid')}"
    data = _pdf(
        lambda: _story(source, index, chosen, frame_w, labels),
        copies,
        paper,
        (aid_w, aid_h),
        heading,
        str(context["game"]["author"]),
    )
    problems.extend(index.problems)
    return data


def _story(
    source: str, index: CardIndex, size: float, width: float, labels: dict[str, str]
) -> list[Flowable]:
    theme = aid_theme(size, index.icon_colors, index.icons).with_callouts(labels)
    return to_flowables(
        source,
        theme,
        width,
        {
            "quickref": lambda content: quick_reference(index, theme, width, content),
        },
    )


def _fitting_size(
    source: str, index: CardIndex, width: float, height: float, labels: dict[str, str]
) -> float | None:
    for size in SIZES:
        story = _story(source, index, size, width, labels)
        if _fits(story, width, height):
            return size
    return None


def _fits(story: list[Flowable], width: float, height: float) -> bool:
    frame = Frame(0, 0, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    scratch = Canvas(io.BytesIO())
    remaining = list(story)
    frame.addFromList(remaining, scratch)
    return not remaining and not overflowing(story)


def _pdf(
    make_story: Callable[[], list[Flowable]],
    copies: int,
    paper: tuple[float, float],
    aid: tuple[float, float],
    title: str,
    author: str,
) -> bytes:
    sheet_w, sheet_h = max(paper), min(paper)  # two aids side by side on a landscape sheet
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title, author, "player aid")
    for sheet in range(math.ceil(copies / 2)):
        canvas.setPageSize((pt(sheet_w), pt(sheet_h)))
        for slot in range(min(2, copies - 2 * sheet)):
            left = slot * sheet_w / 2 + (sheet_w / 2 - aid[0]) / 2
            bottom = (sheet_h - aid[1]) / 2
            _draw_aid(canvas, make_story(), left, bottom, aid, title)
        _cut_line(canvas, sheet_w, sheet_h)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_aid(
    canvas: Canvas,
    story: list[Flowable],
    left: float,
    bottom: float,
    aid: tuple[float, float],
    heading: str,
) -> None:
    top = bottom + aid[1]
    canvas.saveState()
    canvas.setFillColor(ACCENT)
    canvas.rect(pt(left), pt(top - BAND), pt(aid[0]), pt(BAND), stroke=0, fill=1)
    canvas.setFillColor("#ffffff")
    size = 12.0
    while size > 8 and stringWidth(heading, "VeraBd", size) > pt(aid[0] - 2 * MARGIN):
        size -= 0.5
    canvas.setFont("VeraBd", size)
    canvas.drawString(pt(left + MARGIN), pt(top - BAND + 4), heading)
    canvas.restoreState()
    frame = Frame(
        pt(left + MARGIN),
        pt(bottom + MARGIN),
        pt(aid[0] - 2 * MARGIN),
        pt(aid[1] - MARGIN - BAND - GAP),
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    frame.addFromList(story, canvas)


def _cut_line(canvas: Canvas, sheet_w: float, sheet_h: float) -> None:
    canvas.saveState()
    canvas.setDash([4, 3])
    canvas.setLineWidth(0.5)
    canvas.setStrokeColor("#888888")
    x = pt(sheet_w / 2)
    canvas.line(x, pt(EDGE), x, pt(sheet_h - EDGE))
    canvas.restoreState()
