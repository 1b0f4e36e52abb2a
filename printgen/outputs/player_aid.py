"""Output verb "player-aid": one aid per player — A6, four to a sheet, when it fits at a
comfortable size, else A5, two to a sheet — with cut lines.

The aid must be readable at arm's length: its body text is set as large as the page allows
(so the text fills it), never below MIN_AID_SIZE; what still does not fit is an error, not a
clipped page. Nothing is printed within EDGE mm of the paper's edge.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printgen.documents.address_marks import soft_hyphens_in_autolinks
from printgen.documents.cards import CardIndex
from printgen.documents.context import render_document
from printgen.documents.empty_documents import blank_template
from printgen.documents.empty_headings import empty_headings
from printgen.documents.flow import overflowing
from printgen.documents.icon_labels import icon_label_problems
from printgen.documents.label_places import own_template, text_written_at
from printgen.documents.labels import Labels, unlabelled
from printgen.documents.legend import legend, legend_icons, printed_icons
from printgen.documents.markdown import to_flowables
from printgen.documents.measure import MeasuringFrame, scratch_canvas
from printgen.documents.overflows import overflow_problems
from printgen.documents.platypus import Flowable, Frame
from printgen.documents.prose_flavours import other_markdowns
from printgen.documents.prose_stars import unclosed_emphasis
from printgen.documents.prose_tables import too_few_cells
from printgen.documents.quickref import quick_reference
from printgen.documents.theme import ACCENT, MIN_AID_SIZE, aid_theme
from printgen.documents.title_fit import FittedTitle
from printgen.documents.unread_tables import unread_tables
from printgen.draw.pdf import end_form, new_canvas
from printgen.layout.accents import composed
from printgen.layout.color import color
from printgen.layout.hyphens import unbroken
from printgen.model.units import PAPER_SIZES, pt
from printgen.outputs import OutputJob
from printgen.outputs.aid_band import (
    BAND,
    BAND_FONT,
    EDGE,
    MARGIN,
    band_baselines,
    band_heading,
    band_problem,
)
from printgen.problems import Problem, Problems, ProjectError, Where

SIZES = (12.0, 11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, MIN_AID_SIZE)  # body sizes tried
SMALL_MIN = 8.0  # pt: the small format is chosen when the aid fits it at this size or more
GAP = 4.0  # mm between the band and the text
AID_FORM = "player_aid"  # the PDF form one aid is drawn in, shown in every slot


@dataclass(frozen=True)
class Format:
    """Aids of one size on a sheet: ``slots`` are their bottom-left corners (mm)."""

    name: str
    aid: tuple[float, float]
    sheet: tuple[float, float]
    slots: tuple[tuple[float, float], ...]
    cuts: tuple[tuple[float, float, float, float], ...]  # cut lines (x0, y0, x1, y1), mm

    @property
    def frame(self) -> tuple[float, float]:
        """Width and height (points) of the text of one aid."""
        return pt(self.aid[0] - 2 * MARGIN), pt(self.aid[1] - MARGIN - EDGE - BAND - GAP)


def aid_size(paper: tuple[float, float]) -> tuple[float, float]:
    """A5 on A4; on Letter, half a sheet (5.5 × 8.5 in), as A5 does not fit twice."""
    width, height = max(paper), min(paper)
    a5 = PAPER_SIZES["a5"]
    if width / 2 >= a5[0] and height >= a5[1]:
        return a5
    return width / 2, height


def formats(paper: tuple[float, float]) -> tuple[Format, Format]:
    """Four to a portrait sheet (A6 on A4, a quarter of Letter), and two to a landscape one."""
    w, h = min(paper), max(paper)
    small = Format(
        "a6",
        (w / 2, h / 2),
        (w, h),
        ((0.0, h / 2), (w / 2, h / 2), (0.0, 0.0), (w / 2, 0.0)),
        ((w / 2, EDGE, w / 2, h - EDGE), (EDGE, h / 2, w - EDGE, h / 2)),
    )
    aid = aid_size(paper)
    sheet_w, sheet_h = h, w
    bottom = (sheet_h - aid[1]) / 2
    large = Format(
        "a5",
        aid,
        (sheet_w, sheet_h),
        tuple((slot * sheet_w / 2 + (sheet_w / 2 - aid[0]) / 2, bottom) for slot in (0, 1)),
        ((sheet_w / 2, EDGE, sheet_w / 2, sheet_h - EDGE),),
    )
    return small, large


def make(job: OutputJob, problems: Problems) -> dict[str, bytes]:
    pdf = player_aid_file(job, problems)
    return {} if pdf is None else {"player-aid.pdf": pdf}


def player_aid_file(job: OutputJob, problems: Problems) -> bytes | None:
    """The aids' PDF; ``validate`` (no ``--out``) makes every check and draws nothing."""
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
    aid = str(context.get("aid", ""))
    problems.extend(other_markdowns(job.project, prose_rel, aid, job.decks, job.lang))
    problems.extend(too_few_cells(job.project, prose_rel, aid))
    problems.extend(unread_tables(job.project, prose_rel, aid))
    problems.extend(empty_headings(job.project, prose_rel, aid, contents=False))
    problems.extend(unclosed_emphasis(job.project, prose_rel, aid))
    problems.extend(soft_hyphens_in_autolinks(job.project, prose_rel, aid))
    problems.extend(blank_template(job.project, "player-aid.md.j2", source))
    index = CardIndex(game, job.decks, where)
    index.deck_names = {c["id"]: str(c["name"]) for c in context["components"]}
    labels = context["t"]
    if missing := unlabelled(job.project, labels, ("player_aid",), "every aid's title band"):
        problems.extend(missing)
        return None
    problems.extend(icon_label_problems(job.project, game, labels, printed_icons(source, index)))
    small, large = formats(paper)
    chosen = None
    scratch = scratch_canvas()
    drawn = job.options.out is not None  # validate needs only whether the aid fits at all
    for fmt, floor in ((small, SMALL_MIN), (large, MIN_AID_SIZE)):
        fitted = _fitting(source, index, fmt, labels, floor, scratch, largest=drawn)
        if fitted is not None:
            chosen = fmt, fitted
            break
    if chosen is None:
        if wide := _past_the_margin(job, (source, aid), index, large, labels, scratch):
            problems.extend(wide)  # a long word, not the aid's length: no size would help
            return None
        listed = len(context.get("aid_cards", ()))
        tail = (
            f" (its quick reference lists {listed} card types, each with its summary or "
            "effect: shorter summaries take less room, and a deck's 'aid: none' leaves its "
            "cards out of the aid, still shown in the rulebook's card reference)"
            if listed
            else ""
        )
        problems.add(
            where,
            f"the player aid does not fit one {large.aid[0]:g}×{large.aid[1]:g} mm "
            f"page even at {MIN_AID_SIZE:g} pt; shorten {prose_rel}{tail}",
        )
        return None
    fmt, story = chosen
    title = unbroken(str(context["game"]["title"]))
    # drawn as one string, outside the text layout that composes a letter and its accent
    heading = composed(f"{title} — {labels.get('player_aid', 'player aid')}")
    problems.extend(_edge_problems(fmt, where))
    band = band_heading(story, heading, fmt.aid[0])
    if band is None:
        problems.extend([band_problem(index, title, job.lang, where)])
        return None
    data = None
    if drawn:
        author = str(context["game"]["author"])
        subject = str(labels.get("player_aid", "player aid"))
        data = _pdf(story, game.meta.players_max, fmt, band, heading, author, subject, job.lang)
    problems.extend(p for p in index.problems if p not in problems)
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
            "quickref": lambda content, line: quick_reference(index, theme, width, content, line),
            "legend": lambda content, _: legend(
                index, theme, width, labels, legend_icons(content, source, index), source
            ),
        },
    )


