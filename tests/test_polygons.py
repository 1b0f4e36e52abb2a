"""Polygons and stars on a card (``type: polygon``, ``type: star``): where their corners print,
read back from the PDF, and the checks that measure shapes — text across a stroke, what a text
is printed on, art short of the bleed — measuring them along their outline."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from printgen.layout.evaluate import lay_out_game
from printgen.layout.face import LaidOutDeck, Shape
from printgen.layout.ink import Box
from printgen.layout.overlap import crosses
from printgen.layout.polygons import outline
from printgen.problems import Problems
from printgen.project import Project
from printgen.session import Session
from tests.conftest import MM, Run, manifest

YELLOW, RED = "#ffd54a", "#c62828"


def _add(demo: Path, lines: str) -> int:
    """The starter's demo-card made a blank card of its tint holding these element lines (no
    card-base elements near them); the line the first one is written on."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = text[: text.index("demo-card:")]
    card = (
        "demo-card:\n  size: poker\n  elements:\n"
        '    background: {type: rect, bleed: true, fill: "{{ card.tint }}"}\n'
    )
    layouts.write_text(head + card + lines, encoding="utf-8")
    return (head + card).count("\n") + 1


def _rgb(hex_colour: str) -> tuple[float, ...]:
    return tuple(round(int(hex_colour[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))


def _paths(page: Any, colour: str) -> list[list[tuple[float, float]]]:
    """The corners (mm from the page's bottom-left) of each path on the page filled in
    ``colour``, its closing point left out."""
    found = []
    for curve in page.curves:
        fill = curve.get("non_stroking_color")
        if isinstance(fill, tuple) and tuple(round(c, 3) for c in fill) == _rgb(colour):
            points = [(x / MM, (page.height - top) / MM) for x, top in curve["pts"]]
            found.append(points[:-1] if points[0] == points[-1] else points)
    return found


def _expected(
    face: dict[str, Any], box: tuple[float, float, float, float], turns: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """Corners at (degrees clockwise from straight up, fraction of the radius) on the circle
    a square box holds, in mm from the page's bottom-left."""
    x, y, w, h = box
    cx, cy = face["x_mm"] + x + w / 2, face["y_mm"] + face["height_mm"] - (y + h / 2)
    return [
        (cx + r * w / 2 * math.sin(math.radians(a)), cy + r * h / 2 * math.cos(math.radians(a)))
        for a, r in turns
    ]


def _close(got: list[tuple[float, float]], wanted: list[tuple[float, float]]) -> bool:
    return len(got) == len(wanted) and all(
        math.dist(g, w) < 0.01 for g, w in zip(got, wanted, strict=True)
    )


def _build(demo: Path, printgen: Callable[..., Run]) -> tuple[Path, list[dict[str, Any]]]:
    run = printgen(demo, "build", "demo", "--lang", "en", "--only", "cards", "--no-cache")
    assert (run.code, run.err) == (0, "")
    out = demo / "build" / "demo" / "en"
    return out / "cards.pdf", manifest(out / "cards.json")["faces"]


def test_a_hexagon_and_a_star_print_their_corners_where_the_maths_says(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A hexagon stands on a flat edge (its top flat too), a star has a point straight up, each
    on the circle its square box holds; ``angle:`` turns it clockwise; a star's points may be
    an expression (the starter's miner costs 0, its merchant 2)."""
    _add(
        demo,
        f'    hex: {{type: polygon, x: 40, y: 15, w: 18, h: 18, fill: "{YELLOW}", '
        'stroke: "#333333", stroke_width: 1.5}\n'
        f'    burst: {{type: star, x: 40, y: 36, w: 18, h: 18, fill: "{RED}", '
        'stroke: "#000000", points: "{{ card.cost + 5 }}", inner: 0.4}\n'
        "    tri: {type: polygon, sides: 3, angle: 90, x: 5, y: 30, w: 10, h: 10, "
        'fill: "#1565c0"}\n',
    )
    pdf_path, faces = _build(demo, printgen)
    miner = next(f for f in faces if f["card"] == "miner" and f["side"] == "front")
    merchant = next(f for f in faces if f["card"] == "merchant" and f["side"] == "front")
    assert miner["page"] == merchant["page"]
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[int(miner["page"]) - 1]
        hexagons, stars, triangles = (
            _paths(page, YELLOW),
            _paths(page, RED),
            _paths(page, "#1565c0"),
        )
    hexagon = _expected(miner, (40, 15, 18, 18), [(210 + 60 * k, 1) for k in range(6)])
    assert any(_close(path, hexagon) for path in hexagons), hexagons[:1]
    top = sorted(hexagon, key=lambda p: -p[1])[:2]
    assert abs(top[0][1] - top[1][1]) < 1e-9  # its top is an edge, level
    five = _expected(miner, (40, 36, 18, 18), [(36 * k, 1 - 0.6 * (k % 2)) for k in range(10)])
    seven = _expected(
        merchant, (40, 36, 18, 18), [(360 / 14 * k, 1 - 0.6 * (k % 2)) for k in range(14)]
    )
    assert any(_close(path, five) for path in stars), stars[:1]
    assert any(_close(path, seven) for path in stars), stars[:1]
    # a triangle points up; turned 90 degrees clockwise it points right
    right = _expected(miner, (5, 30, 10, 10), [(330, 1), (90, 1), (210, 1)])
    assert any(_close(path, right) for path in triangles), triangles[:1]


def test_a_polygon_is_stretched_to_its_box_as_an_ellipse_is() -> None:
    wide = Shape("polygon", 0.0, 0.0, 40.0, 10.0, sides=4)
    corners = outline(wide)
    assert min(x for x, _ in corners) == pytest.approx(20 - 20 * math.sqrt(0.5))
    assert max(y for _, y in corners) == pytest.approx(5 + 5 * math.sqrt(0.5))
    assert all(((x - 20) / 20) ** 2 + ((y - 5) / 5) ** 2 == pytest.approx(1) for x, y in corners)


# --- the checks that measure shapes ---------------------------------------------------------


def test_ink_is_measured_against_a_polygons_outline_not_its_box() -> None:
    hexagon = Shape("polygon", 10.0, 10.0, 20.0, 20.0, stroke="#000000", stroke_width=1.0, sides=6)
    assert crosses(Box(5, 19, 15, 21), hexagon)  # across its left corner
    assert not crosses(Box(15, 17, 25, 23), hexagon)  # inside, clear of every edge
    # in its box's corner, outside the hexagon's slanted edge: clear of it
    assert not crosses(Box(10.2, 10.2, 11.2, 11.2), hexagon)
    assert crosses(
        Box(10.2, 10.2, 11.2, 11.2), Shape("rect", 10.0, 10.0, 20.0, 20.0, stroke="#000")
    )


def test_a_stars_stroked_point_reaches_past_its_corner() -> None:
    """A thick stroke on a sharp point is mitred: its tip runs on past the corner, and ink
    there touches it."""
    star = Shape("star", 10.0, 10.0, 20.0, 20.0, stroke="#000000", stroke_width=8.0, sides=5)
    thin = Shape("star", 10.0, 10.0, 20.0, 20.0, stroke="#000000", stroke_width=0.5, sides=5)
    above = Box(19.5, 5.0, 20.5, 8.0)  # 2 mm above the top point, straight up
    assert crosses(above, star) and not crosses(above, thin)


def test_text_across_a_polygons_edge_is_an_error_and_text_inside_it_is_not(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    line = _add(
        demo,
        f'    hex: {{type: polygon, x: 38, y: 15, w: 20, h: 20, fill: "{YELLOW}", '
        'stroke: "#333333"}\n'
        "    inside: {type: text, x: 43, y: 21, w: 10, h: 8, text: 'In', size: 8, align: center}\n"
        "    across: {type: text, x: 28, y: 45, w: 20, h: 6, text: 'Across', size: 8}\n"
        f'    star: {{type: star, x: 20, y: 38, w: 20, h: 20, stroke: "{RED}"}}\n',
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line + 2}:13: the text of box 'across' in layout "
        "'demo-card' crosses the stroke of star 'star' on card 'miner' (Miner) (8 pt) and 3 "
        "more [en, it]; move or narrow the box so its text clears the line, or move the shape"
    ]


def test_text_a_thick_stars_point_runs_into_is_an_error(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A 20 pt stroke's mitre runs 8 mm past the star's top point, through a label above it:
    the quick filter grew the star's box by half the stroke only, and left the label out."""
    line = _add(
        demo,
        '    s: {type: star, x: 20, y: 45, w: 20, h: 20, stroke: "#000000", stroke_width: 20}\n'
        "    lbl: {type: text, x: 22, y: 33, w: 16, h: 7.5, text: 'HIT', size: 12, "
        "align: center, valign: bottom}\n",
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.startswith(
        f"cards/demo/layouts/demo.yaml:{line + 1}:10: the text of box 'lbl' in layout "
        "'demo-card' crosses the stroke of star 's'"
    ), run.err


def test_text_faint_on_a_hexagon_is_said_and_beside_it_in_its_box_is_not(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """What a text prints on is the polygon under its middle, not the box the polygon is in:
    in the box's corner, outside the hexagon, it is the card's pale tint."""
    line = _add(
        demo,
        '    hex: {type: polygon, x: 20, y: 20, w: 24, h: 24, fill: "#202020"}\n'
        '    inner: {type: text, x: 27, y: 28, w: 10, h: 8, text: "In", color: "#303030", '
        "size: 8}\n"
        '    corner: {type: text, x: 19, y: 19, w: 6, h: 5, text: "Out", color: "#303030", '
        "size: 6}\n",
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    faint = [row for row in run.err.splitlines() if "hard to read" in row]
    assert len(faint) == 1, run.err
    assert faint[0].startswith(f"cards/demo/layouts/demo.yaml:{line + 1}:")
    assert "box 'inner' in layout 'demo-card' prints #303030 on #202020 ('hex')" in faint[0]


def _laid_out(root: Path) -> tuple[list[LaidOutDeck], Problems]:
    session = Session(Project.at(root))
    game = session.game("demo")
    problems = Problems()
    resolved = session.resolved(game, problems)["en"]
    return lay_out_game(session.project, game, session.library(game), resolved, problems), problems


def test_a_filled_polygon_on_the_trim_short_of_the_bleed_is_a_warning(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """Measured on its outline: a triangle whose box reaches the bottom edge but whose base
    stops above it leaves no sliver; a square's edge on the trim does."""
    line = _add(
        demo,
        # a square of 30 / sqrt(2) mm, its left edge on the trim
        '    square: {type: polygon, sides: 4, x: -4.3934, y: 40, w: 30, h: 30, fill: "#123456"}\n'
        '    peak: {type: polygon, sides: 3, x: 30, y: 60, w: 28, h: 28, fill: "#654321"}\n',
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    warned = [row for row in run.err.splitlines() if "short of the 3 mm bleed" in row]
    assert len(warned) == 1 and f"demo.yaml:{line}:" in warned[0], run.err
    assert "element 'square' ends at the card's left edge" in warned[0]
    # bleed: true runs the box on, not the corners: the advice is the box's, not bleed: true
    assert warned[0].endswith(
        "a polygon's corners lie on the ellipse its box holds: make the box reach past the "
        "bleed's edge, or stop the shape well inside the card"
    ), warned[0]


def test_a_polygon_keeps_its_proportions_on_another_card_size_and_shares_its_form(
    demo: Path,
) -> None:
    """Resized to a tarot card, a hexagon stays regular; drawn alike on every card (its fill
    the card's colour alone differing), it keeps its corners and angle on each."""
    _add(
        demo,
        "    hex: {type: polygon, x: 40, y: 15, w: 18, h: 18, angle: 15, "
        'fill: "{{ card.color }}"}\n'
        "    plain: {type: star, points: 7, x: 5, y: 60, w: 10, h: 10, fill: '#000000'}\n",
    )
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "size: tarot"))
    decks, problems = _laid_out(demo)
    assert not problems.errors, problems.errors
    shapes = [op for _, face in decks[0].fronts for op in face.ops if isinstance(op, Shape)]
    hexes = [op for op in shapes if op.kind == "polygon"]
    assert len(hexes) == 4 and len({op.fill for op in hexes}) > 1
    assert {(op.w, op.h, op.sides, op.angle) for op in hexes} == {(hexes[0].w,) * 2 + (6, 15.0)}
    assert hexes[0].w > 18  # stretched as much as the card's narrower way
    stars = [op for op in shapes if op.kind == "star"]
    assert len({id(op) for op in stars}) == 1 and id(stars[0]) in decks[0].shared
