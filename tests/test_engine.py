"""The engine's parts on their own: sheet geometry, text fitting, generators, safe YAML."""

from __future__ import annotations

import math
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from printgen.draw.sheets import EDGE, Placement, Sheet, back_origin, crop_marks, plan_grid
from printgen.layout import text
from printgen.layout.face import Face
from printgen.layout.fonts import vera
from printgen.model.game import CardShape, Side
from printgen.model.units import CARD_PRESETS, PAPER_SIZES, parse_length
from printgen.options import Duplex
from printgen.problems import ProjectError
from printgen.source import generate
from printgen.source import pairwise as balance
from printgen.source.located_yaml import read_yaml


@pytest.mark.parametrize("preset", sorted(CARD_PRESETS))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_preset_fits_with_marks_clear_of_the_paper_edge(preset: str, paper: str) -> None:
    w, h = CARD_PRESETS[preset]
    grid = plan_grid(w, h, 3.0, PAPER_SIZES[paper])
    assert grid.per_page >= 1
    assert grid.cols * grid.cell_w <= grid.paper_w - 2 * EDGE
    assert grid.rows * grid.cell_h <= grid.paper_h - 2 * EDGE
    face = Face("k", "d", "c", Side.FRONT, "n", w, h, 3.0, CardShape.RECT)
    full = Sheet(
        "front", grid, [Placement(face, *grid.trim_origin(i)) for i in range(grid.per_page)], False
    )
    marks = crop_marks(full)
    assert len(marks) == 2 * (2 * grid.cols + 2 * grid.rows)
    for x1, y1, x2, y2 in marks:
        assert abs(x1 - x2) + abs(y1 - y2) >= 2.0  # long enough to see
        for x in (x1, x2):
            assert EDGE - 1e-9 <= x <= grid.paper_w - EDGE + 1e-9
        for y in (y1, y2):
            assert EDGE - 1e-9 <= y <= grid.paper_h - EDGE + 1e-9


def test_a_half_filled_sheet_gets_marks_around_its_cards_only() -> None:
    grid = plan_grid(63, 88, 3, PAPER_SIZES["a4"])
    face = Face("k", "d", "c", Side.FRONT, "n", 63, 88, 3.0, CardShape.RECT)
    placed = [Placement(face, *grid.trim_origin(i)) for i in range(2)]  # two of eight slots
    marks = crop_marks(Sheet("front", grid, placed, False))
    verticals = {x1 for x1, y1, x2, y2 in marks if x1 == x2}
    assert verticals == {placed[0].x, placed[0].x + 63, placed[1].x, placed[1].x + 63}
    lowest_card = min(p.y for p in placed) - 3
    assert all(min(y1, y2) >= EDGE - 1e-9 for _, y1, _, y2 in marks)
    assert any(max(y1, y2) <= lowest_card for _, y1, _, y2 in marks), "marks below the row"


def test_poker_on_a4_takes_the_orientation_with_most_cards() -> None:
    grid = plan_grid(63, 88, 3, PAPER_SIZES["a4"])
    assert (grid.paper_w, grid.paper_h, grid.cols, grid.rows) == (297, 210, 4, 2)


def test_backs_mirror_about_the_edge_the_sheet_turns_over() -> None:
    portrait = plan_grid(70, 120, 3, PAPER_SIZES["a4"])
    assert portrait.paper_w < portrait.paper_h
    assert back_origin(portrait, 10, 20, 70, 120, Duplex.LONG) == (210 - 10 - 70, 20)
    assert back_origin(portrait, 10, 20, 70, 120, Duplex.SHORT) == (10, 297 - 20 - 120)
    landscape = plan_grid(63, 88, 3, PAPER_SIZES["a4"])
    assert back_origin(landscape, 10, 20, 63, 88, Duplex.LONG) == (10, 210 - 20 - 88)


def test_lengths_in_every_unit() -> None:
    assert parse_length("2.5in") == pytest.approx(63.5)
    assert parse_length("1cm") == 10
    assert parse_length(3) == 3
    assert parse_length("72pt") == pytest.approx(25.4)
    with pytest.raises(ValueError, match="length"):
        parse_length("three")


