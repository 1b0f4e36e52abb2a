"""What a rule that reads a card's field or a data key the game lacks is told: the name meant
(``c.values["rnak"]`` is ``c.values["rank"]``), as prepare() of simulate.py is told."""

from __future__ import annotations

from printgen.rules.context import RuleContext


def key_hint(exc: BaseException, ctx: RuleContext) -> str:
    """``; did you mean 'rank'?`` for a KeyError whose key is near a name of the game's: its
    cards' fields and its ``data:`` keys; nothing for any other key (one of the rule's own
    dictionaries, which Python's message already names)."""
    if type(exc) is not KeyError or len(exc.args) != 1 or not isinstance(exc.args[0], str):
        return ""
    from printgen.source.readers import did_you_mean

    return did_you_mean(exc.args[0], _names(ctx))


def _names(ctx: RuleContext) -> list[str]:
    """The fields of the game's decks (those declared and those a card has) and the top-level
    keys of its ``data:``."""
    names: dict[str, None] = {}
    for deck in ctx.decks:
        names.update(dict.fromkeys(str(field) for field in deck.field_types))
        for card in ctx.cards(deck):
            names.update(dict.fromkeys(str(field) for field in card.values))
    names.update(dict.fromkeys(str(key) for key in ctx.data()))
    return list(names)
