"""A prose file's table rows read as Markdown reads them (GFM: markdown-it prints as many cells
as the header has): a row with more cells loses the rest without a word — an error, the text
never prints — and a row with fewer prints the missing ones empty — a warning, it may be meant.
Each said at the row's line in the file as written, its Jinja masked as rendering leaves it."""

from __future__ import annotations

import re
from typing import NamedTuple

from printgen.documents.source_lines import block_tokens, editor_lines
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, ProjectError, Severity, Where
from printgen.project import Project
from printgen.startup.deferred import pattern

# what leads a line inside quotes and list items, nested in any order (> > - 1. and - > ):
# no cell of the table
CONTAINER = pattern(r"^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*")
# Jinja in the file as written: an expression prints text (masked as letters, never a cell's
# pipe: {{ names | join(", ") }}); a statement or comment prints nothing, and a line of them
# alone is gone once rendered (trim_blocks, lstrip_blocks): {% for %} inside a table is no row
_JINJA = pattern(r"(\{\{.*?\}\})|\{%.*?%\}|\{#.*?#\}", re.DOTALL)


class Cell(NamedTuple):
    col: int  # where its text starts in the line, from 0 (its pipe's place if it has none)
    text: str  # as written, stripped


def too_many_cells(written: str, rel: str) -> list[Problem]:
    """Errors: rows holding text past the header's cells, which never prints."""
    return [problem for problem in _rows(written, rel) if problem.severity == Severity.ERROR]


def too_few_cells(project: Project, rel: str) -> list[Problem]:
    """Warnings: rows with fewer cells than the header, whose last cells print empty."""
    try:
        written = project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES)
    except ProjectError:  # said by what reads it
        return []
    return [problem for problem in _rows(written, rel) if problem.severity == Severity.WARNING]


def _rows(written: str, rel: str) -> list[Problem]:
    if "|" not in written:  # parsed only where a table may be
        return []
    lines, numbers = _as_rendered(written)
    problems: list[Problem] = []
    header, in_head = 0, False
    for token in block_tokens("\n".join(lines)):
        in_head = token.type == "thead_open" or (in_head and token.type != "thead_close")
        if token.type != "tr_open" or not token.map:
            continue
        line = lines[token.map[0]]
        cells = split_row(line)
        if in_head:  # the header's cells are the table's: every row prints as many
            header = len(cells)
        elif problem := _row_problem(cells, header, line, Where(rel, numbers[token.map[0]], 1)):
            problems.append(problem)
    return problems


def _row_problem(cells: list[Cell], header: int, line: str, where: Where) -> Problem | None:
    if len(cells) > header and (dropped := [c for c in cells[header:] if c.text]):
        quoted = " | ".join(c.text for c in cells[header:] if c.text)
        # a code span split in two: its pipe was taken for a cell's end
        split = any(cell.text.count("`") % 2 for cell in cells)
        hint = "; a | inside `code` ends a cell too: write it \\|" if split else ""
        return Problem(
            where._replace(col=dropped[0].col + 1),
            f"this row has {_cells(len(cells))} and its table's header {header}: '{quoted}' is "
            f"not printed; add a column to the header and the line under it, or move the "
            f"text into a cell{hint}",
        )
    if len(cells) < header:
        missing = header - len(cells)
        last = "the last is" if missing == 1 else f"the last {missing} are"
        start = len(line) - len(CONTAINER.sub("", line, count=1).lstrip())
        return Problem(
            where._replace(col=start + 1),
            f"this row has {_cells(len(cells))} and its table's header {header}: {last} printed "
            f"empty; add `{'|  ' * missing}|` if that is meant",
            Severity.WARNING,
        )
    return None


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


def _as_rendered(written: str) -> tuple[list[str], list[int]]:
    """The file's lines as rendering leaves the table rows (each as long as written, so a
    column is the designer's), without the lines of Jinja statements alone; and the number in
    the file of each line kept."""
    masked = _JINJA.sub(_mask, written)
    lines, numbers = [], []
    for number, (line, kept) in enumerate(
        zip(editor_lines(written), editor_lines(masked), strict=True), start=1
    ):
        if kept.strip() or not line.strip():
            lines.append(kept)
            numbers.append(number)
    return lines, numbers


def _mask(found: re.Match[str]) -> str:
    filler = "x" if found[1] else " "
    return "".join(c if c in "\r\n" else filler for c in found[0])
