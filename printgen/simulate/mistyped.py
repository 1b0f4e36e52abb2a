"""Plays an engine counts under a name that is nearly a card id ('minr' for 'miner'): the
report shows each as a card of its own, so the likely slip is a warning at play()."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from printgen.problems import SAME_PLACE, SHOWN_CARDS, Problem, Severity, Where
from printgen.simulate.engine import ENGINE_FILE, Engine
from printgen.simulate.stats import Tally


def mistyped_plays(
    tally: Tally, card_ids: Sequence[str], engine: Engine, game_id: str
) -> list[Problem]:
    """A play counted under a name that is no card id but nearly one ('minr'): a warning. An
    engine may count by names of its own (symbols, moves); those are reported as they are.
    Many such names (every id with an 'x' added) are said as a problem alike on many cards
    is: the first SAME_PLACE one by one, then once for the rest, naming them."""
    where = Where(f"cards/{game_id}/{ENGINE_FILE}", engine.module.play.__code__.co_firstlineno, 1)
    found = []
    for name in sorted(set(tally.plays) - set(card_ids)):
        close = difflib.get_close_matches(name, card_ids, n=1, cutoff=0.8)
        if close:
            found.append((name, close[0]))
    said = [
        Problem(
            where,
            f"play() counts plays of '{name}', which is no card of the played decks; "
            f"did you mean '{meant}'? (the report shows '{name}' as a card of its own)",
            Severity.WARNING,
        )
        for name, meant in found[:SAME_PLACE]
    ]
    rest = found[SAME_PLACE:]
    if rest:
        named = ", ".join(f"'{name}' for '{meant}'" for name, meant in rest[:SHOWN_CARDS])
        if len(rest) > SHOWN_CARDS:
            named += f" and {len(rest) - SHOWN_CARDS:,} more"
        said.append(
            Problem(
                where,
                f"play() counts plays of {len(rest):,} more name{'s' if len(rest) > 1 else ''} "
                f"that {'are' if len(rest) > 1 else 'is'} no card of the played decks but "
                f"nearly one ({named}; {len(found):,} in all); count plays by card id (the "
                "report shows each as a card of its own)",
                Severity.WARNING,
            )
        )
    return said
