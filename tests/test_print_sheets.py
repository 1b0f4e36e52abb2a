"""Print sheets read back from the PDFs: nine to a sheet with shared cut lines, crop marks,
packed decks and tokens, backs behind their fronts (long, short, fold), back offset, labels."""

from __future__ import annotations

import itertools
import json
import math
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pypdfium2
import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from printgen.options import BuildOptions
from tests.conftest import MM
from tests.printing import Placed, build, half_turn, lines, page_sizes, placements, turned

WM = "warriors-and-monks"
CDM = "costruttori-del-medioevo"
EDGE = 5.0
TOL = 0.01


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("print")


def _cards(root: Path, game: str, *args: str, lang: str = "en", name: str = "cards") -> Path:
    return build(root, game, "--lang", lang, "--only", "cards", *args) / game / lang / f"{name}.pdf"


def _manifest(pdf: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(pdf.with_suffix(".json").read_text(encoding="utf-8"))
    return data


def _fronts(pages: list[list[Placed]]) -> list[list[Placed]]:
    return [[p for p in page if p.side == "front"] for page in pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_warriors_and_monks_takes_8_front_sheets_of_9(root: Path, paper: str) -> None:
    pdf = _cards(root, WM, "--paper", paper)
    pages = placements(pdf)
    fronts = [page for page in pages if page and page[0].side == "front"]
    assert [len(page) for page in fronts] == [9] * 7 + [5]
    assert len(pages) == 16  # each front page followed by its backs
    size = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[paper]
    for width, height in page_sizes(pdf):
        assert (width, height) == pytest.approx(size, abs=TOL)  # 3 × 3 portrait


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_cards_share_their_cut_lines_bleed_only_outside(root: Path, paper: str) -> None:
    first = placements(_cards(root, WM, "--paper", paper))[0]
    xs = sorted({round(p.x, 3) for p in first})
    ys = sorted({round(p.y, 3) for p in first})
    assert len(xs) == 3 and len(ys) == 3
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([63, 63], abs=TOL)
    assert [b - a for a, b in itertools.pairwise(ys)] == pytest.approx([88, 88], abs=TOL)
    for p in first:
        left, bottom, right, top = p.bleed
        assert left == pytest.approx(3.0 if round(p.x, 3) == xs[0] else 0.0, abs=TOL)
        assert right == pytest.approx(3.0 if round(p.x, 3) == xs[-1] else 0.0, abs=TOL)
        assert bottom == pytest.approx(3.0 if round(p.y, 3) == ys[0] else 0.0, abs=TOL)
        assert top == pytest.approx(3.0 if round(p.y, 3) == ys[-1] else 0.0, abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_extend_every_cut_line_5mm_clear_of_the_edge(root: Path, paper: str) -> None:
    pdf = _cards(root, WM, "--paper", paper)
    first = placements(pdf)[0]
    width, height = page_sizes(pdf)[0]
    cut_x = {round(v, 2) for p in first for v in (p.x, p.x + p.width)}
    cut_y = {round(v, 2) for p in first for v in (p.y, p.y + p.height)}
    assert len(cut_x) == 4 and len(cut_y) == 4  # shared: 3 cards, 4 cuts
    marks = [
        ln
        for ln in lines(pdf)[0]
        if (abs(ln[0] - ln[2]) < TOL and round(ln[0], 2) in cut_x)
        or (abs(ln[1] - ln[3]) < TOL and round(ln[1], 2) in cut_y)
    ]
    for x in cut_x:
        on = [m for m in marks if abs(m[0] - m[2]) < TOL and abs(m[0] - x) < TOL]
        assert len(on) == 2, f"cut x = {x}: {on}"  # above and below the block
    for y in cut_y:
        assert len([m for m in marks if abs(m[1] - m[3]) < TOL and abs(m[1] - y) < TOL]) == 2
    for x1, y1, x2, y2 in marks:
        assert min(x1, x2) >= EDGE - TOL and max(x1, x2) <= width - EDGE + TOL
        assert min(y1, y2) >= EDGE - TOL and max(y1, y2) <= height - EDGE + TOL
        assert abs(x1 - x2) + abs(y1 - y2) >= 2.0 - TOL
        for p in first:  # never across a card, nor along its edge
            vertical = abs(x1 - x2) < TOL
            cut, low, high = (x1, y1, y2) if vertical else (y1, x1, x2)
            start, size = (p.x, p.width) if vertical else (p.y, p.height)
            across, length = (p.y, p.height) if vertical else (p.x, p.width)
            on_card = start - TOL <= cut <= start + size + TOL
            overlaps = min(low, high) < across + length - TOL and max(low, high) > across + TOL
            assert not (on_card and overlaps), ((x1, y1, x2, y2), p)


def test_a_gutter_keeps_a_gap_with_bleed_on_every_card(root: Path) -> None:
    first = placements(_cards(root, WM, "--gutter", "4mm"))[0]
    xs = sorted({round(p.x, 3) for p in first})
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx(
        [67.0] * (len(xs) - 1), abs=TOL
    )
    inner = [p for p in first if round(p.x, 3) != xs[-1]]
    assert all(p.bleed[2] == pytest.approx(2.0, abs=TOL) for p in inner)  # half the gutter


def _check_backs_behind(pdf: Path, over: str, offset: tuple[float, float] = (0.0, 0.0)) -> None:
    pages = placements(pdf)
    sizes = page_sizes(pdf)
    assert len(pages) % 2 == 0
    for index in range(0, len(pages), 2):
        fronts, backs = pages[index], pages[index + 1]
        assert [p.side for p in fronts] == ["front"] * len(fronts)
        assert len(backs) == len(fronts)
        for front in fronts:
            x, y = turned(front.centre, sizes[index], over)
            behind = [
                b
                for b in backs
                if abs(b.centre[0] - offset[0] - x) < TOL and abs(b.centre[1] - offset[1] - y) < TOL
            ]
            assert len(behind) == 1, (index, front)
            assert behind[0].side == "back" and behind[0].deck == front.deck


@pytest.mark.parametrize("over", ["long", "short"])
def test_each_back_sits_behind_its_front_when_the_sheet_is_turned(root: Path, over: str) -> None:
    _check_backs_behind(_cards(root, WM, "--duplex", over), over)


def test_packed_decks_keep_each_cards_own_back(root: Path) -> None:
    pdf = _cards(root, CDM)
    pages = placements(pdf)
    fronts = [page for page in pages if page and page[0].side == "front"]
    assert len(fronts) == 10  # 42 + 4 + 42 cards, packed 9 a sheet
    assert [len(page) for page in fronts] == [9] * 9 + [7]
    # a deck continues on the sheet where the one before it ends
    assert any({p.deck for p in page} == {"buildings", "starters"} for page in fronts)
    _check_backs_behind(pdf, "long")


def test_the_40_coins_share_one_sheet_cut_one_by_one(root: Path) -> None:
    pdf = _cards(root, CDM, name="tokens")
    pages = placements(pdf)
    assert len(pages) == 2  # fronts, backs
    decks = Counter(p.deck for p in pages[0])
    assert decks == {"coins_gold": 15, "coins_silver": 25}
    for a in pages[0]:  # round tokens keep all their bleed and never overlap
        assert a.bleed == pytest.approx((2.0, 2.0, 2.0, 2.0), abs=TOL)
        for b in pages[0]:
            if a is not b:
                apart_x = abs(a.centre[0] - b.centre[0]) >= (a.width + b.width) / 2 + 4 - TOL
                apart_y = abs(a.centre[1] - b.centre[1]) >= (a.height + b.height) / 2 + 4 - TOL
                assert apart_x or apart_y
    _check_backs_behind(pdf, "long")


def test_the_back_offset_moves_every_back_exactly(root: Path) -> None:
    plain = placements(_cards(root, WM))
    shifted_pdf = _cards(root, WM, "--back-offset", "1.5,-0.75")
    shifted = placements(shifted_pdf)
    assert len(plain) == len(shifted)
    for before, after in zip(plain, shifted, strict=True):
        for a, b in zip(before, after, strict=True):
            dx, dy = (1.5, -0.75) if a.side == "back" else (0.0, 0.0)
            assert b.x - a.x == pytest.approx(dx, abs=1e-3)
            assert b.y - a.y == pytest.approx(dy, abs=1e-3)
    _check_backs_behind(shifted_pdf, "long", (1.5, -0.75))
    assert _manifest(shifted_pdf)["back_offset_mm"] == [1.5, -0.75]


def test_on_a_landscape_sheet_the_back_offset_turns_with_the_page(root: Path) -> None:
    # X and Y are read across and along the portrait calibration sheet; a printer prints a
    # landscape page a quarter turn anticlockwise, so the page's right is the paper's up and
    # its up the paper's left: (X, Y) = (1.5, -0.75) moves backs by (-0.75, -1.5) on the page.
    plain_pdf = _cards(root, WM, "--gutter", "6mm")
    width, height = page_sizes(plain_pdf)[0]
    assert width > height, "a 6 mm gutter lays W&M's poker cards out on landscape sheets"
    plain = placements(plain_pdf)
    shifted_pdf = _cards(root, WM, "--gutter", "6mm", "--back-offset", "1.5,-0.75")
    for before, after in zip(plain, placements(shifted_pdf), strict=True):
        for a, b in zip(before, after, strict=True):
            dx, dy = (-0.75, -1.5) if a.side == "back" else (0.0, 0.0)
            assert (b.x - a.x, b.y - a.y) == pytest.approx((dx, dy), abs=1e-3)
    _check_backs_behind(shifted_pdf, "long", (-0.75, -1.5))


def test_fold_and_glue_mirrors_each_back_about_the_marked_fold(root: Path) -> None:
    pdf = _cards(root, WM, "--duplex", "fold")
    pages = placements(pdf)
    width, height = page_sizes(pdf)[0]
    assert width > height
    assert sum(1 for page in pages for p in page if p.side == "front") == 68
    with pdfplumber.open(pdf) as document:
        dashed = [
            ln
            for ln in document.pages[0].lines
            if ln.get("dash") and ln["dash"][0] and ln["height"] > height / 2
        ]
    assert len(dashed) == 1
    fold_x = dashed[0]["x0"] / (72 / 25.4)
    for page in pages:
        fronts = [p for p in page if p.side == "front"]
        backs = [p for p in page if p.side == "back"]
        assert len(fronts) == len(backs) > 0
        for front in fronts:
            assert front.x + front.width + front.bleed[2] < fold_x  # fronts on one half
            folded = [
                b
                for b in backs
                if half_turn(b.centre, (fold_x, 0.0), (0.0, 1.0))
                == pytest.approx(front.centre, abs=TOL)
            ]
            assert len(folded) == 1 and folded[0].deck == front.deck


def test_large_cards_fold_across_a_portrait_page_when_more_fit(
    project: Path, printgen: Any
) -> None:
    # tarot cards (70 × 120 mm) on Letter: one a half beside a fold down a landscape page,
    # two a half above a fold across a portrait one
    deck = project / "cards" / WM / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("size: poker ", "size: tarot "))
    args = ("build", WM, "--lang", "en", "--only", "cards", "--paper", "letter")
    result = printgen(
        project, *args, "--duplex", "fold", "--cards", "monk,war,peace,wine", "--copies", "1"
    )
    assert result.code == 0, result.err
    pdf = project / "build" / WM / "en" / "cards.pdf"
    width, height = page_sizes(pdf)[0]
    assert (round(width, 1), round(height, 1)) == (215.9, 279.4)  # portrait
    with pdfplumber.open(pdf) as document:
        dashed = [
            ln
            for ln in document.pages[0].lines
            if ln.get("dash") and ln["dash"][0] and ln["width"] > width / 2
        ]
    assert len(dashed) == 1
    fold_y = height - dashed[0]["top"] / (72 / 25.4)  # pdfplumber measures from the top
    assert fold_y == pytest.approx(height / 2, abs=0.1)
    pages = placements(pdf)
    assert [sum(1 for p in page if p.side == "front") for page in pages] == [2, 2]
    for page in pages:
        fronts = [p for p in page if p.side == "front"]
        backs = [p for p in page if p.side == "back"]
        assert len(fronts) == len(backs)
        for front in fronts:
            assert front.y - front.bleed[1] > fold_y  # fronts on the top half
            folded = [
                b
                for b in backs
                if half_turn(b.centre, (0.0, fold_y), (1.0, 0.0))
                == pytest.approx(front.centre, abs=TOL)
            ]
            assert len(folded) == 1 and folded[0].deck == front.deck


def test_small_components_fill_the_space_left_on_a_sheet(
    root: Path, project: Path, printgen: Any
) -> None:
    # two pawns printed with Morra navale's two reference cards go beside them, not on a page
    # of their own
    pawns = project / "cards" / "blaster-e-spade-laser" / "decks" / "pedine.yaml"
    text = pawns.read_text(encoding="utf-8").replace("output: pawns", "output: cards")
    (project / "cards" / "morra-navale" / "decks" / "pedine.yaml").write_text(text)
    layouts = project / "cards" / "blaster-e-spade-laser" / "layouts" / "blaster-e-spade-laser.yaml"
    (project / "cards" / "morra-navale" / "layouts" / "standees.yaml").write_text(
        layouts.read_text(encoding="utf-8"), encoding="utf-8"
    )
    for pawn in ("pawn-a.svg", "pawn-b.svg"):  # the arena's own icons, which its pawns draw
        shutil.copyfile(
            project / "cards" / "blaster-e-spade-laser" / "icons" / pawn,
            project / "cards" / "morra-navale" / "icons" / pawn,
        )
    result = printgen(project, "build", "morra-navale", "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    pages = placements(project / "build" / "morra-navale" / "en" / "cards.pdf")
    assert Counter(p.deck for p in pages[0]) == {"riepilogo": 2, "pedine": 2}
    for a in pages[0]:  # each with its own bleed, clear of the others'
        for b in pages[0]:
            if a is not b:
                apart_x = abs(a.centre[0] - b.centre[0]) >= (a.width + b.width) / 2 + 6 - TOL
                apart_y = abs(a.centre[1] - b.centre[1]) >= (a.height + b.height) / 2 + 6 - TOL
                assert apart_x or apart_y or a.deck == b.deck
    # and with a deck of cards: 12 cards leave a row free on the second sheet
    pdf = _cards(root, WM, "--cards", "wine,peace", "--duplex", "none")
    assert [len(page) for page in placements(pdf)] == [9, 3]


PLAIN = """
plain:
  elements:
    background: {type: rect, bleed: true, fill: "#fbf1dc"}
plain-back:
  elements:
    background: {type: rect, bleed: true, fill: "#23402f"}
"""


def _sized_game(folder: Path, *decks: tuple[str, str, int], plain: bool = False) -> None:
    """A designer's game in ``folder`` with one card in each deck (name, size, count): the
    starter's card layout, or a plain fill small tokens take."""
    from printgen.cli.commands import main

    assert main(["--project", str(folder), "new", "mix", "--lang", "en"]) == 0
    game = folder / "cards" / "mix"
    starter = (game / "decks" / "main.yaml").read_text(encoding="utf-8")
    (game / "decks" / "main.yaml").unlink()  # the decks are these alone, and no rule
    (game / "rules.py").unlink()  # counts the starter's cards
    rules = (game / "game.yaml").read_text(encoding="utf-8").split("\n# Design rules")[0]
    (game / "game.yaml").write_text(rules + "\n", encoding="utf-8")
    head = starter.split("\ncards:")[0]
    if plain:
        head = head.replace("layout: mix-card", "layout: plain").replace("mix-back", "plain-back")
        (game / "layouts" / "plain.yaml").write_text(PLAIN, encoding="utf-8")
    for name, size, count in decks:
        card = (  # its colour fills the title band the starter's white title is printed on
            f'  - {{id: {name}-card, count: {count}, name: "{name}", cost: 1, effect: "x", '
            'color: "#2d4f7c"}\n'
        )
        text = head.replace("size: poker", f"size: {size}") + "\ncards:\n" + card
        (game / "decks" / f"{name}.yaml").write_text(text, encoding="utf-8")


def _sized_build(folder: Path, *args: str) -> Path:
    from printgen.cli.commands import main

    out = folder / "out"
    build = ["build", "mix", "--only", "cards", "--out", str(out), *args]
    assert main(["--project", str(folder), *build]) == 0
    return out / "mix" / "en" / "cards.pdf"


def _apart(pages: list[list[Any]], bleed: float = 3.0) -> None:
    """No card on another, and another deck's cards clear of its bleed (the starter's)."""
    for page in pages:
        for a, b in itertools.combinations(page, 2):
            room = 0.0 if a.deck == b.deck else bleed
            box_a = (a.x - room, a.y - room, a.x + a.width + room, a.y + a.height + room)
            assert not _overlap(box_a, (b.x, b.y, b.x + b.width, b.y + b.height))


def test_decks_of_three_sizes_share_sheets_without_a_card_alone(tmp_path: Path) -> None:
    """40 poker, 12 bridge and 6 tarot cards on Letter: 4 tarot a sheet (2 × 2), 9 poker, 8
    bridge (4 × 2 across a landscape page). Bridge cards are 1 mm taller than poker ones, so
    beside a poker card they fit only where the free space right of it runs down the sheet;
    cut the other way, the last sheet held one bridge card alone (9 sheets where 8 hold them)."""
    _sized_game(tmp_path, ("main", "poker", 40), ("bridge", "bridge", 12), ("tarot", "tarot", 6))
    pages = placements(_sized_build(tmp_path, "--paper", "letter", "--duplex", "none"))
    assert len(pages) == 8
    assert Counter(p.deck for page in pages for p in page) == {"main": 40, "bridge": 12, "tarot": 6}
    _apart(pages)
    assert min(len(page) for page in pages) > 1


def test_a_few_large_cards_go_where_many_smaller_ones_leave_room(tmp_path: Path) -> None:
    """15 poker, 13 mini, 5 tarot cards and 1 bridge card on A4 fit 4 sheets: 9 poker; 6 poker
    and a row of 4 mini; 4 tarot beside a column of 4 mini; the last tarot, the bridge card and
    5 mini. Packed largest card first, the fifth tarot card took a sheet the poker cards half
    filled and the last 2 mini cards a fifth sheet of their own."""
    _sized_game(
        tmp_path,
        ("main", "poker", 15),
        ("mini", "mini-american", 13),
        ("tarot", "tarot", 5),
        ("solo", "bridge", 1),
        plain=True,
    )
    pages = placements(_sized_build(tmp_path, "--duplex", "none"))
    assert len(pages) == 4
    assert Counter(p.deck for page in pages for p in page) == {
        "main": 15,
        "mini": 13,
        "tarot": 5,
        "solo": 1,
    }
    _apart(pages)


def test_a_few_wide_cards_leave_square_tiles_room_on_their_sheet(tmp_path: Path) -> None:
    """5 cards of 88 × 63 mm and 2 square tiles fit one A4 sheet, portrait: the wide cards
    2 × 3, the tiles below. The wide cards packed first took the landscape sheet that holds 9
    of them, and the 2 tiles a second sheet of their own."""
    _sized_game(
        tmp_path,
        ("wide", "{width: 88mm, height: 63mm}", 5),
        ("tile", "square", 2),
        plain=True,
    )
    pages = placements(_sized_build(tmp_path, "--duplex", "none"))
    assert len(pages) == 1
    assert Counter(p.deck for p in pages[0]) == {"wide": 5, "tile": 2}
    _apart(pages)


@pytest.mark.parametrize("mini", ["mini-american", "mini-euro"])
def test_three_tarot_cards_and_one_card_of_three_other_sizes_share_a_sheet(
    tmp_path: Path, mini: str
) -> None:
    """A prototype's components, 3 tarot cards, a bridge, a mini and an 88 × 63 mm card, fit one
    A4 sheet. Packed largest card first (or the most paper first), the last of them took a
    second sheet; with a few cards of 4 or more sizes, each size is also tried first. With a
    mini-euro card, the sheet is turned: 3 tarot cards fill a portrait A4 as well as a
    landscape one, and the portrait left no room for the bridge and 88 × 63 mm cards."""
    _sized_game(
        tmp_path,
        ("tarot", "tarot", 3),
        ("bridge", "bridge", 1),
        ("wide", "{width: 88mm, height: 63mm}", 1),
        ("mini", mini, 1),
        plain=True,
    )
    pages = placements(_sized_build(tmp_path, "--duplex", "none"))
    assert len(pages) == 1
    assert Counter(p.deck for p in pages[0]) == {"tarot": 3, "bridge": 1, "wide": 1, "mini": 1}
    _apart(pages)


@pytest.mark.parametrize("poker", [7, 8])
def test_the_empty_slots_of_a_last_row_take_the_next_decks_card(tmp_path: Path, poker: int) -> None:
    """7 (or 8) poker cards and a mini card on A4: the poker cards' 3 × 3 block kept its empty
    slots, 126 × 88 mm beside the seventh card, and the mini card took a second sheet."""
    _sized_game(tmp_path, ("main", "poker", poker), ("mini", "mini-euro", 1), plain=True)
    pages = placements(_sized_build(tmp_path, "--duplex", "none"))
    assert len(pages) == 1
    assert Counter(p.deck for p in pages[0]) == {"main": poker, "mini": 1}
    _apart(pages)


@pytest.mark.parametrize(
    "other",
    [("mini", "mini-euro", 1), ("token", "{width: 20mm, height: 20mm}\nshape: circle", 6)],
    ids=["mini", "round-tokens"],
)
def test_on_letter_the_empty_slots_of_a_last_row_take_the_next_decks_cards(
    tmp_path: Path, other: tuple[str, str, int]
) -> None:
    """7 poker cards and a mini card (or six 20 mm round tokens) on Letter: one sheet, as on
    A4. The 3 × 3 block kept its empty slots, and its last row apart needed room for marks
    between the rows that three 88 mm rows leave on Letter: the rest took a second sheet. The
    last row is the grid's next row, sharing its cut line, and the room beside it is free."""
    _sized_game(tmp_path, ("main", "poker", 7), other, plain=True)
    pdf = _sized_build(tmp_path, "--paper", "letter", "--duplex", "none")
    pages = placements(pdf)
    assert len(pages) == 1
    assert Counter(p.deck for p in pages[0]) == {"main": 7, other[0]: other[2]}
    _apart(pages)
    poker = sorted((p for p in pages[0] if p.deck == "main"), key=lambda p: (-p.y, p.x))
    seventh, above = poker[6], poker[3]
    assert (seventh.x, seventh.y + seventh.height) == pytest.approx((above.x, above.y))
    assert seventh.bleed[3] == above.bleed[1] == 0  # one cut, no bleed between
    _cut_lines_marked_off_the_cards(pdf)


@pytest.mark.parametrize("bleed", [0.0, 2.0])
def test_decks_of_one_size_share_a_grid_whatever_their_bleed(tmp_path: Path, bleed: float) -> None:
    """5 poker cards bled 3 mm and 4 bled 0 (or 2) mm fill one A4 sheet of 9, as one bleed
    does: each deck took a grid of its own, 8 cards on the first sheet and the ninth alone on a
    second. Each card prints its own deck's bleed on its outer sides and none towards a
    neighbour, its back's behind it; every cut line is marked off the cards."""
    _sized_game(
        tmp_path, ("main", "poker", 5), ("ref", f"poker\nbleed: {bleed:g}mm", 4), plain=True
    )
    fronts = _sized_build(tmp_path, "--duplex", "none")
    assert [len(page) for page in placements(fronts)] == [9]
    _cut_lines_marked_off_the_cards(fronts)
    pdf = _sized_build(tmp_path)
    pages = placements(pdf)
    assert [len(page) for page in pages] == [9, 9]
    assert Counter(p.deck for p in pages[0]) == {"main": 5, "ref": 4}
    _check_backs_behind(pdf, "long")
    own = {"main": 3.0, "ref": bleed}
    for page in pages:
        for card in page:
            beside = [
                any(abs(o.x + o.width - card.x) < TOL and abs(o.y - card.y) < TOL for o in page),
                any(abs(o.y + o.height - card.y) < TOL and abs(o.x - card.x) < TOL for o in page),
                any(abs(card.x + card.width - o.x) < TOL and abs(o.y - card.y) < TOL for o in page),
                any(
                    abs(card.y + card.height - o.y) < TOL and abs(o.x - card.x) < TOL for o in page
                ),
            ]
            expected = tuple(0.0 if inner else own[card.deck] for inner in beside)
            assert card.bleed == pytest.approx(expected, abs=TOL), card


def _cut_lines_marked_off_the_cards(pdf: Path) -> None:
    """Every card's four cut lines marked at both ends, and no mark on a card or along its
    edge, nor over another card's bleed (over its own, a mark extends its cut line)."""
    (placed,) = placements(pdf)
    (drawn,) = lines(pdf, [0])
    marks = [(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)) for x1, y1, x2, y2 in drawn]
    upright = [m for m in marks if m[2] - m[0] < TOL]
    across = [m for m in marks if m[3] - m[1] < TOL]
    assert len(upright) + len(across) == len(marks)
    for card in placed:
        left, bottom, right, top = card.x, card.y, card.x + card.width, card.y + card.height
        for x in (left, right):
            on = [m for m in upright if abs(m[0] - x) < TOL]
            assert any(m[3] <= bottom + TOL for m in on) and any(m[1] >= top - TOL for m in on)
        for y in (bottom, top):
            on = [m for m in across if abs(m[1] - y) < TOL]
            assert any(m[2] <= left + TOL for m in on) and any(m[0] >= right - TOL for m in on)
        grown = (
            left - card.bleed[0],
            bottom - card.bleed[1],
            right + card.bleed[2],
            top + card.bleed[3],
        )
        for m in marks:
            inside = left - TOL <= m[2] and m[0] <= right + TOL
            inside = inside and bottom - TOL <= m[3] and m[1] <= top + TOL
            touching = m[0] < right - TOL and m[2] > left + TOL if m in across else False
            touching |= m[1] < top - TOL and m[3] > bottom + TOL if m in upright else False
            assert not (inside and touching), (m, card)
            if _overlap((m[0] - TOL, m[1] - TOL, m[2] + TOL, m[3] + TOL), grown):
                on_cut = abs(m[0] - left) < TOL or abs(m[0] - right) < TOL
                if m in across:
                    on_cut = abs(m[1] - bottom) < TOL or abs(m[1] - top) < TOL
                assert on_cut, (m, card)


def test_a_partial_block_leaves_its_empty_slots_to_the_next_deck(tmp_path: Path) -> None:
    """14 bridge cards on Letter: 8 on a landscape sheet, 6 on the next. Kept 4 wide, the 6
    reserved two empty slots, and 30 tokens of 20 mm went to a third sheet; 3 × 2 leaves them
    the room beside."""
    _sized_game(
        tmp_path, ("bridge", "bridge", 14), ("token", "{width: 20mm, height: 20mm}", 30), plain=True
    )
    pages = placements(_sized_build(tmp_path, "--paper", "letter", "--duplex", "none"))
    assert len(pages) == 2
    assert Counter(p.deck for page in pages for p in page) == {"bridge": 14, "token": 30}


def test_folding_cards_without_a_back_take_whole_sheets_not_half_sheets(tmp_path: Path) -> None:
    """9 poker cards with a back and 9 tokens without one, folded on A4: 4 cards a half
    sheet. The tokens fill the room the cards leave on their last fold sheet, then the rest
    go to one whole sheet (9 a sheet) — they took half sheets, the other halves left white (5
    sheets where 4 hold them)."""
    _sized_game(tmp_path, ("main", "poker", 9), ("token", "poker", 9))
    tokens = tmp_path / "cards" / "mix" / "decks" / "token.yaml"
    text = tokens.read_text(encoding="utf-8")
    back = text[text.index("\nback:") : text.index("\nfields:")]
    tokens.write_text(text.replace(back, ""), encoding="utf-8")  # a deck without a back
    pdf = _sized_build(tmp_path, "--paper", "a4", "--duplex", "fold")
    pages = placements(pdf)
    assert len(pages) == 4
    assert Counter((p.deck, p.side) for page in pages for p in page) == {
        ("main", "front"): 9,
        ("main", "back"): 9,
        ("token", "front"): 9,
    }
    width, height = page_sizes(pdf)[0]
    assert width > height  # the fold sheets: landscape, halves side by side
    *folded, whole = pages
    for page in folded:  # every front on the front half, beside its mirrored back
        for front in (p for p in page if p.side == "front"):
            assert front.x + front.width < width / 2
        assert sum(p.deck == "main" and p.side == "front" for p in page) == sum(
            p.side == "back" for p in page
        )
    shared = sum(p.deck == "token" for p in folded[-1])
    assert shared > 0  # in the room the last card leaves on its half
    assert [p.deck for p in whole] == ["token"] * (9 - shared)
    whole_width, whole_height = page_sizes(pdf)[3]
    assert whole_width < whole_height  # a portrait sheet of 3 × 3, used to its right edge
    assert max(p.x + p.width for p in whole) > whole_width / 2 + 63
    with PdfReader(pdf) as reader:
        assert "fronts" in reader.pages[3].extract_text()  # labelled as what it is


def test_a_deck_too_large_to_fold_prints_long_edge_after_the_fold_sheets(
    tmp_path: Path, printgen: Any
) -> None:
    """A player board of 210 × 148 mm beside 9 poker cards, folded on A4: the board fits no
    half sheet, and the whole build was refused — the poker cards too. The cards fold as they
    did alone; the boards follow on sheets of their own, each front page followed by its backs
    exactly behind it for a sheet turned over its long edge, labelled and listed so, and one
    warning at the board's size says which pages to print double-sided."""
    # the back offset moves no back of a fold sheet (one pass prints both halves), only those
    # of the long-edge sheets, printed double-sided: see the test after this one
    args = ("build", "mix", "--only", "cards", "--duplex", "fold", "--back-offset", "1.5,-0.5")
    _sized_game(tmp_path / "alone", ("main", "poker", 9))
    alone = printgen(tmp_path / "alone", *args)
    assert alone.code == 0 and alone.err == "", alone.err
    _sized_game(tmp_path, ("main", "poker", 9), ("tablero", "{width: 210mm, height: 148mm}", 2))
    run = printgen(tmp_path, *args)
    assert run.code == 0, run.err
    assert run.err.splitlines() == [
        "cards/mix/decks/tablero.yaml:4:7: warning: a 210×148 mm card is too large to fold on "
        "half a sheet of 210×297 mm paper (at most 139.9×197.4 mm, or 197.4×139.9): its cards "
        "print as --duplex long prints them, fronts and backs on pages 4–7 of cards.pdf after "
        "the fold sheets; print those pages double-sided, flipping on the long edge, or choose "
        "a smaller size to fold them"
    ]
    pdf = tmp_path / "build" / "mix" / "en" / "cards.pdf"
    pages, sizes = placements(pdf), page_sizes(pdf)
    folded = placements(tmp_path / "alone" / "build" / "mix" / "en" / "cards.pdf")
    assert pages[:3] == folded  # the poker cards fold exactly as without the board
    assert sizes[:3] == page_sizes(tmp_path / "alone" / "build" / "mix" / "en" / "cards.pdf")
    for index in (3, 5):  # a board a landscape sheet, its back behind it on the next page
        (front,), (back,) = pages[index], pages[index + 1]
        assert (front.deck, front.side, back.deck, back.side) == (
            "tablero",
            "front",
            "tablero",
            "back",
        )
        assert sizes[index] == sizes[index + 1] == pytest.approx((297.0, 210.0), abs=TOL)
        assert (front.width, front.height) == pytest.approx((210.0, 148.0), abs=TOL)
        behind = turned(front.centre, sizes[index], "long")  # the offset turned with the page
        assert (behind[0] - 0.5, behind[1] - 1.5) == pytest.approx(back.centre, abs=TOL)
    manifest = _manifest(pdf)
    assert manifest["duplex"] == "fold" and manifest["back_offset_mm"] == [1.5, -0.5]
    assert [(p["side"], p.get("duplex")) for p in manifest["pages"]] == [("fold", None)] * 3 + [
        ("front", "long"),
        ("back", "long"),
    ] * 2
    with PdfReader(pdf) as reader:
        labels = [page.extract_text() for page in reader.pages]
    assert "sheet 3/5 · fronts and backs, fold and glue" in labels[2]
    assert "sheet 4/5 · fronts · print double-sided, flip on long edge" in labels[3]
    assert "sheet 4/5 · backs · print double-sided, flip on long edge" in labels[4]


def test_the_back_offset_moves_the_backs_a_fold_build_prints_double_sided(
    tmp_path: Path, printgen: Any
) -> None:
    """--duplex fold --back-offset 1.5,-0.5 with a deck too large to fold: its long-edge pages,
    printed double-sided, got no offset (cards.json: "back_offset_mm": [0, 0]), their backs
    as far off their fronts as the printer drifts. The offset moves those backs, as --duplex
    long's, the fold sheets none; an offset moving one off the paper is said."""
    _sized_game(tmp_path, ("main", "poker", 9), ("big", "{width: 190mm, height: 280mm}", 1))
    plain = _sized_build(tmp_path, "--duplex", "fold")
    pages = placements(plain)
    shifted_pdf = _sized_build(tmp_path, "--duplex", "fold", "--back-offset", "1.5,-0.5")
    shifted = placements(shifted_pdf)
    assert [[(p.deck, p.side) for p in page] for page in shifted[3:]] == [
        [("big", "front")],
        [("big", "back")],
    ]
    assert shifted[:4] == pages[:4]  # the fold sheets (one pass prints both halves), a front
    (before,), (after,) = pages[4], shifted[4]
    assert (after.x - before.x, after.y - before.y) == pytest.approx((1.5, -0.5), abs=1e-3)
    manifest = _manifest(shifted_pdf)
    assert (manifest["duplex"], manifest["back_offset_mm"]) == ("fold", [1.5, -0.5])
    args = ("build", "mix", "--only", "cards", "--duplex", "fold", "--back-offset", "15,0")
    run = printgen(tmp_path, *args)
    assert run.code == 0
    said = "the back offset (x 15, y 0 mm) moves 1 back of deck 'big' off the page, by up to"
    assert said in run.err


def test_a_build_where_no_deck_folds_prints_long_edge_with_a_warning_each(
    tmp_path: Path, printgen: Any
) -> None:
    """No deck of the build folds: each is printed as --duplex long prints it, with its
    warning, and the file asks the print dialog for the long edge; a deck larger than the
    paper is still refused."""
    _sized_game(
        tmp_path,
        ("tablero", "{width: 210mm, height: 148mm}", 1),
        ("mapa", "{width: 150mm, height: 200mm}", 1),
    )
    run = printgen(tmp_path, "build", "mix", "--only", "cards", "--duplex", "fold")
    assert run.code == 0, run.err
    said = [line.split(": warning: ")[0] for line in run.err.splitlines()]
    assert said == ["cards/mix/decks/mapa.yaml:4:7", "cards/mix/decks/tablero.yaml:4:7"]
    pdf = tmp_path / "build" / "mix" / "en" / "cards.pdf"
    assert _manifest(pdf)["duplex"] == "long"
    with PdfReader(pdf) as reader:  # the dialog asked to turn them as --duplex long's sheets
        catalog = reader.trailer["/Root"].get_object()
        assert isinstance(catalog, DictionaryObject)
        asked = catalog["/ViewerPreferences"].get_object()
        assert (
            isinstance(asked, DictionaryObject) and str(asked["/Duplex"]) == "/DuplexFlipLongEdge"
        )
    pages, sizes = placements(pdf), page_sizes(pdf)
    assert [[p.side for p in page] for page in pages] == [["front"], ["back"]] * 2
    for index in (0, 2):
        front, back = pages[index][0], pages[index + 1][0]
        assert turned(front.centre, sizes[index], "long") == pytest.approx(back.centre, abs=TOL)
    _sized_game(tmp_path / "huge", ("mapa", "{width: 250mm, height: 300mm}", 1))
    huge = printgen(tmp_path / "huge", "validate", "mix", "--duplex", "fold")
    assert huge.code == 2
    (line,) = huge.err.splitlines()
    assert line.startswith("cards/mix/decks/mapa.yaml:4:7: a 250×300 mm card does not fit on the")
    assert line.endswith("; choose a smaller size")


def test_the_back_page_of_a_sheet_of_cards_without_backs_says_it_has_none(
    tmp_path: Path,
) -> None:
    """9 poker cards with a back and 9 tokens without one, turned over the long edge: the
    tokens' sheet keeps its back page (the printer takes the pages two by two), blank, and
    its label said "backs"; it says there are none."""
    _sized_game(tmp_path, ("main", "poker", 9), ("token", "poker", 9))
    tokens = tmp_path / "cards" / "mix" / "decks" / "token.yaml"
    text = tokens.read_text(encoding="utf-8")
    tokens.write_text(text.replace(text[text.index("\nback:") : text.index("\nfields:")], ""))
    pdf = _sized_build(tmp_path, "--duplex", "long")
    pages = placements(pdf)
    assert [Counter((p.deck, p.side) for p in page) for page in pages] == [
        {("main", "front"): 9},
        {("main", "back"): 9},
        {("token", "front"): 9},
        {},
    ]
    with PdfReader(pdf) as reader:
        labels = [page.extract_text() for page in reader.pages]
    assert "sheet 1/2 · backs" in labels[1]
    assert "sheet 2/2 · no backs on this sheet" in labels[3] and "50 mm" in labels[3]
    assert "· backs" not in labels[3]


@pytest.mark.parametrize(
    ("paper", "duplex", "decks"),
    [  # denser ways of packing these fill every margin: the sheets take the other way
        ("letter", "fold", (("tarot", "tarot", 2), ("mini", "mini-american", 2))),
        ("a4", "long", (("main", "poker", 11), ("bridge", "bridge", 7))),
        # the decks' own order lost the first sheet's label, another of as many sheets kept it
        ("letter", "fold", (("pk", "poker", 8), ("c5", "{width: 50mm, height: 50mm}", 3))),
    ],
)
def test_every_sheet_of_mixed_decks_keeps_its_label_and_scale_bar(
    tmp_path: Path, paper: str, duplex: str, decks: tuple[tuple[str, str, int], ...]
) -> None:
    _sized_game(tmp_path, *decks)
    pdf = _sized_build(tmp_path, "--paper", paper, "--duplex", duplex)
    for page in PdfReader(pdf).pages:
        text = page.extract_text()
        assert re.search(r"sheet \d+/\d+", text) and "50 mm" in text, text


def test_cards_that_fill_every_margin_say_the_sheets_have_no_scale_bar(
    tmp_path: Path, printgen: Any
) -> None:
    """Four 95 × 138 mm cards fill an A4 sheet to its margins: the label and the 50 mm scale
    bar never go over a card, so no sheet had one, and nothing said so (the README promised
    every sheet its bar). A warning at the deck's size names the file and what to measure."""
    _sized_game(tmp_path, ("big", "{width: 95mm, height: 138mm}", 8))
    build = printgen(tmp_path, "build", "mix", "--only", "cards")
    assert build.code == 0, build.err
    assert build.err.splitlines() == [
        "cards/mix/decks/big.yaml:4:7: warning: cards.pdf: the cards fill the margins of every "
        "sheet, leaving no room for the sheet's label and 50 mm scale bar; check the print scale "
        "on calibration.pdf (printgen calibrate), printed the same way"
    ]
    for page in PdfReader(tmp_path / "build" / "mix" / "en" / "cards.pdf").pages:
        assert "50 mm" not in page.extract_text()
    # on Letter two a sheet leave a margin: the bar is there, and nothing is said
    letter = printgen(tmp_path, "validate", "mix", "--paper", "letter")
    assert letter.code == 0 and letter.err == "", letter.err


@pytest.mark.parametrize(
    ("args", "room", "most"),
    [
        ((), "the sheet of 210×297", "197.4×284.4 mm (or 284.4×197.4)"),
        (  # folding, a card too large for half a sheet prints on a whole one (a warning)
            ("--paper", "letter", "--duplex", "fold"),
            "the sheet of 215.9×279.4",
            "203.3×266.8 mm (or 266.8×203.3)",
        ),
    ],
)
def test_a_card_too_large_for_the_paper_names_the_largest_that_fits(
    tmp_path: Path, printgen: Any, args: tuple[str, ...], room: str, most: str
) -> None:
    """'a 198×286 mm card with 3 mm bleed does not fit …; choose a smaller size' named the bleed,
    which a designer would lower to no avail (at the paper's edge only the marks need room), and
    not how much smaller: the largest card that fits is named, and a card of that size fits."""
    _sized_game(tmp_path, ("big", "{width: 198mm, height: 286mm}", 1))
    checked = printgen(tmp_path, "validate", "mix", *args)
    assert checked.code == 2
    (line,) = checked.err.splitlines()
    assert line.startswith(
        f"cards/mix/decks/big.yaml:4:7: a 198×286 mm card does not fit on {room}"
    )
    assert "bleed" not in line and line.endswith("; choose a smaller size")
    largest = re.search(r"at most ([\d.]+)×([\d.]+) mm \(or ([\d.]+)×([\d.]+)\)", line)
    assert largest and most in line
    w, h = largest[1], largest[2]
    _sized_game(tmp_path / "fits", ("big", f"{{width: {w}mm, height: {h}mm}}", 1))
    _sized_game(tmp_path / "turned", ("big", f"{{width: {h}mm, height: {w}mm}}", 1))
    for folder in ("fits", "turned"):  # both ways round
        fits = printgen(tmp_path / folder, "validate", "mix", *args)
        assert "does not fit on" not in fits.err and fits.code == 0, fits.err


def test_a_board_takes_a_paper_size_and_one_the_paper_itself_is_said_not_to_fit(
    tmp_path: Path, printgen: Any
) -> None:
    """A player board of 'size: A5' was "unknown card size 'A5'; use one of poker, bridge…":
    the A-series A3–A8 and letter are sizes (portrait, as named for --paper, in any case); an
    A5 board prints on A4, and an A4 board on A4 is told it leaves no room for its crop marks."""
    _sized_game(tmp_path, ("board", "a5", 1), ("tile", "a8", 2))
    sheet = _sized_build(tmp_path)
    faces = [f for f in _manifest(sheet)["faces"] if f["side"] == "front"]
    sizes = sorted((f["deck"], f["width_mm"], f["height_mm"]) for f in faces)
    assert sizes == [("board", 148, 210), ("tile", 52, 74), ("tile", 52, 74)]
    _sized_game(tmp_path / "a4", ("board", "a4", 1))
    checked = printgen(tmp_path / "a4", "validate", "mix")
    assert checked.code == 2
    assert checked.err.splitlines() == [
        "cards/mix/decks/board.yaml:4:7: a 210×297 mm card does not fit on the sheet of "
        "210×297 mm paper with room for its crop marks: at most 197.4×284.4 mm (or "
        "284.4×197.4); choose a smaller size"
    ]
    # a size written as paper and card sizes are written elsewhere (A5, Poker) is that preset
    _sized_game(tmp_path / "capital", ("board", "A5", 1), ("card", "Poker", 2))
    faces = _manifest(_sized_build(tmp_path / "capital"))["faces"]
    sizes = sorted(
        (f["deck"], f["width_mm"], f["height_mm"]) for f in faces if f["side"] == "front"
    )
    assert sizes == [("board", 148, 210), ("card", 63, 88), ("card", 63, 88)]
    _sized_game(tmp_path / "typo", ("board", "a55", 1))
    checked = printgen(tmp_path / "typo", "validate", "mix")
    assert checked.code == 2
    assert checked.err.startswith(
        "cards/mix/decks/board.yaml:4:7: unknown card size 'a55'; did you mean 'a5'? The sizes "
        "are poker, bridge, tarot, mini-euro, mini-american, square, a3, a4, a5, a6, a7, a8, "
        "letter or {width: 63mm, height: 88mm}"
    ), checked.err


def test_every_deck_too_large_for_the_paper_is_said_at_once(tmp_path: Path, printgen: Any) -> None:
    """Two decks too large among the cards and one among the tokens: only the first was said,
    the others after it was fixed, one build at a time (every problem of a run is listed)."""
    _sized_game(
        tmp_path,
        ("board", "{width: 300mm, height: 100mm}", 1),
        ("map", "{width: 300mm, height: 100mm}", 1),  # the same size: one kind of card
        ("main", "poker", 3),
        ("tile", "{width: 100mm, height: 300mm}", 1),
    )
    tile = tmp_path / "cards" / "mix" / "decks" / "tile.yaml"
    tile.write_text(tile.read_text(encoding="utf-8") + "output: tokens\n", encoding="utf-8")
    checked = printgen(tmp_path, "validate", "mix")
    assert checked.code == 2
    said = sorted(line.split(": a ")[0] for line in checked.err.splitlines())
    assert said == [f"cards/mix/decks/{name}.yaml:4:7" for name in ("board", "map", "tile")]
    assert all(line.endswith("choose a smaller size") for line in checked.err.splitlines())


def test_folding_a_deck_without_backs_is_not_said_for_one_of_its_size_that_is(
    tmp_path: Path, printgen: Any
) -> None:
    """Folding, 150 × 200 mm cards with backs need half a sheet, which they do not fit (they
    print long edge, said); a deck of that size without backs takes whole sheets, which it
    fits as it always did: only the first is said."""
    _sized_game(
        tmp_path,
        ("folded", "{width: 150mm, height: 200mm}", 1),
        ("single", "{width: 150mm, height: 200mm}", 1),
    )
    single = tmp_path / "cards" / "mix" / "decks" / "single.yaml"
    text = single.read_text(encoding="utf-8")
    single.write_text(re.sub(r"\nback:\n(  .*\n)+", "\nback: none\n", text), encoding="utf-8")
    checked = printgen(tmp_path, "validate", "mix", "--duplex", "fold")
    assert checked.code == 0
    (line,) = checked.err.splitlines()
    assert line.startswith(
        "cards/mix/decks/folded.yaml:4:7: warning: a 150×200 mm card is too large to fold"
    )


def test_sheet_labels_name_the_sheet_and_carry_a_50mm_scale_bar(root: Path) -> None:
    for lang, words in (
        ("en", "cards · sheet 3/8 · fronts"),
        ("it", "carte · foglio 3/8 · fronti"),
    ):
        pdf = _cards(root, WM, lang=lang)
        with pdfplumber.open(pdf) as document:
            text = document.pages[4].extract_text()
        assert f"Warriors and Monks · {words}" in text  # every word in the sheets' language
    for page in lines(_cards(root, WM, "--paper", "letter")):
        bars = [ln for ln in page if abs(abs(ln[2] - ln[0]) + abs(ln[3] - ln[1]) - 50.0) < TOL]
        assert len(bars) == 1


def test_manifest_records_page_sizes_duplex_gutter_and_offset(root: Path) -> None:
    data = _manifest(_cards(root, WM, "--paper", "letter"))
    assert data["duplex"] == "long" and data["gutter_mm"] == 0
    assert data["deck_gutter_mm"] == {"main": 0}
    assert data["back_offset_mm"] == [0, 0]
    assert all(face["page_mm"] == [215.9, 279.4] for face in data["faces"])
    assert [p["side"] for p in data["pages"][:2]] == ["front", "back"]


def test_only_some_cards_in_a_number_of_copies(root: Path) -> None:
    pages = placements(_cards(root, WM, "--cards", "monk,main/war", "--copies", "2"))
    names = Counter(p.name for page in pages for p in page)
    assert names == {
        "face_main_front_monk": 2,
        "face_main_front_war": 2,
        "face_main_back_back": 4,
    }


def test_an_unknown_card_id_is_one_line_and_exit_2(project: Path, printgen: Any) -> None:
    result = printgen(project, "build", WM, "--cards", "monk,dragon")
    assert result.code == 2
    assert result.err.splitlines()[0].startswith(
        "printgen: --cards: no card 'dragon' in warriors-and-monks"
    )
    assert not (project / "build").exists()
    typo = printgen(project, "build", WM, "--cards", "main/monkk")
    assert typo.err.splitlines()[0] == (
        "printgen: --cards: no card 'main/monkk' in warriors-and-monks; did you mean 'main/monk'?"
    )


def test_the_back_offset_can_be_set_per_project(project: Path, printgen: Any) -> None:
    (project / "printgen.yaml").write_text("back-offset: 0.5, -1\n", encoding="utf-8")
    result = printgen(project, "build", WM, "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    data = _manifest(project / "build" / WM / "en" / "cards.pdf")
    assert data["back_offset_mm"] == [0.5, -1.0]
    # the command line wins, a negative value included
    result = printgen(
        project, "build", WM, "--lang", "en", "--only", "cards", "--back-offset", "-1,2"
    )
    assert result.code == 0, result.err
    assert _manifest(project / "build" / WM / "en" / "cards.pdf")["back_offset_mm"] == [-1, 2]
    (project / "printgen.yaml").write_text("back-offset: far\n", encoding="utf-8")
    result = printgen(project, "build", WM)
    assert result.code == 2
    assert result.err.startswith("printgen.yaml:1:14: 'back-offset': expected two lengths")
    (project / "printgen.yaml").write_text("paper: a4\nbackoffset: 1,1\n", encoding="utf-8")
    result = printgen(project, "build", WM)
    assert result.code == 2
    assert result.err.startswith("printgen.yaml:2:1: unknown key 'backoffset'")
    assert not (project / "build" / WM / "it").exists()
    # every mistake of the file in one run, each at its line
    (project / "printgen.yaml").write_text("back-ofset: 1.5, -0.5\npaper: a5\n", encoding="utf-8")
    result = printgen(project, "build", WM)
    assert result.code == 2
    assert result.err.splitlines() == [
        "printgen.yaml:1:1: unknown key 'back-ofset'; did you mean 'back-offset'? printgen.yaml "
        "knows back-offset, paper, duplex, gutter",
        "printgen.yaml:2:8: 'paper': expected one of a4, letter, not 'a5'",
    ]  # stderr holds the problems alone; that nothing was written is said on stdout
    assert result.out.splitlines()[-1] == "printgen: nothing written; fix the problems above"


def test_a_printgen_yaml_setting_out_of_its_choices_says_what_was_written(
    demo: Path, printgen: Any
) -> None:
    """'paper: us-letter' was said as "'paper': one of a4, letter" (and 'gutter: 1in' as "a
    gutter from 0 to 20 mm"): neither what was written nor the word meant."""
    (demo / "printgen.yaml").write_text(
        "paper: us-letter\nduplex: short-edge\ngutter: 1in\n", encoding="utf-8"
    )
    result = printgen(demo, "validate", "demo")
    assert result.code == 2
    assert result.err.splitlines() == [
        "printgen.yaml:1:8: 'paper': expected one of a4, letter, not 'us-letter'; did you mean "
        "'letter'?",
        "printgen.yaml:2:9: 'duplex': expected one of long, short, fold, none, not "
        "'short-edge'; did you mean 'short'?",
        "printgen.yaml:3:9: 'gutter': expected a gutter from 0 to 20 mm, not 25.4 mm",
    ]


def test_a_printgen_yaml_choice_left_empty_or_read_as_true_is_said_in_words(
    demo: Path, printgen: Any
) -> None:
    """They were said in Python's words: "not None", "not True"; a long word as "not that" —
    and a length left empty, "expected a length such as 3, 3mm or 0.125in, not None"."""
    settings = "back-offset: ''\npaper:\nduplex: yes\ngutter:\n"
    (demo / "printgen.yaml").write_text(settings, encoding="utf-8")
    result = printgen(demo, "validate", "demo")
    assert result.code == 2
    assert result.err.splitlines() == [
        "printgen.yaml:1:14: 'back-offset': an empty value; write two lengths X,Y in mm, such "
        "as 0.5,-1.2",
        "printgen.yaml:2:7: 'paper': expected one of a4, letter, not an empty value",
        "printgen.yaml:3:9: 'duplex': expected one of long, short, fold, none, not true (YAML "
        "reads yes, no, on and off as true or false)",
        "printgen.yaml:4:8: 'gutter': an empty value; write a length such as 3 mm",
    ]
    (demo / "printgen.yaml").write_text(f"paper: {'x' * 50}\n", encoding="utf-8")
    result = printgen(demo, "validate", "demo")
    assert (
        result.err == f"printgen.yaml:1:8: 'paper': expected one of a4, letter, not '{'x' * 36}…\n"
    )


@pytest.mark.parametrize(
    "text",
    ["", "\n", "# back-offset: 1.5, -0.5   # another printer's\n", "---\n# paper: letter\n"],
)
def test_a_printgen_yaml_with_every_setting_commented_out_sets_nothing(
    demo: Path, printgen: Any, text: str
) -> None:
    """Every key is optional, and `{}` set nothing; a file whose one line was commented out
    (the offset of a printer no longer used) stopped every build with 'file has no content',
    as one under a document's opening '---' still did."""
    (demo / "printgen.yaml").write_text(text, encoding="utf-8")
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    data = _manifest(demo / "build" / "demo" / "en" / "cards.pdf")
    assert (data["paper"], data["duplex"], data["back_offset_mm"]) == ("a4", "long", [0, 0])
    # a file that is not UTF-8 text is still said at its line, as before
    (demo / "printgen.yaml").write_bytes(b"# \xff\n")
    assert printgen(demo, "validate", "demo").err.startswith("printgen.yaml:1:1: file is not UTF-8")


def test_settings_in_printgen_yml_are_said_to_need_the_yaml_ending(
    demo: Path, printgen: Any
) -> None:
    """printgen.yml holding 'paper: letter' was never read: the sheets came out on A4 without
    a word. It is an error naming the file to rename, and nothing is built."""
    (demo / "printgen.yml").write_text("paper: letter\n", encoding="utf-8")
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "cards")
    assert result.code == 2
    assert result.err.splitlines()[0] == (
        "printgen.yml:1:1: printgen reads its settings from printgen.yaml; rename printgen.yml "
        "to printgen.yaml"
    )
    assert not (demo / "build" / "demo" / "en" / "cards.pdf").exists()
    (demo / "printgen.yml").rename(demo / "printgen.yaml")
    assert printgen(demo, "build", "demo", "--lang", "en", "--only", "cards").code == 0
    assert _manifest(demo / "build" / "demo" / "en" / "cards.pdf")["paper"] == "letter"


def test_a_deck_can_keep_its_own_gutter(project: Path, printgen: Any) -> None:
    deck = project / "cards" / WM / "decks" / "main.yaml"
    deck.write_text(
        deck.read_text(encoding="utf-8").replace("bleed: 3mm", "bleed: 3mm\ngutter: 6mm", 1)
    )
    result = printgen(project, "build", WM, "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    first = placements(project / "build" / WM / "en" / "cards.pdf")[0]
    xs = sorted({round(p.x, 3) for p in first})
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([69.0] * 3, abs=TOL)
    assert all(p.bleed == pytest.approx((3.0,) * 4, abs=TOL) for p in first)  # all its own
    assert len(first) == 8  # 4 × 2 on landscape A4 beats 2 × 3 on portrait with 6 mm gaps
    manifest = _manifest(project / "build" / WM / "en" / "cards.pdf")
    # the gap the cards were cut with, for a cutting service: the deck's, not the build's
    assert manifest["gutter_mm"] == 0 and manifest["deck_gutter_mm"] == {"main": 6.0}
    assert page_sizes(project / "build" / WM / "en" / "cards.pdf")[0] == pytest.approx(
        (297.0, 210.0), abs=TOL
    )


def test_lengths_may_be_written_with_a_decimal_comma(project: Path, printgen: Any) -> None:
    """'bleed: 3,5 mm' and 'gutter: 1,5mm', as Italian, French or German designers write them,
    were refused as no length; in braces the comma parts entries, which is said with its fix."""
    deck = project / "cards" / WM / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace("bleed: 3mm", "bleed: 3,5 mm\ngutter: 6,5mm")
    deck.write_text(text.replace("size: poker", "size: {width: 63,5mm, height: 88mm}", 1))
    (project / "printgen.yaml").write_text("gutter: 1,5mm\n", encoding="utf-8")
    result = printgen(project, "validate", WM)
    assert result.code == 2
    assert result.err.splitlines() == [
        f"cards/{WM}/decks/main.yaml:3:15: inside {{ }} a comma parts the entries, so width: "
        "63,5mm was read as width: 63 and a key '5mm'; write 63.5mm (a decimal point)"
    ]
    deck.write_text(text.replace("size: poker", "size:\n  width: 63,5mm\n  height: 88mm", 1))
    result = printgen(project, "build", WM, "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    manifest = _manifest(project / "build" / WM / "en" / "cards.pdf")
    assert manifest["gutter_mm"] == 1.5 and manifest["deck_gutter_mm"] == {"main": 6.5}
    first, second = manifest["faces"][:2]
    assert first["width_mm"] == pytest.approx(63.5)
    assert second["x_mm"] - first["x_mm"] == pytest.approx(70.0)
    assert max(first["bleed_mm"]) == pytest.approx(3.5)
    # the back offset's comma parts X from Y: its decimals are written with a point
    (project / "printgen.yaml").write_text("back-offset: 0,5,-1\n", encoding="utf-8")
    result = printgen(project, "validate", WM)
    assert result.err.splitlines() == [
        "printgen.yaml:1:14: 'back-offset': expected two lengths X,Y in mm, such as 0.5,-1.2; the "
        "comma parts X from Y, so write decimals with a point"
    ]


def test_a_length_of_a_comma_before_three_digits_is_an_error_that_asks_which(
    project: Path, printgen: Any
) -> None:
    # 'bleed: 1,000' and 'gutter: 1,000' validated ok, read as 1 mm: a thousand, or 1.0?
    deck = project / "cards" / WM / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("bleed: 3mm", "bleed: 1,000", 1))
    result = printgen(project, "validate", WM)
    assert (result.code, result.err.splitlines()) == (
        2,
        [
            f"cards/{WM}/decks/main.yaml:4:8: 'bleed' of deck 'main': '1,000' may be 1000 or "
            "1.000 (a comma parts thousands or decimals): write 1000, or 1.000 with a point"
        ],
    )
    (project / "printgen.yaml").write_text("gutter: 2,500mm\n", encoding="utf-8")
    result = printgen(project, "validate", WM)
    assert (result.code, result.err.splitlines()) == (
        2,
        [
            "printgen.yaml:1:9: 'gutter': '2,500mm' may be 2500mm or 2.500mm (a comma parts "
            "thousands or decimals): write 2500mm, or 2.500mm with a point"
        ],
    )


_PARTED = "inside { } a comma parts the entries, so"
_ONE_NUMBER = "write one number, its decimals after a point (1.5), or quote a text"


@pytest.mark.parametrize(
    ("size", "said"),
    [
        # both sizes so: the second '5mm' was said as a key written twice ('keep one')
        (
            "{width: 63,5mm, height: 88,5mm}",
            [
                f"3:15: {_PARTED} width: 63,5mm was read as width: 63 and a key '5mm'; write "
                "63.5mm (a decimal point)",
                f"3:31: {_PARTED} height: 88,5mm was read as height: 88 and a key '5mm'; write "
                "88.5mm (a decimal point)",
            ],
        ),
        (
            "{width: 2,5in, height: 3,5in}",
            [
                f"3:15: {_PARTED} width: 2,5in was read as width: 2 and a key '5in'; write "
                "2.5in (a decimal point)",
                f"3:30: {_PARTED} height: 3,5in was read as height: 3 and a key '5in'; write "
                "3.5in (a decimal point)",
            ],
        ),
        # YAML reads the key '05' as 5, '0x10' as 16: the message quoted 63,5 and 63,16
        (
            "{width: 63,05, height: 88}",
            [
                f"3:15: {_PARTED} width: 63,05 was read as width: 63 and a key '05'; write "
                "63.05 (a decimal point)"
            ],
        ),
        (
            "{width: 63,0x10, height: 88}",
            [
                f"3:15: {_PARTED} width: 63,0x10 was read as width: 63 and a key '0x10'; "
                + _ONE_NUMBER
            ],
        ),
        # a thousand points, or one: which is not guessed
        (
            "{width: 1,000pt, height: 88}",
            [
                f"3:15: {_PARTED} width: 1,000pt was read as width: 1 and a key '000pt'; write "
                "1000pt for a thousand, or 1.000pt with a decimal point"
            ],
        ),
        # one mistake, one line: 'write 1.2' was said, then an unknown key '3'
        (
            "{width: 1,2,3, height: 88}",
            [
                f"3:15: {_PARTED} width: 1,2,3 was read as width: 1 and the keys '2' and '3'; "
                + _ONE_NUMBER
            ],
        ),
    ],
)
def test_a_number_parted_by_the_comma_of_braces_is_said_as_written(
    project: Path, printgen: Any, size: str, said: list[str]
) -> None:
    deck = project / "cards" / WM / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", f"size: {size}", 1))
    result = printgen(project, "validate", WM)
    assert result.code == 2
    assert result.err.splitlines() == [f"cards/{WM}/decks/main.yaml:{line}" for line in said]


def test_a_layout_number_parted_by_the_comma_of_braces_is_one_mistake(
    demo: Path, printgen: Any
) -> None:
    # a layout's x: 1,2,3 advised 'write 1.2', then said an unknown key '3'
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    assert "cost: {type: text, x: 5," in text
    layouts.write_text(text.replace("cost: {type: text, x: 5,", "cost: {type: text, x: 1,2,3,"))
    result = printgen(demo, "validate", "demo")
    assert result.code == 2
    line = next(n for n, row in enumerate(layouts.read_text().splitlines(), 1) if "1,2,3" in row)
    assert result.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line}:27: {_PARTED} x: 1,2,3 was read as x: 1 and the "
        f"keys '2' and '3'; {_ONE_NUMBER}"
    ]


def test_a_wide_bleed_stops_at_the_fold(project: Path, printgen: Any) -> None:
    # The fronts' trim is 3.5 mm from the fold: a 5 mm bleed went 1.5 mm past it, under the
    # mirrored back drawn after it, and the manifest claimed 5 mm the sheet did not print.
    deck = project / "cards" / WM / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace("bleed: 3mm", "bleed: 5mm", 1)
    deck.write_text(text.replace("size: poker", "size: {width: 68.5mm, height: 88mm}", 1))
    result = printgen(project, "build", WM, "--lang", "en", "--only", "cards", "--duplex", "fold")
    assert result.code == 0, result.err
    pdf = project / "build" / WM / "en" / "cards.pdf"
    fold = page_sizes(pdf)[0][0] / 2
    sides, outer = 0, 0.0
    for page in placements(pdf):
        for q in page:
            left, right = q.x - q.bleed[0], q.x + q.width + q.bleed[2]
            if q.side == "front":
                assert right <= fold + TOL, q
                sides += q.x + q.width + 5.0 > fold  # one whose full bleed would cross
                outer = max(outer, q.bleed[0])  # the side away from the fold keeps it all
            else:
                assert left >= fold - TOL, q
    assert sides > 0 and outer == pytest.approx(5.0, abs=TOL)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two boxes (left, bottom, right, top) share more than an edge."""
    return a[0] < b[2] - TOL and b[0] < a[2] - TOL and a[1] < b[3] - TOL and b[1] < a[3] - TOL


@pytest.mark.parametrize(("paper", "duplex"), [("a4", "long"), ("letter", "long"), ("a4", "fold")])
def test_no_mark_or_bleed_of_any_sheet_touches_another_card(
    root: Path, paper: str, duplex: str
) -> None:
    """The first and last two pages (every layout a sheet of the output takes: full and
    partly filled sheets, fronts and backs) of every bundled output: cards never overlap, no
    bleed runs onto another card, every crop mark stays off the cards and 5 mm inside the
    paper, and the sheet label sits in the margin."""
    out = build(root, "--lang", "en", "--only", "cards", "--paper", paper, "--duplex", duplex)
    pdfs = sorted(out.glob("*/en/*.pdf"))
    assert len(pdfs) == 7
    for pdf in pdfs:
        sizes = page_sizes(pdf)
        chosen = sorted({0, 1, len(sizes) - 2, len(sizes) - 1} & set(range(len(sizes))))
        with pdfplumber.open(pdf) as document:
            chars = [
                [(c["x0"] / MM, c["bottom"] / MM, c["x1"] / MM, c["top"] / MM) for c in p.chars]
                for p in (document.pages[i] for i in chosen)
            ]
        reader = PdfReader(pdf)
        texts = [reader.pages[i].extract_text() for i in chosen]  # reads rotated labels whole
        every = placements(pdf)
        for page, placed, drawn, letters, text in zip(
            [sizes[i] for i in chosen],
            [every[i] for i in chosen],
            lines(pdf, chosen),
            chars,
            texts,
            strict=True,
        ):
            assert re.search(r" · sheet \d+/\d+ · ", text), (pdf.name, "no sheet label")
            trims = [(p.x, p.y, p.x + p.width, p.y + p.height) for p in placed]
            bleeds = [
                (
                    p.x - p.bleed[0],
                    p.y - p.bleed[1],
                    p.x + p.width + p.bleed[2],
                    p.y + p.height + p.bleed[3],
                )
                for p in placed
            ]
            for x0, bottom, x1, top in letters:  # the label: in the margin, 5 mm in
                box = (x0, page[1] - bottom, x1, page[1] - top)
                if not any(_overlap(box, b) for b in bleeds):
                    assert box[0] >= EDGE - TOL and box[2] <= page[0] - EDGE + TOL
                    assert box[1] >= EDGE - TOL and box[3] <= page[1] - EDGE + TOL
            for i, trim in enumerate(trims):
                for j, other in enumerate(bleeds):
                    if i != j:
                        assert not _overlap(trim, other), (pdf.name, placed[i], placed[j])
            for x1, y1, x2, y2 in drawn:
                if abs(x1 - x2) > TOL and abs(y1 - y2) > TOL:
                    continue
                segment = (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
                if any(
                    b[0] - TOL <= segment[0]
                    and segment[2] <= b[2] + TOL
                    and b[1] - TOL <= segment[1]
                    and segment[3] <= b[3] + TOL
                    for b in bleeds
                ):
                    continue  # drawn by a card's own design
                assert min(x1, x2) >= EDGE - TOL and max(x1, x2) <= page[0] - EDGE + TOL
                assert min(y1, y2) >= EDGE - TOL and max(y1, y2) <= page[1] - EDGE + TOL
                for trim in trims:
                    inside = (
                        trim[0] + TOL < segment[2]
                        and segment[0] < trim[2] - TOL
                        and trim[1] + TOL < segment[3]
                        and segment[1] < trim[3] - TOL
                    )
                    crossing = _overlap(segment, trim) or inside
                    assert not crossing, (pdf.name, segment, trim)


def test_round_tokens_printed_once_each_are_cut_round(tmp_path: Path) -> None:
    """Each token of its own (printed once, so drawn in place, not as a shared form) keeps its
    round clip: its full-bleed fill stops at the circle, the paper stays white beyond it."""
    from printgen.cli.commands import main

    assert main(["--project", str(tmp_path), "new", "tok", "--lang", "en"]) == 0
    game = tmp_path / "cards" / "tok"
    (game / "decks" / "tokens.yaml").write_text(
        "name: Tokens\nsize: {width: 30mm, height: 30mm}\nshape: circle\nbleed: 2mm\n"
        "output: tokens\nlayout: token\nfields: {name: text, fill: color}\ncards:\n"
        + "".join(f'  - {{id: t{i}, count: 1, name: "T{i}", fill: "#c0392b"}}\n' for i in range(6))
    )
    with (game / "layouts" / "tok.yaml").open("a") as layouts:
        layouts.write(
            "\ntoken:\n  elements:\n    disc: {type: rect, bleed: true, fill: '{{ card.fill }}'}\n"
        )
    out = tmp_path / "out"
    args = ["build", "tok", "--only", "cards", "--out", str(out)]
    assert main(["--project", str(tmp_path), *args]) == 0
    sheet = out / "tok" / "en" / "tokens.pdf"
    faces = [f for f in _manifest(sheet)["faces"] if f["side"] == "front" and f["page"] == 1]
    assert len({f["card"] for f in faces}) == 6
    scale = 4  # pixels a point
    page = pypdfium2.PdfDocument(sheet)[0].render(scale=scale).to_pil().convert("RGB")
    for face in faces:
        left, bottom, size = face["x_mm"] * MM, face["y_mm"] * MM, face["width_mm"] * MM
        top = page.height / scale - bottom - size
        centre = page.getpixel((int((left + size / 2) * scale), int((top + size / 2) * scale)))
        # a trim box's corner lies outside its circle: red there would be a square token
        corner = page.getpixel((int((left + 1) * scale), int((top + 1) * scale)))
        assert centre[0] > 150 and centre[1] < 100, (face["card"], centre)
        assert min(corner) > 240, (face["card"], corner)


def test_manifest_records_read_as_json_writes_them() -> None:
    """The manifest's face records are written directly, a line each: they read back as the
    values printed, every odd character and number intact, and as ``json.dumps`` writes them."""
    from printgen.draw.blocks import Kind
    from printgen.draw.sheets import Placement, Sheet
    from printgen.layout.face import Face
    from printgen.model.game import CardShape, Side
    from printgen.outputs.card_sheets import manifest
    from printgen.outputs.names import plain_name
    from printgen.write import json_bytes

    names = ['Q "quoted"', "back\\slash", "tab\tand\nnew line", "Città · 城 🂡", "\x01"]
    xs = [10, 10.0, -0.0, 0.0001, 73.50000001]  # an int, a float, a negative zero, rounded ones
    ys = [0, 192.5, 1e-9, -1e-9, 5]
    kind = Kind(63, 88, 3, "rect", 0)
    placements = [
        Placement(
            Face(f"k{i}", "main", f"c{i}", Side.FRONT, name, 63, 88.0, 3, CardShape.RECT),
            f"c{i}",
            x,
            y,
            kind,
            bleed=(3.0, 0, -0.0, 1.23456),
        )
        for i, (name, x, y) in enumerate(zip(names, xs, ys, strict=True))
    ]
    sheets = [Sheet("front", 1, 210, 297.0, placements)]
    options = BuildOptions()
    written = json_bytes(manifest(sheets, options)).decode()
    lines = [line.strip().rstrip(",") for line in written.splitlines() if '"card"' in line]
    data = json.loads(written)
    for line, record, placement in zip(lines, data["faces"], placements, strict=True):
        face = placement.face
        # a name as plain text: its tab and line break a space, as on the card
        assert record["name"] == plain_name(face.name) and record["card"] == face.card
        assert record["x_mm"] == round(placement.x, 3) and record["y_mm"] == round(placement.y, 3)
        left = min(3.0, max(0.0, placement.x))  # cut at the paper's edge, as printed
        assert record["bleed_mm"] == [round(left, 3), 0, -0.0, 1.235]
        assert line == json.dumps(record, ensure_ascii=False)
    assert [json.dumps(r["x_mm"]) for r in data["faces"]] == ["10", "10.0", "-0.0", "0.0", "73.5"]


def test_a_crop_mark_over_a_dark_bleed_stays_visible(demo: Path, printgen: Any) -> None:
    # Letter is tight for nine poker cards: the marks cross the outer bleed, and a black
    # hairline on a dark bleed cannot be seen, so each gets a white edge there
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = re.sub(r'tint: "#[0-9a-f]+"', 'tint: "#1a1a1a"', deck.read_text(encoding="utf-8"))
    deck.write_text(text, encoding="utf-8")
    built = printgen(demo, "build", "--lang", "en", "--only", "cards", "--paper", "letter")
    assert built.code == 0, built.err
    pdf = demo / "build" / "demo" / "en" / "cards.pdf"
    faces = [f for f in _manifest(pdf)["faces"] if f["page"] == 1]
    top = max(f["y_mm"] + f["height_mm"] for f in faces)  # the top row's trim edge
    first = min((f for f in faces if f["y_mm"] + f["height_mm"] == top), key=lambda f: f["x_mm"])
    cut = first["x_mm"] + first["width_mm"]  # between the first two columns
    dpi = 600
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        document.close()
    px = dpi / 25.4
    column = round(cut * px)
    rows = range(round((279.4 - top - 2.9) * px), round((279.4 - top - 0.1) * px))  # the bleed
    seen = [image.getpixel((x, y)) for x in range(column - 4, column + 5) for y in rows]
    assert min(seen) < 40 and max(seen) > 200  # the black hairline, and white beside it


def test_a_back_offset_that_moves_backs_off_the_page_is_a_warning(
    project: Path, printgen: Any
) -> None:
    args = ("build", WM, "--lang", "en", "--only", "cards")
    calm = printgen(project, *args, "--back-offset", "1.5,-0.5")
    assert calm.code == 0 and "warning" not in calm.err
    far = printgen(project, *args, "--back-offset", "20,0")
    assert far.code == 0  # printed as asked: the designer may mean it
    # A4 poker: the right column's backs end at 156.5 + 63 + 20 mm, 9.5 mm past 210 mm
    said = "the back offset (x 20, y 0 mm) moves 23 backs of deck 'main' off the page, by up to"
    # the option, no file: a problem of the command line
    assert far.err.startswith(f"printgen: warning: --back-offset: {said} 9.5 mm"), far.err
    (project / "printgen.yaml").write_text("paper: a4\nback-offset: 20, 0\n", encoding="utf-8")
    set_here = printgen(project, *args, "--no-cache")
    assert set_here.err.startswith(f"printgen.yaml:2:14: warning: {said} 9.5 mm"), set_here.err
    (project / "printgen.yaml").unlink()
    folded = printgen(project, *args, "--back-offset", "20,0", "--duplex", "fold")
    assert folded.code == 0 and "warning" not in folded.err  # a fold moves no back
    pdf = project / "build" / WM / "en" / "cards.pdf"
    assert _manifest(pdf)["back_offset_mm"] == [0, 0]  # what was applied: nothing


_CLIP = re.compile(
    r"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s+n (-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re W"
)


def test_a_back_moved_off_the_page_is_drawn_no_further_than_the_paper(
    project: Path, printgen: Any
) -> None:
    """The README: "the PDF draws nothing past the page, a back moved off it by --back-offset
    included" — yet only the bleed was cut at the paper's edge: a back whose trim the offset
    moved 9.5 mm past it was clipped to its trim, drawn 9.5 mm past the page."""
    run = printgen(project, "build", WM, "--lang", "en", "--only", "cards", "--back-offset", "20,0")
    assert run.code == 0, run.err
    reader = PdfReader(project / "build" / WM / "en" / "cards.pdf")
    page = reader.pages[1]  # the first sheet's backs
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    contents = page.get_contents()
    assert contents is not None
    clips = [
        tuple(map(float, found.groups()))
        for found in _CLIP.finditer(contents.get_data().decode("latin-1"))
    ]
    assert len(clips) >= 3  # the right column's backs, cut at the paper's edge
    for tx, ty, x, y, w, h in clips:
        assert tx + x >= -0.01 and ty + y >= -0.01, (tx, ty, x, y)
        assert tx + x + w <= width + 0.01 and ty + y + h <= height + 0.01, (tx, ty, x, y, w, h)


def test_a_back_offset_that_moves_backs_into_the_papers_edge_is_a_warning(
    project: Path, printgen: Any
) -> None:
    """The 5 mm at the paper's edge hold no front: backs moved 3.5 mm into it (the right
    column's end at 208.5 mm of A4's 210) lost their bleed and more on a printer that clips
    there, and nothing was said until they left the paper."""
    args = ("build", WM, "--lang", "en", "--only", "cards", "--no-cache")
    into = printgen(project, *args, "--back-offset", "9,0")
    assert into.code == 0
    assert into.err.startswith(
        "printgen: warning: --back-offset: the back offset (x 9, y 0 mm) moves 23 backs of deck "
        "'main' "
        "into the 5 mm at the paper's edge that home printers may not print, by up to 3.5 mm"
    ), into.err
    clear = printgen(project, *args, "--back-offset", "0,-2.7", "--paper", "letter")
    assert clear.code == 0 and "warning" not in clear.err  # the bottom row's backs 5.0 mm up


def test_a_back_offset_of_decimals_is_said_as_x_and_y_not_as_typed(
    project: Path, printgen: Any
) -> None:
    """ "the back offset 9.5,-0.5 mm" read as two decimal commas (9,5 and -0,5 mm): it is said
    as two numbers are elsewhere, "x 9.5, y -0.5 mm", from the option and from printgen.yaml."""
    args = ("build", WM, "--lang", "en", "--only", "cards", "--no-cache")
    said = (
        "the back offset (x 9.5, y -0.5 mm) moves 23 backs of deck 'main' into the 5 mm at the "
        "paper's edge that home printers may not print, by up to 4.0 mm: check the reading on "
        "calibration.pdf (a printer drifts a millimetre or two)"
    )
    typed = printgen(project, *args, "--back-offset", "9.5,-0.5")
    assert typed.code == 0
    assert typed.err.splitlines() == [f"printgen: warning: --back-offset: {said}"]
    (project / "printgen.yaml").write_text("back-offset: 9.5, -0.5\n", encoding="utf-8")
    set_here = printgen(project, *args)
    assert set_here.code == 0
    assert set_here.err.splitlines() == [f"printgen.yaml:1:14: warning: {said}"]


def test_a_back_offset_warning_names_each_deck_whose_backs_it_moves_off(
    demo: Path, printgen: Any
) -> None:
    """Two decks on one output's sheets: each is named with its own backs, as cards.json has
    them (a back whose box passes the page's edge)."""
    decks = demo / "cards" / "demo" / "decks"
    main = (decks / "main.yaml").read_text(encoding="utf-8")
    (decks / "extra.yaml").write_text(main.replace('name: "Deck"', 'name: "Extra"'), "utf-8")
    run = printgen(
        demo, "build", "demo", "--lang", "en", "--only", "cards", "--back-offset", "20,0"
    )
    assert run.code == 0, run.err
    data = _manifest(demo / "build" / "demo" / "en" / "cards.pdf")
    off = Counter(
        face["deck"]
        for face in data["faces"]
        if face["side"] == "back" and face["x_mm"] + face["width_mm"] > face["page_mm"][0] + 0.05
    )
    assert set(off) == {"main", "extra"}, off
    for deck, count in off.items():
        assert f"moves {count} backs of deck '{deck}' off the page" in run.err, run.err


def test_a_bleed_wider_than_the_paper_has_room_for_is_a_warning_and_cut_at_the_edge(
    demo: Path, printgen: Any
) -> None:
    """`bleed: 50mm` (meant as 5) flooded the margin, its crop marks, label and scale bar, and
    the build said nothing; cards.json gave 50 mm of bleed beside a card 10.5 mm from the
    paper's edge. A warning at the bleed line says what fits; the manifest gives what prints."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    size_line = next(n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith("size:"))
    args = ("build", "demo", "--lang", "en", "--only", "cards")
    ordinary = ("3mm", "0.125in", "5mm", "6mm", "0.25in")  # quiet, though wider than 5.5 mm
    for bleed, said in [*((b, False) for b in ordinary), ("7mm", True), ("50mm", True)]:
        deck.write_text(text.replace("\nsize:", f"\nbleed: {bleed}\nsize:", 1), "utf-8")
        run = printgen(demo, *args)
        assert run.code == 0, run.err
        warned = [ln for ln in run.err.splitlines() if "the 5.5 mm its cards leave" in ln]
        assert len(warned) == int(said), run.err
    assert warned[0].startswith(f"cards/demo/decks/main.yaml:{size_line}:8: warning: "), warned
    assert "a bleed of 50 mm" in warned[0] and "39.5 mm past the paper's edge" in warned[0], warned
    assert "wider than an ordinary bleed (up to 6.35 mm, a quarter inch) and than" in warned[0]
    assert warned[0].endswith("lower it to 6.35 mm or less (3 mm is usual)"), warned
    faces = _manifest(demo / "build" / "demo" / "en" / "cards.pdf")["faces"]
    for face in faces:
        width, height = face["page_mm"]
        left, bottom, right, top = face["bleed_mm"]
        assert face["x_mm"] - left >= -TOL and face["y_mm"] - bottom >= -TOL, face
        assert face["x_mm"] + face["width_mm"] + right <= width + TOL, face
        assert face["y_mm"] + face["height_mm"] + top <= height + TOL, face
    assert max(face["bleed_mm"][0] for face in faces) == pytest.approx(10.5, abs=TOL)
    assert max(face["bleed_mm"][3] for face in faces) == pytest.approx(50.0, abs=TOL)  # fits


@pytest.mark.parametrize(
    ("bleed", "args"),
    [("6.35mm", ("--paper", "letter", "--back-offset", "0,-2")), ("50mm", ())],
    ids=["back-moved-off", "wide-bleed"],
)
def test_no_bleed_is_drawn_past_the_page_and_the_pdf_draws_what_cards_json_says(
    demo: Path, printgen: Any, bleed: str, args: tuple[str, ...]
) -> None:
    """A bleed running past the paper's edge was drawn there, past the page, while cards.json
    gave it cut at the edge: Letter backs moved 2 mm down clipped at y = -0.65 mm, A4 fronts
    bled 50 mm at x = -39.5 mm. Each card is clipped to its bleed cut at the edge."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("\nsize:", f"\nbleed: {bleed}\nsize:", 1), "utf-8")
    run = printgen(demo, "build", "demo", "--lang", "en", "--only", "cards", *args)
    assert run.code == 0, run.err
    pdf = demo / "build" / "demo" / "en" / "cards.pdf"
    drawn, sizes = placements(pdf), page_sizes(pdf)
    faces = _manifest(pdf)["faces"]
    assert sum(len(page) for page in drawn) == len(faces)
    for face in faces:
        width, height = sizes[face["page"] - 1]
        (card,) = [
            p
            for p in drawn[face["page"] - 1]
            if abs(p.x - face["x_mm"]) < TOL and abs(p.y - face["y_mm"]) < TOL
        ]
        assert card.bleed == pytest.approx(face["bleed_mm"], abs=TOL), (card, face)
        left, bottom, right, top = card.bleed
        assert card.x - left >= -TOL and card.y - bottom >= -TOL, card
        assert card.x + card.width + right <= width + TOL, card
        assert card.y + card.height + top <= height + TOL, card


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_an_ordinary_bleed_of_a_starter_game_is_never_warned(
    tmp_path: Path, printgen: Any, paper: str
) -> None:
    """`bleed: 0.125in` (the usual US bleed) on Letter was warned as wider than the 2.7 mm its
    cards leave, told to lower it to the usual 3 mm, itself wider and never warned. A bleed up
    to a quarter inch is quiet on any paper; one wider says to lower it to what is not warned."""
    assert printgen(tmp_path, "new", "g").code == 0
    deck = tmp_path / "cards" / "g" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    for bleed in ("0.125in", "3.175mm", "4mm", "5mm", "0.25in"):
        deck.write_text(text.replace("\nsize:", f"\nbleed: {bleed}\nsize:", 1), "utf-8")
        run = printgen(tmp_path, "validate", "--paper", paper)
        assert run.code == 0 and "warning" not in run.err, (bleed, run.err)
    deck.write_text(text.replace("\nsize:", "\nbleed: 8mm\nsize:", 1), "utf-8")
    run = printgen(tmp_path, "validate", "--paper", paper)
    warned = [ln for ln in run.err.splitlines() if "a bleed of 8 mm" in ln]
    assert len(warned) == 1 and warned[0].endswith("lower it to 6.35 mm or less (3 mm is usual)")
    deck.write_text(text.replace("\nsize:", "\nbleed: 6.35mm\nsize:", 1), "utf-8")
    assert "warning" not in printgen(tmp_path, "validate", "--paper", paper).err  # as it says


@pytest.mark.parametrize(("duplex", "upright"), [("long", True), ("short", False), ("fold", True)])
def test_backs_read_upright_when_the_cut_card_is_turned_like_a_page(
    root: Path, duplex: str, upright: bool
) -> None:
    """A portrait sheet turned over its short edge puts the backs upside down under their
    fronts: they are printed upside down, so that a cut card turned over like a page shows its
    back's title upright, as on a long-edge sheet or a sheet folded left over right."""
    pdf = _cards(root, WM, "--duplex", duplex, "--out", str(root / f"turned-{duplex}"))
    backs = 1 if duplex == "fold" else 2  # a fold sheet holds both sides on one page
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[backs - 1]
        title = [c for c in page.chars if c["size"] > 9 and c["text"].strip()]
        if duplex == "fold":  # its back half: the right half of the landscape page
            title = [c for c in title if c["x0"] > page.width / 2]
        assert title
        assert all((c["matrix"][0] > 0) == upright for c in title), duplex
    faces = _manifest(pdf)["faces"]
    backs_said = {f["rotation"] for f in faces if f["side"] == "back"}
    assert backs_said == {0 if upright else 180}  # the manifest says how each back is turned
    assert {f["rotation"] for f in faces if f["side"] == "front"} == {0}


def test_every_fold_sheet_keeps_its_50_mm_scale_bar_when_the_margins_are_short(
    tmp_path: Path,
) -> None:
    # tarot and mini cards folded on Letter: the right margin's stretches, cut by the fold
    # line, were a few mm too short for the bar and its caption, and 7 of 10 sheets had none
    from printgen.cli.commands import main
    from printgen.project import Project
    from printgen.starter import new_game

    new_game(Project.at(tmp_path), "g", ["en"])
    decks = tmp_path / "cards" / "g" / "decks"
    deck = (decks / "main.yaml").read_text(encoding="utf-8")
    assert "size: poker" in deck
    (decks / "main.yaml").write_text(deck.replace("size: poker", "size: tarot"), "utf-8")
    (decks / "mini.yaml").write_text(deck.replace("size: poker", "size: mini-euro"), "utf-8")
    out = tmp_path / "out"
    args = ["build", "g", "--only", "cards", "--paper", "letter", "--duplex", "fold"]
    assert main(["--project", str(tmp_path), *args, "--out", str(out)]) == 0
    pdf = out / "g" / "en" / "cards.pdf"
    width, height = page_sizes(pdf)[0]
    margin = 9.0  # mm: the label bands along the paper's edges
    for number, page in enumerate(lines(pdf), start=1):
        bars = [
            (x1, y1, x2, y2)
            for x1, y1, x2, y2 in page
            if abs(math.hypot(x2 - x1, y2 - y1) - 50.0) < 0.01
            and (
                min(x1, x2) > width - margin
                or max(x1, x2) < margin
                or min(y1, y2) > height - margin
                or max(y1, y2) < margin
            )
        ]
        assert len(bars) == 1, f"page {number}: {bars}"
    document = pypdfium2.PdfDocument(pdf)  # (pdfplumber reads turned text backwards)
    assert all("50 mm" in page.get_textpage().get_text_range() for page in document)


def _own_backed_game(folder: Path, wide: int, count: int, square: int) -> None:
    """``wide`` card types of 88 × 63 mm, ``count`` copies each with a back of its own, and
    ``square`` cards of 50 × 50 mm: sheets whose crop marks fall where the packing puts them."""
    _sized_game(folder, ("sq", "{width: 50mm, height: 50mm}", 1))
    decks = folder / "cards" / "mix" / "decks"
    head = (decks / "sq.yaml").read_text(encoding="utf-8").split("\ncards:")[0]
    card = '  - {{id: {}, count: {}, name: "{}", cost: 1, effect: "x", color: "#2d4f7c"{}}}\n'
    backed = ", back: {layout: mix-back}"
    wides = "".join(card.format(f"w{i}", count, f"W{i}", backed) for i in range(wide))
    squares = "".join(card.format(f"s{i}", 1, f"S{i}", "") for i in range(square))
    text = head.replace("50mm, height: 50mm", "88mm, height: 63mm") + "\ncards:\n" + wides
    (decks / "wide.yaml").write_text(text, encoding="utf-8")
    (decks / "sq.yaml").write_text(head + "\ncards:\n" + squares, encoding="utf-8")


def _bar_and_label_clearance(pdf: Path) -> list[float]:
    """Each front page's least distance (mm) from its scale bar, and from its label's letters,
    to a crop mark: every line drawn outside the cards' bleed boxes but the bar's own."""
    faces = _manifest(pdf)["faces"]
    clearances = []
    with pdfplumber.open(pdf) as document:
        for number, (page, drawn) in enumerate(zip(document.pages, lines(pdf), strict=True), 1):
            boxes = [
                (
                    f["x_mm"] - f["bleed_mm"][0] - TOL,
                    f["y_mm"] - f["bleed_mm"][1] - TOL,
                    f["x_mm"] + f["width_mm"] + f["bleed_mm"][2] + TOL,
                    f["y_mm"] + f["height_mm"] + f["bleed_mm"][3] + TOL,
                )
                for f in faces
                if f["page"] == number
            ]
            bars = [ln for ln in drawn if abs(math.hypot(ln[2] - ln[0], ln[3] - ln[1]) - 50) < TOL]
            if not bars or not boxes:
                continue
            x1, y1, x2, y2 = bars[0]
            flat = abs(y2 - y1) < TOL  # its ticks rise 2.2 mm from the line
            bar = (x1, y1, x2, y2 + 2.2) if flat else (x1 - 2.2, y1, x2, y2)
            marks = [
                _box(ln)
                for ln in drawn
                if not any(_overlap(_box(ln), b) or _within(_box(ln), b) for b in [bar, *boxes])
            ]
            letters = [
                (c["x0"] / MM, (page.height - c["bottom"]) / MM, c["x1"] / MM, c["top"] / MM)
                for c in page.chars
            ]
            letters = [
                (x0, y0, x1, page.height / MM - top)
                for x0, y0, x1, top in letters
                if not any(_overlap((x0, y0, x1, page.height / MM - top), b) for b in boxes)
            ]
            if not marks:  # a back: its crop marks are on its front
                continue
            assert letters, f"page {number}"
            clearances.append(min(_apart_by(a, m) for a in [bar, *letters] for m in marks))
    return clearances


def _box(line: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x1, y1, x2, y2 = line
    return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))


