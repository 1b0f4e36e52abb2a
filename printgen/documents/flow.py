"""Platypus flowables drawn with printgen's own text engine, so documents and cards share
inline icons, fonts and line breaking."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from printgen.documents.column_widths import CELL_PADDING, column_widths, number_column
from printgen.documents.platypus import Flowable, Table, TableStyle
from printgen.draw.faces import (
    ASCENT,
    DESCENT,
    NO_COLORS,
    bleed_box,
    draw_face,
    form_name,
)
from printgen.draw.lines import draw_lines
from printgen.draw.pdf import end_form
from printgen.icons import IconLibrary
from printgen.layout import breaking, text
from printgen.layout.color import color
from printgen.layout.face import Face
from printgen.layout.fonts import Family
from printgen.layout.url_breaks import unmarked
from printgen.model.units import pt
from printgen.problems import Where


@dataclass(frozen=True)
class TextStyle:
    """How a paragraph of a document is set: font family, size, leading, colour, alignment and
    spacing, in points."""

    family: Family
    size: float
    leading: float = 1.25
    color: str = "#1a1a1a"
    align: str = "left"
    space_before: float = 0.0  # points
    space_after: float = 4.0
    indent: float = 0.0  # points, left
    bold: bool = False
    icon_colors: Mapping[str, str] = field(default_factory=lambda: NO_COLORS)  # own colours
    icons: IconLibrary | None = None  # the game's icons (built-in ones when None)

    def scaled(self, factor: float) -> TextStyle:
        return replace(
            self,
            size=self.size * factor,
            space_before=self.space_before * factor,
            space_after=self.space_after * factor,
            indent=self.indent * factor,
        )


class RichText(Flowable):  # type: ignore[misc]
    """A paragraph of runs; breaks across frames and pages between lines."""

    def __init__(
        self,
        runs: list[text.Run],
        style: TextStyle,
        bullet: str | None = None,
        keep_with_next: bool = False,
        source: Where | None = None,
    ) -> None:
        super().__init__()
        self.runs = [replace(r, bold=r.bold or style.bold) for r in runs] if style.bold else runs
        self.style = style
        self.bullet = bullet
        self.keepWithNext = keep_with_next
        self.lines: list[text.Line] = []
        self.widest = 0.0
        self.avail = 0.0
        self._broken: tuple[float, TextStyle, list[text.Run]] | None = None  # what lines hold
        self.table: list[list[RichText]] = []  # a Markdown table's cells, this one among them
        self.past_margin = False  # a cell of a table too wide for the page, whatever it holds
        self.source = source  # where its text is written (a card's name), if not the prose

    @property
    def line_height(self) -> float:
        return self.style.size * self.style.leading

    def plain(self) -> str:
        return unmarked(text.plain(self.runs))

    def written(self) -> str:
        """The text as the designer wrote it, icons as ``:name:``: what a problem quotes (a
        line of icons alone, too wide for its column, has no plain text to quote)."""
        return unmarked(self.marked())

    def marked(self) -> str:
        """``written`` with a web address's marks of where it may break (url_breaks)."""
        return "".join(f":{r.icon}:" if r.icon else r.text for r in self.runs if not r.newline)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.avail = avail_width
        width = avail_width - self.style.indent
        broken = self._broken
        # platypus wraps a paragraph again at every attempt to place it (and each lay-out
        # pass): its lines change only with the width, the style or the runs
        if broken is None or not (
            broken[0] == width and broken[1] is self.style and broken[2] is self.runs
        ):
            self.lines = breaking.break_lines(self.runs, self.style.family, self.style.size, width)
            self.widest = max((line.width for line in self.lines), default=0.0)
            self._broken = (width, self.style, self.runs)
        self.width = avail_width
        self.height = self._height(len(self.lines))
        return self.width, self.height

    def _height(self, count: int) -> float:
        if count == 0:
            return 0.0
        return (count - 1) * self.line_height + (ASCENT + DESCENT) * self.style.size

    def overflows(self) -> bool:
        """A word wider than the column (it would run past the margin)."""
        return self.past_margin or self.widest > self.avail - self.style.indent + 0.5

    def getSpaceBefore(self) -> float:
        return self.style.space_before

    def getSpaceAfter(self) -> float:
        return self.style.space_after

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        self.wrap(avail_width, avail_height)
        fit = _lines_to_keep(self, self.lines, avail_height)
        if not fit:
            return []
        first = _Lines(self, self.lines[:fit], self.bullet)
        rest = _Lines(self, self.lines[fit:], None)
        return [first, rest]

    def draw(self) -> None:
        _draw_lines(self, self.lines, self.bullet)


