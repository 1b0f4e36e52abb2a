"""Reading a spreadsheet named by a deck's ``cards_from:`` into rows of cells: a CSV file (UTF-8;
comma, semicolon or tab separated, as the header row shows) or a sheet of an .xlsx workbook
through openpyxl, an optional dependency imported only here.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field, replace
from itertools import islice
from pathlib import Path
from typing import Any

from printgen.folders import hidden
from printgen.problems import ProjectError, Where
from printgen.project import Project
from printgen.source.cells import NOTES, blank, cut_column, names_cards
from printgen.source.csv_text import (
    closes,
    excel_separator,
    header_line,
    lines,
    undecodable,
    without_blank_end,
)
from printgen.source.readers import Checker, did_you_mean
from printgen.source.sheet_rows import first_visible, other_sheets, read_rows
from printgen.source.workbook import (
    merged_cells,
    not_a_workbook,
    too_many_cells,
    too_many_strings,
    unpacked_bytes,
    unprintable_cells,
    unreadable_values,
    unreadable_why,
    unsaved_results,
)

_DELIMITERS = (",", ";", "\t")  # Excel writes ';' where the decimal mark is ','
# far above any card list; they bound the time and memory a stray file can take
MAX_UNPACKED_BYTES = 64 * 1024 * 1024  # a workbook's XML, unpacked: a card list needs far less
MAX_BYTES = 64 * 1024 * 1024
MAX_ROWS = 100_000  # cards: a sheet's rows below its header (the limit of a deck)
MAX_COLUMNS = 500


@dataclass(frozen=True)
class Table:
    """The rows of a sheet, header first, each with the row number the spreadsheet shows."""

    label: str  # "cards/g/decks/ships.csv" or "cards/g/decks/ships.xlsx#Ships"
    workbook: bool
    rows: list[tuple[int, list[Any]]]
    delimiter: str = ","  # a CSV file's, read off its header row
    comma: str | None = None  # a number cell with a decimal comma ('2,5'), quoted, if any
    # cells whose problem reading the workbook said (a date, a merge, an unsaved formula): the
    # cards are still read, for their other problems, but nothing more is said of these
    said_cells: set[tuple[int, int]] = field(default_factory=set)  # (row, column)
    said_ranges: list[tuple[int, int, int, int]] = field(default_factory=list)  # merged cells
    # CSV rows with a text seemingly cut by an unquoted comma: the row's number, and the column
    # of the cell begun by the space after it (split_rows)
    spaced: dict[int, int] = field(default_factory=dict)
    # a workbook's other sheets, each with whether it names id and count, where the sheet
    # read was its first and names none (a sheet of notes before the cards')
    other_sheets: tuple[tuple[str, bool], ...] = ()

    def said(self, where: Where) -> bool:
        """Whether the problem of the workbook's cell at ``where`` was said reading it."""
        if not self.workbook or not where.path.startswith(f"{self.label}!"):
            return False
        from openpyxl.utils.cell import coordinate_to_tuple

        row, col = coordinate_to_tuple(where.path.rpartition("!")[2])
        return (row, col) in self.said_cells or any(
            left <= col <= right and top <= row <= bottom
            for left, top, right, bottom in self.said_ranges
        )

    def notes(self) -> set[int]:
        """The columns of the designer's own notes, named '#…' in the header row."""
        header = self.rows[0][1] if self.rows else []
        return {c for c, v in enumerate(header, 1) if str(v or "").strip().startswith(NOTES)}

    def where(self, row: int, col: int) -> Where:
        """A cell: ``path:ROW:COL`` for a CSV file, ``path#Sheet!C7`` for a workbook."""
        if self.workbook:
            return Where(f"{self.label}!{_letters(col)}{row}", 0, 0)
        return Where(self.label, row, col)


def open_table(
    checker: Checker, project: Project, value: Any, where: Where, deck_rel: str
) -> Table | None:
    if not isinstance(value, str) or not value.strip():
        checker.error(where, "cards_from must name a .csv or .xlsx file next to the deck file")
        return None
    name, hashed, sheet = value.strip().partition("#")
    suffix = Path(name).suffix.lower()
    if hashed and not sheet.strip():
        # "ships.xlsx#" read the first sheet: a name left out, never asked for
        checker.error(
            where,
            f"cards_from '{value}' names no sheet after '#'; write its name, or leave '#' out",
        )
        return None
    if suffix not in (".csv", ".xlsx"):
        checker.error(
            where,
            f"cards_from '{value}' must be a .csv (UTF-8) or .xlsx file; "
            "save the sheet in one of those formats",
        )
        return None
    if sheet and suffix != ".xlsx":
        checker.error(where, f"cards_from '{value}': only a .xlsx file has sheets to name")
        return None
    relative = (Path(deck_rel).parent / name).as_posix()
    try:
        path = project.inside(relative, where)
    except ProjectError as exc:
        checker.problems.extend(exc.problems)
        return None
    if not (path.exists() or path.is_symlink()):
        hint = did_you_mean(
            path.name, _sheets_beside(path, suffix), "; put the file next to the deck"
        )
        checker.error(where, f"cards_from: {relative} not found{hint}")
        return None
    try:  # a folder, a pipe or a device in its place is named as such
        project.file(path, where, MAX_BYTES, f"cards_from: {relative}")
    except ProjectError as exc:
        checker.problems.extend(exc.problems)
        return None
    rel = project.rel(path)
    if suffix == ".csv":
        return _csv(checker, path, rel)
    return _xlsx(checker, path, rel, sheet, where)


