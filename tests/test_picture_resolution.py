"""Pictures far finer than a print shows are embedded at 600 dpi where they are drawn; pictures at
a print's resolution are embedded as they are. Ten 4,000-pixel pictures on a card ran a build
out of memory (ReportLab kept every picture decoded until the PDF was written)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw
from pypdf import PdfReader

from tests.conftest import Run

BOX_MM = 24.0


def _with_picture(demo: Path, picture: Image.Image, name: str, **save: object) -> Path:
    art = demo / "cards" / "demo" / "art"
    art.mkdir(exist_ok=True)
    picture.save(art / name, **save)  # type: ignore[arg-type]
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    layouts.write_text(
        layouts.read_text(encoding="utf-8")
        + f"    picture: {{type: image, x: 19.5, y: 22, w: {BOX_MM:g}, h: {BOX_MM:g}, "
        f"under: cost_disc, path: cards/demo/art/{name}}}\n"
        "    art: {when: false}\n    art_disc: {when: false}\n",
        encoding="utf-8",
    )
    return art / name


def _embedded(pdf: Path) -> list[Image.Image]:
    """Each picture the card sheets embed (in the faces' forms), as RGB pixels."""
    found = {}
    for page in PdfReader(pdf).pages:
        forms: Any = page["/Resources"]
        for form in forms.get("/XObject", {}).values():
            resources: Any = form.get_object()
            for xobject in resources.get("/Resources", {}).get("/XObject", {}).values():
                obj: Any = xobject.get_object()
                if obj.get("/Subtype") != "/Image":
                    continue
                assert obj["/ColorSpace"] == "/DeviceRGB" and obj["/BitsPerComponent"] == 8
                size = (int(obj["/Width"]), int(obj["/Height"]))
                found[obj.get_data()] = size
    return [Image.frombytes("RGB", size, data) for data, size in found.items()]


def _quarters(size: int, mode: str = "RGB") -> Image.Image:
    picture = Image.new(mode, (size, size), "white")
    draw = ImageDraw.Draw(picture)
    half = size // 2
    draw.rectangle([0, 0, half - 1, half - 1], fill="red")
    draw.rectangle([half, half, size - 1, size - 1], fill="blue")
    return picture


def test_a_picture_far_finer_than_a_print_is_embedded_at_600_dpi(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    # 4,000 pixels over 24 mm: 4,233 dpi; embedded 24 mm at 600 dpi, 567 pixels a side
    _with_picture(demo, _quarters(4000, "RGBA"), "huge.png")
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    sizes = {picture.size for picture in _embedded(demo / "build/demo/en/cards.pdf")}
    wanted = round(BOX_MM / 25.4 * 600)
    assert sizes and all(abs(w - wanted) <= 1 and abs(h - wanted) <= 1 for w, h in sizes), sizes


def test_a_picture_reduced_keeps_what_it_shows(demo: Path, printgen: Callable[..., Run]) -> None:
    _with_picture(demo, _quarters(3000), "photo.jpg", quality=95)
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    (picture,) = _embedded(demo / "build/demo/en/cards.pdf")
    w, h = picture.size
    assert abs(w - round(BOX_MM / 25.4 * 600)) <= 1 and w == h
    # its quarters where they were: red top left, blue bottom right, white elsewhere
    red, blue = picture.getpixel((w // 4, h // 4)), picture.getpixel((3 * w // 4, 3 * h // 4))
    white = picture.getpixel((3 * w // 4, h // 4))
    assert isinstance(red, tuple) and isinstance(blue, tuple) and isinstance(white, tuple)
    assert red[0] > 200 and red[1] < 60 and red[2] < 60, red
    assert blue[2] > 200 and blue[0] < 60 and blue[1] < 60, blue
    assert min(white) > 230, white


def test_a_picture_at_a_prints_resolution_is_embedded_as_it_is(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    # 567 pixels over 24 mm: 600 dpi, under the 1,200 past which pictures are reduced
    _with_picture(demo, _quarters(567), "fine.png")
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    sizes = {picture.size for picture in _embedded(demo / "build/demo/en/cards.pdf")}
    assert sizes == {(567, 567)}


def test_a_cmyk_photo_reduced_keeps_its_inks(demo: Path, printgen: Callable[..., Run]) -> None:
    """A print-minded designer's CMYK JPEG, far finer than the print: reduced, it stays CMYK
    and prints its cyan and magenta as the full-size one did."""
    import pypdfium2

    photo = Image.new("CMYK", (3000, 3000), (0, 0, 0, 0))
    photo.paste((255, 0, 0, 0), (0, 0, 1500, 3000))  # cyan left, magenta right
    photo.paste((0, 255, 0, 0), (1500, 0, 3000, 3000))
    _with_picture(demo, photo, "inks.jpg", quality=95)
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "cards")
    assert result.code == 0, result.err
    pdf = demo / "build/demo/en/cards.pdf"
    page = PdfReader(pdf).pages[0]
    resources: Any = page["/Resources"]
    forms: Any = resources["/XObject"]
    images = [
        obj
        for form in forms.values()
        for x in form.get_object().get("/Resources", {}).get("/XObject", {}).values()
        if (obj := x.get_object()).get("/Subtype") == "/Image"
    ]
    assert {(i["/ColorSpace"], int(i["/Width"])) for i in images} == {("/DeviceCMYK", 567)}
    faces = json.loads((demo / "build/demo/en/cards.json").read_text(encoding="utf-8"))["faces"]
    face = next(f for f in faces if f["page"] == 1 and f["side"] == "front")
    dpi = 150
    shown = pypdfium2.PdfDocument(pdf)[0].render(scale=dpi / 72).to_pil().convert("RGB")
    top = shown.height - (face["y_mm"] + face["height_mm"]) * dpi / 25.4  # y_mm from the bottom

    def at(x_mm: float, y_mm: float) -> tuple[int, ...]:
        pixel = shown.getpixel(((face["x_mm"] + x_mm) * dpi / 25.4, top + y_mm * dpi / 25.4))
        assert isinstance(pixel, tuple)
        return pixel

    middle = 22 + BOX_MM / 2
    cyan, magenta = at(19.5 + 4, middle), at(19.5 + BOX_MM - 4, middle)
    assert cyan[0] < 60 and cyan[1] > 120 and cyan[2] > 200, cyan
    assert magenta[0] > 200 and magenta[1] < 60 and magenta[2] > 100, magenta