def _fitting(
    source: str,
    index: CardIndex,
    fmt: Format,
    labels: dict[str, str],
    floor: float,
    scratch: Canvas,
    largest: bool = True,
) -> list[Flowable] | None:
    """The aid's story at the largest body size of SIZES, at or above ``floor``, that fits the
    format's page (without ``largest``: at the smallest, as whether it fits at all is the same
    answer); None when none does. Measured without drawing, and by bisection: a larger body
    size never takes less room (every size, space and icon scales with it)."""
    width, height = fmt.frame
    sizes = [size for size in SIZES if size >= floor]  # largest first

    def fitted(size: float) -> list[Flowable] | None:
        story = _story(source, index, size, width, labels)
        return story if _used(story, width, height, scratch) is not None else None

    if not sizes:
        return None
    best = fitted(sizes[-1])
    if best is None or not largest:
        return best
    low, high = 0, len(sizes) - 1  # sizes[high] fits; every size before sizes[low] does not
    while low < high:
        middle = (low + high) // 2
        story = fitted(sizes[middle])
        if story is None:
            low = middle + 1
        else:
            high, best = middle, story
    return best


def _used(story: list[Flowable], width: float, height: float, scratch: Canvas) -> float | None:
    """The height the story takes in a frame of that size; None when it does not fit."""
    frame = MeasuringFrame(
        0, 0, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, dry=True
    )
    remaining = list(story)
    frame.addFromList(remaining, scratch)
    if remaining or overflowing(story):
        return None
    return float(height - frame._y)


