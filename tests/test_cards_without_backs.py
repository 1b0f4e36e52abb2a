"""Cards without a back (a ``back: none`` deck) packed beside cards with one, read back from the
PDF: a back bleeds no more onto the blank back of its neighbour than its front does onto the
neighbour's front."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.cli.commands import main
from tests.printing import Placed, half_turn, page_sizes, placements, turned

TOL = 0.01
Box = tuple[float, float, float, float]  # left, bottom, right, top, mm

GAME = """\
id: g
title: "Test g"
languages: [en]
players: {min: 2, max: 2}
"""
WITH_BACKS = """\
name: "A"
size: poker
layout: card-base
back: {layout: back-base}
fields: {name: text, region: text}
cards:
  - {id: a1, count: 2, name: "A one", back: {fields: {name: "Back A1"}}}
  - {id: a2, count: 3, name: "A two"}
  - {id: a3, count: 2, name: "A three", back: {fields: {name: "Back A3"}}}
"""
WITHOUT_BACKS = """\
name: "B"
size: poker
layout: card-base
back: none
fields: {name: text}
cards:
  - {id: b1, count: COUNT, name: "B one"}
"""


def _build(root: Path, duplex: str, backless: int = 6) -> Path:
    """7 poker cards with a back and ``backless`` of the same size without one, on A4."""
    game = root / "cards" / "g"
    (game / "decks").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME, encoding="utf-8")
    (game / "rules.en.md").write_text("# Rules\n\nPlay.\n", encoding="utf-8")
    (game / "aid.en.md").write_text("# Aid\n\nPlay.\n", encoding="utf-8")
    (game / "decks" / "a.yaml").write_text(WITH_BACKS, encoding="utf-8")
    without = WITHOUT_BACKS.replace("COUNT", str(backless))
    (game / "decks" / "b.yaml").write_text(without, encoding="utf-8")
    out = root / "out"
    args = ["--project", str(root), "build", "--only", "cards", "--duplex", duplex]
    assert main([*args, "--out", str(out)]) == 0
    return out / "g" / "en" / "cards.pdf"


def _trim(p: Placed) -> Box:
    return p.x, p.y, p.x + p.width, p.y + p.height


def _bleed_box(p: Placed) -> Box:
    left, bottom, right, top = p.bleed
    return p.x - left, p.y - bottom, p.x + p.width + right, p.y + p.height + top


def _moved(box: Box, where: Callable[[tuple[float, float]], tuple[float, float]]) -> Box:
    """A box where turning (or folding) the sheet puts it."""
    (x1, y1), (x2, y2) = where((box[0], box[1])), where((box[2], box[3]))
    return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


def _overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    return a[0] < b[2] - TOL and b[0] < a[2] - TOL and a[1] < b[3] - TOL and b[1] < a[3] - TOL


def _backs_mirror_fronts(
    fronts: list[Placed],
    backs: list[Placed],
    where: Callable[[tuple[float, float]], tuple[float, float]],
) -> None:
    """Each back's printed bleed is its front's, turned with the sheet, and no back's bleed
    reaches the blank back of a card without one."""
    assert fronts and backs
    blanks = [_moved(_trim(f), where) for f in fronts if f.deck == "b"]
    for front in fronts:
        if front.deck == "b":
            continue
        box = _moved(_trim(front), where)
        (back,) = [b for b in backs if _trim(b) == pytest.approx(box, abs=TOL)]
        assert _bleed_box(back) == pytest.approx(_moved(_bleed_box(front), where), abs=TOL)
    for back in backs:
        assert not any(_overlap(_bleed_box(back), blank) for blank in blanks), back


@pytest.mark.parametrize("over", ["long", "short"])
def test_a_back_does_not_bleed_onto_the_blank_back_of_its_neighbour(
    tmp_path: Path, over: str
) -> None:
    """Sheet 1 holds 7 cards with a back and 2 without, sharing cut lines: the backs of the two
    beside them printed 3 mm of bleed where those cards have none, a stripe on each once cut.
    A back's side on a shared cut line gets no bleed, as its front's does not."""
    pdf = _build(tmp_path, over)
    pages, size = placements(pdf), page_sizes(pdf)[0]
    fronts, backs = pages[0], pages[1]
    assert sorted(p.deck for p in fronts) == ["a"] * 7 + ["b"] * 2
    _backs_mirror_fronts(fronts, backs, lambda point: turned(point, size, over))


@pytest.mark.parametrize(("backless", "sheets"), [(6, 3), (10, 3)])
def test_folding_cards_without_a_back_fill_the_empty_slot_of_a_fold_sheet(
    tmp_path: Path, backless: int, sheets: int
) -> None:
    """7 cards with a back fold 4 to a front half: the second sheet's 2 × 2 grid held 3 and
    left its fourth slot white, while every card without a back went to sheets of their own (10
    of them took two, 9 and 1). One takes the empty slot, sharing the grid's cut lines, its
    mirrored slot behind the fold blank, and the rest go 9 to a sheet."""
    pdf = _build(tmp_path, "fold", backless)
    pages, sizes = placements(pdf), page_sizes(pdf)
    assert len(pages) == sheets
    width, height = sizes[1]
    assert width > height  # halves side by side, the fold down the middle
    page = pages[1]
    fronts = [p for p in page if p.side == "front"]
    assert sorted(p.deck for p in fronts) == ["a", "a", "a", "b"]
    assert all(p.x + p.width < width / 2 for p in fronts)  # on the front half
    assert sorted(p.deck for p in page if p.side == "back") == ["a"] * 3
    (lone,) = [p for p in fronts if p.deck == "b"]
    left, bottom, right, top = _trim(lone)
    shared = [p for p in fronts if _trim(p)[2] == pytest.approx(left, abs=TOL)]
    shared += [p for p in fronts if _trim(p)[1] == pytest.approx(top, abs=TOL)]
    shared += [p for p in fronts if _trim(p)[0] == pytest.approx(right, abs=TOL)]
    shared += [p for p in fronts if _trim(p)[3] == pytest.approx(bottom, abs=TOL)]
    assert shared  # the grid's next card: one cut parts it from its neighbour
    backs = [p for p in page if p.side == "back"]
    _backs_mirror_fronts(fronts, backs, lambda point: half_turn(point, (width / 2, 0.0), (0, 1)))
    rest = [p for p in pages[2] if p.deck == "b"]
    assert len(rest) == len(pages[2]) == backless - 1
    assert sizes[2][0] < sizes[2][1]  # a whole portrait sheet, labelled fronts
