"""Plays an engine counts under a name that is nearly a card id ('minr' for 'miner', 'Gem' for
'gem') or is a card's printed name ('Gold Miner' for 'miner'): the report shows each as a card
of its own, so the likely slip is a warning at play()."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence

from printgen.problems import SAME_PLACE, SHOWN_CARDS, Problem, Severity, Where
from printgen.simulate.engine import ENGINE_FILE, Engine
from printgen.simulate.tally import Tally


def mistyped_plays(
    tally: Tally,
    card_ids: Sequence[str],
    engine: Engine,
    game_id: str,
    printed: Mapping[str, Sequence[str]] | None = None,
) -> list[Problem]:
    """A play counted under a name that is no card id but nearly one ('minr'), or a card's
    printed name (``printed``: card id -> its names as printed, in the game's languages): a
    warning. An engine may count by names of its own (symbols, moves); those are reported as
    they are. Many such names (every id with an 'x' added) are said as a problem alike on many
    cards is: the first SAME_PLACE one by one, then once for the rest, naming them."""
    where = Where(f"cards/{game_id}/{ENGINE_FILE}", engine.module.play.__code__.co_firstlineno, 1)
    names_of = _printed_names(printed or {}, card_ids)
    found = []  # (the name counted, the card id meant, whether it is that card's printed name)
    for name in sorted(set(tally.plays) - set(card_ids)):
        if name.casefold() in names_of:
            found.append((name, names_of[name.casefold()], True))
        elif meant := _close_id(name, card_ids):
            found.append((name, meant, False))
    said = [Problem(where, _one(*slip), Severity.WARNING) for slip in found[:SAME_PLACE]]
    rest = found[SAME_PLACE:]
    if rest:
        named = ", ".join(f"'{name}' for '{meant}'" for name, meant, _ in rest[:SHOWN_CARDS])
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


def _one(name: str, meant: str, printed: bool) -> str:
    shown = f"(the report shows '{name}' as a card of its own)"
    if printed:
        return (
            f"play() counts '{name}', the printed name of card '{meant}'; count plays by card "
            f"id {shown}"
        )
    return (
        f"play() counts plays of '{name}', which is no card of the played decks; did you mean "
        f"'{meant}'? {shown}"
    )


def _printed_names(printed: Mapping[str, Sequence[str]], card_ids: Sequence[str]) -> dict[str, str]:
    """Each played card's printed names, in any case, to its id (the first card's, for a name
    two cards share)."""
    names: dict[str, str] = {}
    for card in card_ids:
        for name in printed.get(card, ()):
            if name != card:  # a card without a name prints its id: that is no slip
                names.setdefault(name.casefold(), card)
    return names


def _close_id(name: str, card_ids: Sequence[str]) -> str | None:
    """The card id ``name`` nearly is, in any case: 'Gem' scored 0.67 against 'gem' compared
    as written, under the 0.8 a slip of one letter in five scores."""
    folded = {card.casefold(): card for card in reversed(card_ids)}  # the first of equals
    close = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.8)
    return folded[close[0]] if close else None
