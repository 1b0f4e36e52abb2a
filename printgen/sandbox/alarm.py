"""The time limits of a build: how long a template, a card field, a document or a designer's
Python (rules.py, an engine's set-up) may run, enforced by one SIGALRM handler, and the budget
every expression and template of one build shares.

Only the main thread of a Unix process can take the alarm; elsewhere only the budget is kept
(and a designer's code runs unbounded).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from printgen import limits
from printgen.sandbox import sizes as sandbox_sizes


class TemplateTimeout(BaseException):
    """A time limit ran out. Not an Exception: Jinja runs filters on constants while it
    compiles and takes any Exception of theirs to mean "do it at run time", which would swallow
    the alarm and run the work again with no limit left."""


class Overtime(BaseException):
    """A designer's Python (a game's rules.py, its engine) ran past its limit: raised where it
    runs, a BaseException so that its own ``except Exception`` does not keep it looping, and
    not a TemplateTimeout, which a template it evaluates meanwhile would turn into its error."""


class _Budget:
    """Seconds every expression and template of one build may run for, together."""

    def __init__(self) -> None:
        self.spent = 0.0
        # texts that ran past their own limit, with what was said: not run again this build
        # (16 generated cards of one slow text took 2 s each, then the whole budget)
        self.overtime: dict[str, str] = {}

    def left(self) -> float:
        return limits.BUILD_SECONDS - self.spent


_budget = _Budget()


def budget_spent() -> bool:
    """Whether this build's expressions have used up the budget (already reported then)."""
    return _budget.left() <= 0


def reset_budget(spent: float = 0.0, again: bool = False) -> None:
    """A build (or a watch rebuild) starts with the whole budget; work thrown away and made
    ``again`` (printgen.building.command's streamed attempt) puts back what it spent (``spent``:
    the seconds spent before it), so it counts once, and keeps the texts that ran too long."""
    _budget.spent = spent
    if not again:
        _budget.overtime.clear()


def overtime(source: str) -> str | None:
    """What was said of ``source`` when it ran past its own limit earlier in this build."""
    return _budget.overtime.get(source)


def note_overtime(source: str, said: str) -> None:
    """``source`` ran past its own limit: another card's run of it is said so at once."""
    _budget.overtime[source] = said


def budget_used() -> float:
    """Seconds of this build's budget spent so far."""
    return _budget.spent


MIN_TIMER = 0.001  # seconds: a shorter interval rounds to none, which would stop no template


class _Alarm:
    """Whether printgen's SIGALRM handler is in place, and the limit whose timer runs (an
    inner limit leaves it alone)."""

    def __init__(self) -> None:
        self.installed = False
        self.limit: _Limit | None = None


_alarm = _Alarm()


def _expire(signum: int, frame: object) -> None:
    limit = _alarm.limit
    if limit is None:  # a timer stopped a moment before its signal was handled
        return
    _alarm.limit = None
    limit.close()  # here: the code the exception leaves behind may never run
    if not limit.counted:
        limit.watch()
        raise Overtime(f"ran for more than {limit.seconds:g} s")
    if limit.allowed < limit.seconds:  # the build's budget ran out before the limit
        _budget.spent = max(_budget.spent, limits.BUILD_SECONDS)
        raise TemplateTimeout(_spent_message())
    raise TemplateTimeout(f"took more than {limit.seconds:g} s")


def _can_alarm() -> bool:
    """Only the main thread can take the alarm signal; elsewhere only the budget is kept."""
    return threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGALRM")


@contextmanager
def alarm_installed() -> Iterator[None]:
    """The time limits' signal handler in place for a whole unit of work, the one it replaced
    put back after it: installing and restoring a handler costs 11 µs (the signal module's enum
    conversions), a fifth of a card field's render, and a game renders thousands."""
    if _alarm.installed or not _can_alarm():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expire)
    _alarm.installed = True
    try:
        yield
    finally:
        signal.signal(signal.SIGALRM, previous)
        _alarm.installed = False
        settle_cpu_limit()


