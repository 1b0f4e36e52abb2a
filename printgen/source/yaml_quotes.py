"""A quoted text left open (``name: "Miner`` without its closing quote): YAML reads on, over
the lines below, to the next quote of its kind — or to the file's end — and only there finds
the file wrong, lines after the designer's slip. Found here by closing the quote on a line
above and reading the file again: a quote whose closing makes the file read on past where it
failed is the one left open."""

from __future__ import annotations

from typing import Any

from printgen.problems import Where, fail
from printgen.source.pyyaml import yaml
from printgen.startup.deferred import pattern

# a value opening with a quote: ``name: "Miner``, ``- "Miner``, ``{en: 'Miner``
_OPENED = pattern(r"""(?:^\s*(?:-\s+)*(?:[\w.-]+:\s+)?|[{,\[]\s*(?:[\w.-]+:\s+)?)(?P<q>["'])""")
# lines above the failure searched for the quote left open: YAML reads on to the next quote of
# its kind, which may be far below in a deck of unquoted texts
LOOKED_ABOVE = 2000
TRIED = 3  # quotes left open looked at, nearest first


def unclosed_quote(exc: yaml.MarkedYAMLError, text: str) -> tuple[int, int, str] | None:
    """The line and column (0-based) of the quote left open that made YAML fail where it
    did, and the line as it should read; None when no quote above explains the failure."""
    failed = exc.problem_mark
    if failed is None:
        return None
    context = exc.context_mark
    if exc.context == "while scanning a quoted scalar" and context is not None:
        lines = text.splitlines()
        if context.line < len(lines):  # read on to the file's end: YAML marks the opening
            return context.line, context.column, _closed(lines[context.line], context.column)
        return None
    lines = text.splitlines()
    tried = 0
    for line in range(min(failed.line, len(lines)) - 1, max(failed.line - LOOKED_ABOVE, 0) - 1, -1):
        column = None if lines[line].lstrip().startswith("#") else _open_quote(lines[line])
        if column is None:
            continue
        fixed = _closed(lines[line], column)
        mended = "\n".join([*lines[:line], fixed, *lines[line + 1 :]])
        if _reads_further(mended, failed.line):
            return line, column, fixed
        tried += 1
        if tried == TRIED:  # each try reads the file again: a few, the nearest
            return None
    return None


def _open_quote(line: str) -> int | None:
    """The column of a quote this line opens and never closes, if any."""
    at = 0
    while found := _OPENED.search(line, at):
        quote, start = found["q"], found.end() - 1
        end = _closing(line, start + 1, quote)
        if end is None:
            return start
        at = end + 1  # the next value of a {…} or […] line, after this one's text
    return None


def _closing(line: str, start: int, quote: str) -> int | None:
    """The column of the quote ending the quoted text whose body starts at ``start``."""
    at = start
    while at < len(line):
        char = line[at]
        if char == quote and quote == "'" and line[at + 1 : at + 2] == "'":
            at += 2  # '' is a quote inside a single-quoted text
            continue
        if char == quote:
            return at
        at += 2 if char == "\\" and quote == '"' else 1  # \" is a quote inside a "text"
    return None


def _closed(line: str, column: int) -> str:
    """The line with its quoted text closed at its end (before a trailing comment), and the
    {…} or […] it stands in ({en: "Gain 2", it: "Guadagni 2"})."""
    body, hash_, comment = line.partition(" #")
    ending = line[column] + _brackets_open(line[:column])
    return f"{body.rstrip()}{ending}" + (f" {hash_.strip()}{comment}" if hash_ else "")


def _brackets_open(line: str) -> str:
    """The closing brackets of the {…} and […] opened before the quote, innermost first."""
    opened: list[str] = []
    at = 0
    while at < len(line):
        char = line[at]
        if char in "\"'":
            end = _closing(line, at + 1, char)
            at = len(line) if end is None else end + 1
            continue
        if char in "{[":
            opened.append("}" if char == "{" else "]")
        elif char in "}]" and opened:
            opened.pop()
        at += 1
    return "".join(reversed(opened))


def _reads_further(text: str, failed_line: int) -> bool:
    """Whether ``text`` reads as YAML, or fails only past ``failed_line``."""
    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        for _ in yaml.parse(text, Loader=loader):
            pass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        return mark is not None and mark.line > failed_line
    except yaml.YAMLError:
        return False
    return True


def unquoted_template(outer: Any, where: Where) -> None:
    """A mapping opened at ``where`` right after the '{' of an empty one (``outer``: the
    collection being built around it, if any): ``{{``, a template written without quotes
    (``cost: {{ card.rank }}``), which YAML reads as a mapping whose key is a mapping — said as
    such, not as the value it made ({"{'7': None}": None})."""
    if (
        outer is not None
        and isinstance(outer.value, dict)
        and not outer.value
        and outer.where.line == where.line
        and outer.where.col == where.col - 1
    ):
        raise fail(
            outer.where,
            "a {{ }} template must be in quotes in YAML (unquoted, YAML reads its braces as a "
            'mapping): write it as "{{ … }}"',
        )
