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

Beside them, what a game's rules need from the rest of printgen — the model's types, a value
in one language, places in a YAML file, a text rendered as a card's is, a suggestion for a
misspelt name — so that a ``rules.py`` imports ``printgen.rules`` and nothing else of printgen.
"""

from printgen.model.game import CardType, Deck, Game, localize
from printgen.problems import Problem, ProjectError, Severity, Where
from printgen.rules.context import CardView, RuleContext
from printgen.rules.registry import Rule, rule
from printgen.sandbox.expressions import ExpressionError, render_template
from printgen.source.located_yaml import place as where_in
from printgen.source.pairwise import BOUND as BALANCED_BOUND
from printgen.source.readers import did_you_mean

__all__ = [
    "BALANCED_BOUND",
    "CardType",
    "CardView",
    "Deck",
    "ExpressionError",
    "Game",
    "Problem",
    "ProjectError",
    "Rule",
    "RuleContext",
    "Severity",
    "Where",
    "did_you_mean",
    "localize",
    "render_template",
    "rule",
    "where_in",
]
