"""From played games to the report's numbers: one JSON-ready summary, same records → same summary.

Win rates (by seat, by bot, the first player's) and the cards' win figures count the games that
ended by the rules: a game stopped by the turn cap has no winner, and counting it would make every
seat look below a fair share. Lengths count the games that ended too; when none did, ``turns``
describes the stopped games and says so (``turns.over``), and the report gives no length.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from printgen.simulate.captions import name, readable
from printgen.simulate.contract import GameRecord
from printgen.simulate.estimates import difference, percentile, wilson
from printgen.simulate.settings import Settings
from printgen.simulate.tally import Tally

HISTOGRAM_BINS = 12
NEVER_WORTH_GAP = 0.05  # a card whose players win 5 points less than those who do not play it
# fewer ended games than this and the report judges nothing (cards, thresholds on win rates)
MIN_JUDGED_GAMES = 30
ENDED = "games that ended"
STOPPED = "games stopped by the turn cap (none ended)"
UNENDED = "games that did not end by the rules (none did)"


def rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {
        "wins": wins,
        "of": n,
        "rate": _r(wins / n if n else 0.0),
        "low": _r(low),
        "high": _r(high),
    }


def natural(text: str) -> tuple[Any, ...]:
    """Sort key that reads numbers as numbers: card-2 before card-10."""
    # re.split with a group puts text at even places and digits at odd ones: comparable pairwise
    return tuple(int(p) if i % 2 else p for i, p in enumerate(re.split(r"(\d+)", text)))


def summarize(
    records: Iterable[GameRecord] | Tally,
    settings: Settings,
    meta: Mapping[str, Any],
    card_ids: Iterable[str] = (),
    labels: Mapping[str, str] | None = None,
    card_names: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The figures of the games played; ``card_names`` gives each card type id the name the
    report shows (its printed name), else the id is shown."""
    if isinstance(records, Tally):
        tally = records
    else:
        tally = Tally(settings)
        for record in records:
            tally.add(record)
    labels = labels or {}
    card_ids = list(card_ids)
    n = tally.games
    finished = len(tally.finished_lengths)
    early = tally.unfinished_turns
    players = settings.players
    # each seat's fair share of the wins the ended games handed out: 1/players when every game
    # has one winner, less when some end in a draw (a 15 % draw rate makes 42.5 % fair for two
    # players, and 50 % would hide a first player who wins 55 % to the other's 30 %)
    handed_out = sum(tally.seat_wins.values())
    fair = handed_out / (finished * players) if finished else 1 / players
    first = rate(tally.first_wins, finished)
    first["fair"] = _r(fair)
    # from the counts: the rounded rate less the fair share was rounded twice (0.165 of 0.16499)
    first["advantage"] = _r((tally.first_wins / finished if finished else 0.0) - fair)
    first["always_seat_1"] = not tally.rotated
    bot_seats = tally.bot_seats
    judged = finished >= MIN_JUDGED_GAMES
    cards = _cards(tally, card_ids, card_names or {})
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
            "capped": n - finished - len(early),
            "unfinished": len(early),
            "unfinished_turns": [min(early), max(early)] if early else [],  # fewest, most
            "share": _r(finished / n if n else 0),
            "draws": tally.draws,
            "shared": tally.shared,
        },
        "turns": _turns(tally),
        "win_rates_over": ENDED,
        "seats": [{"seat": s + 1, **rate(tally.seat_wins[s], finished)} for s in range(players)],
        "bots": [
            {"bot": b, **rate(tally.bot_wins[b], bot_seats[b])} for b in sorted(set(settings.bots))
        ],
        "first_player": first,
        # every game won or lost by all the seats at once: the seats are not compared
        "together": {**rate(tally.together, finished), "always": cooperative(tally)},
        "cards_counted": "seats of the bots other than random" if tally.mixed else "every seat",
        "cards": cards,
        "cards_order": "deck"
        if any(not c["in_played_decks"] for c in cards) or set(card_ids) & set(tally.plays)
        else "name",
        "judging": {"min_games": MIN_JUDGED_GAMES, "enough": judged},
        "never_worth": never_worth(cards) if judged else [],
        "series": _series(tally, labels, players),
        "figures": _figures(tally, labels, players),
    }


