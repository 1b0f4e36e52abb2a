"""Cards with backs of their own (a card's ``back:``, a generator template's, a spreadsheet's
``back.…`` columns): each back read back from the PDF exactly behind its front (long, short,
fold), shared as one form where alike, named in the manifest, the PNG export and its
counts.csv, and slot for slot in Tabletop Simulator's sheet of backs (UniqueBack)."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from PIL import Image

from printgen.draw.packing import folds_side_by_side
from printgen.project import Project
from printgen.starter import new_game
from tests.conftest import MM, Run
from tests.printing import Placed, half_turn, page_sizes, placements, turned

GAME = "quest"
DECK = f"cards/{GAME}/decks/main.yaml"
# each card's back as it prints: its own (worked out from its front), else the deck's
BACKS = {
    "miner": "MINES OF MINER 5",
    "merchant": "MARKET",
    "thief": "MARKET",
    "crown": "Quest",  # the deck's back: the title as back-base prints it
}
REGION_LAYOUT = """
quest-region:
  extends: back-base
  size: poker
  elements:
    logo: {y: 30, h: 28, min_size: 6, text: "{{ card.region | upper }}"}
"""
PLACES = """\
name: Places
size: poker
layout: quest-card
back: {layout: quest-region}  # every card gives the region it prints
fields: {name: text, cost: integer, playable: text, effect: text, icon: icon, color: color,
  tint: color}
generate:
  - product:
      region: [{key: north, name: North}, {key: south, name: South}]
    count: 2
    card:
      id: "{{ region.key }}"
      name: "{{ region.name }} gate"
      cost: 1
      icon: coin
      color: "#333333"
      tint: "#eeeeee"
      back:
        fields: {region: "{{ region.name }} lands"}
"""


def _game(root: Path) -> Path:
    """A designer's game from ``printgen new`` whose cards have backs of their own: the miner
    one worked out from its front, the merchant and the thief one alike, the crown the deck's."""
    new_game(Project.at(root), GAME, ["en"])
    deck = (root / DECK).read_text(encoding="utf-8")
    own = {
        "miner": '    back:\n      fields: {region: "Mines of {{ card.name }} {{ card.cost + 5 }}"}'
        "\n      layout: quest-region\n",
        "merchant": "    back: {layout: quest-region, fields: {region: Market}}\n",
        "thief": "    back: {layout: quest-region, fields: {region: Market}}\n",
    }
    for card, back in own.items():
        deck = deck.replace(f"  - id: {card}\n", f"  - id: {card}\n{back}")
    (root / DECK).write_text(deck, encoding="utf-8")
    with (root / f"cards/{GAME}/layouts/{GAME}.yaml").open("a", encoding="utf-8") as layouts:
        layouts.write(REGION_LAYOUT)
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """The build folder of the game for some arguments, each built once."""
    from printgen.cli.commands import main

    root = _game(tmp_path_factory.mktemp("card-backs"))
    (root / f"cards/{GAME}/decks/places.yaml").write_text(PLACES, encoding="utf-8")
    builds: dict[tuple[str, ...], Path] = {}

    def build(*args: str) -> Path:
        if args not in builds:
            out = root / f"build-{len(builds)}"
            assert main(["--project", str(root), "build", *args, "--out", str(out)]) == 0
            builds[args] = out / GAME / "en"
        return builds[args]

    return build


def _letters(text: str) -> str:
    """A text's letters in order of their code, whichever way up it printed."""
    return "".join(sorted(text.replace(" ", "").replace("\n", "")))


def _text_in(page: Any, placed: Placed) -> str:
    left, right = placed.x * MM, (placed.x + placed.width) * MM
    top = page.height - (placed.y + placed.height) * MM
    bottom = page.height - placed.y * MM
    return str(page.within_bbox((left, top, right, bottom)).extract_text() or "")


def _card_of(front: Placed) -> str:
    return front.name.split("_front_")[1]


