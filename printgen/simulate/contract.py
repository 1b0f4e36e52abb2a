"""What a game's ``cards/<game>/simulate.py`` provides, and what the simulator hands it.

A game's engine module defines:

- ``BOTS``: the bot names it plays, a tuple or a list, e.g. ``("random", "greedy")`` (``random``
  is uniform over the legal moves; every other name is a heuristic of the game's own);
- ``prepare(data: SimData) -> object``: every number the game needs, read once from its YAML
  (card counts, effects' parameters, goals, hand sizes, costs, ...) into a picklable rules object;
- optionally ``PLAYED_DECKS``: the ids of the decks whose cards are played (the report's card
  figures leave the others out, e.g. coin tokens); every deck's by default;
- ``play(rules, bots: Sequence[str], rng: random.Random, turn_cap: int) -> GameRecord``: one
  whole game, seat ``i`` played by ``bots[i]``, every random choice drawn from ``rng`` so that a
  seed replays the same game; it stops at ``turn_cap`` turns (``finished`` False then).

Optionally it also defines:

- ``LABELS: dict[str, str | dict[str, str]]``: a caption for each key of ``GameRecord.series``
  and ``GameRecord.figures``, one text for every language (``{"war_share": "share of turns
  played in War time"}``) or a text per language code (``{"war_share": {"it": "quota di turni
  in tempo di Guerra", "en": "share of turns played in War time"}}``: the report's language's,
  else English, else the first given); the report prints the key itself where a caption is
  missing;
- ``TURN_CAP: int``: the default turn cap for the game (the simulator's own default otherwise).

Seat 0 takes the first turn unless the engine says otherwise in ``GameRecord.first``.

Engines follow the rulebook as printed, clarifications included; where the rulebook leaves a choice
to the player, the seat's bot decides.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SimCard:
    """One card type as printed: its resolved field values and how many copies the deck has."""

    deck: str
    id: str
    count: int
    values: Mapping[str, object]  # resolved fields in the game's first language (numbers agree)


@dataclass(frozen=True)
class SimData:
    """A game's data as the engine sees it; numbers are the same in every language."""

    game_id: str
    players_min: int
    players_max: int
    data: Mapping[str, object]  # game.yaml ``data:``, localized to the game's first language
    decks: Mapping[str, tuple[SimCard, ...]]  # deck id -> its card types, in file order
    uses: Mapping[str, object]  # game.yaml ``uses:`` as written (empty when absent)
    used: SimData | None = None  # the game whose deck this one plays on (``uses: deck:``)
    title: str = ""  # the game's title in its first language, for the report

    def card_types(self) -> int:
        """How many card types the game has, the used game's too: each may be played under its
        id."""
        ids: set[str] = set()
        game: SimData | None = self
        while game is not None:
            ids.update(card.id for cards in game.decks.values() for card in cards)
            game = game.used
        return len(ids)

    def cards(self, deck: str) -> tuple[SimCard, ...]:
        """The deck's card types in file order. A deck the game lacks is an error naming its
        decks: a mistyped id handed the engine an empty deck, said later as "pop from empty
        list" in play() (or not at all: games of no cards, all drawn)."""
        if deck in self.decks:
            return self.decks[deck]
        close = difflib.get_close_matches(deck, list(self.decks), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise ValueError(
            f"{self.game_id} has no deck {deck!r}{hint} (its decks: "
            f"{', '.join(self.decks) or 'none'})"
        )


@dataclass
class GameRecord:
    """What one played game tells the report."""

    finished: bool  # ended by the rules, not by the turn cap
    turns: int  # turns taken (one player's turn each; the engine's docstring says if otherwise)
    winners: tuple[int, ...]  # seats (0-based) that won; empty for a draw or an unfinished game
    played: list[Counter[str]]  # per seat: how many times each card type id was played
    series: dict[str, list[float]] = field(default_factory=dict)  # figures over turns
    figures: dict[str, float] = field(default_factory=dict)  # the game's own per-game numbers
    first: int = 0  # the seat that took the first turn
