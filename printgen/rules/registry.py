"""The ``@rule`` decorator and the rules a module declares with it."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from printgen.problems import Problem
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from printgen.rules.context import RuleContext

RuleFunction = Callable[["RuleContext"], Iterable[Problem]]
_MARK = "__printgen_rule__"
MAX_RULE_ID = 100  # characters: an id heads each of the rule's messages
_CONTROL = pattern(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# as a check's id in game.yaml: "my rule: …" would not read as an id heading a message
_ID = pattern(r"^[a-z0-9][a-z0-9_-]*$")
_IDS = "__printgen_rule_ids__"  # in a module's globals: the ids its @rule lines declared


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

    # said here, while rules.py is imported: the error points at the @rule line
    if not isinstance(rule_id, str) or not rule_id.strip():
        raise TypeError(
            "@rule takes the rule's id, a text such as 'cargo-cap', "
            f"not {'an empty text' if isinstance(rule_id, str) else type(rule_id).__name__}"
        )
    rule_id = str.__str__(rule_id)  # an exact str: a subclass could run code when printed
    if len(rule_id) > MAX_RULE_ID or _CONTROL.search(rule_id):
        raise ValueError(
            f"@rule id {rule_id[:40]!r} must be one line of at most {MAX_RULE_ID} characters, "
            "without control characters"
        )
    if not _ID.match(rule_id):
        from printgen.source.id_spelling import (
            unaccented,
        )  # only for the mistake: rules.py loads light

        plain = unaccented(rule_id)
        tail = f"; write {plain!r} (no accents)" if plain else ""
        raise ValueError(
            f"@rule id {rule_id!r} must be lower-case letters a–z, digits, - or _ (e.g. "
            f"'cargo-cap'), as a check's id: it heads each of the rule's messages{tail}"
        )

    def mark(function: RuleFunction) -> RuleFunction:
        if not callable(function):
            raise TypeError(
                f"@rule({rule_id!r}) marks a function (def name(ctx): …), "
                f"not {type(function).__name__}"
            )
        _once(function, rule_id)
        try:
            setattr(function, _MARK, (rule_id, bool(for_users)))
        except (AttributeError, TypeError):  # a built-in: it has no attributes to mark
            raise TypeError(
                f"@rule({rule_id!r}) marks a function defined in rules.py (def name(ctx): …)"
            ) from None
        return function

    return mark


def _once(function: RuleFunction, rule_id: str) -> None:
    """Refuse, at its @rule line, a second rule of one id in a module — both would run, said
    alike — and a rule whose function takes the name of one already defined: the first is
    replaced and never runs, without a word."""
    names = getattr(function, "__globals__", None)
    if not isinstance(names, dict):  # not a function of a module: nothing to compare with
        return
    name = getattr(function, "__name__", None)
    earlier = names.get(name) if isinstance(name, str) else None
    if earlier is not None and earlier is not function:
        mark = inspect.getattr_static(earlier, _MARK, None)
        if isinstance(mark, tuple) and mark and isinstance(mark[0], str):
            line = getattr(getattr(earlier, "__code__", None), "co_firstlineno", None)
            at = f" at line {line}" if isinstance(line, int) else ""
            raise ValueError(
                f"a second function named {name} replaces the rule {mark[0]!r}{at}, which "
                "would never run; give each rule function its own name"
            )
    ids = names.setdefault(_IDS, {})
    if not isinstance(ids, dict):
        return
    where = ids.get(rule_id)
    if where is not None:
        raise ValueError(
            f"@rule id {rule_id!r} is the id of {where} already; give each rule its own id"
        )
    code = getattr(function, "__code__", None)
    line = getattr(code, "co_firstlineno", None)
    ids[rule_id] = f"the rule at line {line}" if isinstance(line, int) else "another rule"


def rules_in(module: ModuleType, for_users: bool = False) -> list[Rule]:
    """The module's rules (or its rules for the games that use its deck), in definition order."""
    found = []
    for value in list(vars(module).values()):
        # read statically: a module-level object's __getattr__ is the designer's code, which
        # may raise anything; only what @rule marked counts
        try:
            mark = inspect.getattr_static(value, _MARK, None)
        except Exception:  # an object whose type itself cannot be inspected: not a rule
            continue
        if (
            isinstance(mark, tuple)
            and len(mark) == 2
            and isinstance(mark[0], str)
            and mark[1] is for_users
            and callable(value)
        ):
            found.append(Rule(str.__str__(mark[0]), value, for_users))  # exact str
    return found