def _behind(
    front: Placed, backs: list[Placed], paper: tuple[float, float], duplex: str
) -> list[Placed]:
    """The backs whose centre is where turning (or folding) the sheet puts the front's."""
    width, height = paper
    if duplex == "fold":
        side_by_side = folds_side_by_side(width, height)
        through = (width / 2, 0.0) if side_by_side else (0.0, height / 2)
        axis = (0.0, 1.0) if side_by_side else (1.0, 0.0)
        return [
            b
            for b in backs
            if half_turn(b.centre, through, axis) == pytest.approx(front.centre, abs=0.01)
        ]
    return [
        b for b in backs if turned(front.centre, paper, duplex) == pytest.approx(b.centre, abs=0.01)
    ]


@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
def test_each_cards_own_back_prints_behind_its_front(
    built: Callable[..., Path], duplex: str
) -> None:
    pdf = built("--only", "cards", "--duplex", duplex) / "cards.pdf"
    pages = placements(pdf)
    sizes = page_sizes(pdf)
    expected = {**BACKS, "north": "NORTH LANDS", "south": "SOUTH LANDS"}
    seen: dict[str, int] = {}
    with pdfplumber.open(pdf) as document:
        for number, page in enumerate(pages):
            fronts = [p for p in page if p.side == "front"]
            if not fronts:
                continue
            on = number if duplex == "fold" else number + 1  # a fold sheet holds both
            backs = [p for p in pages[on] if p.side == "back"]
            for front in fronts:
                card = _card_of(front)
                behind = _behind(front, backs, sizes[number], duplex)
                assert len(behind) == 1, f"{card}: {len(behind)} backs behind it"
                text = _text_in(document.pages[on], behind[0])
                assert _letters(text) == _letters(expected[card]), (card, text)
                seen[card] = seen.get(card, 0) + 1
    assert seen == {"miner": 6, "merchant": 4, "thief": 3, "crown": 2, "north": 2, "south": 2}


def test_cards_with_alike_backs_share_one_form(built: Callable[..., Path]) -> None:
    pdf = built("--only", "cards") / "cards.pdf"
    backs = {p.name for page in placements(pdf) for p in page if p.side == "back"}
    # the merchant's and the thief's backs are one; the crown prints the deck's
    assert backs == {
        "face_main_back_back",
        "face_main_back_miner_back",
        "face_main_back_merchant_back",
        "face_places_back_north_back",
        "face_places_back_south_back",
    }
    faces = json.loads((pdf.parent / "cards.json").read_text(encoding="utf-8"))["faces"]
    behind = {(f["card"], f["name"]) for f in faces if f["side"] == "back"}
    assert ("thief", "Quest") in behind and ("north", "Quest") in behind


def test_png_names_each_back_and_counts_say_which_a_card_prints(
    built: Callable[..., Path],
) -> None:
    folder = built("--only", "cards", "--format", "png") / "png"
    main = sorted(path.name for path in (folder / "main").iterdir())
    assert main == [
        "back.png",
        "counts.csv",
        "crown.png",
        "merchant.back.png",
        "merchant.png",
        "miner.back.png",
        "miner.png",
        "thief.png",
    ]
    rows = list(csv.reader((folder / "main/counts.csv").open(encoding="utf-8")))
    assert rows[0] == ["file", "card", "count", "back"]
    assert {row[0]: row[3] for row in rows[1:]} == {
        "miner.png": "miner.back.png",
        "merchant.png": "merchant.back.png",
        "thief.png": "merchant.back.png",
        "crown.png": "back.png",
    }
    # every card of the places has its own back: the deck has none of its own to export
    assert "back.png" not in {path.name for path in (folder / "places").iterdir()}


