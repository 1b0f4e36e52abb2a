"""The report's key numbers in plain sentences: printed by the command and on playtest.pdf.

A sentence gives a figure only when the games can carry it: no length or win rate when no game
ended, and no verdict (an advantage, a card never worth playing, a threshold met) from fewer
ended games than the summary's ``judging.min_games``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# thresholds measured on the games that ended (min_finished is measured on every game)
ON_ENDED_GAMES = (
    "max_seat_win_gap",
    "max_first_player_advantage",
    "max_turns_p90",
    "min_turns_p10",
)


def pct(value: float) -> str:
    """A share in whole percent; one that is not 0 or 1 never shows as "0%" or "100%" (499 of
    500 games is 99.8%, not the 100% that reads as "all of them")."""
    return _pct(value, 0)


def _pct(value: float, decimals: int) -> str:
    shown = f"{value * 100:.{decimals}f}"
    while 0 < value < 1 and float(shown) in (0, 100) and decimals < 4:
        decimals += 1
        shown = f"{value * 100:.{decimals}f}"
    return shown + "%"


def pct_pair(low: float, high: float) -> tuple[str, str]:
    """Two different shares with as many decimals as it takes to tell them apart: "49.7%" and
    "50.3%", never a range "from 50% to 50%"."""
    decimals = 0
    while _pct(low, decimals) == _pct(high, decimals) and decimals < 4:
        decimals += 1
    return _pct(low, decimals), _pct(high, decimals)


def interval(row: Mapping[str, Any]) -> str:
    return f"{pct(row['low'])}–{pct(row['high'])}"


def plural(count: float, word: str) -> str:
    return f"{count:g} {word}{'' if count == 1 else 's'}"


def settings_line(summary: Mapping[str, Any]) -> str:
    s = summary["settings"]
    bots = s["bots"]
    who = (
        f"{bots[0]} in every seat"
        if len(bots) == 1
        else f"{', '.join(bots)} rotating over the seats"
    )
    return (
        f"{plural(s['games'], 'game')} · {plural(s['players'], 'player')} · bots: {who} · "
        f"seed {s['seed']} · turn cap {s['turn_cap']}"
    )


def ended(summary: Mapping[str, Any]) -> int:
    return int(summary["finished"]["games"])


def not_ended(summary: Mapping[str, Any], every: str | None = None) -> str:
    """The games that did not end by the rules, in words: those the turn cap stopped and those
    the engine itself ended unfinished before it ("7 hit the 1000-turn cap and 3 ended
    unfinished by the engine at 120 turns, before it"). ``every`` replaces the count when one
    kind is every such game ("all")."""
    fin, cap = summary["finished"], f"{summary['settings']['turn_cap']}-turn cap"
    capped, unfinished = fin["capped"], fin.get("unfinished", 0)
    if not unfinished:
        return f"{every if every and capped else capped} hit the {cap}"
    low, high = fin["unfinished_turns"]
    turns = plural(low, "turn") if low == high else f"{low} to {high} turns"
    early = f"ended unfinished by the engine at {turns}, before the"
    if not capped:
        return f"{every or unfinished} {early} {cap}"
    return f"{capped} hit the {cap} and {unfinished} {early} cap"


def judged(summary: Mapping[str, Any]) -> bool:
    """Enough ended games to issue verdicts."""
    return ended(summary) >= int(summary["judging"]["min_games"])


def too_few(summary: Mapping[str, Any]) -> str:
    """Why nothing is judged, for parentheses: "only 5 games ended; at least 30 are needed"."""
    games = ended(summary)
    need = f"at least {summary['judging']['min_games']} are needed"
    return f"only {plural(games, 'game')} ended; {need}" if games else f"no game ended; {need}"


def together(summary: Mapping[str, Any]) -> bool:
    """A cooperative game: every game that ended was won, or lost, by all the seats at once."""
    return bool(summary.get("together", {}).get("always"))


def key_sentences(summary: Mapping[str, Any]) -> list[str]:
    out = [_finished_sentence(summary)]
    draws = summary["finished"]["draws"]
    if draws and not together(summary):
        out.append(f"{plural(draws, 'game')} ended in a draw.")
    if ended(summary):
        out.append(_length_sentence(summary))
        if together(summary):
            out.append(_together_sentence(summary))
            out.extend(_card_sentences(summary))
            return out
        out.append(_first_player_sentence(summary))
        out.append(_seats_sentence(summary))
        bots = summary["bots"]
        if len(bots) > 1:
            parts = [f"{b['bot']} {pct(b['rate'])} ({interval(b)})" for b in bots]
            out.append(f"Share of its seats each bot wins: {', '.join(parts)}.")
    out.extend(_card_sentences(summary))
    return out


def _finished_sentence(summary: Mapping[str, Any]) -> str:
    s, fin = summary["settings"], summary["finished"]
    games, cap = s["games"], f"{s['turn_cap']}-turn cap"
    if fin["games"] == 0:
        who = "the game played" if games == 1 else f"all {games} games"
        return (
            f"No game ended by the rules: {not_ended(summary, who)}, so there is no game length "
            "and no winner to report."
        )
    stopped = games - fin["games"]
    if stopped == 0:
        if games == 1:
            return f"The one game played ended by the rules, before the {cap}."
        return f"All {games} games ended by the rules; none hit the {cap}."
    return (
        f"{fin['games']} of {games} games ({pct(fin['share'])}) ended by the rules; "
        f"{not_ended(summary)}{',' if fin.get('unfinished') else ''} "
        f"and {'has' if stopped == 1 else 'have'} no winner: win rates "
        f"are over the {plural(fin['games'], 'game')} that ended."
    )


def _length_sentence(summary: Mapping[str, Any]) -> str:
    t, players = summary["turns"], summary["settings"]["players"]
    if t["games"] == 1:
        return f"The one game that ended lasted {plural(t['p50'], 'turn')}."
    rounds = t["p50"] / players if players > 1 else t["p50"]
    about = plural(float(f"{rounds:.0f}"), "round")
    round_text = f" (about {about} of {players} players)" if players > 1 else ""
    rough = "" if judged(summary) else f" — rough figures ({too_few(summary)})"
    return (
        f"A game lasts {plural(t['p50'], 'turn')} at the median{round_text}; 10% of games end "
        f"within {plural(t['p10'], 'turn')} and 90% within {t['p90']:g} (shortest {t['min']}, "
        f"longest {t['max']}){rough}."
    )


def _together_sentence(summary: Mapping[str, Any]) -> str:
    team = summary["together"]
    if summary["settings"]["players"] == 1:
        rest = " and loses the rest" if team["wins"] < team["of"] else ""
        return (
            f"The player wins {pct(team['rate'])} of the games that ended ({team['wins']} of "
            f"{team['of']}; 95% interval {interval(team)}){rest}: a solo game, with no seats "
            "or first player to compare."
        )
    rest = " and lose together the rest" if team["wins"] < team["of"] else ""
    return (
        f"The players win together {pct(team['rate'])} of the games that ended ({team['wins']} "
        f"of {team['of']}; 95% interval {interval(team)}){rest}: every seat wins or loses with "
        "the others, so seats and the first player are not compared."
    )


def _first_player_sentence(summary: Mapping[str, Any]) -> str:
    first = summary["first_player"]
    if not judged(summary):
        verdict = f"too few games to judge an advantage ({too_few(summary)})"
    elif first["low"] <= first["fair"] <= first["high"]:
        verdict = "no clear advantage"
    elif first["advantage"] > 0:
        verdict = f"an advantage of {first['advantage'] * 100:.0f} points"
    else:
        verdict = f"a disadvantage of {-first['advantage'] * 100:.0f} points"
    # why the fair share is not 1/players: a drawn game hands out no win, a shared one several
    fin = summary["finished"]
    parts = [f"{plural(fin['draws'], 'draw')} left out"] if fin["draws"] else []
    if fin.get("shared"):
        parts.append(f"{plural(fin['shared'], 'game')} won by several seats")
    why = f" ({'; '.join(parts)})" if parts else ""
    return (
        f"The first player wins {pct(first['rate'])} of games that ended ({first['wins']} of "
        f"{first['of']}; 95% interval {interval(first)}) against a fair {pct(first['fair'])}"
        f"{why}: {verdict}."
    )


def _seats_sentence(summary: Mapping[str, Any]) -> str:
    seats = summary["seats"]
    high = max(r["rate"] for r in seats)
    low = min(r["rate"] for r in seats)
    if high == low:
        return f"Every seat wins {pct(high)} of the games that ended."
    low_shown, high_shown = pct_pair(low, high)
    return (
        f"By seat, win rates run from {low_shown} ({_seats_at(seats, low)}) to "
        f"{high_shown} ({_seats_at(seats, high)})."
    )


def _seats_at(seats: Sequence[Mapping[str, Any]], value: float) -> str:
    at = [str(r["seat"]) for r in seats if r["rate"] == value]
    if len(at) == 1:
        return f"seat {at[0]}"
    return f"seats {', '.join(at[:-1])} and {at[-1]}"


def _card_sentences(summary: Mapping[str, Any]) -> list[str]:
    cards = [c for c in summary["cards"] if c["in_played_decks"]]
    if not cards:
        return []
    played = [c for c in cards if c["played_per_seat"] > 0]
    if not played:
        return ["No card of the played decks was ever played."]
    most = max(played, key=lambda c: c["played_per_seat"])
    line = f"Most played: {_called(most)} ({most['played_per_seat']:.1f} per player and game)"
    best = [c for c in played if c["correlation"] is not None]
    if best and judged(summary):
        top = max(best, key=lambda c: c["correlation"])
        line += (
            f"; the card whose plays go most with winning is {_called(top)} "
            f"(correlation {top['correlation']:+.2f})"
        )
    if not judged(summary):
        return [
            line + ".",
            f"Too few games to judge which cards are worth playing ({too_few(summary)}).",
        ]
    never = summary["never_worth"]
    if never:
        return [line + ".", _never_worth(never)]
    if summary["cards_order"] != "deck":  # the engine's own names: what it never counts is unseen
        counted = ", ".join(_called(c) for c in cards[:NEVER_SHOWN])
        return [
            line + ".",
            f"No card the engine counts is never worth playing — but it counts plays as "
            f"{counted}, none of them a card id of the decks it plays, so a card it never "
            "counts cannot be judged (count plays by card id to judge every card).",
        ]
    return [line + ".", "No card type is never worth playing."]


def verdict_sentences(
    verdicts: Sequence[Mapping[str, Any]], summary: Mapping[str, Any]
) -> list[tuple[str, bool]]:
    """Each threshold in a sentence, and whether it is met: a threshold on the games that ended
    is not met when none ended, and not judged from too few of them."""
    out = []
    for v in verdicts:
        message = v["message"].removeprefix("balance: ")
        if v["key"] in ON_ENDED_GAMES and not ended(summary):
            out.append(
                (
                    f"NOT MEASURABLE: {v['key']} {v['threshold']:g} — no game ended, "
                    f"{not_ended(summary, 'every one')}",
                    False,
                )
            )
        elif not v.get("judged", True):  # the message says why, and what was measured
            out.append((f"NOT JUDGED: {message}", False))
        else:
            out.append((f"{'BREACHED' if v['breached'] else 'met'}: {message}", not v["breached"]))
    return out


def _called(card: Mapping[str, Any]) -> str:
    """A card in a sentence: by its name; a card whose name is its number (a numbered deck's)
    as "card 18", which a bare "18" would not say."""
    name = str(card["name"])
    return f"card {name}" if name.isdecimal() else name


NEVER_SHOWN = 8  # a page names this many; playtest.json lists them all


def _never_worth(never: list[dict[str, Any]]) -> str:
    """The cards never worth playing, grouped by why: the never played ones in one list."""
    unplayed = [_called(c) for c in never if c["why"] == "never played"]
    losing = [c for c in never if c["why"] != "never played"]
    parts = []
    if unplayed:
        shown = ", ".join(unplayed[:NEVER_SHOWN])
        more = len(unplayed) - NEVER_SHOWN
        parts.append(f"never played: {shown}" + (f" and {more} more" if more > 0 else ""))
    for card in losing[:NEVER_SHOWN]:
        parts.append(f"{_called(card)} ({card['why']})")
    if len(losing) > NEVER_SHOWN:
        parts.append(f"{len(losing) - NEVER_SHOWN} more in playtest.json")
    return "Cards never worth playing — " + "; ".join(parts) + "."
