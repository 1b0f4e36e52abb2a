"""Output verb "rulebook": cover, components, rules, card reference, clarifications, credits."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from printgen.documents.cards import CardIndex, card_gallery, card_row, reference_rows
from printgen.documents.context import render_document
from printgen.documents.flow import RichText, overflowing
from printgen.documents.markdown import Heading, to_flowables
from printgen.documents.theme import ACCENT, rulebook_theme
from printgen.draw.pdf import EMBEDDED_START
from printgen.layout import text
from printgen.model.units import pt
from printgen.outputs import OutputJob
from printgen.problems import Problem, Problems, ProjectError, Where

MARGIN = 20.0  # mm
TOC_AFTER_PAGES = 4  # a longer rulebook gets a table of contents
OVERFLOWS_SHOWN = 5  # overflowing blocks named one by one; the rest are counted


def make(job: OutputJob, problems: Problems) -> dict[str, bytes]:
    pdf = rulebook_file(job, problems)
    return {} if pdf is None else {"rulebook.pdf": pdf}


def rulebook_file(job: OutputJob, problems: Problems) -> bytes | None:
    game, paper = job.game, job.options.paper.size_mm
    try:
        context, source = render_document(
            job.project, game, job.lang, job.decks, "rules", "rulebook.md.j2"
        )
    except ProjectError as exc:
        problems.extend(exc.problems)
        return None
    index = CardIndex(game, job.decks, Where(f"{game.folder}/rules.{job.lang}.md"))
    title = str(context["game"]["title"])
    pages, data, found = _build(source, index, paper, title, context["t"], toc=False)
    if pages > TOC_AFTER_PAGES and not found:
        pages, data, found = _build(source, index, paper, title, context["t"], toc=True)
    problems.extend(found + index.problems)
    return data


def _build(
    source: str,
    index: CardIndex,
    paper: tuple[float, float],
    title: str,
    labels: dict[str, str],
    toc: bool,
) -> tuple[int, bytes | None, list[Problem]]:
    theme = rulebook_theme(index.icon_colors).with_callouts(labels)
    width = pt(paper[0] - 2 * MARGIN)
    story = to_flowables(
        source,
        theme,
        width,
        {
            "card": lambda content: reference_rows(index, theme, width, content),
            "cardrow": lambda content: card_row(index, width, content),
            "cardgallery": lambda content: card_gallery(index, width, content),
        },
    )
    _center_cover(story)
    if toc:
        story = _with_toc(story, labels, theme.h2)
    buffer = io.BytesIO()
    doc = _Document(buffer, paper, title, labels.get("page", "page"))
    try:
        if toc:
            doc.multiBuild(story)
        else:
            doc.build(story)
    except LayoutError as exc:
        return 0, None, [Problem(index.where, f"rulebook layout: {exc}; shorten that block")]
    problems = [
        Problem(
            index.where,
            f"text runs past the margin in the rulebook: "
            f"'{flow.plain()[:50]}…'; break the long word or table",
        )
        for flow in doc.overflowing[:OVERFLOWS_SHOWN]
    ]
    if len(doc.overflowing) > OVERFLOWS_SHOWN:  # one too-wide table would fill the screen
        problems.append(
            Problem(
                index.where,
                f"text runs past the margin in {len(doc.overflowing) - OVERFLOWS_SHOWN} more "
                "blocks of the rulebook; break the long words or tables",
            )
        )
    return doc.page, buffer.getvalue(), problems


def _center_cover(story: list[Flowable]) -> None:
    """The cover is what precedes the first page break: centred, a little larger."""
    for flow in story:
        if isinstance(flow, PageBreak):
            return
        if isinstance(flow, RichText) and not isinstance(flow, Heading):
            flow.style = replace(
                flow.style,
                align="center",
                size=flow.style.size * 1.15,
                space_after=flow.style.space_after * 2,
            )


def _with_toc(story: list[Flowable], labels: dict[str, str], style: Any) -> list[Flowable]:
    from reportlab.lib.styles import ParagraphStyle

    toc = TableOfContents()
    toc.levelStyles = [
        ParagraphStyle("toc0", fontName="Vera", fontSize=11, leading=16, leftIndent=10)
    ]
    toc.dotsMinLevel = 0
    toc.tableStyle = TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), "Vera", 10),  # not bare Helvetica
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ]
    )
    heading = Heading([text.Run(labels["contents"])], style, level=0)
    cut = next((i for i, f in enumerate(story) if isinstance(f, PageBreak)), 0) + 1
    return [*story[:cut], heading, toc, PageBreak(), *story[cut:]]


class _Document(BaseDocTemplate):  # type: ignore[misc]
    def __init__(
        self, buffer: io.BytesIO, paper: tuple[float, float], title: str, page_word: str
    ) -> None:
        super().__init__(
            buffer,
            pagesize=(pt(paper[0]), pt(paper[1])),
            title=title,
            author="printgen",
            creator="printgen",
            invariant=1,
            leftMargin=pt(MARGIN),
            rightMargin=pt(MARGIN),
            topMargin=pt(MARGIN),
            bottomMargin=pt(MARGIN),
            **EMBEDDED_START,
        )
        frame = Frame(
            self.leftMargin,
            self.bottomMargin,
            self.width,
            self.height,
            id="body",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._footer)])
        self.title_text = title
        self.page_word = page_word
        self.overflowing: list[RichText] = []
        self._outline = 0

    def _footer(self, canvas: Any, doc: Any) -> None:
        if doc.page == 1:
            return
        canvas.saveState()
        canvas.setFont("Vera", 8)
        canvas.setFillColor("#666666")
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.5)
        y = pt(MARGIN) * 0.55
        canvas.line(self.leftMargin, y + 10, self.leftMargin + self.width, y + 10)
        canvas.drawString(self.leftMargin, y, self.title_text)
        canvas.drawRightString(self.leftMargin + self.width, y, f"{self.page_word} {doc.page}")
        canvas.restoreState()

    def beforeDocument(self) -> None:
        self._outline = 0
        self.overflowing = []

    def afterFlowable(self, flowable: Flowable) -> None:
        self.overflowing.extend(overflowing(flowable))
        if isinstance(flowable, Heading) and flowable.level == 2:
            label = flowable.plain()
            key = f"h{self._outline}"
            self._outline += 1
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(label, key, level=0)
            self.notify("TOCEntry", (0, label, self.page, key))
