"""What a worker process was doing when it ended without a word: killed by a signal (the
kernel's out-of-memory killer, the CPU time limit on code stuck inside one library call, a
designer's ``os.kill(os.getpid(), 9)``), it sends nothing back, so the process that started it
reads what it was doing from memory they share: the task (a build's unit, a simulation's
batch), and within it a step (importing rules.py, the game being played).

A process that is no worker (``validate``, ``--jobs 1``) notes nothing: ``step`` costs it a
look-up."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

IMPORTING_RULES = -1  # a step: importing the game's rules.py (a game's number is 0 or more)
_NO_STEP = -2

# this worker's board and the slot of the task it runs (None: no worker, or between tasks)
_mine: list[Any] = [None, 0]


class Board:
    """Two numbers a task, shared with the workers: the pid of the worker running it (0: none)
    and its step."""

    def __init__(self, context: Any, tasks: int) -> None:
        self.slots = context.RawArray("q", 2 * max(tasks, 1))

    def running(self, pid: int) -> tuple[int, int] | None:
        """The task the worker ``pid`` was running, and its step, if any."""
        for task in range(len(self.slots) // 2):
            if self.slots[2 * task] == pid:
                return task, self.slots[2 * task + 1]
        return None


def joined(slots: Any) -> None:
    """In a worker, once: the board its tasks are noted on (a pool's initializer)."""
    _mine[0] = slots
    import faulthandler
    import signal

    # the command's child notes where the kernel's CPU limit stopped it (cli.supervise); a
    # worker killed so is said by the build that started it
    if hasattr(signal, "SIGXCPU"):
        faulthandler.unregister(signal.SIGXCPU)
    from multiprocessing.util import Finalize

    # the last thing a worker does once the pool lets it go, its results all handed back
    Finalize(None, _ended, exitpriority=-1)
    _whole_lines()


def _whole_lines() -> None:
    """What a game's Python prints in a worker goes out a line at a time, as on a terminal:
    block-buffered into a pipe (``| tee build.log``), or unbuffered (PYTHONUNBUFFERED), two
    workers' prints ran together on one line."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with suppress(OSError, ValueError):
                reconfigure(line_buffering=True, write_through=False)


def _ended() -> None:
    """A worker ends without waiting for a thread the game's code left running (rules.py or
    simulate.py starting one it never joins): Python joins every such thread as a process ends,
    so the worker never ended and the build or simulation waiting for it hung for good. The
    command's own process ends alike (cli), and so a build with workers writes what one
    without does. A worker with no such thread ends as Python ends it."""
    import sys

    from printgen.sandbox.refused import end_now, left_running

    if left_running():
        end_now(0 if sys.exc_info()[1] is None else 1)  # (an error: Python's status for it)


@contextmanager
def task(index: int) -> Iterator[None]:
    """A worker runs task ``index``: noted while it runs (left noted if the process dies)."""
    slots = _mine[0]
    if slots is None:
        yield
        return
    slots[2 * index], slots[2 * index + 1] = os.getpid(), _NO_STEP
    _mine[1] = index
    try:
        yield
    finally:
        slots[2 * index] = 0


def step(number: int) -> None:
    """The step the worker's task is at: IMPORTING_RULES, or a game's number."""
    slots = _mine[0]
    if slots is not None:
        slots[2 * _mine[1] + 1] = number


@contextmanager
def importing_rules() -> Iterator[None]:
    step(IMPORTING_RULES)
    try:
        yield
    finally:
        step(_NO_STEP)


@dataclass(frozen=True)
class Ended:
    """A worker that ended on its own: how, and what it was doing (None: unknown)."""

    how: str
    task: int | None
    step: int | None


def ended_worker(processes: Sequence[Any], board: Board) -> Ended | None:
    """The worker that broke the pool. The pool ends the others with SIGTERM once one died,
    so one that ended otherwise is the one; a SIGTERM sent from outside is the last guess."""
    gone = [p for p in processes if p.exitcode not in (None, 0)]
    own = [p for p in gone if p.exitcode != -signal.SIGTERM] or gone
    known = [(found, p) for p in own if (found := board.running(p.pid)) is not None]
    if known:  # several killed alike (two languages importing one rules.py): the first task's
        (index, number), process = min(known, key=lambda item: item[0][0])
        return Ended(how_ended(process.exitcode), index, None if number == _NO_STEP else number)
    return Ended(how_ended(own[0].exitcode), None, None) if own else None


def how_ended(exitcode: int) -> str:
    """A worker's end in words: "killed (signal 9 — out of memory?)"."""
    if exitcode > 0:
        return f"ended with exit status {exitcode}"
    number = -exitcode
    if number == getattr(signal, "SIGKILL", None):
        return f"killed (signal {number} — out of memory?)"
    if number == getattr(signal, "SIGXCPU", None):
        return f"stopped by the CPU time limit (signal {number}, SIGXCPU)"
    try:
        name = signal.Signals(number).name
    except ValueError:
        return f"ended by signal {number}"
    return f"ended by signal {number} ({name})"
