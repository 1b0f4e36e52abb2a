"""Jinja expressions in card fields and layouts ("{{ card.name }}"), evaluated in Jinja's sandbox.

Most expressions are a plain dotted lookup; those are answered directly, because importing Jinja
costs more than drawing a whole deck (see bench/). Anything else goes to the sandboxed Jinja.
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import Any

_LOOKUP = re.compile(r"^\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}$")
_PLAIN_PART = re.compile(r"\{\{|\{%|\{#")
_LITERALS = {"true", "false", "none", "True", "False", "None"}  # Jinja's, not names


class ExpressionError(Exception):
    """An expression that cannot be evaluated; the message says what to fix."""


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
        return _lookup(match.group(1), context)
    return render_template(value, context)


_SINGLE = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)


def evaluate_native(source: str, context: dict[str, Any]) -> Any:
    """A value with its own type: "{{ card.cost <= 3 }}" gives True or False, not text.

    A source that is one ``{{ … }}`` is compiled as a Jinja expression; anything else renders
    to text."""
    match = _SINGLE.match(source)
    if match is None or "}}" in match.group(1):
        return render_template(source, context)
    return _guarded(source, lambda: _compiled_expression(match.group(1))(**context))


def render_template(source: str, context: dict[str, Any]) -> str:
    return str(_guarded(source, lambda: _compiled(source).render(context)))


def _guarded(source: str, run: Any) -> Any:
    """Run a template or an expression with the time limit; every failure is ExpressionError."""
    from jinja2 import TemplateError, UndefinedError

    try:
        with time_limit(TIME_LIMIT):
            return run()
    except TemplateTimeout:
        raise ExpressionError(
            f"took more than {TIME_LIMIT:g} s; simplify the loops in '{source}'"
        ) from None
    except UndefinedError as exc:
        raise ExpressionError(f"{plain(exc.message or '')}; check the name in '{source}'") from None
    except TemplateError as exc:
        raise ExpressionError(f"{exc}; in '{source}'") from None
    except Exception as exc:  # e.g. "10" + 1 inside the expression: still the designer's input
        raise ExpressionError(f"{type(exc).__name__}: {exc}; in '{source}'") from None


TIME_LIMIT = 2.0  # seconds one template may run: a card or a page never needs more
MAX_RANGE = 1000  # range() in templates; Jinja's sandbox alone allows 100,000


class TemplateTimeout(Exception):
    pass


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Stop a runaway template (the sandbox limits what it may touch, not how long it runs).
    Only the main thread can take the alarm signal; elsewhere the template runs unbounded."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise TemplateTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def plain(message: str) -> str:
    """Jinja's messages name Python types; a designer wrote a mapping."""
    return re.sub(r"'[\w.]+\.(LDict|dict|LList|list) object'", "the mapping", message)


def sandboxed(**options: Any) -> Any:
    """A Jinja environment in the sandbox, strict about undefined names, with a small range()."""
    from jinja2 import StrictUndefined
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    env = ImmutableSandboxedEnvironment(undefined=StrictUndefined, autoescape=False, **options)

    def limited_range(*args: int) -> range:
        numbers = range(*args)
        if len(numbers) > MAX_RANGE:
            raise OverflowError(f"range() in a template is limited to {MAX_RANGE} items")
        return numbers

    env.globals["range"] = limited_range
    return env


@cache
def _environment() -> Any:
    return sandboxed()


@lru_cache(maxsize=4096)
def _compiled(source: str) -> Any:
    return _environment().from_string(source)


@lru_cache(maxsize=1024)
def _compiled_expression(source: str) -> Any:
    return _environment().compile_expression(source, undefined_to_none=False)


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
