"""The games' figures added up one game at a time: what the report is made from, kept in place
of the games' records, whose series would fill memory (24 series of 10,000 turns are 8 MB a
game, 2 GB in a batch of 250)."""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import repeat

from printgen.simulate.contract import GameRecord
from printgen.simulate.settings import Settings, seats


class Tally:
    """Everything the summary needs, added one game at a time in game order: memory does not
    grow with the games' series or card counts. Each batch of games is added up where it is
    played, from its first game (``start``), and the batches' tallies merged in game order: the
    sums come out the same however the batches were split between processes."""

    def __init__(self, settings: Settings, start: int = 0) -> None:
        self.settings = settings
        self.start = start  # the first game's index: which bots played which seats
        self.games = 0
        self.finished_lengths: list[int] = []
        self.all_lengths: list[int] = []
        self.draws = 0
        self.shared = 0  # games that ended with more than one winner
        self.seat_wins: Counter[int] = Counter()
        self.bot_wins: Counter[str] = Counter()
        self.bot_seats: Counter[str] = Counter()  # seats each bot played in games that ended
        self.first_wins = 0
        self.rotated = False  # some game's first turn was another seat's than seat 1's
        self.together = 0  # games that ended with every seat a winner
        self.apart = 0  # games that ended with some seats winners and others not
        self.capped_winners = 0  # games stopped by the turn cap that named winners all the same
        # games the engine ended unfinished before the turn cap (its own stop, not the cap's)
        self.unfinished_turns: list[int] = []
        # card figures compare like with like: a random bot plays everything and mostly loses
        bots = settings.bots
        self.mixed = any(b != "random" for b in bots) and "random" in bots
        self.seats_counted = 0  # counted seats, every game: how much a card is played
        self.samples = 0  # counted seats of games that ended: how playing it goes with winning
        self.sample_wins = 0
        self.plays: dict[str, list[int]] = {}  # every game: copies played, seats playing
        self.cards: dict[str, list[int]] = {}  # ended: sum x, sum x², sum x·won, playing, wins
        self.series: dict[str, tuple[list[float], list[int]]] = {}  # per turn: sum, games
        self.series_lengths: dict[str, list[int]] = {}
        self.figures: dict[str, array[float]] = {}
        # each figure's values from games that did not end: the report says whether its
        # column counts them (an engine may give its figures only at a game's real end)
        self.figures_stopped: Counter[str] = Counter()
        # the first game's record in brief, while every game since was the same: an engine
        # that ignores rng plays one game over and over, which no figure shows
        self.one_game: tuple[object, ...] | None = None
        self.all_alike = True

    def add(self, record: GameRecord) -> None:
        index = self.start + self.games
        if self.all_alike:
            brief = _brief(record)
            self.one_game = brief if self.one_game is None else self.one_game
            self.all_alike = brief == self.one_game
        self.games += 1
        bots = seats(self.settings.bots, self.settings.players, index)
        self.all_lengths.append(record.turns)
        self.rotated = self.rotated or record.first != 0
        won = set(record.winners)
        self.capped_winners += bool(won) and not record.finished
        if not record.finished and record.turns < self.settings.turn_cap:
            self.unfinished_turns.append(record.turns)
        if record.finished:
            self.finished_lengths.append(record.turns)
            self.draws += not record.winners
            self.shared += len(won) > 1
            self.seat_wins.update(won)
            self.bot_seats.update(bots)
            self.bot_wins.update(bots[s] for s in won)
            self.first_wins += record.first in won
            if len(won) == self.settings.players:  # a solo game's win too: no seat lost
                self.together += 1
            elif won:
                self.apart += 1
        # a win counts only where the game ended: winners an engine names in a game it says
        # did not end (capped_winners) went into the card figures' wins, and past their seats
        counted = won if record.finished else set()
        for seat, counter in enumerate(record.played):
            if not (self.mixed and bots[seat] == "random"):
                self._add_seat(counter, record.finished, 1 if seat in counted else 0)
        for key, values in record.series.items():
            self._series_added(key, values, repeat(1))
            self.series_lengths.setdefault(key, []).append(len(values))
        for key, value in record.figures.items():
            self.figures.setdefault(key, array("d")).append(value)
            self.figures_stopped[key] += not record.finished

    def _series_added(self, key: str, sums: Sequence[float], counts: Iterable[int]) -> None:
        """A series' values turn by turn added to its sums, each turn's count of games with
        it to its counts (one game's: a count of 1 a turn); turns past the longest yet open."""
        mine, my_counts = self.series.setdefault(key, ([], []))
        if len(sums) > len(mine):
            mine.extend([0.0] * (len(sums) - len(mine)))
            my_counts.extend([0] * (len(sums) - len(my_counts)))
        for t, (value, count) in enumerate(zip(sums, counts, strict=False)):  # counts: 1s
            mine[t] += value
            my_counts[t] += count

    def merge(self, later: Tally) -> None:
        """Add the tally of the games played next: every name stays where it was first met,
        as when their games are added one by one."""
        if later.games:
            self.all_alike = (
                self.all_alike
                and later.all_alike
                and (self.one_game is None or self.one_game == later.one_game)
            )
            self.one_game = self.one_game if self.one_game is not None else later.one_game
        self.games += later.games
        self.finished_lengths += later.finished_lengths
        self.all_lengths += later.all_lengths
        self.unfinished_turns += later.unfinished_turns
        self.draws += later.draws
        self.shared += later.shared
        self.first_wins += later.first_wins
        self.rotated = self.rotated or later.rotated
        self.together += later.together
        self.apart += later.apart
        self.capped_winners += later.capped_winners
        self.seats_counted += later.seats_counted
        self.samples += later.samples
        self.sample_wins += later.sample_wins
        self.seat_wins.update(later.seat_wins)
        self.bot_wins.update(later.bot_wins)
        self.bot_seats.update(later.bot_seats)
        self.figures_stopped.update(later.figures_stopped)
        for rows, added in ((self.plays, later.plays), (self.cards, later.cards)):
            for card, numbers in added.items():
                row = rows.setdefault(card, [0] * len(numbers))
                for i, number in enumerate(numbers):
                    row[i] += number
        for key, (sums, counts) in later.series.items():
            self._series_added(key, sums, counts)
        for key, lengths in later.series_lengths.items():
            self.series_lengths.setdefault(key, []).extend(lengths)
        for key, values in later.figures.items():
            self.figures.setdefault(key, array("d")).extend(values)

    def _add_seat(self, counter: Mapping[str, int], finished: bool, win: int) -> None:
        self.seats_counted += 1
        self.samples += finished
        self.sample_wins += win
        for card, x in counter.items():
            if not x:
                continue
            plays = self.plays.setdefault(card, [0, 0])
            plays[0] += x
            plays[1] += 1
            if finished:
                row = self.cards.setdefault(card, [0, 0, 0, 0, 0])
                row[0] += x
                row[1] += x * x
                row[2] += x * win
                row[3] += 1
                row[4] += win


def _brief(record: GameRecord) -> tuple[object, ...]:
    """What tells one game from another: its length, end, winners, first player, every seat's
    plays and its figures (not its series: a game's may be 240,000 numbers)."""
    played = tuple(tuple(sorted(counter.items())) for counter in record.played)
    figures = tuple(sorted(record.figures.items()))
    return record.turns, record.finished, tuple(record.winners), record.first, played, figures