def _csv(checker: Checker, path: Path, rel: str) -> Table | None:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        checker.error(
            undecodable(rel, exc),
            "file is not UTF-8 text; save it as 'CSV UTF-8' from the spreadsheet program",
        )
        return None
    del raw  # the text is what is read now (a file's bytes held beside it was its size again)
    if (hint := excel_separator(text)) is not None and hint[1] not in _DELIMITERS:
        checker.error(
            Where(rel, 1, 1),
            f"the first line '{text[: hint[0]]}' is Excel's hint of the separator, but "
            "printgen reads a comma, a semicolon or a tab; write one of them after 'sep=', or "
            "delete the line",
        )
        return None
    if hint is not None:  # the hint's line left empty: the rows keep the file's line numbers
        text = text[hint[0] :]
    delimiter = hint[1] if hint else max(_DELIMITERS, key=header_line(text).count)
    rows: list[tuple[int, list[Any]]] = []
    spaced: dict[int, int] = {}  # rows whose text may be cut by a comma (split_rows)
    # strict: a quote never closed is an error at the end, not the rest of the file as one cell
    reader = csv.reader(lines(text), delimiter=delimiter, strict=True)
    start = 1  # the line the record being read starts on (a quoted cell may hold line breaks)
    width = 0  # the header row's cells, once it is read
    try:
        for count, cells in enumerate(reader, start=1):
            past = count > MAX_ROWS + 1  # the header, then the cards
            if past or len(cells) > MAX_COLUMNS:
                # refused where a value lies past the limits, as in a workbook: the empty rows
                # and columns a program exports round the cards (",,,,") are passed over
                cells = without_blank_end(cells)
                if cells and (past or len(cells) > MAX_COLUMNS):
                    checker.error(Where(rel, start, 1), _too_big())
                    return None
                if past:
                    start = reader.line_num + 1
                    continue
            if width and (column := cut_column(cells, width)):
                spaced[start] = column
            rows.append((start, _cleaned(cells)))
            if not width and any(cell.strip() for cell in cells):  # the header, past empty lines
                width = len(cells)
            start = reader.line_num + 1
    except csv.Error as exc:
        opening = text.split("\n", start)[start - 1] if start <= text.count("\n") + 1 else ""
        # a quote opened on `start` never closes (a long file reaches csv's cell limit first);
        # a cell over that limit whose quote does close has an even count of quotes after it
        too_long = "field larger" in str(exc)
        open_quote = opening.count('"') % 2 == 1 and not (too_long and closes(text, start))
        if "end of data" in str(exc) or open_quote:
            checker.error(
                Where(rel, start, opening.find('"') + 1 or 1),
                "this quote is never closed: every row after it would be read as one cell; "
                'close it, or write a quote inside a cell as two ("")',
            )
        elif "field larger" in str(exc):  # csv's own limit, whatever the quoting
            checker.error(
                Where(rel, start, 1),
                f"a cell of this row holds more than {csv.field_size_limit():,} characters "
                "(the limit for a CSV cell); shorten it",
            )
        else:
            checker.error(
                Where(rel, reader.line_num, 1), f"CSV syntax error: {exc}; check the quotes"
            )
        return None
    return Table(rel, False, _trimmed(rows), delimiter, spaced=spaced)


def _sheets_beside(path: Path, suffix: str) -> list[str]:
    """The sheets of ``path``'s folder a designer may have meant: named a letter apart
    ("ship.csv" for ships.csv), or in other capitals (ships.CSV, as some programs save it).
    Never Excel's ``~$ships.xlsx`` lock file; none from a folder that cannot be listed (one
    that can be entered but not read ended validate in an internal error)."""
    try:
        found = list(islice(path.parent.iterdir(), 10_000)) if path.parent.is_dir() else []
    except OSError:
        return []
    return [p.name for p in found if p.suffix.lower() == suffix and not hidden(p.name)]


