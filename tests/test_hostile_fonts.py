"""Hostile project fonts: a character map past Unicode, and a font that names itself as another
(ReportLab keeps one font per internal name)."""

from __future__ import annotations

import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import reportlab

from tests.conftest import Run

VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


def _tables(data: bytes) -> dict[bytes, bytes]:
    count = struct.unpack_from(">H", data, 4)[0]
    found = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        found[tag] = data[offset : offset + length]
    return found


def _font(tables: dict[bytes, bytes]) -> bytes:
    """A TrueType file of ``tables`` (checksums left 0: ReportLab does not check them)."""
    tags = sorted(tables)
    head = struct.pack(">IHHHH", 0x00010000, len(tags), 0, 0, 0)
    offset = 12 + 16 * len(tags)
    directory, body = b"", b""
    for tag in tags:
        data = tables[tag]
        directory += struct.pack(">4sIII", tag, 0, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return head + directory + body


def _cmap_of_every_code() -> bytes:
    """One format 12 subtable (Windows, UCS-4) mapping codes 0 to 0xFFFFFFFF to glyph 3."""
    groups = [(0, 0xFFFFFFFF, 3)]
    sub = struct.pack(">HHIII", 12, 0, 16 + 12 * len(groups), 0, len(groups))
    sub += b"".join(struct.pack(">III", *group) for group in groups)
    return struct.pack(">HHHHI", 0, 1, 3, 10, 12) + sub


def _wide(data: bytes) -> bytes:
    """Vera with every advance width doubled, keeping Vera's internal name."""
    tables = _tables(data)
    metrics = struct.unpack_from(">H", tables[b"hhea"], 34)[0]
    hmtx = bytearray(tables[b"hmtx"])
    for i in range(metrics):
        width = struct.unpack_from(">H", hmtx, 4 * i)[0]
        struct.pack_into(">H", hmtx, 4 * i, min(2 * width, 0xFFFF))
    return _font({**tables, b"hmtx": bytes(hmtx)})


def _titles_in(demo: Path, font: str) -> None:
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    head = "demo-card:\n  extends: card-base\n  size: poker\n"
    assert head in text
    layouts.write_text(text.replace(head, f"{head}  styles: {{title: {{font: {font}}}}}\n"))


def test_a_character_map_past_unicode_is_refused_at_once(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    fonts = demo / "fonts"
    fonts.mkdir()
    tables = _tables(VERA.read_bytes())
    (fonts / "Huge.ttf").write_bytes(_font({**tables, b"cmap": _cmap_of_every_code()}))
    _titles_in(demo, "Huge")
    run = printgen(demo, "validate")
    assert run.code == 2
    assert "Huge.ttf maps more character codes than Unicode has" in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_a_font_cut_short_is_named_by_its_path_in_plain_words(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A download cut short said "MyFont.ttf is not a TrueType font ReportLab can embed
    (unpack requires a buffer of 2 bytes)": Python's words, and no folder."""
    fonts = demo / "fonts"
    fonts.mkdir()
    (fonts / "MyFont.ttf").write_bytes(VERA.read_bytes()[:1000])
    _titles_in(demo, "MyFont")
    run = printgen(demo, "validate")
    assert run.code == 2
    [line] = run.err.strip().splitlines()
    assert line.endswith(
        ": fonts/MyFont.ttf is not a TrueType font ReportLab can embed (the file is damaged, "
        "cut short, or not a font); download it again, or use a complete .ttf file"
    ), line


def test_a_font_named_inside_as_vera_does_not_stand_in_for_vera(tmp_path: Path) -> None:
    """Registered first, a project font carrying Vera's internal name must not replace the
    documents' Vera: the same text measures as Vera whichever font was read first."""
    fonts = tmp_path / "fonts"
    fonts.mkdir(parents=True)
    (fonts / "Wide.ttf").write_bytes(_wide(VERA.read_bytes()))
    script = (
        "from reportlab.pdfbase.pdfmetrics import stringWidth\n"
        "from printgen.layout.fonts import family, vera\n"
        "from printgen.project import Project\n"
        f"wide = family('Wide', Project.at({str(tmp_path)!r}))\n"
        "plain = vera()\n"
        "print(stringWidth('page', plain.regular, 10), stringWidth('page', wide.regular, 10))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    plain, wide = map(float, done.stdout.split())
    assert abs(plain - 24.97) < 0.1  # Vera's own widths (p, a, g, e at 10 pt)
    assert abs(wide - 2 * plain) < 0.1


_OTHER_FILES = {
    "text": (
        b"hello, this is a text file\n",
        "a text file (it begins 'hello, this is a text file'); download the font and put its "
        ".ttf file in fonts/ as Junk.ttf",
    ),
    "otf": (
        b"OTTO\x00\x0a\x00\x80" + bytes(200),
        "an OpenType font with CFF outlines (a .otf font), which printgen cannot embed; "
        "download the font's .ttf version, or convert it to .ttf (with FontForge, or an online "
        "font converter)",
    ),
    "woff2": (
        b"wOF2\x00\x01\x00\x00" + bytes(200),
        "a WOFF2 web font, made for web pages; download the font's .ttf (a desktop font), or "
        "convert it to .ttf (with FontForge, or an online font converter)",
    ),
    "zip": (
        b"PK\x03\x04\x14\x00" + bytes(200),
        "a zip archive (a font download); unzip it and put the .ttf file it holds in fonts/ as "
        "Junk.ttf",
    ),
    "html": (
        b"<!DOCTYPE html>\n<html><body>Download</body></html>\n",
        "a web page (HTML), saved by a download link in the font's place; download the font's "
        ".ttf file itself",
    ),
}


@pytest.mark.parametrize("kind", sorted(_OTHER_FILES))
def test_a_font_file_of_another_kind_is_said_as_what_it_is(
    demo: Path, printgen: Callable[..., Run], kind: str
) -> None:
    """A text file named Junk.ttf said "not a TrueType font ReportLab can embed (Not a
    recognized TrueType font: version=0x68656C6C)": ReportLab's words for its first bytes."""
    data, said = _OTHER_FILES[kind]
    fonts = demo / "fonts"
    fonts.mkdir()
    (fonts / "Junk.ttf").write_bytes(data)
    _titles_in(demo, "Junk")
    run = printgen(demo, "validate")
    assert run.code == 2
    [line] = run.err.strip().splitlines()
    assert line == (
        f"cards/demo/layouts/demo.yaml:13:26: fonts/Junk.ttf is not a TrueType font but {said}"
    ), line
