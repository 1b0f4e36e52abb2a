"""A long game title where it is drawn as one string: the aid's title band and the rulebook's
running foot fit it (smaller, on two lines, shortened), and one too long for the band is said
at game.yaml's title."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from printgen.outputs.aid_band import EDGE, MARGIN
from tests.conftest import MM

# a designer's title, long but fair: on one line it ran past an A6 aid's band and over the
# booklet's page number
LONG = "Lanterns over the Vltava and the Moldau: The Night Market of Old Prague and Its Bridges"
TOO_LONG = (
    f"{LONG}, Its Towers, Its Lanes, Its Guilds, Its Boatmen and All the Lamplighters Who "
    "Ever Walked There by Night"
)


def _titled(demo: Path, title: str) -> None:
    game = demo / "cards" / "demo" / "game.yaml"
    text = game.read_text()
    game.write_text(
        text.replace('title: {en: "Demo", it: "Demo"}', f'title: {{en: "{title}", it: "{title}"}}')
    )


@pytest.mark.parametrize("aid", ["short", "long"])  # an A6 aid, four to a sheet, and an A5 one
def test_a_long_title_stays_inside_the_aids_band(
    demo: Path, printgen: Callable[..., Any], aid: str
) -> None:
    _titled(demo, LONG)
    if aid == "long":
        rules = (demo / "cards" / "demo" / "aid.en.md").read_text()
        (demo / "cards" / "demo" / "aid.en.md").write_text("\n\n".join([rules] * 5))
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "player-aid")
    assert result.code == 0, result.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "player-aid.pdf") as pdf:
        page = pdf.pages[0]
        slots = 2 if page.width > page.height else 4  # four A6 aids to a portrait sheet
        aid_width = page.width / 2  # either way two aids side by side
        band = [c for c in page.chars if c["top"] < (EDGE + 12) * MM and c["x0"] < aid_width]
    assert (slots == 4) == (aid == "short")
    said = "".join(c["text"] for c in band)
    assert said.replace(" ", "") == f"{LONG} — Player aid".replace(" ", "")
    assert max(c["x1"] for c in band) <= aid_width - MARGIN * MM + 0.5
    assert min(c["size"] for c in band) >= 7.0  # the aid's smallest type


@pytest.mark.parametrize("booklet", [False, True])
def test_a_long_title_at_the_foot_keeps_clear_of_the_page_number(
    demo: Path, printgen: Callable[..., Any], booklet: bool
) -> None:
    _titled(demo, TOO_LONG)
    (demo / "cards" / "demo" / "aid.en.md").write_text("## Your turn\n\nDraw a card.\n")
    args = ["--booklet"] * booklet
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook", *args)
    assert result.code == 0, result.err
    name = "rulebook-booklet.pdf" if booklet else "rulebook.pdf"
    with pdfplumber.open(demo / "build" / "demo" / "en" / name) as pdf:
        page = pdf.pages[1]
        half = page.width / 2 if booklet else page.width  # the imposed sheet's left page
        words = [w for w in page.extract_words() if w["top"] > page.height - 15 * MM]
    foot = [w for w in words if w["x1"] <= half]
    number = next(w for w in foot if w["text"] == "page")
    title = [w for w in foot if w["x1"] < number["x0"]]
    assert title and title[0]["text"] == "Lanterns" and title[-1]["text"].endswith("…")
    assert max(w["x1"] for w in title) < number["x0"] - 6  # a gap before "page N"


def test_a_title_too_long_for_the_band_is_said_at_its_line(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    _titled(demo, TOO_LONG)
    result = printgen(demo, "validate", "demo", "--lang", "en")
    assert result.code == 2
    line = next(
        number
        for number, text in enumerate((demo / "cards/demo/game.yaml").read_text().splitlines(), 1)
        if text.startswith("title:")
    )
    expected = f"cards/demo/game.yaml:{line}:"  # at the title's column in {en: "…"}
    said = [row for row in result.err.splitlines() if "title band" in row]
    assert len(said) == 1 and said[0].startswith(expected), result.err
    assert "text runs past the margin in the player aid" in said[0]
    assert "shorten it" in said[0]