class _Limit:
    """One limit with a timer, closed exactly once — its time counted, its own handler put
    back — by whichever takes it off ``_alarm.limit``: its end or, when it expires, the alarm
    itself. The alarm's exception can arrive at any instruction, even inside ``__exit__``, and
    must leave nothing half done behind it."""

    def __init__(
        self,
        seconds: float,
        allowed: float,
        counted: bool = True,
        ignored: Callable[[], str] | None = None,
    ) -> None:
        self.seconds, self.allowed = seconds, allowed
        self.counted = counted  # its time is the expressions' budget's
        self.ignored = ignored  # what to say when a designer's code outlives its Overtime
        self.exited = False
        self.watchdog: threading.Timer | None = None
        self.started = 0.0
        self.own = False  # outside a unit of work: the handler is set for this limit only
        self.previous: Any = None
        self.cpu_cap: tuple[int, int] | None = None  # RLIMIT_CPU before this limit set it

    def __enter__(self) -> None:
        self.started = time.monotonic()
        settle_cpu_limit()
        if self.ignored is not None:
            self.cpu_cap = _cpu_capped(self.seconds + IGNORED_GRACE + CPU_GRACE)
        try:
            self.own = not _alarm.installed
            if self.own:
                self.previous = signal.signal(signal.SIGALRM, _expire)
                _alarm.installed = True
            _alarm.limit = self
            signal.setitimer(signal.ITIMER_REAL, max(self.allowed, MIN_TIMER))  # last: all set
        except BaseException:
            # an alarm left over from the limit before (taken late, on a loaded machine) lands
            # here, where no `with` will call __exit__: without it the CPU limit stayed, and the
            # process (a test run, a watch) was ended by SIGXCPU a minute later
            self.__exit__()
            raise

    def __exit__(self, *exc: object) -> None:
        try:
            self.exited = True
            signal.setitimer(signal.ITIMER_REAL, 0)
            if self.watchdog is not None:
                self.watchdog.cancel()
        finally:
            # the CPU limit put back whatever happens: an alarm taken before the timer stopped
            # (a loaded machine) raised here, and the process kept a limit a few seconds past
            # its use then — a test run, or a watch, ended by SIGXCPU a minute later
            if self.cpu_cap is not None:
                cap, self.cpu_cap = self.cpu_cap, None
                _cpu_uncapped(cap)
        if _alarm.limit is self:  # its alarm did not close it
            _alarm.limit = None  # an alarm taken from here on was this limit's, stopped: ignored
            self.close()

    def close(self) -> None:
        if self.counted:
            _budget.spent += time.monotonic() - self.started
        if self.own:
            signal.signal(signal.SIGALRM, self.previous)
            _alarm.installed = False

    def watch(self) -> None:
        """Once Overtime is raised in a designer's code: if that code catches it and runs on
        (``except BaseException``, a bare ``except:``), no second alarm can stop it, so a
        watchdog thread ends printgen after IGNORED_GRACE seconds, with one line saying where
        the code was running and exit status 2 — nothing has been written yet."""
        if self.ignored is None:
            return
        self.watchdog = threading.Timer(IGNORED_GRACE, self._stop_printgen)
        self.watchdog.name = f"{WATCHDOG}{id(self)}"
        self.watchdog.daemon = True
        self.watchdog.start()

    def _stop_printgen(self) -> None:
        if self.exited or self.ignored is None:
            return
        try:
            said = self.ignored()
        except Exception:  # the designer's line could not be found: still end, still one line
            said = f"printgen: designer's code ran for more than {self.seconds:g} s"
        print(said, file=sys.stderr, flush=True)
        REAL_EXIT(2)  # not os._exit: it is refused while designer code runs (refused.py)


# each soft CPU limit a time limit set -> the limit it replaced, until put back
_caps: dict[int, tuple[int, int]] = {}


