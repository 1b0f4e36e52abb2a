"""Where a long word with marks (soft hyphens, a web address's) is cut at a line's end, found
in time near-linear in the word. Trying every head from the longest down, and measuring each,
took minutes for a card text of 8,000 soft hyphens (issue 13: bounded time for any input).

The word is split at its marks once and its pieces measured once; the widths of the heads are
then sums of those, which bisection searches. The fonts' widths add up (reportlab sums the
advances of the characters, with no kerning), so a sum differs from the head's measured width
only by rounding: the heads within ``tolerance`` of the room are measured as before, and the
one a line ends with is the same head, to the last bit, as trying them all found."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from printgen.layout.url_breaks import LATE_BREAK, URL_BREAK
from printgen.problems import SOFT_HYPHEN
from printgen.startup.deferred import pattern

_CUT = pattern(f"([{SOFT_HYPHEN}{URL_BREAK}{LATE_BREAK}])")

# far above the rounding of summing a million widths, far below any glyph's width
_RELATIVE_TOLERANCE = 1e-7

Width = Callable[[str], float]


@dataclass(frozen=True)
class Head:
    """A head of the word as it prints at a line's end (a hyphen after a soft hyphen's cut) and
    the piece its rest starts at."""

    text: str
    rest_from: int


@dataclass
class CutWord:
    """A word split at its marks: ``texts[i]`` comes before ``marks[i]``; the word still to
    place starts at ``texts[start]``."""

    texts: list[str]
    marks: list[str]
    sums: list[float]  # sums[k]: the width of texts[:k]
    spots: dict[str, list[int]]  # each kind of mark: where it is in marks, in order
    spot_sums: dict[str, list[float]]  # the width of the texts before each spot's mark
    inked: list[int]  # inked[j]: the first text from j on that is not empty (len(texts): none)
    hyphen: float
    tolerance: float
    start: int = 0

    @classmethod
    def of(cls, word: str, width: Width) -> CutWord:
        parts = _CUT.split(word)  # text, mark, text, mark, … text
        texts, marks = parts[0::2], parts[1::2]
        sums = [0.0]
        for text in texts:
            sums.append(sums[-1] + (width(text) if text else 0.0))
        spots: dict[str, list[int]] = {SOFT_HYPHEN: [], URL_BREAK: [], LATE_BREAK: []}
        for index, mark in enumerate(marks):
            spots[mark].append(index)
        spot_sums = {mark: [sums[i + 1] for i in found] for mark, found in spots.items()}
        inked = [len(texts)] * (len(texts) + 1)
        for index in range(len(texts) - 1, -1, -1):
            inked[index] = index if texts[index] else inked[index + 1]
        tolerance = _RELATIVE_TOLERANCE * (1.0 + sums[-1])
        hyphen = width("-")
        return cls(texts, marks, sums, spots, spot_sums, inked, hyphen, tolerance)

    def has(self, mark: str) -> bool:
        """Whether the word still to place holds ``mark``."""
        found = self.spots[mark]
        return bool(found) and found[-1] >= self.start

    def breakable(self) -> bool:
        return self.start < len(self.marks)

    def rest(self) -> str:
        """The word still to place as it prints whole."""
        return "".join(self.texts[self.start :])

    def rest_width(self, width: Width, bounds: tuple[float, ...]) -> float:
        """The width of the word still to place: its sum, or where the sum is near one of
        ``bounds`` (so rounding could tip a comparison) its measured width."""
        summed = self.sums[-1] - self.sums[self.start]
        if any(abs(summed - bound) <= self.tolerance for bound in bounds):
            return width(self.rest())
        return summed

    def head_that_fits(self, room: float, width: Width, late: bool) -> Head | None:
        """The longest head of the word still to place that fits ``room`` points (with its
        hyphen), cut at a soft hyphen or after a '/' of an address (``late_wanted``: or,
        ``late`` on a line holding nothing before it, after a '.', '-', '?', '&' or '=');
        None when none does."""
        found = self.latest((SOFT_HYPHEN, URL_BREAK), room, width)
        if not (late and self.has(LATE_BREAK)):
            return found
        if not late_wanted(width(found.text) if found else 0.0, room):
            return found
        cut = self._longest(LATE_BREAK, room, width, 0.0)
        return cut if cut and (not found or cut.rest_from > found.rest_from) else found

    def latest(
        self, kinds: tuple[str, ...], room: float, width: Width, offset: float = 0.0
    ) -> Head | None:
        """The head cut the furthest on, at a mark of one of ``kinds``, that fits ``room``
        points when the word starts ``offset`` points into it (a word glued after an icon or
        bold text: the head's width is measured from the glued word's start)."""
        heads = [head for kind in kinds if (head := self._longest(kind, room, width, offset))]
        return max(heads, key=lambda head: head.rest_from, default=None)

    def marked_rest(self) -> str:
        """The word still to place with its marks, where it may still break."""
        texts, marks = self.texts[self.start : -1], self.marks[self.start :]
        pieces = [text + mark for text, mark in zip(texts, marks, strict=True)]
        return "".join(pieces) + self.texts[-1]

    def summed_rest(self) -> float:
        """The width of the word still to place by the sum of its pieces (no measuring)."""
        return self.sums[-1] - self.sums[self.start]

    def first_head(self) -> Head | None:
        """The shortest head of the word still to place, at any mark (None when its only mark
        opens it): for a line too narrow for any head."""
        cuts = [
            found[at]
            for kind, found in self.spots.items()
            if (at := bisect_left(found, self._lowest(kind))) < len(found)
        ]
        return self._head(min(cuts)) if cuts else None

    def _lowest(self, kind: str) -> int:
        """The first mark of ``kind`` a head may end at: an address's mark opening the word
        (its head printing nothing) breaks nothing."""
        return self.start if kind == SOFT_HYPHEN else self.inked[self.start]

    def _head(self, index: int) -> Head:
        text = "".join(self.texts[self.start : index + 1])
        return Head(text + "-" if self.marks[index] == SOFT_HYPHEN else text, index + 1)

    def _longest(self, kind: str, room: float, width: Width, offset: float) -> Head | None:
        found, sums = self.spots[kind], self.spot_sums[kind]
        low = bisect_left(found, self._lowest(kind))
        extra = self.hyphen if kind == SOFT_HYPHEN else 0.0
        reach = self.sums[self.start] + (room - offset) - extra + self.tolerance
        at = bisect_right(sums, reach, lo=low) - 1  # those after are surely too wide
        while at >= low:
            head = self._head(found[at])
            if offset + width(head.text) <= room:
                return head
            # the heads as wide by their sums print the same characters of no width more
            at = bisect_left(sums, sums[at], lo=low) - 1
        return None


def late_wanted(head_width: float, room: float) -> bool:
    """Whether a web address, on a line holding nothing before it, is cut late (after a '.',
    '-', '?', '&' or '=') rather than at the longest head that ends in a '/' (``head_width``
    wide, 0 when none fits): when that head would leave most of the line empty ("2026/" alone
    on a line above the rest of an address)."""
    return head_width < room / 2
