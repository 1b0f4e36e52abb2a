"""Where a line of a rendered prose file was written: the line of the file whose own text —
what lies outside its {{ … }}, {% … %} and {# … #} — the rendered line holds, in order, each
tag having printed what lies between. A rendered line carries no line number, so it is found
by its text, as prose_html finds its lines; read only when a problem is to be said."""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from printgen.documents.source_lines import line_texts
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, ProjectError, Severity, Where
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from printgen.project import Project

JINJA = pattern(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_BREAK = pattern(r"\r\n|\r|\n")  # as markdown-it counts lines
_PIPE = pattern(r"(?<!\\)\|")  # a cell's end: not escaped


class Piece(NamedTuple):
    start: int  # where it is written in its line, from 0
    text: str  # as written: the line's own text, or a tag
    tag: bool


class Found(NamedTuple):
    """A rendered line found in the file: its line there and how its text was printed."""

    line: int  # from 1
    pieces: tuple[Piece, ...]
    spans: tuple[tuple[int, int], ...]  # where each piece printed in the rendered line
    printed: str  # the rendered line

    def col(self, at: int) -> int:
        """The written column (from 1) of the rendered line's column ``at`` (from 0): in the
        line's own text, that character's; in what a tag printed, the tag's."""
        for piece, (start, end) in zip(self.pieces, self.spans, strict=True):
            if start <= at < end:
                return piece.start + (at - start if not piece.tag else 0) + 1
        last = self.pieces[-1]
        return last.start + len(last.text) + 1

    def tag_at(self, at: int) -> str:
        """The tag that printed the rendered column ``at``; "" for the line's own text."""
        for piece, (start, end) in zip(self.pieces, self.spans, strict=True):
            if start <= at < end:
                return piece.text if piece.tag else ""
        return ""

    def tag_over(self, start: int, end: int) -> int | None:
        """The written column (from 1) of the first {{ … }} tag that printed any of the
        rendered columns ``start`` to ``end`` (from 0); None when the line's own text did."""
        for piece, (first, last) in zip(self.pieces, self.spans, strict=True):
            if piece.text.startswith("{{") and first < end and start < last:
                return piece.start + 1
        return None

    def printed_pipe(self) -> str:
        """The first tag that printed a pipe not escaped where the line writes its own cells'
        pipes (a macro printing a whole row prints them all, as meant): it ends a cell too."""
        if not any(_PIPE.search(piece.text) for piece in self.pieces if not piece.tag):
            return ""
        for piece, (start, end) in zip(self.pieces, self.spans, strict=True):
            if piece.tag and _PIPE.search(self.printed[start:end]):
                return piece.text
        return ""

    @property
    def literal(self) -> bool:
        """Whether the line is written as it renders: no tag in it."""
        return not any(piece.tag for piece in self.pieces)


class WrittenLines:
    """The lines of a prose file as written, split into their own text and their tags."""

    def __init__(self, written: str) -> None:
        self.written = written
        self.lines = line_texts(written)

    @cached_property
    def pieces(self) -> list[tuple[Piece, ...]]:
        """Each line's pieces; a tag over several lines is a piece of each."""
        breaks = _BREAK.finditer(self.written)
        starts = [0, *(found.end() for found in breaks)][: len(self.lines)]
        tags: list[list[tuple[int, int]]] = [[] for _ in self.lines]
        for found in JINJA.finditer(self.written):
            first = bisect_right(starts, found.start()) - 1
            for number in range(first, bisect_right(starts, found.end() - 1)):
                line = self.lines[number]
                begin = max(found.start() - starts[number], 0)
                tags[number].append((begin, min(found.end() - starts[number], len(line))))
        return [_split(line, spans) for line, spans in zip(self.lines, tags, strict=True)]

    def find(self, row: str, lines: range, near: int) -> Found | None:
        """The line among ``lines`` (from 0) that printed ``row``: the one printing it whole
        rather than its start (a line ending in a {% … %} runs on into the next), holding most
        of its text as written, printing anything; of those the nearest to ``near``."""
        best: tuple[tuple[bool, int, bool, int], Found] | None = None
        for number in lines:
            if number >= len(self.lines):
                break
            pieces = self.pieces[number]
            if (found := _matched(pieces, row)) is None:
                continue
            spans, whole = found
            own = sum(len(piece.text.strip()) for piece in pieces if not piece.tag)
            prints = own > 0 or any(piece.text.startswith("{{") for piece in pieces)
            rank = (whole, own, prints, -abs(number - near))
            if best is None or rank > best[0]:
                best = (rank, Found(number + 1, pieces, spans, row))
        return None if best is None else best[1]

    def printed(self, number: int, row: str) -> Found | None:
        """Line ``number`` (from 0) if it printed ``row``, a line of a fenced block's content,
        whole: the line's leading '> ' and indent (a quote's, a list item's), which Markdown
        takes off the block's lines, left out of both."""
        if number >= len(self.lines):
            return None
        pieces = self.pieces[number]
        if not pieces[0].tag:
            first = pieces[0]
            kept = first.text.lstrip(" \t>")
            cut = (Piece(first.start + len(first.text) - len(kept), kept, False),)
            pieces = (cut if kept else ()) + pieces[1:]
        lead = len(row) - len(row.lstrip(" \t"))
        found = _matched(pieces, row[lead:]) if pieces else None
        if found is None or not found[1]:
            return None
        spans = tuple((start + lead, end + lead) for start, end in found[0])
        return Found(number + 1, pieces, spans, row)

    def block_end(self, first: int) -> int:
        """The line (from 0) after the block starting at line ``first``: its next blank line."""
        for number in range(first + 1, len(self.lines)):
            if not self.lines[number].strip():
                return number
        return len(self.lines)


def _split(line: str, tags: list[tuple[int, int]]) -> tuple[Piece, ...]:
    pieces, at = [], 0
    for start, end in tags:
        if start > at:
            pieces.append(Piece(at, line[at:start], False))
        pieces.append(Piece(start, line[start:end], True))
        at = end
    if at < len(line) or not pieces:
        pieces.append(Piece(at, line[at:], False))
    return tuple(pieces)


def _matched(
    pieces: tuple[Piece, ...], row: str
) -> tuple[tuple[tuple[int, int], ...], bool] | None:
    """Where each piece printed in ``row`` if the line printed it (whole, or its start)."""
    parts = []
    for index, piece in enumerate(pieces):
        if piece.tag:
            parts.append("(.*?)")
        elif index == 0 and not piece.text.strip():  # left out before a {% … %} (lstrip_blocks)
            parts.append("([ \t]*)")
        else:
            parts.append(f"({re.escape(piece.text)})")
    body = "".join(parts)
    for whole in (True, False):
        found = re.fullmatch(body + "[ \t]*", row) if whole else re.match(body, row)
        if found:
            return tuple(found.span(g) for g in range(1, len(pieces) + 1)), whole
    return None


def warnings_where_written(
    project: Project, rel: str, lines: list[str], spots: list[tuple[int, int, str]]
) -> list[Problem]:
    """Warnings of the prose file ``rel`` rendered as ``lines``, each spot (a rendered line and
    column, from 0, and what to say) at the line of the file that wrote it — its first line
    when none is found; one a {% for %} repeats said once."""
    try:
        written = project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES)
    except ProjectError:  # said by what reads it
        return []
    source = WrittenLines(written)
    said: dict[Where, Problem] = {}
    for line, col, message in spots:
        found = source.find(lines[line], range(len(source.lines)), line)
        where = Where(rel, found.line, found.col(col)) if found else Where(rel, 1, 1)
        said.setdefault(where, Problem(where, message, Severity.WARNING))
    return list(said.values())
