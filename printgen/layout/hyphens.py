"""Soft hyphens (U+00AD) in card texts: where a long word — a German compound such as
``Donau\xaddampf\xadschiff`` — may break. Inside a line a soft hyphen prints nothing; at a break
the line ends with a hyphen and the word goes on on the next."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from printgen.problems import SOFT_HYPHEN

SOFT = SOFT_HYPHEN  # the one soft hyphen printgen knows, under its short name here

# how a soft hyphen is typed in a spreadsheet's cell, which reads no escapes (a "\u00ad" there
# prints as its six characters): what every message about a word too long for its room advises
IN_A_CELL = "type U+00AD in the cell: Alt+0173 on Windows"


def head_that_fits(word: str, room: float, measure: Callable[[str], float]) -> tuple[str, str]:
    """The longest head of ``word``, cut at a soft hyphen, that fits ``room`` points with its
    hyphen, and the rest of the word (keeping its later soft hyphens); ("", word) when none does.
    """
    pieces = word.split(SOFT)
    for count in range(len(pieces) - 1, 0, -1):
        head = "".join(pieces[:count]) + "-"
        if measure(head) <= room:
            return head, SOFT.join(pieces[count:])
    return "", word


def first_head(word: str) -> tuple[str, str]:
    """The word's first piece with its hyphen, and the rest: a line too narrow for any head."""
    first, _, rest = word.partition(SOFT)
    return first + "-", rest


def unbroken(text: str) -> str:
    """``text`` drawn as one string that no line breaking reaches (a sheet's margin label, a
    page's foot, an aid's title band, a PDF's title): without its soft hyphens, which the fonts
    draw as hyphens — a title broken with them on the cover read "Donau-dampf-schiff" there."""
    return text.replace(SOFT, "")


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
    line with a hyphen; the last piece (no soft hyphen left) and the space before it are the
    caller's to place."""
    while SOFT in word:
        gap = space if placed[-1] else 0.0
        room = limit - widths[-1] - gap
        clean = word.replace(SOFT, "")
        if measure(clean, font, size) <= room:
            return clean, space
        head, rest = head_that_fits(word, room, lambda text: measure(text, font, size))
        if not head and placed[-1]:  # no head fits after the words already on the line
            placed.append([])
            widths.append(0.0)
            space = 0.0
            continue
        if not head:  # not even the first piece fits a line of its own: it overflows
            head, rest = first_head(word)
        head_width = measure(head, font, size)
        placed[-1].append((widths[-1] + gap, head_width, head, font, None))
        widths[-1] += gap + head_width
        placed.append([])
        widths.append(0.0)
        word, space = rest, 0.0
    return word, space


def hyphenated_parts(
    word: tuple[Part, ...],
    measure: Measure,
    size: float,
    limit: float,
    placed: list[list[Part]],
    widths: list[float],
    space: float,
) -> tuple[tuple[Part, ...], float]:
    """Place the heads of a word of several parts with soft hyphens (in a text with an icon or
    bold, where a German compound broke nowhere and ran past its column, its icon alone on the
    next line) that does not fit its line, as ``_hyphenated`` does a plain word's; the rest,
    and the space before it, are the caller's to place."""
    while any(SOFT in part[2] for part in word):
        gap = space if placed[-1] else 0.0
        room = limit - widths[-1] - gap
        if word[-1][0] + word[-1][1] <= room:
            break
        cuts = list(_cuts(word, measure, size))
        head, rest = next(((h, r) for h, r in cuts if h[-1][0] + h[-1][1] <= room), ((), word))
        if not head and placed[-1]:  # no head fits after the words already on the line
            placed.append([])
            widths.append(0.0)
            space = 0.0
            continue
        if not head:  # not even the shortest head fits a line of its own: it overflows
            head, rest = cuts[-1]
        start = widths[-1] + gap
        placed[-1].extend((o + start, w, t, f, i) for o, w, t, f, i in head)
        widths[-1] = start + head[-1][0] + head[-1][1]
        placed.append([])
        widths.append(0.0)
        word, space = rest, 0.0
    return word, space


def _cuts(
    word: tuple[Part, ...], measure: Measure, size: float
) -> Iterator[tuple[tuple[Part, ...], tuple[Part, ...]]]:
    """Each cut of ``word`` at a soft hyphen of one of its texts, the longest head first: the
    head ending in a hyphen (its earlier soft hyphens gone) and the rest, placed from 0."""
    for index in range(len(word) - 1, -1, -1):
        offset, width, text, font, icon = word[index]
        if icon or SOFT not in text:
            continue
        pieces = text.split(SOFT)
        for count in range(len(pieces) - 1, 0, -1):
            head_text = "".join(pieces[:count]) + "-"
            before = tuple((o, w, t.replace(SOFT, ""), f, i) for o, w, t, f, i in word[:index])
            head = (*before, (offset, measure(head_text, font, size), head_text, font, None))
            tail = SOFT.join(pieces[count:])
            tail_width = measure(tail.replace(SOFT, ""), font, size)
            shift = offset + width - tail_width  # where the rest starts in the word
            after = tuple((o - shift, w, t, f, i) for o, w, t, f, i in word[index + 1 :])
            yield head, ((0.0, tail_width, tail, font, None), *after)


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
