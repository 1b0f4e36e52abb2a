"""The icon library: SVG icons from the package, the project, the game and Font Awesome.

Each test reads back what a user gets: the PDF's vectors (pdfplumber), its content stream, or
its pixels (pypdfium2).
"""

from __future__ import annotations

import hashlib
import io
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from printgen.cli.commands import main
from printgen.draw.pdf import EMBEDDED_START
from printgen.icons import (
    BUILTIN_DIR,
    ICON_NAMES,
    IconLibrary,
    IconSource,
    icon_library,
)
from printgen.icons import fontawesome as fa
from printgen.icons.svg import SvgError, _parsed, parse

ROOT = Path(__file__).resolve().parent.parent

# A sail and a hull with a square hatch cut out of it (a compound path: a hole).
SAILBOAT = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<path fill="#ff0000" d="M256 32 L256 320 L96 320 Z"/>
<path fill="#ff0000" fill-rule="evenodd"
 d="M48 352 L464 352 L400 480 L112 480 Z M224 384 L288 384 L288 448 L224 448 Z"/>
</svg>
"""


def _project(tmp_path: Path) -> Path:
    """A project with its own icons and one game with its own."""
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "sailboat.svg").write_text(SAILBOAT)
    (tmp_path / "icons" / "anchor-mark.svg").write_text(SAILBOAT)
    (tmp_path / "icons" / "CREDITS.txt").write_text("Sailboat by Lorc, game-icons.net, CC BY 3.0\n")
    game = tmp_path / "cards" / "sea"
    (game / "icons").mkdir(parents=True)
    (game / "game.yaml").write_text("title: Sea\n")
    (game / "icons" / "wave.svg").write_text(SAILBOAT)
    return tmp_path


def _pdf(draw: list[tuple[IconLibrary, str, str]], size: float = 72.0) -> bytes:
    """A 1-page PDF with each icon drawn in its own size x size box, left to right."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(len(draw) * size, size), invariant=1, **EMBEDDED_START)
    for i, (library, name, color) in enumerate(draw):
        library.draw(canvas, name, i * size, 0, size, color)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _pixels(pdf: bytes, scale: float = 1.0) -> Image.Image:
    doc = pdfium.PdfDocument(pdf)
    try:
        img: Image.Image = doc[0].render(scale=scale).to_pil().convert("RGB")
    finally:
        doc.close()
    return img


# ---------------------------------------------------------------------------------
# Built-in icons are data


@pytest.mark.parametrize("name", ICON_NAMES)
def test_builtin_svg_parses_and_is_one_colour_with_holes(name: str) -> None:
    svg = (BUILTIN_DIR / f"{name}.svg").read_text()
    assert "#fff" not in svg.lower() and "white" not in svg  # cut-outs are holes, not paint
    assert 'fill-rule="evenodd"' in svg
    drawing = parse(svg.encode(), BUILTIN_DIR)
    assert drawing.width == drawing.height > 0


def test_builtin_icons_pass_every_check_a_projects_icons_get() -> None:
    """printgen's own icons are taken as they are, unchecked: checked as a project's icon
    folder is, they are the same icons and not one problem."""
    from printgen.icons.icon_folder import read_folder
    from printgen.icons.library import builtin_files

    checked, problems = read_folder(BUILTIN_DIR, IconSource.BUILTIN)
    assert problems == []
    assert checked == dict(builtin_files())


def test_package_data_ships_every_builtin_svg() -> None:
    """pip installs what pyproject's package-data globs match: every built-in file."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    globs = config["tool"]["setuptools"]["package-data"]["printgen.icons"]
    shipped = {p for pattern in globs for p in BUILTIN_DIR.parent.glob(pattern)}
    assert set(BUILTIN_DIR.rglob("*.svg")) == shipped
    assert len(shipped) >= len(ICON_NAMES)


def test_skull_eyes_and_monk_face_are_holes() -> None:
    """On a coloured card, the card's colour shows through the cut-outs."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 100), invariant=1, **EMBEDDED_START)
    canvas.setFillColorRGB(0.8, 0.9, 1.0)
    canvas.rect(0, 0, 200, 100, stroke=0, fill=1)
    wm = icon_library(ROOT, ROOT / "cards" / "warriors-and-monks")  # the game's own icons
    wm.draw(canvas, "death", 0, 0, 100, "#000000")
    wm.draw(canvas, "monk", 100, 0, 100, "#000000")
    canvas.showPage()
    canvas.save()
    img = _pixels(buffer.getvalue())
    card = (204, 230, 255)
    assert img.getpixel((36, 100 - 54)) == card  # the skull's left eye (36, 54)
    assert img.getpixel((50, 100 - 75)) == (0, 0, 0)  # the skull's forehead
    assert img.getpixel((100 + 50, 100 - 77)) == card  # the hood's opening, above the face
    assert img.getpixel((100 + 50, 100 - 20)) == (0, 0, 0)  # the robe


def test_a_deck_parses_each_svg_once() -> None:
    library = icon_library(ROOT, ROOT / "cards" / "warriors-and-monks")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, **EMBEDDED_START)
    library.draw(canvas, "wine", 0, 0, 20, "#101010")  # warm the cache for this file
    before = _parsed.cache_info()
    for i in range(68):
        library.draw(canvas, "wine", i, 0, 20, "#202020" if i % 2 else "#101010")
    after = _parsed.cache_info()
    assert after.misses == before.misses


# ---------------------------------------------------------------------------------
# Project and game icons