def test_markup_runs_and_inline_icons() -> None:
    runs = text.parse("Gain **1** :bean: *now*\nthen", lambda name: name == "bean")
    assert [(r.text, r.bold, r.italic, r.icon, r.newline) for r in runs] == [
        ("Gain ", False, False, None, False),
        ("1", True, False, None, False),
        (" ", False, False, None, False),
        ("", False, False, "bean", False),
        (" ", False, False, None, False),
        ("now", False, True, None, False),
        ("", False, False, None, True),
        ("then", False, False, None, False),
    ]
    assert text.parse("at 10:30: :nope:", lambda name: False)[0].icon is None


def test_fit_shrinks_to_fit_and_gives_up_below_min_size() -> None:
    family = vera()
    runs = text.parse("word " * 60)
    roomy = text.fit(runs, family, 150, 200, 10, 6, 1.2)
    assert roomy is not None and roomy.size == 10
    tight = text.fit(runs, family, 150, 60, 10, 5, 1.2)
    assert tight is not None and 5 <= tight.size < 10
    assert text.fit(runs, family, 150, 20, 10, 6, 1.2) is None


def test_balanced_generator_has_exact_odds_and_is_reproducible() -> None:
    cards = generate.balanced(54, 7, {"wind": list("12345678"), "rps": ["r", "p", "s"]}, "-")
    winds = Counter(c.scope["symbols"]["wind"] for c in cards)
    assert winds == {**{str(i): 6 for i in range(1, 9)}, "-": 6}
    assert Counter(c.scope["symbols"]["rps"] for c in cards) == {"r": 18, "p": 18, "s": 18}
    again = generate.balanced(54, 7, {"wind": list("12345678"), "rps": ["r", "p", "s"]}, "-")
    assert [c.scope for c in cards] == [c.scope for c in again]
    other = generate.balanced(54, 8, {"wind": list("12345678"), "rps": ["r", "p", "s"]}, "-")
    assert [c.scope for c in cards] != [c.scope for c in other]


def test_balanced_generator_balances_every_pair_of_symbols() -> None:
    """Every pair of values of two symbols is within one card of a whole number nearest to
    count(a) · count(b) / cards (the dash left out), and every value keeps its exact count."""
    symbols: dict[str, list[Any]] = {
        "switch": ["on", "off"],
        "rps": ["r", "p", "s"],
        "d4": [1, 2, 3, 4],
        "d6": [1, 2, 3, 4, 5, 6],
        "wind": list("abcdefgh"),
        "d12": list(range(1, 13)),
    }
    cards = generate.balanced(54, 11, symbols, "-")
    columns = {name: [c.scope["symbols"][name] for c in cards] for name in symbols}
    for name, values in symbols.items():
        counts = Counter(columns[name])
        assert {counts[v] for v in values} == {54 // len(values)}, name
    names = list(symbols)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            cells = Counter(zip(columns[first], columns[second], strict=True))
            for x in symbols[first]:
                for y in symbols[second]:
                    expected = (54 // len(symbols[first])) * (54 // len(symbols[second])) / 54
                    low, frac = math.floor(expected), expected % 1
                    nearest = [low] * (frac <= 0.5) + [low + 1] * (frac >= 0.5)
                    assert min(abs(cells[x, y] - n) for n in nearest) <= 1, (first, x, second, y)


def test_balance_band_is_one_card_from_a_nearest_whole() -> None:
    assert balance.band(27, 13, 54) == (5, 8)  # 6.5: nearest 6 and 7, give or take one
    assert balance.band(4, 13, 54) == (0, 2)  # 0.96: nearest 1
    assert balance.band(18, 18, 54) == (5, 7)  # exactly 6
    assert balance.band(2, 4, 54) == (0, 1)  # 0.15: nearest 0


def test_product_generator_crosses_every_axis() -> None:
    combos = generate.product({"suit": ["h", "s"], "rank": [1, 2, 3]}, 2)
    assert len(combos) == 6 and all(c.count == 2 for c in combos)


def test_yaml_keeps_positions_and_refuses_duplicates(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\nb:\n  c: x\n", encoding="utf-8")
    data = read_yaml(path, "a.yaml")
    assert (data.at("b").line, data["b"].at("c").line, data["b"].at("c").col) == (3, 3, 6)
    path.write_text("a: 1\na: 2\n", encoding="utf-8")
    with pytest.raises(ProjectError, match=r"a\.yaml:2:1: key .a. appears twice"):
        read_yaml(path, "a.yaml")


def test_alias_bomb_stops_fast(tmp_path: Path) -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    lines += [
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)
    ]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(ProjectError, match="alias bomb"):
        read_yaml(path, "bomb.yaml")
    assert time.monotonic() - started < 2
