"""Text past a rulebook page's margin, said where the designer mends it: a long word of the
rules at its own line and column, quoted; a too-wide table at its row; a card's text at the
card."""

from __future__ import annotations

from collections.abc import Callable

from printgen.documents.flow import RichText
from printgen.documents.printed_columns import column_of
from printgen.documents.source_lines import editor_lines
from printgen.documents.tag_places import printing_tag
from printgen.layout import breaking
from printgen.layout.hyphens import IN_A_CELL, QUOTED, SOFT, quoted_word, unbroken
from printgen.layout.text import NO_GAP, Line
from printgen.layout.url_breaks import address_of
from printgen.problems import Problem, Where, in_spreadsheet

OVERFLOWS_SHOWN = 5  # overflowing blocks named one by one; the rest are counted


def overflow_problems(
    overflowing: list[RichText],
    rel: str,
    prose: str,
    where_of: Callable[[str], Where],
    document: str = "the rulebook",
    rendered: str = "",
) -> list[Problem]:
    """Text past the margin, one problem a place of the rules (a too-wide table is one, named
    by its widest word, however many of its cells overflow), the first few places named.
    ``rel`` and ``prose``: the rules file and its text (``rendered``: as Jinja printed it);
    ``where_of``: where a text is written."""
    said: dict[tuple[Where, int], str] = {}
    tables: set[int] = set()  # the tables said: each of their cells overflows
    for number, flow in enumerate(overflowing):
        if flow.table and id(flow.table) in tables:
            continue
        if flow.table:
            tables.add(id(flow.table))
            where, message = _table_said(flow.table, rel, (prose, rendered), where_of)
        else:
            where, message = _block_said(flow, rel, (prose, rendered), where_of)
        # a text found on no line is said at the file's start: blocks from anywhere (a long
        # word written twice), each its own problem
        said.setdefault((where, number if where == Where(rel) else 0), message)
    shown = list(said.items())
    said_in = f"text runs past the margin in {document}: "
    problems = [
        Problem(where, said_in + message) for (where, _), message in shown[:OVERFLOWS_SHOWN]
    ]
    if (rest := len(shown) - OVERFLOWS_SHOWN) > 0:  # one rulebook of long words would fill
        problems.append(  # the screen
            Problem(
                Where(rel),
                f"text runs past the margin in {rest} more places of {document}; break their "
                "long words (&shy; where they may break)",
            )
        )
    return problems


def _block_said(
    flow: RichText, rel: str, texts: tuple[str, str], where_of: Callable[[str], Where]
) -> tuple[Where, str]:
    # a block that knows where its text is written (a card's name in the card reference) is
    # said there: the same words in a paragraph that fits are not the mistake
    prose, rendered = texts
    line = flow.source or where_of(flow.plain() or flow.written())
    piece = too_wide(flow)
    address = address_of(flow.marked(), piece)  # (an address breaks by itself: said as one)
    word = address or whole_word(flow.written(), piece)
    if word and line.path == rel and flow.source is None:  # the word may be lines on
        # else a word an expression printed ({{ 'x' * 400 }}), at the expression
        line = (
            word_at(prose, word, line)
            or word_at(prose, word.strip(_AROUND), line)
            or printing_tag(rel, prose, rendered, word)
            or line
        )
    if address:
        return line, f"the address '{quoted_word(address)}' {_TOO_WIDE_ADDRESS}"
    in_rules = line.path == rel
    if not word:  # no line wider than its column: nothing to name but the block
        hint = "break its long word (&shy; where it may break)"
        if not in_rules:
            hint = f"mark where its long word may break with {_soft_hyphen(line)}"
        return line, f"'{unbroken(flow.written())[:QUOTED]}…'; {hint}"
    hint = _hint(line, rel, SOFT in word)
    return line, f"the word '{quoted_word(word)}' is wider than the column; {hint}"


def _table_said(
    cells: list[list[RichText]], rel: str, texts: tuple[str, str], where_of: Callable[[str], Where]
) -> tuple[Where, str]:
    """A table whose columns, each as narrow as its widest word, are wider together than the
    page: every column is squeezed and every one's widest word overflows, yet the table's
    widest word is the one to break — or, columns too many for the page at their least,
    the table's columns. Said at that word, at its row's line and column."""
    if any(cell.past_margin for cell in cells[0]):
        return where_of(_row(cells[0])), (
            f"the table's {max(len(row) for row in cells)} columns are wider than the "
            "page, even at their narrowest; give it fewer columns"
        )
    prose, rendered = texts
    piece, row, column = _widest_word(cells)
    word = whole_word(row[column - 1].written(), piece)
    line = where_of(_row(row))
    in_rules = line.path == rel
    if in_rules:  # else a word an expression printed in a cell, at the expression
        line = word_at(prose, word, line) or printing_tag(rel, prose, rendered, word) or line
    hint = _hint(line, rel, SOFT in word)
    if in_rules and len(cells[0]) > 1:  # its neighbours squeeze its column too
        hint = "break it with &shy; where it may break, or give the table fewer columns"
        if SOFT in word:
            hint = "break it again (&shy; where it may break) or give the table fewer columns"
    return line, (
        f"the word '{quoted_word(word)}' in column {column} of the table is wider than the "
        f"column; {hint}"
    )


