"""Shrink-to-fit: the largest size at which a text fits its box, and its lines at that size
(the line breaking itself is printgen.layout.text's)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from printgen.layout import text
from printgen.layout.fonts import Family
from printgen.layout.hyphens import SOFT


def fit(
    runs: list[text.Run],
    family: Family,
    width: float,
    height: float,
    size: float,
    min_size: float,
    leading: float,
) -> text.Block | None:
    """The largest size of [min_size, size] on the 0.25 pt steps down from ``size`` at which
    the text fits the box, found by bisection: a dozen tries for any size range."""
    tokens = text.split(runs, family)
    # a plain text without soft hyphens (nearly every card text) is broken straight into its
    # lines' pieces; any other into measured parts, joined into pieces once it fits (with
    # split's own direct path, a 1,000-card build 3,201 → 3,085 million instructions)
    direct = text.plain_tokens(tokens) and not any(SOFT in run.text for run in runs)
    broken: Callable[..., tuple[list[Any], list[float]]] = (
        _lines_plain if direct else text.breaker(tokens)
    )
    steps = max(0, math.floor((size - min_size) / 0.25 + 1e-6))

    def attempt(step: int) -> tuple[float, list[Any], list[float]] | None:
        current = round(size - 0.25 * step, 2)
        room = math.floor(max(0.0, height + 0.01 - 1.17 * current) / (current * leading)) + 1
        placed, widths = broken(tokens, family, current, width, room)
        used = (len(placed) - 1) * (current * leading) + 1.17 * current if placed else 0.0
        fits = used <= height + 0.01 and max(widths, default=0.0) <= width + 0.01
        return (current, placed, widths) if fits else None

    found = attempt(0)
    if found is None:
        found = attempt(steps) if steps else None
        if found is None:
            return None
        low, high = 0, steps  # step ``low`` does not fit, step ``high`` does
        while high - low > 1:
            middle = (low + high) // 2
            tried = attempt(middle)
            if tried is None:
                low = middle
            else:
                high, found = middle, tried
    current, placed, widths = found
    if direct:
        lines = [text.Line(pieces, w) for pieces, w in zip(placed, widths, strict=True)]
    else:
        lines = [text.line_of(parts, w, current) for parts, w in zip(placed, widths, strict=True)]
    return text.Block(current, current * leading, lines)


def _lines_plain(
    tokens: list[text.Token], family: Family, size: float, width: float, max_lines: int | None
) -> tuple[list[list[text.Piece]], list[float]]:
    """``text._broken_plain`` and ``text.line_of`` in one pass, for a plain text without soft
    hyphens: each word placed as the first places it and joined at once to the piece before it
    as the second joins it — the same sums in the same order, so the same pieces to the last
    bit — with no measured part made and walked again."""
    lines: list[list[text.Piece]] = []
    widths: list[float] = []
    line: list[text.Piece] = []  # the line under way's pieces but the last
    texts: list[str] = []  # the last piece's words with their spaces (none: no word yet)
    current = start = piece_width = piece_space = space = 0.0  # current: the line's width
    piece_font = ""
    space_width = text.width_of(" ", family.regular, size)
    limit = width + 0.01
    most = len(tokens) if max_lines is None else max_lines  # (never more lines than tokens)
    for part, font, _ in tokens:
        if part == " ":
            space = space_width
            continue
        if len(lines) >= most:  # the line under way is past max_lines
            break
        word_width = text.width_of(part, font, size)
        if not texts:  # the text's first word
            texts, piece_font, piece_space = [part], font, text.width_of(" ", font, size)
            start = current + 0.0
            piece_width, current = word_width, current + (0.0 + word_width)
            space = 0.0
            continue
        x = current + space
        if x + word_width > limit:  # on a line of its own
            line.append(text.Piece(start, piece_width, "".join(texts), piece_font, None))
            lines.append(line)
            widths.append(current)
            line, texts, piece_font = [], [part], font
            piece_space = text.width_of(" ", font, size)
            start, piece_width, current = 0.0 + 0.0, word_width, 0.0 + (0.0 + word_width)
        elif font == piece_font:
            between = x - (start + piece_width)
            if between > text.NO_GAP:
                texts += (
                    " " * round(between / (piece_space or text.width_of(" ", font, size))),
                    part,
                )
            else:
                texts.append(part)
            piece_width = x + word_width - start
            current += space + word_width
        else:
            line.append(text.Piece(start, piece_width, "".join(texts), piece_font, None))
            texts, piece_font, piece_space = [part], font, text.width_of(" ", font, size)
            start, piece_width = x, word_width
            current += space + word_width
        space = 0.0
    if texts:
        line.append(text.Piece(start, piece_width, "".join(texts), piece_font, None))
    lines.append(line)
    widths.append(current)
    return lines, widths
