"""Names as plain text, for the exports that show them unformatted: Tabletop Simulator's
tooltips, a print service's counts.csv, the sheets' manifest."""

from __future__ import annotations

from printgen.layout.hyphens import SOFT
from printgen.layout.text import parse, plain
from printgen.startup.deferred import pattern

_MARKS = pattern(rf"[*:\\\n\r{SOFT}]|\s\s|^\s|\s$")  # what markup or spacing could change


def plain_name(markup: str) -> str:
    """A name's words without its markup: ``**Big** ship :anchor:`` is "Big ship" — the card
    prints the bold and the icon, a tooltip or a spreadsheet would show the asterisks and the
    colons. An inline icon is dropped (a picture beside the words), a soft hyphen too (it
    prints nothing within a line); a name of icons alone keeps their names, to say something."""
    if not _MARKS.search(markup):  # most names: as written (100,000 faces in a manifest)
        return markup
    runs = parse(markup)
    words = " ".join(plain(runs).replace(SOFT, "").split())
    return words or " ".join(run.icon for run in runs if run.icon) or markup
