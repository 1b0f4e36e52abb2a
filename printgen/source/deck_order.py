"""``decks:`` in game.yaml: the order the game's decks are listed in — the rulebook's
components and card reference, the aid's quick reference, the card sheets. Without it (or for
decks it leaves out, after those it names) the deck files' order, by name: a designer's
"Starter, Market, Harbour tiles" read "Harbour tiles, Market, Starter"."""

from __future__ import annotations

from printgen.model.game import Deck
from printgen.source.located_yaml import LDict, LList
from printgen.source.readers import Checker, did_you_mean, kind_of


def ordered_decks(
    checker: Checker, game_map: LDict, decks: list[Deck], files: set[str]
) -> list[Deck]:
    """``decks`` in the order game.yaml's ``decks:`` names them, the rest after, as found;
    ``files``: the ids of every deck file, those that did not load too (their own problem is
    said: naming one is no mistake)."""
    if "decks" not in game_map:
        return decks
    written = game_map["decks"]
    if not isinstance(written, LList):
        checker.error(
            game_map.at("decks"),
            f"decks: is {kind_of(written)}; write the decks' ids in the order the rulebook and "
            "the aid list them, e.g. decks: [starter, market]",
        )
        return decks
    by_id = {deck.id: deck for deck in decks}
    named: list[Deck] = []
    for index, deck_id in enumerate(written):
        if isinstance(deck_id, str) and deck_id in files and deck_id not in by_id:
            continue
        if not isinstance(deck_id, str) or deck_id not in by_id:
            tail = did_you_mean(str(deck_id), files, f"; the decks are {', '.join(sorted(files))}")
            checker.error(written.at(index), f"decks: no deck '{deck_id}'{tail}")
        elif by_id[deck_id] in named:
            checker.error(written.at(index), f"decks: '{deck_id}' is named twice")
        else:
            named.append(by_id[deck_id])
    return named + [deck for deck in decks if deck not in named]
