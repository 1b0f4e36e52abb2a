"""Rich text for cards and documents: markup runs, line breaking, shrink-to-fit and drawing.

Card text uses a three-token subset of Markdown — **bold**, *italic*, :icon: — plus line breaks.
It is parsed here rather than by markdown-it because importing markdown-it costs more than
drawing a whole deck; the rulebook parses full Markdown and hands us the same runs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from printgen.layout.fonts import Family

ICON_SCALE = 0.95  # inline icon size relative to the font size
_TOKEN = re.compile(r"(\*\*|\*|:[a-z0-9][a-z0-9-]*:|\n)")


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of marked-up text in one style, an inline icon, or a line break."""

    text: str = ""
    bold: bool = False
    italic: bool = False
    icon: str | None = None  # an inline icon instead of text
    newline: bool = False


@dataclass(slots=True)  # slots: 10,000 cards keep half a million until the PDF is written
class Piece:
    """Words in one font (or an inline icon) placed on a line."""

    x: float  # from the line's left edge, in points
    width: float
    text: str
    font: str
    icon: str | None = None


@dataclass(slots=True)
class Line:
    """One line of fitted text: its pieces and its width in points."""

    pieces: list[Piece] = field(default_factory=list)
    width: float = 0.0


@dataclass(slots=True)
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


def break_lines(
    runs: list[Run],
    family: Family,
    size: float,
    width: float,
    tokens: list[_Token] | None = None,
    max_lines: int | None = None,
) -> list[Line]:
    """Greedy line breaking on spaces; a word wider than the line gets a line of its own.
    ``tokens`` are the runs already split (``_tokens``), when fitting tries several sizes;
    past ``max_lines`` lines the text cannot fit and breaking stops."""
    lines = [Line()]
    space = 0.0
    space_width = width_of(" ", family.regular, size)
    for word_pieces in _words(_tokens(runs, family) if tokens is None else tokens, size):
        if max_lines is not None and len(lines) > max_lines:
            break
        if word_pieces is None:  # hard line break
            lines.append(Line())
            continue
        if not word_pieces:
            space = space_width
            continue
        word_width = word_pieces[-1].x + word_pieces[-1].width  # its pieces start at 0
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


# What a text is made of, split once: (text, font, icon); " " is a space, "\n" a line break.
_Token = tuple[str, str, str | None]


def _tokens(runs: list[Run], family: Family) -> list[_Token]:
    tokens: list[_Token] = []
    for run in runs:
        if run.newline:
            tokens.append(("\n", "", None))
            continue
        font = family.face(run.bold, run.italic)
        if run.icon:
            tokens.append(("", font, run.icon))
            continue
        for part in re.split(r"( +)", run.text):
            if part:
                tokens.append((" " if part.startswith(" ") else part, font, None))
    return tokens


def _words(tokens: list[_Token], size: float) -> Iterator[list[Piece] | None]:
    """Words as lists of pieces ([] marks a space, None a line break), made as the line
    breaker asks for them; each distinct word is measured once at each size (``width_of``).

    An inline icon right after a word stays with it ("1 bean :bean:." never leaves the bean
    alone on the next line): the space between them does not break."""
    current: list[Piece] = []
    offset = 0.0
    for number, (part, font, icon) in enumerate(tokens):
        if part == " " and _icon_follows(tokens, number) and current and not current[-1].icon:
            offset += width_of(" ", font, size)
            continue
        if part in ("\n", " "):
            if current:
                yield current
            current, offset = [], 0.0
            yield None if part == "\n" else []
        elif icon:
            icon_width = size * ICON_SCALE
            current.append(Piece(offset, icon_width, "", font, icon))
            offset += icon_width
        else:
            part_width = width_of(part, font, size)
            current.append(Piece(offset, part_width, part, font))
            offset += part_width
    if current:
        yield current


def _icon_follows(tokens: list[_Token], number: int) -> bool:
    return number + 1 < len(tokens) and tokens[number + 1][2] is not None


@lru_cache(maxsize=1 << 16)
def width_of(word: str, font: str, size: float) -> float:
    """``stringWidth`` remembered across texts and cards: fitting tries a few sizes for every
    text, and a deck repeats most of its words, so 10,000 cards measure a few thousand words
    rather than millions (the same numbers, so line breaks do not move)."""
    return float(stringWidth(word, font, size))


def fit(
    runs: list[Run],
    family: Family,
    width: float,
    height: float,
    size: float,
    min_size: float,
    leading: float,
) -> Block | None:
    """The largest size of [min_size, size] on the 0.25 pt steps down from ``size`` at which
    the text fits the box, found by bisection: a dozen tries for any size range."""
    tokens = _tokens(runs, family)
    steps = max(0, math.floor((size - min_size) / 0.25 + 1e-6))

    def attempt(step: int) -> Block | None:
        current = round(size - 0.25 * step, 2)
        room = math.floor(max(0.0, height + 0.01 - 1.17 * current) / (current * leading)) + 1
        lines = break_lines(runs, family, current, width, tokens, room)
        block = Block(current, current * leading, lines)
        widest = max((line.width for line in lines), default=0.0)
        used = (len(lines) - 1) * block.leading + 1.17 * current if lines else 0.0
        return block if used <= height + 0.01 and widest <= width + 0.01 else None

    found = attempt(0)
    if found is not None:
        return _joined(found)
    found = attempt(steps) if steps else None
    if found is None:
        return None
    low, high = 0, steps  # step ``low`` does not fit, step ``high`` does
    while high - low > 1:
        middle = (low + high) // 2
        block = attempt(middle)
        if block is None:
            low = middle
        else:
            high, found = middle, block
    return _joined(found)


def spaces_between(gap: float, font: str, size: float) -> int:
    """How many space characters stand for a gap between two words, in points."""
    return round(gap / width_of(" ", font, size)) if gap > 0.01 else 0


def _joined(block: Block) -> Block:
    """The block with each line's neighbouring words in one font joined into one piece, their
    gaps as spaces: what the draw stage writes as one string anyway, kept as a few pieces a
    line instead of one a word (10,000 cards keep them all until their PDF is drawn)."""
    for line in block.lines:
        joined: list[Piece] = []
        for piece in line.pieces:
            last = joined[-1] if joined else None
            if last is None or piece.icon or last.icon or piece.font != last.font:
                joined.append(piece)
                continue
            end = last.x + last.width
            last.text += " " * spaces_between(piece.x - end, piece.font, block.size) + piece.text
            last.width = piece.x + piece.width - last.x
        line.pieces = joined
    return block


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
        for char in dict.fromkeys(run.text):  # each character once, in order
            if not char.isspace() and ord(char) not in cmap:
                missing[char] = None
    return list(missing)


_CMAPS: dict[str, frozenset[int]] = {}


def _cmap(font_name: str) -> frozenset[int]:
    if font_name not in _CMAPS:
        from reportlab.pdfbase.pdfmetrics import getFont

        _CMAPS[font_name] = frozenset(getFont(font_name).face.charToGlyph)
    return _CMAPS[font_name]
