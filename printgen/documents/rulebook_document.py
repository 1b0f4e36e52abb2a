"""The page template a rulebook is laid out on: the body frame, the footer, and what its
checks read back from a pass (overflowing or too-small text, the headings' pages)."""

from __future__ import annotations

import io
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from printgen.documents.blocks import TOO_MANY_PAGES
from printgen.documents.checks import SmallText, smallest_text
from printgen.documents.cover import LateContents
from printgen.documents.fitting import FittingKeepTogether
from printgen.documents.flow import RichText, overflowing
from printgen.documents.measure import MeasuringFrame
from printgen.documents.platypus import (
    ActionFlowable,
    BaseDocTemplate,
    Flowable,
    LayoutError,
    PageTemplate,
)
from printgen.documents.sections import Heading
from printgen.documents.theme import ACCENT
from printgen.documents.title_fit import foot_title
from printgen.draw.pdf import EMBEDDED_START
from printgen.layout.color import color
from printgen.limits import MAX_DOCUMENT_PAGES
from printgen.model.units import pt

MIN_TEXT = 6.0  # pt: nothing a reader must read is printed smaller
FOOT_FONT = "Vera"
FOOT_SIZE = 8.0  # pt: the title and page number at a page's foot
FOOT_GAP = 12.0  # pt at least between the foot's title and its page number


class RulebookDocument(BaseDocTemplate):  # type: ignore[misc]
    """A rulebook's pages: one body frame within the margins (drawing nothing on a pass that
    only measures), the title and page number at every page's foot but the cover's, and what
    the checks need noted as each block is placed — the blocks that run past the margin or
    print too small, the level-2 headings and their pages, the block being placed."""

    def __init__(
        self,
        buffer: io.BytesIO,
        paper: tuple[float, float],
        margin: float,
        title: str,
        page_word: str,
        draw: bool = True,
        late: LateContents | None = None,
        author: str = "",
        subject: str = "",
        lang: str = "",
    ) -> None:
        super().__init__(
            buffer,
            pagesize=(pt(paper[0]), pt(paper[1])),
            title=title,
            author=author,  # the game's, as the card sheets' and aids' PDFs say
            subject=subject,
            lang=lang or None,  # the catalogue's /Lang: what a screen reader reads it aloud in
            creator="printgen",
            invariant=1,
            leftMargin=pt(margin),
            rightMargin=pt(margin),
            topMargin=pt(margin),
            bottomMargin=pt(margin),
            keepTogetherClass=FittingKeepTogether,  # a diagram shrinks, a page stays half full
            **EMBEDDED_START,
        )
        self._doSave = 0  # saved by the caller, once the late contents are filled in
        frame = MeasuringFrame(
            self.leftMargin,
            self.bottomMargin,
            self.width,
            self.height,
            id="body",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            dry=not draw,
        )
        self.drawn = draw  # a pass only for the checks draws no footer either
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._footer)])
        self.title_text = title
        self.page_word = page_word
        self.margin = margin
        self.overflowing: list[RichText] = []
        self.small_text: list[SmallText] = []
        self.entries: list[tuple[str, int]] = []  # level-2 headings and their pages
        self._outline = 0
        self.late = late
        self.contents_in_place = True  # the late contents went on the page before them
        self._last_page = 1
        self.placing: Flowable | None = None

    def _footer(self, canvas: Any, doc: Any) -> None:
        if doc.page == 1 or not self.drawn:
            return
        canvas.saveState()
        canvas.setFillColor(color("#666666"))
        canvas.setStrokeColor(color(ACCENT))
        canvas.setLineWidth(0.5)
        y = pt(self.margin) * 0.55
        canvas.line(self.leftMargin, y + 10, self.leftMargin + self.width, y + 10)
        number = f"{self.page_word} {doc.page}"
        canvas.setFont(FOOT_FONT, FOOT_SIZE)
        canvas.drawRightString(self.leftMargin + self.width, y, number)
        # the title keeps clear of the page number: shrunk, else shortened (the cover has it)
        room = self.width - stringWidth(number, FOOT_FONT, FOOT_SIZE) - FOOT_GAP
        title = foot_title(self.title_text, FOOT_FONT, FOOT_SIZE, MIN_TEXT, room)
        canvas.setFont(FOOT_FONT, title.size)
        canvas.drawString(self.leftMargin, y, title.lines[0])
        canvas.restoreState()

    def handle_pageBegin(self) -> None:
        super().handle_pageBegin()
        if self.page > MAX_DOCUMENT_PAGES:  # minutes and gigabytes further on (19,000 headings)
            raise LayoutError(f"{TOO_MANY_PAGES} {MAX_DOCUMENT_PAGES:,} pages")

    def beforeDocument(self) -> None:
        self._outline = 0
        self.overflowing = []
        self.small_text = []
        self.entries = []
        self.contents_in_place = True
        self._last_page = 1

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        self.placing = flowables[0] if flowables else None  # named if it cannot be placed
        super().handle_flowable(flowables)

    def afterFlowable(self, flowable: Flowable) -> None:
        if flowable is self.late:  # pushed to a later page, they would move every page
            self.contents_in_place = self.page == self._last_page
        if not isinstance(flowable, ActionFlowable):  # a new page's own actions print nothing
            self._last_page = self.page
        self.overflowing.extend(overflowing(flowable))
        self.small_text.extend(smallest_text(flowable, MIN_TEXT))
        if isinstance(flowable, Heading) and flowable.listed():
            label = flowable.entry()
            key = f"h{self._outline}"
            self._outline += 1
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(label, key, level=0)
            self.entries.append((label, self.page))