def test_tts_has_a_sheet_of_backs_slot_for_slot(built: Callable[..., Path]) -> None:
    folder = built("--only", "cards", "--format", "tts") / "tts"
    saved = json.loads((folder / f"{GAME}.en.json").read_text(encoding="utf-8"))
    deck = next(o for o in saved["ObjectStates"] if o["Nickname"] == "Deck")
    custom = deck["CustomDeck"]["1"]
    assert custom["UniqueBack"] is True
    assert custom["BackURL"].endswith("/tts/main-1-backs.png")
    faces = Image.open(folder / "main-1.png")
    backs = Image.open(folder / "main-1-backs.png")
    assert faces.size == backs.size
    cols, rows = custom["NumWidth"], custom["NumHeight"]
    w, h = backs.width // cols, backs.height // rows

    def slot(index: int) -> Any:
        row, col = divmod(index, cols)
        return backs.crop((col * w, row * h, col * w + w, row * h + h)).tobytes()

    order = ["miner", "merchant", "thief", "crown"]  # the deck's cards, slot by slot
    ids = {card["Nickname"].lower(): card["CardID"] for card in deck["ContainedObjects"]}
    assert [ids[card] for card in order] == [100, 101, 102, 103]
    assert slot(1) == slot(2)  # the merchant's back is the thief's
    assert len({slot(0), slot(1), slot(3)}) == 3
    # no image lies in tts/ that no saved object uses: main-back.png was written, never named
    named = {
        url.rsplit("/", 1)[1]
        for o in saved["ObjectStates"]
        for c in o.get("CustomDeck", {}).values()
        for url in (c["FaceURL"], c["BackURL"])
    }
    assert {p.name for p in folder.iterdir() if p.suffix == ".png"} == named


def test_tts_hidden_card_is_no_cards_own_back(built: Callable[..., Path]) -> None:
    """Every card of the places has a back of its own ('North lands', 'South lands'): the hidden
    card, shown for every card in another player's hand, was the north gate's own back, so each
    hidden card read 'NORTH LANDS'; with no deck back printed it is plain grey."""
    folder = built("--only", "cards", "--format", "tts") / "tts"
    saved = json.loads((folder / f"{GAME}.en.json").read_text(encoding="utf-8"))
    deck = next(o for o in saved["ObjectStates"] if o["Nickname"] == "Places")
    (custom,) = deck["CustomDeck"].values()
    assert custom["UniqueBack"] is True
    cols, rows = custom["NumWidth"], custom["NumHeight"]
    for sheet in ("places-1.png", "places-1-backs.png"):
        with Image.open(folder / sheet) as image:
            w, h = image.width // cols, image.height // rows
            hidden = image.crop((w * (cols - 1), h * (rows - 1), w * cols, h * rows))
            assert hidden.getcolors() == [(w * h, (208, 208, 208))], sheet


