"""Exports read back: PNG pixel sizes (dpi, print services), byte-identical PNGs, Tabletop
Simulator sheets and saved object; and duplex calibration read as a user reads it."""

from __future__ import annotations

import csv
import json
import math
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pdfplumber
import pytest
from PIL import Image, ImageChops, ImageStat

from printgen.cli.commands import main
from tests.conftest import MM
from tests.printing import build, lines, page_sizes, placements, turned

WM = "warriors-and-monks"
SEED_COUNTS = {"monk": 18, "warrior": 18, "war": 8, "peace": 6, "truce": 6, "death": 6, "wine": 6}
TOL = 0.01


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("exports")


def _png(root: Path, *args: str) -> Path:
    return build(root, WM, "--lang", "en", "--only", "cards", "--format", "png", *args)


def _px(mm: float, dpi: float) -> int:
    return round(mm / 25.4 * dpi)


@pytest.mark.parametrize("dpi", [300, 150])
def test_one_png_per_card_face_with_its_bleed_at_the_dpi(root: Path, dpi: int) -> None:
    folder = _png(root, "--dpi", str(dpi)) / WM / "en" / "png" / "main"
    names = sorted(p.name for p in folder.glob("*.png"))
    assert names == sorted([f"{card}.png" for card in SEED_COUNTS] + ["back.png"])
    for path in folder.glob("*.png"):
        with Image.open(path) as image:
            assert image.mode == "RGB"
            assert image.size == (_px(63 + 6, dpi), _px(88 + 6, dpi))
            assert image.info["dpi"] == pytest.approx((dpi, dpi), abs=0.05)  # px a metre
    with (folder / "counts.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["file"].removesuffix(".png"): int(row["count"]) for row in rows} == SEED_COUNTS
    assert not (folder.parent.parent / "cards.pdf").exists()  # png only, as asked


@pytest.mark.parametrize(
    ("mm", "mpc", "dtc"),
    [
        ((63, 88), (822, 1122), (825, 1125)),  # poker: 2.5 × 3.5 in
        ((57, 89), (747, 1122), (750, 1125)),  # bridge: 2.25 × 3.5 in
        ((70, 120), (897, 1497), (900, 1500)),  # tarot: 2.75 × 4.75 in
        ((44, 68), (592, 875), (595, 878)),  # mini euro: 68 mm is no eighth, so no product
        ((64.5, 90), (834, 1135), (837, 1138)),  # near 2.5 in wide only: its own size
    ],
)
def test_print_service_sizes_are_the_services_product_templates(
    mm: tuple[float, float], mpc: tuple[int, int], dtc: tuple[int, int]
) -> None:
    # the services sell cards in eighths of an inch and publish each product's template at
    # 300 dpi plus their bleed: a bridge card made 748 × 1126 px was scaled at upload
    from printgen.options import Service
    from printgen.outputs.png import image_size

    face = SimpleNamespace(width_mm=mm[0], height_mm=mm[1], bleed_mm=3.0)
    assert image_size(face, 300, Service.MPC) == mpc  # type: ignore[arg-type]
    assert image_size(face, 300, Service.DTC) == dtc  # type: ignore[arg-type]


@pytest.mark.parametrize(("service", "size"), [("mpc", (822, 1122)), ("dtc", (825, 1125))])
def test_print_service_sizes_extend_the_bleed_never_scale_the_card(
    root: Path, service: str, size: tuple[int, int]
) -> None:
    plain = _png(root) / WM / "en" / "png" / "main" / "monk.png"
    out = build(root, WM, "--lang", "en", "--only", "cards", "--service", service)  # png implied
    sized = out / WM / "en" / "png" / "main" / "monk.png"
    with Image.open(plain) as opened, Image.open(sized) as image:
        assert image.size == size
        card = opened.convert("RGB")
        centred = ((size[0] - card.width) // 2, (size[1] - card.height) // 2)
        found = [
            (left, top)  # the 300 dpi card, pixel for pixel, within a pixel of the centre
            for left in range(centred[0] - 1, centred[0] + 2)
            for top in range(centred[1] - 1, centred[1] + 2)
            if ImageChops.difference(
                image.crop((left, top, left + card.width, top + card.height)), card
            ).getbbox()
            is None
        ]
        assert len(found) == 1
        left, top = found[0]
        # the strip added outside is the card's outermost pixels repeated
        edge = image.crop((left, top, left + 1, top + card.height))
        for x in range(left):
            column = image.crop((x, top, x + 1, top + card.height))
            assert ImageChops.difference(column, edge).getbbox() is None


def test_pngs_are_byte_identical_across_builds(root: Path) -> None:
    first = _png(root) / WM / "en" / "png"
    second = build(root, WM, "--only", "cards", "--format", "png", "--lang", "en", "--dpi", "300")
    files = sorted(p.relative_to(first) for p in first.rglob("*.png"))
    assert len(files) == 8
    for name in files:
        assert (first / name).read_bytes() == (second / WM / "en" / "png" / name).read_bytes()


def _tts(root: Path) -> tuple[Path, dict[str, Any]]:
    out = build(root, WM, "--lang", "en", "--only", "cards", "--format", "tts", "--format", "png")
    folder = out / WM / "en"
    saved = json.loads((folder / "tts" / f"{WM}.en.json").read_text(encoding="utf-8"))
    return folder, saved


def test_tts_deck_sheet_grid_limits_and_hidden_card(root: Path) -> None:
    folder, saved = _tts(root)
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    (entry,) = deck["CustomDeck"].values()
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    assert cols <= 10 and rows <= 7 and cols * rows >= len(SEED_COUNTS) + 1
    sheet_path = Path(entry["FaceURL"].removeprefix("file://"))
    back_path = Path(entry["BackURL"].removeprefix("file://"))
    assert sheet_path.parent == back_path.parent == folder / "tts"
    with Image.open(sheet_path) as sheet, Image.open(back_path) as back:
        assert sheet.mode == "RGB" and max(sheet.size) <= 4096
        assert sheet.width % cols == 0 and sheet.height % rows == 0
        w, h = sheet.width // cols, sheet.height // rows
        assert w / h == pytest.approx(63 / 88, abs=0.01)  # trim only, no bleed
        hidden = sheet.crop((w * (cols - 1), h * (rows - 1), w * cols, h * rows))
        assert back.size == (w, h)
        assert ImageChops.difference(hidden, back.convert("RGB")).getbbox() is None


def _thumb(image: Image.Image) -> Image.Image:
    return image.convert("RGB").resize((21, 29), Image.Resampling.BOX)


def test_tts_card_ids_count_every_card_and_point_at_its_face(root: Path) -> None:
    folder, saved = _tts(root)
    (deck,) = saved["ObjectStates"]
    cards = deck["ContainedObjects"]
    assert [c["CardID"] for c in cards] == deck["DeckIDs"]
    assert Counter(c["Nickname"].lower() for c in cards) == SEED_COUNTS
    (number, entry) = next(iter(deck["CustomDeck"].items()))
    cols = entry["NumWidth"]
    thumbs = {}
    with Image.open(Path(entry["FaceURL"].removeprefix("file://"))) as sheet:
        w, h = sheet.width // cols, sheet.height // entry["NumHeight"]
        for card in cards:
            assert card["CardID"] // 100 == int(number)
            row, col = divmod(card["CardID"] % 100, cols)
            thumbs[card["Nickname"].lower()] = _thumb(
                sheet.crop((col * w, row * h, (col + 1) * w, (row + 1) * h))
            )
    # each slot shows its own card: nearest to the PNG export of that card (trimmed)
    exports = {}
    for name in SEED_COUNTS:
        with Image.open(folder / "png" / "main" / f"{name}.png") as image:
            bleed = _px(3, 300)
            exports[name] = _thumb(
                image.crop((bleed, bleed, image.width - bleed, image.height - bleed))
            )

    def distance(a: Image.Image, b: Image.Image) -> float:
        return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean)

    for name, thumb in thumbs.items():
        assert min(exports, key=lambda other: distance(thumb, exports[other])) == name


# --- duplex calibration -------------------------------------------------------------------


def _calibration(root: Path, paper: str, over: str) -> Path:
    from printgen.cli.commands import main

    out = root / f"calibration-{paper}-{over}"
    command = ["calibrate", "--paper", paper, "--duplex", over, "--out", str(out)]
    assert main(["--project", str(root), *command]) == 0
    return out / "calibration.pdf"


def _bold_lines(pdf: Path) -> tuple[float, float]:
    """x of the front's long vertical line and y of its long horizontal line."""
    front = lines(pdf)[0]
    vertical = max((ln for ln in front if abs(ln[0] - ln[2]) < TOL), key=lambda ln: ln[3] - ln[1])
    horizontal = max((ln for ln in front if abs(ln[1] - ln[3]) < TOL), key=lambda ln: ln[2] - ln[0])
    return vertical[0], horizontal[1]


def _scale_readings(pdf: Path) -> tuple[dict[float, float], dict[float, float]]:
    """The back's numbered ticks: {x of tick: number} on horizontal scales (number centred
    above its tick), {y of tick: number} on vertical ones (number to the right of its tick)."""
    back = lines(pdf)[1]
    upright = [ln for ln in back if abs(ln[0] - ln[2]) < TOL and abs(ln[3] - ln[1]) < 7]
    flat = [ln for ln in back if abs(ln[1] - ln[3]) < TOL and abs(ln[2] - ln[0]) < 7]
    by_x: dict[float, float] = {}
    by_y: dict[float, float] = {}
    with pdfplumber.open(pdf) as document:
        page = document.pages[1]
        for word in page.extract_words(x_tolerance=0.5):
            if not word["text"].lstrip("-").isdigit():
                continue
            number = float(word["text"])
            middle_x = (word["x0"] + word["x1"]) / 2 / MM
            middle_y = (page.height - (word["top"] + word["bottom"]) / 2) / MM
            below = [ln for ln in upright if 0 < middle_y - max(ln[1], ln[3]) < 5]
            if below:
                tick = min(below, key=lambda ln: abs(ln[0] - middle_x))
                if abs(tick[0] - middle_x) < 0.1:
                    by_x[tick[0]] = number
            left_of = [ln for ln in flat if 0 < word["x0"] / MM - max(ln[0], ln[2]) < 4]
            if left_of:
                tick = min(left_of, key=lambda ln: abs(ln[1] - middle_y))
                if abs(tick[1] - middle_y) < 0.24:
                    by_y[tick[1]] = number
    return by_x, by_y


@pytest.mark.parametrize(("paper", "over"), [("a4", "long"), ("letter", "short")])
def test_calibration_reading_is_the_offset_that_puts_backs_behind_fronts(
    root: Path, paper: str, over: str
) -> None:
    pdf = _calibration(root, paper, over)
    sizes = page_sizes(pdf)
    assert len(sizes) == 2
    bold_x, bold_y = _bold_lines(pdf)
    # a printer that prints every back 2 mm too far left and 4 mm too high
    drift = (-2.0, 4.0)
    seen_x, _ = turned((bold_x, bold_y + 40), sizes[0], over)
    _, seen_y = turned((bold_x + 40, bold_y), sizes[0], over)
    by_x, by_y = _scale_readings(pdf)
    assert len(by_x) >= 9 and len(by_y) >= 9
    read_x = [n for x, n in by_x.items() if abs(x + drift[0] - seen_x) < TOL]
    read_y = [n for y, n in by_y.items() if abs(y + drift[1] - seen_y) < TOL]
    assert read_x and read_y and len(set(read_x)) == 1 and len(set(read_y)) == 1
    offset = f"{read_x[0]:g},{read_y[0]:g}"
    args = ("--paper", paper, "--duplex", over, "--back-offset", offset)
    cards = build(root, WM, "--lang", "en", "--only", "cards", *args) / WM / "en" / "cards.pdf"
    pages = placements(cards)
    for index in range(0, len(pages), 2):
        for front in pages[index]:
            x, y = turned(front.centre, sizes[0], over)
            printed = [(b.centre[0] + drift[0], b.centre[1] + drift[1]) for b in pages[index + 1]]
            assert any(abs(px - x) < TOL and abs(py - y) < TOL for px, py in printed)


def test_calibrate_needs_no_game_and_writes_two_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from printgen.cli.commands import main

    project, elsewhere = tmp_path / "project", tmp_path / "prints"
    project.mkdir()
    assert main(["--project", str(project), "calibrate", "--out", str(elsewhere)]) == 0
    # a folder outside the project, named by the user: said in full, where to find the sheet
    assert capsys.readouterr().out.strip() == f"wrote {elsewhere / 'calibration.pdf'}"
    tmp_path = project
    assert main(["--project", str(tmp_path), "calibrate", "--duplex", "short"]) == 0
    assert capsys.readouterr().out.strip() == "wrote build/calibration.pdf"
    pdf = tmp_path / "build" / "calibration.pdf"
    assert page_sizes(pdf) == [pytest.approx((210.0, 297.0), abs=TOL)] * 2
    with pdfplumber.open(pdf) as document:
        assert "short" in document.pages[0].extract_text()
        assert "--back-offset X,Y" in document.pages[1].extract_text()


def _gold_coin(root: Path, *flags: str) -> Path:
    """The image of Costruttori's gold coin (a round token) built with ``flags``."""
    game = "costruttori-del-medioevo"
    out = build(root, game, "--lang", "en", "--only", "cards", *flags, "--cards", "oro")
    return out / game / "en" / "png" / "coins-gold" / "oro.png"


def test_a_round_tokens_image_is_transparent_outside_its_circle(root: Path) -> None:
    # a coin's PNG had white corners: round tokens are cut round, and a tool placing the image
    # (Tabletop Simulator, a print service's token) shows what is outside the circle
    with Image.open(_gold_coin(root, "--format", "png")) as image:
        assert image.mode == "RGBA"
        alpha = image.getchannel("A")
        w, h = image.size
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert alpha.getpixel(corner) == 0
        assert alpha.getpixel((w // 2, h // 2)) == 255
        assert alpha.getpixel((w // 2, 1)) == 255  # the circle reaches the bleed's edge


def test_a_round_tokens_service_image_has_no_white_ring_around_its_bleed(root: Path) -> None:
    # extending a round token to a service's size repeated the square image's white corners
    # into an opaque ring just outside the drawn bleed disc
    with Image.open(_gold_coin(root, "--service", "mpc")) as image:
        pixels = image.convert("RGBA")
        w, h = pixels.size
        data = pixels.tobytes()  # r, g, b, a bytes, row by row

        def at(x: int, y: int) -> bytes:
            return data[(y * w + x) * 4 : (y * w + x) * 4 + 4]

        edge = [
            at(x, y)
            for y in range(h)
            for x in range(w)
            if math.hypot(x + 0.5 - w / 2, y + 0.5 - h / 2) > min(w, h) / 2 - 8
        ]
        assert b"\xff\xff\xff\xff" not in edge  # opaque white
        assert at(w // 2, h // 2)[3] == 255


def test_a_card_named_like_the_back_keeps_its_own_image(demo: Path) -> None:
    # a card 'back' moved the deck's back to deck-back.png, over the image of a card
    # 'deck-back': the service got three copies of the back as that card's front
    from printgen.cli.commands import main

    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(
        text.replace("id: miner", "id: back").replace("id: thief", "id: deck-back"),
        encoding="utf-8",
    )
    args = ["build", "--lang", "en", "--only", "cards", "--format", "png"]
    assert main(["--project", str(demo), *args]) == 0
    folder = demo / "build" / "demo" / "en" / "png" / "main"
    with (folder / "counts.csv").open(encoding="utf-8") as counts:
        fronts = [row["file"] for row in csv.DictReader(counts)]
    assert sorted(fronts) == ["back.png", "crown.png", "deck-back.png", "merchant.png"]
    assert sorted(p.name for p in folder.glob("*.png")) == sorted([*fronts, "deck-back-2.png"])
    with Image.open(folder / "deck-back-2.png") as back:
        for front in fronts:  # every front is a card's face, none the back
            with Image.open(folder / front) as image:
                assert ImageChops.difference(image, back).getbbox() is not None, front


def test_a_name_with_markup_is_plain_text_where_it_is_not_printed(demo: Path) -> None:
    """'**Big** ship :coin:' prints bold with a coin on the card; Tabletop Simulator's tooltip,
    counts.csv and the manifest showed it as written, asterisks and colons included."""
    from printgen.cli.commands import main

    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace('en: "Miner"', 'en: "**Big** ship :coin:"')
    deck.write_text(text.replace('en: "Thief"', 'en: ":coin:"'), encoding="utf-8")
    args = ["build", "--lang", "en", "--only", "cards", "--format", "pdf", "--format", "png"]
    assert main(["--project", str(demo), *args, "--format", "tts"]) == 0
    out = demo / "build" / "demo" / "en"
    with (out / "png" / "main" / "counts.csv").open(encoding="utf-8") as counts:
        names = {row["file"]: row["card"] for row in csv.DictReader(counts)}
    assert names["miner.png"] == "Big ship" and names["thief.png"] == "coin"  # icons alone: named
    saved = json.loads((out / "tts" / "demo.en.json").read_text(encoding="utf-8"))
    nicknames = {card["Nickname"] for card in saved["ObjectStates"][0]["ContainedObjects"]}
    assert {"Big ship", "coin", "Merchant"} <= nicknames
    faces = json.loads((out / "cards.json").read_text(encoding="utf-8"))["faces"]
    assert {f["name"] for f in faces if (f["card"], f["side"]) == ("miner", "front")} == {
        "Big ship"
    }


@pytest.mark.parametrize(("orientation", "fmt"), [(1, "JPEG"), (6, "JPEG"), (8, "PNG"), (3, "PNG")])
def test_a_photo_prints_as_its_exif_orientation_shows_it(
    demo: Path, orientation: int, fmt: str
) -> None:
    """A phone's portrait photo, stored lying on its side with EXIF orientation 6, printed on
    its side: ReportLab places the stored pixels. It prints as every viewer shows it."""
    from PIL import ImageDraw, ImageOps

    stored = Image.new("RGB", (300, 200), "white")
    draw = ImageDraw.Draw(stored)
    draw.rectangle([0, 0, 149, 99], fill=(255, 0, 0))
    draw.rectangle([150, 0, 299, 99], fill=(0, 255, 0))
    draw.rectangle([0, 100, 149, 199], fill=(0, 0, 255))
    exif = Image.Exif()
    exif[0x0112] = orientation
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    name = f"photo.{fmt.lower()}"
    stored.save(art / name, fmt, exif=exif.tobytes())
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8")
        + "    picture: {type: image, x: 11.5, y: 16, w: 40, h: 40, under: cost_disc, "
        f"path: cards/demo/art/{name}}}\n    art: {{when: false}}\n    art_disc: {{when: false}}\n",
        encoding="utf-8",
    )
    args = ["build", "demo", "--lang", "en", "--only", "cards", "--format", "png", "--dpi", "100"]
    assert main(["--project", str(demo), *args]) == 0
    made = demo / "build" / "demo" / "en" / "png" / "main"
    face = Image.open(sorted(made.glob("*miner*"))[0]).convert("RGB")
    seen = ImageOps.exif_transpose(Image.open(art / name)).convert("RGB")
    dots = 100 / 25.4 * 40 / max(seen.size)  # face pixels per pixel of the photo as seen
    left = (11.5 + 3) * 100 / 25.4 + (100 / 25.4 * 40 - seen.width * dots) / 2
    top = (16 + 3) * 100 / 25.4 + (100 / 25.4 * 40 - seen.height * dots) / 2
    for fx, fy in [(0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)]:
        printed = face.getpixel(
            (int(left + fx * seen.width * dots), int(top + fy * seen.height * dots))
        )
        shown = seen.getpixel((int(fx * seen.width), int(fy * seen.height)))
        assert isinstance(printed, tuple) and isinstance(shown, tuple)
        assert sum(abs(a - b) for a, b in zip(printed, shown, strict=True)) < 90, (fx, fy)


@pytest.mark.parametrize("kind", ["png", "jpeg-turned", "svg"])
def test_a_picture_that_covers_its_box_fills_it_and_is_cut_at_its_edges(
    demo: Path, kind: str
) -> None:
    """`fit: cover`: a picture of other proportions fills its box, centred, what passes the box
    cut off — full-bleed art from landscape photos; it was always shrunk to fit whole (bands of
    the card's colour above and below it). A picture red in its middle third across, blue at its
    left and right thirds: covering a square box it shows its red middle alone, corner to
    corner, and nothing is printed outside the box."""
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    if kind == "svg":
        name = "wide.svg"
        (art / name).write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100">'
            '<rect width="100" height="100" fill="#0000ff"/>'
            '<rect x="100" width="100" height="100" fill="#ff0000"/>'
            '<rect x="200" width="100" height="100" fill="#0000ff"/></svg>',
            encoding="utf-8",
        )
    else:
        wide = Image.new("RGB", (300, 100), (0, 0, 255))
        wide.paste((255, 0, 0), (100, 0, 200, 100))
        if kind == "png":
            name = "wide.png"
            wide.save(art / name)
        else:  # stored on its side, EXIF saying a quarter turn: seen as the wide picture
            name = "wide.jpg"
            exif = Image.Exif()
            exif[0x0112] = 6
            wide.transpose(Image.Transpose.ROTATE_90).save(
                art / name, "JPEG", quality=95, exif=exif.tobytes()
            )
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8")
        + "    picture: {type: image, x: 11.5, y: 16, w: 40, h: 40, under: cost_disc, "
        f"fit: cover, path: cards/demo/art/{name}}}\n"
        "    art: {when: false}\n    art_disc: {when: false}\n",
        encoding="utf-8",
    )
    args = ["build", "demo", "--lang", "en", "--only", "cards", "--format", "png", "--dpi", "100"]
    assert main(["--project", str(demo), *args]) == 0
    made = demo / "build" / "demo" / "en" / "png" / "main"
    face = Image.open(sorted(made.glob("*miner*"))[0]).convert("RGB")
    px = 100 / 25.4
    left, top, side = (11.5 + 3) * px, (16 + 3) * px, 40 * px

    def at(fx: float, fy: float) -> tuple[int, int, int]:
        colour = face.getpixel((int(left + fx * side), int(top + fy * side)))
        assert isinstance(colour, tuple)
        return colour[0], colour[1], colour[2]

    def near(colour: tuple[int, int, int], want: tuple[int, int, int]) -> bool:
        return sum(abs(a - b) for a, b in zip(colour, want, strict=True)) < 60

    red, blue = (255, 0, 0), (0, 0, 255)
    for fx in (0.05, 0.5, 0.95):  # corner to corner: its middle third, no band of the card
        for fy in (0.05, 0.5, 0.95):
            assert near(at(fx, fy), red), (fx, fy, at(fx, fy))
    # the picture is three boxes wide: its blue thirds are cut off at the box's edges
    for fx in (-0.08, 1.08):
        assert not near(at(fx, 0.5), blue), (fx, at(fx, 0.5))


def test_a_photo_with_damaged_exif_prints_with_nothing_else_on_stderr(demo: Path) -> None:
    """Pillow's "UserWarning: Corrupt EXIF data" and its source line were printed on stderr,
    where only path:line:col problems go; the photo itself draws."""
    import io

    photo = io.BytesIO()
    Image.new("RGB", (30, 20), "red").save(photo, "JPEG")
    data = photo.getvalue()
    exif = b"Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\xff\xff" + b"\x00" * 10  # 0xffff entries
    segment = b"\xff\xe1" + (len(exif) + 2).to_bytes(2, "big") + exif
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    (art / "photo.jpg").write_bytes(data[:2] + segment + data[2:])
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8")
        + "    picture: {type: image, x: 19.5, y: 22, w: 24, h: 24, "
        "path: cards/demo/art/photo.jpg}\n    art: {when: false}\n",
        encoding="utf-8",
    )
    # in a process of its own: pytest records Python's warnings instead of printing them
    run = subprocess.run(
        [sys.executable, "-m", "printgen", "--project", str(demo), "build", "--only", "cards"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (run.returncode, run.stderr) == (0, "")


def test_a_png_of_16_bit_greys_prints_its_greys(demo: Path) -> None:
    """ReportLab has Pillow turn a picture into RGB, which clips 16-bit greys at 255: a mid
    grey (32,896 of 65,535) printed white, and every grey but the darkest with it."""
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    Image.new("I;16", (20, 20), 32896).save(art / "grey.png")
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8")
        + "    picture: {type: image, x: 11.5, y: 16, w: 40, h: 40, under: cost_disc, "
        "path: cards/demo/art/grey.png}\n    art: {when: false}\n    art_disc: {when: false}\n",
        encoding="utf-8",
    )
    args = ["build", "demo", "--lang", "en", "--only", "cards", "--format", "png", "--dpi", "100"]
    assert main(["--project", str(demo), *args]) == 0
    made = demo / "build" / "demo" / "en" / "png" / "main"
    face = Image.open(sorted(made.glob("*miner*"))[0]).convert("RGB")
    middle = face.getpixel((round((11.5 + 3 + 20) * 100 / 25.4), round((16 + 3 + 20) * 100 / 25.4)))
    assert middle == (128, 128, 128)


def test_a_colour_written_as_three_digits_prints_as_its_six(demo: Path) -> None:
    """tint: "#fed" (validate takes #rgb, as the README says) printed the Miner's background
    dark blue: ReportLab reads "#fed" as 0x000fed. It is #ffeedd, as in CSS."""
    from printgen.layout.color import color

    assert color("#fed") == color("#ffeedd") and color("#C0A") == color("#cc00aa")
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8").replace('tint: "#fbf1dc"', 'tint: "#fed"', 1)
    deck.write_text(text, encoding="utf-8")
    args = ["build", "--lang", "en", "--only", "cards", "--format", "png", "--dpi", "72"]
    assert main(["--project", str(demo), *args]) == 0
    with Image.open(demo / "build" / "demo" / "en" / "png" / "main" / "miner.png") as image:
        assert image.getpixel((2, 2)) == (255, 238, 221)  # the bleed, in the card's tint


def test_one_image_rewritten_is_said_as_one_image(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A card's text changed under --format tts rewrites its deck's sheet alone (the back is
    as it was): 'wrote 1 images in build/demo/en/tts/'."""
    args = ["--project", str(demo), "build", "--lang", "en", "--only", "cards", "--format", "tts"]
    assert main(args) == 0
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Gain 2", "Gain 3"), encoding="utf-8")
    capsys.readouterr()
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "wrote 1 image in build/demo/en/tts/", out


def test_calibrate_says_a_failed_write_as_build_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """calibrate said 'cannot write /whole/path/build/calibration.pdf: …; choose another --out
    folder' whatever stood in the way; build and icons name it from the project and say what to
    do about it."""
    from printgen.cli.commands import main

    (tmp_path / "build" / "calibration.pdf").mkdir(parents=True)
    assert main(["--project", str(tmp_path), "calibrate"]) == 2
    assert capsys.readouterr().err == (
        "printgen: cannot write build/calibration.pdf: a folder has this output's name; remove "
        "or rename that folder, or choose another --out folder\n"
    )


def test_each_languages_saved_object_has_a_name_of_its_own(demo: Path) -> None:
    """Both languages' saved objects were tts/demo.json: copied into Tabletop Simulator's one
    Saved Objects folder, as the README says, the Italian replaced the English (and the menu,
    which lists them by file name, named both 'demo')."""
    args = ["build", "--only", "cards", "--format", "tts", "--dpi", "72"]
    assert main(["--project", str(demo), *args]) == 0
    saved = {}
    for lang in ("en", "it"):
        (path,) = (demo / "build" / "demo" / lang / "tts").glob("*.json")
        saved[path.name] = json.loads(path.read_text(encoding="utf-8"))
        (deck,) = saved[path.name]["ObjectStates"]
        for entry in deck["CustomDeck"].values():  # each points at its own language's sheets
            assert f"/demo/{lang}/tts/" in entry["FaceURL"]
    assert sorted(saved) == ["demo.en.json", "demo.it.json"]
    assert saved["demo.it.json"]["ObjectStates"][0]["Nickname"] == "Mazzo"


def test_a_deck_printing_one_card_is_that_card_in_tabletop_simulator(demo: Path) -> None:
    """As the README says: Tabletop Simulator has no deck of one card."""
    args = ["build", "--lang", "en", "--only", "cards", "--format", "tts", "--dpi", "72"]
    assert main(["--project", str(demo), *args, "--cards", "crown", "--copies", "1"]) == 0
    saved = json.loads((demo / "build" / "demo" / "en" / "tts" / "demo.en.json").read_text())
    (card,) = saved["ObjectStates"]
    assert (card["Name"], card["Nickname"], card["CardID"]) == ("Card", "Crown", 100)
    assert "DeckIDs" not in card and list(card["CustomDeck"]) == ["1"]


def test_a_picture_covering_its_box_is_said_at_the_box_it_shows_in(demo: Path) -> None:
    """A 1×100 picture covering a 40 mm box: its dpi advice named its whole drawn size,
    "1×100 pixels over 40.0×4000.0 mm … 472×47244 pixels"; what prints is the box."""
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    thin = Image.new("RGB", (1, 100), (255, 0, 0))
    thin.paste((0, 0, 255), (0, 50, 1, 100))
    thin.save(art / "thin.png")
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8")
        + "    picture: {type: image, x: 11.5, y: 16, w: 40, h: 40, under: cost_disc, "
        "fit: cover, path: cards/demo/art/thin.png}\n"
        "    art: {when: false}\n    art_disc: {when: false}\n",
        encoding="utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-m", "printgen", "--project", str(demo), "validate", "demo"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "(1×100 pixels covering 40.0×40.0 mm)" in run.stderr, run.stderr
    assert "(472×472 pixels where it shows, in the box it covers)" in run.stderr, run.stderr
