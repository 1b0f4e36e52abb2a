"""The report's sentences on the cards and on the balance thresholds (see story.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from printgen.simulate.report_words import Words
from printgen.simulate.story import ended, judged, not_ended, too_few

NEVER_SHOWN = 8  # a page names this many; playtest.json lists them all
TIED_SHOWN = 3  # cards tied for the most played (or most with winning) a sentence names
NEVER_PLAYED = "never played"  # playtest.json's why, for a card no counted seat played
# where the console sends a designer told to write a bot: the README is in English, as the console
# is, so a report in any language names no manual of its own
MANUAL = "see the README, 'Writing an engine for your own game'"


def card_sentences(summary: Mapping[str, Any], w: Words) -> list[str]:
    """The cards in what happened: the most played, and the one that goes most with winning."""
    cards = [c for c in summary["cards"] if c["in_played_decks"]]
    if not cards:
        return []
    played = [c for c in cards if c["played_per_seat"] > 0]
    if not played:
        return [w("playtest_none_played")]
    line = _most_played(cards, played, w)
    best = [c for c in played if c["correlation"] is not None]
    if best and judged(summary):
        line += _best_card(best, len(cards), w)
    return [line + "."]


def card_verdicts(summary: Mapping[str, Any], w: Words, manual: str = "") -> list[str]:
    """The console's verdicts on the cards: those never played, those played more by the seats
    that lose, or none, or too few games to tell. The report prints its own under the card
    table, by the figures they come from (report.py): printed here too, each said twice.
    ``manual``: where the advice to write a bot is explained, for the console (``MANUAL``)."""
    cards = [c for c in summary["cards"] if c["in_played_decks"]]
    if not any(c["played_per_seat"] > 0 for c in cards):
        return []  # no card, or none played: card_sentences says so
    if not judged(summary):
        return [w("playtest_too_few_cards", why=too_few(summary, w))]
    never = summary["never_worth"]
    if never:
        return _flagged(never, summary, w, manual)
    if summary["cards_order"] != "deck":  # the engine's own names: what it never counts is unseen
        counted = ", ".join(called(c, w) for c in cards[:NEVER_SHOWN])
        return [w("playtest_none_flagged_by_name", counted=counted)]
    return [w("playtest_none_flagged")]


def _most_played(cards: list[Any], played: list[Any], w: Words) -> str:
    """The most played card, or the cards tied for it: 60 cards each played 0.25 times named
    the first of them "most played"."""
    n, top = top_shown(played, "played_per_seat")
    shown = w.number(n, ".2f")  # as the card table shows it (0.25 was "0.2" beside it)
    if len(top) == 1:
        return w("playtest_most_played", card=called(top[0], w), n=shown)
    if len(top) == len(cards):
        return w("playtest_played_evenly", n=shown)
    return w("playtest_most_played_tied", cards=named(top, w), n=shown)


def _best_card(best: list[Any], listed: int, w: Words) -> str:
    """The card whose plays go most with winning, or the cards tied for it; none when every
    one of the ``listed`` cards has the same correlation, or none is above zero (a cooperative
    game's +0.00 for every card named the first card as the one that "goes most with winning").
    A card without a correlation (played as often in every game, or never) is not tied with
    the rest: Miner and Merchant at +1.00 beside a Thief played once a game were said to go
    with winning no more than another card."""
    r, top = top_shown(best, "correlation")
    shown = w.number(r, "+.2f")
    if listed > 1 and len(top) == listed:
        return w("playtest_best_card_even", r=shown)
    if r <= 0:
        return w("playtest_best_card_none", r=shown)
    if len(top) == 1:
        return w("playtest_best_card", card=called(top[0], w), r=shown)
    return w("playtest_best_cards", cards=named(top, w), r=shown)


def top_shown(cards: Sequence[Mapping[str, Any]], key: str) -> tuple[float, list[Any]]:
    """The highest ``key`` to the two decimals the card table shows, and every card showing
    it: cards the reader sees tied are tied. -0.00 is 0.00, as the table's "+0.00" says it."""
    shown = [round(float(c[key]), 2) + 0.0 for c in cards]
    top = max(shown)
    return top, [c for c, value in zip(cards, shown, strict=True) if value == top]


def named(cards: Sequence[Mapping[str, Any]], w: Words) -> str:
    """Cards tied in a sentence: the first few, then how many more."""
    names = ", ".join(called(c, w) for c in cards[:TIED_SHOWN])
    more = len(cards) - TIED_SHOWN
    return names + (w.count("playtest_and_more", more) if more > 0 else "")


# a threshold's verdict in the report, each printed in a colour of its own
MET, BREACHED, NOT_JUDGED = "met", "breached", "not judged"


def verdict_sentences(
    verdicts: Sequence[Mapping[str, Any]], summary: Mapping[str, Any], w: Words
) -> list[tuple[str, str]]:
    """Each threshold in a sentence, and its verdict — "met", "breached" or "not judged": a
    threshold on the games that ended is breached (not measurable) when none ended, one on
    win rates when none of them had a winner, and not judged from too few of them. ``verdicts`` as
    playtest.json has them, each ``message`` in ``w``'s language."""
    from printgen.simulate.story import ON_ENDED_GAMES, WIN_RATES, no_winner

    out = []
    for v in verdicts:
        message = v["message"].removeprefix("balance: ")
        if v["key"] in ON_ENDED_GAMES and not ended(summary):
            why = not_ended(summary, (w("playtest_every_one"), 1), w)
            key, limit = v["key"], w.number(v["threshold"])
            out.append((w("playtest_not_measurable", key=key, threshold=limit, why=why), BREACHED))
        elif v["key"] in WIN_RATES and no_winner(summary):
            key, limit = v["key"], w.number(v["threshold"])
            said = w("playtest_not_measurable_no_winner", key=key, threshold=limit)
            out.append((said, BREACHED))
        elif not v.get("judged", True):  # the message says why, and what was measured
            out.append((w("playtest_not_judged", message=message), NOT_JUDGED))
        else:
            said = w("playtest_breached" if v["breached"] else "playtest_met", message=message)
            out.append((said, BREACHED if v["breached"] else MET))
    return out


def called(card: Mapping[str, Any], w: Words) -> str:
    """A card in a sentence: by its name; a card whose name is its number (a numbered deck's)
    as "card 18", which a bare "18" would not say."""
    name = str(card["name"])
    return w("playtest_card_n", name=name) if name.isdecimal() else name


def why_losing(never: Mapping[str, Any], summary: Mapping[str, Any], w: Words) -> str:
    """What was measured of a card played more by the seats that lose: its players' wins
    against the others'."""
    card = next(c for c in summary["cards"] if c["card"] == never["card"])
    return w(
        "playtest_why_losing",
        played=w.percent(f"{card['win_when_played'] * 100:.0f}"),
        others=w.percent(f"{card['win_when_not'] * 100:.0f}"),
    )


def unplayed(never: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [c for c in never if c["why"] == NEVER_PLAYED]


def losing(never: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [c for c in never if c["why"] != NEVER_PLAYED]


def unplayed_label(summary: Mapping[str, Any]) -> str:
    """The never-played list's words: with a mix of bots only the seats of the bots other than
    random are counted, and the random bots may well have played the cards listed."""
    if summary["cards_counted"] == "every seat":
        return "playtest_never_played_cards"
    return "playtest_never_played_cards_bots"


def settle(summary: Mapping[str, Any], w: Words, manual: str = "") -> str:
    """Why a card played by the losers is no verdict, and the run that would give one: a bot
    that never plays it against the bot that played. Seats play a card when they have nothing
    better, so the losers play it more even when it helps (the orchard's free Apple: 28 % against
    40 %, yet greedy beats a greedy that never banks it 38 % to 28 %). ``manual``, if any, in
    parentheses before its full stop."""
    bots = summary["settings"]["bots"]
    bot = next((b for b in bots if b != "random"), bots[0])
    said = w("playtest_losers_settle", bot=bot, engine=summary["engine"])
    return f"{said.removesuffix('.')} ({manual})." if manual else said


def _flagged(
    never: list[dict[str, Any]], summary: Mapping[str, Any], w: Words, manual: str
) -> list[str]:
    """The cards never played, in one list, then those played more by the seats that lose,
    each with what was measured, and how to tell whether playing them hurts."""
    out = []
    names = [called(c, w) for c in unplayed(never)]
    if names:
        more = len(names) - NEVER_SHOWN
        shown = ", ".join(names[:NEVER_SHOWN]) + (
            w.count("playtest_and_more", more) if more > 0 else ""
        )
        out.append(w(unplayed_label(summary), cards=shown))
    cards = losing(never)
    if cards:
        parts = [f"{called(c, w)} ({why_losing(c, summary, w)})" for c in cards[:NEVER_SHOWN]]
        if len(cards) > NEVER_SHOWN:
            parts.append(w.count("playtest_more_in_json", len(cards) - NEVER_SHOWN))
        out += [w("playtest_losers_cards", parts="; ".join(parts)), settle(summary, w, manual)]
    return out
