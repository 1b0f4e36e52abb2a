"""A game's title drawn as a string outside the text layout — an aid's title band, a rulebook
page's foot — fitted to its room: set smaller down to a floor a reader still reads, then (in
the band) on two lines, then (at the foot) shortened with an ellipsis. Drawn as it came, a
long title ran out of the band, clipped mid-letter, and over the foot's page number."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

STEP = 0.5  # pt between the sizes tried
ELLIPSIS = "…"


@dataclass(frozen=True)
class FittedTitle:
    """A title's lines and their type size; ``whole``: no word of it was left out."""

    lines: tuple[str, ...]
    size: float
    whole: bool = True


def _sizes(start: float, floor: float) -> list[float]:
    count = max(round((start - floor) / STEP), 0)
    return [start - STEP * step for step in range(count + 1)]


def _two_lines(text: str, font: str, size: float) -> tuple[str, str] | None:
    """``text`` broken at the space that leaves its longer line shortest (two lines of about
    one length read as one title, a long line over a word as a title and a stray)."""
    words = text.split(" ")
    if len(words) < 2:
        return None
    cuts = [(" ".join(words[:at]), " ".join(words[at:])) for at in range(1, len(words))]
    return min(cuts, key=lambda cut: max(stringWidth(part, font, size) for part in cut))


def band_title(
    text: str, font: str, start: float, floor: float, room: float, two_line_size: float
) -> FittedTitle | None:
    """The band's title: on one line, shrunk from ``start`` as far as ``two_line_size`` (the
    largest two lines of the band's height hold: a smaller single line would read worse than
    two of that size), else on two lines from that size down to ``floor``; None when it does
    not fit even so — the designer's to shorten."""
    one_line_floor = max(floor, min(start, two_line_size))
    for size in _sizes(start, one_line_floor):
        if stringWidth(text, font, size) <= room:
            return FittedTitle((text,), size)
    for size in _sizes(min(start, two_line_size), floor):
        lines = _two_lines(text, font, size)
        if lines and all(stringWidth(line, font, size) <= room for line in lines):
            return FittedTitle(lines, size)
    return None


def foot_title(text: str, font: str, start: float, floor: float, room: float) -> FittedTitle:
    """The title at a page's foot: shrunk from ``start`` down to ``floor`` until it fits
    ``room``, else at ``floor`` cut at a word with an ellipsis (a running title only reminds
    the reader which book this is; the cover prints it whole)."""
    for size in _sizes(start, floor):
        if stringWidth(text, font, size) <= room:
            return FittedTitle((text,), size)
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shortened = " ".join(words).rstrip(" :;,.—–-") + ELLIPSIS
        if stringWidth(shortened, font, floor) <= room:
            return FittedTitle((shortened,), floor, whole=False)
    cut = text  # one long word: as many of its letters as the room holds
    while cut and stringWidth(cut + ELLIPSIS, font, floor) > room:
        cut = cut[:-1]
    return FittedTitle((cut + ELLIPSIS,) if cut else ("",), floor, whole=False)
