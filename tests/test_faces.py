"""Card faces a publisher would print: text clear of drawn frames and lines, no card's text
shrunk far below its siblings', Costruttori's own pictures and labelled rewards, icon credits."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.icons import fontawesome
from printgen.layout import fitting, overlap, text
from printgen.layout.evaluate import lay_out_game
from printgen.layout.face import Icon, LaidOutDeck, Shape, TextBox
from printgen.layout.fonts import vera
from printgen.layout.ink import Box, line_boxes
from printgen.layout.overlap import CLEARANCE, crosses
from printgen.problems import Problems
from printgen.project import Project
from printgen.session import Session
from tests.conftest import ROOT, Run, manifest, printed_in_trim_box

CDM = "costruttori-del-medioevo"
LAUREL_GREEN = "#2f6b2f"
SEED_CARDS = ("monk", "warrior", "war", "peace", "truce", "death", "wine")  # Warriors and Monks


def _frame(**kw: Any) -> Shape:
    """A 40 × 30 mm frame at (10, 10) stroked 1 pt, as a layout rect would give it."""
    return Shape(**{"kind": "rect", "x": 10.0, "y": 10.0, "w": 40.0, "h": 30.0, **kw})


# --- the crossing rule, geometry ------------------------------------------------------------


def test_ink_inside_a_frame_clear_of_its_inner_edge_does_not_cross() -> None:
    frame = _frame(stroke="#000000", stroke_width=1.0, radius=2.5)
    assert not crosses(Box(12, 12, 48, 20), frame)


def test_ink_touching_or_running_through_a_frame_crosses() -> None:
    frame = _frame(stroke="#000000", stroke_width=1.0)
    assert crosses(Box(5, 20, 30, 24), frame)  # runs through the left side
    assert crosses(Box(10.3, 20, 30, 24), frame)  # starts on the stroke
    # inside, but closer to the inner edge than the clearance: reads as touching
    assert crosses(Box(10.2 + CLEARANCE / 2, 20, 30, 24), frame)


def test_ink_wholly_outside_a_shape_does_not_cross() -> None:
    frame = _frame(stroke="#000000", stroke_width=1.0)
    assert not crosses(Box(55, 20, 70, 24), frame)


def test_a_rounded_corner_is_measured_on_the_curve() -> None:
    # a box just outside the corner's arc but inside the bounding rectangle: clear of it
    frame = _frame(stroke="#000000", stroke_width=0.5, radius=8.0)
    assert not crosses(Box(9.0, 9.0, 10.2, 10.2), frame)
    assert crosses(Box(9.0, 9.0, 10.2, 10.2), _frame(stroke="#000000", stroke_width=0.5))


def test_lines_and_ellipse_rings_cross_the_ink_they_pass_through() -> None:
    rule = Shape("line", 0.0, 22.0, 60.0, 0.0, None, "#000000", 0.6)
    assert crosses(Box(10, 20, 30, 24), rule)
    assert not crosses(Box(10, 25, 30, 29), rule)
    ring = Shape("ellipse", 0.0, 0.0, 24.0, 24.0, None, "#000000", 1.2)
    assert not crosses(Box(8, 10, 16, 14), ring)  # well inside the ring
    assert crosses(Box(2, 15, 22, 18), ring)  # wider than the ring's chord there


_NEAR = st.floats(-3.0, 3.0).map(lambda v: round(v, 2))  # mm off a shape's corner or edge
_CHANGES: dict[str, st.SearchStrategy[Any]] = {  # what each field of a shape may become
    "kind": st.sampled_from(["rect", "ellipse", "line"]),
    "x": st.floats(5.0, 15.0),
    "y": st.floats(5.0, 15.0),
    "w": st.floats(0.0, 40.0),
    "h": st.floats(0.0, 30.0),
    "radius": st.floats(0.0, 12.0),
    "stroke_width": st.floats(0.1, 8.0),
}


@given(
    st.fixed_dictionaries(_CHANGES),
    st.tuples(_NEAR, _NEAR, st.floats(0.5, 20.0), st.floats(0.5, 6.0)),
    st.fixed_dictionaries(_CHANGES),
)
@settings(max_examples=300, deadline=None)
def test_a_crossing_measured_before_is_answered_as_if_measured_again(
    drawn: dict[str, Any], near: tuple[float, float, float, float], other: dict[str, Any]
) -> None:
    """The geometry a layout repeats on every card is looked up, not measured again: a box
    and a shape measured once, then the shape moved, resized, rounded, stroked otherwise or
    made another kind (or the box moved), is another question — answered as a fresh
    measurement answers it, also once the remembered answers are dropped (kept few here)."""
    shape = Shape(stroke="#000000", **drawn)
    dx, dy, width, height = near  # the box starts near the shape's top-left corner
    ink = Box(shape.x + dx, shape.y + dy, shape.x + dx + width, shape.y + dy + height)
    kept = overlap._MEASURED_MAX
    overlap._MEASURED_MAX = 3
    try:
        # each field of the shape changed, then each edge of the box moved (by up to 5 mm)
        edges = {edge: other["x"] - 10.0 for edge in ("left", "top", "right", "bottom")}
        for field, value in [*other.items(), *edges.items()]:
            overlap._MEASURED.clear()
            assert crosses(ink, shape) == overlap._crosses(ink, shape)  # now remembered
            box, changed = ink, shape
            if field in edges:
                box = replace(ink, **{field: getattr(ink, field) + value})
            else:
                changed = replace(shape, **{field: value})
            for _ in range(4):  # the second time past the bound: dropped, measured again
                assert crosses(box, changed) == overlap._crosses(box, changed)
    finally:
        overlap._MEASURED_MAX = kept
        overlap._MEASURED.clear()


# --- the crossing rule, in a build ----------------------------------------------------------


def _add_to_layout(
    project: Path, layout: str, lines: str, game: str = "warriors-and-monks"
) -> tuple[Path, int]:
    """Append element lines to a layout's `elements:`; the file and the first added line."""
    path = project / "cards" / game / "layouts" / f"{game}.yaml"
    source = path.read_text(encoding="utf-8").splitlines()
    start = source.index(f"{layout}:")
    at = next(i for i in range(start, len(source)) if source[i].strip() == "elements:") + 1
    source[at:at] = lines.splitlines()
    path.write_text("\n".join(source) + "\n", encoding="utf-8")
    return path, at + 1


