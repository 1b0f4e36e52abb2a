"""A word with many soft hyphens glued to an icon or to bold text is broken in time
near-linear in its length, into the very lines that trying every cut of every part gave."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st
from pytest import approx

from printgen.layout.fonts import vera
from printgen.layout.glued_cuts import hyphenated_parts
from printgen.layout.hyphens import SOFT, Part, breakable, printed
from printgen.layout.text import ICON_SCALE, width_of
from printgen.layout.url_breaks import LATE_BREAK, URL_BREAK
from printgen.layout.word_cuts import late_wanted

_CUT = re.compile(f"([{SOFT}{URL_BREAK}{LATE_BREAK}])")
Measure = Callable[[str, str, float], float]


# The breaking as it was before the cuts were searched: every cut of every part, the longest
# head first, each head and rest built and measured.
def _heads(word: str) -> Iterator[tuple[str, str]]:
    parts = _CUT.split(word)
    for index in range(len(parts) - 2, 0, -2):
        head = printed("".join(parts[:index]))
        if parts[index] == SOFT:
            head += "-"
        elif not head:
            continue
        yield head, "".join(parts[index + 1 :])


def _cuts(
    word: tuple[Part, ...], measure: Measure, size: float
) -> Iterator[tuple[tuple[Part, ...], tuple[Part, ...], bool]]:
    for index in range(len(word) - 1, -1, -1):
        offset, width, text, font, icon = word[index]
        if icon or not breakable(text):
            continue
        for head_text, tail in _heads(text):
            before = tuple((o, w, printed(t), f, i) for o, w, t, f, i in word[:index])
            head = (*before, (offset, measure(head_text, font, size), head_text, font, None))
            tail_width = measure(printed(tail), font, size)
            shift = offset + width - tail_width
            after = tuple((o - shift, w, t, f, i) for o, w, t, f, i in word[index + 1 :])
            late = text[len(text) - len(tail) - 1] == LATE_BREAK
            yield head, ((0.0, tail_width, tail, font, None), *after), late


def _reference(
    word: tuple[Part, ...],
    size: float,
    limit: float,
    placed: list[list[Part]],
    widths: list[float],
    space: float,
) -> tuple[tuple[Part, ...], float]:
    while any(breakable(part[2]) for part in word):
        gap = space if placed[-1] else 0.0
        room = limit - widths[-1] - gap
        whole = word[-1][0] + word[-1][1]
        if whole <= room or (whole <= limit and not any(SOFT in part[2] for part in word)):
            break
        cuts = list(_cuts(word, width_of, size))
        if not cuts:
            break
        fitting = [(h, r, late) for h, r, late in cuts if h[-1][0] + h[-1][1] <= room]
        head, rest, _ = next((cut for cut in fitting if not cut[2]), ((), word, False))
        if not placed[-1] and late_wanted(head[-1][0] + head[-1][1] if head else 0.0, room):
            head, rest, _ = next(iter(fitting), (head, rest, False))
        if not head and placed[-1]:
            placed.append([])
            widths.append(0.0)
            space = 0.0
            continue
        if not head:
            head, rest, _ = cuts[-1]
        start = widths[-1] + gap
        placed[-1].extend((o + start, w, t, f, i) for o, w, t, f, i in head)
        widths[-1] = start + head[-1][0] + head[-1][1]
        placed.append([])
        widths.append(0.0)
        word, space = rest, 0.0
    return word, space


def _word(pieces: list[tuple[str, str]], size: float) -> tuple[Part, ...]:
    """Parts glued into one word, as the line breaker measures them: '@' an icon, a text in
    bold when its kind says so."""
    family = vera()
    parts: list[Part] = []
    offset = 0.0
    for text, kind in pieces:
        if kind == "icon":
            parts.append((offset, size * ICON_SCALE, "", family.regular, "coin"))
            offset += size * ICON_SCALE
            continue
        font = family.bold if kind == "bold" else family.regular
        width = width_of(printed(text), font, size)
        parts.append((offset, width, text, font, None))
        offset += width
    return tuple(parts)


_PIECES = st.sampled_from(["a", "b", "Wm", "i", "Donau", "dampf", "", "\u200d", "/", "W" * 9])
_MARKS = st.sampled_from([SOFT, SOFT, URL_BREAK, LATE_BREAK, ""])
_TEXT = st.builds(
    lambda pieces, last: "".join(text + mark for text, mark in pieces) + last,
    st.lists(st.tuples(_PIECES, _MARKS), min_size=1, max_size=12),
    _PIECES,
).filter(bool)
_PART = st.one_of(st.tuples(_TEXT, st.sampled_from(["regular", "bold"])), st.just(("", "icon")))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(_PART, min_size=1, max_size=5),
    st.floats(min_value=2.0, max_value=120.0),
    st.floats(min_value=0.0, max_value=60.0),
    st.sampled_from([6.0, 9.5, 11.0]),
)
def test_a_glued_word_breaks_into_the_lines_trying_every_cut_gave(
    pieces: list[tuple[str, str]], limit: float, used: float, size: float
) -> None:
    word = _word(pieces, size)
    font = vera().regular
    start: list[Part] = [(0.0, used, "x", font, None)] if used else []
    expected_placed, expected_widths = [list(start)], [used]
    expected = _reference(word, size, limit, expected_placed, expected_widths, 3.0)
    placed, widths = [list(start)], [used]
    got = hyphenated_parts(word, width_of, size, limit, placed, widths, 3.0)
    assert _texts(got, placed) == _texts(expected, expected_placed)
    assert _numbers(got, placed, widths) == approx(
        _numbers(expected, expected_placed, expected_widths), rel=1e-12, abs=1e-12
    )


def _texts(rest: tuple[tuple[Part, ...], float], placed: list[list[Part]]) -> object:
    """The breaks: which texts and icons end on which line, and what is left."""
    return [[part[2:] for part in line] for line in placed], [part[2:] for part in rest[0]]


def _numbers(
    rest: tuple[tuple[Part, ...], float], placed: list[list[Part]], widths: list[float]
) -> list[float]:
    """Where the parts are placed: the same to rounding (the parts after a part cut again and
    again were moved by each cut's measured width, now by its summed one)."""
    parts = [part for line in placed for part in line] + list(rest[0])
    return [number for part in parts for number in part[:2]] + widths + [rest[1]]


def test_an_icon_glued_to_thousands_of_soft_hyphens_breaks_in_linear_time() -> None:
    """':coin:' + 'ab\\xad' x 4,000 in a card's effect took 99 s."""
    word = _word([("", "icon"), ("ab" + f"{SOFT}ab" * 5_000, "regular")], 9.0)
    placed: list[list[Part]] = [[]]
    widths = [0.0]
    measured, counted = _counting()
    rest, _ = hyphenated_parts(word, counted, 9.0, 100.0, placed, widths, 0.0)
    assert measured[0] < 10 * 5_000, measured  # a few for each piece: every cut, millions
    assert len(placed) > 300 and len(rest) == 1 and printed(rest[0][2]).startswith("ab")
    assert placed[0][0][4] == "coin"
    assert all(line[-1][2].endswith("-") for line in placed[:-1])


def test_thousands_of_soft_hyphens_then_an_icon_break_in_linear_time() -> None:
    word = _word([("ab" + f"{SOFT}ab" * 5_000, "bold"), ("", "icon")], 9.0)
    placed: list[list[Part]] = [[]]
    widths = [0.0]
    measured, counted = _counting()
    rest, _ = hyphenated_parts(word, counted, 9.0, 100.0, placed, widths, 0.0)
    assert measured[0] < 10 * 5_000, measured
    assert len(placed) > 300 and [part[4] for part in rest] == [None, "coin"]


def _counting() -> tuple[list[int], Measure]:
    """A width function that counts its measurements (the work a line break does)."""
    measured = [0]

    def counted(text: str, font: str, size: float) -> float:
        measured[0] += 1
        return width_of(text, font, size)

    return measured, counted
