"""Headings with no words: `## ` with nothing after it, or a heading of an icon alone. Its
entry in the rulebook's contents was a page number with nothing before it; it is left out
of the contents, and the heading said at its line, a warning: a section's title is words."""

from __future__ import annotations

from printgen.documents.source_lines import block_tokens, line_texts
from printgen.documents.written_lines import warnings_where_written
from printgen.layout.text import ICON_TOKEN
from printgen.problems import Problem
from printgen.project import Project

_NO_WORDS = " \t*_\u00a0"  # emphasis marks and spaces around nothing print no word


def empty_headings(project: Project, rel: str, rendered: str, contents: bool) -> list[Problem]:
    """Warnings of the headings of the prose file ``rel``, rendered as ``rendered``, that hold
    no words, each at the line of the file that wrote it. ``contents``: the document lists
    its sections' headings in a table of contents (the rulebook does, the aid not)."""
    if "#" not in rendered and "\n-" not in rendered and "\n=" not in rendered:
        return []  # parsed only where a heading may be
    lines = line_texts(rendered)
    spots = []
    tokens = block_tokens(rendered)
    for at, token in enumerate(tokens):
        if token.type != "heading_open" or not token.map or at + 1 >= len(tokens):
            continue
        words = tokens[at + 1].content
        if ICON_TOKEN.sub("", words).strip(_NO_WORDS):
            continue
        first = token.map[0]
        col = len(lines[first]) - len(lines[first].lstrip())
        spots.append((first, col, _message(bool(words.strip()), contents and token.tag == "h2")))
    return warnings_where_written(project, rel, lines, spots) if spots else []


def _message(icons: bool, listed: bool) -> str:
    what = "this heading holds an icon alone, no words" if icons else "this heading is empty"
    left = "; it is left out of the contents" if listed else ""
    return f"{what}: write the heading's words{left}"
