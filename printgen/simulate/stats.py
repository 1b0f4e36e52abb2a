"""From played games to the report's numbers: one JSON-ready summary, same records → same summary.

Win rates count every game played (a game stopped by the turn cap has no winner); lengths count
the games that ended by the rules (all games when none did).
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from printgen.simulate.contract import GameRecord
from printgen.simulate.run import Settings, seats

Z95 = 1.959963984540054
HISTOGRAM_BINS = 12
NEVER_WORTH_GAP = 0.05  # a card whose players win 5 points less than those who do not play it


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile of sorted ``values`` (0 for none)."""
    if not values:
        return 0.0
    rank = max(1, math.ceil(p * len(values)))
    return float(values[rank - 1])


def wilson(wins: int, n: int) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (0, 0 for no trials)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {
        "wins": wins,
        "of": n,
        "rate": _r(wins / n if n else 0.0),
        "low": _r(low),
        "high": _r(high),
    }


class Tally:
    """Everything the summary needs, added one game at a time in game order: memory does not
    grow with the games' series or card counts, and the sums come out the same however the
    games were split between processes."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.games = 0
        self.finished_lengths: list[int] = []
        self.all_lengths: list[int] = []
        self.draws = 0
        self.seat_wins: Counter[int] = Counter()
        self.bot_wins: Counter[str] = Counter()
        self.bot_seats: Counter[str] = Counter()
        self.first_wins = 0
        # card figures compare like with like: a random bot plays everything and mostly loses
        bots = settings.bots
        self.mixed = any(b != "random" for b in bots) and "random" in bots
        self.samples = 0  # counted seats
        self.sample_wins = 0
        self.cards: dict[str, list[int]] = {}  # sum x, sum x², sum x·won, playing, playing wins
        self.series: dict[str, tuple[list[float], list[int]]] = {}  # per turn: sum, games
        self.series_lengths: dict[str, list[int]] = {}
        self.figures: dict[str, array[float]] = {}

    def add(self, record: GameRecord) -> None:
        index = self.games
        self.games += 1
        bots = seats(self.settings.bots, self.settings.players, index)
        self.all_lengths.append(record.turns)
        if record.finished:
            self.finished_lengths.append(record.turns)
            self.draws += not record.winners
        won = set(record.winners)
        self.seat_wins.update(won)
        self.bot_seats.update(bots)
        self.bot_wins.update(bots[s] for s in won)
        self.first_wins += record.first in won
        for seat, counter in enumerate(record.played):
            if self.mixed and bots[seat] == "random":
                continue
            win = 1 if seat in won else 0
            self.samples += 1
            self.sample_wins += win
            for card, x in counter.items():
                if x:
                    row = self.cards.setdefault(card, [0, 0, 0, 0, 0])
                    row[0] += x
                    row[1] += x * x
                    row[2] += x * win
                    row[3] += 1
                    row[4] += win
        for key, values in record.series.items():
            sums, counts = self.series.setdefault(key, ([], []))
            for t, value in enumerate(values):
                if t == len(sums):
                    sums.append(0.0)
                    counts.append(0)
                sums[t] += value
                counts[t] += 1
            self.series_lengths.setdefault(key, []).append(len(values))
        for key, value in record.figures.items():
            self.figures.setdefault(key, array("d")).append(value)


def summarize(
    records: Iterable[GameRecord] | Tally,
    settings: Settings,
    meta: Mapping[str, Any],
    card_ids: Iterable[str] = (),
    labels: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    if isinstance(records, Tally):
        tally = records
    else:
        tally = Tally(settings)
        for record in records:
            tally.add(record)
    labels = labels or {}
    n = tally.games
    finished = len(tally.finished_lengths)
    lengths = sorted(tally.finished_lengths) or sorted(tally.all_lengths)
    players = settings.players
    fair = 1 / players
    first = rate(tally.first_wins, n)
    first["fair"] = _r(fair)
    first["advantage"] = _r(first["rate"] - fair)
    bot_seats = tally.bot_seats
    return {
        **meta,
        "settings": {
            "games": settings.games,
            "players": players,
            "bots": list(settings.bots),
            "seed": settings.seed,
            "turn_cap": settings.turn_cap,
        },
        "finished": {
            "games": finished,
            "capped": n - finished,
            "share": _r(finished / n if n else 0),
            "draws": tally.draws,
        },
        "turns": {
            "p10": percentile(lengths, 0.10),
            "p50": percentile(lengths, 0.50),
            "p90": percentile(lengths, 0.90),
            "mean": _r(sum(lengths) / len(lengths)) if lengths else 0.0,
            "min": lengths[0] if lengths else 0,
            "max": lengths[-1] if lengths else 0,
            "histogram": _histogram(lengths),
        },
        "seats": [{"seat": s + 1, **rate(tally.seat_wins[s], n)} for s in range(players)],
        "bots": [{"bot": b, **rate(tally.bot_wins[b], bot_seats[b])} for b in sorted(bot_seats)],
        "first_player": first,
        "cards_counted": "seats of the bots other than random" if tally.mixed else "every seat",
        "cards": (cards := _cards(tally, card_ids)),
        "never_worth": never_worth(cards),
        "series": _series(tally, labels),
        "figures": _figures(tally, labels),
    }


def never_worth(cards: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Card types nobody played, or whose players win clearly less than those who held back."""
    found = []
    for card in cards:
        if card["played_per_seat"] == 0:
            found.append({"card": card["card"], "why": "never played"})
        elif (
            card["win_when_not"] is not None
            and card["win_when_played"] < card["win_when_not"] - NEVER_WORTH_GAP
        ):
            found.append(
                {
                    "card": card["card"],
                    "why": f"seats that play it win {card['win_when_played']:.0%}, "
                    f"those that do not {card['win_when_not']:.0%}",
                }
            )
    return found


