"""A '**' or '*' that starts bold or italic text in the prose and is never ended: Markdown prints
it as stars, where the designer meant the text after it bold — said as a card's text says it,
at the prose line and column that wrote the star. Read as markdown-it reads the prose once
rendered: a star it pairs with another prints none, one written \\* is meant, and one that
cannot start a span (3 * 4, 2*3, a list's '* ') is a sign, not a mark. Warnings: the
document is made all the same."""

from __future__ import annotations

from printgen.documents.markdown_marks import inline_place
from printgen.documents.parsed import Token, parse
from printgen.documents.source_lines import line_texts
from printgen.documents.written_lines import warnings_where_written
from printgen.problems import Problem
from printgen.project import Project
from printgen.startup.deferred import pattern

# a run of stars at a word's start (after a space, a bracket, a quote …) before a word, an
# :icon: or an opening bracket or quote: what may start a span; a star inside a word joins two
# (2*3), one before a space or a full stop is a sign (3 * 4, "costs 5 *.")
_OPENER = pattern(r"(?<![\w\\*])\*+(?=[\w:(\[\"'“‘«„])")
_ESCAPED = pattern(r"\\\*")
_AUTOLINK = pattern(r"<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*>|<[^<>\s@]+@[^<>\s]+>")


def unclosed_emphasis(project: Project, rel: str, rendered: str) -> list[Problem]:
    """Warnings of the stars the prose file ``rel``, rendered as ``rendered``, prints because
    they start bold or italic text never ended: the first of each paragraph, at its line."""
    if "*" not in rendered:
        return []
    spots: list[tuple[int, int, str]] = []  # the rendered line and column (from 0), what
    for token in parse(rendered, blocks_only=True):
        if token.type != "inline" or not token.map or "*" not in token.content:
            continue
        if (offset := _left_open(token.content)) is not None:
            spots.append(_spot(rendered, token, offset))
    if not spots:
        return []
    return warnings_where_written(project, rel, line_texts(rendered), spots)


def _left_open(content: str) -> int | None:
    """Where in a paragraph's text the first run of stars that starts a span and is printed
    as stars stands; None when every such run is paired."""
    # a star written \* or in an autolink's address is none of markdown-it's marks: each
    # made another character, the text's length kept
    text = _AUTOLINK.sub(lambda link: "x" * len(link[0]), _ESCAPED.sub("\\\0", content))
    printed = _printed_stars(text)
    if not printed:  # nearly every paragraph
        return None
    for found in _OPENER.finditer(text):
        start, end = found.span()
        # the run made letters: one left open takes its stars out of the print, no more
        if _printed_stars(text[:start] + "x" * (end - start) + text[end:]) == printed - (
            end - start
        ):
            return start
    return None


def _printed_stars(text: str) -> int:
    """The stars markdown-it prints as text in ``text`` read as a paragraph."""
    return sum(
        child.content.count("*")
        for token in parse(text)
        for child in token.children or ()
        if child.type == "text"
    )


def _spot(rendered: str, token: Token, offset: int) -> tuple[int, int, str]:
    mark = "**" if token.content.startswith("**", offset) else "*"
    face, star = ("bold", "two stars") if mark == "**" else ("italic", "a star")
    line, col = inline_place(rendered, token, offset)
    return (
        line - 1,
        col - 1,
        f"'{mark}' starts {face} text that is never ended: it prints as {star}; end the "
        f"{face} text with another '{mark}' (or write \\* for a star)",
    )
