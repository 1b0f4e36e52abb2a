"""A CSV file's text as printgen reads it before its cells: its lines (whichever end they
have), its header's line (the separator is read off it), and a problem's place in it (the
line and column of a byte that is not UTF-8, whether a quote ever closes)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from printgen.problems import Where


def closes(text: str, line: int) -> bool:
    """Whether every quote from ``line`` on is closed (a doubled quote inside a cell counts
    twice): an even count of them, to the end of the file."""
    offset = 0
    for _ in range(line - 1):
        offset = text.index("\n", offset) + 1
    return text.count('"', offset) % 2 == 0


def undecodable(rel: str, exc: UnicodeDecodeError) -> Where:
    """The first byte that is not UTF-8: its line, and its column as an editor counts the
    characters before it (an 'è' saved as Latin-1 in the fifth cell was said at column 1).
    The bytes are those decoded — past a byte-order mark, which the offset counts without —
    and the line's start is decoded a megabyte at a time: a 64 MB line is not held twice."""
    import codecs

    data = exc.object
    start = max(data.rfind(b"\n", 0, exc.start), data.rfind(b"\r", 0, exc.start)) + 1
    # lines end as csv reads them: \n, \r\n, or an old Mac's \r alone
    line = data.count(b"\n", 0, start) + data.count(b"\r", 0, start)
    line += 1 - data.count(b"\r\n", 0, start)
    decoder = codecs.getincrementaldecoder("utf-8")()
    before = memoryview(data)[start : exc.start]  # UTF-8 all of it: the first fault is past it
    step = 2**20
    col = 1 + sum(len(decoder.decode(before[at : at + step])) for at in range(0, len(before), step))
    return Where(rel, line, col)


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def lines(text: str) -> Iterator[str]:
    """The file's lines, each with its end (\n, \r\n, or an old Mac's \r), as csv reads
    them — one at a time: a StringIO of the text held it again four bytes a character (a
    64 MB file of one line took some 500 MB to be refused)."""
    if text.count("\r") != text.count("\r\n"):  # an old Mac's lines: the slower way
        yield from (line.group() for line in _LINE.finditer(text))
        return
    start = 0
    while start < len(text):
        end = text.find("\n", start) + 1 or len(text)
        yield text[start:end]
        start = end


def header_line(text: str) -> str:
    """The header row's line: the first that holds something (empty rows above the header are
    skipped, as all empty rows are — read off an empty first line, ';' was no separator)."""
    found = re.search(r"\S", text)
    if found is None:
        return ""
    start = text.rfind("\n", 0, found.start()) + 1
    end = text.find("\n", start)
    return text[start : end if end >= 0 else len(text)]


def without_blank_end(cells: list[str]) -> list[str]:
    """A CSV row without the empty cells that end it."""
    end = len(cells)
    while end and not cells[end - 1].strip():
        end -= 1
    return cells[:end]


_EXCEL_HINT = re.compile(r'(?P<quote>"?)sep=(?P<mark>.?)(?P=quote)[ \t]*', re.IGNORECASE)


def excel_separator(text: str) -> tuple[int, str] | None:
    """Excel's hint of the separator, a first line ``sep=;`` (a CSV saved where the decimal mark
    is a comma often has it): its length, and the separator it names; None for a file without
    one. It is no row of the sheet, and no title above the header."""
    end = min((at for at in (text.find("\n"), text.find("\r")) if at >= 0), default=len(text))
    found = _EXCEL_HINT.fullmatch(text, 0, end)
    return (end, found["mark"]) if found else None
