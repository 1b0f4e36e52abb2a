"""Output verb "rulebook": cover, components, rules, card reference, clarifications, credits."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageBreak, PageTemplate
from reportlab.platypus.doctemplate import LayoutError

from printgen.documents.cards import (
    CardIndex,
    card_fan,
    card_gallery,
    card_row,
    reference_rows,
)
from printgen.documents.checks import smallest_text
from printgen.documents.context import render_document
from printgen.documents.cover import Contents
from printgen.documents.diagram import DiagramBlocks
from printgen.documents.flow import RichText, overflowing
from printgen.documents.markdown import Heading, Theme, to_flowables
from printgen.documents.theme import ACCENT, rulebook_theme
from printgen.draw.pdf import EMBEDDED_START
from printgen.model.units import pt
from printgen.outputs import OutputJob
from printgen.problems import Problem, Problems, ProjectError, Where

MARGIN = 20.0  # mm on A4 and Letter
SMALL_MARGIN = 13.0  # mm on an A5 booklet page
TOC_AFTER_PAGES = 4  # a longer rulebook gets a table of contents on its cover
MIN_TEXT = 6.0  # pt: nothing a reader must read is printed smaller
OVERFLOWS_SHOWN = 5  # overflowing blocks named one by one; the rest are counted


def make(job: OutputJob, problems: Problems) -> dict[str, bytes]:
    book = _book(job, problems)
    if book is None:
        return {}
    files: dict[str, bytes] = {}
    data, found = book.lay_out(job.options.paper.size_mm)
    problems.extend(found)
    if data is None:
        return {}
    files["rulebook.pdf"] = data
    if job.options.booklet:
        from printgen.outputs.booklet import impose

        width, height = job.options.paper.size_mm
        half = (max(width, height) / 2, min(width, height))
        pages, found = book.lay_out(half)
        problems.extend(p for p in found if p not in problems)
        if pages is not None:
            files["rulebook-booklet.pdf"] = impose(pages, (max(width, height), min(width, height)))
    return files


def rulebook_file(job: OutputJob, problems: Problems) -> bytes | None:
    return make(job, problems).get("rulebook.pdf")


def _book(job: OutputJob, problems: Problems) -> _Book | None:
    game = job.game
    try:
        context, source = render_document(
            job.project, game, job.lang, job.decks, "rules", "rulebook.md.j2"
        )
    except ProjectError as exc:
        problems.extend(exc.problems)
        return None
    rel = f"{game.folder}/rules.{job.lang}.md"
    index = CardIndex(game, job.decks, Where(rel), job.borrowed)
    prose = (job.project.root / rel).read_text(encoding="utf-8")
    return _Book(source, index, str(context["game"]["title"]), context["t"], rel, prose)


class _Book:
    """A rulebook's Markdown and cards, laid out on a page size: once, and a second time only
    to print the table of contents a long rulebook gets on its cover."""

    def __init__(
        self,
        source: str,
        index: CardIndex,
        title: str,
        labels: dict[str, str],
        rel: str,
        prose: str,
    ) -> None:
        self.source, self.index, self.title, self.labels = source, index, title, labels
        self.rel, self.prose = rel, prose

    def lay_out(self, paper: tuple[float, float]) -> tuple[bytes | None, list[Problem]]:
        pages, data, entries, found = self._build(paper, None)
        if data is not None and pages > TOC_AFTER_PAGES:
            # the contents take the space left on the cover: no page moves, no third pass
            with_toc = self._build(paper, entries)
            if with_toc[2] == entries:  # a cover too full for them would move every page
                pages, data, _, found = with_toc
        return data, found + [p for p in self.index.problems if p not in found]

    def _build(
        self, paper: tuple[float, float], contents: list[tuple[str, int]] | None
    ) -> tuple[int, bytes | None, list[tuple[str, int]], list[Problem]]:
        margin = MARGIN if min(paper) > 160 else SMALL_MARGIN
        theme = rulebook_theme(self.index.icon_colors, self.index.icons).with_callouts(self.labels)
        if margin < MARGIN:  # a booklet page: the same type a little smaller
            theme = _scaled(theme, 0.9)
        width = pt(paper[0] - 2 * margin)
        caption = replace(theme.body, size=theme.body.size * 0.9, align="center", space_after=0)
        diagrams = DiagramBlocks(self.index, self.rel, self.prose, caption)
        index = self.index
        story = to_flowables(
            self.source,
            theme,
            width,
            {
                "card": lambda content: reference_rows(index, theme, width, content),
                "cardrow": lambda content: card_row(index, width, content),
                "cardfan": lambda content: card_fan(index, width, content),
                "cardgallery": lambda content: card_gallery(index, theme, width, content),
                "diagram": diagrams,
            },
        )
        _center_cover(story)
        if contents is not None:
            cut = next((i for i, f in enumerate(story) if isinstance(f, PageBreak)), len(story))
            story.insert(cut, Contents(self.labels["contents"], contents, theme.h2))
        buffer = io.BytesIO()
        doc = _Document(buffer, paper, margin, self.title, self.labels.get("page", "page"))
        try:
            doc.build(story)
        except LayoutError as exc:
            where = Where(self.rel)
            return 0, None, [], [Problem(where, f"rulebook layout: {exc}; shorten that block")]
        where = Where(self.rel)
        problems = list(diagrams.problems)
        problems += [
            Problem(
                where,
                f"text runs past the margin in the rulebook: "
                f"'{flow.plain()[:50]}…'; break the long word or table",
            )
            for flow in doc.overflowing[:OVERFLOWS_SHOWN]
        ]
        if len(doc.overflowing) > OVERFLOWS_SHOWN:  # one too-wide table would fill the screen
            problems.append(
                Problem(
                    where,
                    f"text runs past the margin in {len(doc.overflowing) - OVERFLOWS_SHOWN} more "
                    "blocks of the rulebook; break the long words or tables",
                )
            )
        problems += [
            Problem(
                where,
                f"text printed at {size:.1f} pt in the rulebook ('{what[:40]}'); "
                f"nothing a reader must read is under {MIN_TEXT:g} pt",
            )
            for what, size in doc.small_text
        ]
        return doc.page, buffer.getvalue(), doc.entries, problems


def _scaled(theme: Theme, factor: float) -> Theme:
    styles = {
        name: getattr(theme, name).scaled(factor) for name in ("body", "h1", "h2", "h3", "table")
    }
    return replace(theme, **styles)


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


class _Document(BaseDocTemplate):  # type: ignore[misc]
    def __init__(
        self,
        buffer: io.BytesIO,
        paper: tuple[float, float],
        margin: float,
        title: str,
        page_word: str,
    ) -> None:
        super().__init__(
            buffer,
            pagesize=(pt(paper[0]), pt(paper[1])),
            title=title,
            author="printgen",
            creator="printgen",
            invariant=1,
            leftMargin=pt(margin),
            rightMargin=pt(margin),
            topMargin=pt(margin),
            bottomMargin=pt(margin),
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
        self.margin = margin
        self.overflowing: list[RichText] = []
        self.small_text: list[tuple[str, float]] = []
        self.entries: list[tuple[str, int]] = []  # level-2 headings and their pages
        self._outline = 0

    def _footer(self, canvas: Any, doc: Any) -> None:
        if doc.page == 1:
            return
        canvas.saveState()
        canvas.setFont("Vera", 8)
        canvas.setFillColor("#666666")
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.5)
        y = pt(self.margin) * 0.55
        canvas.line(self.leftMargin, y + 10, self.leftMargin + self.width, y + 10)
        canvas.drawString(self.leftMargin, y, self.title_text)
        canvas.drawRightString(self.leftMargin + self.width, y, f"{self.page_word} {doc.page}")
        canvas.restoreState()

    def beforeDocument(self) -> None:
        self._outline = 0
        self.overflowing = []
        self.small_text = []
        self.entries = []

    def afterFlowable(self, flowable: Flowable) -> None:
        self.overflowing.extend(overflowing(flowable))
        self.small_text.extend(smallest_text(flowable, MIN_TEXT))
        if isinstance(flowable, Heading) and flowable.level == 2:
            label = flowable.plain()
            key = f"h{self._outline}"
            self._outline += 1
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(label, key, level=0)
            self.entries.append((label, self.page))
