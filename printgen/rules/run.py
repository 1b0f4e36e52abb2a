"""Stage 3 — rules: a game's constraints, its ``checks:`` and its rules.py, on resolved values.

Schema problems were found while loading; print problems (fit, safe zone) are found while laying
out. ``printgen validate`` runs all of them.
"""

from __future__ import annotations

import os
import time
from functools import cached_property
from types import CoroutineType, GeneratorType, ModuleType
from warnings import WarningMessage

from printgen.limits import ALL_RULES_SECONDS, MAX_SHOWN, MAX_YIELDED, RULE_SECONDS
from printgen.problems import Problem, Problems, ProjectError, Severity, Where
from printgen.rules.attribute_hint import attribute_hint
from printgen.rules.checks import run_checks
from printgen.rules.constraints import check_constraints
from printgen.rules.context import RuleContext
from printgen.rules.discover import import_warnings
from printgen.rules.guard import (
    Misuse,
    Places,
    a,
    checked,
    described,
    overtime,
    recursion_hint,
    running_at,
    shown,
    warnings_kept,
    went_on,
)
from printgen.rules.key_hint import key_hint
from printgen.rules.names import check_names
from printgen.rules.opened import noted_opens
from printgen.rules.registry import Rule, rules_in
from printgen.rules.untouched import untouched
from printgen.sandbox.alarm import Overtime, code_limit
from printgen.sandbox.interrupt import by_user
from printgen.sandbox.memory import memory_capped
from printgen.sandbox.recursion import recursion_capped
from printgen.sandbox.refused import no_exit_nor_fork
from printgen.startup.deferred import pattern


def run_rules(
    ctx: RuleContext,
    module: ModuleType | None,
    problems: Problems,
    faults: list[Problem] | None = None,
) -> None:
    """Constraints, checks:, the game's own rules, then the rules its used deck sets for it.
    ``faults`` is also given the problems of rules that did not run to their end (one raised,
    ran out of time, returned no problems): a broken rules.py, not a game failing its rules."""
    check_constraints(ctx.game, problems)
    check_names(ctx, problems)
    run_checks(ctx, problems)
    rules = [(rule, module) for rule in rules_in(module)] if module is not None else []
    used = ctx.used_game
    if used is not None:
        try:
            deck_module = ctx.rules_module(used)
            ctx.load_game(used)  # a card of it that does not load: the cause of what follows
        except ProjectError as exc:
            problems.add(
                ctx.where_used_game(),
                f"uses deck '{used}', which cannot be loaded: {exc.problems[0].message}",
            )
            deck_module = None
        if deck_module is not None:
            rules += [(rule, deck_module) for rule in rules_in(deck_module, for_users=True)]
    places = Places(ctx.project)
    if module is not None:
        problems.extend(import_warnings(module, places))
    ids = frozenset(rule.id for rule, _ in rules)
    kept = untouched(ctx) if rules else None
    started = time.monotonic()
    for index, (rule, origin) in enumerate(rules):
        run = _RuleRun(rule, origin, places, ids)
        left = ALL_RULES_SECONDS - (time.monotonic() - started)
        if left <= 0:  # each rule's own limit, many times over, would hold a build for long
            after = len(rules) - index - 1
            nor = f", nor the {after} after it" if after else ""
            slow = Problem(
                run.home,
                f"{rule.id}: not run{nor}: the game's rules ran for {ALL_RULES_SECONDS:g} s "
                "together (the limit); make the slow ones faster",
                Severity.ERROR,
            )
            problems.extend([slow])
            if faults is not None:
                faults.append(slow)
            break
        run.seconds = min(RULE_SECONDS, left)
        problems.extend(run.run(ctx))
        if faults is not None:
            faults.extend(run.faults)
        if kept is not None and (changed := kept.restored(ctx)):
            problems.add(
                run.home,
                f"{rule.id}: the rule changed {' and '.join(changed)}, which the rulebook and "
                "aid are made from (it was set back); a rule reads the game: change a copy, "
                "copy.deepcopy(ctx.game.data)",
            )


