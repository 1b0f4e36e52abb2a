"""What in a prose file's running text would keep markdown-it busy for minutes, or fill
gigabytes: brackets no ``]`` closes, or nested in others; more marks than any rulebook needs.
Read from the blocks alone (their inline text not parsed: that parse is what takes the time),
each found at its line and column in the rendered text."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from printgen.documents.parsed import Token, parse
from printgen.documents.source_lines import editor_lines, line_texts
from printgen.limits import MAX_PROSE_MARKS, MAX_PROSE_OPEN_BRACKETS
from printgen.problems import Problem, Where
from printgen.startup.deferred import pattern

# what may open or close a span of markdown-it's own (an emphasis, a code span, a link, an
# HTML tag, an entity, a character written with a backslash)
MARKS = "*_`[]<&\\"
_MARK = pattern(r"[*_`\[\]<&\\]")
# a bracket, or a character written with a backslash before it (``\]`` closes nothing)
_BRACKET = pattern(r"\\.|[\[\]]", re.DOTALL)


@dataclass(frozen=True)
class Spot:
    """A place in the rendered prose (both from 1) and what is wrong there."""

    line: int
    col: int
    message: str


def tangled(rendered: str) -> Spot | None:
    """The paragraph (heading, table cell) in which the '[' no ']' closes, or nested in another
    '[…]', pass the limit, at its first such '['; None within it. markdown-it reads each '[' as
    a link's start and looks ahead for its end, deeper for each '[' inside: 100,000 on one line
    took it 5 s, 900,000 over a minute; 16,000 of '[' * 30 + ']' * 30 took 32 s."""
    if rendered.count("[") <= MAX_PROSE_OPEN_BRACKETS:  # (nearly every file: no scan)
        return None
    tangled_so_far = 0
    for token in _inline(rendered):
        tangles = _tangles(token.content, MAX_PROSE_OPEN_BRACKETS - tangled_so_far)
        tangled_so_far += len(tangles)
        if tangled_so_far > MAX_PROSE_OPEN_BRACKETS:
            line, col = inline_place(rendered, token, tangles[0])
            return Spot(
                line,
                col,
                f"this '[' is one of over {MAX_PROSE_OPEN_BRACKETS:,} that no ']' closes in "
                "their paragraph or that open inside another '[…]' (the limit for a prose "
                "file: Markdown reads each as the start of a link and looks ahead for its end, "
                "minutes for some hundred thousand); write a '[' meant as text as \\[, or "
                "close it with ']'",
            )
    return None


def overmarked(rendered: str) -> Spot | None:
    """The mark of the prose's running text past the limit; None within it. markdown-it makes
    a token of each span they open and close, of some hundred bytes: 220,000 '*a*' on one line
    took 9 s and 730 MB to lay out."""
    if _marks(rendered) <= MAX_PROSE_MARKS:  # (every real rulebook: a few in a hundred)
        return None
    marks_so_far = 0
    for token in _inline(rendered):
        marks = _marks(token.content)
        if marks_so_far + marks > MAX_PROSE_MARKS:
            room = MAX_PROSE_MARKS - marks_so_far
            at = next(itertools.islice(_MARK.finditer(token.content), room, None), None)
            return _past_marks(rendered, token, at)
        marks_so_far += marks
    return None


def _past_marks(rendered: str, token: Token, at: re.Match[str] | None) -> Spot:
    line, col = inline_place(rendered, token, at.start() if at else 0)
    return Spot(
        line,
        col,
        f"this {at[0] if at else ''!r} is past {MAX_PROSE_MARKS:,} Markdown marks "
        f"({' '.join(MARKS)}) in the prose's text once rendered (the limit for a prose file: "
        "each may open or close a span of its own, and 220,000 '*a*' took 9 s and 730 MB); "
        "write fewer, or put text whose marks print as written in a code block (```)",
    )


def _marks(text: str) -> int:
    return sum(map(text.count, MARKS))


def said_written(written: str, rendered: str, rel: str, spot: Spot) -> Problem:
    """A place found in the rendered prose, said in the file as written: the same line where
    it reads the same, else the first line that does; else the same line if a {{ }} or {% %}
    there may have printed it, else the file's start — naming what printed it."""
    said = line_texts(rendered)[spot.line - 1]
    lines = editor_lines(written)
    if spot.line <= len(lines) and lines[spot.line - 1] == said:
        return Problem(Where(rel, spot.line, spot.col), spot.message)
    if said in lines:
        return Problem(Where(rel, lines.index(said) + 1, spot.col), spot.message)
    printed = f"{spot.message} (in what its {{{{ }}}} and loops print)"
    if spot.line <= len(lines) and ("{{" in lines[spot.line - 1] or "{%" in lines[spot.line - 1]):
        return Problem(Where(rel, spot.line, 1), printed)
    return Problem(Where(rel, 1, 1), printed)


def _inline(rendered: str) -> Iterator[Token]:
    """The running texts of the prose, as Markdown will parse them inline: paragraphs,
    headings, table cells (not code, not HTML)."""
    return (t for t in parse(rendered, blocks_only=True) if t.type == "inline" and t.map)


def _tangles(content: str, room: int) -> list[int]:
    """Where in ``content`` each '[' that opens inside another, or that no ']' closes, is, in
    order; past ``room`` of them the rest are not looked for (a million '[' held a million
    places)."""
    if "[" not in content:
        return []
    inside: list[int] = []
    opened: list[int] = []
    for found in _BRACKET.finditer(content):
        mark = found[0]
        if mark == "[":
            if opened:
                inside.append(found.start())
                if len(inside) > room:
                    break
            opened.append(found.start())
        elif mark == "]" and opened:
            opened.pop()
    return sorted({*inside, *opened})


def inline_place(rendered: str, token: Token, offset: int) -> tuple[int, int]:
    """The rendered line and column of ``offset`` in the inline ``token``'s text (which holds
    its lines without their indents or quote marks)."""
    assert token.map is not None
    content = token.content
    before = content.rfind("\n", 0, offset) + 1  # where its line starts in the text
    after = content.find("\n", offset)
    written = content[before : after if after >= 0 else len(content)]
    line = token.map[0] + content.count("\n", 0, offset)
    lines = line_texts(rendered)
    start = lines[line].find(written) if line < len(lines) else -1
    return line + 1, max(start, 0) + offset - before + 1
