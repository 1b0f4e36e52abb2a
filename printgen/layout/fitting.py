"""Shrink-to-fit: the largest size at which a text fits its box, and its lines at that size
(the line breaking itself is printgen.layout.text's)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from printgen.layout import breaking, text
from printgen.layout.fonts import Family
from printgen.layout.hyphens import SOFT

LINE = 1.17  # of the size: the height one line of text takes (ascent to descent)


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
    # a text without soft hyphens (nearly every card text) is broken straight into its lines'
    # pieces at each size tried; one with them into measured parts, joined into pieces once it
    # fits (with split's own direct path, a 1,000-card build 3,201 → 3,085 million
    # instructions; a text with bold or icons in one pass too, validate W&M −4.5 M)
    direct = not any(SOFT in run.text for run in runs)
    broken: Callable[..., tuple[list[Any], list[float]]] = (
        (breaking.lines_plain if text.plain_tokens(tokens) else breaking.lines_rich)
        if direct
        else text.breaker(tokens)
    )
    steps = max(0, math.floor((size - min_size) / 0.25 + 1e-6))

    def attempt(step: int) -> tuple[float, list[Any], list[float]] | None:
        current = round(size - 0.25 * step, 2)
        room = math.floor(max(0.0, height + 0.01 - LINE * current) / (current * leading)) + 1
        placed, widths = broken(tokens, family, current, width, room)
        used = (len(placed) - 1) * (current * leading) + LINE * current if placed else 0.0
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
