"""The clock of a batch of simulated games: an alarm and a CPU limit set afresh for each game."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any


class TooLong(BaseException):
    """The game's time ran out (a BaseException: an engine's ``except Exception`` keeps going)."""


@contextmanager
def batch_clock(seconds: float, grace: float) -> Iterator[Callable[[], None]]:
    """A clock for a batch of games: call what it gives at the start of each game, and a game
    running past ``seconds`` is stopped — where an alarm can stop it (the main thread of
    a Unix process; elsewhere the turn cap alone bounds a game). The handler is set once a
    batch, the timer once a game: a game of Warriors and Monks takes half a millisecond. A
    game stuck inside one C call (``sum(itertools.count())``) never returns to the interpreter
    for the alarm to stop it: the kernel ends the process once the game has used ``grace``
    seconds of CPU more (as a rule's, printgen.sandbox.alarm)."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield lambda: None
        return

    ended = False

    def stop(_signal: int, _frame: Any) -> None:
        if not ended:
            raise TooLong

    cpu = CpuCap()

    def start() -> None:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        cpu.renew(seconds + grace)

    def end() -> None:
        nonlocal ended
        ended = True  # a game's alarm taken from here on stops nothing
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
        cpu.lift()  # else the process keeps the last game's CPU limit, and dies of it

    before: Callable[..., Any] | int | None = signal.signal(signal.SIGALRM, stop)
    try:
        yield start
    finally:
        # the last game's alarm may be taken at any instruction of the batch's end (a loaded
        # machine), even before `ended` is set: the end is made again, whole, after it — cut
        # short, it left the CPU limit set and a test run died of SIGXCPU a minute later
        try:
            end()
        except TooLong:
            end()


class CpuCap:
    """RLIMIT_CPU set afresh for each game, a game's seconds past the CPU used so far (a limit
    for the whole batch would end a batch of many short games), and put back after it."""

    def __init__(self) -> None:
        try:
            import resource

            self.resource: Any = resource
            self.before: tuple[int, int] | None = resource.getrlimit(resource.RLIMIT_CPU)
        except (ImportError, OSError, ValueError):  # not on this system
            self.before = None

    def renew(self, seconds: float) -> None:
        if self.before is None:
            return
        used = self.resource.getrusage(self.resource.RUSAGE_SELF)
        cap = int(used.ru_utime + used.ru_stime + seconds) + 1
        soft, hard = self.before
        if soft != self.resource.RLIM_INFINITY:
            cap = min(cap, soft)  # a limit the process already had stays the tighter
        if hard != self.resource.RLIM_INFINITY:
            cap = min(cap, hard)
        try:
            self.resource.setrlimit(self.resource.RLIMIT_CPU, (cap, hard))
        except (OSError, ValueError):
            self.before = None

    def lift(self) -> None:
        if self.before is not None:
            with suppress(OSError, ValueError):
                self.resource.setrlimit(self.resource.RLIMIT_CPU, self.before)
