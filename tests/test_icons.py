"""Tests for printgen.icons: every icon draws ink inside its box and nothing outside it.

Run as a script to write a gallery for eyeballing:
    python tests/test_icons.py OUT_DIR   (writes icons.pdf and icons.png there)
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printgen.draw.pdf import EMBEDDED_START
from printgen.icons import ICON_NAMES, LABEL_ICONS, draw_icon, has_icon, icon_library

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = [
    name
    for group in (
        # card games (Figli di un Magic minore; coins and victory points)
        "heart diamond club spade coin vp life damage block action graveyard exile draw tap",
        # randomisers (the symbol deck and the games on it)
        "switch-on switch-off rock paper scissors chess-king chess-queen chess-rook chess-bishop"
        " chess-knight chess-pawn wind-n wind-ne wind-e wind-se wind-s wind-sw wind-w wind-nw"
        " d4 d6 d8 d10 d12 d20 dash",
        # Generic
        "star check cross arrow-right players clock age",
    )
    for name in group.split()
]
# A game's own icons live next to it (cards/<game>/icons/), never in printgen's built-in set
GAME_ICONS = {
    "warriors-and-monks": "bean monk warrior war peace truce death wine",
    "costruttori-del-medioevo": "stone wood compass tile machine worker building wage",
    "blaster-e-spade-laser": "blaster laser-sword pawn-a pawn-b",
    "morra-navale": "ship hit miss counter",
}

SAMPLE_LABELS = {
    "d4": "4",
    "d6": "6",
    "d8": "8",
    "d10": "10",
    "d12": "12",
    "d20": "20",
    "coin": "3",
    "vp": "5",
    "heart": "2",
    "damage": "3",
    "block": "1",
    "star": "7",
}

BOX = 40.0  # icon box in the grid, points
PITCH = 64.0  # distance between box origins: leaves room for the overflow frame
COLS = 10
MARGIN = 24.0
SCALE = 5.0  # render scale: 1 pt = 5 px, so a box is 200 px
INK = 250  # a pixel darker than this (in grey) counts as ink

Box = tuple[int, int, int, int]  # left, top, right, bottom in image pixels


def _register_fonts() -> None:
    for name in ("Vera", "VeraBd"):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, f"{name}.ttf"))


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    _register_fonts()


def _grid() -> tuple[float, float, dict[str, tuple[float, float]]]:
    """Page width, height and the bottom-left corner of every icon's box."""
    rows = -(-len(ICON_NAMES) // COLS)
    width = 2 * MARGIN + (COLS - 1) * PITCH + BOX
    height = 2 * MARGIN + (rows - 1) * PITCH + BOX
    boxes = {
        name: (MARGIN + (i % COLS) * PITCH, MARGIN + (rows - 1 - i // COLS) * PITCH)
        for i, name in enumerate(ICON_NAMES)
    }
    return width, height, boxes


def _draw_grid(path: Path, color: str) -> None:
    width, height, boxes = _grid()
    c = Canvas(str(path), pagesize=(width, height), invariant=1, **EMBEDDED_START)
    for name, (x, y) in boxes.items():
        draw_icon(c, name, x, y, BOX, color, SAMPLE_LABELS.get(name))
    c.showPage()
    c.save()


def _render(pdf_path: Path, scale: float = SCALE) -> Image.Image:
    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        img: Image.Image = doc[0].render(scale=scale).to_pil().convert("RGB")
    finally:
        doc.close()
    return img


def _grey(img: Image.Image) -> Image.Image:
    return img if img.mode == "L" else img.convert("L")


def _extrema(band: Image.Image) -> tuple[int, int]:
    """Darkest and lightest value of a one-band image."""
    return cast(tuple[int, int], band.getextrema())


def _has_ink(img: Image.Image, box: Box) -> bool:
    lo, _ = _extrema(_grey(img).crop(box))
    return lo < INK


def _ink_bbox(img: Image.Image, box: Box) -> Box | None:
    mask = _grey(img).crop(box).point(lambda v: 255 if v < INK else 0)
    return mask.getbbox()


def _px_box(x: float, y: float, size: float, page_h: float, grow: float = 0.0) -> Box:
    """A square in PDF space (origin bottom-left), grown by `grow` pt, as an image crop box."""
    return (
        round((x - grow) * SCALE),
        round((page_h - (y + size + grow)) * SCALE),
        round((x + size + grow) * SCALE),
        round((page_h - (y - grow)) * SCALE),
    )


def _frame(x: float, y: float, size: float, page_h: float) -> list[Box]:
    """Four strips around a box: from 0.5 pt outside it (anti-aliasing slack) to 6 pt out."""
    o = _px_box(x, y, size, page_h, grow=6)
    g = _px_box(x, y, size, page_h, grow=0.5)
    return [
        (o[0], o[1], o[2], g[1]),
        (o[0], g[3], o[2], o[3]),
        (o[0], o[1], g[0], o[3]),
        (g[2], o[1], o[2], o[3]),
    ]


@pytest.fixture(scope="module")
def grid(tmp_path_factory: pytest.TempPathFactory) -> Image.Image:
    """The whole set drawn in black, labelled where an icon takes a label."""
    _register_fonts()
    path = tmp_path_factory.mktemp("icons") / "grid.pdf"
    _draw_grid(path, "#000000")
    return _render(path).convert("L")


# ---------------------------------------------------------------------------------
# Names and API


def test_names_cover_the_brief() -> None:
    assert set(REQUIRED) <= set(ICON_NAMES)
    assert list(ICON_NAMES) == sorted(set(ICON_NAMES))


@pytest.mark.parametrize(("game", "names"), sorted(GAME_ICONS.items()))
def test_a_games_own_icons_live_next_to_it(game: str, names: str) -> None:
    library = icon_library(ROOT, ROOT / "cards" / game)
    for name in names.split():
        assert library.path(name) == ROOT / "cards" / game / "icons" / f"{name}.svg"
        assert not has_icon(name), f"{name} is {game}'s: not a built-in icon"


def test_has_icon_agrees_with_names() -> None:
    for name in ICON_NAMES:
        assert has_icon(name)
    for name in ("", "nope", "Bean", "wind-x", "d100"):
        assert not has_icon(name)
    assert set(ICON_NAMES) >= LABEL_ICONS


def test_unknown_name_raises_key_error(tmp_path: Path) -> None:
    c = Canvas(str(tmp_path / "x.pdf"), **EMBEDDED_START)
    with pytest.raises(KeyError) as err:
        draw_icon(c, "unicorn", 0, 0, 20)
    assert err.value.args == ("unicorn",)


@pytest.mark.parametrize("color", ["red", "#12345", "#gg0000", "000000"])
def test_bad_colour_raises(tmp_path: Path, color: str) -> None:
    with pytest.raises(ValueError):
        draw_icon(Canvas(str(tmp_path / "x.pdf"), **EMBEDDED_START), "star", 0, 0, 20, color)


def test_short_hex_colour_draws_its_long_form(tmp_path: Path) -> None:
    """#f80 is #ff8800, as in CSS: the same orange star, pixel for pixel."""
    drawn = []
    for color in ("#f80", "#ff8800"):
        path = tmp_path / f"{color[1:]}.pdf"
        c = Canvas(str(path), pagesize=(40, 40), invariant=1, **EMBEDDED_START)
        draw_icon(c, "star", 10, 10, 20, color)
        c.showPage()
        c.save()
        drawn.append(_render(path))
    assert ImageChops.difference(*drawn).getbbox() is None
    middle = drawn[0].getpixel((drawn[0].width // 2, drawn[0].height // 2))
    assert middle == (255, 136, 0)


def test_bad_size_raises(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        draw_icon(Canvas(str(tmp_path / "x.pdf"), **EMBEDDED_START), "star", 0, 0, 0)


def test_import_loads_no_reportlab() -> None:
    """Importing the module must stay cheap: no ReportLab until something is drawn."""
    code = (
        "import sys, printgen\n"
        "before = set(sys.modules)\n"
        "import printgen.icons\n"
        "print(sorted(m for m in set(sys.modules) - before if m.startswith('reportlab')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------------------------
# Canvas state


STATE = (
    "_fillColorObj",
    "_strokeColorObj",
    "_lineWidth",
    "_lineCap",
    "_lineJoin",
    "_fontname",
    "_fontsize",
    "_fillMode",
    "_currentMatrix",
    "_dash",
)


@pytest.mark.parametrize("name", ICON_NAMES)
def test_canvas_state_is_restored(tmp_path: Path, name: str) -> None:
    c = Canvas(str(tmp_path / "x.pdf"), invariant=1, **EMBEDDED_START)
    c.setFillColorRGB(0.1, 0.2, 0.3)
    c.setStrokeColorRGB(0.4, 0.5, 0.6)
    c.setLineWidth(0.7)
    c.setFont("Vera", 9)
    c.translate(3, 4)
    before = {k: getattr(c, k, None) for k in STATE}
    code_before = len(c._code)
    draw_icon(c, name, 10, 10, 30, "#884400", "12")
    assert {k: getattr(c, k, None) for k in STATE} == before
    ops = " ".join(c._code[code_before:]).split()
    assert ops.count("q") == ops.count("Q") > 0  # every save has its restore


def test_canvas_state_is_restored_after_an_error(tmp_path: Path) -> None:
    c = Canvas(str(tmp_path / "x.pdf"), invariant=1, **EMBEDDED_START)
    c.setFillColorRGB(0.1, 0.2, 0.3)
    before = c._fillColorObj
    with pytest.raises(KeyError):  # the label font was never registered
        draw_icon(c, "d6", 0, 0, 30, label="6", label_font="NoSuchFont")
    assert c._fillColorObj == before
    ops = " ".join(c._code).split()
    assert ops.count("q") == ops.count("Q")


# ---------------------------------------------------------------------------------
# Rendering


def test_checker_sees_overflow(tmp_path: Path) -> None:
    """The frame check must be able to fail: a shape 1.5 pt too wide is caught."""
    path = tmp_path / "spill.pdf"
    c = Canvas(str(path), pagesize=(100, 100), invariant=1, **EMBEDDED_START)
    c.rect(30, 30, 41.5, 20, stroke=0, fill=1)
    c.showPage()
    c.save()
    img = _render(path)
    assert _has_ink(img, _px_box(30, 30, 40, 100))
    assert [_has_ink(img, part) for part in _frame(30, 30, 40, 100)] == [False, False, False, True]


@pytest.mark.parametrize("name", ICON_NAMES)
def test_icon_has_ink_inside_and_none_outside(grid: Image.Image, name: str) -> None:
    _, height, boxes = _grid()
    x, y = boxes[name]
    assert _has_ink(grid, _px_box(x, y, BOX, height)), f"{name}: nothing drawn"
    for part in _frame(x, y, BOX, height):
        assert not _has_ink(grid, part), f"{name}: ink outside its box at {part}"


@pytest.mark.parametrize("name", ICON_NAMES)
def test_icon_fills_most_of_its_box_with_a_margin(grid: Image.Image, name: str) -> None:
    """About 85-95 % of the box, and never clipped flat against the box edge."""
    _, height, boxes = _grid()
    inside = _px_box(*boxes[name], BOX, height)
    bbox = _ink_bbox(grid, inside)
    assert bbox is not None
    side = inside[2] - inside[0]
    left, top, right, bottom = bbox
    w, h = right - left, bottom - top
    assert max(w, h) >= 0.82 * side, f"{name}: too small ({w} x {h} of {side})"
    margin = round(0.015 * side)  # nothing in the outer 1.5 % of the box
    assert min(left, top, side - right, side - bottom) >= margin, f"{name}: touches its edge {bbox}"


def _rows_of_ink(tmp_path: Path, name: str) -> list[tuple[int, int] | None]:
    """Each pixel row of the icon drawn alone in black: its leftmost and rightmost ink."""
    path = tmp_path / f"{name}.pdf"
    c = Canvas(str(path), pagesize=(BOX, BOX), invariant=1, **EMBEDDED_START)
    draw_icon(c, name, 0, 0, BOX, "#000000")
    c.showPage()
    c.save()
    img = _grey(_render(path))
    pixels = list(img.tobytes())
    rows: list[tuple[int, int] | None] = []
    for y in range(img.height):
        row = pixels[y * img.width : (y + 1) * img.width]
        ink = [x for x, v in enumerate(row) if v < 128]
        rows.append((ink[0], ink[-1]) if ink else None)
    return rows


def test_the_d8_and_the_d10_have_different_shapes(tmp_path: Path) -> None:
    """The symbol deck's D8 and D10 printed the same diamond, on the cards and in the legend:
    the d8 is a diamond cut across by its middle line, the d10 a kite widest a third of the
    way down."""
    d8 = _rows_of_ink(tmp_path, "d8")
    inked = [y for y, row in enumerate(d8) if row]
    middle = (inked[0] + inked[-1]) // 2
    side = len(d8)
    cut = [y for y in range(middle - side // 10, middle + side // 10) if d8[y] is None]
    assert cut, "the d8 has no middle line across it"
    d10 = _rows_of_ink(tmp_path, "d10")
    inked = [y for y, row in enumerate(d10) if row]
    widths = [(r[1] - r[0], y) for y, r in enumerate(d10) if r]
    widest = max(widths)[1]
    assert (widest - inked[0]) / (inked[-1] - inked[0]) < 0.4, "the d10's kite is a diamond"


def test_icons_are_drawn_in_the_given_colour(tmp_path: Path) -> None:
    """Every pixel is the colour, white, or a mix of the two (tints, anti-aliasing)."""
    path = tmp_path / "red.pdf"
    _draw_grid(path, "#c01818")
    r, g, b = _render(path, scale=2).split()
    assert _extrema(ImageChops.difference(g, b))[1] <= 3  # no hue other than red
    assert _extrema(ImageChops.subtract(g, r))[1] <= 3
    assert _extrema(r)[0] >= 0xC0 - 3  # never darker than the colour
    assert _extrema(g)[0] <= 0x18 + 3  # and the colour itself is there


def test_holes_show_the_background(tmp_path: Path) -> None:
    """Cut-outs (the house's door) are real holes, not white paint, on a pastel card."""
    path = tmp_path / "hole.pdf"
    c = Canvas(str(path), pagesize=(100, 100), invariant=1, **EMBEDDED_START)
    c.setFillColorRGB(0.8, 0.9, 1.0)
    c.rect(0, 0, 100, 100, stroke=0, fill=1)
    builders = icon_library(ROOT, ROOT / "cards" / "costruttori-del-medioevo")
    builders.draw(c, "building", 0, 0, 100, "#000000")
    c.showPage()
    c.save()
    img = _render(path, scale=1)
    assert img.getpixel((50, 100 - 15)) == (204, 230, 255)  # in the door
    assert img.getpixel((25, 100 - 15)) == (0, 0, 0)  # in the wall


@pytest.mark.parametrize("name", sorted(LABEL_ICONS))
def test_label_is_drawn_only_when_given(tmp_path: Path, name: str) -> None:
    c = Canvas(str(tmp_path / "x.pdf"), invariant=1, **EMBEDDED_START)
    n = len(c._code)
    draw_icon(c, name, 0, 0, 40)
    assert "BT" not in " ".join(c._code[n:])
    n = len(c._code)
    draw_icon(c, name, 0, 0, 40, label="88")
    assert "BT" in " ".join(c._code[n:])


@pytest.mark.parametrize("name", sorted(set(ICON_NAMES) - LABEL_ICONS))
def test_other_icons_ignore_labels(tmp_path: Path, name: str) -> None:
    c = Canvas(str(tmp_path / "x.pdf"), invariant=1, **EMBEDDED_START)
    n = len(c._code)
    draw_icon(c, name, 0, 0, 40, label="9")
    assert "BT" not in " ".join(c._code[n:])


def test_long_label_shrinks_to_fit(tmp_path: Path) -> None:
    """A long label gets a smaller font than a short one, never a wider text."""
    sizes = {}
    for text in ("8", "888"):
        c = Canvas(str(tmp_path / "x.pdf"), invariant=1, **EMBEDDED_START)
        n = len(c._code)
        draw_icon(c, "d6", 0, 0, 100, label=text)
        found = re.search(r"/\S+ ([\d.]+) Tf", " ".join(c._code[n:]))
        assert found
        sizes[text] = float(found.group(1))
        assert pdfmetrics.stringWidth(text, "VeraBd", sizes[text]) <= 60
    assert sizes["888"] < sizes["8"]


def test_light_colour_gets_a_dark_label(tmp_path: Path) -> None:
    path = tmp_path / "light.pdf"
    c = Canvas(str(path), pagesize=(100, 100), invariant=1, **EMBEDDED_START)
    draw_icon(c, "d6", 0, 0, 100, "#ffee88", label="8")
    c.showPage()
    c.save()
    lo, _ = _extrema(_render(path, scale=1).convert("L"))
    assert lo < 40  # black digits on the pale die


# ---------------------------------------------------------------------------------
# Gallery (for people): python tests/test_icons.py OUT_DIR


def write_gallery(out_dir: Path) -> Path:
    """A page of named icons at 20 mm and at 3 mm, on white and on pastel, as PDF and PNG."""
    _register_fonts()
    out_dir.mkdir(parents=True, exist_ok=True)
    pdf = out_dir / "icons.pdf"
    mm = 72 / 25.4
    big, cell_w, cell_h, cols = 20 * mm, 28 * mm, 27 * mm, 10
    rows = -(-len(ICON_NAMES) // cols)
    width = 2 * 24 + cols * cell_w
    small_h = 4 * 14.0 + 20
    height = 2 * 24 + rows * cell_h + small_h
    c = Canvas(str(pdf), pagesize=(width, height), invariant=1, **EMBEDDED_START)
    pastels = ["#fde2e4", "#e2f0cb", "#dbe7f6", "#fff1c1"]
    inks = ["#000000", "#7a1f1f", "#1f4e7a", "#2f6b2f"]
    for i, name in enumerate(ICON_NAMES):
        col, row = i % cols, i // cols
        x = 24 + col * cell_w
        y = height - 24 - (row + 1) * cell_h
        c.setFillColor("#ffffff" if row % 2 == 0 else pastels[col % 4])
        c.rect(x, y, cell_w - 2, cell_h - 2, stroke=0, fill=1)
        c.setStrokeColorRGB(0.85, 0.85, 0.85)
        c.setLineWidth(0.3)
        c.rect(x + (cell_w - big) / 2, y + 8, big, big, stroke=1, fill=0)  # the box
        ink = inks[(row + col) % 4]
        draw_icon(c, name, x + (cell_w - big) / 2, y + 8, big, ink, SAMPLE_LABELS.get(name))
        c.setFillColorRGB(0, 0, 0)
        c.setFont("Vera", 6.5)
        c.drawCentredString(x + cell_w / 2, y + 2, name)
    # inline size, 3 mm, in running text on white and pastel backgrounds
    small = 3 * mm
    for line in range(4):
        y = 24 + line * 14
        c.setFillColor(["#ffffff", pastels[0], pastels[1], pastels[2]][line])
        c.rect(20, y - 3, width - 40, 13, stroke=0, fill=1)
        x = 24.0
        for name in ICON_NAMES[line * 20 : (line + 1) * 20]:
            c.setFillColorRGB(0, 0, 0)
            c.setFont("Vera", 8)
            c.drawString(x, y, name[:5])
            x += pdfmetrics.stringWidth(name[:5], "Vera", 8) + 1
            draw_icon(c, name, x, y - 1, small, "#000000", SAMPLE_LABELS.get(name))
            x += small + 6
    c.showPage()
    c.save()
    png = out_dir / "icons.png"
    doc = pdfium.PdfDocument(str(pdf))
    try:
        doc[0].render(scale=150 / 72).to_pil().save(png)
    finally:
        doc.close()
    return png


if __name__ == "__main__":
    print(write_gallery(Path(sys.argv[1] if len(sys.argv) > 1 else ".")))


def _unnamed_states(stream: Any, seen: set[int]) -> list[str]:
    """The graphics states and shadings a content stream uses (``/name gs``, ``/name sh``) that
    its own resources do not name — a page's or a form's, and every form it draws in turn."""
    resources = stream.get("/Resources")
    resources = resources.get_object() if resources is not None else {}
    data = (
        stream.get_contents().get_data() if hasattr(stream, "get_contents") else stream.get_data()
    )
    missing = []
    # an opacity (gs) and a gradient (sh): each names an entry of its own kind of resource
    for kind, operator in (("/ExtGState", b"gs"), ("/Shading", b"sh")):
        entries = resources.get(kind)
        named = set(entries.get_object().keys()) if entries is not None else set()
        used = re.findall(rb"/([^\s/\[\]<>(){}]+)\s+" + operator + rb"\b", data)
        missing += [f"/{name.decode()}" for name in used if f"/{name.decode()}" not in named]
    forms = resources.get("/XObject")
    for ref in forms.get_object().values() if forms is not None else ():
        form = ref.get_object()
        if form.get("/Subtype") == "/Form" and id(form) not in seen:
            seen.add(id(form))
            missing += _unnamed_states(form, seen)
    return missing


def test_an_icon_s_opacity_is_named_in_its_form_s_resources(bundled_build: Path) -> None:
    """Translucent icon parts (the ship's waves, opacity 0.4) set a graphics state inside the
    icon's form; ReportLab names states only in a page's resources, so the form's ``gs`` named
    nothing, and every viewer drew the waves solid."""
    from pypdf import PdfReader

    checked = 0
    for pdf in sorted(bundled_build.rglob("*.pdf")):
        for number, page in enumerate(PdfReader(pdf).pages, start=1):
            missing = _unnamed_states(page, set())
            assert not missing, f"{pdf.relative_to(bundled_build)} page {number}: {missing}"
            checked += 1
    assert checked > 200
    waves = bundled_build / "morra-navale" / "en" / "cards.pdf"
    assert b"/ExtGState" in waves.read_bytes()  # the ship's form names its opacity


GRADIENT = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>'
    '<linearGradient id="g"><stop offset="0" stop-color="#c00"/><stop offset="1" '
    'stop-color="#00c"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/>'
    "</svg>"
)


def test_an_icon_with_a_gradient_draws_and_names_its_shading(demo: Path) -> None:
    """Downloaded icons often have gradients: ReportLab cannot copy one to recolour it (an
    internal error), and names a shading only in a page's resources."""
    from pypdf import PdfReader

    from printgen.cli.commands import main

    (demo / "icons").mkdir()
    (demo / "icons" / "sunset.svg").write_text(GRADIENT, encoding="utf-8")
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("icon: coin", "icon: sunset", 1))
    assert main(["--project", str(demo), "build", "--lang", "en", "--only", "cards"]) == 0
    pdf = demo / "build" / "demo" / "en" / "cards.pdf"
    for number, page in enumerate(PdfReader(pdf).pages, start=1):
        assert not _unnamed_states(page, set()), f"page {number}"
    assert b"/Shading" in pdf.read_bytes()


def test_an_icon_element_without_a_colour_takes_the_game_s_icon_colour(demo: Path) -> None:
    """icon_colors: {star: red} makes every star red, an icon element's as its inline ones,
    unless the element names a colour of its own."""
    from printgen.cli.commands import main

    game = demo / "cards" / "demo"
    layouts = game / "layouts" / "demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8")
        + "    mark: {type: icon, x: 45, y: 70, w: 10, h: 10, name: star, decor: true}\n"
        + '    tick: {type: icon, x: 8, y: 70, w: 10, h: 10, name: star, color: "#1f5f8b", '
        + "decor: true}\n",
        encoding="utf-8",
    )
    game_yaml = game / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8") + 'icon_colors: {star: "#c1121f"}\n',
        encoding="utf-8",
    )
    argv = ["build", "--lang", "en", "--only", "cards", "--format", "png", "--dpi", "100"]
    assert main(["--project", str(demo), *argv, "--cards", "miner"]) == 0
    card = Image.open(demo / "build" / "demo" / "en" / "png" / "main" / "miner.png").convert("RGB")

    def colours(x_mm: float) -> set[object]:  # the colours in the icon's box, bleed included
        left, top, right, bottom = (round((v + 3) * 100 / 25.4) for v in (x_mm, 70, x_mm + 10, 80))
        return {rgb for _, rgb in card.crop((left, top, right, bottom)).getcolors(10_000) or ()}

    assert (0xC1, 0x12, 0x1F) in colours(45)  # the game's colour for stars
    assert (0x1F, 0x5F, 0x8B) in colours(8) and (0xC1, 0x12, 0x1F) not in colours(8)


def _coin_tokens(root: Path, cards: int = 1) -> list[str]:
    """A game 'tok' of coin tokens drawn as one labelled icon each (its value), no text
    element; the command line that validates it in a fresh process."""
    game = root / "cards" / "tok"
    (game / "decks").mkdir(parents=True)
    (game / "layouts").mkdir()
    (game / "game.yaml").write_text("title: Tokens\nlanguages: [en]\nplayers: 2\n")
    rows = [("one", "One", 1), ("two", "Two", 2)][:cards]
    (game / "decks" / "coins.yaml").write_text(
        "name: Coins\nsize: {width: 25mm, height: 25mm}\nlayout: coin\n"
        "fields: {name: text, value: integer}\ncards:\n"
        + "".join(f"  - {{id: {i}, count: 1, name: {n}, value: {v}}}\n" for i, n, v in rows)
    )
    (game / "layouts" / "coin.yaml").write_text(
        "coin:\n  elements:\n"
        '    v: {type: icon, x: 5, y: 5, w: 15, h: 15, name: coin, label: "{{ card.value }}"}\n'
    )
    (game / "rules.en.md").write_text("## Rules\n")
    (game / "aid.en.md").write_text("## Aid\n")
    return [sys.executable, "-m", "printgen", "validate", "--project", str(root)]


def test_a_layout_of_labelled_icons_alone_validates(tmp_path: Path) -> None:
    """A coin token drawn as one labelled icon, no text element: validate (a fresh process,
    where nothing else has registered Vera yet) checked the label's size with a font name
    ReportLab did not know, and ended in an internal error."""
    done = subprocess.run(_coin_tokens(tmp_path), capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.strip() == "tok: ok"


def test_a_label_on_an_icon_without_a_place_for_one_is_a_warning(tmp_path: Path) -> None:
    """label: on the designer's own icon (or a coin of their own in the built-in's place)
    printed nothing and validate said nothing: only printgen's own dice, coin … draw one."""
    argv = _coin_tokens(tmp_path, cards=2)
    own = tmp_path / "cards" / "tok" / "icons" / "coin.svg"
    own.parent.mkdir()
    own.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" '
        'r="5"/></svg>'
    )
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert done.stderr.splitlines() == [
        "cards/tok/layouts/coin.yaml:3:66: warning: layout 'coin' element 'v': icon 'coin' has "
        "no place for a label, so '1' is not printed; only printgen's own d4 d6 d8 d10 d12 d20 "
        "coin vp heart damage block star print one — put the text in a text element over the "
        "icon"
    ], done.stderr
    own.unlink()  # printgen's own coin: its label prints
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
