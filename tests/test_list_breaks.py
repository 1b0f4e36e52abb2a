"""Where a rulebook's page breaks a list: a one-line last item that fits at the page's foot
stays there, a picture after it going on alone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber

from tests.conftest import MM

MARGIN = 20 * MM  # the rulebook's page margin on A4
FOOTER = MARGIN * 0.55 + 12  # the footer line and page number sit below this
LAST = "4. Put the tokens beside the deck."
VARIANTS = 40  # the list and its card row, each a line lower on its page than the one before


def _rules() -> str:
    """Pages each opening with a few more one-line paragraphs than the one before, then a
    list and a card row: somewhere the list's last item ends a page, its card row not fitting
    under it."""
    pages = []
    for lines in range(VARIANTS):
        filler = "".join(f"Line {n} of the story so far.\n\n" for n in range(lines))
        pages.append(
            f"## Variant {lines}\n\n{filler}"
            "1. Shuffle the deck.\n2. Deal two cards each.\n3. Give the first turn to whoever last "
            "crossed a real bridge on foot, not by tram, or else to the youngest player at the "
            "table.\n"
            f"{LAST}\n\n```cardrow\nmain/monk main/war main/warrior\n```\n"
        )
    return "\n<!-- pagebreak -->\n\n".join(pages)


def test_a_one_line_last_item_that_fits_stays_its_picture_going_on(
    project: Path, printgen: Callable[..., Any]
) -> None:
    (project / "cards" / "warriors-and-monks" / "rules.en.md").write_text(_rules())
    args = ("build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")
    assert (result := printgen(project, *args)).code == 0, result.err
    path = project / "build" / "warriors-and-monks" / "en" / "rulebook.pdf"
    with pdfplumber.open(path) as pdf:
        pages = [
            [line for line in page.extract_text_lines() if line["bottom"] < page.height - FOOTER]
            for page in pdf.pages
        ]
        height = float(pdf.pages[0].height)
    ended = 0  # pages the last item ends, its card row on the next
    for number, lines in enumerate(pages[1:], start=1):
        if lines and lines[0]["text"] == LAST:  # carried to the page's top: it had no room
            above = pages[number - 1][-1]
            room = height - MARGIN - above["bottom"]
            assert room < 2 * (lines[0]["bottom"] - lines[0]["top"]), number + 1
        if pages[number - 1] and pages[number - 1][-1]["text"] == LAST and lines:
            ended += not lines[0]["text"].startswith("Variant")  # its card row alone next
    assert ended  # the case was met
