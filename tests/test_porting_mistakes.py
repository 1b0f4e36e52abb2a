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