# an address breaks after its '/' by itself, and a &shy; written in one is not read (in an
# autolink) or no part of it (in a link's address): the advice for a word does not serve
_TOO_WIDE_ADDRESS = (
    "is wider than the column, even broken after its '/', '.' and '-'; shorten it (a shorter "
    "address for the same page)"
)
# what a sentence sets around a word: where it is written, markup may stand between them and
# the word ("**Donaudampfschiff**,")
_AROUND = "([{«“‘,.;:!?)]}»”’"


def _hint(line: Where, rel: str, broken: bool) -> str:
    """What to do about a too-wide word; ``broken``: it holds a soft hyphen already, and a
    part of it between two is still too wide."""
    if line.path == rel:
        return f"break it{' again' * broken} (&shy; where it may break) or shorten it"
    where = "where else" if broken else "where"
    return f"shorten it, or mark {where} it may break with {_soft_hyphen(line)}"


def _soft_hyphen(line: Where) -> str:
    """A soft hyphen as the designer types it in a card's name or text (which its card shrinks
    to fit; it prints nothing within a line): escaped in YAML, the character in a cell."""
    if in_spreadsheet(line):
        return f"a soft hyphen ({IN_A_CELL})"
    return 'a soft hyphen (U+00AD: "\\u00ad" in a double-quoted YAML text)'


def _widest_word(cells: list[list[RichText]]) -> tuple[str, list[RichText], int]:
    """The widest word of a table that no soft hyphen breaks, as written; its row, and its
    column (from 1): a table's columns are squeezed in proportion to their widest words, so
    breaking this one frees the most room."""
    found: tuple[float, str, list[RichText], int] = (-1.0, "", cells[0], 1)
    for row in cells:
        for column, cell in enumerate(row, start=1):
            lines = breaking.break_lines(cell.runs, cell.style.family, cell.style.size, 0.0)
            for line in lines:
                if line.width > found[0]:
                    found = (line.width, _written(line).strip(), row, column)
    return found[1], found[2], found[3]


def _row(cells: list[RichText]) -> str:
    """A table row's words, which find its line: a cell of one word ('Players') is on many
    lines of the prose, its row on one."""
    return " ".join(cell.plain() for cell in cells)


def too_wide(flow: RichText) -> str:
    """The first line of ``flow`` wider than its column, as written: the word that does not
    fit (a line is broken at spaces, so a too-wide one is a word alone); "" when none is (a
    cell of a table too wide for the page, itself fitting its column)."""
    room = flow.avail - flow.style.indent + 0.5
    line = next((line for line in flow.lines if line.width > room), None)
    return "" if line is None else _written(line).strip()


def _written(line: Line) -> str:
    said, end = "", None
    for piece in line.pieces:
        if end is not None and piece.x - end > NO_GAP:
            said += " "
        said += f":{piece.icon}:" if piece.icon else piece.text
        end = piece.x + piece.width
    return said


def whole_word(written: str, piece: str) -> str:
    """The word of ``written`` (a block's text) that ``piece``, a too-wide line, is part of,
    with its soft hyphens: a word broken at one is a line a part, ending in the hyphen the
    break prints, which the designer never wrote. ``piece`` itself when no such word has it."""
    for word in written.split():
        if SOFT not in word:
            continue
        parts = word.split(SOFT)
        for start in range(len(parts)):
            for end in range(start + 1, len(parts) + 1):
                if piece == "".join(parts[start:end]) + "-" * (end < len(parts)):
                    return word
    return piece


def word_at(prose: str, word: str, paragraph: Where) -> Where | None:
    """Where ``word`` (as printed: its soft hyphens and other characters written any way
    Markdown reads them, ``&shy;``, ``&amp;``, ``\\*``) is written in the paragraph starting
    at ``paragraph``'s line — or on the one line of the file holding it, the paragraph's
    opening words being written twice (found at the other place) — None when it is not there
    as printed (markup inside it, or a template's value)."""
    lines = editor_lines(prose)
    for number in range(paragraph.line, len(lines) + 1):
        text = lines[number - 1]
        if not text.strip():  # the paragraph's end
            break
        if (column := column_of(word, text)) is not None:
            return Where(paragraph.path, number, column)
    holding = [
        (number, column)
        for number, text in enumerate(lines, 1)
        if (column := column_of(word, text)) is not None
    ]
    return Where(paragraph.path, *holding[0]) if len(holding) == 1 else None
