"""What reading a workbook's sheet learns besides its values (openpyxl's read-only sheets
keep none of it): cells a card would print as Excel writes them, merged ranges, formulas whose
result was never saved, and how large the workbook unpacks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.problems import Where
from printgen.source.cells import blank, quoted
from printgen.source.readers import Checker

if TYPE_CHECKING:
    from printgen.source.tables import Table


def unprintable_cells(checker: Checker, table: Table) -> None:
    """Cells a card would print as Python or Excel write them ("#DIV/0!", "2024-01-01
    00:00:00"): an error at each, the cell noted as said."""
    import datetime

    from openpyxl.cell.cell import ERROR_CODES

    notes = table.notes()  # the designer's own: a playtest date there is theirs
    for number, cells in table.rows:
        for col, value in enumerate(cells, start=1):
            if col in notes:
                continue
            if isinstance(value, str) and value in ERROR_CODES:
                message = f"the cell holds the spreadsheet error {value}; correct its formula"
            elif isinstance(value, datetime.date | datetime.time | datetime.timedelta):
                message = (
                    "the cell holds a date or time, which a card would print as "
                    f"'{value}'; format the cell as text, or write the text"
                )
            else:
                continue
            checker.error(table.where(number, col), message)
            table.said_cells.add((number, col))


_MERGED = re.compile(rb'<(?:\w+:)?mergeCell\s+ref="([A-Z]{1,3}[0-9]{1,7}:[A-Z]{1,3}[0-9]{1,7})"')


def merged(path: Path, member: str) -> list[str]:
    """The merged ranges of a sheet (openpyxl's read-only sheets do not keep them), read from
    its XML in the workbook (whose unpacked size was checked)."""
    import zipfile

    if not member:
        return []
    try:
        with zipfile.ZipFile(path) as book:
            xml = book.read(member)
    except (OSError, KeyError, zipfile.BadZipFile):
        return []
    return [ref.decode("ascii") for ref in _MERGED.findall(xml)][:MAX_MERGES]


MAX_MERGES = 20  # said, one line each: a sheet of merges is fixed by one unmerge


_CELL = re.compile(rb"<(?:\w+:)?c\s([^>]*?)(?:/>|>(.*?)</(?:\w+:)?c>)", re.S)
_REF = re.compile(rb"""\br\s*=\s*["']([A-Z]{1,3}[0-9]{1,7})["']""")
_TYPE = re.compile(rb"""\bt\s*=\s*["'](\w*)["']""")
_VALUE = re.compile(rb"<(?:\w+:)?v>([^<]*)</(?:\w+:)?v>")


def merged_cells(checker: Checker, path: Path, member: str, table: Table) -> None:
    """Each range of merged cells said at its first cell: a merged cell is read as empty past
    its first (notes merged over rows are never read, and said nothing)."""
    from openpyxl.utils.cell import coordinate_to_tuple, range_boundaries

    notes = table.notes()
    for ref in merged(path, member):
        left, _, right, _ = range_boundaries(ref)
        if left is not None and right is not None and notes >= set(range(left, right + 1)):
            continue  # notes merged over rows: never read
        first = ref.split(":", 1)[0]
        checker.error(
            table.where(*coordinate_to_tuple(first)),
            f"cells {ref} are merged: a merged cell is read as empty past its first; "
            "unmerge them and write the value in each",
        )
        table.said_ranges.append(range_boundaries(ref))


def unsaved_results(
    checker: Checker, path: Path, sheet: str, table: Table, rows: list[tuple[int, list[Any]]]
) -> None:
    """Each formula cell whose result was never saved (a workbook a program wrote), said."""
    for row, col, formula in unsaved_formulas(path, sheet, table, rows):
        checker.error(
            table.where(row, col),
            f"the cell holds a formula whose result was never saved ({formula[:40]}); open "
            "the workbook in Excel or LibreOffice and save it, or write the value",
        )
        table.said_cells.add((row, col))


def unreadable_values(checker: Checker, path: Path, member: str, label: str) -> bool:
    """Say each cell of the sheet whose number or truth value openpyxl cannot read ('NaN', as
    some programs write a value that is none) at the cell: openpyxl failed on the first with
    a ValueError for the whole workbook. False when none is found (the sheet is otherwise
    damaged)."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as book:
            xml = book.read(member) if member else b""
    except (OSError, KeyError, zipfile.BadZipFile):
        return False
    found = 0
    for cell in _CELL.finditer(xml):
        ref, kind, value = (
            _REF.search(cell[1]),
            _TYPE.search(cell[1]),
            _VALUE.search(cell[2] or b""),
        )
        text = value[1].decode("utf-8", "replace").strip() if value else ""
        said = kind[1] if kind else b"n"  # the type the cell declares
        if ref is None or not text or _readable(said, text):
            continue
        checker.error(
            Where(f"{label}!{ref[1].decode('ascii')}", 0, 0),
            f"the cell holds {quoted(text)}, which the workbook says is "
            f"{'a truth value' if said == b'b' else 'a number'} but is none; type its value "
            "again in Excel or LibreOffice and save, or clear the cell",
        )
        found += 1
        if found == MAX_MERGES:  # a sheet of them is fixed alike: a screenful is enough
            break
    return found > 0


def _readable(kind: bytes, text: str) -> bool:
    """Whether openpyxl reads a cell's value of this type (t="n", a number; "b", a truth)."""
    try:
        if kind == b"n":
            float(text) if any(c in text for c in ".eE") else int(text)
        elif kind == b"b":
            int(text)
    except ValueError:
        return False
    return True


def unsaved_formulas(
    path: Path, sheet: str, table: Table, rows: list[tuple[int, list[Any]]]
) -> list[tuple[int, int, str]]:
    """The empty cells below the header, under a named column, that hold a formula (a
    workbook written by a program that never computes: openpyxl, an export) — each read as
    "nothing" otherwise, and a row of nothing but such cells as no card at all. ``rows``: the
    sheet's rows as read, empty ones too."""
    if not table.rows:
        return []
    start, header = table.rows[0]
    notes = table.notes()
    columns = [c for c, v in enumerate(header, start=1) if not blank(v) and c not in notes]
    below = [(n, cells) for n, cells in rows if n > start]
    empty_rows = {n for n, cells in below if all(blank(c) for c in cells)}
    holes = {
        (n, c)
        for n, cells in below
        if n not in empty_rows
        for c in columns
        if c > len(cells) or cells[c - 1] is None  # a row's trailing empty cells are dropped
    }
    if not holes and not empty_rows:
        return []
    import openpyxl

    from printgen.source.sheet_rows import sheet_rows

    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=False)
    except Exception:  # read a moment ago: nothing more to learn from it
        return []
    try:
        found = []
        last_row = max([*(n for n, _ in holes), *empty_rows])
        wanted = set(columns)
        # read a cell at a time: openpyxl's own rows hold every cell of a row at once
        for row in sheet_rows(book[sheet], max(columns)):
            if row.number > last_row:
                break
            n = row.number
            for c, value in row.values.items():
                hole = (n, c) in holes or (n in empty_rows and c in wanted)
                if hole and isinstance(value, str) and value.startswith("="):
                    found.append((n, c, value))
        return found
    finally:
        book.close()


