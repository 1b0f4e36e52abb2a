"""Balance thresholds (game.yaml ``balance:``) checked against a simulation's summary.

- ``min_finished``: share of games that end by the rules, not by the turn cap;
- ``max_seat_win_gap``: highest minus lowest win rate over the seats;
- ``max_first_player_advantage``: the first player's win rate minus a fair share: the wins the
  ended games handed out, over the seats (1/players without draws);
- ``max_turns_p90``: 90 % of the games that end do so within this many turns;
- ``min_turns_p10``: at most 10 % of the games that end do so in fewer turns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from printgen.problems import Where
from printgen.simulate.data import Threshold
from printgen.simulate.estimates import widest_gap_shown
from printgen.simulate.report_words import Words, english
from printgen.simulate.story import (
    WIN_RATES,
    first_player_edge,
    no_winner,
    not_ended,
    pct,
    pct_apart,
    share,
)


@dataclass(frozen=True)
class Verdict:
    """A balance threshold and what the simulated games measured against it."""

    threshold: Threshold
    measured: float
    breached: bool
    message: str  # says the figure, the measure and the threshold
    judged: bool = True  # False: too few games ended to hold the figure against the threshold
    # False: no game ended (or none had a winner), so there is no figure (counted a breach)
    measurable: bool = True
    doubtful: bool = False  # past the threshold by less than chance alone may make (not judged)

    def json(self) -> dict[str, Any]:
        """As playtest.json's ``balance`` lists it."""
        return {
            "key": self.threshold.key,
            "threshold": self.threshold.value,
            "where": str(self.threshold.where),
            "measured": round(self.measured, 4),
            "breached": self.breached,
            "judged": self.judged,
            "doubtful": self.doubtful,
            "message": self.message,
        }


def check(
    summary: Mapping[str, Any],
    thresholds: Iterable[Threshold],
    w: Words | None = None,
    command: str = "simulate",
    beyond: tuple[int, str] | None = None,
) -> list[Verdict]:
    """Each threshold's verdict, its message in ``w``'s language (printgen's English: the
    console's and playtest.json's); a figure not judged says to run ``command`` again with
    more games (-n), the command the designer ran — or, past ``beyond``'s number of games
    (what ``command`` can play in its time), ``beyond``'s command."""
    return [_verdict(summary, t, w or english(), command, beyond) for t in thresholds]


def said_again(
    summary: Mapping[str, Any], verdicts: Iterable[Mapping[str, Any]], w: Words
) -> list[dict[str, Any]]:
    """playtest.json's verdicts with their messages in ``w``'s language, for the report."""
    out = []
    for v in verdicts:
        threshold = Threshold(v["key"], v["threshold"], Where(v["where"]))
        out.append({**v, "message": _verdict(summary, threshold, w).message})
    return out


def _verdict(
    summary: Mapping[str, Any],
    t: Threshold,
    w: Words,
    command: str = "simulate",
    beyond: tuple[int, str] | None = None,
) -> Verdict:
    key = t.key
    ended = summary["finished"]["games"]
    if key != "min_finished" and ended == 0:
        # lengths and win rates are figures of the games that ended: none did, so the threshold
        # cannot be shown met — a breach, as a finished share under min_finished would be
        return Verdict(
            t,
            0.0,
            True,
            "balance: " + w("playtest_balance_unmeasurable", key=key),
            measurable=False,
        )
    if key in _SEATS_COMPARED and summary.get("together", {}).get("always"):
        why = w(
            "playtest_balance_solo"
            if summary["settings"]["players"] == 1
            else "playtest_balance_coop"
        )
        return Verdict(t, 0.0, False, f"balance: {key}: {why}", False)
    if key in WIN_RATES and no_winner(summary):
        # every seat's 0 % is no balance: with no win handed out there is no rate to compare,
        # and "gap 0.00, met" passed an engine that never names its winners
        return Verdict(
            t,
            0.0,
            True,
            "balance: " + w("playtest_balance_no_winner", key=key),
            measurable=False,
        )
    verdict = _measured(summary, t, w)
    if key != "min_finished" and not summary.get("judging", {}).get("enough", True):
        least = summary["judging"]["min_games"]
        said = w.count("playtest_balance_too_few", ended, least=least)
        return Verdict(t, verdict.measured, False, f"{verdict.message}; {said}", False)
    chance = _chance(summary, key)
    if verdict.breached and chance and verdict.measured - chance <= t.value:
        # 300 games of a fair duel part its seats by 0.09 one time in eight, five fair seats'
        # top and bottom by 0.06 half the time: a breach that chance alone may make is said
        # as one the games cannot judge, and how to judge it
        games = _games_to_judge(chance, summary, verdict.measured - t.value)
        if beyond is not None and games > beyond[0]:  # more than the command plays in its time
            command = beyond[1]
        said = w.count(
            "playtest_balance_chance",
            ended,
            chance=w.number(chance, ".2f"),
            games=games,
            command=command,
        )
        return Verdict(
            t, verdict.measured, False, f"{verdict.message}; {said}", False, doubtful=True
        )
    return verdict


def _chance(summary: Mapping[str, Any], key: str) -> float:
    """How much of the figure chance alone may make (about 95 % of the time): for a gap, the
    measured gap less the widest gap the games show between any two seats (the top and bottom
    seats' half-interval, usually); for the first player, half its Wilson interval; 0 for the
    other figures."""
    if key == "max_seat_win_gap":
        seats = summary["seats"]
        rates = [share(s) for s in seats]
        shown = widest_gap_shown([s["wins"] for s in seats], summary["finished"]["games"])
        return float(max(rates) - min(rates) - shown)
    if key == "max_first_player_advantage":
        first = summary["first_player"]
        return float((first["high"] - first["low"]) / 2)
    return 0.0