def test_override_order_game_then_project_then_builtin(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "icons" / "bean.svg").write_text(SAILBOAT)
    (root / "cards" / "sea" / "icons" / "sailboat.svg").write_text(SAILBOAT)
    project = icon_library(root, None)
    game = icon_library(root, root / "cards" / "sea")
    assert project.source("bean") is IconSource.PROJECT
    assert project.source("sailboat") is IconSource.PROJECT
    assert game.source("sailboat") is IconSource.GAME
    assert game.path("sailboat") == root / "cards" / "sea" / "icons" / "sailboat.svg"
    assert game.source("wave") is IconSource.GAME and not project.has("wave")
    assert game.source("heart") is IconSource.BUILTIN
    assert game.source("fa-anchor") is IconSource.FONT_AWESOME
    assert set(ICON_NAMES) | {"sailboat", "anchor-mark", "wave", "bean"} == set(game.names())
    with pytest.raises(KeyError):
        game.source("unicorn")


def test_project_icon_is_drawn_as_recoloured_vectors(tmp_path: Path) -> None:
    library = icon_library(_project(tmp_path), None)
    pdf = _pdf([(library, "sailboat", "#123456")])
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        assert not page.images  # vectors, not a picture
        shapes = page.curves + page.rects + page.lines
        assert shapes
        for shape in shapes:  # inside the 72 x 72 box
            assert shape["x0"] >= 0 and shape["x1"] <= 72
            assert shape["top"] >= 0 and shape["bottom"] <= 72
        fills = {tuple(round(c, 3) for c in s["non_stroking_color"]) for s in shapes}
    assert fills == {(round(0x12 / 255, 3), round(0x34 / 255, 3), round(0x56 / 255, 3))}
    content = _content(pdf)  # the content stream paints in that colour only
    assert re.search(r"\.070588 \.203922 \.337255 rg", content)
    assert " 1 0 0 rg" not in content  # the SVG's own red is gone


def _xobjects(holder: pypdf.generic.DictionaryObject) -> list[pypdf.generic.StreamObject]:
    """The XObjects in the resources of a page or a form."""
    resources = holder["/Resources"].get_object()
    assert isinstance(resources, pypdf.generic.DictionaryObject)
    table = resources.get("/XObject")
    if table is None:
        return []
    table = table.get_object()
    assert isinstance(table, pypdf.generic.DictionaryObject)
    found = []
    for ref in table.values():
        obj = ref.get_object()
        assert isinstance(obj, pypdf.generic.StreamObject)
        found.append(obj)
    return found


def _content(pdf: bytes) -> str:
    """The page's content stream and those of the forms it draws, decompressed."""
    page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
    contents = page.get_contents()
    assert contents is not None
    parts = [contents.get_data()]
    for form in _xobjects(page):
        assert str(form["/Subtype"]) == "/Form"  # an icon is never a picture
        parts.append(form.get_data())
    return b"\n".join(parts).decode("latin-1")


