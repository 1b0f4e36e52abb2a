"""The words a ``diagram`` block prints (its caption, its labels, its pawns' names) checked as
the rest of a document's text is: a character the document font has no glyph for would print
as an empty box, so it is said at the character itself (or at the escape that wrote it)."""

from __future__ import annotations

import re

from printgen.layout import unprintable
from printgen.layout.fonts import vera
from printgen.problems import Where

# a caption is a paragraph: a line break or a tab (a "|" block, a "\n" escape) is white space
# between its words, as a line break in the prose is
# (YAML reads U+0085, U+2028 and U+2029 as the line breaks they are, "\N", "\L", "\P")
_BREAKS = "\r\n\x85\u2028\u2029"
_CAPTION_SPACE = re.compile(f"[ \t{_BREAKS}]*[\t{_BREAKS}][ \t{_BREAKS}]*")


def caption_words(written: str) -> str:
    """The caption as printed: its line breaks and tabs are spaces."""
    return _CAPTION_SPACE.sub(" ", written)


def text_problems(
    written: str, what: str, start: Where, lines: list[str], first: int, one_line: bool
) -> list[tuple[Where, str]]:
    """What in ``written`` (the value at ``start`` of the block whose ``lines`` start on line
    ``first`` of the file) would not print: each with its place."""
    problems = []
    if one_line and (broken := next((c for c in written if c in "\t" + _BREAKS), None)):
        problems.append(
            (
                char_at(broken, start, lines, first),
                f"{what} holds {'a tab' if broken == chr(9) else 'a line break'}; it is one line "
                "of text: write it on one line, its words apart by spaces",
            )
        )
    font = vera()
    for char in unprintable.missing_chars(written, font.bold if one_line else font.italic):
        if char not in _BREAKS:  # a label's was said above; a caption's is a space
            problems.append(
                (
                    char_at(char, start, lines, first),
                    unprintable.lacking(char, "Vera", f" of {what}"),
                )
            )
    return problems


def char_at(char: str, start: Where, lines: list[str], first: int) -> Where:
    """Where ``char`` is written in a value that starts at ``start``: as itself, or as the
    escape of a quoted string; the value's start when neither is found."""
    needles = [char, *unprintable.yaml_escapes(char)]
    for number in range(start.line - first, len(lines)):
        line = lines[number] if number >= 0 else ""
        skip = start.col - 1 if number == start.line - first else 0
        found = [i for needle in needles if (i := line.find(needle, skip)) >= 0]
        if found:
            return Where(start.path, first + number, min(found) + 1)
    return start
