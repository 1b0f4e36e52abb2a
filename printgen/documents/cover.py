"""The rulebook's cover pieces: a fan of card faces and a table of contents that fits the space
left under the title (so adding it never moves a page), drawn once its page numbers are known."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from printgen.documents.contents_entries import HANGING, WRAPPED_LINE, entry_lines
from printgen.documents.flow import CardPicture, RichText, TextStyle
from printgen.documents.platypus import Flowable, PageBreak
from printgen.documents.sections import Heading
from printgen.draw.pdf import end_form
from printgen.layout.face import Face
from printgen.limits import MAX_COVER_CARDS, MAX_DOCUMENT_PAGES
from printgen.model.units import pt
from printgen.problems import Problem, Severity, Where

if TYPE_CHECKING:
    from printgen.documents.cards import CardIndex

MIN_CONTENTS_SIZE = 7.0  # pt: the contents shrink to fit the cover, never below this
LEADER_DOT = 0.1  # pt: a dot of the contents' leaders, drawn with a round cap


class CardFan(Flowable):  # type: ignore[misc]
    """Card faces held as a fan: each turned a few degrees about a point below the cards, all
    at one scale (a token beside a card keeps its true size), bottoms on one arc."""

    SHADOW = 2.0  # pt: each card's shadow, down and to the right

    def __init__(self, faces: list[Face], card_width_mm: float) -> None:
        super().__init__()
        self.faces = faces
        widest = max(face.width_mm for face in faces)
        tallest = max(face.height_mm for face in faces)
        # the widest face at the width asked; a tall one no taller than a poker card would be
        self.scale = min(card_width_mm / widest, card_width_mm * 1.4 / tallest)
        self.sizes = [(pt(f.width_mm * self.scale), pt(f.height_mm * self.scale)) for f in faces]
        self.spread = 9.0 if len(faces) > 1 else 0.0  # degrees between neighbours
        # every card's bottom this far above the pivot: the arc they stand on
        self.radius = max(h for _, h in self.sizes) * 1.2 + 8
        self.low, self.high = self._vertical_extent()

    def _angles(self) -> list[float]:
        count = len(self.faces)
        return [self.spread * ((count - 1) / 2 - i) for i in range(count)]

    def _vertical_extent(self) -> tuple[float, float]:
        """The lowest and highest point of any turned card, above the pivot."""
        ys = []
        for angle, (w, h) in zip(self._angles(), self.sizes, strict=True):
            sin, cos = math.sin(math.radians(angle)), math.cos(math.radians(angle))
            for x in (-w / 2, w / 2):
                for y in (self.radius, self.radius + h):
                    ys.append(x * sin + y * cos)  # the corner turned by the angle
        return min(ys) - self.SHADOW, max(ys)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        # at least the room a fan of poker cards has always taken on a cover (its air above and
        # below), and all the cards need: nothing above reaches the title
        w, h = max(w for w, _ in self.sizes), max(h for _, h in self.sizes)
        turn = math.radians(self.spread * (len(self.faces) - 1) / 2)
        self.height = max(h * (1 + 0.48 * turn) + w * math.sin(turn), self.high - self.low)
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        air = (self.height - (self.high - self.low)) / 2  # the cards centred in their room
        pivot_x, pivot_y = self.width / 2, air - self.low
        held = list(zip(self.faces, self._angles(), self.sizes, strict=True))
        # the larger cards first, each in its place in the fan: a mini card beside a tarot card
        # drawn after it showed only its corner (cards of one size keep their order)
        held.sort(key=lambda card: -card[2][0] * card[2][1])
        for face, angle, (w, h) in held:
            picture = CardPicture(face, face.width_mm * self.scale)
            round_ = face.shape == "circle"
            for colour, alpha, dx in (("#000000", 0.12, self.SHADOW), ("#ffffff", 1.0, 0.0)):
                # a soft shadow lifts each card off the one below, then its white card stock
                canvas.saveState()
                canvas.translate(pivot_x, pivot_y)
                canvas.rotate(angle)
                canvas.setFillColor(colour)
                canvas.setFillAlpha(alpha)
                if round_:
                    canvas.ellipse(
                        -w / 2 + dx,
                        self.radius - dx,
                        w / 2 + dx,
                        self.radius + h - dx,
                        stroke=0,
                        fill=1,
                    )
                else:
                    canvas.roundRect(-w / 2 + dx, self.radius - dx, w, h, pt(2.5), stroke=0, fill=1)
                canvas.restoreState()
            canvas.saveState()
            canvas.translate(pivot_x, pivot_y)
            canvas.rotate(angle)
            picture.drawOn(canvas, -w / 2, self.radius)
            canvas.restoreState()


class Contents(Flowable):  # type: ignore[misc]
    """Section titles with dot leaders to their page numbers, from a first lay-out pass; a
    title too long for its line wraps onto the next (see contents_entries)."""

    def __init__(
        self,
        heading: str,
        entries: list[tuple[str, int]],
        style: TextStyle,
        pages: bool = False,
        continued: bool = False,
    ) -> None:
        super().__init__()
        self.heading = heading
        self.entries = entries
        self.style = style
        self.size = self.largest = 10.5
        self.hAlign = "CENTER"  # like the rest of the cover
        self.pages = pages  # off the cover: they may go on over the pages after
        self.continued = continued  # their heading was on the page before
        self.width = pt(120)
        # each entry's lines at a width and size: measured once for the sizes tried and the
        # parts the contents are split into (thousands of entries, measured again a page)
        self._lines: dict[tuple[float, float], list[int]] = {}

    def _entry(self, title: str, page: int, size: float) -> list[str]:
        """The lines of an entry at ``size``, clear of its page number."""

        def width(words: str) -> float:
            return float(stringWidth(words, self.style.family.regular, size))

        right = self.width - width(str(page)) - 4
        return entry_lines(title, right - size, size * HANGING, width)

    def _steps(self, size: float) -> list[float]:
        """Each entry's height, in steps between two entries: one, and a little less for each
        line it wraps onto."""
        key = (self.width, size)
        if key not in self._lines:
            self._lines[key] = [len(self._entry(t, p, size)) for t, p in self.entries]
        return [1 + WRAPPED_LINE * (lines - 1) for lines in self._lines[key]]

    def _head(self) -> float:
        """The heading's height (or the air on top of a page they go on over), in steps."""
        return 0.3 if self.continued else 1.6

    def _height(self, size: float) -> float:
        return size * 1.6 * (sum(self._steps(size)) + self._head())

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = min(avail_width, pt(120))
        size = self.largest
        # an entry takes a step at least: a size too large even for that is not measured
        while size > MIN_CONTENTS_SIZE and (
            size * 1.6 * (len(self.entries) + self._head()) > avail_height
            or self._height(size) > avail_height
        ):
            size -= 0.25
        self.size = size
        self.height = self._height(size)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Off the cover, contents no page holds even at the smallest size go on over the next
        pages at that size, as many entries to a page as it holds (as one block, a rulebook
        of a hundred sections was printed without its contents)."""
        size = MIN_CONTENTS_SIZE
        self.width = min(avail_width, pt(120))
        room = avail_height / (size * 1.6) - self._head()
        steps, held = self._steps(size), 0
        for step in steps:
            if step > room:
                break
            room -= step
            held += 1
        if not self.pages or not 0 < held < len(self.entries):
            return []
        lines = self._lines[(self.width, size)]
        parts = [
            Contents(self.heading, self.entries[:held], self.style, True, self.continued),
            Contents(self.heading, self.entries[held:], self.style, True, True),
        ]
        for part, kept in zip(parts, (lines[:held], lines[held:]), strict=True):
            part.largest = size
            part._lines[(self.width, size)] = kept
        return parts

    def draw(self) -> None:
        canvas = self.canv
        size = self.size
        family = self.style.family
        line = size * 1.6
        y = self.height - size * 1.4
        canvas.saveState()
        if self.continued:
            y = self.height - line
        else:
            canvas.setFillColor(self.style.color)
            canvas.setFont(family.bold, size * 1.25)
            canvas.drawCentredString(self.width / 2, y, self.heading)
            y -= line * 1.3
        canvas.setFillColor("#1a1a1a")

        def width(words: str) -> float:
            return float(canvas.stringWidth(words, family.regular, size))

        for title, page in self.entries:
            canvas.setFont(family.regular, size)
            number = str(page)
            right = self.width - width(number) - 4
            lines = self._entry(title, page, size)
            for at, words in enumerate(lines):  # the page number on the entry's last line
                if at:
                    y -= line * WRAPPED_LINE
                canvas.drawString(size * HANGING if at else 0, y, words)
            canvas.drawRightString(self.width, y, number)
            left = (size * HANGING if len(lines) > 1 else 0) + width(lines[-1]) + 4
            # dot leaders, drawn as a dotted rule whose dots stand on one grid for every line
            # (each line's own from its title's end made the columns of dots and their ends
            # ragged)
            step = LEADER_DOT + size * 0.45
            first, last = math.ceil(left / step) * step, math.floor(right / step) * step
            if last > first:
                canvas.saveState()
                canvas.setStrokeColor("#999999")
                canvas.setLineWidth(0.9)
                canvas.setLineCap(1)
                canvas.setDash([LEADER_DOT, step - LEADER_DOT])
                canvas.line(first, y + 1, last + LEADER_DOT, y + 1)
                canvas.restoreState()
            y -= line
        canvas.restoreState()


class LateContents(Contents):
    """The contents of the sections titled ``titles`` before their page numbers are known: it
    takes its room on the cover during the one lay-out pass and draws a form that ``fill``
    defines when the pass is done (a PDF page may use a form defined later)."""

    FORM = "contents"

    def __init__(self, titles: list[str], style: TextStyle) -> None:
        # the room is that of the titles beside the widest page number a rulebook may have:
        # with its own, narrower or as wide, an entry wraps onto as many lines or fewer
        widest = _widest_page(style.family.regular)
        super().__init__("", [(title, widest) for title in titles], style)
        self.drawn = False

    def draw(self) -> None:
        self.canv.doForm(self.FORM)
        self.drawn = True

    def fill(self, canvas: Any, contents: tuple[str, list[tuple[str, int]]] | None) -> None:
        """Define the form the cover refers to: the heading and entries, or nothing (a short
        rulebook has no contents; its cover then looks as if none had been laid out)."""
        if not self.drawn:
            return
        canvas.beginForm(self.FORM, -self.width, -self.height, 2 * self.width, 2 * self.height)
        if contents is not None:
            self.heading, self.entries = contents
            self.canv = canvas
            try:
                super().draw()
            finally:
                del self.canv
        end_form(canvas)


@lru_cache(maxsize=8)
def _widest_page(font: str) -> int:
    """The page number printed widest in ``font``, of those a rulebook may have (measured once
    a process: every rulebook's one lay-out pass asks)."""
    return max(range(1, MAX_DOCUMENT_PAGES + 1), key=lambda page: stringWidth(str(page), font, 1))


def cover_end(story: list[Flowable]) -> int:
    """Where the cover ends: the first page break (the contents go just before it)."""
    return next((i for i, f in enumerate(story) if isinstance(f, PageBreak)), len(story))


def center_cover(story: list[Flowable]) -> None:
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


def card_fan(index: CardIndex, width: float, content: str, line: int = 0) -> list[Flowable]:
    """The cover's fan of card faces."""
    infos = index.named(content, line)
    if not infos:
        return []
    if len(infos) > MAX_COVER_CARDS:  # a ring of a hundred slivers: the cover's own limit
        where = Where(index.where.path, line, 1) if line else index.where
        said = (
            f"this cardfan names {len(infos):,} cards, and a fan shows at most {MAX_COVER_CARDS} "
            "(here the first ones): name fewer, or show them all with a cardgallery"
        )
        index.report(Problem(where, said, Severity.WARNING))
        infos = infos[:MAX_COVER_CARDS]
    column = width / pt(1)  # mm; on an A5 page the fan is smaller, leaving room for contents
    widest = max(info.face.width_mm for info in infos)  # a fan never enlarges a card
    card = min(48.0, column * 0.27, column / (len(infos) * 0.62 + 0.6), widest)
    fan = CardFan([info.face for info in infos], card)
    fan.spaceBefore = pt(6)
    fan.spaceAfter = pt(8)
    return [fan]