def _on_a_card(library: IconLibrary, name: str, ink: str) -> Image.Image:
    """The icon drawn in ``ink`` over a whole 512-point page of card colour (255, 230, 153)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(512, 512), invariant=1, **EMBEDDED_START)
    canvas.setFillColorRGB(1.0, 0.9, 0.6)
    canvas.rect(0, 0, 512, 512, stroke=0, fill=1)
    library.draw(canvas, name, 0, 0, 512, ink)
    canvas.showPage()
    canvas.save()
    return _pixels(buffer.getvalue())


def test_project_icon_hole_shows_the_card(tmp_path: Path) -> None:
    img = _on_a_card(icon_library(_project(tmp_path), None), "sailboat", "#000000")
    assert img.getpixel((256, 416)) == (255, 230, 153)  # the hatch: the card shows
    assert img.getpixel((150, 420)) == (0, 0, 0)  # the hull
    assert img.getpixel((230, 250)) == (0, 0, 0)  # the sail


# As game-icons.net serves an icon: a black square the size of the box, the drawing in white on it
GAME_ICONS_NET = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"'
    ' style="height: 512px; width: 512px;">'
    '<path d="M0 0h512v512H0z" fill="#000" fill-opacity="1"></path>'
    '<g transform="translate(0,0)" style="">'
    '<path d="M256 64 L448 448 L64 448 Z" fill="#fff" fill-opacity="1"></path></g></svg>'
)


def test_a_game_icons_net_icon_prints_its_drawing_not_its_background_square(
    tmp_path: Path,
) -> None:
    """Recoloured whole, the square and the drawing were one solid block."""
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "peak.svg").write_text(GAME_ICONS_NET)
    img = _on_a_card(icon_library(tmp_path, None), "peak", "#204080")
    assert img.getpixel((30, 30)) == (255, 230, 153)  # a corner: the card, no square
    assert img.getpixel((256, 350)) == (0x20, 0x40, 0x80)  # the triangle, in the icon's colour


def test_a_square_the_icon_is_made_of_stays(tmp_path: Path) -> None:
    """A shape covering the box is a background only with a drawing of another colour on it."""
    (tmp_path / "icons").mkdir()
    square = (  # a frame with a square hole and a dot in it: all the drawing, one colour
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<path fill-rule="evenodd" d="M0 0h10v10H0z M2 2v6h6V2z"/>'
        '<circle cx="5" cy="5" r="1"/></svg>'
    )
    (tmp_path / "icons" / "block.svg").write_text(square)
    image = _on_a_card(icon_library(tmp_path, None), "block", "#204080")
    assert image.getpixel((50, 50)) == (0x20, 0x40, 0x80)  # the frame
    assert image.getpixel((256, 256)) == (0x20, 0x40, 0x80)  # the dot
    assert image.getpixel((150, 256)) == (255, 230, 153)  # the hole: the card shows


def test_bad_icon_files_are_reported_not_drawn(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "icons" / "broken.svg").write_text("<svg this is not xml")
    (root / "icons" / "Big_Ship.svg").write_text(SAILBOAT)
    (root / "icons" / "fa-boat.svg").write_text(SAILBOAT)
    library = icon_library(root, None)
    problems = {p.path.name: p.message for p in library.check()}
    assert set(problems) == {"broken.svg", "Big_Ship.svg", "fa-boat.svg"}
    assert "not a readable SVG" in problems["broken.svg"]
    assert "lower-case" in problems["Big_Ship.svg"]
    assert not library.has("Big_Ship") and not library.has("big_ship")
    with pytest.raises(ValueError, match=r"broken\.svg"):
        _pdf([(library, "broken", "#000000")])


def test_svg_icon_reads_no_other_file(tmp_path: Path) -> None:
    """An icon's references to other files (here one outside the project) are never followed:
    an SVG holding an <image> is refused before it is parsed (svglib would decode a data: URI
    past the picture pixel limit, and ReportLab cannot draw the image in a form)."""
    (tmp_path / "project").mkdir()
    root = _project(tmp_path / "project")
    Image.new("RGB", (8, 8), "red").save(tmp_path / "secret.png")
    (root / "icons" / "peek.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        ' viewBox="0 0 10 10"><image width="10" height="10" xlink:href="../../secret.png"/>'
        '<rect width="5" height="5"/></svg>'
    )
    (problem,) = icon_library(root, None).check()
    assert problem.path.name == "peek.svg"
    assert problem.message.startswith("it embeds a raster image (an <image>, or a data:image/")


def test_stroked_svg_is_recoloured_and_unfilled_stays_unfilled(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "icons" / "ring.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<circle cx="5" cy="5" r="4" fill="none" stroke="#00ff00" stroke-width="1"/></svg>'
    )
    content = _content(_pdf([(icon_library(root, None), "ring", "#336699")]))
    assert re.search(r"\.2 \.4 \.6 RG", content)  # the stroke in the icon's colour
    form = content.split(" Do", 1)[1]
    assert re.search(r"\nS\n", form) and not re.search(r"\n[fFbB]\*?\n", form)  # stroked only
    assert "0 1 0 RG" not in content


# ---------------------------------------------------------------------------------
# Font Awesome


def test_font_awesome_icon_is_drawn_and_credited(tmp_path: Path) -> None:
    library = icon_library(_project(tmp_path), None)
    assert library.has("fa-anchor") and library.has("fa-regular-heart") and library.has("fa-github")
    assert not library.has("fa-no-such-icon") and not library.has("fa-")
    assert "fa-anchor" not in library.names()  # the catalogue lists them only on request
    pdf = _pdf([(library, "fa-anchor", "#aa0000"), (library, "fa-regular-heart", "#aa0000")])
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        assert not page.images
        assert [c for c in page.curves if c["x1"] <= 72] and [
            c for c in page.curves if c["x0"] >= 72
        ]
    assert library.credits(["heart", "fa-anchor", "fa-anchor"]) == (fa.CREDIT,)
    assert library.credits(["heart", "star"]) == ()
    assert library.credits(["sailboat", "fa-anchor"]) == (
        "Sailboat by Lorc, game-icons.net, CC BY 3.0",
        fa.CREDIT,
    )
    assert "CC BY 4.0" in fa.CREDIT


def test_font_awesome_is_imported_only_when_used() -> None:
    code = (
        "import io, sys\n"
        "from reportlab.pdfgen.canvas import Canvas\n"
        "from printgen.draw.pdf import EMBEDDED_START\n"
        "from printgen.icons import draw_icon, has_icon\n"
        "c = Canvas(io.BytesIO(), **EMBEDDED_START)\n"
        "assert has_icon('heart') and not has_icon('unicorn')\n"
        "draw_icon(c, 'heart', 0, 0, 20)\n"
        "print('fontawesome_free_pack' in sys.modules)\n"
        "draw_icon(c, 'fa-skull', 0, 0, 20)\n"
        "print('fontawesome_free_pack' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


# ---------------------------------------------------------------------------------
# Unknown names


def test_unknown_icon_names_the_closest(tmp_path: Path) -> None:
    library = icon_library(_project(tmp_path), None)
    assert "'sailboat'" in library.unknown_message("sailbot")
    assert library.unknown_message("sailbot", inline=True).startswith(
        "unknown inline icon ':sailbot:'; did you mean ':sailboat:'"
    )
    assert "'heart'" in library.unknown_message("hearts")
    assert "'fa-anchor'" in library.unknown_message("fa-ancor")
    assert not any(n.startswith("fa-") for n in library.suggest("anchor"))
    assert "printgen icons" in library.unknown_message("zzzzzz")


def test_a_picture_among_the_icons_is_said_to_be_no_icon(tmp_path: Path) -> None:
    """`:rope:` with icons/rope.png there was "unknown inline icon ':rope:'; did you mean
    ':scissors:'?": the designer's PNG icon, never read, was not named."""
    root = _project(tmp_path)
    Image.new("RGB", (8, 8)).save(root / "icons" / "rope.png")
    Image.new("RGB", (8, 8)).save(root / "cards" / "sea" / "icons" / "reef.JPG")
    library = icon_library(root, root / "cards" / "sea")
    assert library.unknown_message("rope", inline=True) == (
        "unknown inline icon ':rope:': icons/rope.png is a picture, not an icon: an icon is an "
        "SVG file (icons/rope.svg); place a picture with a layout element of type: image"
    )
    assert library.unknown_message("reef").startswith(
        "unknown icon 'reef': cards/sea/icons/reef.JPG is a picture, not an icon"
    )
    assert "did you mean" in library.unknown_message("sailbot")


