"""Stage 3 — rules: a game's constraints, its ``checks:`` and its rules.py, on resolved values.

Schema problems were found while loading; print problems (fit, safe zone) are found while laying
out. ``printgen validate`` runs all of them.
"""

from __future__ import annotations

import re
from types import ModuleType

from printgen.problems import Problem, Problems, ProjectError, Severity, Where
from printgen.rules.checks import run_checks
from printgen.rules.constraints import check_constraints
from printgen.rules.context import RuleContext
from printgen.rules.registry import rules_in


def run_rules(ctx: RuleContext, module: ModuleType | None, problems: Problems) -> None:
    """Constraints, checks:, the game's own rules, then the rules its used deck sets for it."""
    check_constraints(ctx.game, problems)
    run_checks(ctx, problems)
    rules = rules_in(module) if module is not None else []
    used = ctx.used_game
    if used is not None:
        try:
            deck_module = ctx.rules_module(used)
        except ProjectError as exc:
            problems.add(
                ctx.where_used_game(),
                f"uses deck '{used}', which cannot be loaded: {exc.problems[0].message}",
            )
            deck_module = None
        if deck_module is not None:
            rules += rules_in(deck_module, for_users=True)
    for rule in rules:
        try:
            found = list(rule.check(ctx))
        except Exception as exc:  # the designer's Python: their bug is their input's problem
            problems.add(_failing_line(exc, ctx), f"{rule.id}: the rule failed: {exc!r}")
            continue
        problems.extend(_named(problem, rule.id) for problem in found)


def _failing_line(exc: Exception, ctx: RuleContext) -> Where:
    """The deepest line of the game's rules.py in the traceback."""
    rel = f"{ctx.game.folder}/rules.py"
    where = Where(rel)
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith("rules.py"):
            where = Where(rel, tb.tb_lineno, 1)
        tb = tb.tb_next
    return where


_OWN_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*: ")


def _named(problem: Problem, rule_id: str) -> Problem:
    """Messages read ``rule-id: …``; a function that checks several rules names each itself."""
    if _OWN_ID.match(problem.message):
        return problem
    return Problem(problem.where, f"{rule_id}: {problem.message}", Severity(problem.severity))
