"""An assert written with another language's logic words (``&&``, ``||``, ``!``): Jinja says
"unexpected char '&'", which does not tell a designer that it writes ``and``, ``or``, ``not``."""

from __future__ import annotations

import re
from collections.abc import Callable

from printgen.problems import ProjectError, Where
from printgen.sandbox.logic_words import FOREIGN, in_jinja
from printgen.startup.deferred import pattern

_BETWEEN = pattern(r"\s*\}\}(.*?)\{\{\s*", re.S)


def in_one(assertion: str) -> str | None:
    """Tests joined by ``&&``, ``||`` (or ``and``) between their own ``{{ }}``
    ("{{ a }} && {{ b }}", a text, never false) as the one expression meant, in Jinja's words;
    None for other text around an expression."""
    stripped = assertion.strip()
    if not (stripped.startswith("{{") and stripped.endswith("}}")):
        return None
    joins = _BETWEEN.findall(stripped)
    if not joins or not all(j.strip() in ("&&", "||", "&", "and", "or") for j in joins):
        return None
    return in_jinja(_BETWEEN.sub(lambda m: f" {m.group(1).strip()} ", stripped))


def operator_place(where: Where, token: str, text: Callable[[], str]) -> Where:
    """Where ``token`` of the assert written at ``where`` stands in the file (``text``): the
    first one from the value's start (past its quote, or on the lines of a block scalar);
    the value's start when the file no longer holds it."""
    try:
        lines = text().splitlines()
    except (ProjectError, OSError):  # unreadable since it was read: its start is near enough
        return where
    for number in range(where.line, min(where.line + 50, len(lines) + 1)):
        line = lines[number - 1]
        start = where.col - 1 if number == where.line else 0
        found = _first_outside_quotes(line, start, token)
        if found >= 0:
            return Where(where.path, number, found + 1)
    return where


def _first_outside_quotes(line: str, start: int, token: str) -> int:
    """The first ``token`` of ``line`` from ``start`` (the value's opening quote, whose text is
    the assert), not inside a text quoted within the assert."""
    quote = line[start : start + 1]
    inner = start + 1 if quote in ("'", '"') else start
    for match in FOREIGN.finditer(line, inner):
        if match.group(1) == token:
            return match.start(1)
    return -1