def cooperative(tally: Tally) -> bool:
    """Whether the games that ended were won and lost by every seat together (and some won);
    a solo game always is: its one player wins or loses, and a loss is no draw."""
    return tally.apart == 0 and (tally.together > 0 or tally.settings.players == 1)


def _turns(tally: Tally) -> dict[str, Any]:
    lengths = sorted(tally.finished_lengths) or sorted(tally.all_lengths)
    return {
        "over": ENDED if tally.finished_lengths else UNENDED if tally.unfinished_turns else STOPPED,
        "games": len(tally.finished_lengths),
        "p10": percentile(lengths, 0.10),
        "p50": percentile(lengths, 0.50),
        "p90": percentile(lengths, 0.90),
        "mean": _r(sum(lengths) / len(lengths)) if lengths else 0.0,
        "min": lengths[0] if lengths else 0,
        "max": lengths[-1] if lengths else 0,
        "histogram": _histogram(lengths if tally.finished_lengths else []),
    }


def never_worth(cards: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Card types of the played decks nobody played, or whose players win clearly less than
    those who held back: the 95 % interval of the difference lies wholly below -5 points.

    The second is a correlation, not a card's worth: a seat plays a weak card when it has drawn
    nothing better, so the losers play it more even when it helps (the key keeps its name for
    the scripts that read playtest.json; ``why`` says only what was measured)."""
    found = []
    for card in cards:
        if not card["in_played_decks"]:
            continue
        if card["played_per_seat"] == 0:
            found.append({"card": card["card"], "name": card["name"], "why": "never played"})
        elif card["difference_high"] is not None and card["difference_high"] < -NEVER_WORTH_GAP:
            found.append(
                {
                    "card": card["card"],
                    "name": card["name"],
                    "why": f"played more by seats that lose (seats that play it win "
                    f"{card['win_when_played']:.0%}, those that do not {card['win_when_not']:.0%})",
                }
            )
    return found


def _by_deck(tally: Tally, card_ids: Iterable[str]) -> bool:
    """Whether the engine counts plays by the played decks' ids (else by names of its own)."""
    return bool(set(tally.plays) & set(card_ids)) or not tally.plays


def _universe(tally: Tally, card_ids: Iterable[str]) -> list[tuple[str, bool]]:
    """The card types to report, in deck order, and whether each is of a played deck."""
    played = set(tally.plays)
    if not played:  # the engine counts no plays: no card figures to give
        return []
    deck_ids = list(dict.fromkeys(card_ids))
    if not _by_deck(tally, deck_ids):
        # the engine counts plays by names that are not the decks' ids: report those
        return [(card, True) for card in sorted(played, key=natural)]
    # an id counted outside the played decks (a card dealt at setup) is shown apart
    extra = sorted(played - set(deck_ids), key=natural)
    return [(card, True) for card in deck_ids] + [(card, False) for card in extra]


def _cards(
    tally: Tally, card_ids: Iterable[str], card_names: Mapping[str, str]
) -> list[dict[str, Any]]:
    """Per card type, over the counted seats: how much it is played, and by whom."""
    every, n, wins = tally.seats_counted, tally.samples, tally.sample_wins
    universe = _universe(tally, card_ids)
    shown = _shown_names([card for card, _ in universe], card_names)
    rows = []
    for card, in_played in universe:
        copies, seats_playing = tally.plays.get(card, [0, 0])
        sx, sxx, sxy, playing, playing_wins = tally.cards.get(card, [0, 0, 0, 0, 0])
        holding = n - playing
        # Pearson's r from exact integer sums (x: copies played, y: 1 for a win)
        vx, vy = n * sxx - sx * sx, n * wins - wins * wins
        corr = (n * sxy - sx * wins) / math.sqrt(vx * vy) if vx > 0 and vy > 0 else None
        low, high = (
            difference(playing_wins, playing, wins - playing_wins, holding)
            if playing and holding
            else (None, None)
        )
        rows.append(
            {
                "card": card,
                "name": shown[card],
                "in_played_decks": in_played,
                "played_per_seat": _r(copies / every) if every else 0.0,
                "played_share": _r(seats_playing / every) if every else 0.0,
                "win_when_played": _r(playing_wins / playing) if playing else None,
                "win_when_not": _r((wins - playing_wins) / holding) if holding else None,
                "difference_low": None if low is None else _r(low),
                "difference_high": None if high is None else _r(high),
                "correlation": None if corr is None else _r(corr),
            }
        )
    return rows


def _shown_names(cards: Sequence[str], card_names: Mapping[str, str]) -> dict[str, str]:
    """Each card type's printed name, its id added where two listed types share a name (an
    engine's own counting keys are shown as they are)."""
    names = {card: card_names.get(card) or card for card in cards}
    shared = Counter(names.values())
    return {
        card: f"{name} ({card})" if shared[name] > 1 and name != card else name
        for card, name in names.items()
    }


def _series(tally: Tally, labels: Mapping[str, str], players: int) -> dict[str, Any]:
    out = {}
    for key in sorted(tally.series, key=natural):
        sums, counts = tally.series[key]
        horizon = int(percentile(sorted(tally.series_lengths[key]), 0.9))
        means = [_r(sums[t] / counts[t]) for t in range(min(horizon, len(sums)))]
        out[key] = {**name(key, labels, players), "mean": means}
    by_seat = {s["figure"] for s in out.values() if s["seat"] is not None}
    for key, s in out.items():  # vp_max with the vp curves of the seats
        head, _, tail = key.rpartition("_")
        if s["seat"] is None and head in by_seat:
            s["figure"] = head
            s["figure_label"] = labels.get(head) or readable(head)
            s["label"] = labels.get(key) or readable(tail)
    return out


def _figures(tally: Tally, labels: Mapping[str, str], players: int) -> dict[str, Any]:
    out = {}
    for key in sorted(tally.figures, key=natural):
        values = sorted(tally.figures[key])
        out[key] = {
            **name(key, labels, players),
            "mean": _r(math.fsum(values) / len(values)),
            "p10": _r(percentile(values, 0.1)),
            "p50": _r(percentile(values, 0.5)),
            "p90": _r(percentile(values, 0.9)),
            "games": len(values),
            "stopped_games": tally.figures_stopped[key],  # of them, games that did not end
        }
    return out


def _histogram(lengths: Sequence[int]) -> list[dict[str, int]]:
    """Game lengths (sorted) in bins of one width up to the bin that holds the 95th percentile,
    which runs on to the longest game: the longest 5 % and the games of its first turns (the
    README says so). With bins up to the longest game, a few stalled games put 275 of 282 in
    the first. Lengths that come in steps (a game that ends only at a round's end, 4 turns to
    a round of four players) are binned in whole steps, each bar naming the lengths it holds:
    bars of 2 turns drew every other bar empty (32–33, 34–35 with no game, 36–37 …)."""
    if not lengths:
        return []
    low, high = lengths[0], lengths[-1]
    step = functools.reduce(math.gcd, (value - low for value in lengths), 0) or 1
    top = lengths[min(len(lengths) - 1, len(lengths) * 95 // 100)]
    width = step * max(1, math.ceil(((top - low) // step + 1) / HISTOGRAM_BINS))
    bins = [0] * ((top - low) // width + 1)
    for value in lengths:
        bins[min((value - low) // width, len(bins) - 1)] += 1
    rows = [
        {"from": low + i * width, "to": low + (i + 1) * width - step, "games": count}
        for i, count in enumerate(bins)
    ]
    rows[-1]["to"] = max(rows[-1]["to"], high)  # the last bin holds the tail
    return rows


def _r(value: float) -> float:
    """Rounded so the JSON reads well and is the same on every machine."""
    return round(float(value), 4)