def _xlsx(checker: Checker, path: Path, rel: str, sheet: str, where: Where) -> Table | None:
    try:
        import openpyxl
    except ImportError:
        checker.error(
            where,
            "reading a .xlsx file needs openpyxl: run pip install openpyxl in printgen's "
            "environment, or save the sheet as CSV UTF-8",
        )
        return None
    if (unpacked := unpacked_bytes(path)) is None:
        checker.error(where, not_a_workbook(path, rel))
        return None
    if unpacked > MAX_UNPACKED_BYTES:
        checker.error(
            where,
            f"{rel} is not a workbook printgen can read: it unpacks to over "
            f"{MAX_UNPACKED_BYTES // 2**20} MB; save it again, or as CSV UTF-8",
        )
        return None
    if (refused := too_many_strings(path, rel)) is not None:  # before openpyxl reads them
        checker.error(where, refused)
        return None
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # a damaged or mislabelled file: the designer's to fix
        checker.error(
            where,
            f"{rel} cannot be read as an Excel workbook ({unreadable_why(exc)}); save it again",
        )
        return None
    try:
        named = _sheet_named(book.sheetnames, sheet) if sheet else ""
        if named is None:
            tail = did_you_mean(
                sheet, book.sheetnames, f"; its sheets: {', '.join(book.sheetnames)}"
            )
            checker.error(where, f"{rel} has no sheet '{sheet}'{tail}")
            return None
        if not book.worksheets:  # a workbook of charts only
            checker.error(where, f"{rel} has no sheet of cells, only charts; save the cards' sheet")
            return None
        chosen = book[named] if named else first_visible(checker, book, where, rel)
        if chosen not in book.worksheets:  # a chart sheet has no cells to read
            cells_sheets = ", ".join(repr(s.title) for s in book.worksheets)
            checker.error(
                where,
                f"{rel}: the sheet '{named}' is a chart, not cells; name the sheet of the "
                f"cards (its sheets of cells: {cells_sheets})",
            )
            return None
        label = f"{rel}#{chosen.title}"
        if refused := too_many_cells(path, getattr(chosen, "_worksheet_path", ""), label):
            checker.error(where, refused)
            return None
        try:
            rows = read_rows(
                checker,
                chosen,
                Table(label, True, []).where,
                (MAX_ROWS, MAX_COLUMNS, _too_big()),
            )
        except Exception as exc:  # the sheet's XML is damaged (or declares entities)
            if not unreadable_values(checker, path, getattr(chosen, "_worksheet_path", ""), label):
                checker.error(
                    where,
                    f"{rel} cannot be read as an Excel workbook ({unreadable_why(exc)}); "
                    "save it again",
                )
            return None
        if rows is None:
            return None
        rows = [(number, _cleaned(cells)) for number, cells in rows]
        table = Table(label, True, _trimmed(rows))
        if not named and not (table.rows and names_cards(table.rows[0][1])):
            table = replace(table, other_sheets=other_sheets(book, chosen))
        unprintable_cells(checker, table)
        merged_cells(checker, path, getattr(chosen, "_worksheet_path", ""), table)
        unsaved_results(checker, path, chosen.title, table, rows)
        return table
    finally:
        book.close()


def _sheet_named(names: list[str], sheet: str) -> str | None:
    """The sheet ``cards_from`` names: its exact name, else the one name that differs from it
    in case alone — Excel takes sheet names so ("#data" opens the sheet 'Data'), and a
    designer copies the name as Excel would accept it."""
    if sheet in names:
        return sheet
    alike = [name for name in names if name.casefold() == sheet.casefold()]
    return alike[0] if len(alike) == 1 else None


def _too_big() -> str:
    return (
        f"a card sheet may have at most {MAX_ROWS:,} rows below its header and {MAX_COLUMNS} "
        "columns; "
        "split the cards over several decks"
    )


def _cleaned(cells: list[Any]) -> list[Any]:
    """A row's texts without the spaces around them, as its header's names are read (a
    trailing space is never meant, and 'water ' was no 'water' where a layout looked it up),
    and breaking lines with "\n" only: a file saved with Windows line ends (Git's autocrlf, a
    Windows editor) or a cell pasted from one holds "\r\n" inside quoted cells too, and a card
    printed each "\r" as a missing glyph's box."""
    return [
        cell.replace("\r\n", "\n").replace("\r", "\n").strip() if isinstance(cell, str) else cell
        for cell in cells
    ]


def _trimmed(rows: list[tuple[int, list[Any]]]) -> list[tuple[int, list[Any]]]:
    """Rows with something in them (an empty row separates nothing)."""
    return [(n, cells) for n, cells in rows if any(blank(c) is False for c in cells)]


def _letters(col: int) -> str:
    """Spreadsheet column letters: 1 → A, 27 → AA."""
    letters = ""
    while col > 0:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters
