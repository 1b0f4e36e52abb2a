"""The print checks of a face measure only the boxes that can meet, and once a layout has as
many texts printing over others as are said, no more of the rest: 480 text boxes on one spot
on 70 cards took 139 s to validate (and 878 MB, a name kept for each pair on each card)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.layout import overlap
from printgen.layout.ink import Box
from printgen.layout.sweep import near_pairs
from tests.conftest import Run

BOXES = 60


def _stacked(demo: Path, boxes: int) -> None:
    """`boxes` text boxes on one spot of the starter's card."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = "demo-card:\n  extends: card-base\n  size: poker\n  elements:\n"
    added = "".join(
        f"    t{k}: {{type: text, x: 5, y: 70, w: 50, h: 10, text: 'Words {k}', size: 6}}\n"
        for k in range(boxes)
    )
    layouts.write_text(text.replace(head, head + added), encoding="utf-8")


def _measured(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the rectangles the overprint check compares."""
    count = [0]
    compare = overlap._overlap

    def counted(a: Box, b: Box) -> bool:
        count[0] += 1
        return compare(a, b)

    monkeypatch.setattr(overlap, "_overlap", counted)
    return count


def test_boxes_printing_over_each_other_on_every_card_are_measured_once_said(
    demo: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    _stacked(demo, BOXES)
    count = _measured(monkeypatch)
    run = printgen(demo, "validate", "demo")
    said = [row for row in run.err.splitlines() if "print" in row and " over " in row]
    assert len(said) == 11, run.err  # the first 10 boxes, then how many more
    assert said[10].endswith(
        f"warning: {BOXES - 11} more boxes in layout 'demo-card' print "
        "their text over another's [en, it]; move or shrink them so their "
        "texts do not meet"
    ), said[10]
    # every front in both languages, as many times over as boxes printed over each other
    assert " and 3 more" in said[0], said[0]  # the four fronts, counted
    fronts = 2 * 4
    pairs = BOXES * (BOXES - 1) // 2
    # each pair's boxes and then their lines were compared on every face: now all of them on
    # a language's first face, then only for the 10 boxes said
    assert count[0] < 2 * (2 * pairs) + fronts * 10 * BOXES * 2, count[0]


def _meet(a: Box, b: Box) -> bool:
    """The boxes overlap or touch, as comparing every pair finds it."""
    return a.left <= b.right and b.left <= a.right and a.top <= b.bottom and b.top <= a.bottom


def test_only_boxes_that_meet_are_paired() -> None:
    """The sweep finds exactly the pairs comparing all of them finds — touching edges,
    boxes drawn right to left, a coordinate not a number — and none of a grid of boxes apart."""
    rnd = random.Random(4)
    for _ in range(500):
        firsts = [_box(rnd) for _ in range(rnd.randint(0, 12))]
        seconds = [_box(rnd) for _ in range(rnd.randint(0, 12))]
        both = [(a, b) for a, b in near_pairs(firsts, seconds) if _meet(firsts[a], seconds[b])]
        assert both == [
            (a, b)
            for a in range(len(firsts))
            for b in range(len(seconds))
            if _meet(firsts[a], seconds[b])
        ]
        alone = [(a, b) for a, b in near_pairs(firsts) if _meet(firsts[a], firsts[b])]
        assert alone == [
            (a, b)
            for a in range(len(firsts))
            for b in range(a + 1, len(firsts))
            if _meet(firsts[a], firsts[b])
        ]
    grid = [
        Box(x * 10.0, y * 10.0, x * 10.0 + 8, y * 10.0 + 8) for x in range(30) for y in range(30)
    ]
    assert near_pairs(grid) == []


def _box(rnd: random.Random) -> Box:
    x = rnd.choice([rnd.uniform(0, 40), float(rnd.randint(0, 8))])
    y = rnd.choice([rnd.uniform(0, 40), float(rnd.randint(0, 8))])
    if rnd.random() < 0.03:
        x = math.nan
    w = rnd.choice([0.0, rnd.uniform(-5, 20), float(rnd.randint(0, 5))])
    h = rnd.choice([0.0, rnd.uniform(-5, 20), float(rnd.randint(0, 5))])
    return Box(x, y, x + w, y + h)