def settle_cpu_limit() -> None:
    """Put back the CPU limit a time limit set, if its end was cut short — an alarm taken as it
    closed, on a loaded machine — where no time limit runs (a unit of work's end, the next
    limit's start): kept, it ended the process (a test run, a watch, a long build) by SIGXCPU
    seconds later. A limit someone else set (a simulated game's) is left alone."""
    if not _caps or _alarm.limit is not None:
        return
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_CPU)
    before = _caps.pop(soft, None)
    _caps.clear()
    if before is not None:
        resource.setrlimit(resource.RLIMIT_CPU, before)


def _cpu_capped(seconds: float) -> tuple[int, int] | None:
    """The last stop for a designer's code that neither alarm nor watchdog can reach: a loop
    inside one C call (``sum(range(10**12))``) holds the interpreter, so no Python handler or
    thread runs until it returns. The kernel ends the process (SIGXCPU) once it has used
    ``seconds`` more CPU. Returns the limit to put back, or None where there is none."""
    try:
        import resource

        before = resource.getrlimit(resource.RLIMIT_CPU)
        used = resource.getrusage(resource.RUSAGE_SELF)
        now = used.ru_utime + used.ru_stime
        cap = int(now + seconds) + 1
        soft, hard = before
        if soft != resource.RLIM_INFINITY and soft <= cap:
            return None  # already as tight (a limit inside another)
        resource.setrlimit(resource.RLIMIT_CPU, (cap, hard))
        _caps[cap] = before
        return before
    except (ImportError, OSError, ValueError):
        return None


def _cpu_uncapped(before: tuple[int, int]) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_CPU, before)
    _caps.clear()  # put back: there is no limit inside another (see _cpu_capped)


WATCHDOG = "printgen-watchdog-"  # the name of the thread that ends a runaway designer's code
# os._exit as Python made it (imported before any designer code runs): printgen's own way out
# while os._exit stays refused for a designer's thread still running (printgen/sandbox/refused.py)
REAL_EXIT = os._exit
IGNORED_GRACE = 5.0  # seconds a designer's code stopped by its limit has to come to an end
CPU_GRACE = 5.0  # and CPU seconds more before the kernel ends a loop no signal reaches


class _Counted:
    """A limit where no alarm can be taken (another thread): only the budget is kept."""

    def __enter__(self) -> None:
        self.started = time.monotonic()

    def __exit__(self, *exc: object) -> None:
        _budget.spent += time.monotonic() - self.started


def time_limit(seconds: float) -> AbstractContextManager[None]:
    """Stop a runaway template (the sandbox limits what it may touch, not how long it runs),
    after ``seconds`` or when the build's whole budget is spent, whichever comes first.
    Only the main thread can take the alarm signal; elsewhere only the budget is kept."""
    left = _budget.left()
    if left <= 0:
        raise TemplateTimeout(_spent_message())
    outer = _alarm.limit
    if outer is not None:  # an outer limit already runs (and counts the time)
        if not outer.counted:  # a designer's code evaluates it: it makes its values afresh
            sandbox_sizes.start()
        return nullcontext()
    sandbox_sizes.start()  # and what an evaluation may make in all counts from here
    if not _can_alarm():
        return _Counted()
    return _Limit(seconds, min(seconds, left))


def code_limit(
    seconds: float, ignored: Callable[[], str] | None = None
) -> AbstractContextManager[None]:
    """Stop a designer's Python after ``seconds`` — an endless loop in a game's rules.py or
    engine, which no turn cap or sandbox bounds — by raising Overtime where it runs (and, when
    the code catches that and runs on, by ending printgen with the line ``ignored`` gives, see
    _Limit.watch). Templates it evaluates meanwhile run under this limit, not the build's
    budget. Inside another limit, the code runs under that one."""
    if _alarm.limit is not None or not _can_alarm():
        return nullcontext()
    return _Limit(seconds, seconds, counted=False, ignored=ignored)


def _spent_message() -> str:
    return (
        f"the expressions and templates of this build ran for {limits.BUILD_SECONDS:g} s "
        "in all (the limit for one build)"
    )