def _past_the_margin(
    job: OutputJob,
    texts: tuple[str, str],
    index: CardIndex,
    fmt: Format,
    labels: Labels,
    scratch: Canvas,
) -> list[Problem]:
    """Text wider than its column at the aid's smallest size (a long word, a table of too many
    columns), said at its line as the rulebook says it: "the aid does not fit; shorten it"
    sent the designer to cut text that was never too long. ``texts``: the aid's Markdown, and
    its prose as Jinja rendered it (a word an expression printed is said at the expression)."""
    source, rendered = texts
    width, height = fmt.frame
    story = _story(source, index, MIN_AID_SIZE, width, labels)
    for flowable in story:  # each laid out at the column's width, whatever page it lands on
        flowable.wrapOn(scratch, width, height)
    wide = overflowing(story)
    if not wide:
        return []
    rel = f"{job.game.folder}/aid.{job.lang}.md"
    try:
        prose = (job.project.root / rel).read_text(encoding="utf-8")
    except (OSError, UnicodeError):  # (read and said before: the aid was rendered from it)
        prose = ""

    template = own_template(job.project, "player-aid.md.j2")

    def where_of(text: str) -> Where:
        return text_written_at(job.project, rel, prose, text, index, labels, template)

    return overflow_problems(wide, rel, prose, where_of, "the player aid", rendered)


def _edge_problems(fmt: Format, where: Where) -> list[Problem]:
    """Everything an aid prints keeps EDGE mm from the paper's edges: a check of the drawn
    geometry (title band, text frame, cut lines) against the sheet."""
    boxes: list[tuple[float, float, float, float]] = []
    for left, bottom in fmt.slots:
        top = bottom + fmt.aid[1]
        boxes.append(_band(left, top, fmt.aid[0]))
        boxes.append(
            (left + MARGIN, bottom + MARGIN, left + fmt.aid[0] - MARGIN, top - EDGE - BAND - GAP)
        )
    boxes.extend(fmt.cuts)
    sheet_w, sheet_h = fmt.sheet
    worst = min(min(x0, y0, sheet_w - x1, sheet_h - y1) for x0, y0, x1, y1 in boxes)
    if worst < EDGE - 1e-6:
        return [
            Problem(
                where,
                f"the player aid prints {worst:.1f} mm from the paper's edge; home printers "
                f"clip within {EDGE:g} mm (choose another paper)",
            )
        ]
    return []


def _band(left: float, top: float, width: float) -> tuple[float, float, float, float]:
    """The title band: inside the aid by EDGE mm on every side, so a cut aid has a white rim
    and the band never runs to an edge of the paper."""
    return left + EDGE, top - EDGE - BAND, left + width - EDGE, top - EDGE


def _pdf(
    story: list[Flowable],
    copies: int,
    fmt: Format,
    heading: FittedTitle,
    title: str,
    author: str,
    subject: str,
    lang: str,
) -> bytes:
    """``copies`` aids, as many to a sheet as the format holds: one aid drawn once, as a form
    every slot shows."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title, author, subject, lang=lang)
    canvas.beginForm(AID_FORM, 0, 0, pt(fmt.aid[0]), pt(fmt.aid[1]))
    _draw_aid(canvas, story, 0.0, 0.0, fmt, heading)
    end_form(canvas)
    per_sheet = len(fmt.slots)
    for sheet in range(math.ceil(copies / per_sheet)):
        canvas.setPageSize((pt(fmt.sheet[0]), pt(fmt.sheet[1])))
        for left, bottom in fmt.slots[: copies - per_sheet * sheet]:
            canvas.saveState()
            canvas.translate(pt(left), pt(bottom))
            canvas.doForm(AID_FORM)
            canvas.restoreState()
        _cut_lines(canvas, fmt)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_aid(
    canvas: Canvas,
    story: list[Flowable],
    left: float,
    bottom: float,
    fmt: Format,
    heading: FittedTitle,
) -> None:
    width, height = fmt.aid
    top = bottom + height
    x0, y0, x1, y1 = _band(left, top, width)
    canvas.saveState()
    canvas.setFillColor(color(ACCENT))
    canvas.roundRect(pt(x0), pt(y0), pt(x1 - x0), pt(y1 - y0), pt(1.5), stroke=0, fill=1)
    canvas.setFillColor(color("#ffffff"))
    canvas.setFont(BAND_FONT, heading.size)
    for line, baseline in zip(heading.lines, band_baselines(heading, pt(y0)), strict=True):
        canvas.drawString(pt(left + MARGIN), baseline, line)
    canvas.restoreState()
    frame_w, frame_h = fmt.frame
    frame = Frame(
        pt(left + MARGIN),
        pt(bottom + MARGIN),
        frame_w,
        frame_h,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    frame.addFromList(list(story), canvas)


def _cut_lines(canvas: Canvas, fmt: Format) -> None:
    canvas.saveState()
    canvas.setDash([4, 3])
    canvas.setLineWidth(0.5)
    canvas.setStrokeColor(color("#888888"))
    for x0, y0, x1, y1 in fmt.cuts:
        canvas.line(pt(x0), pt(y0), pt(x1), pt(y1))
    canvas.restoreState()
