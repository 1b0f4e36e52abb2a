"""Jinja expressions in card fields and layouts ("{{ card.name }}"), evaluated in Jinja's sandbox.

Most expressions are a plain dotted lookup; those are answered directly, because importing Jinja
costs more than drawing a whole deck (see bench/). Anything else goes to the sandboxed Jinja.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import cache
from typing import Any

from printgen import limits, sandbox_sizes
from printgen.sandbox import sandboxed
from printgen.sandbox_sizes import Refused, checked_value

_LOOKUP = re.compile(r"^\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}$")
_PLAIN_PART = re.compile(r"\{\{|\{%|\{#")
_LITERALS = {"true", "false", "none", "True", "False", "None"}  # Jinja's, not names


class ExpressionError(Exception):
    """An expression that cannot be evaluated; the message says what to fix."""


class BudgetSpent(ExpressionError):
    """The build's whole time budget for expressions is spent: said once, not per field."""

    once = ("expression-budget",)


def is_expression(value: object) -> bool:
    return isinstance(value, str) and _PLAIN_PART.search(value) is not None


def evaluate(value: Any, context: dict[str, Any]) -> Any:
    """Evaluate a field value: non-strings and plain strings come back as they are.

    A value that is exactly one lookup ("{{ rank.power }}") keeps its type (a number stays a
    number); anything else renders to a string.
    """
    if not is_expression(value):
        return value
    match = _LOOKUP.match(value)
    if match and match.group(1) not in _LITERALS:
        try:
            return checked_value(_lookup(match.group(1), context))
        except Refused as exc:
            raise ExpressionError(f"{exc}; in '{value}'") from None
    return render_template(value, context)


_SINGLE = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)


def evaluate_native(source: str, context: dict[str, Any]) -> Any:
    """A value with its own type: "{{ card.cost <= 3 }}" gives True or False, not text.

    A source that is one ``{{ … }}`` is compiled as a Jinja expression; anything else renders
    to text."""
    match = _SINGLE.match(source)
    if match is None or "}}" in match.group(1):
        return render_template(source, context)
    return _guarded(source, lambda: _compiled_expression(match.group(1))(**context), context)


def render_template(source: str, context: dict[str, Any]) -> str:
    return str(_guarded(source, lambda: _compiled(source).render(context), context))


def _guarded(source: str, run: Any, context: dict[str, Any]) -> Any:
    """Run a template or an expression within the time limits; every failure is
    ExpressionError, and what it gives must be a value a card can print."""
    try:
        with time_limit(TIME_LIMIT):
            return checked_value(run())
    except (Exception, TemplateTimeout) as exc:  # e.g. "10" + 1: still the designer's input
        raise _failure(exc, source, context) from None


def _failure(exc: BaseException, source: str, context: dict[str, Any]) -> ExpressionError:
    """What a failed template or expression tells the designer (Jinja's errors looked up only
    when one happens: a card field that renders pays for no import statement)."""
    from jinja2 import TemplateError, UndefinedError

    shown = source if len(source) <= 120 else source[:117] + "…"
    if isinstance(exc, TemplateTimeout):
        kind = BudgetSpent if _budget.left() <= 0 else ExpressionError
        return kind(f"{exc}; simplify the loops in '{shown}'")
    if isinstance(exc, Refused):
        return ExpressionError(f"{exc}; in '{shown}'")
    if isinstance(exc, UndefinedError):
        said = named_plainly(plain(exc.message or ""), source, context)
        return ExpressionError(f"{said}; check the name in '{shown}'")
    if isinstance(exc, TemplateError):
        return ExpressionError(f"{_short(exc)}; in '{shown}'")
    if isinstance(exc, RecursionError):
        return ExpressionError(f"it nests too deeply; simplify '{shown}'")
    if isinstance(exc, MemoryError):
        return ExpressionError(f"it needs too much memory; simplify '{shown}'")
    return ExpressionError(f"{type(exc).__name__}: {_short(exc)}; in '{shown}'")


_NO_ATTRIBUTE = re.compile(r"the mapping has no attribute '(\w+)'")


