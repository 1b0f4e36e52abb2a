"""A check's assert that gives no yes or no (``{{ card.name }}`` gives 'Miner'): it holds as
Python reads it — a text or a list unless empty, a number unless 0 — which a designer who meant a
comparison never notices: "cost-limit" held for every card. Said once a check, at its assert, as
a warning: the check runs all the same, as the README says it reads such a value.

An assert whose outermost word is ``and`` or ``or`` gives one of the values it tested (Jinja's
``{{ card.playable and card.effect }}`` gives the effect): asking each of them, it asks yes or
no, and is not said."""

from __future__ import annotations

from functools import cache
from typing import Any

from printgen.model.game import Check
from printgen.problems import Problems, Severity
from printgen.source.texts import kind_of


def answered(check: Check, value: Any, problems: Problems) -> None:
    """A warning at ``check``'s assert when ``value``, what it gave, is not true or false."""
    if isinstance(value, bool) or _asks_each(check.assertion):
        return
    example = "card.cost <= 3" if check.each else "data.goal >= 5"
    problems.add(
        check.assertion_where,
        f"{check.id}: the assert should give true or false, e.g. {{{{ {example} }}}}; it gave "
        f"{kind_of(value)}, {_read_as(value)}",
        Severity.WARNING,
        once=("check-not-yes-or-no", check.id),
    )


def _read_as(value: Any) -> str:
    """What such a value makes of the check: when it holds."""
    if value is None:
        return "which never holds"
    if isinstance(value, (int, float)):
        return "which holds unless it is 0"
    return "which holds unless it is empty"


@cache
def _asks_each(assertion: str) -> bool:
    """Whether the assert's outermost operation is ``and`` or ``or``: one of those words outside
    brackets and quotes, and no ``if`` there (``a if c else b`` gives a or b). Read by its
    words, not parsed by Jinja: lexing a template compiles Jinja's lexer (a build whose
    expressions' code is kept lexes none)."""
    inner = assertion.strip()
    if inner.startswith("{{") and inner.endswith("}}"):
        inner = inner[2:-2]
    words, depth, quote, word = [], 0, "", ""
    for char in inner:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0 and (char.isalnum() or char == "_"):
            word += char
            continue
        if word:
            words.append(word)
            word = ""
    words.append(word)
    return "if" not in words and ("and" in words or "or" in words)
