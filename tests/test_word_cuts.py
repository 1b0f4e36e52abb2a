"""A word with many soft hyphens (or a long web address) is broken in time near-linear in its
length, into the very lines that trying every head from the longest down gave."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.layout.fonts import vera
from printgen.layout.hyphens import Part, breakable, hyphenated, printed
from printgen.layout.text import width_of
from printgen.layout.url_breaks import LATE_BREAK, URL_BREAK
from printgen.layout.word_cuts import late_wanted
from printgen.problems import SOFT_HYPHEN as SOFT

_CUT = re.compile(f"([{SOFT}{URL_BREAK}{LATE_BREAK}])")


# The breaking as it was before the cuts were searched: every head from the longest down.
def _heads(word: str, late: bool) -> Iterator[tuple[str, str]]:
    parts = _CUT.split(word)
    for index in range(len(parts) - 2, 0, -2):
        mark = parts[index]
        if mark == LATE_BREAK and not late:
            continue
        head = printed("".join(parts[:index]))
        if mark == SOFT:
            head += "-"
        elif not head:
            continue
        yield head, "".join(parts[index + 1 :])


def _reference(
    word: str, font: str, size: float, limit: float, placed: list[list[Part]], widths: list[float]
) -> tuple[str, float]:
    space = 3.0
    while breakable(word):
        gap = space if placed[-1] else 0.0
        room = limit - widths[-1] - gap
        clean = printed(word)
        whole = width_of(clean, font, size)
        if whole <= room or (whole <= limit and SOFT not in word):
            return clean, space
        heads = [(h, r) for h, r in _heads(word, False) if width_of(h, font, size) <= room]
        head, rest = heads[0] if heads else ("", word)
        head_width = width_of(head, font, size) if head else 0.0
        if not placed[-1] and LATE_BREAK in word and late_wanted(head_width, room):
            late = [(h, r) for h, r in _heads(word, True) if width_of(h, font, size) <= room]
            head, rest = late[0] if late else (head, rest)
        if not head and placed[-1]:
            placed.append([])
            widths.append(0.0)
            space = 0.0
            continue
        if not head:
            *_, (head, rest) = ("", word), *_heads(word, True)
            if not head:
                return clean, space
        head_width = width_of(head, font, size)
        placed[-1].append((widths[-1] + gap, head_width, head, font, None))
        widths[-1] += gap + head_width
        placed.append([])
        widths.append(0.0)
        word, space = rest, 0.0
    return word, space


_PIECES = st.sampled_from(
    ["a", "b", "Wm", "i", "Donau", "dampf", "", "\u200d", "-", "/", ".", "schiff", "W" * 9]
)
_MARKS = st.sampled_from([SOFT, URL_BREAK, LATE_BREAK])


@settings(max_examples=250, deadline=None)
@given(
    st.lists(st.tuples(_PIECES, _MARKS), min_size=1, max_size=30),
    _PIECES,
    st.floats(min_value=2.0, max_value=120.0),
    st.floats(min_value=0.0, max_value=60.0),
    st.sampled_from([6.0, 9.5, 11.0]),
)
def test_a_word_breaks_into_the_lines_trying_every_head_gave(
    pieces: list[tuple[str, str]], last: str, limit: float, used: float, size: float
) -> None:
    word = "".join(text + mark for text, mark in pieces) + last
    font = vera().regular
    start: list[Part] = [(0.0, used, "x", font, None)] if used else []
    expected_placed, expected_widths = [list(start)], [used]
    expected = _reference(word, font, size, limit, expected_placed, expected_widths)
    placed, widths = [list(start)], [used]
    assert hyphenated(word, width_of, font, size, limit, placed, widths, 3.0) == expected
    assert (placed, widths) == (expected_placed, expected_widths)


def test_a_word_of_thousands_of_soft_hyphens_breaks_in_linear_time() -> None:
    """'ab\\xad' 8,000 times in a card's effect took over two minutes."""
    font = vera().regular
    word = "ab" + f"{SOFT}ab" * 5_000
    placed: list[list[Part]] = [[]]
    widths = [0.0]
    measured, counted = _counting()
    rest, _ = hyphenated(word, counted, font, 9.0, 100.0, placed, widths, 0.0)
    assert measured[0] < 10 * 5_000, measured  # a few for each piece: every head, millions
    assert len(placed) > 300 and rest == "ab"
    assert all(part[2].endswith("-") for line in placed[:-1] for part in line)


def test_a_long_address_of_late_marks_only_breaks_in_linear_time() -> None:
    font = vera().regular
    word = "https:" + f"a.{LATE_BREAK}" * 2_000 + "a"
    placed: list[list[Part]] = [[]]
    widths = [0.0]
    measured, counted = _counting()
    hyphenated(word, counted, font, 9.0, 100.0, placed, widths, 0.0)
    assert measured[0] < 10 * 2_000, measured
    assert len(placed) > 40


def _counting() -> tuple[list[int], Callable[[str, str, float], float]]:
    """A width function that counts its measurements (the work a line break does)."""
    measured = [0]

    def counted(text: str, font: str, size: float) -> float:
        measured[0] += 1
        return width_of(text, font, size)

    return measured, counted
