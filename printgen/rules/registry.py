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
    """A rule check a game defines: its id, the function that checks, and who it is for."""

    id: str
    check: RuleFunction
    for_users: bool  # checks the games that play on this game's deck (``uses: {deck: …}``)


def rule(rule_id: str, for_users: bool = False) -> Callable[[RuleFunction], RuleFunction]:
    """Mark a function of a game's rules.py as a design rule named ``rule_id``.

    With ``for_users=True`` the rule checks every game that plays on this game's deck instead:
    it gets the using game's context (the symbol deck checks each game's ``uses: needs:``)."""

    def mark(function: RuleFunction) -> RuleFunction:
        setattr(function, _MARK, (rule_id, for_users))
        return function

    return mark


def rules_in(module: ModuleType, for_users: bool = False) -> list[Rule]:
    """The module's rules (or its rules for the games that use its deck), in definition order."""
    found = []
    for value in vars(module).values():
        mark = getattr(value, _MARK, None)
        if isinstance(mark, tuple) and callable(value) and mark[1] == for_users:
            found.append(Rule(mark[0], value, mark[1]))
    return found