def unpacked_bytes(path: Path) -> int | None:
    """What a .xlsx unpacks to (a zip of XML files), read from its directory without
    unpacking anything; None when it is not a zip file."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            return sum(item.file_size for item in archive.infolist())
    except (OSError, zipfile.BadZipFile, ValueError):
        return None


def not_a_workbook(path: Path, rel: str) -> str:
    """Why a .xlsx that is no zip file cannot be read, as what it really is: a CSV file saved
    under a .xlsx name (a text file) is to be renamed, an old .xls saved again as .xlsx."""
    from printgen.file_kinds import head_text, kind_of

    with path.open("rb") as handle:
        head = handle.read(4096)
    kind = kind_of(head)
    csv_name = f"{path.stem}.csv"
    if kind is not None and kind.ending == ".html":
        return (
            f"{rel} is a web page (HTML), not an Excel workbook (saved by a link in its place?); "
            "download or export the sheet itself as .xlsx or CSV UTF-8"
        )
    if kind is not None and kind.text:
        first = (head_text(head) or "").lstrip().split("\n", 1)[0]
        which = "a text (CSV) file" if any(c in first for c in ",;\t") else "a text file"
        return (
            f"{rel} is {which}, not an Excel workbook; rename it {csv_name}, and write "
            f"cards_from: {csv_name}"
        )
    if kind is not None and kind.ending == ".xls":
        return (
            f"{rel} is an old Excel (.xls) workbook, not a .xlsx one; open it and save it as "
            "Excel Workbook (.xlsx), or as CSV UTF-8"
        )
    if kind is not None and kind.ending != ".zip":
        return f"{rel} is {kind.said}, not an Excel workbook; save the sheet as .xlsx or CSV UTF-8"
    return (
        f"{rel} is not a workbook printgen can read: it is not a .xlsx (zip) file, or a damaged "
        "one; save it again, or as CSV UTF-8"
    )


# openpyxl reads a workbook's whole table of texts (its shared strings) before any sheet, some
# 30 µs and 100 bytes a text: 3.5 million texts no cell uses (150 KB on disk, 56 MB unpacked,
# under that limit) took over a minute and 450 MB. Ten texts of their own on each of 100,000
# rows (a deck's limit) is the most a card sheet needs, and a program writing a workbook keeps
# a text for each cell holding one (twice as many, some, after cells were written over).
MAX_SHARED_STRINGS = 1_000_000
_STRING = re.compile(rb"<si[\s/>]")  # a shared text's element
_PREFIXED = re.compile(rb"<[^\s<>/:=]+:si[\s/>]")  # as some programs write it (<x:si>): slower
_TEXT_CELL = re.compile(rb"""\st\s?=\s?["']s["']""")  # a cell holding one: t="s" (not fmt="s")
_CHUNK = 2**20  # a part is read so much at a time (a part may unpack to 64 MB)
_OVERLAP = 256  # bytes kept from the chunk before: a tag cut across two chunks still counts


def shared_strings(path: Path) -> tuple[int, int]:
    """How many shared texts the workbook holds (counted to just past MAX_SHARED_STRINGS),
    and how many cells hold one — counted in its XML, a megabyte at a time, before openpyxl
    reads any of it. (0, 0) when it is not a zip file (openpyxl says what it is)."""
    import zipfile

    strings = cells = 0
    try:
        with zipfile.ZipFile(path) as archive:
            for item in archive.infolist():
                with archive.open(item) as part:
                    tail = b""
                    while chunk := part.read(_CHUNK):
                        head = b"" if tail else chunk.lstrip(b"\xef\xbb\xbf \t\r\n")
                        if head and not head.startswith(b"<"):
                            break  # not XML (a picture, a printer's settings): nothing to count
                        data = tail + chunk
                        strings += _count(_STRING, data, tail)
                        if b":si" in data:
                            strings += _count(_PREFIXED, data, tail)
                        cells += _count(_TEXT_CELL, data, tail)
                        if strings > MAX_SHARED_STRINGS:
                            return strings, cells
                        tail = data[-_OVERLAP:]
    except (OSError, zipfile.BadZipFile, ValueError, RuntimeError, EOFError):
        return 0, 0
    return strings, cells


# A cell costs printgen some 5 µs to read, empty or not (its XML parsed in Python): a 112 KB
# workbook's row of five million empty cells took half a minute. Twenty cells on each of
# 100,000 rows (a deck's limit) is more than a card sheet needs; counted before it is read.
MAX_SHEET_CELLS = 2_000_000
_ANY_CELL = re.compile(rb"<(?:[^\s<>/:=]+:)?c[\s/>]")  # <c r="A1">, <c/>, <x:c …>


def sheet_cells(path: Path, member: str) -> int:
    """How many cells the sheet's XML writes, empty ones too (counted to just past
    MAX_SHEET_CELLS), a megabyte at a time; 0 when it cannot be read (openpyxl says why)."""
    import zipfile

    cells = 0
    try:
        with zipfile.ZipFile(path) as archive, archive.open(member) as part:
            tail = b""
            while chunk := part.read(_CHUNK):
                data = tail + chunk
                cells += _count(_ANY_CELL, data, tail)
                if cells > MAX_SHEET_CELLS:
                    break
                tail = data[-_OVERLAP:]
    except (OSError, KeyError, zipfile.BadZipFile, ValueError, RuntimeError, EOFError):
        return 0
    return cells


def too_many_cells(path: Path, member: str, label: str) -> str | None:
    """Why the sheet is not read (more cells than a card sheet needs), as a message."""
    if not member or sheet_cells(path, member) <= MAX_SHEET_CELLS:
        return None
    return (
        f"{label} holds over {MAX_SHEET_CELLS:,} cells (empty cells that were once formatted "
        "count too), the limit for a card sheet; delete the rows and columns past the cards "
        "in Excel or LibreOffice and save, or save the sheet as CSV UTF-8"
    )


def _count(pattern: re.Pattern[bytes], data: bytes, tail: bytes) -> int:
    """Matches in ``data`` but those within ``tail``, its start, counted with the chunk before."""
    return len(pattern.findall(data)) - len(pattern.findall(tail))


def too_many_strings(path: Path, rel: str) -> str | None:
    """Why the workbook's shared texts are not read (too many, or far more than its cells
    use), as a problem's message; None when they are fine."""
    strings, cells = shared_strings(path)
    if strings > MAX_SHARED_STRINGS:
        return (
            f"{rel} holds over {MAX_SHARED_STRINGS:,} shared texts (its table of the texts its "
            f"cells hold), the limit for a workbook; save the cards' sheet alone, or as CSV UTF-8"
        )
    if strings > 2 * cells + 10_000:
        return (
            f"{rel} holds {strings:,} shared texts (its table of the texts its cells hold) for "
            f"{cells:,} cells of text: a workbook may hold at most twice as many (and 10,000 "
            "more); open it in Excel or LibreOffice and save it again, or save it as CSV UTF-8"
        )
    return None


def unreadable_why(exc: BaseException) -> str:
    """Why openpyxl could not read a workbook, in a designer's words (its exception's class
    name, "(KeyError)", said nothing to fix)."""
    import zipfile
    from xml.etree.ElementTree import ParseError

    if isinstance(exc, MemoryError):
        return "it needs more memory than printgen may take"
    if isinstance(exc, RecursionError):
        return "its XML nests too deeply"
    if isinstance(exc, ParseError) or type(exc).__name__ == "XMLSyntaxError":
        return "its XML is damaged, or declares entities"
    if isinstance(exc, KeyError | zipfile.BadZipFile):
        return "a part every workbook holds is missing or damaged"
    return "it is damaged, or not a workbook as Excel or LibreOffice save it"