def test_text_across_a_frame_is_an_error_at_the_layout_element(
    project: Path, printgen: Callable[..., Run]
) -> None:
    _, line = _add_to_layout(
        project,
        "wm-back",
        '    stamp: {type: text, x: 4.5, y: 70, w: 25, h: 6, text: "Prototype", decor: true}',
    )
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    found = [
        m
        for m in re.finditer(r"^(\S+):(\d+):(\d+): (.*)$", run.err, re.M)
        if "'stamp'" in m.group(4) and "crosses" in m.group(4)  # (black on green: faint too)
    ]
    assert found, run.err
    path, at, _, message = found[0].groups()
    assert (path, int(at)) == ("cards/warriors-and-monks/layouts/warriors-and-monks.yaml", line)
    assert "the back of deck 'main'" in message
    assert "rect 'inner'" in message or "rect 'frame'" in message
    assert "Traceback" not in run.err


def test_the_old_wm_back_title_is_reported_and_the_fixed_one_passes(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """The W&M back title once filled its inner frame's width and ran into it."""
    ok = printgen(project, "validate", "warriors-and-monks")
    assert ok.code == 0, ok.err
    assert "crosses" not in ok.err
    _add_to_layout(project, "wm-back", "    logo: {x: 6, w: 51}")
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    assert "box 'logo'" in run.err and "rect 'inner'" in run.err


@pytest.fixture
def expression_runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every template or expression that Jinja runs, by its source, from here on."""
    from printgen.sandbox import expressions

    runs: list[str] = []
    guarded = expressions._guarded

    def counted(source: str, run: Any, context: dict[str, Any]) -> Any:
        runs.append(source)
        return guarded(source, run, context)

    monkeypatch.setattr(expressions, "_guarded", counted)
    return runs


def test_an_expression_a_face_repeats_runs_once_and_its_error_is_reported_at_each_use(
    project: Path, printgen: Callable[..., Run], expression_runs: list[str]
) -> None:
    shade = "{{ '#aa3322' if game.title | length > 3 else '#000000' }}"
    path, line = _add_to_layout(
        project,
        "wm-back",
        f'    ring: {{type: ellipse, x: 8, y: 8, w: 47, h: 72, stroke: "{shade}", decor: true}}\n'
        f'    dot: {{type: rect, x: 55, y: 80, w: 2, h: 2, fill: "{shade}", stroke: "{shade}",'
        " decor: true}",
    )
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 0, run.err
    assert expression_runs.count(shade) == 2  # the back, once in each language
    decks, _ = _laid_out(project, "warriors-and-monks", "en")
    back = decks[0].back
    assert back is not None
    shapes = [op for op in back.ops if isinstance(op, Shape)]
    assert [s.stroke for s in shapes[-2:]] == ["#aa3322", "#aa3322"]
    assert shapes[-1].fill == "#aa3322"

    broken = "{{ game.nothing_here | upper }}"
    text = path.read_text(encoding="utf-8").replace(shade, broken)
    path.write_text(text, encoding="utf-8")
    failed = printgen(project, "validate", "warriors-and-monks", "--lang", "en")
    assert failed.code == 2
    reported = {
        (int(m[1]), m[2])
        for m in re.finditer(r"warriors-and-monks\.yaml:(\d+):\d+: .*'(\w+)' \w+: ", failed.err)
    }
    assert {(line, "ring"), (line + 1, "dot")} <= reported, failed.err


def test_an_expression_repeated_on_a_face_gives_each_card_its_own_value(
    project: Path, printgen: Callable[..., Run], expression_runs: list[str]
) -> None:
    """Remembered for one face, never across faces: each card's frame and band follow its id."""
    tone = "{{ '#aa3322' if card.id == 'monk' else '#223344' }}"
    path = project / "cards" / "warriors-and-monks" / "layouts" / "warriors-and-monks.yaml"
    text = path.read_text(encoding="utf-8")
    head = "wm-card:\n  extends: card-base\n"
    own = f'  elements:\n    frame: {{stroke: "{tone}"}}\n    band: {{fill: "{tone}"}}\n'
    path.write_text(text.replace(head, head + own, 1), encoding="utf-8")
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 0, run.err
    assert expression_runs.count(tone) == 2 * len(SEED_CARDS)  # once a front, in each language
    decks, _ = _laid_out(project, "warriors-and-monks", "en")
    for card, face in decks[0].fronts:
        shapes = {s.fill or s.stroke for s in face.ops if isinstance(s, Shape)}
        wanted, other = ("#aa3322", "#223344") if card.id == "monk" else ("#223344", "#aa3322")
        assert wanted in shapes and other not in shapes, card.id


def _laid_out(root: Path, game_id: str, lang: str) -> tuple[list[LaidOutDeck], Problems]:
    session = Session(Project.at(root))
    game = session.game(game_id)
    problems = Problems()
    resolved = session.resolved(game, problems)[lang]
    return lay_out_game(session.project, game, session.library(game), resolved, problems), problems


@pytest.mark.parametrize(
    "game_id",
    [
        "warriors-and-monks",
        CDM,
        "mazzo-dei-simboli",
        "figli-di-un-magic-minore",
        "blaster-e-spade-laser",
        "morra-navale",
    ],
)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_no_bundled_face_has_text_crossing_a_stroke(game_id: str, lang: str) -> None:
    _, problems = _laid_out(ROOT, game_id, lang)
    crossing = [str(p) for p in problems if "crosses the stroke" in p.message]
    assert crossing == []


_MINI_DECK = """name: "Waren"
size: mini-euro
back: none
layout: card-base
fields: {name: text, effect: text}
cards:
  - {id: a, count: 1, name: "NAME Baumaterialien", effect: "x"}
"""


@pytest.mark.parametrize(
    ("name", "crossing"),
    [
        ("Ol", False),
        # the umlaut's dots sit over the O's middle, clear of the frame's rounded corner; ß
        # is no taller than an l: both were measured as a line-wide accent and crossed it
        ("Öl", False),
        ("Äpfel", False),
        ("Übel", False),
        ("Fuß", False),
        # Î's circumflex does reach the corner's stroke at the line's left edge
        ("Îl", True),
    ],
)
def test_german_capitals_clear_card_base_frame_where_latin_capitals_do(
    demo: Path, printgen: Callable[..., Run], name: str, crossing: bool
) -> None:
    deck = demo / "cards" / "demo" / "decks" / "mini.yaml"
    deck.write_text(_MINI_DECK.replace("NAME", name), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    said = "the text of box 'title' in layout 'card-base' crosses the stroke of rect 'frame'"
    assert (said in run.err) == crossing, run.err
    assert run.code == (2 if crossing else 0), run.err


def test_an_accent_is_ink_over_its_letter_and_sharp_s_is_no_taller_than_ss() -> None:
    def inks(words: str) -> list[Box]:
        # one line, 10 pt, in a box 100 mm wide
        block = fitting.fit(text.parse(words), vera(), 283.0, 30.0, 10.0, 10.0, 1.2)
        assert block is not None and len(block.lines) == 1
        return line_boxes(block, 0.0, 0.0, 100.0, 20.0, "left", "top")

    plain, umlaut = inks("Ol"), inks("Öl")
    assert umlaut[0] == plain[0]  # the letters' ink, the same height
    accent = umlaut[1]
    assert accent.top < plain[0].top and accent.left > plain[0].left  # over the O, not the line
    assert accent.right < plain[0].right
    assert inks("Fuß")[0].top == inks("Fuss")[0].top
    assert inks("Fuß")[0].top > inks("Fuß Ö")[1].top  # still taller where an accent is


# --- text shrunk below its siblings ---------------------------------------------------------


def test_a_card_whose_text_shrinks_far_below_its_siblings_is_a_warning(
    project: Path, printgen: Callable[..., Run]
) -> None:
    deck = project / "cards" / "warriors-and-monks" / "decks" / "main.yaml"
    source = deck.read_text(encoding="utf-8")
    sentence = "In Peace time, for each Monk in play at the start of your turn, you gain"
    longer = " ".join([sentence] * 4)  # 6.5 pt beside 9.5 pt
    assert sentence in source
    deck.write_text(source.replace(sentence, longer, 1), encoding="utf-8")
    run = printgen(project, "build", "warriors-and-monks", "--only", "cards")
    assert run.code == 0, run.err
    warnings = [line for line in run.err.splitlines() if "warning:" in line and "shrink" in line]
    assert len(warnings) == 1, run.err
    assert "card 'monk' (Monk)" in warnings[0]
    assert "box 'effect'" in warnings[0] and "[en]" in warnings[0]
    assert warnings[0].startswith("cards/warriors-and-monks/decks/main.yaml:")


def test_bundled_cards_do_not_shrink_below_their_siblings() -> None:
    for game_id in ("warriors-and-monks", CDM, "figli-di-un-magic-minore", "mazzo-dei-simboli"):
        for lang in ("it", "en"):
            _, problems = _laid_out(ROOT, game_id, lang)
            assert [str(p) for p in problems if "had to shrink" in p.message] == []


# --- Costruttori: pictures, labels, the laurel ----------------------------------------------


def _fronts(decks: list[LaidOutDeck], deck_id: str) -> list[tuple[Any, Any]]:
    return next(laid.fronts for laid in decks if laid.deck.id == deck_id)


def _picture(face: Any) -> Icon:
    """The big picture of a Costruttori card: its largest icon."""
    icons = [op for op in face.ops if isinstance(op, Icon)]
    return max(icons, key=lambda op: op.w * op.h)


def _svg(icon: Icon) -> bytes:
    path = icon.library.path(icon.name)
    data = path.read_bytes() if path is not None else fontawesome.svg(icon.name)
    assert data is not None, icon.name
    return data


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_building_machine_and_worker_has_a_picture_of_its_own(lang: str) -> None:
    decks, _ = _laid_out(ROOT, CDM, lang)
    cards = [
        (card, face)
        for deck_id in ("buildings", "workers", "starters")
        for card, face in _fronts(decks, deck_id)
    ]
    assert len(cards) == 34 + 8 + 42 + 4  # buildings, machines, workers, starting apprentices
    pictures = [_picture(face) for _, face in cards]
    assert all(p.w >= 15 for p in pictures)  # the big picture, not a skill or coin icon
    forms = {_svg(p) for p in pictures}
    assert len(forms) == len(cards)  # distinct drawings, not only distinct names
    generic = {
        _svg(Icon(0, 0, 1, 1, n, "#000", None, pictures[0].library))
        for n in ("building", "machine", "worker")
    }
    assert not forms & generic


def _building_fronts(decks: list[LaidOutDeck]) -> list[tuple[Any, Any]]:
    return [(c, f) for c, f in _fronts(decks, "buildings")]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_vp_digit_stands_beside_the_laurel_not_on_it(lang: str) -> None:
    decks, _ = _laid_out(ROOT, CDM, lang)
    checked = 0
    for card, face in _building_fronts(decks):
        laurels = [op for op in face.ops if isinstance(op, Icon) and op.name == "vp"]
        if not laurels:
            continue
        (laurel,) = laurels
        assert laurel.label is None  # no digit drawn inside the wreath
        digits = [
            op
            for op in face.ops
            if isinstance(op, TextBox)
            and op.color == LAUREL_GREEN
            and text.plain([text.Run(p.text) for ln in op.block.lines for p in ln.pieces]).isdigit()
        ]
        assert len(digits) == 1, card.id
        digit = digits[0]
        assert (
            digit.x >= laurel.x + laurel.w
            or digit.x + digit.w <= laurel.x
            or digit.y >= laurel.y + laurel.h
            or digit.y + digit.h <= laurel.y
        ), card.id
        checked += 1
    assert checked == 34 - 6 + 8  # buildings from requirement 7 up, and the machines


@pytest.fixture(scope="module")
def cdm_build(bundled_build: Path) -> Path:
    return bundled_build / CDM


@pytest.mark.parametrize(("lang", "label"), [("it", "monete"), ("en", "coins")])
def test_the_coins_of_every_building_are_labelled(cdm_build: Path, lang: str, label: str) -> None:
    faces = [
        f
        for f in manifest(cdm_build / lang / "cards.json")["faces"]
        if f["deck"] == "buildings"
        and f["side"] == "front"
        and not f["card"].startswith("macchina-")
    ]
    assert len(faces) == 34
    with pdfplumber.open(cdm_build / lang / "cards.pdf") as pdf:
        for face in faces:
            words = printed_in_trim_box(pdf, face).split()
            assert label in words, face["card"]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_credits_name_font_awesome_when_a_game_shows_its_icons(
    cdm_build: Path, wm_build: Path, lang: str
) -> None:
    def last_page(path: Path) -> str:
        with pdfplumber.open(path) as pdf:
            return " ".join((pdf.pages[-1].extract_text() or "").split())

    credits = last_page(cdm_build / lang / "rulebook.pdf")
    assert "Font Awesome Free" in credits and "CC BY 4.0" in credits
    assert "Font Awesome" not in last_page(wm_build / lang / "rulebook.pdf")


def test_a_layout_constant_that_does_not_fit_is_reported_for_every_card(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """A layout element with no expression is worked out once a deck, but a problem it has
    is still each card's: every card printed with it is named."""
    path = project / "cards" / "warriors-and-monks" / "layouts" / "warriors-and-monks.yaml"
    motto = (
        "    motto: {type: text, x: 5, y: 78, w: 10, h: 4, size: 8, min_size: 8, "
        'text: "A motto far too long for its little box"}'
    )
    source = path.read_text(encoding="utf-8")
    head = "wm-card:\n  extends: card-base\n"
    path.write_text(source.replace(head, f"{head}  elements:\n{motto}\n"), encoding="utf-8")
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    named = set(re.findall(r"text of card '(\w+)' does not fit box 'motto'", run.err))
    # past five cards of one deck file, the rest are named on one line
    (rest,) = re.findall(r"text of \d+ more cards? \(([^;]*); \d+ in all\) does not fit", run.err)
    assert named | set(re.findall(r"'(\w+)'", rest)) == set(SEED_CARDS)


def test_a_marks_box_prints_as_its_own_bleed_whatever_came_before() -> None:
    """The box of a card drawn in place, as text: a bleed of -0 and of 0 are one cache key but
    print differently, so the order decks are drawn in cannot change a file's bytes."""
    from printgen.draw.faces import marked_box
    from printgen.layout.face import Face
    from printgen.model.game import CardShape, Side

    def face(bleed: float) -> Face:
        return Face("k", "main", "c", Side.FRONT, "C", 63, 88, bleed, CardShape.RECT)

    def direct(bleed: float) -> str:
        b = bleed * 72 / 25.4
        return " ".join(f"{v:.3f}" for v in (-b, -b, 63 * 72 / 25.4 + b, 88 * 72 / 25.4 + b))

    for first, then in ((-0.0, 0.0), (0.0, -0.0), (3, 3.0)):
        assert marked_box(face(first)) == direct(first)
        assert marked_box(face(then)) == direct(then)


@pytest.mark.parametrize(
    ("box", "said"),
    [
        # in the token's corner: inside the square 2 mm in, but the round cut goes through it
        ("x: 2, y: 2, w: 5, h: 5", True),
        ("x: 9, y: 2.5, w: 6, h: 6", False),  # at the top, inside the circle 2 mm in
        ("x: 2.5, y: 8, w: 19, h: 8", False),  # a wide box: its corners past the circle
    ],
)
def test_on_a_round_token_the_safe_zone_is_a_circle(
    project: Path, printgen: Callable[..., Run], box: str, said: bool
) -> None:
    """Costruttori's coins are cut round (24 and 28 mm, safe 2 mm): an icon in the corner
    passed the square check and was cut through; what an element draws (the ellipse its box
    holds) must stay inside the circle."""
    mark = f"    mark: {{type: icon, {box}, name: coin}}"
    _, line = _add_to_layout(project, "cdm-coin", mark, CDM)
    run = printgen(project, "validate", CDM)
    where = f"cards/{CDM}/layouts/{CDM}.yaml:{line}:11: layout 'cdm-coin' element 'mark' ("
    if said:
        assert run.code == 2
        assert (
            where in run.err
            and (
                "mm) leaves the safe zone (the circle 2 mm inside the round cut of 24 mm); move it "
                "toward the centre or mark it decor: true"
            )
            in run.err
        ), run.err
    else:
        assert (run.code, run.err) == (0, "")


def test_a_box_leaving_the_safe_zone_is_said_with_its_coordinates_named(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """'(1,74 9×9 mm)' read as 1.74 with the decimal comma a layout may write: x and y are
    named, and apart."""
    mark = "    mark: {type: icon, x: 1, y: 74, w: 9, h: 9, name: coin}"
    _, line = _add_to_layout(project, "wm-back", mark)
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    assert (
        f"layouts/warriors-and-monks.yaml:{line}:11: layout 'wm-back' element 'mark' "
        "(x 1, y 74, 9×9 mm) leaves the safe zone (3 mm inside the 63×88 mm trim)"
    ) in run.err, run.err


@pytest.mark.parametrize(("valign", "crossing"), [("top", True), ("bottom", False)])
def test_a_text_turned_upside_down_is_checked_where_its_ink_is(
    demo: Path, printgen: Callable[..., Run], valign: str, crossing: bool
) -> None:
    """Turned, a box's top-aligned text prints at its bottom: a line there crosses it."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = "demo-card:\n  extends: card-base\n  size: poker\n  elements:\n"
    assert head in text
    layouts.write_text(
        text.replace(
            head,
            head + f'    corner: {{type: text, x: 5, y: 40, w: 20, h: 14, text: "TOP", '
            f'style: title, color: "#000000", valign: {valign}, rotate: 180}}\n'
            "    hline: {type: line, x: 4, y: 52, x2: 30, y2: 52, stroke: '#000000'}\n",
        ),
        encoding="utf-8",
    )
    run = printgen(demo, "validate", "demo")
    said = "the text of box 'corner' in layout 'demo-card' crosses the stroke of line 'hline'"
    assert (said in run.err) == crossing, run.err


@pytest.mark.parametrize(
    ("size", "width"), [("poker", 63.0), ("mini-euro", 44.0), ("square", 70.0)]
)
def test_a_band_with_bleed_runs_off_the_edges_it_touches_only(
    demo: Path, size: str, width: float
) -> None:
    # bleed: true made a band of 12 mm at the top (x 0, y 0, w 63) cover the whole card: its
    # position and size were dropped, and validate said nothing
    _add_to_layout(
        demo,
        "demo-card",
        '    tab: {type: rect, x: 0, y: 0, w: 63, h: 12, bleed: true, fill: "#123456"}\n'
        '    side: {type: rect, x: 50, y: 30, w: 13, h: 20, bleed: true, fill: "#654321"}\n'
        '    patch: {type: rect, x: 20, y: 30, w: 10, h: 10, bleed: true, fill: "#abcdef"}',
        game="demo",
    )
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", f"size: {size}"))
    decks, problems = _laid_out(demo, "demo", "en")
    assert not problems.errors, problems.errors
    face = decks[0].fronts[0][1]
    shapes = {op.fill: op for op in face.ops if isinstance(op, Shape)}
    tab, side, patch = shapes["#123456"], shapes["#654321"], shapes["#abcdef"]
    assert (tab.x, tab.y, tab.w) == (-3.0, -3.0, width + 6.0)  # across, and off the top
    assert 0 < tab.y + tab.h < 20  # a band still, not the whole card
    assert side.x + side.w == width + 3.0 and side.x > width / 2  # off the right edge alone
    assert side.y > 0 and side.y + side.h < 60
    assert patch.x > 0 and patch.y > 0 and patch.w < 20  # inside: bleed has nothing to reach
    background = next(op for op in face.ops if isinstance(op, Shape))
    assert (background.x, background.y, background.w) == (-3.0, -3.0, width + 6.0)


def _cards_with(root: Path, printgen: Callable[..., Run], size: str, width: str) -> bytes:
    """The demo's English cards.pdf, its title style's size and a rule's stroke written so."""
    layouts = root / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8").replace(
        "demo-card:\n  extends: card-base\n  size: poker\n",
        "demo-card:\n  extends: card-base\n  size: poker\n"
        f"  styles:\n    title: {{size: {size}, min_size: {size}}}\n",
        1,
    )
    layouts.write_text(text + f"    rule: {{stroke_width: {width}}}\n", encoding="utf-8")
    run = printgen(root, "build", "demo", "--lang", "en", "--only", "cards", "--no-cache")
    assert run.code == 0, run.err
    return (root / "build" / "demo" / "en" / "cards.pdf").read_bytes()


def test_a_size_in_points_may_be_written_with_a_unit(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # "size: 14pt" (the README says a style's size is in pt) was refused: 'expected a number,
    # not '14pt''; a unit is read as the lengths' are, 0.125in being 9 pt
    from printgen.starter import new_game

    pdfs = []
    for name, size, width in (("bare", "9", "2"), ("units", "0.125in", "2pt")):
        root = tmp_path / name
        new_game(Project.at(root), "demo", ["en"])
        pdfs.append(_cards_with(root, printgen, size, width))
    assert pdfs[0] == pdfs[1]


def test_a_layout_number_may_be_written_with_a_decimal_comma(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    # 'leading: 1,2' and 'rotate: 180,0' were refused as 'expected a number, not '1,2'', and
    # dash: ["1,5", 2] as no dash lengths, while 'min_size: 6,5' was read: every number of a
    # layout now reads a decimal comma, and prints as written with a point
    from printgen.starter import new_game

    pdfs = []
    for name, mark in (("point", "."), ("comma", ",")):
        root = tmp_path / name
        new_game(Project.at(root), "demo", ["en"])
        layouts = root / "cards" / "demo" / "layouts" / "demo.yaml"
        added = (
            "    effect:\n      leading: 1{m}4\n      rotate: 180{m}0\n"
            '    seal: {{type: star, x: 49, y: 20, w: 9, h: 9, fill: "#8a5a00", angle: "22{m}5", '
            'inner: "0{m}4", stroke: "#000000", dash: ["1{m}5", 2], decor: true}}\n'
        )
        text = layouts.read_text(encoding="utf-8") + added.format(m=mark)
        layouts.write_text(text, encoding="utf-8")
        run = printgen(root, "build", "demo", "--lang", "en", "--only", "cards", "--no-cache")
        assert run.code == 0, run.err
        pdfs.append((root / "build" / "demo" / "en" / "cards.pdf").read_bytes())
    assert pdfs[0] == pdfs[1]


def test_a_size_in_points_in_no_known_unit_is_said_at_its_line(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8") + "    rule: {stroke_width: 2px}\n", encoding="utf-8"
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = len(layouts.read_text(encoding="utf-8").splitlines())
    assert (
        f"cards/demo/layouts/demo.yaml:{line}:26: layout 'demo-card' element 'rule' "
        "stroke_width: expected a number (of points: 9 or 9pt), not '2px'"
    ) in run.err


def test_a_box_no_line_of_text_fits_is_said_once_at_the_box(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """A box lower than one line at its min_size (cards made 5 mm wide, say) was said for every
    card, and every box of the layout: 17 lines for the starter's four cards. No text can fit
    it: it is said once, at the box, with the height a line needs."""
    path = project / "cards" / "warriors-and-monks" / "layouts" / "warriors-and-monks.yaml"
    motto = (
        '    motto: {type: text, x: 5, y: 80, w: 50, h: 2, size: 8, min_size: 8, text: "A motto"}'
    )
    source = path.read_text(encoding="utf-8")
    head = "wm-card:\n  extends: card-base\n"
    path.write_text(source.replace(head, f"{head}  elements:\n{motto}\n"), encoding="utf-8")
    line = source[: source.index(head)].count("\n") + 4
    run = printgen(project, "validate", "warriors-and-monks")
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/warriors-and-monks/layouts/warriors-and-monks.yaml:"
        f"{line}:12: box 'motto' of layout 'wm-card' is 2.0 mm high on the 63×88 mm cards "
        "of deck 'main': no line of text fits it, even at 8 pt (3.3 mm); make it taller, or "
        "the cards larger"
    ], run.err
