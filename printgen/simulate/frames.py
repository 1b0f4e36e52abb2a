"""The engine's frames of a ``simulate --debug`` traceback, bounded: a recursion's repeating
cycle of frames folded — one function calling itself, or two or more calling each other in
turn — and a stack still too deep shown by its start and its end. Python folds only a frame
repeated in a row: ``f`` calling ``g`` calling ``f`` printed some 2,000 lines."""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import TypeAlias

CUTOFF = 3  # a cycle is shown this many times, as Python shows a repeated frame
LONGEST_CYCLE = 10  # frames: longer cycles of calls are rare, and the cap bounds them anyway
KEPT = 10  # frames shown at either end of a deep stack: where it started, where it failed


@dataclass(frozen=True)
class _Repeat:
    """``times`` more turns of the cycle of ``period`` frames shown above it."""

    period: int
    times: int

    @property
    def text(self) -> str:
        plural = "s" if self.times > 1 else ""
        if self.period == 1:  # Python's own words
            return f"  [Previous line repeated {self.times} more time{plural}]\n"
        return f"  [Previous {self.period} frames repeated {self.times} more time{plural}]\n"


_Item: TypeAlias = traceback.FrameSummary | _Repeat


class EngineStack(traceback.StackSummary):
    """A StackSummary that formats its frames folded and capped (TracebackException formats
    each exception's ``stack`` with this ``format``)."""

    def format(self) -> list[str]:
        shown: list[str] = []
        for item in _capped(_folded(list(self))):
            if isinstance(item, str):
                shown.append(item)
            elif isinstance(item, _Repeat):
                shown.append(item.text)
            else:
                shown.append(self.format_frame_summary(item))
        return shown


def _key(frame: traceback.FrameSummary) -> tuple[str, int | None, str]:
    return frame.filename, frame.lineno, frame.name


def _cycle_at(keys: list[tuple[str, int | None, str]], start: int) -> tuple[int, int]:
    """The shortest cycle of frames repeated from ``start`` more than CUTOFF times: its
    length and how many times it turns; (1, 1) when there is none."""
    for period in range(1, LONGEST_CYCLE + 1):
        cycle = keys[start : start + period]
        times = 1
        while keys[start + times * period : start + (times + 1) * period] == cycle:
            times += 1
        if times > CUTOFF:
            return period, times
    return 1, 1


def _folded(frames: list[traceback.FrameSummary]) -> list[_Item]:
    """The frames, each repeating cycle shown CUTOFF times then said in a line."""
    keys = [_key(frame) for frame in frames]
    items: list[_Item] = []
    at = 0
    while at < len(frames):
        period, times = _cycle_at(keys, at)
        if times > CUTOFF:
            items += frames[at : at + period * CUTOFF]
            items.append(_Repeat(period, times - CUTOFF))
            at += period * times
        else:
            items.append(frames[at])
            at += 1
    return items


def _capped(items: list[_Item]) -> list[_Item | str]:
    """The first and last KEPT frames and what lies between said in a line, when there are
    more (a recursion of no regular cycle); the folds among them kept."""
    at = [n for n, item in enumerate(items) if isinstance(item, traceback.FrameSummary)]
    if len(at) <= 2 * KEPT:
        return list(items)
    head, tail = items[: at[KEPT]], items[at[-KEPT] :]
    hidden = sum(
        item.period * item.times if isinstance(item, _Repeat) else 1
        for item in items[at[KEPT] : at[-KEPT]]
    )
    return [*head, f"  … {hidden:,} more frames …\n", *tail]
