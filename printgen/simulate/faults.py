"""A designer's engine is input like the game's YAML: what it does wrong — a syntax error, an
exception, a game that never stops, a record the report cannot read — is said in one line at its
line of ``cards/<game>/simulate.py``, with exit status 2, never as a bug of printgen's."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from printgen.limits import MAX_GAME_SECONDS
from printgen.rules.guard import described
from printgen.simulate.contract import GameRecord


class EngineFault(Exception):
    """One line, ``path:line:col: message``, about a game's engine. A plain message: it is
    pickled when a worker process meets it."""


class _TooLong(BaseException):
    """The game's time ran out (a BaseException: an engine's ``except Exception`` keeps going)."""


def loading(exc: BaseException, path: Path, rel: str) -> EngineFault:
    """The engine did not import."""
    if isinstance(exc, SyntaxError) and exc.filename == str(path):
        line = exc.lineno if type(exc.lineno) is int and exc.lineno > 0 else 1
        col = exc.offset if type(exc.offset) is int and exc.offset > 0 else 1
        return EngineFault(f"{rel}:{line}:{col}: Python syntax error: {exc.msg}")
    return EngineFault(
        f"{rel}:{_line(exc, path, 1)}:1: simulate.py failed to load: {described(exc)}"
    )


def failing(exc: BaseException, path: Path, rel: str, step: str, fallback: int) -> EngineFault:
    """The engine raised in ``step`` (prepare or play): at the deepest line of its own code."""
    if isinstance(exc, _TooLong):
        return EngineFault(
            f"{rel}:{fallback}:1: {step} ran for over {MAX_GAME_SECONDS:g} s for one game; "
            "a game must stop at turn_cap turns"
        )
    line = _line(exc, path, fallback)
    if step == "prepare()" and isinstance(exc, ValueError | KeyError | TypeError):
        # the engine's own word on a number it cannot use: the game's data is what to mend
        return EngineFault(f"{rel}:{line}:1: cannot read the game's data: {_text(exc)}")
    return EngineFault(f"{rel}:{line}:1: {step} failed: {described(exc)}")


def _text(exc: BaseException) -> str:
    return described(exc).removeprefix(f"{type(exc).__name__}: ")


def _line(exc: BaseException, path: Path, fallback: int) -> int:
    line, tb = fallback, exc.__traceback__
    while tb is not None:
        if Path(tb.tb_frame.f_code.co_filename) == path:
            line = tb.tb_lineno or line
        tb = tb.tb_next
    return line


def record_problem(record: Any, players: int, turn_cap: int) -> str | None:
    """What keeps a record of ``play`` from being reported, in words; None when it can be."""
    if not isinstance(record, GameRecord):
        return f"play() returned {type(record).__name__}, not a GameRecord"
    if type(record.turns) is not int or not 0 <= record.turns <= turn_cap:
        return f"play() took {record.turns!r} turns; turns must run from 0 to turn_cap ({turn_cap})"
    if not isinstance(record.played, list) or len(record.played) != players:
        return (
            f"play() gave 'played' for {_count(record.played)} seats, not one per seat ({players})"
        )
    seats = range(players)
    if any(type(seat) is not int or seat not in seats for seat in record.winners):
        return (
            f"play() named winners {record.winners!r}; a winner is a seat from 0 to {players - 1}"
        )
    if type(record.first) is not int or record.first not in seats:
        return f"play() named first seat {record.first!r}; it must be from 0 to {players - 1}"
    return None


def _count(value: Any) -> str:
    return str(len(value)) if isinstance(value, list | tuple) else "no"


@contextmanager
def game_time() -> Iterator[None]:
    """At most MAX_GAME_SECONDS for one game, where an alarm can stop it (the main thread of a
    Unix process; elsewhere the turn cap alone bounds it)."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def stop(_signal: int, _frame: Any) -> None:
        raise _TooLong

    before: Callable[..., Any] | int | None = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, MAX_GAME_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
