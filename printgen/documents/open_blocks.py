"""A drawn block (```card, ```diagram …) whose closing fence was forgotten in the middle of the
prose: Markdown runs it on to the next bare fence, and what it swallowed (a paragraph, headings)
was then said as the block's own mistakes — a YAML error on a sentence, "card reference '###'
names no card" for each word of a heading — and never the fence left open. Said once, at the
opening fence, when the block holds a line no block of printgen's ever does."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.documents.source_lines import (
    MARKED,
    block_tokens,
    editor_lines,
    fence_name,
    line_texts,
)
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, Where
from printgen.project import Project
from printgen.startup.deferred import pattern

# the lines a drawn block never holds, so that one inside it says its fence was left open:
# another block's opening (a closing fence has no word after its mark), a Markdown heading,
# an HTML comment (<!-- pagebreak -->). A diagram's YAML may hold "# a note": a heading there
# is "##" or deeper, as a rulebook's sections are.
# Each after the marks of the list item or quote the block may stand in.
_OPENING = pattern(r"[ \t>]*(`{3,}|~{3,})[ \t]*([^\s`]+)")
_HEADING = pattern(r"[ \t>]*(#{1,6})(?:[ \t]|$)")
_COMMENT = pattern(r"[ \t>]*<!--")
_MARK = pattern(r"`{3,}|~{3,}")


@dataclass(frozen=True)
class Swallowed:
    """A line a drawn block holds that is no part of one."""

    line: int  # in the rendered prose, from 1
    text: str  # as rendered, stripped
    what: str  # what it is, said to the designer: "a heading"


def open_block(project: Project, rel: str, rendered: str) -> list[Problem]:
    """The first drawn block of the prose file ``rel``, rendered as ``rendered``, left open
    before a line it swallowed: said at its opening fence (the line ``marked`` gave it), the
    line named as the file writes it. Nothing the block swallowed is worth checking after."""
    if "```" not in rendered and "~~~" not in rendered:
        return []
    lines = line_texts(rendered)
    for token in block_tokens(rendered):
        if token.type != "fence" or not token.map:
            continue
        name, opened = fence_name(token.info)
        if name not in MARKED or not opened:
            continue
        swallowed = _swallowed(lines, token.map[0] + 1, token.map[1], name)
        if swallowed is None:
            continue
        written = editor_lines(project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES))
        opening = written[opened - 1] if opened <= len(written) else ""
        found = _MARK.search(lines[token.map[0]])
        mark = found[0] if found else "```"
        col = max(opening.find(mark), 0) + 1
        at = _written_line(written, opened, swallowed.text)
        where = f"line {at} ({swallowed.what})" if at else swallowed.what
        return [
            Problem(
                Where(rel, opened, col),
                f"this {mark}{name} block is not closed before {where}: that line and those "
                f"before it are read as the block's; end the block with a line holding {mark} "
                "alone right after its own lines",
            )
        ]
    return []


def _swallowed(lines: list[str], first: int, end: int, name: str) -> Swallowed | None:
    """The first line of a block's body (``lines[first:end]``, its closing fence excluded when
    it has one) that no block of kind ``name`` holds."""
    for number in range(first, min(end, len(lines))):
        text = lines[number]
        if opening := _OPENING.match(text):
            return Swallowed(number + 1, text.strip(), f"the opening of a {opening[2]} block")
        heading = _HEADING.match(text)
        if heading and (name != "diagram" or len(heading[1]) > 1):
            return Swallowed(number + 1, text.strip(), "a heading")
        if _COMMENT.match(text):
            return Swallowed(number + 1, text.strip(), "an HTML comment")
    return None


def _written_line(written: list[str], opened: int, text: str) -> int:
    """The first line of the file as written, after the block's opening line, that holds the
    swallowed line; 0 when none does (a line a template wrote)."""
    for number in range(opened, len(written)):
        if written[number].strip() == text:
            return number + 1
    return 0
