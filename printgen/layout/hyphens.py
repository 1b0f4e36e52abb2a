"""Soft hyphens (U+00AD) in card texts: where a long word — a German compound such as
``Donau\xaddampf\xadschiff`` — may break. Inside a line a soft hyphen prints nothing; at a break
the line ends with a hyphen and the word goes on on the next. A web address in the prose breaks
the same way at its own marks (``url_breaks``), with no hyphen."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from printgen.layout.url_breaks import LATE_BREAK, URL_BREAK, unmarked
from printgen.layout.word_cuts import CutWord
from printgen.problems import SOFT_HYPHEN

SOFT = SOFT_HYPHEN  # the one soft hyphen printgen knows, under its short name here

# how a soft hyphen is typed in a spreadsheet's cell, which reads no escapes (a "\u00ad" there
# prints as its six characters): what every message about a word too long for its room advises
IN_A_CELL = "type U+00AD in the cell: Alt+0173 on Windows"


# where a word may break: a soft hyphen (a hyphen printed there), a web address's marks (none)
_CUT = re.compile(f"([{SOFT}{URL_BREAK}{LATE_BREAK}])")


def breakable(word: str) -> bool:
    """Whether ``word`` may break within it: a soft hyphen, or a web address's marks."""
    return SOFT in word or URL_BREAK in word or LATE_BREAK in word


def printed(word: str) -> str:
    """``word`` as a line prints it whole: without the marks of where it may break."""
    if SOFT in word:
        word = word.replace(SOFT, "")
    return unmarked(word) if URL_BREAK in word or LATE_BREAK in word else word


def unbroken(text: str) -> str:
    """``text`` drawn as one string that no line breaking reaches (a sheet's margin label, a
    page's foot, an aid's title band, a PDF's title): without its soft hyphens, which the fonts
    draw as hyphens — a title broken with them on the cover read "Donau-dampf-schiff" there."""
    return text.replace(SOFT, "")


QUOTED = 50  # characters of a text a message quotes: a word of a thousand is not said whole


def quoted_word(word: str) -> str:
    """A word as a message quotes it: as it prints (its soft hyphens gone), its first QUOTED
    characters and '…' when longer — a message is one line."""
    word = unbroken(word)
    return word if len(word) <= QUOTED else f"{word[:QUOTED]}…"


# A measured part of a word, as the line breaker places it: (offset in the word or x on the
# line, width, text, font, icon) — a word of several parts has a bold head, or an icon glued on.
Part = tuple[float, float, str, str, "str | None"]
Measure = Callable[[str, str, float], float]  # text, font, size: its width in points


def hyphenated(
    word: str,
    measure: Measure,
    font: str,
    size: float,
    limit: float,
    placed: list[list[Part]],
    widths: list[float],
    space: float,
) -> tuple[str, float]:
    """Place the heads of a word with soft hyphens that does not fit its line, each ending a
    line with a hyphen (a web address's, wider than a line, with none: ``url_breaks``); the
    last piece (no mark left) and the space before it are the caller's to place."""

    def width(text: str) -> float:
        return measure(text, font, size)

    if not breakable(word):
        return word, space
    gap = space if placed[-1] else 0.0
    room = limit - widths[-1] - gap
    clean = printed(word)
    whole = width(clean)
    if whole <= room or (whole <= limit and SOFT not in word):
        return clean, space  # (an address that fits a line of its own is set whole on it)
    # split once, so that a word of thousands of marks is not split again for every line
    cut = CutWord.of(word, width)
    while True:
        head = cut.head_that_fits(room, width, late=not placed[-1])
        if not head and placed[-1]:  # no head fits after the words already on the line
            placed.append([])
            widths.append(0.0)
            space = 0.0
        else:
            if not head:  # not even the first piece fits a line of its own: it overflows
                head = cut.first_head()
                if not head:
                    return cut.rest(), space
            head_width = width(head.text)
            placed[-1].append((widths[-1] + gap, head_width, head.text, font, None))
            widths[-1] += gap + head_width
            placed.append([])
            widths.append(0.0)
            cut.start, space = head.rest_from, 0.0
            if not cut.breakable():
                return cut.rest(), space
        gap = space if placed[-1] else 0.0
        room = limit - widths[-1] - gap
        whole = cut.rest_width(width, (room, limit))
        if whole <= room or (whole <= limit and not cut.has(SOFT)):
            return cut.rest(), space


def widest_unbroken(
    words: Iterable[tuple[str, str, str | None]], measure: Measure, size: float
) -> tuple[str, float]:
    """Of a text's words (text, font, icon), the widest that no soft hyphen lets break and its
    width at ``size``: what to name when the text fits its box at no size ("" when none)."""
    widest, width = "", 0.0
    for word, font, icon in words:
        if icon is not None or not word.strip() or SOFT in word:
            continue
        if (measured := measure(word, font, size)) > width:
            widest, width = word, measured
    return widest, width
