"""What a file really is, told from its first bytes: a designer's file named for one format
(Junk.ttf, gem.svg, ships.xlsx) that holds another — a text file, a picture, a web font, a zip —
is said as what it is, with what to do, rather than as the reading library's complaint about
the format it expected ("Not a recognized TrueType font: version=0x3A4A8E16")."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.startup.deferred import pattern

_HEAD = 4096  # bytes looked at: enough to tell text from binary, never the whole file


@dataclass(frozen=True)
class Kind:
    """A kind of file: how a designer says it, and the ending such a file has."""

    said: str  # "a PNG picture"
    ending: str  # ".png"

    @property
    def text(self) -> bool:
        return self.ending in (".txt", ".html", ".csv", ".svg", ".xml")


# the signatures a file starts with, longest first where one begins another
_SIGNATURES: tuple[tuple[bytes, Kind], ...] = (
    (b"\x89PNG\r\n\x1a\n", Kind("a PNG picture", ".png")),
    (b"\xff\xd8\xff", Kind("a JPEG picture", ".jpg")),
    (b"GIF87a", Kind("a GIF picture", ".gif")),
    (b"GIF89a", Kind("a GIF picture", ".gif")),
    (b"%PDF-", Kind("a PDF document", ".pdf")),
    (b"PK\x03\x04", Kind("a zip archive", ".zip")),
    (b"PK\x05\x06", Kind("an empty zip archive", ".zip")),
    (b"\x1f\x8b", Kind("a gzip archive", ".gz")),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", Kind("an old-style Office file (.xls, .doc)", ".xls")),
    (b"OTTO", Kind("an OpenType font with CFF outlines (a .otf font)", ".otf")),
    (b"wOFF", Kind("a WOFF web font", ".woff")),
    (b"wOF2", Kind("a WOFF2 web font", ".woff2")),
    (b"ttcf", Kind("a TrueType font collection", ".ttc")),
    (b"\x00\x01\x00\x00", Kind("a TrueType font", ".ttf")),
    (b"true", Kind("a TrueType font", ".ttf")),
)
_BOMS = (
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
# control characters no text file holds (tab, line feed, form feed and carriage return aside)
# the control characters no text holds (a tab, line and page breaks are text's own)
_CONTROLS = pattern("[\x00-\x08\x0b\x0e-\x1f\x7f]")
TEXT = Kind("a text file", ".txt")
HTML = Kind("a web page (HTML)", ".html")
SVG = Kind("an SVG drawing", ".svg")


def kind_of(data: bytes) -> Kind | None:
    """What ``data`` is, by its first bytes; None for a file of no kind known here (binary,
    damaged, or of another format)."""
    for signature, kind in _SIGNATURES:
        if data.startswith(signature):
            return kind
    webp = data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    if webp or data[4:12] in (b"ftypheic", b"ftypavif"):
        return Kind("a picture (WebP, HEIC or AVIF)", ".webp")
    text = head_text(data)
    if text is None:
        return None
    start = text.lstrip().lower()
    if start.startswith(("<!doctype html", "<html")):
        return HTML
    if "<svg" in start[:_HEAD]:
        return SVG
    return TEXT


def head_text(data: bytes) -> str | None:
    """The start of ``data`` read as text (UTF-8, or UTF-16 with its mark, a character cut at
    the end forgiven); None when it holds bytes no text has, or is empty."""
    head = data[:_HEAD]
    encoding = "utf-8"
    for mark, named in _BOMS:
        if head.startswith(mark):
            head, encoding = head[len(mark) :], named
            break
    if not head.strip():
        return None
    try:
        text = head.decode(encoding)
    except UnicodeDecodeError as exc:
        if encoding != "utf-8":
            return None
        # a character cut by the end of the head is forgiven; other bytes that are no UTF-8
        # are a file in an older encoding (Windows' Latin-1), still text
        cut = exc.start >= len(head) - 3 and len(data) > _HEAD
        text = head[: exc.start].decode(encoding) if cut else head.decode("latin-1")
    return None if _CONTROLS.search(text) else text


def first_line(text: str, room: int = 40) -> str:
    """A text's first line that is not blank, shortened to ``room`` characters, to quote."""
    line = next((row.strip() for row in text.splitlines() if row.strip()), "")
    return line if len(line) <= room else line[: room - 1] + "…"
