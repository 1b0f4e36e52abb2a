"""The questions-and-answers marker: a comment whose words are ``questions-and-answers`` (in
any case, spaced as the designer spaces it) standing as a block of its own outside quotes and
lists (another comment may share its line). Only there does it collect the clarifications:
written in a quote or a list item it has no place the section could go (inside the box or the
list, it was never set and crashed the build), and written in a sentence it is a comment nobody
sees — each said at its line. Written in code (a code span, a fenced block) it is shown as
written, as any code is."""

from __future__ import annotations

import re
from collections.abc import Iterable

from printgen.documents.parsed import Token, parse
from printgen.documents.source_lines import line_texts
from printgen.problems import Problem, Severity, Where
from printgen.startup.deferred import pattern

QA_MARKER = "questions-and-answers"
# the comment's inner words are what count: "<!--questions-and-answers-->" and
# "<!-- Questions-and-Answers -->" were ignored without a word
_WRITTEN = pattern(rf"<!--\s*{QA_MARKER}\s*-->", re.I)
_COMMENT = pattern(r"<!--.*?-->", re.S)

# the labels the questions and answers need, and what their words are for: neither works empty
QA_LABELS = {
    "clarification": "it is the bold word a clarification opens with, which the "
    "questions-and-answers marker collects",
    "questions": "it is the heading the questions-and-answers marker collects the "
    "clarifications under",
}

NESTED = (
    "the questions-and-answers marker collects nothing inside a quote or a list (the section "
    "cannot go inside them); write it on a line of its own, outside quotes and lists"
)
IN_A_LINE = (
    "the questions-and-answers marker collects nothing inside a line of text (it is a comment "
    "there, left out); write it on a line of its own"
)


def is_marker(markup: str) -> bool:
    """Whether an HTML block or comment holds the marker: one of its comments is it. A block
    of the marker and another comment on its line ('<!-- questions-and-answers --> <!-- end
    -->') is the marker still: read as the comment alone, it collected nothing, silently."""
    return any(_WRITTEN.fullmatch(comment) for comment in _COMMENT.findall(markup))


def may_hold(text: str) -> bool:
    """Whether ``text`` holds the marker anywhere, code and sentences included: the prose
    without it (nearly every game) is never parsed to find out where."""
    return _WRITTEN.search(text) is not None


def collects(source: str) -> bool:
    """Whether the Markdown ``source`` has the marker standing as a block of its own."""
    return may_hold(source) and at_top(parse(source, blocks_only=True))


def at_top(tokens: Iterable[Token]) -> bool:
    """Whether ``tokens`` hold the marker as a block of their own, outside quotes and lists."""
    depth = 0
    for token in tokens:
        if depth == 0 and token.type == "html_block" and is_marker(token.content):
            return True
        depth += token.nesting
    return False


def marker_line(prose: str) -> int:
    """The first line (from 1) of ``prose`` that is the marker alone, else the first holding
    it, else the first holding its word; 1 when none does."""
    lines = line_texts(prose)
    tries = (is_marker, may_hold, lambda line: QA_MARKER in line.lower())
    for test in tries:
        found = next((n for n, line in enumerate(lines, 1) if test(line)), 0)
        if found:
            return found
    return 1


def misplaced(rel: str, prose: str) -> list[Problem]:
    """Each marker of the prose file ``rel`` (``prose``, as written) that collects nothing where
    it stands: in a quote or a list (an error: the designer meant it to collect, and the
    rulebook cannot set it there), and inside a line (a warning: it is a comment there)."""
    if not may_hold(prose):
        return []
    lines = line_texts(prose)
    problems = []
    depth = 0
    for token in parse(prose):
        if token.type == "html_block" and depth and is_marker(token.content) and token.map:
            problems.append(Problem(_at(rel, lines, token.map[0], token.map[1])[0], NESTED))
        elif token.type == "inline" and token.map:
            written = [c for c in token.children or () if c.type == "html_inline"]
            count = sum(1 for child in written if is_marker(child.content))
            places = _at(rel, lines, token.map[0], token.map[1])[:count]
            problems += [Problem(where, IN_A_LINE, Severity.WARNING) for where in places]
        depth += token.nesting
    return problems


def _at(rel: str, lines: list[str], first: int, end: int) -> list[Where]:
    """Where the marker is written in lines ``first`` to ``end`` (from 0, end excluded), in
    order; the block's first line when it is found on none (a template wrote it)."""
    found = [
        Where(rel, number + 1, match.start() + 1)
        for number in range(first, min(end, len(lines)))
        for match in _WRITTEN.finditer(lines[number])
    ]
    return found or [Where(rel, first + 1, 1)]
