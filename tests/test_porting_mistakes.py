"""Habits a designer brings from Squib or nanDECK when porting a prototype to printgen: each
mistake said once, where it was made, with what to write instead."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import Run

CARDS = ("miner", "merchant", "thief", "crown")


def _pictures_through(demo: Path, path: str) -> int:
    """The starter's layout drawing each card's picture from ``path`` (its pictures put in
    cards/demo/art/): the layout line the path is on."""
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    for card in CARDS:
        Image.new("RGB", (300, 300), "teal").save(art / f"{card}.png")
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(
        text + f"    picture: {{type: image, x: 19.5, y: 22, w: 24, h: 24, path: '{path}'}}\n"
        "    art: {when: false}\n    art_disc: {when: false}\n",
        encoding="utf-8",
    )
    return len(text.splitlines()) + 1


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "{root}/cards/demo/art/{{{{ card.id }}}}.png",
            "path '{shown}' is absolute: the project would not find it "
            "once moved or copied; write it relative to the project folder: "
            "'cards/demo/art/miner.png'",
        ),
        (
            "art/{{{{ card.id }}}}.png",
            "image 'art/miner.png' not found; paths are relative to the project folder: write "
            "'cards/demo/art/miner.png'",
        ),
        (
            "cards\\demo\\art\\{{{{ card.id }}}}.png",
            "image 'cards\\demo\\art\\miner.png' not found; write / between folders, as on every "
            "system: 'cards/demo/art/miner.png'",
        ),
        (
            "C:\\Users\\me\\art\\{{{{ card.id }}}}.png",
            "image 'C:\\Users\\me\\art\\miner.png' not found; it names a place on a Windows "
            "computer, outside the project: copy the picture into the project and write its "
            "path from the project folder ('cards/demo/art/miner.png')",
        ),
    ],
)
def test_a_picture_folder_written_wrong_is_said_once_not_once_per_card(
    demo: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """A path template whose folder is wrong (absolute, as Squib's scripts write it; relative
    to the game; with Windows' backslashes) failed every card's picture alike, and was said
    once per picture: 60 lines for a 60-card deck, for one mistake in one line of the layout."""
    line = _pictures_through(demo, written.format(root=demo))
    shown = f"{demo}/cards/demo/art/miner.png"[:80]  # (a long path is quoted cut short)
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line}:64: {said.format(shown=shown)} (first on card "
        "'miner', cards/demo/decks/main.yaml:18:5; the same on every card)"
    ]


def test_pictures_missing_from_a_right_folder_are_each_said(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Where the folder is right, each missing picture is its card's own: each is said."""
    line = _pictures_through(demo, "cards/demo/art/{{ card.id }}.png")
    for card in CARDS[1:3]:
        (demo / "cards" / "demo" / "art" / f"{card}.png").unlink()
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert [said.split(" (first")[0] for said in run.err.splitlines()] == [
        f"cards/demo/layouts/demo.yaml:{line}:64: image 'cards/demo/art/{card}.png' not found; "
        "put the file there (paths are relative to the project folder)"
        for card in CARDS[1:3]
    ]


def _ships(demo: Path, header: str) -> Path:
    """A deck of ships from a spreadsheet whose header row is ``header``."""
    decks = demo / "cards" / "demo" / "decks"
    (decks / "ships.yaml").write_text(
        "name: Ships\nlayout: demo-card\nback: {layout: demo-back}\n"
        "fields: {name: text, cost: integer}\ncards_from: ships.csv\n",
        encoding="utf-8",
    )
    (decks / "ships.csv").write_text(f"{header}\nsloop,3,Sloop,1\n", encoding="utf-8")
    return decks / "ships.csv"


def test_a_header_written_in_capitals_is_one_mistake_said_once(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """ID,Count,Name,Cost (Squib and nanDECK read any case) was four lines, 'unknown column
    'ID'; did you mean 'id'?' and one for each column after it."""
    _ships(demo, "ID,Count,Name,Cost")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/demo/decks/ships.csv:1:1: columns 'ID', 'Count', 'Name', 'Cost' are written "
        "with capitals, and a column is named as fields: names its field (id and count in "
        "lower case): write id, count, name, cost"
    ]


def test_one_column_in_capitals_is_said_as_the_name_it_misspells(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    _ships(demo, "id,count,Name,cost")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/demo/decks/ships.csv:1:3: unknown column 'Name'; did you mean 'name'? (the deck "
        "file's fields: declare 'name': rename the column, or that field to 'Name')"
    ]


PIXELS = (
    "sizes are in mm, not pixels: at 300 dpi these are {width: 69.85mm, height: 95.25mm}, or "
    "{width: 63.5mm, height: 88.9mm} if they held 1/8 in of bleed a side (as Squib's 825x1125 "
    "does); write the card's cut size, and printgen adds the deck's bleed round it"
)


@pytest.mark.parametrize(
    ("size", "said"),
    [
        ("825x1125", f"card size '825x1125' is not printgen's: {PIXELS}"),
        ("825 x 1125 px", f"card size '825 x 1125 px' is not printgen's: {PIXELS}"),
        (
            "{width: 825, height: 1125}",
            "a card 825×1125 mm (a number without a unit is mm) fits no paper; " + PIXELS,
        ),
        ("63x88", "card size '63x88' is not printgen's; write size: poker"),
        ("6.4x9cm", "card size '6.4x9cm' is not printgen's; write {width: 64mm, height: 90mm}"),
    ],
)
def test_a_card_size_in_squibs_pixels_says_the_mm_to_write(
    demo: Path, printgen: Callable[..., Run], size: str, said: str
) -> None:
    """size: 825x1125 (Squib's poker card at 300 dpi) was "unknown card size; use one of poker
    …", and {width: 825, height: 1125} "a length must be … within ±1000 mm (1 m), not 1125"
    for its height alone — with 825 mm taken for its width and, at 825×900, one warning per
    picture of its dpi before the card was said not to fit the paper."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("size: poker", f"size: {size}", 1), encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("size:"))
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [f"cards/demo/decks/main.yaml:{line}:7: {said}"]