def _within(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return b[0] - TOL <= a[0] and a[2] <= b[2] + TOL and b[1] - TOL <= a[1] and a[3] <= b[3] + TOL


def _apart_by(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


@pytest.mark.parametrize(
    ("paper", "wide", "count", "square"),
    [("letter", 5, 3, 3), ("letter", 5, 1, 3), ("letter", 5, 4, 3), ("a4", 5, 3, 3)],
)
def test_the_scale_bar_and_label_keep_a_few_mm_clear_of_every_crop_mark(
    tmp_path: Path, paper: str, wide: int, count: int, square: int
) -> None:
    """Letter, five 88 × 63 mm types with backs of their own and three 50 × 50 mm cards: on
    page 3 the bar's zero tick stood 1 mm from a crop mark (x 157.7 mm), read as a double line
    by whoever measured it. The bar and the label keep a few mm from every mark (3 mm, or
    2.5 mm either side of a full bar centred between two marks)."""
    _own_backed_game(tmp_path, wide, count, square)
    clearances = _bar_and_label_clearance(_sized_build(tmp_path, "--paper", paper))
    assert clearances and min(clearances) >= 2.5, clearances


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_an_a4_poker_sheet_keeps_its_full_scale_bar_clear_of_its_crop_marks(
    root: Path, duplex: str
) -> None:
    """A4 poker sheets leave 63 mm between two crop marks, 5 mm short of a full bar 3 mm clear
    of both: every front printed the compact bar, its caption squeezed inside at 4 pt. The full
    bar goes there, centred, over 2.5 mm from each mark, its 5.5 pt caption beside it."""
    pdf = _cards(root, WM, "--duplex", duplex, "--out", str(root / f"a4-bar-{duplex}"))
    fronts = [n for n, page in enumerate(_manifest(pdf)["pages"]) if page["side"] == "front"]
    drawn_lines = lines(pdf)  # every page's, read once
    with pdfplumber.open(pdf) as document:
        for number, drawn in zip(fronts, [drawn_lines[n] for n in fronts], strict=True):
            page = document.pages[number]
            bar = next(ln for ln in drawn if abs(abs(ln[2] - ln[0]) - 50.0) < TOL)
            end, base = max(bar[0], bar[2]), bar[1]
            caption = "".join(
                c["text"]
                for c in page.chars
                if 0 < c["x0"] / MM - end < 8
                and abs((page.height - c["bottom"]) / MM - base) < 2
                and c["size"] == pytest.approx(5.5)
            )
            assert caption == "50 mm", (number, caption)
    clearances = _bar_and_label_clearance(pdf)
    assert len(clearances) == len(fronts) and min(clearances) >= 2.5, clearances


@pytest.mark.parametrize("side", ["bottom", "left"])
def test_a_scale_bar_written_again_is_the_one_its_sheet_would_draw(side: str) -> None:
    """The bar's operations, kept from its first sheet, are what drawing it again writes, page
    after page of one PDF, and a second PDF draws its own (its glyphs numbered its own way)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from printgen.draw import labels
    from printgen.layout.fonts import vera

    vera()
    bar = labels.Label(side, 12.0, None, 5.5)
    width, height = 297.0, 210.0

    def pages(kept: bool) -> list[list[str]]:
        canvas = Canvas(io.BytesIO())
        written = []
        for number in range(3):
            start = len(canvas._code)
            if kept:
                labels.draw_labels(canvas, [bar], width, height)
            else:
                labels._draw_label(canvas, bar, width, height)
            written.append(canvas._code[start:])
            canvas.drawString(0, 0, f"sheet {number} ½")  # its own text between
        return written

    assert pages(kept=True) == pages(kept=False)
    assert pages(kept=True)[1] == pages(kept=True)[0]


@pytest.mark.parametrize("order", [["main", "mission"], ["mission", "main"]])
def test_the_sheets_follow_game_yaml_s_decks_where_no_other_order_saves_a_sheet(
    tmp_path: Path, order: list[str]
) -> None:
    """18 poker cards and 8 tarot missions take 4 A4 sheets in either order: the sheets follow
    game.yaml's ``decks:``, as the README says. The largest card went first whatever it said,
    so a designer's main deck printed after its missions."""
    _sized_game(tmp_path, ("main", "poker", 18), ("mission", "tarot", 8), plain=True)
    game = tmp_path / "cards" / "mix" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + f"decks: [{', '.join(order)}]\n")
    pages = placements(_sized_build(tmp_path, "--duplex", "none"))
    assert len(pages) == 4
    printed = [p.deck for page in pages for p in sorted(page, key=lambda p: (-p.y, p.x))]
    assert printed == [order[0]] * printed.count(order[0]) + [order[1]] * printed.count(order[1])
    assert Counter(printed) == {"main": 18, "mission": 8}
    _apart(pages)