# ---------------------------------------------------------------------------------
# printgen icons


def _text(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return "\n".join(page.extract_text() or "" for page in doc.pages)


def test_icons_command_lists_every_icon_reproducibly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _project(tmp_path)
    assert main(["--project", str(root), "icons"]) == 0
    said = capsys.readouterr().out.strip()
    assert re.fullmatch(r"wrote build/icons\.pdf: \d+ icons on 1 page", said), said
    out = root / "build" / "icons.pdf"
    words = set(_text(out).split())
    assert set(ICON_NAMES) | {"sailboat", "anchor-mark"} <= words
    assert "wave" not in words  # a game's own icon only in that game's catalogue
    first = out.read_bytes()
    assert main(["--project", str(root), "icons"]) == 0
    assert out.read_bytes() == first
    assert b"/FontFile2" in first and b"/Helvetica" not in first  # embedded fonts only

    (root / "cards" / "sea" / "decks").mkdir()
    (root / "cards" / "sea" / "decks" / "main.yaml").write_text(
        "cards:\n  - {id: storm, icon: fa-cloud-bolt, effect: 'Wind :fa-wind: and :fa-nope:.'}\n"
    )
    assert main(["--project", str(root), "icons", "sea"]) == 0
    game_words = set(_text(root / "build" / "sea" / "icons.pdf").split())
    assert {"wave", "sailboat", "heart"} <= game_words
    assert "Lorc," in game_words  # the credit line of the project's icon folder
    # the Font Awesome icons the game writes, and no other (there are 2,000)
    assert {
        w for w in game_words if w.startswith("fa-") and w not in ("fa-anchor", "fa-NAME,")
    } == {
        "fa-cloud-bolt",
        "fa-wind",
    }


def test_a_games_catalogue_shows_the_font_awesome_icons_its_workbook_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deck whose cards come from a workbook names its icons in cells: those are the game's
    Font Awesome icons as much as a CSV's or a YAML file's (they were left out)."""
    import openpyxl

    root = _project(tmp_path)
    decks = root / "cards" / "sea" / "decks"
    decks.mkdir()
    (decks / "suits.yaml").write_text("fields: {icon: icon}\ncards_from: suits.xlsx\n")
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in (["id", "count", "icon"], ["fire", 1, "fa-fire"], ["leaf", 1, "fa-leaf"]):
        sheet.append(row)
    book.save(decks / "suits.xlsx")
    # a file named .xlsx that is no workbook names nothing (build says what it is)
    (decks / "broken.xlsx").write_text("names fa-ship in plain text")
    assert main(["--project", str(root), "icons", "sea"]) == 0
    words = set(_text(root / "build" / "sea" / "icons.pdf").split())
    assert {w for w in words if w.startswith("fa-") and w not in ("fa-anchor", "fa-NAME,")} == {
        "fa-fire",
        "fa-leaf",
    }


def test_icons_command_unknown_game_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _project(tmp_path)
    assert main(["--project", str(root), "icons", "land"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no game 'land'" in err[0] and "sea" in err[0]
    assert not (root / "build").exists()


def test_the_icon_catalogue_is_there_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first thing a designer browses: it said 'no cards/ folder' in an empty folder."""
    assert main(["--project", str(tmp_path), "icons"]) == 0
    with pdfplumber.open(tmp_path / "build" / "icons.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    assert "star" in text and "spade" in text
    capsys.readouterr()
    assert main(["--project", str(tmp_path), "icons", "sea"]) == 2  # a game needs cards/


def test_font_awesome_icons_on_built_cards(project: Path) -> None:
    """A card type with `icon: fa-skull` and `:fa-anchor:` in its text: both print as vectors."""
    from fontawesome_free_pack import get_icon

    deck = project / "cards" / "warriors-and-monks" / "decks" / "main.yaml"
    source = deck.read_text(encoding="utf-8")
    source = source.replace("    icon: monk\n", "    icon: fa-skull\n", 1)
    monk_text = "'bean' if card.beans == 1 else 'beans' }} :bean:."
    assert monk_text in source
    source = source.replace(monk_text, "'bean' if card.beans == 1 else 'beans' }} :fa-anchor:.", 1)
    deck.write_text(source, encoding="utf-8")
    args = ["--project", str(project), "build", "warriors-and-monks", "--only", "cards"]
    assert main([*args, "--lang", "en"]) == 0
    pdf = project / "build" / "warriors-and-monks" / "en" / "cards.pdf"
    reader = pypdf.PdfReader(pdf)
    forms: set[str] = set()  # the forms that the card faces (themselves forms) draw
    for page in reader.pages:
        for face in _xobjects(page):
            resources = face["/Resources"].get_object()
            assert isinstance(resources, pypdf.generic.DictionaryObject)
            inner = resources.get("/XObject")
            assert inner is not None
            forms |= {str(name) for name in inner.get_object()}
    for slug in ("solid/skull", "solid/anchor"):  # each drawn from its own SVG, as a form
        icon = get_icon(slug)
        assert icon is not None
        key = hashlib.sha256(icon.svg.encode()).hexdigest()[:20]
        assert any(key in name for name in forms), slug
    with pdfplumber.open(pdf) as doc:
        assert not doc.pages[0].images and doc.pages[0].curves


def test_icons_command_says_an_unreadable_icon_at_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # validate said it at the file; the catalogue ended in an internal error (exit 1)
    root = _project(tmp_path)
    (root / "icons" / "broken.svg").write_text("x", encoding="utf-8")
    for args in (["icons"], ["icons", "sea"]):
        assert main(["--project", str(root), *args]) == 2
        said = capsys.readouterr()
        assert said.err.splitlines() == [
            "icons/broken.svg:1:1: icon: it is a text file (it begins 'x'), not an SVG drawing "
            "(an SVG's text begins with <svg or <?xml); save or export the drawing as SVG",
        ]
        assert said.out == "printgen: nothing written; fix the problems above\n"
    assert not (root / "build" / "icons.pdf").exists()


def test_a_games_catalogue_is_never_written_through_a_link_inside_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """build/sea leading elsewhere: icons.pdf was written wherever it led, over what was
    there; a build refuses the same link."""
    (tmp_path / "project").mkdir()
    root = _project(tmp_path / "project")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "icons.pdf").write_bytes(b"mine")
    (root / "build").mkdir()
    (root / "build" / "sea").symlink_to(elsewhere)
    assert main(["--project", str(root), "icons", "sea"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("printgen: cannot write ") and said.endswith(
        "build/sea: a link inside the output folder; remove the link (printgen makes the "
        "folder), or choose another --out folder\n"
    ), said
    assert (elsewhere / "icons.pdf").read_bytes() == b"mine"
    assert main(["--project", str(root), "icons"]) == 0  # build/icons.pdf: no link on its way
    assert (root / "build" / "icons.pdf").is_file()


def test_an_icon_painted_with_a_gradient_is_a_warning_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a gradient keeps its own colours: the icon printed in red on a card that asks for blue,
    # and validate said nothing
    root = _project(tmp_path)
    (root / "icons" / "pebble.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<defs><radialGradient '
        'id="g"><stop offset="0" stop-color="red"/></radialGradient></defs>\n'
        '<circle cx="5" cy="5" r="4" fill="url(#g)"/></svg>\n',
        encoding="utf-8",
    )
    from printgen.icons import unusable_icons
    from printgen.project import Project

    assert main(["--project", str(root), "icons", "--out", str(tmp_path / "out")]) == 0  # drawn
    assert "icons/pebble.svg:3:1: warning: icon: a gradient" in capsys.readouterr().err
    said = unusable_icons(Project.at(root), icon_library(root, root / "cards" / "sea"))
    assert [str(problem) for problem in said] == [  # as validate and build say it
        "icons/pebble.svg:3:1: warning: icon: a gradient or pattern (url(#…)) keeps its own "
        "colours where an icon is drawn in the one colour its text or element gives; use plain "
        "fills (or show it as a picture: type: image)"
    ]


def test_an_icon_with_a_mask_or_a_filter_is_a_warning_at_its_line(tmp_path: Path) -> None:
    """A ring made by masking a hole out of a disc printed as a full disc (the SVG converter
    leaves masks and filters out), and validate said nothing. A clip path is drawn: no word."""
    root = _project(tmp_path)
    defs = (
        '<defs><mask id="m"><rect width="10" height="10" fill="white"/>'
        '<circle cx="5" cy="5" r="2" fill="black"/></mask>'
        '<clipPath id="c"><rect width="5" height="10"/></clipPath></defs>\n'
    )
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n{}{}</svg>\n'
    (root / "icons" / "ring.svg").write_text(
        svg.format(defs, '<circle cx="5" cy="5" r="4" mask="url(#m)"/>'), encoding="utf-8"
    )
    (root / "icons" / "glow.svg").write_text(
        svg.format(defs, '<g style="filter: url(#f)"><circle cx="5" cy="5" r="4"/></g>'),
        encoding="utf-8",
    )
    (root / "icons" / "half.svg").write_text(
        svg.format(defs, '<circle cx="5" cy="5" r="4" clip-path="url(#c)"/>'), encoding="utf-8"
    )
    said = {p.path.name: (p.line, p.message, p.warning) for p in icon_library(root, None).check()}
    undrawn = (
        'a mask or filter (mask="url(#…)", filter="url(#…)") is not drawn: what it applies to '
        'prints whole, a hole it cuts filled; cut holes as paths (fill-rule="evenodd")'
    )
    assert said == {"ring.svg": (3, undrawn, True), "glow.svg": (3, undrawn, True)}


def test_an_icon_without_a_size_is_said_to_need_a_viewbox(tmp_path: Path) -> None:
    """A hand-written <svg> with no viewBox, width or height (a browser shows it) was "not a
    readable SVG file (no drawing, or a zero-sized viewBox)": it read, and it drew."""
    root = _project(tmp_path)
    (root / "icons" / "flag.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><rect x="10" y="10" width="50" height="20"/>'
        "</svg>\n",
        encoding="utf-8",
    )
    problems = {p.path.name: p.message for p in icon_library(root, None).check()}
    assert problems == {
        "flag.svg": "its <svg> has no size (no viewBox, nor a width and height, or one of them "
        '0): give it a viewBox around what it draws, viewBox="0 0 WIDTH HEIGHT"'
    }


def test_an_icon_cut_short_names_where_its_xml_breaks(tmp_path: Path) -> None:
    # saved half-way (a sync, a crash): svglib's parser recovers and made "no drawing", which
    # said nothing of the file being broken, nor where
    root = _project(tmp_path)
    cut = '<svg xmlns="http://www.w3.org/2000/svg">\n  <path d="M0 0 L10 10"'  # 23 characters
    (root / "icons" / "flame.svg").write_text(cut, encoding="utf-8")
    problems = {p.path.name: p.message for p in icon_library(root, None).check()}
    assert problems["flame.svg"] == (
        "not a readable SVG file (its XML is broken at line 2, column 24, where the file ends "
        "(saved only in part?): Couldn't find "
        "end of Start Tag path)"
    )


@pytest.mark.parametrize(
    ("content", "said"),
    [
        pytest.param(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
            '<path d="M0 0h1v10z"/>\n<path d="M2 0h1v10z"/>\n<path d',
            "its XML is broken at line 4, column 8, where the file ends (saved only in part?)",
            id="cut-after-two-shapes",
        ),
        pytest.param(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
            '<path d="M0 0h1v10z"/>\n<path d="M2 0h1v10z" <g/>\n<path d="M4 0h1v10z"/></svg>',
            "its XML is broken at line 3, column ",
            id="tag-left-open",
        ),
    ],
)
def test_an_icon_broken_after_some_shapes_is_said_where_it_breaks(
    tmp_path: Path, content: str, said: str
) -> None:
    # svglib's parser recovers: the shapes before the break were drawn, those after it left
    # out, and validate said ok
    root = _project(tmp_path)
    (root / "icons" / "flame.svg").write_text(content, encoding="utf-8")
    problems = {p.path.name: p.message for p in icon_library(root, None).check()}
    assert problems["flame.svg"].startswith(f"not a readable SVG file ({said}"), problems


@pytest.mark.parametrize(
    ("shape", "said"),
    [
        # svglib failed in Python's words: "Path.lineTo() missing 1 required positional …"
        ('<path d="M 1 1 L 5"/>', "its path data is malformed near 'L 5': "),
        # "(range() arg 3 must not be zero)"
        ('<path d="M 1 1 L zz 3 Q"/>', "its path data is malformed near 'L zz 3 Q': "),
        # the arc, or the transform, was left out without a word
        ('<path d="M1,1 A 5"/>', "its path data is malformed near 'A 5': "),
        ('<path transform="rotate(" d="M1 1L5 5"/>', "its transform is malformed near 'rotate(' "),
    ],
)
def test_malformed_path_data_or_transform_is_said_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shape: str, said: str
) -> None:
    root = _project(tmp_path)
    (root / "icons" / "flame.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<g>\n  {shape}\n</g>'
        "</svg>\n",
        encoding="utf-8",
    )
    assert main(["--project", str(root), "validate", "sea"]) == 2
    err = capsys.readouterr().err.splitlines()
    [line] = [said for said in err if said.startswith("icons/flame.svg")]
    assert line.startswith(f"icons/flame.svg:3:1: icon: {said}"), line
    assert "the drawing program that exported it wrote it wrong: export it again" in line


def test_path_data_and_transforms_as_svg_allows_them_are_read() -> None:
    """Compact flags, numbers run together, implicit line-tos, several transforms: no error."""
    shapes = (
        '<path d="m1,1a1 1 0 00 1 1z M1.5.5-3e-1,4L5 5 6 6z" transform="translate(1)scale(2,1)"/>'
        '<path d=" M 0,0 h1 v1 H0 c1 1 2 2 3 3 s1 1 2 2 q1 1 2 2 t1 1 Z " '
        'transform="matrix(1 0 0 1 0 0), rotate(45 5 5) skewX(-1e1)"/>'
    )
    parse(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{shapes}</svg>'.encode(), ROOT
    )


def _doubling(levels: int, drawn: int) -> bytes:
    """Groups each holding two uses of the one before, defined up to ``levels``; ``drawn`` used."""
    groups = ['<g id="g0"><rect width="1" height="1"/></g>'] + [
        f'<g id="g{i}"><use href="#g{i - 1}"/><use href="#g{i - 1}" x=".1"/></g>'
        for i in range(1, levels + 1)
    ]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>'
        + "".join(groups)
        + f'</defs><use href="#g{drawn}"/></svg>'
    ).encode()


def test_nested_uses_are_counted_before_svglib_draws_them() -> None:
    """Uses doubling at each of 15 levels (32,768 copies of a 1 kB file) were drawn by svglib
    until its limit, seconds for each language, before being refused; they are counted on the
    XML first."""
    from printgen.icons.svg import MAX_SVG_USE_EXPANSIONS
    from printgen.icons.svg_uses import use_counts

    assert (
        use_counts(_doubling(15, 15), MAX_SVG_USE_EXPANSIONS).expansions
        == MAX_SVG_USE_EXPANSIONS + 1
    )
    with pytest.raises(SvgError, match="nest into more than 2,000 copies"):
        _parsed("doubling-15", _doubling(15, 15), "/nowhere")
    # six levels: the groups' own uses (2 + 6 + … + 126, as svglib expands the defs too) and
    # the one drawn (1 + 14)
    assert use_counts(_doubling(6, 3), MAX_SVG_USE_EXPANSIONS).expansions == 240 + 15
    assert _parsed("doubling-6", _doubling(6, 3), "/nowhere").width > 0  # drawn
    endless = (
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">'
        b'<g id="a"><use href="#a"/></g></svg>'
    )
    assert use_counts(endless, 10).expansions == 11


def _side_by_side(uses: int, nesting: str = "") -> str:
    """An icon of ``uses`` uses of one square, none inside another, and ``nesting`` after."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<defs><rect id="r" width="1" height="1"/></defs>'
        + '<use href="#r"/>' * uses
        + nesting
        + "</svg>"
    )


def test_uses_side_by_side_are_bounded_by_what_they_copy_not_by_the_nesting_limit(
    tmp_path: Path,
) -> None:
    """2,001 uses of a square, none nested, were refused as nesting "into more than 2,000
    copies" (svglib counts every use), though the README allows 10,000 copies when uses do not
    nest; 10,001 are over that, and one nesting among 3,000 uses still counts as nesting."""
    root = _project(tmp_path)
    icons = root / "cards" / "sea" / "icons"
    (icons / "flat.svg").write_text(_side_by_side(2_001))
    (icons / "many.svg").write_text(_side_by_side(10_001))
    (icons / "nesting.svg").write_text(
        _side_by_side(3_000, '<g id="u"><use href="#r"/></g><use href="#u"/>')
    )
    library = icon_library(root, root / "cards" / "sea")
    problems = {p.path.name: p.message for p in library.check()}
    assert problems == {
        "many.svg": "its <use> elements copy 10,001 elements, over 10,000 (the limit for a "
        "vector picture); simplify it, or export it as a PNG",
        "nesting.svg": "its <use> elements nest into more than 2,000 copies (the limit for a "
        "vector picture); simplify it, or export it as a PNG",
    }
    assert library.has("flat")
    assert _pdf([(library, "flat", "#000000")])


def test_a_project_icon_or_svg_picture_is_rendered_once_whatever_its_colours_and_pdfs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """svglib drew a project's icon anew for every colour in every PDF (one of 49,000 shapes on
    four card types kept a build busy for minutes), and an SVG picture in every PDF. Each is
    rendered once, as a built-in's stored form, and every PDF holds the bytes svglib's own
    drawing gives."""
    from printgen.draw.pdf import new_canvas
    from printgen.icons import svg

    data = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        + "".join(f'<path d="M{i} 0L10 {i}" stroke="black"/>' for i in range(10))
        + '<circle cx="5" cy="5" r="2" fill="#c00"/></svg>'
    ).encode()
    colours: list[tuple[float, float, float] | None] = [
        (0.1, 0.2, 0.3),
        (0.5, 0.5, 0.0),
        (1.0, 1.0, 1.0),
        None,  # a picture in its own colours
    ]

    def pdfs() -> list[bytes]:
        made = []
        for _ in range(2):
            buffer = io.BytesIO()
            canvas = new_canvas(buffer, "", "", "")
            for i, rgb in enumerate(colours):
                svg.draw_svg(canvas, data, tmp_path, 10 * i, 0, 10, 10, rgb)
            canvas.showPage()
            canvas.save()
            made.append(buffer.getvalue())
        return made

    drawn: list[int] = []
    define_form = svg.define_form

    def counted(*args: Any, **kwargs: Any) -> None:
        drawn.append(1)
        define_form(*args, **kwargs)

    monkeypatch.setattr(svg, "define_form", counted)
    svg._compiled_here.cache_clear()
    kept = pdfs()
    assert len(drawn) == 2  # eight forms: three colours and its own, in two PDFs
    monkeypatch.setattr(svg, "_compiled_here", lambda *a: None)  # drawn by svglib each time
    assert pdfs() == kept
    assert len(drawn) == 2 + 8


def test_an_svg_icon_whose_extension_is_in_capitals_is_said_to_rename(tmp_path: Path) -> None:
    """icons/buoy.SVG (as some programs save it) was never read: ':buoy:' was an unknown icon,
    with no word of the file."""
    root = _project(tmp_path)
    (root / "icons" / "buoy.SVG").write_text(SAILBOAT)
    library = icon_library(root, root / "cards" / "sea")
    assert [(p.path.name, p.message) for p in library.problems] == [
        ("buoy.SVG", "icons are read from files ending in .svg; rename buoy.SVG to buoy.svg")
    ]
    assert "sailboat" in library.files and "buoy" not in library.files


@pytest.mark.parametrize("file", ["Moon.svg", "moon.SVG"])
def test_an_icon_refused_for_its_file_name_tells_each_card_using_it_the_new_name(
    tmp_path: Path, file: str
) -> None:
    """icons/Moon.svg, used as :moon: on fifteen cards: the file was said (use lower-case
    letters), then each card's 'unknown icon moon; `printgen icons` lists every icon name',
    as if the icon had never been drawn. Both say the one rename now."""
    root = _project(tmp_path)
    (root / "icons" / file).write_text(SAILBOAT)
    library = icon_library(root, root / "cards" / "sea")
    (problem,) = library.problems
    assert problem.message.endswith("rename moon.SVG to moon.svg" if file == "moon.SVG" else "")
    if file == "Moon.svg":
        assert problem.message == (
            "icon file name 'Moon.svg' cannot be written as ':Moon:'; rename it moon.svg "
            "(icon names are lower-case)"
        )
    assert library.unknown_message("moon") == (
        f"unknown icon 'moon': icons/{file} is not read as an icon until it is renamed moon.svg"
    )
    assert library.unknown_message("moo").startswith("unknown icon 'moo'; ")  # another name


@pytest.mark.parametrize("rgb", [(0.0, 0.0, 0.0), None])
def test_a_stroked_circle_prints_as_a_closed_ring(
    tmp_path: Path, rgb: tuple[float, float, float] | None
) -> None:
    """A designer's `<circle … fill="none" stroke-width="6"/>` printed with a hairline seam
    across its stroke at 3 o'clock, seen at 600 dpi: ReportLab draws a circle as an open path
    from that point back to it, and with SVG's butt ends the two ends only abut. Round ends
    there close the ring (its other strokes keep their ends)."""
    from printgen.icons import svg

    data = (
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" '
        b'cy="50" r="40" fill="none" stroke="#000" stroke-width="6"/>'
        b'<path d="M10 10L90 10" stroke="#000" stroke-width="6"/></svg>'
    )
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100, 100), **EMBEDDED_START)
    svg.draw_svg(canvas, data, tmp_path, 0, 0, 100, 100, rgb)
    canvas.showPage()
    canvas.save()
    reader = pypdf.PdfReader(io.BytesIO(buffer.getvalue()))
    forms: Any = reader.pages[0]["/Resources"]["/XObject"]  # type: ignore[index]
    drawn = b"".join(forms[name].get_object().get_data() for name in forms)
    strokes = re.findall(rb"(\d) J(?:(?!\d J).)*?\bS\b", drawn, re.S)
    assert strokes and set(strokes) == {b"0", b"1"}, drawn  # the line butt, the ring round


def test_an_svg_line_is_recoloured_like_every_other_shape(tmp_path: Path) -> None:
    """A hand-written sun: a disc and <line> rays. ReportLab's Line has no copy of its own, so
    the rays kept their black stroke while the disc took the icon's colour."""
    root = _project(tmp_path)
    (root / "icons" / "sun.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<circle cx="50" cy="50" r="22"/><g stroke="black" stroke-width="6">'
        '<line x1="50" y1="2" x2="50" y2="20"/><line x1="2" y1="50" x2="20" y2="50"/></g></svg>'
    )
    picture = _pixels(_pdf([(icon_library(root, None), "sun", "#336699")]), scale=4).convert("RGB")
    ray = picture.crop((140, 10, 148, 70))  # the top ray, well clear of the disc: x 50 of 100
    inks = {rgb for _, rgb in ray.getcolors(10_000) or () if rgb != (255, 255, 255)}
    assert (51, 102, 153) in inks
    assert (0, 0, 0) not in inks  # no ray printed black