def _cards(tally: Tally, card_ids: Iterable[str]) -> list[dict[str, Any]]:
    """Per card type, over the counted seats: how much it is played, and by whom."""
    played = set(tally.cards)
    deck_ids = list(dict.fromkeys(card_ids))
    # the deck's ids when the engine counts plays by them, else the names it counts
    universe = deck_ids if played & set(deck_ids) else []
    universe += sorted(played - set(universe))
    n, wins = tally.samples, tally.sample_wins
    rows = []
    for card in universe:
        sx, sxx, sxy, playing, playing_wins = tally.cards.get(card, [0, 0, 0, 0, 0])
        holding = n - playing
        # Pearson's r from exact integer sums (x: copies played, y: 1 for a win)
        vx, vy = n * sxx - sx * sx, n * wins - wins * wins
        corr = (n * sxy - sx * wins) / math.sqrt(vx * vy) if vx > 0 and vy > 0 else None
        rows.append(
            {
                "card": card,
                "played_per_seat": _r(sx / n) if n else 0.0,
                "played_share": _r(playing / n) if n else 0.0,
                "win_when_played": _r(playing_wins / playing) if playing else 0.0,
                "win_when_not": _r((wins - playing_wins) / holding) if holding else None,
                "correlation": None if corr is None else _r(corr),
            }
        )
    return rows


def _series(tally: Tally, labels: Mapping[str, str]) -> dict[str, Any]:
    out = {}
    for key in sorted(tally.series):
        sums, counts = tally.series[key]
        horizon = int(percentile(sorted(tally.series_lengths[key]), 0.9))
        means = [_r(sums[t] / counts[t]) for t in range(min(horizon, len(sums)))]
        out[key] = {"label": labels.get(key, key), "mean": means}
    return out


def _figures(tally: Tally, labels: Mapping[str, str]) -> dict[str, Any]:
    out = {}
    for key in sorted(tally.figures):
        values = sorted(tally.figures[key])
        out[key] = {
            "label": labels.get(key, key),
            "mean": _r(math.fsum(values) / len(values)),
            "p10": _r(percentile(values, 0.1)),
            "p50": _r(percentile(values, 0.5)),
            "p90": _r(percentile(values, 0.9)),
            "games": len(values),
        }
    return out


def _histogram(lengths: Sequence[int]) -> list[dict[str, int]]:
    if not lengths:
        return []
    low, high = lengths[0], lengths[-1]
    width = max(1, math.ceil((high - low + 1) / HISTOGRAM_BINS))
    bins = [0] * ((high - low) // width + 1)
    for value in lengths:
        bins[(value - low) // width] += 1
    return [
        {"from": low + i * width, "to": low + (i + 1) * width - 1, "games": count}
        for i, count in enumerate(bins)
    ]


def _r(value: float) -> float:
    """Rounded so the JSON reads well and is the same on every machine."""
    return round(float(value), 4)
