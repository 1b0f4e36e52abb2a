"""``under: NAME`` puts an element a layout adds beneath one it inherits: full-card art behind
card-base's frame, band and text — read back from the printed pixels."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.conftest import Run, manifest

GAME = "demo"
RED = (255, 0, 0)
LAYOUTS = f"cards/{GAME}/layouts/{GAME}.yaml"
# a picture over the whole card and its bleed, added by the starter's card layout (which
# extends card-base), as the README's example is
ART = "    sea: {type: image, bleed: true, path: cards/demo/art/red.png, decor: true"


def _with_art(demo: Path, under: str | None) -> None:
    art = demo / "cards" / GAME / "art" / "red.png"
    art.parent.mkdir(exist_ok=True)
    Image.new("RGB", (69, 94), RED).save(art)  # the card's and its bleed's proportions
    layouts = demo / LAYOUTS
    text = layouts.read_text(encoding="utf-8").split("    sea:")[0]
    line = ART + (f", under: {under}}}" if under else "}")
    layouts.write_text(text + line + "\n", encoding="utf-8")


def _pixels(demo: Path) -> dict[str, tuple[int, ...]]:
    """Colours printed on the miner's front: in card-base's band beside the title, on its frame's
    left edge, and between the frame and the trim (card-base's background)."""
    import pypdfium2

    face = next(
        f
        for f in manifest(demo / "build" / GAME / "en" / "cards.json")["faces"]
        if f["card"] == "miner" and f["side"] == "front"
    )
    pdf = pypdfium2.PdfDocument(demo / "build" / GAME / "en" / "cards.pdf")
    scale = 4  # pixels a point
    image = pdf[face["page"] - 1].render(scale=scale).to_pil().convert("RGB")
    mm = 72 / 25.4 * scale

    def at(right: float, down: float) -> tuple[int, ...]:
        x = (face["x_mm"] + right) * mm
        y = (face["page_mm"][1] - face["y_mm"] - face["height_mm"] + down) * mm
        return tuple(image.getpixel((round(x), round(y))))

    return {"band": at(46.7, 9), "frame": at(3, 50), "background": at(1.5, 50)}


def _build(
    demo: Path, printgen: Callable[..., Run], warned: str = ""
) -> dict[str, tuple[int, ...]]:
    built = printgen(demo, "build", GAME, "--lang", "en", "--only", "cards")
    assert built.code == 0, built.err
    assert warned in built.err if warned else built.err == "", built.err
    return _pixels(demo)


def test_art_under_an_inherited_element_is_drawn_beneath_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    plain = _build(demo, printgen)
    assert RED not in plain.values()
    _with_art(demo, under="frame")
    under = _build(demo, printgen)
    # above card-base's background, beneath its frame and band (and so its text)
    assert under == {"band": plain["band"], "frame": plain["frame"], "background": RED}
    _with_art(demo, under=None)
    # added without under: it is drawn last, over everything card-base drew
    # (and a warning says so, naming the way to put it beneath)
    warned = "draw the picture beneath it with under: title"
    assert set(_build(demo, printgen, warned).values()) == {RED}


@pytest.mark.parametrize(
    ("under", "said"),
    [
        (
            "fram",
            "element 'sea' under: layout 'demo-card' has no element 'fram'; did you mean 'frame'?",
        ),
        ("sea", "element 'sea' cannot be drawn under itself"),
        ("[frame]", "element 'sea' under: one element's name, not ['frame']"),
    ],
)
def test_a_wrong_under_is_one_error_at_its_value(
    demo: Path, printgen: Callable[..., Run], under: str, said: str
) -> None:
    _with_art(demo, under=under)
    checked = printgen(demo, "validate", GAME)
    assert checked.code == 2
    text = (demo / LAYOUTS).read_text(encoding="utf-8")
    line = text.count("\n", 0, text.index("    sea:")) + 1
    column = len(ART) + len(", under: ") + 1
    assert checked.err.splitlines() == [f"{LAYOUTS}:{line}:{column}: {said}"]


def test_elements_under_each_other_in_a_loop_are_an_error(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    _with_art(demo, under="frame")
    layouts = demo / LAYOUTS
    text = layouts.read_text(encoding="utf-8")
    layouts.write_text(text + "    frame: {under: sea}\n", encoding="utf-8")
    checked = printgen(demo, "validate", GAME)
    assert checked.code == 2
    rows: list[Any] = checked.err.splitlines()
    assert len(rows) == 1
    assert rows[0].endswith(
        "layout 'demo-card': elements drawn under each other in a loop "
        "(frame -> sea -> frame); break it"
    )


def test_a_layouts_warning_met_in_both_languages_is_said_once_naming_both(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    # the picture over the text, on the English and the Italian cards alike: it was said twice,
    # the lines differing only in the card's title and the [en] / [it] at their end
    _with_art(demo, under=None)
    checked = printgen(demo, "validate", GAME)
    assert checked.code == 0
    rows = checked.err.splitlines()
    boxes = [row.split("text of box '")[1].split("'")[0] for row in rows]
    assert sorted(boxes) == ["cost", "effect", "playable", "title"]
    assert all("on card 'miner' (Miner) and 3 more [en, it]; move" in row for row in rows), rows
    assert checked.out.strip() == f"{GAME}: ok, 4 warnings"
