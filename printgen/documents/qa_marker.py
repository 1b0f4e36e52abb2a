"""The questions-and-answers marker: the comment ``<!-- questions-and-answers -->`` standing as
a block of its own outside quotes and lists, where the clarifications are collected. Written in
a quote or a list item it has no place the section could go (inside the box or the list, it was
never set and crashed the build): an error at its line."""

from __future__ import annotations

from printgen.documents.parsed import parse
from printgen.documents.source_lines import line_texts
from printgen.problems import Problem, Where

QA_MARKER = "questions-and-answers"
WRITTEN = f"<!-- {QA_MARKER} -->"

NESTED = (
    "the questions-and-answers marker collects nothing inside a quote or a list (the section "
    "cannot go inside them); write it on a line of its own, outside quotes and lists"
)


def is_marker(markup: str) -> bool:
    """Whether an HTML block is the marker."""
    return QA_MARKER in markup


def misplaced(rel: str, prose: str) -> list[Problem]:
    """Each marker of the prose file ``rel`` (``prose``, as written) in a quote or a list: the
    designer meant it to collect, and the rulebook cannot set it there."""
    if WRITTEN not in prose:
        return []
    lines = line_texts(prose)
    problems = []
    depth = 0
    for token in parse(prose, blocks_only=True):
        if token.type == "html_block" and depth and is_marker(token.content) and token.map:
            problems.append(Problem(_at(rel, lines, token.map[0], token.map[1]), NESTED))
        depth += token.nesting
    return problems


def _at(rel: str, lines: list[str], first: int, end: int) -> Where:
    """Where the marker is written in lines ``first`` to ``end`` (from 0, end excluded); the
    block's first line when it is found on none (a template wrote it)."""
    for number in range(first, min(end, len(lines))):
        if (col := lines[number].find("<!--")) >= 0:
            return Where(rel, number + 1, col + 1)
    return Where(rel, first + 1, 1)
