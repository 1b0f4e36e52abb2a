"""A prose file's table rows read as Markdown reads them (GFM: markdown-it prints as many cells
as the header has): a row with more cells loses the rest without a word — an error, the text
never prints — and a row with fewer prints the missing ones empty — a warning, it may be meant.
Read in the prose as rendered, which is what markdown-it parses and what prints (a row a
{% for %} or a macro writes, a | a {{ … }} prints), and said at the line that wrote the row."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from printgen.documents.source_lines import block_tokens, line_texts
from printgen.documents.written_lines import Found, WrittenLines
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, ProjectError, Severity, Where
from printgen.project import Project
from printgen.startup.deferred import pattern

# what leads a line inside quotes and list items, nested in any order (> > - 1. and - > ):
# no cell of the table
CONTAINER = pattern(r"^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*")


class Cell(NamedTuple):
    col: int  # where its text starts in the line, from 0 (its pipe's place if it has none)
    text: str  # as rendered, stripped


def too_many_cells(written: str, rendered: str, rel: str) -> list[Problem]:
    """Errors: rows holding text past the header's cells, which never prints."""
    problems = row_problems(written, rendered, rel)
    return [problem for problem in problems if problem.severity == Severity.ERROR]


def template_rows(project: Project, path: Path, rendered: str) -> list[Problem]:
    """Errors: rows the project's own document template (at ``path``) writes, in ``rendered``,
    its document, holding text past their header's cells."""
    if "|" not in rendered:
        return []
    rel = project.rel(path)
    written = project.read_text(path, Where(rel), MAX_PROSE_BYTES)
    problems = row_problems(written, rendered, rel, own=True)
    return [problem for problem in problems if problem.severity == Severity.ERROR]


def too_few_cells(project: Project, rel: str, rendered: str) -> list[Problem]:
    """Warnings: rows with fewer cells than the header, whose last cells print empty."""
    if "|" not in rendered:
        return []
    try:
        written = project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES)
    except ProjectError:  # said by what reads it
        return []
    problems = row_problems(written, rendered, rel)
    return [problem for problem in problems if problem.severity == Severity.WARNING]


class _Row(NamedTuple):
    table: int  # the rendered line of its table's header, from 0
    line: int  # its own, from 0
    cells: list[Cell]
    header: int  # how many cells the header has


def row_problems(written: str, rendered: str, rel: str, own: bool = False) -> list[Problem]:
    """The rows of ``rendered`` with more or fewer cells than their header, said at the line
    of ``written`` that wrote them; ``own``: only the rows a line of it writes in its own text
    (a template's, whose document also prints the prose's tables and printgen's)."""
    if "|" not in rendered:  # parsed only where a table may be
        return []
    lines = line_texts(rendered)
    wrong: list[_Row] = []
    table = header = 0
    in_head = False
    for token in block_tokens(rendered):
        in_head = token.type == "thead_open" or (in_head and token.type != "thead_close")
        if token.type != "tr_open" or not token.map:
            continue
        cells = split_row(lines[token.map[0]])
        if in_head:  # the header's cells are the table's: every row prints as many
            table, header = token.map[0], len(cells)
        elif len(cells) != header:
            wrong.append(_Row(table, token.map[0], cells, header))
    if not wrong:  # the file as written is read only to say where
        return []
    source = WrittenLines(written)
    heads: dict[int, int] = {}  # each table's first line in the file, from 0: found once
    said: dict[Where, Problem] = {}  # a row a {% for %} writes: said once, at its line
    for row in wrong:
        if row.table not in heads:
            head = source.find(lines[row.table], range(len(source.lines)), row.table)
            heads[row.table] = head.line - 1 if head and (_written(head) or not own) else -1
        if heads[row.table] < 0:
            continue  # a table the file does not write
        if problem := _row_problem(row, lines, source, heads[row.table], rel, own):
            said.setdefault(problem.where, problem)
    return list(said.values())


def _row_problem(
    row: _Row, lines: list[str], source: WrittenLines, first: int, rel: str, own: bool = False
) -> Problem | None:
    """The row's problem, said at the line that wrote it, found among the lines of its table
    (from ``first``, its header's); else at that first line (``own``: else none)."""
    span = range(first, source.block_end(first))
    found = source.find(lines[row.line], span, first + row.line - row.table)
    if own and (found is None or not _written(found)):
        return None
    line = found.line if found else first + 1
    cells, header = row.cells, row.header
    if len(cells) > header:
        return _dropped(cells, header, found, Where(rel, line, 1))
    return _short(cells, header, lines[row.line], found, Where(rel, line, 1))


def _written(found: Found) -> bool:
    """Whether the line found writes text of its own, not a tag alone ({{ super() }} prints
    any row)."""
    return any(piece.text.strip() for piece in found.pieces if not piece.tag)


