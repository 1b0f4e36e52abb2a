"""Rich text for cards and documents: markup runs, line breaking, shrink-to-fit and drawing.

Card text uses a three-token subset of Markdown — **bold**, *italic*, :icon: — plus line breaks.
It is parsed here rather than by markdown-it because importing markdown-it costs more than
drawing a whole deck; the rulebook parses full Markdown and hands us the same runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.pdfbase.pdfmetrics import stringWidth

from printgen.layout.fonts import Family

ICON_SCALE = 0.95  # inline icon size relative to the font size
_TOKEN = re.compile(r"(\*\*|\*|:[a-z0-9][a-z0-9-]*:|\n)")


@dataclass(frozen=True)
class Run:
    text: str = ""
    bold: bool = False
    italic: bool = False
    icon: str | None = None  # an inline icon instead of text
    newline: bool = False


@dataclass
class Piece:
    x: float  # from the line's left edge, in points
    width: float
    text: str
    font: str
    icon: str | None = None


@dataclass
class Line:
    pieces: list[Piece] = field(default_factory=list)
    width: float = 0.0


@dataclass
class Block:
    """Text broken into lines at one font size."""

    size: float
    leading: float
    lines: list[Line]

    @property
    def height(self) -> float:
        return self.leading * len(self.lines)


def parse(markup: str, known_icon: Callable[[str], bool] | None = None) -> list[Run]:
    """Split markup into runs; ``:name:`` becomes an icon only if ``known_icon(name)`` says so."""
    runs: list[Run] = []
    bold = italic = False
    for token in _TOKEN.split(markup):
        if not token:
            continue
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\n":
            runs.append(Run(newline=True))
        elif (
            token.startswith(":")
            and token.endswith(":")
            and len(token) > 2
            and (known_icon is None or known_icon(token[1:-1]))
        ):
            runs.append(Run(icon=token[1:-1], bold=bold, italic=italic))
        else:
            runs.append(Run(token, bold, italic))
    return runs


def plain(runs: list[Run]) -> str:
    return "".join("\n" if r.newline else (r.text or "") for r in runs)


def break_lines(runs: list[Run], family: Family, size: float, width: float) -> list[Line]:
    """Greedy line breaking on spaces; a word wider than the line gets a line of its own."""
    lines = [Line()]
    space = 0.0
    for word_pieces in _words(runs, family, size):
        if word_pieces is None:  # hard line break
            lines.append(Line())
            continue
        if not word_pieces:
            space = stringWidth(" ", family.regular, size)
            continue
        word_width = sum(p.width for p in word_pieces)
        line = lines[-1]
        gap = space if line.pieces else 0.0
        if line.pieces and line.width + gap + word_width > width + 0.01:
            line = Line()
            lines.append(line)
            gap = 0.0
        for piece in word_pieces:
            piece.x += line.width + gap
            line.pieces.append(piece)
        line.width += gap + word_width
        space = 0.0
    return lines


def _words(runs: list[Run], family: Family, size: float) -> list[list[Piece] | None]:
    """Words as lists of pieces ([] marks a space, None a line break)."""
    words: list[list[Piece] | None] = []
    current: list[Piece] = []
    offset = 0.0

    def flush() -> None:
        nonlocal current, offset
        if current:
            words.append(current)
        current, offset = [], 0.0

    for run in runs:
        if run.newline:
            flush()
            words.append(None)
            continue
        font = family.face(run.bold, run.italic)
        if run.icon:
            icon_width = size * ICON_SCALE
            current.append(Piece(offset, icon_width, "", font, run.icon))
            offset += icon_width
            continue
        parts = re.split(r"( +)", run.text)
        for part in parts:
            if not part:
                continue
            if part.startswith(" "):
                flush()
                words.append([])
                continue
            part_width = stringWidth(part, font, size)
            current.append(Piece(offset, part_width, part, font))
            offset += part_width
    flush()
    return words


def fit(
    runs: list[Run],
    family: Family,
    width: float,
    height: float,
    size: float,
    min_size: float,
    leading: float,
) -> Block | None:
    """The largest size in [min_size, size] (0.25 pt steps) at which the text fits the box."""
    current = size
    while current >= min_size - 1e-6:
        lines = break_lines(runs, family, current, width)
        block = Block(current, current * leading, lines)
        widest = max((line.width for line in lines), default=0.0)
        used = (len(lines) - 1) * block.leading + 1.17 * current if lines else 0.0
        if used <= height + 0.01 and widest <= width + 0.01:
            return block
        current = round(current - 0.25, 2)
    return None


_UNKNOWN_ICON = re.compile(r":([a-z][a-z0-9-]*):")


def unknown_icons(runs: list[Run]) -> list[str]:
    """``:name:`` tokens that ``parse`` left as text because no icon has that name."""
    return [m.group(1) for r in runs if not r.icon and (m := _UNKNOWN_ICON.fullmatch(r.text))]


def missing_glyphs(runs: list[Run], family: Family) -> list[str]:
    """Characters the run's font cannot draw (they would print as empty boxes)."""
    missing: dict[str, None] = {}
    for run in runs:
        if run.icon or run.newline:
            continue
        cmap = _cmap(family.face(run.bold, run.italic))
        for char in run.text:
            if not char.isspace() and ord(char) not in cmap:
                missing[char] = None
    return list(missing)


_CMAPS: dict[str, frozenset[int]] = {}


def _cmap(font_name: str) -> frozenset[int]:
    if font_name not in _CMAPS:
        from reportlab.pdfbase.pdfmetrics import getFont

        _CMAPS[font_name] = frozenset(getFont(font_name).face.charToGlyph)
    return _CMAPS[font_name]
