"""The report's key numbers in plain sentences: printed by the command and on playtest.pdf."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def pct(value: float) -> str:
    return f"{value * 100:.0f}%"


def interval(row: Mapping[str, Any]) -> str:
    return f"{pct(row['low'])}–{pct(row['high'])}"


def settings_line(summary: Mapping[str, Any]) -> str:
    s = summary["settings"]
    bots = s["bots"]
    who = (
        f"{bots[0]} in every seat"
        if len(bots) == 1
        else f"{', '.join(bots)} rotating over the seats"
    )
    return (
        f"{s['games']} games · {s['players']} players · bots: {who} · seed {s['seed']} · "
        f"turn cap {s['turn_cap']}"
    )


def key_sentences(summary: Mapping[str, Any]) -> list[str]:
    s = summary["settings"]
    games, players = s["games"], s["players"]
    fin = summary["finished"]
    out = []
    if fin["capped"] == 0:
        out.append(f"All {games} games ended by the rules; none hit the {s['turn_cap']}-turn cap.")
    else:
        out.append(
            f"{fin['games']} of {games} games ({pct(fin['share'])}) ended by the rules; "
            f"{fin['capped']} hit the {s['turn_cap']}-turn cap and have no winner."
        )
    if fin["draws"]:
        out.append(f"{fin['draws']} games ended in a draw.")
    t = summary["turns"]
    rounds = t["p50"] / players if players > 1 else t["p50"]
    about = f"{rounds:.0f} round{'s' if f'{rounds:.0f}' != '1' else ''}"
    round_text = f" (about {about} of {players} players)" if players > 1 else ""
    out.append(
        f"A game lasts {t['p50']:g} turns at the median{round_text}; 10% of games end within "
        f"{t['p10']:g} turns and 90% within {t['p90']:g} (shortest {t['min']}, longest {t['max']})."
    )
    first = summary["first_player"]
    edge = first["advantage"] * 100
    verdict = (
        "no clear advantage"
        if first["low"] <= first["fair"] <= first["high"]
        else (f"an advantage of {edge:+.0f} points")
    )
    out.append(
        f"The first player wins {pct(first['rate'])} of games (95% interval {interval(first)}) "
        f"against a fair {pct(first['fair'])}: {verdict}."
    )
    seats = summary["seats"]
    top = max(seats, key=lambda r: r["rate"])
    low = min(seats, key=lambda r: r["rate"])
    out.append(
        f"By seat, win rates run from {pct(low['rate'])} (seat {low['seat']}) to "
        f"{pct(top['rate'])} (seat {top['seat']})."
    )
    bots = summary["bots"]
    if len(bots) > 1:
        parts = [f"{b['bot']} {pct(b['rate'])} ({interval(b)})" for b in bots]
        out.append(f"Share of its seats each bot wins: {', '.join(parts)}.")
    cards = summary["cards"]
    if cards:
        most = max(cards, key=lambda c: c["played_per_seat"])
        best = [c for c in cards if c["correlation"] is not None]
        line = f"Most played: {most['card']} ({most['played_per_seat']:.1f} per player and game)"
        if best:
            top_card = max(best, key=lambda c: c["correlation"])
            line += (
                f"; the card whose plays go most with winning is {top_card['card']} "
                f"(correlation {top_card['correlation']:+.2f})"
            )
        out.append(line + ".")
        never = summary["never_worth"]
        if never:
            out.append(_never_worth(never))
        else:
            out.append("No card type is never worth playing.")
    return out


def verdict_sentences(verdicts: Sequence[Mapping[str, Any]]) -> list[str]:
    return [
        f"{'BREACHED' if v['breached'] else 'met'}: {v['message'].removeprefix('balance: ')}"
        for v in verdicts
    ]


NEVER_SHOWN = 8  # a page names this many; playtest.json lists them all


def _never_worth(never: list[dict[str, Any]]) -> str:
    """The cards never worth playing, grouped by why: the never played ones in one list."""
    unplayed = [c["card"] for c in never if c["why"] == "never played"]
    losing = [c for c in never if c["why"] != "never played"]
    parts = []
    if unplayed:
        shown = ", ".join(unplayed[:NEVER_SHOWN])
        more = len(unplayed) - NEVER_SHOWN
        parts.append(f"never played: {shown}" + (f" and {more} more" if more > 0 else ""))
    for card in losing[:NEVER_SHOWN]:
        parts.append(f"{card['card']} ({card['why']})")
    if len(losing) > NEVER_SHOWN:
        parts.append(f"{len(losing) - NEVER_SHOWN} more in playtest.json")
    return "Cards never worth playing — " + "; ".join(parts) + "."
