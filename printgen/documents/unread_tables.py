"""Pipe tables Markdown does not read as tables, which print as their raw "| … |---|" text: one
right under a list item or a quote with no blank line (read as that item's text: the usual
"{% for %}- …{% endfor %}" list before a table), one with no |---| line under its header, one
whose |---| line is mistyped, rows a blank line parted from their table. Read in the prose as
rendered, as markdown-it reads it, and said at the line of the file that wrote it. Warnings:
the document is made all the same.

A table whose header and |---| line have different numbers of cells is prose_lint's (an error)."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.documents.prose_tables import CONTAINER, split_row
from printgen.documents.source_lines import block_tokens, line_texts
from printgen.documents.written_lines import warnings_where_written
from printgen.problems import Problem
from printgen.project import Project
from printgen.startup.deferred import pattern

# a table's delimiter row, once what leads it (a quote's >, a list item's -) is left out
_DELIMITER = pattern(r"\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*")
_DELIMITER_CHARS = set("-|: \t")


@dataclass(frozen=True)
class _Unread:
    """A table Markdown read as text: the rendered line to say it at and what to say."""

    line: int  # in the rendered prose, from 0
    col: int  # in that line, from 0
    message: str


def unread_tables(project: Project, rel: str, rendered: str) -> list[Problem]:
    """Warnings of the tables the prose file ``rel``, rendered as ``rendered``, prints as
    text: each at the line of the file that wrote its header (its |---| line, mistyped)."""
    if "|" not in rendered:  # parsed only where a table may be
        return []
    lines = line_texts(rendered)
    unread: list[_Unread] = []
    containers: list[str] = []  # the list items and quotes the next paragraph stands in
    table_ended = False  # the block before is a table: rows after a blank line are apart
    for token in block_tokens(rendered):
        if token.type in ("bullet_list_open", "ordered_list_open", "blockquote_open"):
            containers.append("quote" if token.type == "blockquote_open" else "list item")
        elif token.type in ("bullet_list_close", "ordered_list_close", "blockquote_close"):
            containers.pop()
        elif token.type == "paragraph_open" and token.map:
            first, end = token.map
            if table_ended and _row_like(_body(lines[first])):
                unread.append(_Unread(first, _lead(lines[first]), _APART))
            else:
                unread += _in_paragraph(lines, first, end, containers[-1] if containers else "")
        if token.nesting != -1 or token.type == "table_close":
            table_ended = token.type == "table_close"
    spots = [(table.line, table.col, table.message) for table in unread]
    return warnings_where_written(project, rel, lines, spots) if spots else []


def _in_paragraph(lines: list[str], first: int, end: int, container: str) -> list[_Unread]:
    """The tables a paragraph (rendered lines ``first`` to ``end``) holds as its text."""
    found = []
    number = first
    while number < min(end, len(lines)) - 1:
        header, under = _body(lines[number]), _body(lines[number + 1])
        cells = len(split_row(header))
        if not _row_like(header) or cells < 2:
            number += 1
            continue
        lead = _lead(lines[number])
        if _DELIMITER.fullmatch(under) and "|" in under:
            if len(split_row(under)) == cells and number > first and container:
                found.append(_Unread(number, lead, _lazy(container)))
        elif _mistyped(under):
            at = _lead(lines[number + 1])
            bad = next((i for i, c in enumerate(under) if c not in _DELIMITER_CHARS), 0)
            found.append(_Unread(number + 1, at + bad, _MISTYPED.format(row=_delimiter(cells))))
        elif _row_like(under):
            found.append(_Unread(number, lead, _MISSING.format(row=_delimiter(cells))))
        else:
            number += 1
            continue
        # the rest of this table is its rows: one warning a table
        number += 2
        while number < end and _row_like(_body(lines[number])):
            number += 1
    return found


def _body(line: str) -> str:
    """A line without what leads it in a quote or a list item (the table's own text)."""
    return CONTAINER.sub("", line, count=1).rstrip()


def _lead(line: str) -> int:
    return len(line) - len(CONTAINER.sub("", line, count=1))


def _row_like(text: str) -> bool:
    """A line written as a table's row: opening and ending with a pipe, a cell or more between."""
    return len(text) > 2 and text.startswith("|") and text.endswith("|") and text[-2:] != "\\|"


def _mistyped(text: str) -> bool:
    """A line meant for a |---| line, not read as one: mostly its characters, with a --."""
    marks = [char for char in text if not char.isspace()]
    kept = sum(char in _DELIMITER_CHARS for char in marks)
    return "--" in text and "|" in text and kept * 3 >= len(marks) * 2


def _delimiter(cells: int) -> str:
    return "|" + "---|" * cells


def _lazy(container: str) -> str:
    return (
        f"this table is read as part of the {container} above it and prints as text; leave "
        "a blank line before the table"
    )


_APART = (
    "this table row is apart from the table above by a blank line, so it prints as text (its "
    "| and all); remove the blank lines between a table's rows"
)
_MISSING = (
    "this table has no |---| line under its header row and prints as text; add one under "
    "it: `{row}`"
)
_MISTYPED = (
    "this line under the table's header is not a |---| line Markdown reads (only |, -, : and "
    "spaces), so the table prints as text; write it as `{row}` (a : at a column's end aligns it)"
)