def _short(cells: list[Cell], header: int, text: str, found: Found | None, where: Where) -> Problem:
    """A row with too few cells: the fix quoted, as the row with them added when the file
    writes it as it renders (a row ending in | takes `  |` a cell, one without ` |` more)."""
    missing = header - len(cells)
    start = len(text) - len(CONTAINER.sub("", text, count=1))  # the row after > or -
    ending = text.rstrip()
    closed = ending.endswith("|") and not ending.endswith("\\|")
    more = "  |" * missing if closed else " |" + "  |" * missing
    last = "the last is" if missing == 1 else f"the last {missing} are"
    cell = "the missing cell" if missing == 1 else f"the {missing} missing cells"
    fix = (
        f"add {cell}: `{ending[start:]}{more}`"
        if found and found.literal
        else f"add `{more}` at the end of the row"
    )
    return Problem(
        where._replace(col=found.col(start) if found else 1),
        f"this row has {_cells(len(cells))} and its table's header {header}: {last} printed "
        f"empty; if that is meant, {fix}",
        Severity.WARNING,
    )


def _dropped(cells: list[Cell], header: int, found: Found | None, where: Where) -> Problem | None:
    dropped = [c for c in cells[header:] if c.text]
    if not dropped:  # empty cells past the header: nothing is lost
        return None
    quoted = " | ".join(c.text for c in dropped)
    by = found.tag_at(dropped[0].col) if found else ""
    printed = f" (printed by {by})" if by else ""
    # a code span split in two: its pipe was taken for a cell's end
    split = any(cell.text.count("`") % 2 for cell in cells)
    pipe = found.printed_pipe() if found else ""
    hint = (
        f"; the | that {pipe} prints ends a cell too: have it print \\|"
        if pipe
        else "; a | inside `code` ends a cell too: write it \\|"
        if split
        else ""
    )
    return Problem(
        where._replace(col=found.col(dropped[0].col) if found else 1),
        f"this row has {_cells(len(cells))} and its table's header {header}: '{quoted}'"
        f"{printed} is not printed; add a column to the header and the line under it, or move "
        f"the text into a cell{hint}",
    )


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"


def split_row(line: str) -> list[Cell]:
    """A table row's cells, split as markdown-it splits them: at each pipe not escaped (``\\|``;
    a pipe in `code` splits too, as GFM has it), an empty cell before the first pipe and after
    the last left out."""
    body = CONTAINER.sub("", line, count=1)
    offset = len(line) - len(body)
    starts, escaped = [0], False
    for at, char in enumerate(body):
        if char == "|" and not escaped:
            starts.append(at + 1)
        escaped = char == "\\"
    ends = [start - 1 for start in starts[1:]] + [len(body)]
    cells = [_cell(body, offset, start, end) for start, end in zip(starts, ends, strict=True)]
    if cells and not body[: ends[0]].strip():
        cells.pop(0)
    if cells and len(starts) > 1 and not body[starts[-1] :].strip():
        cells.pop()
    return cells


def _cell(body: str, offset: int, start: int, end: int) -> Cell:
    text = body[start:end]
    lead = len(text) - len(text.lstrip())
    return Cell(offset + start + (lead if text.strip() else 0), text.strip())


# a table's delimiter row (|---|:--:|), whose table Markdown may still refuse; it opens with
# the line break before the line, searched for in the text after a "\n": a pattern opening
# with a literal is scanned for it, where one opening with ^ was tried at every character
_DELIMITER_ROW = re.compile(  # in a quote or a list item too
    r"\n(?:[ \t]*>)*[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$", re.M
)


def broken_tables(written: str, lines: list[str], rel: str) -> list[Problem]:
    """A table whose header and delimiter rows have different numbers of cells is no table
    to Markdown: its rows printed as one paragraph of | characters, without a word."""
    rows = delimiter_rows(written)
    if not rows:  # parsed only where a table may be
        return []
    in_paragraph = {
        number
        for token in block_tokens(written)
        if token.type == "paragraph_open" and token.map
        for number in range(token.map[0] + 1, token.map[1] + 1)
    }
    problems = []
    for start in rows:
        number = written.count("\n", 0, start) + 1
        if number not in in_paragraph or number < 2:
            continue
        header, delimiter = _cell_count(lines[number - 2]), _cell_count(lines[number - 1])
        if header != delimiter:
            problems.append(
                Problem(
                    Where(rel, number, 1),
                    f"this table's header row has {header} cells and the line under it "
                    f"{delimiter}; give both the same number (it prints as plain text)",
                )
            )
    return problems


def delimiter_rows(written: str) -> list[int]:
    """Where each line that would be a table's delimiter row (``|---|:-:|``) starts."""
    return [m.start() for m in _DELIMITER_ROW.finditer("\n" + written) if "|" in m.group()]


def _cell_count(line: str) -> int:
    return len(split_row(line))  # counted as the rows' own check counts them