class _Lines(RichText):
    """Part of a paragraph after a split: its lines are already broken."""

    def __init__(self, parent: RichText, lines: list[text.Line], bullet: str | None) -> None:
        super().__init__(parent.runs, parent.style, bullet, source=parent.source)
        self.fixed = lines

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.avail = avail_width
        self.lines = self.fixed
        self.widest = max((line.width for line in self.lines), default=0.0)
        self.width, self.height = avail_width, self._height(len(self.lines))
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        fit = _lines_to_keep(self, self.fixed, avail_height)
        if not fit:
            return []
        return [_Lines(self, self.fixed[:fit], self.bullet), _Lines(self, self.fixed[fit:], None)]


MIN_LINES_APART = 2  # a paragraph broken across pages leaves no line alone on either side


def _lines_to_keep(flow: RichText, lines: list[text.Line], avail_height: float) -> int:
    """How many of a paragraph's lines stay in the space left (0: it moves on whole). No
    single line is left at a page's foot (an orphan) nor carried to the next page's top (a
    widow): a three-line paragraph moves on whole, a longer one leaves two lines at least."""
    fit = 0
    while fit < len(lines) and flow._height(fit + 1) <= avail_height:
        fit += 1
    if fit == len(lines):
        return 0  # it fits whole: nothing to break
    fit = min(fit, len(lines) - MIN_LINES_APART)
    return fit if fit >= MIN_LINES_APART else 0


def _draw_lines(flow: RichText, lines: list[text.Line], bullet: str | None) -> None:
    canvas = flow.canv
    style = flow.style
    baseline = flow.height - ASCENT * style.size
    canvas.saveState()
    canvas.setFillColor(color(style.color))
    if bullet:
        canvas.setFont(style.family.regular, style.size)
        canvas.drawRightString(style.indent - style.size * 0.35, baseline, bullet)
    width = flow.avail - style.indent
    placed = []
    for line in lines:
        offset = style.indent
        if style.align == "center":
            offset += (width - line.width) / 2
        elif style.align == "right":
            offset += width - line.width
        placed.append((line, offset, baseline))
        baseline -= flow.line_height
    draw_lines(canvas, placed, style.size, style.color, style.icon_colors, style.icons)
    canvas.restoreState()


def face_form(canvas: Any, face: Face) -> str:
    """The name of the face's form in the canvas's PDF, defined at its first use: a document
    holds each face's drawing once, and every picture of it (at any scale) refers to it.
    The name carries a digest of the face's key: ``war-elephant`` and ``war_elephant`` are
    two cards whose plain form names would be the same."""
    name = f"{form_name(face)}_{hashlib.sha256(face.key.encode()).hexdigest()[:12]}"
    if not canvas.hasForm(name):
        canvas.beginForm(name, *bleed_box(face))
        draw_face(canvas, face)
        end_form(canvas)
    return name


class CardPicture(Flowable):  # type: ignore[misc]
    """A card face drawn by the card renderer, scaled to a width, with a thin trim outline."""

    def __init__(self, face: Face, width_mm: float) -> None:
        super().__init__()
        self.face = face
        self.scale = width_mm / face.width_mm
        self.width = pt(width_mm)
        self.height = pt(face.height_mm * self.scale)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.scale(self.scale, self.scale)
        clip = canvas.beginPath()
        if self.face.shape == "circle":
            clip.ellipse(0, 0, pt(self.face.width_mm), pt(self.face.height_mm))
        else:
            clip.roundRect(0, 0, pt(self.face.width_mm), pt(self.face.height_mm), pt(2.5))
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.doForm(face_form(canvas, self.face))
        canvas.restoreState()
        canvas.saveState()
        canvas.setStrokeColor(color("#999999"))
        canvas.setLineWidth(0.4)
        if self.face.shape == "circle":
            canvas.ellipse(0, 0, self.width, self.height)
        else:
            canvas.roundRect(0, 0, self.width, self.height, pt(2.5) * self.scale)
        canvas.restoreState()


