"""An aid's title band: "Game — Player aid", white on the accent colour across the aid's top,
its type fitted to the band — a long title shrunk, then set on two lines, and past that said
at game.yaml's title, where the designer shortens it."""

from __future__ import annotations

from printgen.documents.cards import CardIndex
from printgen.documents.flow import RichText
from printgen.documents.platypus import Flowable
from printgen.documents.theme import MIN_AID_SIZE
from printgen.documents.title_fit import FittedTitle, band_title
from printgen.model.units import pt
from printgen.problems import Problem, Where

MARGIN = 9.0  # mm inside each aid
BAND = 12.0  # mm, the title band at the top of an aid
EDGE = 5.0  # mm: home printers clip this close to the paper's edge; nothing is printed there
BAND_FONT = "VeraBd"
LARGEST = 16.0  # pt: what the band's height holds on one line
TWO_LINES = 10.0  # pt: the largest two lines set in the band with air above and below them
LEADING = 1.15  # of the size, between the two lines' baselines
CAP_HEIGHT = 0.7  # of the size: Vera's capitals, centred in the band


def band_heading(story: list[Flowable], heading: str, aid_width: float) -> FittedTitle | None:
    """The band's heading fitted to an aid ``aid_width`` mm wide; None when it does not fit
    even on two lines at the aid's smallest type. Never set larger than the aid's own bold
    headings need (an aid set large had headings over its title)."""
    headings = (f.style.size for f in story if isinstance(f, RichText) and f.style.bold)
    start = min(max([12.0, *headings]), LARGEST)
    room = pt(aid_width - 2 * MARGIN)  # the band's text lines up with the aid's
    return band_title(heading, BAND_FONT, start, MIN_AID_SIZE, room, TWO_LINES)


def band_baselines(heading: FittedTitle, band_bottom: float) -> list[float]:
    """The baselines (points) of the heading's lines, top first, the block of them centred
    in the band by its capitals."""
    size, count = heading.size, len(heading.lines)
    lowest = band_bottom + (pt(BAND) - CAP_HEIGHT * size - LEADING * size * (count - 1)) / 2
    return [lowest + LEADING * size * (count - 1 - line) for line in range(count)]


def band_problem(index: CardIndex, title: str, lang: str, where: Where) -> Problem:
    """A title too long for the band, said at game.yaml's title (at the aid's prose when it
    is not found there: a label's words made it long)."""
    at = index.written_at(title, lang) or where
    shown = title if len(title) <= 50 else f"{title[:50]}…"
    return Problem(
        at,
        f"text runs past the margin in the player aid: the title '{shown}' does not fit the "
        f"aid's title band, even on two lines at {MIN_AID_SIZE:g} pt; shorten it, moving its "
        "second part to subtitle:, which only the cover prints",
    )
