"""A fence left open in a block of the project's own document template (``templates/
rulebook.md.j2`` around printgen's): what printgen's template writes after the block (its
credits, say) ran on as the block's content, each of its words then said as a card naming
none, at the game's rules file. Said once, at the fence, as the prose's own open fence is."""

from __future__ import annotations

from pathlib import Path

from printgen.documents.source_lines import editor_lines, unclosed_fence
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, Where
from printgen.project import Project
from printgen.startup.deferred import pattern

# where one stretch of the template's own text ends: a block's start or end (what prints
# between two of these is written together; what follows is another block's, or printgen's)
_BLOCK_TAG = pattern(r"\{%-?\s*(?:end)?block\b[^%]*%\}")


def unclosed_in_template(project: Project, path: Path) -> list[Problem]:
    """The first fence of the template at ``path`` that its own stretch of text (between two
    block tags) never closes."""
    rel = project.rel(path)
    written = project.read_text(path, Where(rel), MAX_PROSE_BYTES)
    if "```" not in written and "~~~" not in written:
        return []
    lines = editor_lines(written)
    start = 0
    for end in [tag.start() for tag in _BLOCK_TAG.finditer(written)] + [len(written)]:
        stretch = written[start:end]
        fence = unclosed_fence(stretch)
        if fence is not None:
            line = written.count("\n", 0, start) + fence.line
            text = lines[line - 1] if line <= len(lines) else ""
            col = max(text.find(fence.name), 0) + 1
            return [
                Problem(
                    Where(rel, line, col),
                    f"this {fence.name} code block is never closed: what printgen's template "
                    "writes after it would be read as the block's; end the block with a line "
                    f"holding {fence.name} alone",
                )
            ]
        match = _BLOCK_TAG.match(written, end)
        start = match.end() if match else end
    return []