def _games_to_judge(chance: float, summary: Mapping[str, Any], over: float) -> int:
    """About how many games to play (-n) to bring the figure's chance under its distance from
    the threshold: chance shrinks as the square root of the games that end, and only a share
    of those played do; rounded up to a round number."""
    # the ended games needed, ended × (chance / over)², at the share of games played that end
    wanted = summary["settings"]["games"] * (chance / max(over, 0.005)) ** 2
    return int(-(-wanted // 1000) * 1000)


_SEATS_COMPARED = WIN_RATES


def none_ended(summary: Mapping[str, Any], thresholds: Iterable[Threshold]) -> str | None:
    """validate --simulate's word on a game none of whose games ended by the rules, when no
    ``min_finished`` says so: its "ok" alone would pass a game that never finishes."""
    if summary["finished"]["games"] or any(t.key == "min_finished" for t in thresholds):
        return None
    games = summary["settings"]["games"]
    return (
        f"no game of the {games} simulated ended by the rules: "
        f"{not_ended(summary, ('all', summary['finished']['capped']))}; "
        "does play() return finished=True when the rules end a game? (balance: min_finished "
        "in game.yaml sets the share that must end)"
    )


def _pair(measured: float, sign: str, key: str, limit: float, w: Words) -> str:
    """A share against its threshold, both to the threshold's own precision (two decimals at
    least): a threshold of 0.001 is not shown as 0.00."""
    shown, decimals = _shown(measured, sign, limit), _decimals(limit)
    return f"{shown.replace('.', w.mark)} {sign} {key} {w.number(limit, f'.{decimals}f')}"


def _decimals(limit: float) -> int:
    written = f"{limit:.6f}".rstrip("0")
    return max(2, len(written.partition(".")[2]))


def _shown(measured: float, sign: str, limit: float) -> str:
    """The share as ``_pair`` shows it, with a point for a decimal mark."""
    decimals = _decimals(limit)
    shown = f"{measured:.{decimals}f}"
    for more in range(decimals + 1, 7):  # "0.101 > 0.10", never "0.10 > 0.10"
        if sign in ("<=", ">=") or shown != f"{limit:.{decimals}f}":
            break
        shown = f"{measured:.{more}f}"
    return shown


def _apart(low: float, high: float, shown: str, w: Words) -> tuple[str, str]:
    """Two shares said beside their difference ``shown`` (as ``_shown`` gives it), told to
    as many decimals as make them that far apart: "seat 3 wins 25.5% and seat 4 24.5% (gap
    0.01 …)", never 26% and 24%."""
    step = 10.0 ** -len(shown.partition(".")[2]) * 100
    return pct_apart(low, high, float(shown) * 100, step, w)


def _measured(summary: Mapping[str, Any], t: Threshold, w: Words) -> Verdict:
    key, limit = t.key, t.value
    if key == "min_finished":
        share = summary["finished"]["share"]
        short = _under(share, limit)
        pair = _pair(share, "<" if short else ">=", "min_finished", limit, w)
        why = not_ended(summary, None, w)
        said = w("playtest_balance_finished", share=pct(share, w), why=why, pair=pair)
        return Verdict(t, share, short, f"balance: {said}")
    if key == "max_seat_win_gap":
        return _seat_gap(summary, t, w)
    if key == "max_first_player_advantage":
        exact, fair_share, edge = first_player_edge(summary)
        over = _over(edge, limit)
        sign = ">" if over else "<="
        pair = _pair(edge, sign, key, limit, w)
        fair, rate = _apart(fair_share, exact, _shown(edge, sign, limit), w)
        said = w("playtest_balance_first", rate=rate, fair=fair, pair=pair)
        return Verdict(t, edge, over, f"balance: {said}")
    if key in ("max_turns_p90", "min_turns_p10"):
        figure, share = ("p90", "90") if key == "max_turns_p90" else ("p10", "10")
        turns = summary["turns"][figure]
        over = _over(turns, limit) if figure == "p90" else _under(turns, limit)
        sign = {"p90": ">" if over else "<=", "p10": "<" if over else ">="}[figure]
        said = w.count(
            "playtest_balance_within",
            turns,
            share=w.percent(share),
            figure=figure,
            sign=sign,
            key=key,
            limit=w.number(limit),
        )
        return Verdict(t, turns, over, f"balance: {said}")
    raise ValueError(f"unknown balance threshold {key!r}")  # the loader refuses it first


def _seat_gap(summary: Mapping[str, Any], t: Threshold, w: Words) -> Verdict:
    seats, limit = summary["seats"], t.value
    top = max(seats, key=share)
    low = min(seats, key=share)
    gap = share(top) - share(low)
    over = _over(gap, limit)
    sign = ">" if over else "<="
    pair = _pair(gap, sign, "max_seat_win_gap", limit, w)
    if not gap:
        said = w("playtest_balance_gap_none", rate=pct(share(top), w), pair=pair)
    else:
        low_shown, top_shown = _apart(share(low), share(top), _shown(gap, sign, limit), w)
        said = w(
            "playtest_balance_gap",
            top=top["seat"],
            top_rate=top_shown,
            low=low["seat"],
            low_rate=low_shown,
            pair=pair,
        )
    return Verdict(t, gap, over, f"balance: {said}")


# Shares are counts of games over the games played: a gap between two of them that is its
# threshold on paper (0.55 - 0.46 against 0.09) comes out a hair either side of it in floating
# point. Past a threshold is past it by more than that, in the verdict and the sign shown alike.
_SLACK = 1e-9


def _over(measured: float, limit: float) -> bool:
    return measured > limit + _SLACK


def _under(measured: float, limit: float) -> bool:
    return measured < limit - _SLACK