def test_a_game_s_misnamed_icon_is_named_in_its_own_folder_and_never_onto_another(
    tmp_path: Path,
) -> None:
    """A game's cards/sea/icons/Moon.svg was said to the cards as icons/Moon.svg (the
    project's folder); Moon.Svg was told to become Moon.svg, then moon.svg; Moon.svg beside a
    moon.svg was told to take its name."""
    root = _project(tmp_path)
    game = root / "cards" / "sea"
    (game / "icons").mkdir(parents=True, exist_ok=True)
    (game / "icons" / "Moon.Svg").write_text(SAILBOAT)
    (root / "icons" / "Star.svg").write_text(SAILBOAT)
    (root / "icons" / "star.svg").write_text(SAILBOAT)
    library = icon_library(root, game)
    said = {p.path.name: p.message for p in library.problems}
    assert said["Moon.Svg"].endswith("rename Moon.Svg to moon.svg")
    assert said["Star.svg"].endswith("star.svg is already there: delete one of the two")
    assert library.unknown_message("moon") == (
        "unknown icon 'moon': cards/sea/icons/Moon.Svg is not read as an icon until it is "
        "renamed moon.svg"
    )
    assert library.has("star")


def test_an_icon_whose_style_nests_too_deeply_is_said_in_plain_words(tmp_path: Path) -> None:
    """2,000 nested ':not(' in a <style> said Python's "maximum recursion depth exceeded"."""
    root = _project(tmp_path)
    style = ":not(" * 2000 + "a" + ")" * 2000 + " {fill: red}"
    (root / "icons" / "flame.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        f'<style>{style}</style><rect width="5" height="5"/></svg>',
        encoding="utf-8",
    )
    problems = {p.path.name: p.message for p in icon_library(root, None).check()}
    assert problems["flame.svg"] == (
        "not a readable SVG file (its styles or elements nest too deeply)"
    )


