"""playtest.pdf's charts, in the report's words: the game length, the win rates by seat and by
bot, and the game's curves; a chart with nothing to draw says why in its frame."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printgen.simulate import charts
from printgen.simulate.report_tables import HALF
from printgen.simulate.report_words import Words
from printgen.simulate.story import ended, not_ended, pct, together

CHART_H = 170.0


def report_charts(summary: Mapping[str, Any], w: Words) -> list[Any]:
    out = [_length_chart(summary, w), _seat_chart(summary, w)]
    if len(summary["bots"]) > 1 and ended(summary) and not together(summary):
        fair = summary["first_player"]["fair"]
        title = w("playtest_chart_bots")
        out.append(charts.rate_bars(summary["bots"], "bot", fair, HALF, CHART_H, title, w))
    for title, curves, caption in charts.curve_charts(summary["series"], w):
        out.append(charts.line_chart(curves, HALF, CHART_H, title, caption, w))
    return out


def _length_chart(summary: Mapping[str, Any], w: Words) -> Any:
    fin, cap = summary["finished"], summary["settings"]["turn_cap"]
    unfinished = fin.get("unfinished", 0)
    title = w("playtest_chart_length")
    if not fin["games"] and not unfinished:
        text = w.count("playtest_length_all_capped", fin["capped"], **w.turn_cap(cap))
        return charts.note(HALF, CHART_H, title, text)
    if not fin["games"]:
        why = not_ended(summary, (w("playtest_all"), fin["capped"] + unfinished), w)
        return charts.note(HALF, CHART_H, title, w("playtest_length_none_ended", why=why))
    caption = w.count("playtest_length_caption", fin["games"])
    if fin["capped"] and not unfinished:
        caption += w.count("playtest_length_more_capped", fin["capped"])
    elif unfinished:
        caption += w.count("playtest_length_more_unended", fin["capped"] + unfinished)
    return charts.histogram(summary["turns"]["histogram"], HALF, CHART_H, title, caption)


def _seat_chart(summary: Mapping[str, Any], w: Words) -> Any:
    # seat 1 first in every game, or the engine chose who begins (GameRecord.first)
    first = w("playtest_seat_one_first") if summary["first_player"]["always_seat_1"] else ""
    if not ended(summary):
        title = w("playtest_chart_seats", first=first)
        return charts.note(HALF, CHART_H, title, w("playtest_seat_none"))
    if together(summary) and summary["settings"]["players"] == 1:
        text = w("playtest_solo_note", rate=pct(summary["together"]["rate"], w))
        return charts.note(HALF, CHART_H, w("playtest_chart_solo"), text)
    if together(summary):
        text = w("playtest_coop_note", rate=pct(summary["together"]["rate"], w))
        return charts.note(HALF, CHART_H, w("playtest_chart_coop"), text)
    title = w.count("playtest_chart_seats_of", ended(summary), first=first)
    fair = summary["first_player"]["fair"]
    return charts.rate_bars(summary["seats"], "seat", fair, HALF, CHART_H, title, w)
