"""Line breaking straight into pieces: a plain text's lines (``text.plain_tokens``, no soft
hyphen — nearly every card text, most rulebook and aid paragraphs) in one pass.

``printgen.layout.text`` breaks any text into measured parts (``_broken_plain``,
``_broken_words``) and joins each line's parts into pieces (``line_of``). The pass here does
both at once: each word is placed as the breaker places it and joined at once to the piece
before it as ``line_of`` joins it — the same sums in the same order, so the same pieces to the
last bit (property tests in tests/test_fuzz.py hold it to the general path) — with no measured
part made and walked again.
"""

from __future__ import annotations

from printgen.layout.fonts import Family
from printgen.layout.hyphens import SOFT
from printgen.layout.text import (
    NO_GAP,
    Line,
    Piece,
    Run,
    Token,
    breaker,
    line_of,
    plain_tokens,
    split,
    width_of,
)


def break_lines(
    runs: list[Run],
    family: Family,
    size: float,
    width: float,
    tokens: list[Token] | None = None,
    max_lines: int | None = None,
) -> list[Line]:
    """Greedy line breaking on spaces; a word wider than the line gets a line of its own.
    ``tokens`` are the runs already split (``text.split``); past ``max_lines`` lines the text
    cannot fit and breaking stops. Each line's neighbouring words in one font come as one
    piece, their gaps as spaces: what the draw stage writes as one string anyway."""
    if tokens is None:
        words = split(runs, family)
        soft = any(SOFT in run.text for run in runs)  # (fewer runs than tokens to look at)
    else:
        words = tokens
        soft = any(SOFT in part for part, _, _ in words)
    if not soft and plain_tokens(words):
        pieces, widths = lines_plain(words, family, size, width, max_lines)
        return [Line(line, w) for line, w in zip(pieces, widths, strict=True)]
    placed, widths = breaker(words)(words, family, size, width, max_lines)
    return [line_of(parts, w, size) for parts, w in zip(placed, widths, strict=True)]


def lines_plain(
    tokens: list[Token], family: Family, size: float, width: float, max_lines: int | None
) -> tuple[list[list[Piece]], list[float]]:
    """``text._broken_plain`` and ``text.line_of`` in one pass, for a plain text (``text.
    plain_tokens``) without soft hyphens."""
    lines: list[list[Piece]] = []
    widths: list[float] = []
    line: list[Piece] = []  # the line under way's pieces but the last
    texts: list[str] = []  # the last piece's words with their spaces (none: no word yet)
    current = start = piece_width = piece_space = space = 0.0  # current: the line's width
    piece_font = ""
    space_width = width_of(" ", family.regular, size)
    limit = width + 0.01
    most = len(tokens) if max_lines is None else max_lines  # (never more lines than tokens)
    for part, font, _ in tokens:
        if part == " ":
            space = space_width
            continue
        if len(lines) >= most:  # the line under way is past max_lines
            break
        word_width = width_of(part, font, size)
        if not texts:  # the text's first word
            texts, piece_font, piece_space = [part], font, width_of(" ", font, size)
            start = current + 0.0
            piece_width, current = word_width, current + (0.0 + word_width)
            space = 0.0
            continue
        x = current + space
        if x + word_width > limit:  # on a line of its own
            line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
            lines.append(line)
            widths.append(current)
            line, texts, piece_font = [], [part], font
            piece_space = width_of(" ", font, size)
            start, piece_width, current = 0.0 + 0.0, word_width, 0.0 + (0.0 + word_width)
        elif font == piece_font:
            between = x - (start + piece_width)
            if between > NO_GAP:
                texts += (" " * round(between / (piece_space or width_of(" ", font, size))), part)
            else:
                texts.append(part)
            piece_width = x + word_width - start
            current += space + word_width
        else:
            line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
            texts, piece_font, piece_space = [part], font, width_of(" ", font, size)
            start, piece_width = x, word_width
            current += space + word_width
        space = 0.0
    if texts:
        line.append(Piece(start, piece_width, "".join(texts), piece_font, None))
    lines.append(line)
    widths.append(current)
    return lines, widths
