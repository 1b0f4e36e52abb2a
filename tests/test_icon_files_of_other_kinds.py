"""An icon file that is no SVG drawing — a picture named gem.svg, a web page, an entity bomb —
is said at the file as what it is, with what to do, never in libxml2's words ("Start tag
expected, '<' not found", "Maximum entity amplification factor exceeded, see
xmlCtxtSetMaxAmplification.")."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import Run


def _picture(kind: str) -> bytes:
    made = io.BytesIO()
    Image.new("RGB", (8, 8), "#aa3300").save(made, kind)
    return made.getvalue()


def _entity_bomb() -> bytes:
    entities = '<!ENTITY a "aaaaaaaaaaaaaaaa">' + "".join(
        f'<!ENTITY {b} "{("&" + a + ";") * 16}">' for a, b in zip("abcde", "bcdef", strict=True)
    )
    return (
        f'<?xml version="1.0"?>\n<!DOCTYPE svg [{entities}]>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<text x="0" y="5">&f;</text><path d="M0 0h10v10z"/></svg>\n'
    ).encode()


_PICTURE_ADVICE = (
    "not an SVG drawing: an icon must be an SVG file; convert the picture to SVG (Inkscape's "
    "Trace Bitmap), or rename it gem.{} and place it with a layout element of type: image"
)
CASES = {
    "png": (_picture("PNG"), f"1:1: icon: gem.svg is a PNG picture, {_PICTURE_ADVICE}", "png"),
    "jpeg": (_picture("JPEG"), f"1:1: icon: gem.svg is a JPEG picture, {_PICTURE_ADVICE}", "jpg"),
    "entity-bomb": (
        _entity_bomb(),
        "1:1: icon: its <!ENTITY …> definitions expand into far too much text (an entity "
        "bomb), and such a file is refused; delete the entities from its <!DOCTYPE …>, or "
        "export the drawing again",
        "",
    ),
    "html": (
        b"<html><body><p>A gem</p></body></html>\n",
        "1:1: icon: its top element is <html>, not <svg>: it is no SVG drawing (a web page, "
        "saved in the drawing's place?); download or export the drawing as SVG",
        "",
    ),
    "html-doctype": (
        b"<!DOCTYPE html>\n<meta charset=utf-8><title>gem</title>\n",
        "1:1: icon: its top element is <html>, not <svg>: it is no SVG drawing (a web page, "
        "saved in the drawing's place?); download or export the drawing as SVG",
        "",
    ),
    "other-xml": (
        b'<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>\n',
        "2:1: icon: its top element is <rss>, not <svg>: it is no SVG drawing; download or "
        "export the drawing as SVG",
        "",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_icon_file_that_is_no_svg_is_said_as_what_it_is(
    demo: Path, printgen: Callable[..., Run], case: str
) -> None:
    data, said, ending = CASES[case]
    (demo / "icons").mkdir()
    (demo / "icons" / "gem.svg").write_bytes(data)
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.strip().splitlines() == [f"icons/gem.svg:{said.format(ending)}"]


@pytest.mark.parametrize(("kind", "ending"), [("PNG", ".png"), ("JPEG", ".jpg")])
def test_a_picture_named_svg_is_said_to_take_its_own_ending(
    tmp_path: Path, kind: str, ending: str
) -> None:
    """An SVG picture of a layout (not an icon) that is a PNG: its ending is all that is wrong."""
    from printgen.icons.svg import SvgError, parse

    with pytest.raises(SvgError) as caught:
        parse(_picture(kind), tmp_path)
    assert str(caught.value) == (
        f"it is a {kind} picture, not an SVG drawing: name it with the ending {ending}"
    )


def test_a_layout_picture_named_svg_says_what_it_is_in_one_sentence(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """It read 'is not an SVG picture printgen can draw (it is a PNG picture, …: name it with
    the ending .png); save it again as plain SVG' — the last advice the wrong one."""
    (demo / "art").mkdir()
    (demo / "art" / "pic.svg").write_bytes(_picture("PNG"))
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    element = "    pic: {type: image, x: 10, y: 30, w: 20, h: 20, path: art/pic.svg, decor: true}\n"
    layouts.write_text(text + element, encoding="utf-8")
    run = printgen(demo, "validate")
    assert run.code == 2
    line = text.count("\n") + 1
    assert run.err.strip().splitlines() == [
        f"cards/demo/layouts/demo.yaml:{line}:{element.index('path') + 7}: 'art/pic.svg' is a PNG "
        "picture, not an SVG drawing: name it with the ending .png"
    ]
