"""Another language's logic words in a Jinja expression (``&&``, ``||``, ``!``): Jinja says
"unexpected char '&'", which does not tell a designer that it writes ``and``, ``or``, ``not``."""

from __future__ import annotations

import re

from printgen.startup.deferred import pattern

JINJA_WORDS = {"&&": "and", "&": "and", "||": "or", "!": "not"}
# each outside a quoted text ('A && B' is a text); ! but not !=, || but not a filter's |
FOREIGN = pattern(r"""'[^']*'|"[^"]*"|(&&|&|\|\||!(?!=))""")


def foreign_operator(expression: str) -> tuple[str, int] | None:
    """The first ``&&``, ``&``, ``||`` or ``!`` of the expression and its index in it."""
    for match in FOREIGN.finditer(expression):
        if match.group(1):
            return match.group(1), match.start(1)
    return None


def in_jinja(expression: str) -> str:
    """The expression with Jinja's words for each: "{{ a && !b }}" is "{{ a and not b }}"."""

    def word(match: re.Match[str]) -> str:
        if not match.group(1):
            return match.group(0)
        said = JINJA_WORDS[match.group(1)]
        return f"{said} " if said == "not" else f" {said} "

    worded = FOREIGN.sub(word, expression)
    return re.sub(r"(?<=\S)  +(?=\S)", " ", worded).replace("not  ", "not ")


def foreign_said(expression: str) -> str | None:
    """What to say of an expression Jinja could not read because it writes ``&&``, ``||`` or
    ``!`` ("writes '&&', which Jinja writes 'and': {{ a and b }}"); None when it writes none.
    A long text (a rulebook's) is not written out again: its place says where."""
    found = foreign_operator(expression)
    if found is None:
        return None
    token = found[0]
    said = f"writes '{token}', which Jinja writes '{JINJA_WORDS[token]}'"
    if len(expression) <= 120 and "\n" not in expression.strip():
        said += f": {in_jinja(expression.strip())}"
    return said
