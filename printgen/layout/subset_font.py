"""A TrueType font whose strings find their PDF subset codes in one table lookup per string.

ReportLab writes a TrueType string as the codes of the font's PDF subsets, handing out a code to
each character the first time a document uses it (``TTFont.splitString``) — a Python loop over
every character of every string, a tenth of a 10,000-card build's drawing. Once the characters
of a string all have a code in the first subset (nearly every string after a document's first
lines), the codes are one ``str.translate`` away; any other string — a character new to the
document, one past the first subset's 256 codes, a no-break space — goes ReportLab's way, which
hands out the codes. The codes are ReportLab's own either way, so the PDF is the same.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase.ttfonts import TTFont

FIRST_SUBSET = 256  # codes 0–255: the subset ReportLab fills first


class _Codes:
    """The first subset's codes as a translation table, for the characters they stand for."""

    __slots__ = ("assigned", "known", "table")

    def __init__(self, assignments: dict[int, int]) -> None:
        self.assigned = len(assignments)
        self.table = {char: code for char, code in assignments.items() if code < FIRST_SUBSET}
        self.known = frozenset(map(chr, self.table))


class SubsetFont(TTFont):  # type: ignore[misc]  # (ReportLab's classes are untyped)
    """``TTFont``, its strings of known characters mapped to subset codes in one step."""

    def splitString(  # (ReportLab's name)
        self, text: Any, doc: Any, encoding: str = "utf-8"
    ) -> list[tuple[int, bytes]]:
        state = self.state.get(doc) if text and isinstance(text, str) else None
        # only while the first subset holds every code: its table is never over 256 entries
        if state is not None and state.nextCode < FIRST_SUBSET:
            codes: _Codes | None = getattr(state, "printgen_codes", None)
            if codes is None or codes.assigned != len(state.assignments):
                codes = state.printgen_codes = _Codes(state.assignments)
            if codes.known.issuperset(text):
                return [(0, text.translate(codes.table).encode("latin-1"))]
        split: list[tuple[int, bytes]] = super().splitString(text, doc, encoding)
        return split
