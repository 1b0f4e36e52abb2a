"""Card ids unique within a deck: each repeat said at the card that repeats it — and a
generate rule whose id template leaves out an axis, once at the template, not once per card."""

from __future__ import annotations

from typing import Any

from printgen.model.game import CardType
from printgen.problems import Where
from printgen.source.readers import Checker

SHOWN = 3  # ids a generate rule's repeat names before "…"


def unique_ids(checker: Checker, cards: list[CardType], what: str) -> None:
    seen: dict[str, CardType] = {}
    # a template that repeats ids repeats many: 30 lines at the same place, each "first at"
    # one same place too, say less than one line for the template naming what to change
    made_again: dict[tuple[Where, Where], list[tuple[CardType, CardType]]] = {}
    for card in cards:
        first = seen.get(card.id)
        if first is not None and card.scope:
            made_again.setdefault((card.where, first.where), []).append((first, card))
        elif first is not None:
            _twice(checker, card, first, what)
        seen.setdefault(card.id, card)
    for (where, first_where), pairs in made_again.items():
        ids = list(dict.fromkeys(again.id for _, again in pairs))
        named = ", ".join(f"'{made}'" for made in ids[:SHOWN]) + (" …" if len(ids) > SHOWN else "")
        if where != first_where and len(ids) == 1:
            _twice(checker, pairs[0][1], pairs[0][0], what)
        elif where != first_where:  # two rules (or a card and a rule) that make the same ids
            checker.error(
                where,
                f"this generate rule makes {len(ids)} ids that {first_where} makes too "
                f"({named}); give each card type its own id",
            )
        else:
            times = "twice" if len(pairs) == len(ids) else "more than once"
            said = (
                f"the id '{ids[0]}' {times}"
                if len(ids) == 1
                else f"{len(ids)} ids {times} ({named})"
            )
            checker.error(
                where,
                f"this generate rule makes {said}: {_left_out(pairs)}, so each card type has "
                "its own id",
            )


def _twice(checker: Checker, card: CardType, first: CardType, what: str) -> None:
    checker.error(
        card.where,
        f"card id '{card.id}' is used twice in {what} (first at {first.where}); give each "
        "card type its own id",
    )


def _left_out(pairs: list[tuple[CardType, CardType]]) -> str:
    """Which of the generator's variables tell the cards of one id apart, as the id could
    write them ("{{ kind.key }}" for an axis of mappings with a key)."""
    axes = [
        name
        for name in pairs[0][1].scope
        if any(first.scope.get(name) != again.scope.get(name) for first, again in pairs)
    ]
    if not axes:  # the same combination twice: the axis itself repeats a value
        return "an axis holds the same value twice; write each value once"
    written = " and ".join(_written(name, pairs) for name in axes)
    return f"its cards differ in {written}, which the id leaves out; write it in the id"


def _written(name: str, pairs: list[tuple[CardType, CardType]]) -> str:
    values: list[Any] = [card.scope.get(name) for pair in pairs for card in pair]
    keyed = all(isinstance(value, dict) and "key" in value for value in values)
    return f"'{{{{ {name}.key }}}}'" if keyed else f"'{{{{ {name} }}}}'"
