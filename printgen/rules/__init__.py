"""The public rules API: what a game's ``cards/<game>/rules.py`` imports.

A game's design rules are Python functions marked with ``@rule``; each receives a
``RuleContext`` and yields ``Problem``s::

    from collections.abc import Iterator
    from printgen.rules import Problem, RuleContext, Severity, rule

    @rule("ship-cost")
    def ship_cost(ctx: RuleContext) -> Iterator[Problem]:
        for card in ctx.cards("ships"):
            cost, cargo = card.number("cost"), card.number("cargo")
            if cost is not None and cargo is not None and cost > cargo + 1:
                yield ctx.problem(card.where("cost"), f"{card.label} costs {cost}")

A problem's message is shown as ``path:line:col: ship-cost: message`` (the rule's id is put in
front unless the message starts with it). ``Severity.WARNING`` never stops a build.
"""

from printgen.problems import Problem, Severity, Where
from printgen.rules.context import CardView, RuleContext
from printgen.rules.registry import Rule, rule

__all__ = ["CardView", "Problem", "Rule", "RuleContext", "Severity", "Where", "rule"]