def named_plainly(message: str, source: str, context: dict[str, Any]) -> str:
    """Jinja's "the mapping has no attribute 'cots'" in the designer's words: which name lacks
    what, and the closest key it has ("card has no 'cots'; did you mean 'card.cost'?")."""
    found = _NO_ATTRIBUTE.search(message)
    if found is None:
        return message
    key = found.group(1)
    owner = re.search(rf"\b([A-Za-z_]\w*)\s*\.\s*{re.escape(key)}\b", source)
    value = context.get(owner.group(1)) if owner else None
    if owner is None or not isinstance(value, dict):
        return message
    import difflib  # only for a misspelt name

    name = owner.group(1)
    close = difflib.get_close_matches(key, [str(k) for k in value], n=1, cutoff=0.7)
    hint = f"; did you mean '{name}.{close[0]}'?" if close else ""
    return message.replace(found.group(0), f"{name} has no '{key}'{hint}")


def _short(exc: BaseException) -> str:
    text = plain(str(exc))
    return text if len(text) <= 200 else text[:197] + "…"


TIME_LIMIT = 2.0  # seconds one template may run: a card or a page never needs more


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

    def left(self) -> float:
        return limits.BUILD_SECONDS - self.spent


_budget = _Budget()


def budget_spent() -> bool:
    """Whether this build's expressions have used up the budget (already reported then)."""
    return _budget.left() <= 0


def reset_budget(spent: float = 0.0) -> None:
    """A build (or a watch rebuild) starts with the whole budget; work thrown away and made
    again (printgen.build's streamed attempt) puts back what it spent (``spent``: the seconds
    spent before it), so it counts once."""
    _budget.spent = spent


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

    def __enter__(self) -> None:
        self.started = time.monotonic()
        self.own = not _alarm.installed
        if self.own:
            self.previous = signal.signal(signal.SIGALRM, _expire)
            _alarm.installed = True
        _alarm.limit = self
        signal.setitimer(signal.ITIMER_REAL, max(self.allowed, MIN_TIMER))  # last: all is set

    def __exit__(self, *exc: object) -> None:
        self.exited = True
        signal.setitimer(signal.ITIMER_REAL, 0)
        if self.watchdog is not None:
            self.watchdog.cancel()
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
        os._exit(2)


IGNORED_GRACE = 5.0  # seconds a designer's code stopped by its limit has to come to an end


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
    _Limit.watch). Templates
    it evaluates meanwhile run under this limit, not the build's budget. Only the main thread
    can take the alarm; elsewhere, and inside another limit, the code runs unbounded."""
    if _alarm.limit is not None or not _can_alarm():
        return nullcontext()
    return _Limit(seconds, seconds, counted=False, ignored=ignored)


def _spent_message() -> str:
    return (
        f"the expressions and templates of this build ran for {limits.BUILD_SECONDS:g} s "
        "in all (the limit for one build)"
    )


def plain(message: str) -> str:
    """Jinja's messages name Python types; a designer wrote a mapping."""
    return re.sub(r"'(?:[\w.]+\.)?(LDict|dict|LList|list) object'", "the mapping", message)


@cache
def _environment() -> Any:
    return sandboxed()


def sandbox_ready() -> None:
    """Import Jinja and make the sandbox now (a parent process, before its workers fork)."""
    _environment()


def _compiled(source: str) -> Any:
    return _templates()(source)


@cache
def _templates() -> Any:
    from printgen.template_code import Memo

    return Memo(_environment(), 4096)


def _compiled_expression(source: str) -> Any:
    return _expressions()(source)


@cache
def _expressions() -> Any:
    from printgen.template_code import Memo

    return Memo(_environment(), 1024, expressions=True)


def _lookup(dotted: str, context: dict[str, Any]) -> Any:
    value: Any = context
    walked: list[str] = []
    for part in dotted.split("."):
        walked.append(part)
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif not isinstance(value, dict) and not part.startswith("_") and hasattr(value, part):
            value = getattr(value, part)
        else:
            raise ExpressionError(
                f"'{'.'.join(walked)}' is undefined; check the name in '{{{{ {dotted} }}}}'"
            )
    return value
