"""The ``@rule`` decorator and the rules a module declares with it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from printgen.problems import Problem

if TYPE_CHECKING:
    from printgen.rules.context import RuleContext

RuleFunction = Callable[["RuleContext"], Iterable[Problem]]
_MARK = "__printgen_rule__"


@dataclass(frozen=True)
class Rule:
    id: str
    check: RuleFunction


def rule(rule_id: str) -> Callable[[RuleFunction], RuleFunction]:
    """Mark a function of a game's rules.py as a design rule named ``rule_id``."""

    def mark(function: RuleFunction) -> RuleFunction:
        setattr(function, _MARK, rule_id)
        return function

    return mark


def rules_in(module: ModuleType) -> list[Rule]:
    """The module's rules in the order they are defined."""
    found = []
    for value in vars(module).values():
        rule_id = getattr(value, _MARK, None)
        if isinstance(rule_id, str) and callable(value):
            found.append(Rule(rule_id, value))
    return found
