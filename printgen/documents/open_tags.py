"""A '{{' or '{%' the prose never closes, with more prose after it: Jinja reads on past its line
into the text below — a fence's ``` or an apostrophe, which no expression holds — and says
that character was unexpected ("unexpected char '`' at 668"), or a word after a blank line was,
at that line, not the tag's. Said as a tag left open to the file's end is: at the '{{'."""

from __future__ import annotations

from typing import Any

from printgen.documents.source_lines import editor_lines
from printgen.problems import Problem, Where
from printgen.sandbox.jinja_words import never_closed

_BEGINS = {"variable_begin": "{{", "block_begin": "{%"}
_ENDS = frozenset(("variable_end", "block_end"))


def left_open(env: Any, source: str, path: str, line: int, unlexed: bool) -> Problem | None:
    """The tag of ``source`` open over the error Jinja said at ``line``, when it opened on a
    line above and reads as never closed: Jinja could not even read on (``unlexed``: a
    character no expression holds), or a blank line — a paragraph's end — lies inside it.
    A tag written over two lines with a mistake on its second is left to Jinja's words."""
    from jinja2 import TemplateSyntaxError

    opened: tuple[int, str] | None = None  # the open tag's line and '{{' or '{%'
    try:
        for at, kind, _ in env.lex(source):
            if at > line:
                break
            if kind in _BEGINS:
                opened = (at, _BEGINS[kind])
            elif kind in _ENDS and not (opened and at >= line > opened[0]):
                opened = None  # closed before the error's line; one closed on it held it
    except TemplateSyntaxError:
        pass  # the tokens up to the character Jinja stopped at are enough
    if opened is None or opened[0] >= line:
        return None
    begun, begin = opened
    lines = editor_lines(source)
    if begun > len(lines):
        return None
    if not unlexed and not any(not text.strip() for text in lines[begun:line]):
        return None
    column = lines[begun - 1].rfind(begin) + 1  # the line's last: the others close on it
    return Problem(Where(path, begun, max(column, 1)), f"template error: {never_closed(begin)}")
