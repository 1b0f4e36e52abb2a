"""The report's key numbers in plain sentences: printed by the command and on playtest.pdf.

A sentence gives a figure only when the games can carry it: no length or win rate when no game
ended, and no verdict (an advantage, the cards the losers play, a threshold met) from fewer
ended games than the summary's ``judging.min_games``. The sentences are labels (playtest_*): the
report's in its language, the console's in printgen's English (``w`` left out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from printgen.simulate.report_words import Words, english

# thresholds measured on the games that ended (min_finished is measured on every game)
ON_ENDED_GAMES = (
    "max_seat_win_gap",
    "max_first_player_advantage",
    "max_turns_p90",
    "min_turns_p10",
)
# of them, those on who won: they measure nothing when every game that ended was a draw
WIN_RATES = ("max_seat_win_gap", "max_first_player_advantage")


def pct(value: float, w: Words | None = None) -> str:
    """A share in whole percent; one that is not 0 or 1 never shows as "0%" or "100%" (499 of
    500 games is 99.8%, not the 100% that reads as "all of them")."""
    return _pct(value, 0, w or english())


def _pct(value: float, decimals: int, w: Words) -> str:
    shown = f"{value * 100:.{decimals}f}"
    while 0 < value < 1 and float(shown) in (0, 100) and decimals < 4:
        decimals += 1
        shown = f"{value * 100:.{decimals}f}"
    return w.percent(shown)


def pct_pair(low: float, high: float, w: Words | None = None) -> tuple[str, str]:
    """Two different shares with as many decimals as it takes to tell them apart: "49.7%" and
    "50.3%", never a range "from 50% to 50%"."""
    w = w or english()
    decimals = 0
    while _pct(low, decimals, w) == _pct(high, decimals, w) and decimals < 4:
        decimals += 1
    return _pct(low, decimals, w), _pct(high, decimals, w)


def pct_apart(
    low: float, high: float, apart: float, step: float, w: Words | None = None
) -> tuple[str, str]:
    """Two shares, told apart as ``pct_pair`` tells them, with as many more decimals as it
    takes for them to read ``apart`` points apart (high less low) to within half of ``step``,
    the precision of the difference said beside them: 25.5% and 24.5% beside a gap of 0.01,
    never 26% and 24%; 49.8% against 33.3% beside 16 points, never 50% against 33%."""
    w = w or english()
    fits, near = [], []  # decimals that read the difference: on the nose, or at a half
    for decimals in range(5):
        shown_low, shown_high = _points(low, decimals), _points(high, decimals)
        if shown_low == shown_high and low != high:
            continue
        off = abs(shown_high - shown_low - apart)
        if off < step / 2 - 1e-9:
            fits.append(decimals)
        elif off <= step / 2 + 1e-9:  # 25.7% and 24.2% beside 0.01: 1.5 reads either way
            near.append(decimals)
    decimals = (fits or near or [4])[0]
    return _pct(low, decimals, w), _pct(high, decimals, w)


def _points(value: float, decimals: int) -> float:
    return float(f"{value * 100:.{decimals}f}")


def share(row: Mapping[str, Any]) -> float:
    """A win rate from its counts (``wins`` of ``of``): playtest.json's ``rate`` is rounded to
    4 decimals, and a figure worked out from rounded rates is rounded twice (an advantage of
    0.16499 stored as 0.165, then shown as 0.17)."""
    return int(row["wins"]) / int(row["of"]) if row["of"] else 0.0


def first_player_edge(summary: Mapping[str, Any]) -> tuple[float, float, float]:
    """The first player's win rate, its fair share and the advantage, from the counts: the
    fair share is the wins the ended games handed out, over the seats."""
    first, players = summary["first_player"], summary["settings"]["players"]
    of = int(first["of"])
    handed_out = sum(int(s["wins"]) for s in summary["seats"])
    fair = handed_out / (of * players) if of else 1 / players
    rate = share(first)
    return rate, fair, rate - fair


def interval(row: Mapping[str, Any], w: Words) -> str:
    return f"{pct(row['low'], w)}–{pct(row['high'], w)}"


def settings_line(summary: Mapping[str, Any], w: Words | None = None) -> str:
    w = w or english()
    s = summary["settings"]
    bots = s["bots"]
    who = (
        w("playtest_bot_every_seat", bot=bots[0])
        if len(bots) == 1
        else w("playtest_bots_rotating", bots=", ".join(bots))
    )
    return w(
        "playtest_settings",
        games=w.count("playtest_n_games", s["games"]),
        players=w.count("playtest_n_players", s["players"]),
        who=who,
        seed=s["seed"],
        **w.turn_cap(s["turn_cap"]),
    )


def ended(summary: Mapping[str, Any]) -> int:
    return int(summary["finished"]["games"])


def not_ended(
    summary: Mapping[str, Any], every: tuple[str, int] | None = None, w: Words | None = None
) -> str:
    """The games that did not end by the rules, in words: those the turn cap stopped and those
    the engine itself ended unfinished before it ("7 hit the 1000-turn cap and 3 ended
    unfinished by the engine at 120 turns, before the cap"). ``every`` replaces the count when
    one kind is every such game: its words ("all"), and the count its verb agrees with."""
    w = w or english()
    fin, cap = summary["finished"], summary["settings"]["turn_cap"]
    capped, unfinished = fin["capped"], fin.get("unfinished", 0)
    if not unfinished:
        who, n = every if every and capped else (capped, capped)
        return w.count("playtest_hit_cap", n, who=who, **w.turn_cap(cap))
    low, high = fin["unfinished_turns"]
    turns = (
        w.count("playtest_at_turns", low)
        if low == high
        else w("playtest_at_turns_range", low=low, high=high)
    )
    if not capped:
        who, n = every or (unfinished, unfinished)
        return w.count("playtest_engine_ended", n, who=who, turns=turns, **w.turn_cap(cap))
    return w.count("playtest_hit_cap", capped, who=capped, **w.turn_cap(cap)) + w.count(
        "playtest_and_engine_ended", unfinished, who=unfinished, turns=turns
    )


def judged(summary: Mapping[str, Any]) -> bool:
    """Enough ended games to issue verdicts."""
    return ended(summary) >= int(summary["judging"]["min_games"])


def too_few(summary: Mapping[str, Any], w: Words | None = None) -> str:
    """Why nothing is judged, for parentheses: "only 5 games ended; at least 30 are needed"."""
    w = w or english()
    games, least = ended(summary), summary["judging"]["min_games"]
    if not games:
        return w("playtest_too_few_none", least=least)
    return w.count("playtest_too_few", games, least=least)


def no_winner(summary: Mapping[str, Any]) -> bool:
    """Every game that ended was a draw (a competitive game's): the seats have no wins to
    compare — usually an engine that never returns its winners, for some draws are the rules'
    and all of them rarely are."""
    return 0 < ended(summary) == summary["finished"].get("draws", 0) and not together(summary)


def together(summary: Mapping[str, Any]) -> bool:
    """A cooperative game: every game that ended was won, or lost, by all the seats at once."""
    return bool(summary.get("together", {}).get("always"))


def key_sentences(summary: Mapping[str, Any]) -> list[str]:
    """The console's sentences, in printgen's English: what happened, then what the cards'
    figures say of the cards (the report says that under its card table, beside the figures),
    pointing to the README's section where it advises writing a bot."""
    from printgen.simulate.story_cards import MANUAL, card_verdicts  # it speaks with our words

    w = english()
    return happened(summary, w) + card_verdicts(summary, w, MANUAL)


def happened(summary: Mapping[str, Any], w: Words) -> list[str]:
    """What happened, as the report's first section says it: how the games ended, how long
    they lasted, who won, the cards played most."""
    from printgen.simulate.story_cards import card_sentences

    out = [_finished_sentence(summary, w)]
    draws = summary["finished"]["draws"]
    if draws and not together(summary):
        out.append(w.count("playtest_draws", draws))
    if ended(summary):
        out.append(_length_sentence(summary, w))
        if together(summary):
            out.append(_together_sentence(summary, w))
            out.extend(card_sentences(summary, w))
            return out
        if not no_winner(summary):  # all draws: no fair share of wins to be ahead of
            out.append(_first_player_sentence(summary, w))
        out.append(_seats_sentence(summary, w))
        bots = summary["bots"]
        if len(bots) > 1:
            parts = [f"{b['bot']} {pct(b['rate'], w)} ({interval(b, w)})" for b in bots]
            out.append(w("playtest_bot_shares", parts=", ".join(parts)))
    out.extend(card_sentences(summary, w))
    return out


def _finished_sentence(summary: Mapping[str, Any], w: Words) -> str:
    s, fin = summary["settings"], summary["finished"]
    games, cap = s["games"], s["turn_cap"]
    if fin["games"] == 0:
        who = (
            (w("playtest_the_game_played"), 1)
            if games == 1
            else (w("playtest_all_n_games", n=games), games)
        )
        return w("playtest_none_ended", why=not_ended(summary, who, w))
    stopped = games - fin["games"]
    if stopped == 0:
        if games == 1:
            return w("playtest_one_ended", **w.turn_cap(cap))
        return w("playtest_all_ended", n=games, **w.turn_cap(cap))
    some = w.count("playtest_some_ended", fin["games"], games=games, share=pct(fin["share"], w))
    comma = "," if fin.get("unfinished") else ""
    return (
        f"{some}{not_ended(summary, None, w)}{comma} {w.count('playtest_no_winner', stopped)}"
        f"{w.count('playtest_rates_over', fin['games'])}"
    )


def _length_sentence(summary: Mapping[str, Any], w: Words) -> str:
    t, players = summary["turns"], summary["settings"]["players"]
    if t["games"] == 1:
        return w.count("playtest_one_lasted", t["p50"])
    rounds = t["p50"] / players if players > 1 else t["p50"]
    about = float(f"{rounds:.0f}")
    # under a round ("about 0 rounds of 2 players" for one-turn games): no rounds to speak of
    counted = players > 1 and about >= 1
    round_text = w.count("playtest_about_rounds", about, players=players) if counted else ""
    rough = "" if judged(summary) else w("playtest_rough", why=too_few(summary, w))
    return w(
        "playtest_lasts",
        turns=w.count("playtest_n_turns", t["p50"]),
        rounds=round_text,
        ten=w.percent("10"),
        ninety=w.percent("90"),
        p10=w.count("playtest_within_turns", t["p10"]),
        p90=w.number(t["p90"]),
        min=t["min"],
        max=t["max"],
        rough=rough,
    )


def _together_sentence(summary: Mapping[str, Any], w: Words) -> str:
    team = summary["together"]
    lost = team["wins"] < team["of"]
    solo = summary["settings"]["players"] == 1
    rest = w("playtest_solo_loses_rest" if solo else "playtest_coop_lose_rest") if lost else ""
    return w(
        "playtest_solo_wins" if solo else "playtest_coop_wins",
        rate=pct(team["rate"], w),
        wins=team["wins"],
        of=team["of"],
        interval=interval(team, w),
        rest=rest,
    )


def _first_player_sentence(summary: Mapping[str, Any], w: Words) -> str:
    first = summary["first_player"]
    rate, fair, edge = first_player_edge(summary)
    shown_fair, shown_rate = pct(fair, w), pct(rate, w)
    if not judged(summary):
        verdict = w("playtest_advantage_too_few", why=too_few(summary, w))
    elif first["low"] <= first["fair"] <= first["high"]:
        verdict = w("playtest_no_clear_advantage")
    else:
        points = round(edge * 100)  # the shares beside it read as many points apart
        shown_fair, shown_rate = pct_apart(fair, rate, points, 1, w)
        if edge > 0:
            verdict = w.count("playtest_advantage", points)
        else:
            verdict = w.count("playtest_disadvantage", -points)
    # why the fair share is not 1/players: a drawn game hands out no win, a shared one several
    fin = summary["finished"]
    parts = [w.count("playtest_draws_left_out", fin["draws"])] if fin["draws"] else []
    if fin.get("shared"):
        parts.append(w.count("playtest_shared_wins", fin["shared"]))
    return w(
        "playtest_first_player",
        rate=shown_rate,
        wins=first["wins"],
        of=first["of"],
        interval=interval(first, w),
        fair=shown_fair,
        why=f" ({'; '.join(parts)})" if parts else "",
        verdict=verdict,
    )


def _seats_sentence(summary: Mapping[str, Any], w: Words) -> str:
    seats = summary["seats"]
    high = max(r["rate"] for r in seats)
    low = min(r["rate"] for r in seats)
    if high == low:
        return w("playtest_seats_equal", rate=pct(high, w))
    low_shown, high_shown = pct_pair(low, high, w)
    return w(
        "playtest_seats_range",
        low=low_shown,
        low_seats=_seats_at(seats, low, w),
        high=high_shown,
        high_seats=_seats_at(seats, high, w),
    )


def _seats_at(seats: Sequence[Mapping[str, Any]], value: float, w: Words) -> str:
    at = [str(r["seat"]) for r in seats if r["rate"] == value]
    if len(at) == 1:
        return w("playtest_seat", n=at[0])
    return w("playtest_seats", seats=", ".join(at[:-1]), last=at[-1])