def test_a_cards_back_without_a_layout_needs_the_decks(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    root = _game(tmp_path)
    deck = (root / DECK).read_text(encoding="utf-8")
    deck = deck.replace("back:\n  layout: quest-back", "")
    deck = deck.replace("    back: {layout: quest-region, fields: {region: Market}}\n", "", 1)
    deck = deck.replace("  - id: merchant\n", "  - id: merchant\n    back: {fields: {region: M}}\n")
    (root / DECK).write_text(deck, encoding="utf-8")
    run = printgen(root, "validate")
    assert run.code == 2
    line = next(n for n, text in enumerate(deck.splitlines(), 1) if "{fields: {region: M}}" in text)
    assert (
        f"{DECK}:{line}:11: card 'merchant' back: has no layout and deck 'main' has no back: to "
        "take one from; give it 'layout:' (a layout such as back-base)"
    ) in run.err


@pytest.mark.parametrize(
    ("written", "name_at"),
    [
        ("back: {layout: quest-bakc, fields: {title: X}}", (1, 16)),
        ("back:\n  layout: quest-bakc", (2, 11)),
        ("back: {fields: {title: X}, layout: quest-bakc}", (1, 36)),
    ],
)
def test_a_decks_unknown_back_layout_is_said_at_its_name(
    tmp_path: Path, printgen: Callable[..., Run], written: str, name_at: tuple[int, int]
) -> None:
    """`back: {layout: festival-do, …}` was said at the `{` (column 7), the block form at the
    `layout` key: the name is where a front's, or a card's own back's, is said."""
    root = _game(tmp_path)
    deck = (root / DECK).read_text(encoding="utf-8")
    assert "\nback:\n  layout: quest-back  #" in deck
    deck = deck.replace("\nback:\n  layout: quest-back", "\n" + written)
    (root / DECK).write_text(deck, encoding="utf-8")
    run = printgen(root, "validate")
    assert run.code == 2
    first = written.splitlines()[0]
    line = next(n for n, text in enumerate(deck.splitlines()) if text.startswith(first))
    line += name_at[0]
    assert (
        f"{DECK}:{line}:{name_at[1]}: unknown layout 'quest-bakc'; did you mean 'quest-back'?"
        in run.err.splitlines()
    ), run.err


def test_a_back_field_that_fails_is_said_at_its_line(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    root = _game(tmp_path)
    deck = (root / DECK).read_text(encoding="utf-8").replace("card.cost + 5", "card.cost / 0")
    (root / DECK).write_text(deck, encoding="utf-8")
    run = printgen(root, "validate")
    assert run.code == 2
    line = next(n for n, text in enumerate(deck.splitlines(), 1) if "card.cost / 0" in text)
    assert f"{DECK}:{line}:" in run.err and "card 'miner' back field region:" in run.err
    assert "Traceback" not in run.err


def test_spreadsheet_back_columns_give_each_row_its_back(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    root = _game(tmp_path)
    folder = root / f"cards/{GAME}/decks"
    (folder / "chars.yaml").write_text(
        "name: Characters\nsize: poker\nlayout: quest-card\n"
        "back: {layout: quest-region, fields: {region: Character}}\n"
        "fields: {name: text, cost: integer}\ncards_from: chars.csv\n",
        encoding="utf-8",
    )
    (folder / "chars.csv").write_text(
        "id,count,name,cost,back.region,back.layout\n"
        "hero,1,Hero,1,Hero wounded,quest-region\n"
        "mage,1,Mage,2,,\n"
        "rogue,1,Rogue,3,Rogue wounded,\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    run = printgen(
        root,
        "build",
        "--only",
        "cards",
        "--cards",
        "chars/hero,chars/mage,chars/rogue",
        "--out",
        str(out),
    )
    assert run.code == 0, run.err
    pdf = out / GAME / "en" / "cards.pdf"
    pages = placements(pdf)
    paper = page_sizes(pdf)[0]
    printed = {}
    with pdfplumber.open(pdf) as document:
        for front in pages[0]:
            behind = _behind(front, pages[1], paper, "long")
            assert len(behind) == 1, (front, pages)
            (back,) = behind
            printed[_card_of(front)] = _letters(_text_in(document.pages[1], back))
    assert printed == {
        "hero": _letters("HERO WOUNDED"),
        "mage": _letters("CHARACTER"),
        "rogue": _letters("ROGUE WOUNDED"),
    }
    (folder / "chars.csv").write_text(
        "id,count,name,cost,back.re gion\nhero,1,Hero,1,x\n", encoding="utf-8"
    )
    run = printgen(root, "validate")
    assert run.code == 2
    assert f"cards/{GAME}/decks/chars.csv:1:5: column 'back.re gion': after 'back.'" in run.err


def test_a_diagram_draws_the_back_of_one_card(tmp_path: Path, printgen: Callable[..., Run]) -> None:
    root = _game(tmp_path)
    rules = root / f"cards/{GAME}/rules.en.md"
    with rules.open("a", encoding="utf-8") as prose:
        prose.write(
            "\n## Backs\n\n```diagram\ngrid:\n  - [back/main/thief, back/main/crown]\n```\n"
        )
    out = tmp_path / "out"
    run = printgen(root, "build", "--only", "rulebook", "--out", str(out))
    assert run.code == 0, run.err
    with pdfplumber.open(out / GAME / "en" / "rulebook.pdf") as document:
        text = "\n".join(page.extract_text() or "" for page in document.pages)
    backs = text.split("Backs", 1)[1]
    assert backs.index("MARKET") < backs.index("Quest")  # the thief's own, then the deck's
    with rules.open("a", encoding="utf-8") as prose:
        prose.write("\n```diagram\ngrid:\n  - [back/main/thiff]\n```\n")
    run = printgen(root, "validate")
    assert run.code == 2
    assert "no card 'main/thiff' with a back; did you mean 'back/main/thief'" in run.err


def test_a_back_text_per_language_needs_every_languages_cell(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    new_game(Project.at(tmp_path), GAME, ["en", "it"])
    folder = tmp_path / f"cards/{GAME}/decks"
    (folder / "chars.yaml").write_text(
        "name: {en: Characters, it: Personaggi}\nlayout: quest-card\nback: {layout: quest-back}\n"
        "fields: {name: text, cost: integer}\ncards_from: chars.csv\n",
        encoding="utf-8",
    )
    (folder / "chars.csv").write_text(
        "id,count,name,cost,back.region.en,back.region.it\nhero,1,Hero,1,Wounded,\n",
        encoding="utf-8",
    )
    run = printgen(tmp_path, "validate")
    assert run.code == 2
    assert (
        f"cards/{GAME}/decks/chars.csv:2:6: missing translation: this row's back has no 'it' "
        "text for region; fill this cell"
    ) in run.err


def _chars_sheet(root: Path, header: str, row: str, languages: list[str]) -> None:
    folder = root / f"cards/{GAME}/decks"
    (folder / "chars.yaml").write_text(
        "name: Characters\nlayout: quest-card\nback: {layout: quest-back}\n"
        "fields: {name: text, cost: integer}\ncards_from: chars.csv\n",
        encoding="utf-8",
    )
    (folder / "chars.csv").write_text(f"{header}\n{row}\n", encoding="utf-8")
    game = root / f"cards/{GAME}/game.yaml"
    text = game.read_text(encoding="utf-8")
    start = text.index("languages: [")
    end = text.index("]", start) + 1
    game.write_text(f"{text[:start]}languages: [{', '.join(languages)}]{text[end:]}", "utf-8")


def test_a_back_column_in_a_language_the_game_left_out_is_kept_unprinted(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """A language taken out of languages: its back.FIELD.<lang> columns stay, unprinted, as
    its name.<lang> columns do; they were an error blaming the column's spelling ("after
    'back.' comes layout, or a back field's name"), and nothing was built."""
    new_game(Project.at(tmp_path), GAME, ["en", "it"])
    header = "id,count,name,cost,back.region.en,back.region.it"
    _chars_sheet(tmp_path, header, "hero,1,Hero,1,Wounded,Ferito", ["en"])
    run = printgen(tmp_path, "build", GAME, "--only", "cards")
    assert run.code == 0, run.err
    assert (
        f"cards/{GAME}/decks/chars.csv:1:6: warning: column 'back.region.it' is not printed: the "
        "game declares only en; add 'it' to languages in game.yaml to print it"
    ) in run.err.splitlines()
    assert (tmp_path / "build" / GAME / "en" / "cards.pdf").is_file()


@pytest.mark.parametrize(
    ("columns", "said"),
    [
        (
            "back.region.en,back.region.ti",
            "1:6: missing translation: no column 'back.region.it' (the game declares en, it); is "
            "'back.region.ti' it, misspelt?",
        ),
        (  # it was two 'missing translation' lines, one for a column of each name
            "back.region.en,back.regoin.it",
            "1:6: columns 'back.region.en' and 'back.regoin.it' are one back field's languages, "
            "its name written two ways: call both back.region or both back.regoin",
        ),
    ],
    ids=["language misspelt", "field written two ways"],
)
def test_a_back_columns_misspelling_is_said_as_a_fields_is(
    tmp_path: Path, printgen: Callable[..., Run], columns: str, said: str
) -> None:
    new_game(Project.at(tmp_path), GAME, ["en", "it"])
    header = f"id,count,name,cost,{columns}"
    _chars_sheet(tmp_path, header, "hero,1,Hero,1,Wounded,Ferito", ["en", "it"])
    run = printgen(tmp_path, "validate", GAME)
    assert run.code == 2
    errors = [row for row in run.err.splitlines() if ": warning: " not in row]
    assert errors == [f"cards/{GAME}/decks/chars.csv:{said}"]


def test_a_cards_own_back_too_long_is_said_with_its_card(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    root = _game(tmp_path)
    deck = (root / DECK).read_text(encoding="utf-8")
    long = "Market of the long roads " * 40
    deck = deck.replace("{region: Market}}", f'{{region: "{long}"}}}}', 1)
    (root / DECK).write_text(deck, encoding="utf-8")
    run = printgen(root, "validate")
    assert run.code == 2
    line = next(n for n, text in enumerate(deck.splitlines(), 1) if long in text)
    assert (
        f"{DECK}:{line}:20: text of the back of card 'merchant' does not fit box 'logo' of "
        "layout 'quest-region'"
    ) in run.err