def test_an_unknown_icon_name_is_searched_for_once_and_few_names_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A misspelt icon copied down 10,000 rows of a sheet took 77 s: a search for each row."""
    import difflib

    from printgen.icons import unknown_names

    searches = 0
    search = difflib.get_close_matches

    def counted(*args: Any, **kwargs: Any) -> list[str]:
        nonlocal searches
        searches += 1
        return search(*args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", counted)
    library = icon_library(_project(tmp_path), None)
    said = {library.unknown_message("fa-ancor", inline=True) for _ in range(1000)}
    assert len(said) == 1 and "did you mean ':fa-anchor:'" in said.pop()
    assert searches == 1
    for number in range(1000):
        library.unknown_message(f"fa-zq{number}x")
    assert searches == unknown_names.SEARCHES_AT_MOST
    assert library.unknown_message("fa-zq999x").endswith("https://fontawesome.com/search?ic=free")


def test_a_games_catalogue_is_headed_by_the_games_title_in_its_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "Icons: guildhall" headed the catalogue of the game its rulebook calls "Guildhall"."""
    root = _project(tmp_path)
    (root / "cards" / "sea" / "game.yaml").write_text(
        "title: {it: Il mare aperto, en: The Open Sea}\nlanguages: [it, en]\n"
    )
    assert main(["--project", str(root), "icons", "sea", "--lang", "en"]) == 0
    first_line = _text(root / "build" / "sea" / "icons.pdf").splitlines()[0]
    assert first_line == "Icons: The Open Sea"
    assert main(["--project", str(root), "icons", "sea"]) == 0  # the game's first language
    assert _text(root / "build" / "sea" / "icons.pdf").splitlines()[0] == "Icone: Il mare aperto"
    # a game.yaml that does not read names the game by its id, as before
    (root / "cards" / "sea" / "game.yaml").write_text("title: [unclosed\n")
    assert main(["--project", str(root), "icons", "sea", "--lang", "en"]) == 0
    assert _text(root / "build" / "sea" / "icons.pdf").splitlines()[0] == "Icons: sea"
