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

from printgen.simulate.data import Threshold
from printgen.simulate.story import not_ended, pct, pct_pair


@dataclass(frozen=True)
class Verdict:
    """A balance threshold and what the simulated games measured against it."""

    threshold: Threshold
    measured: float
    breached: bool
    message: str  # says the figure, the measure and the threshold
    judged: bool = True  # False: too few games ended to hold the figure against the threshold
    measurable: bool = True  # False: no game ended, so there is no figure (counted a breach)
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


def check(summary: Mapping[str, Any], thresholds: Iterable[Threshold]) -> list[Verdict]:
    return [_verdict(summary, t) for t in thresholds]


def _verdict(summary: Mapping[str, Any], t: Threshold) -> Verdict:
    key = t.key
    ended = summary["finished"]["games"]
    if key != "min_finished" and ended == 0:
        # lengths and win rates are figures of the games that ended: none did, so the threshold
        # cannot be shown met — a breach, as a finished share under min_finished would be
        return Verdict(
            t,
            0.0,
            True,
            f"balance: {key} cannot be measured: no game ended by the rules",
            measurable=False,
        )
    if key in _SEATS_COMPARED and summary.get("together", {}).get("always"):
        why = (
            "a solo game has one seat"
            if summary["settings"]["players"] == 1
            else "every seat wins or loses with the others (a cooperative game)"
        )
        return Verdict(t, 0.0, False, f"balance: {key}: {why}", False)
    verdict = _measured(summary, t)
    if key != "min_finished" and not summary.get("judging", {}).get("enough", True):
        least = summary["judging"]["min_games"]
        said = f"{ended} game{'s' if ended != 1 else ''} ended, at least {least} are needed"
        return Verdict(t, verdict.measured, False, f"{verdict.message}; not judged: {said}", False)
    chance = _chance(summary, key)
    if verdict.breached and chance and verdict.measured - chance <= t.value:
        # 300 games of a fair game part two seats by 0.09 as often as not: a breach that
        # chance alone may make is said as one the games cannot judge, and how to judge it
        said = (
            f"not judged: {ended} games leave ±{chance:.2f} to chance; play more (simulate "
            f"-n {_games_to_judge(chance, summary, verdict.measured - t.value)}) to judge it"
        )
        return Verdict(
            t, verdict.measured, False, f"{verdict.message}; {said}", False, doubtful=True
        )
    return verdict


def _chance(summary: Mapping[str, Any], key: str) -> float:
    """How far a seat's win-rate figure may stray by chance alone (about 95 % of the time):
    half its Wilson interval — for a gap, of both seats' together; 0 for the other figures."""
    if key == "max_seat_win_gap":
        seats = summary["seats"]
        top = max(seats, key=lambda s: s["rate"])
        low = min(seats, key=lambda s: s["rate"])
        halves = [(s["high"] - s["low"]) / 2 for s in (top, low)]
        return float(sum(h * h for h in halves) ** 0.5)
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


_SEATS_COMPARED = ("max_seat_win_gap", "max_first_player_advantage")


def none_ended(summary: Mapping[str, Any], thresholds: Iterable[Threshold]) -> str | None:
    """validate --simulate's word on a game none of whose games ended by the rules, when no
    ``min_finished`` says so: its "ok" alone would pass a game that never finishes."""
    if summary["finished"]["games"] or any(t.key == "min_finished" for t in thresholds):
        return None
    games = summary["settings"]["games"]
    return (
        f"no game of the {games} simulated ended by the rules: {not_ended(summary, 'all')}; "
        "does play() return finished=True when the rules end a game? (balance: min_finished "
        "in game.yaml sets the share that must end)"
    )


def _pair(measured: float, sign: str, key: str, limit: float) -> str:
    """A share against its threshold, both to the threshold's own precision (two decimals at
    least): a threshold of 0.001 is not shown as 0.00."""
    written = f"{limit:.6f}".rstrip("0")
    decimals = max(2, len(written.partition(".")[2]))
    shown = f"{measured:.{decimals}f}"
    for more in range(decimals + 1, 7):  # "0.101 > 0.10", never "0.10 > 0.10"
        if sign in ("<=", ">=") or shown != f"{limit:.{decimals}f}":
            break
        shown = f"{measured:.{more}f}"
    return f"{shown} {sign} {key} {limit:.{decimals}f}"


def _measured(summary: Mapping[str, Any], t: Threshold) -> Verdict:
    key, limit = t.key, t.value
    if key == "min_finished":
        share = summary["finished"]["share"]
        return Verdict(
            t,
            share,
            share < limit,
            f"balance: {pct(share)} of games end by the rules, {not_ended(summary)} "
            f"({_pair(share, '<' if share < limit else '>=', 'min_finished', limit)})",
        )
    if key == "max_seat_win_gap":
        seats = summary["seats"]
        top = max(seats, key=lambda s: s["rate"])
        low = min(seats, key=lambda s: s["rate"])
        gap = top["rate"] - low["rate"]
        low_shown, top_shown = pct_pair(low["rate"], top["rate"])
        seen = (
            f"seat {top['seat']} wins {top_shown} and seat {low['seat']} {low_shown}"
            if gap
            else f"every seat wins {pct(top['rate'])}"
        )
        return Verdict(
            t,
            gap,
            gap > limit + 1e-12,
            f"balance: {seen} "
            f"(gap {_pair(gap, '>' if gap > limit else '<=', 'max_seat_win_gap', limit)})",
        )
    if key == "max_first_player_advantage":
        first = summary["first_player"]
        edge = first["advantage"]
        return Verdict(
            t,
            edge,
            edge > limit + 1e-12,
            f"balance: the first player wins {pct(first['rate'])} against a fair "
            f"{pct(first['fair'])} (advantage "
            f"{_pair(edge, '>' if edge > limit else '<=', 'max_first_player_advantage', limit)})",
        )
    turns = summary["turns"]
    if key == "max_turns_p90":
        p90 = turns["p90"]
        return Verdict(
            t,
            p90,
            p90 > limit,
            f"balance: 90% of games end within {p90:g} turns "
            f"(p90 {p90:g} {'>' if p90 > limit else '<='} max_turns_p90 {limit:g})",
        )
    if key == "min_turns_p10":
        p10 = turns["p10"]
        return Verdict(
            t,
            p10,
            p10 < limit,
            f"balance: 10% of games end within {p10:g} turns "
            f"(p10 {p10:g} {'<' if p10 < limit else '>='} min_turns_p10 {limit:g})",
        )
    raise ValueError(f"unknown balance threshold {key!r}")  # the loader refuses it first