class Rule(Flowable):  # type: ignore[misc]
    """A coloured horizontal rule under a heading."""

    def __init__(self, color: str, thickness: float = 1.0, space: float = 4.0) -> None:
        super().__init__()
        self.color, self.thickness, self.space = color, thickness, space
        self.keepWithNext = True  # a heading's rule stays with the text below it

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return avail_width, self.thickness + self.space

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.setStrokeColor(color(self.color))
        self.canv.setLineWidth(self.thickness)
        self.canv.line(0, self.space, self.width, self.space)
        self.canv.restoreState()


def overflowing(flowable: Any) -> list[RichText]:
    """Text that ran past its column, in a flowable or in the cells of a table in it."""
    if isinstance(flowable, RichText):
        return [flowable] if flowable.overflows() else []
    if isinstance(flowable, Table):
        cells = [cell for row in flowable._cellvalues for cell in row]
        return [found for cell in cells for found in overflowing(cell)]
    if isinstance(flowable, (list, tuple)):
        return [found for item in flowable for found in overflowing(item)]
    return []


def table(
    rows: list[list[Any]],
    widths: list[float] | None,
    commands: list[tuple[Any, ...]],
    repeat_rows: int = 0,
    rows_kept: bool = False,
) -> Table:
    """A platypus table whose cells start in embedded Vera: platypus sets every cell's font,
    flowable cells included, and its default is the bare standard-14 Helvetica. With
    ``rows_kept``, a page break leaves two of its rows on each page (``RowsKept``)."""
    if rows_kept and len(rows) - repeat_rows >= 4:
        result: Table = RowsKept(
            rows, colWidths=widths, repeatRows=repeat_rows, rowSplitRange=(repeat_rows + 2, -2)
        )
    else:
        result = Table(rows, colWidths=widths, repeatRows=repeat_rows)
    result.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Vera", 9), *commands]))
    return result


TALL_ROWS = 300.0  # points: two rows taller than this may not find a page to share


class RowsKept(Table):  # type: ignore[misc]
    """A table of text whose page break leaves at least two rows on each page, as a paragraph
    leaves two lines (a last row alone atop the next page, or a first alone at a page's foot,
    read as a stray line); rows too tall for two to share a page break anywhere."""

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        parts: list[Any] = super().split(availWidth, availHeight)
        head = self.repeatRows if isinstance(self.repeatRows, int) else 0
        if parts or sum(self._rowHeights[: head + 2]) <= TALL_ROWS:
            return parts
        kept: Any = vars(self)["_rowSplitRange"]
        self._rowSplitRange = None
        try:
            return list(super().split(availWidth, availHeight))
        finally:
            self._rowSplitRange = kept


def pipe_table(
    rows: list[list[list[text.Run]]],
    aligns: list[list[str]],
    header_rows: int,
    width: float,
    base: TextStyle,
) -> Table:
    """A Markdown table: each cell's text in ``base`` (bold in the header rows), aligned as its
    column's delimiter says (``""``: it says nothing; then a column of numbers right); columns
    as wide as their texts ask (``column_widths``), sharing ``width``."""
    columns = max((len(r) for r in rows), default=1)
    head = replace(base, bold=True)
    cells = [
        [RichText(cell, head if r < header_rows else base) for cell in row]
        for r, row in enumerate(rows)
    ]
    # a column of numbers is set flush right, as a delimiter's `---:` sets it (the components
    # table's counts were, a rank table's wages not); a delimiter's alignment wins
    unsaid = ["right" if number_column(cells[header_rows:], c) else "left" for c in range(columns)]
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            align = (aligns[r][c] if c < len(aligns[r]) else "") or unsaid[c]
            if align != cell.style.align:
                cell.style = replace(cell.style, align=align)
    for row in cells:
        for cell in row:
            cell.table = cells
    widths, too_many = column_widths(cells, columns, width, header_rows)
    if cells and too_many:  # more columns than the page holds at their least: it runs off
        for cell in cells[0]:  # the page, said at its first row (a wide word squeezes its
            cell.past_margin = True  # column: said as that word)
    data: list[list[Any]] = [[*row, *[""] * (columns - len(row))] for row in cells]
    commands: list[tuple[Any, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.4, "#9a9a9a"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING / 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING / 2),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    if header_rows:
        commands.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), "#ece6da"))
    return table(data, widths, commands, header_rows, rows_kept=True)
