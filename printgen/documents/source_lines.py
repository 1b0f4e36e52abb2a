"""Where a block of a laid-out document came from in its prose file, so that what the lay-out
finds (a table too wide, text too small) points at the designer's line, not the file's start."""

from __future__ import annotations

import re

_WORD = re.compile(r"\w+")
OPENING_WORDS = 4  # words of a block that find its line: fewer would match too many lines


def prose_line(prose: str, text: str) -> int:
    """The first line of ``prose`` holding the opening words of ``text``, in order, markup and
    icons between them ignored (a table row, a list item, a paragraph's first line); a shorter
    text (a table cell) only where one line alone holds it; 1 when no line does (text the
    rulebook makes itself, a card's, or one a template wrote)."""
    words = _WORD.findall(text.casefold())
    lines = [_WORD.findall(line.casefold()) for line in prose.splitlines()]
    for wanted in (words[:OPENING_WORDS], words[:2]):
        found = [number for number, line in enumerate(lines, start=1) if _holds(line, wanted)]
        if found and len(wanted) == OPENING_WORDS:
            return found[0]
        if len(found) == 1:
            return found[0]
    return 1


def _holds(words: list[str], wanted: list[str]) -> bool:
    size = len(wanted)
    return any(words[i : i + size] == wanted for i in range(len(words) - size + 1))
