"""Where a long word of several parts — a word with soft hyphens glued to an icon or to bold
text (``:coin:Donau\xaddampf\xadschiff``) — is cut at a line's end, in time near-linear in the
word. Trying every cut of every part, and building and measuring each head and rest, took
99 s for an icon glued to 'ab\xad' x 4,000 (issue 13: bounded time for any input).

Each part that may break is split once (``word_cuts.CutWord``) and only the parts that start
within the room are searched, the last first, by bisection over its pieces' widths. The cuts
found are those trying every cut found: the same heads on the same lines. The rest of a cut
part is measured when it is placed or handed back; while it is cut again line after line, the
parts after it are moved by its summed width (a width within rounding of the measured one)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field

from printgen.layout.hyphens import SOFT, Measure, Part, breakable, printed
from printgen.layout.url_breaks import LATE_BREAK, URL_BREAK
from printgen.layout.word_cuts import CutWord, Head, late_wanted

_EARLY = (SOFT, URL_BREAK)
_ANY = (SOFT, URL_BREAK, LATE_BREAK)


@dataclass
class GluedWord:
    """A word of parts still to place: ``parts[first:]``, the first of them cut when
    ``cut_first`` (its rest ``tail_width`` wide, at 0), the parts after it moved left by
    ``shift`` points from where the word placed them."""

    parts: tuple[Part, ...]
    measure: Measure
    size: float
    starts: list[float]  # each part's offset in the whole word, for bisection
    breakable_from: list[bool]  # whether a part from index i on may break
    soft_from: list[bool]  # whether a part from index i on holds a soft hyphen
    cuts: dict[int, CutWord] = field(default_factory=dict)
    first: int = 0
    cut_first: bool = False
    tail_width: float = 0.0
    shift: float = 0.0
    no_cut_before: int = 0  # parts after the first and before this one have no cut left

    @classmethod
    def of(cls, word: tuple[Part, ...], measure: Measure, size: float) -> GluedWord:
        count = len(word)
        breakable_from, soft_from = [False] * (count + 1), [False] * (count + 1)
        for index in range(count - 1, -1, -1):
            text = word[index][2]
            breakable_from[index] = breakable_from[index + 1] or breakable(text)
            soft_from[index] = soft_from[index + 1] or SOFT in text
        starts = [part[0] for part in word]
        return cls(word, measure, size, starts, breakable_from, soft_from)

    def offset(self, index: int) -> float:
        if index == self.first and self.cut_first:
            return 0.0
        return self.parts[index][0] - self.shift

    def _part_width(self, index: int) -> float:
        if index == self.first and self.cut_first:
            return self.tail_width
        return self.parts[index][1]

    def _width(self, index: int) -> Callable[[str], float]:
        _, _, _, font, _ = self.parts[index]
        return lambda text: self.measure(text, font, self.size)

    def _cut(self, index: int) -> CutWord | None:
        """The part at ``index`` split at its marks (None for an icon or a part that has none)."""
        if index not in self.cuts:
            _, _, text, _, icon = self.parts[index]
            if icon or not breakable(text):
                return None
            self.cuts[index] = CutWord.of(text, self._width(index))
        return self.cuts[index]

    def _after(self, kind: list[bool]) -> bool:
        """Whether a part not yet cut has what ``kind`` says of the parts from each on."""
        return kind[self.first + 1] if self.cut_first else kind[self.first]

    def breakable(self) -> bool:
        cut = self.cuts.get(self.first) if self.cut_first else None
        return bool(cut and cut.breakable()) or self._after(self.breakable_from)

    def has_soft(self) -> bool:
        cut = self.cuts.get(self.first) if self.cut_first else None
        return bool(cut and cut.has(SOFT)) or self._after(self.soft_from)

    def whole(self, bounds: tuple[float, ...]) -> float:
        """The width of the word still to place (measured when near one of ``bounds``)."""
        last = len(self.parts) - 1
        if self.cut_first and last == self.first:
            return self.cuts[last].rest_width(self._width(last), bounds)
        return self.offset(last) + self.parts[last][1]

    def head_width(self, found: tuple[int, Head]) -> float:
        index, head = found
        return self.offset(index) + self._width(index)(head.text)

    def latest(self, kinds: tuple[str, ...], room: float) -> tuple[int, Head] | None:
        """The cut the furthest on, at a mark of one of ``kinds``, whose head fits ``room``."""
        first = self.first
        # a part starting past the room holds no head that fits it (the tolerance: rounding)
        index = max(first, bisect_right(self.starts, room + self.shift + 1e-6, lo=first) - 1)
        while index >= first:
            cut = self._cut(index)
            if cut and (head := cut.latest(kinds, room, self._width(index), self.offset(index))):
                return index, head
            index -= 1
        return None

    def shortest(self) -> tuple[int, Head] | None:
        """The cut nearest the start, at any mark (None when the word has none left)."""
        cut = self._cut(self.first)
        if cut and (head := cut.first_head()):
            return self.first, head
        index = max(self.first + 1, self.no_cut_before)
        while index < len(self.parts):
            cut = self._cut(index)
            if cut and (head := cut.first_head()):
                self.no_cut_before = index
                return index, head
            index += 1
        self.no_cut_before = index
        return None

    def head_parts(self, found: tuple[int, Head]) -> tuple[Part, ...]:
        """The parts that end a line at the cut ``found``, placed from the word's start."""
        index, head = found
        before: list[Part] = []
        for at in range(self.first, index):
            _, _, text, font, icon = self.parts[at]
            if at == self.first and self.cut_first:  # the rest of a part cut on a line above
                rest = self.cuts[at].rest()
                before.append((0.0, self.measure(rest, font, self.size), rest, font, None))
            else:
                width = self.parts[at][1]
                before.append((self.offset(at), width, printed(text), font, icon))
        font = self.parts[index][3]
        head_width = self._width(index)(head.text)
        return (*before, (self.offset(index), head_width, head.text, font, None))

    def cut_at(self, found: tuple[int, Head]) -> None:
        """Leave the rest after the cut ``found`` to place, the parts after it moved left."""
        index, head = found
        offset, width = self.offset(index), self._part_width(index)
        cut = self.cuts[index]
        cut.start = head.rest_from
        self.tail_width = cut.summed_rest()
        self.shift += offset + width - self.tail_width  # the rest ends where the part ended
        self.first, self.cut_first = index, True

    def rest(self) -> tuple[Part, ...]:
        """The parts still to place, from 0 on, the first's rest measured."""
        if not self.cut_first:
            return self.parts
        _, _, _, font, _ = self.parts[self.first]
        cut = self.cuts[self.first]
        tail = (0.0, self.measure(cut.rest(), font, self.size), cut.marked_rest(), font, None)
        after = self.parts[self.first + 1 :]
        return (tail, *((o - self.shift, w, t, f, i) for o, w, t, f, i in after))


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
    next line) that does not fit its line, as ``hyphens.hyphenated`` does a plain word's; the
    rest, and the space before it, are the caller's to place."""
    glued = GluedWord.of(word, measure, size)
    while glued.breakable():
        gap = space if placed[-1] else 0.0
        room = limit - widths[-1] - gap
        whole = glued.whole((room, limit))
        if whole <= room or (whole <= limit and not glued.has_soft()):
            break  # (an address that fits a line of its own is set whole on it)
        shortest = glued.shortest()
        if shortest is None:  # its only mark opens it
            break
        found = glued.latest(_EARLY, room)
        if not placed[-1] and late_wanted(glued.head_width(found) if found else 0.0, room):
            found = glued.latest(_ANY, room) or found  # (the longest, at any mark)
        if not found and placed[-1]:  # no head fits after the words already on the line
            placed.append([])
            widths.append(0.0)
            space = 0.0
            continue
        if not found:  # not even the shortest head fits a line of its own: it overflows
            found = shortest
        head = glued.head_parts(found)
        start = widths[-1] + gap
        placed[-1].extend((o + start, w, t, f, i) for o, w, t, f, i in head)
        widths[-1] = start + head[-1][0] + head[-1][1]
        placed.append([])
        widths.append(0.0)
        glued.cut_at(found)
        space = 0.0
    return glued.rest(), space