class _RuleRun:
    """One rule run on one game: the designer's code is input, so whatever it raises, returns
    or yields ends as problems at the best place known (never a traceback, never an exit)."""

    def __init__(
        self, rule: Rule, origin: ModuleType, places: Places, ids: frozenset[str] = frozenset()
    ) -> None:
        self.rule, self.places, self.ids = rule, places, ids
        self.origin = origin
        self.found: dict[Problem, None] = {}
        self.faults: list[Problem] = []  # of them, the rule's own failures: its code is broken
        self.distinct = 0  # the rule's own problems kept, up to MAX_SHOWN
        self.hidden = 0  # and those past it, only counted
        self.hidden_error = False
        self.misused: set[str] = set()  # kinds of Misuse already reported
        self.seconds = RULE_SECONDS  # what it may take: less when the game's rules took much
        self.folder = os.path.dirname(getattr(origin, "__file__", None) or "")  # rules.py's

    @cached_property
    def home(self) -> Where:
        """The rule's def line: where a problem without a valid place of its own is put. Found
        when a problem needs it (it reads rules.py's syntax tree: 4 ms of Morra navale's
        rules, which report nothing on a sound game)."""
        return self.places.definition(self.rule.check, getattr(self.origin, "__file__", None))

    def run(self, ctx: RuleContext) -> list[Problem]:
        caught: list[WarningMessage] = []
        try:
            with (
                no_exit_nor_fork(),
                memory_capped(),
                recursion_capped(self.origin.__name__),
                warnings_kept(caught),
                code_limit(self.seconds, self._ran_on),
                noted_opens(self.places.project.root),  # data/limit.txt: an input of the game
            ):
                self._gather(ctx)
        except Overtime as exc:
            where = self.places.failing(exc, self.home)
            self._add(where, f"the rule {overtime(exc, 'one rule')}", Severity.ERROR, fault=True)
        except BaseException as exc:  # SystemExit too: a rule reports, it never ends printgen
            if by_user(exc):  # Ctrl-C stops printgen, inside a rule as anywhere
                raise
            where = self.places.failing(exc, self.home)
            hint = (
                self._import_hint(exc)
                or recursion_hint(exc)
                or attribute_hint(exc)
                or key_hint(exc, ctx)
            )
            said = f"the rule failed: {described(exc)}{hint}"
            self._add(where, said, Severity.ERROR, fault=True)
        if caught:  # (its def line only then: see ``home``)
            for problem in self.places.warned(caught, self.home, f"{self.rule.id}: "):
                self.found.setdefault(problem, None)
        if self.hidden:
            severity = Severity.ERROR if self.hidden_error else Severity.WARNING
            message = f"{self.hidden:,} more problems not shown (the first {MAX_SHOWN:,} are)"
            self._add(self.home, message, severity)
        return list(self.found)

    def _import_hint(self, exc: BaseException) -> str:
        """For ``import helpers`` inside a rule: the game's own modules are found while
        rules.py is read, at its top, not when a rule runs later."""
        name = getattr(exc, "name", None) if isinstance(exc, ModuleNotFoundError) else None
        if not isinstance(name, str) or not self.folder or not name.isidentifier():
            return ""
        beside = os.path.join(self.folder, name)
        if not (os.path.isfile(f"{beside}.py") or os.path.isdir(beside)):
            return ""
        return f"; {name} is beside rules.py: import it at the top of rules.py, as it is read"

    def _ran_on(self) -> str:
        where = running_at(self.places.code, self.home)
        return went_on(f"{self.rule.id}: the rule", self.seconds, where)

    def _gather(self, ctx: RuleContext) -> None:
        result = self.rule.check(ctx)
        if isinstance(result, CoroutineType):  # an async def: never awaited, so closed now
            result.close()
        if result is None or isinstance(result, str | bytes | bytearray) or not _iterable(result):
            self._add(
                self.home,
                f"the rule returned {_returned(result)}, not its problems; yield them, or return "
                "a list of them (empty when there are none)",
                Severity.ERROR,
                fault=True,
            )
            return
        for count, item in enumerate(result, start=1):  # each step runs the designer's code
            if count > MAX_YIELDED:
                self._add(
                    self.home,
                    f"the rule gave more than {MAX_YIELDED:,} problems and was stopped; "
                    "does it loop without end?",
                    Severity.ERROR,
                    fault=True,
                )
                if isinstance(result, GeneratorType):
                    result.close()  # its finally: runs now, in this guard, not at exit
                return
            self._take(item, result)

    def _take(self, item: object, result: object) -> None:
        try:
            where, message, severity = checked(item, self.places)
        except Misuse as misuse:
            if misuse.kind not in self.misused:
                self.misused.add(misuse.kind)
                self._add(self._at(result), str(misuse), Severity.ERROR, fault=True)
            return
        named = _named(message, self.rule.id, self.ids)
        problem = Problem(where or self._at(result), named, severity)
        if problem in self.found:
            return
        if self.distinct < MAX_SHOWN:
            self.distinct += 1
            self.found[problem] = None
        else:
            self.hidden += 1
            self.hidden_error = self.hidden_error or severity == Severity.ERROR

    def _at(self, result: object) -> Where:
        """Where the rule's code gave the item just taken: the line of a generator's yield,
        else the rule's def line."""
        if isinstance(result, GeneratorType) and result.gi_frame is not None:
            frame = result.gi_frame
            return self.places.code(frame.f_code.co_filename, frame.f_lineno or 0) or self.home
        return self.home

    def _add(self, where: Where, message: str, severity: Severity, fault: bool = False) -> None:
        problem = Problem(where, f"{self.rule.id}: {message}", severity)
        if fault and problem not in self.found:
            self.faults.append(problem)
        self.found.setdefault(problem, None)


def _returned(result: object) -> str:
    return "None" if result is None else f"{shown(result)} ({a(type(result).__name__)})"


def _iterable(value: object) -> bool:
    """Whether ``value`` can be iterated, asked of its type (no code of the designer's runs)."""
    kind = type(value)
    return hasattr(kind, "__iter__") or hasattr(kind, "__getitem__")


_OWN_ID = pattern(r"^[a-z0-9][a-z0-9_-]*: ")


def _named(message: str, rule_id: str, ids: frozenset[str]) -> str:
    """Messages read ``rule-id: …``; one that starts with an id already is kept: a rule's id,
    or one of several words (``reward-outlier: …``, a function that checks several rules names
    each itself). "cost: too high" is the rule's own message, and gets its id."""
    found = _OWN_ID.match(message)
    word = found.group(0)[:-2] if found else ""
    named = word in ids or word == rule_id or "-" in word or "_" in word
    return message if found and named else f"{rule_id}: {message}"
