"""From played games to the report's numbers: one JSON-ready summary, same records → same summary.

Win rates count every game played (a game stopped by the turn cap has no winner); lengths count
the games that ended by the rules (all games when none did).
"""

from __future__ import annotations

import math
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


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    return sxy / math.sqrt(sxx * syy)


def rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {
        "wins": wins,
        "of": n,
        "rate": _r(wins / n if n else 0.0),
        "low": _r(low),
        "high": _r(high),
    }


def summarize(
    records: Sequence[GameRecord],
    settings: Settings,
    meta: Mapping[str, Any],
    card_ids: Iterable[str] = (),
    labels: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    labels = labels or {}
    n = len(records)
    finished = sum(1 for r in records if r.finished)
    lengths = sorted(r.turns for r in records if r.finished) or sorted(r.turns for r in records)
    players = settings.players
    seat_wins = Counter(s for r in records for s in r.winners)
    bot_wins: Counter[str] = Counter()
    bot_seats: Counter[str] = Counter()
    first_wins = 0
    for i, record in enumerate(records):
        bots = seats(settings.bots, players, i)
        bot_seats.update(bots)
        bot_wins.update(bots[s] for s in record.winners)
        first_wins += record.first in record.winners
    # card figures compare like with like: a random bot plays everything and mostly loses
    mixed = any(b != "random" for b in settings.bots) and "random" in settings.bots
    counted = [
        [not mixed or bot != "random" for bot in seats(settings.bots, players, i)] for i in range(n)
    ]
    draws = sum(1 for r in records if r.finished and not r.winners)
    fair = 1 / players
    first = rate(first_wins, n)
    first["fair"] = _r(fair)
    first["advantage"] = _r(first["rate"] - fair)
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
            "draws": draws,
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
        "seats": [{"seat": s + 1, **rate(seat_wins[s], n)} for s in range(players)],
        "bots": [{"bot": b, **rate(bot_wins[b], bot_seats[b])} for b in sorted(bot_seats)],
        "first_player": first,
        "cards_counted": "seats of the bots other than random" if mixed else "every seat",
        "cards": (cards := _cards(records, card_ids, counted)),
        "never_worth": never_worth(cards),
        "series": _series(records, labels),
        "figures": _figures(records, labels),
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


def _cards(
    records: Sequence[GameRecord], card_ids: Iterable[str], counted: Sequence[Sequence[bool]]
) -> list[dict[str, Any]]:
    """Per card type, over the seats ``counted[game][seat]``: how much it is played, by whom."""
    played_keys = {key for r in records for seat in r.played for key in seat}
    deck_ids = list(dict.fromkeys(card_ids))
    # the deck's ids when the engine counts plays by them, else the names it counts
    universe = deck_ids if played_keys & set(deck_ids) else []
    universe += sorted(played_keys - set(universe))
    rows = []
    for card in universe:
        xs: list[float] = []
        ys: list[float] = []
        for record, which in zip(records, counted, strict=True):
            won = set(record.winners)
            for seat, counter in enumerate(record.played):
                if not which[seat]:
                    continue
                xs.append(counter.get(card, 0))
                ys.append(1.0 if seat in won else 0.0)
        samples = len(xs)
        playing = [y for x, y in zip(xs, ys, strict=True) if x > 0]
        holding = [y for x, y in zip(xs, ys, strict=True) if x == 0]
        corr = pearson(xs, ys)
        rows.append(
            {
                "card": card,
                "played_per_seat": _r(sum(xs) / samples) if samples else 0.0,
                "played_share": _r(len(playing) / samples) if samples else 0.0,
                "win_when_played": _r(sum(playing) / len(playing)) if playing else 0.0,
                "win_when_not": _r(sum(holding) / len(holding)) if holding else None,
                "correlation": None if corr is None else _r(corr),
            }
        )
    return rows


def _series(records: Sequence[GameRecord], labels: Mapping[str, str]) -> dict[str, Any]:
    keys = sorted({k for r in records for k in r.series})
    out = {}
    for key in keys:
        runs = [r.series[key] for r in records if key in r.series]
        horizon = int(percentile(sorted(len(s) for s in runs), 0.9))
        means = []
        for t in range(horizon):
            values = [s[t] for s in runs if len(s) > t]
            means.append(_r(sum(values) / len(values)))
        out[key] = {"label": labels.get(key, key), "mean": means}
    return out


def _figures(records: Sequence[GameRecord], labels: Mapping[str, str]) -> dict[str, Any]:
    keys = sorted({k for r in records for k in r.figures})
    out = {}
    for key in keys:
        values = sorted(r.figures[key] for r in records if key in r.figures)
        out[key] = {
            "label": labels.get(key, key),
            "mean": _r(sum(values) / len(values)),
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
