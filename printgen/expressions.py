"""Jinja expressions in card fields and layouts ("{{ card.name }}"), evaluated in Jinja's sandbox.

Most expressions are a plain dotted lookup; those are answered directly, because importing Jinja
costs more than drawing a whole deck (see bench/). Anything else goes to the sandboxed Jinja.
"""

from __future__ import annotations

import math
import operator
import re
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import Any

from printgen import limits

_LOOKUP = re.compile(r"^\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}$")
_PLAIN_PART = re.compile(r"\{\{|\{%|\{#")


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
    if match:
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
    return _guarded(source, lambda: _compiled_expression(match.group(1))(**context))


def render_template(source: str, context: dict[str, Any]) -> str:
    return str(_guarded(source, lambda: _compiled(source).render(context)))


def _guarded(source: str, run: Any) -> Any:
    """Run a template or an expression within the time limits; every failure is
    ExpressionError, and what it gives must be a value a card can print."""
    from jinja2 import TemplateError, UndefinedError

    shown = source if len(source) <= 120 else source[:117] + "…"
    try:
        with time_limit(TIME_LIMIT):
            return checked_value(run())
    except TemplateTimeout as exc:
        raise ExpressionError(f"{exc}; simplify the loops in '{shown}'") from None
    except Refused as exc:
        raise ExpressionError(f"{exc}; in '{shown}'") from None
    except UndefinedError as exc:
        raise ExpressionError(f"{plain(exc.message or '')}; check the name in '{shown}'") from None
    except TemplateError as exc:
        raise ExpressionError(f"{_short(exc)}; in '{shown}'") from None
    except RecursionError:
        raise ExpressionError(f"it nests too deeply; simplify '{shown}'") from None
    except MemoryError:
        raise ExpressionError(f"it needs too much memory; simplify '{shown}'") from None
    except Exception as exc:  # e.g. "10" + 1 inside the expression: still the designer's input
        raise ExpressionError(f"{type(exc).__name__}: {_short(exc)}; in '{shown}'") from None


def _short(exc: BaseException) -> str:
    text = plain(str(exc))
    return text if len(text) <= 200 else text[:197] + "…"


TIME_LIMIT = 2.0  # seconds one template may run: a card or a page never needs more
MAX_RANGE = limits.MAX_RANGE  # range() in templates; Jinja's sandbox alone allows 100,000


class TemplateTimeout(Exception):
    pass


class Refused(Exception):
    """An operation refused before it runs: its result would be too large to print."""


class _Budget:
    """Seconds every expression and template of one build may run for, together."""

    def __init__(self) -> None:
        self.spent = 0.0
        self.running = False  # a limit is set: an inner one leaves it alone

    def left(self) -> float:
        return limits.BUILD_SECONDS - self.spent


_budget = _Budget()


def reset_budget() -> None:
    """A build (or a watch rebuild) starts with the whole budget."""
    _budget.spent = 0.0


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Stop a runaway template (the sandbox limits what it may touch, not how long it runs),
    after ``seconds`` or when the build's whole budget is spent, whichever comes first.
    Only the main thread can take the alarm signal; elsewhere only the budget is kept."""
    left = _budget.left()
    if left <= 0:
        raise TemplateTimeout(_spent_message())
    allowed = min(seconds, left)
    started = time.monotonic()
    alarm = threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGALRM")
    if _budget.running:  # an outer limit already runs (and counts the time)
        yield
        return
    if not alarm:
        try:
            yield
        finally:
            _budget.spent += time.monotonic() - started
        return

    def expire(signum: int, frame: object) -> None:
        raise TemplateTimeout(
            _spent_message() if allowed < seconds else f"took more than {seconds:g} s"
        )

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, allowed)
    _budget.running = True
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _budget.running = False
        _budget.spent += time.monotonic() - started


def _spent_message() -> str:
    return (
        f"the expressions and templates of this build ran for {limits.BUILD_SECONDS:g} s "
        "in all (the limit for one build)"
    )


def plain(message: str) -> str:
    """Jinja's messages name Python types; a designer wrote a mapping."""
    return re.sub(r"'[\w.]+\.(LDict|dict|LList|list) object'", "the mapping", message)


_PRINTABLE = (str, int, float, bool, type(None))


def checked_value(value: Any) -> Any:
    """What an expression gives must be data (text, number, yes/no, list, mapping) of a
    printable size: never a function or object (its repr would print an address)."""
    if isinstance(value, str):
        if len(value) > limits.MAX_RESULT_CHARS:
            raise Refused(_too_long(len(value)))
        return value
    if isinstance(value, float) and not math.isfinite(value):
        raise Refused("it gives a number that is not finite (nan or infinity)")
    if isinstance(value, _PRINTABLE):
        return value
    if isinstance(value, (list, tuple, dict)):
        if len(value) > limits.MAX_RESULT_ITEMS:
            raise Refused(f"it gives {len(value):,} items, over {limits.MAX_RESULT_ITEMS:,}")
        return value
    if callable(value):
        raise Refused(
            "it gives a function, not a value; call it with () or use a filter such as |upper"
        )
    raise Refused(f"it gives a {type(value).__name__} object, not a text, number or list")


def _too_long(size: int) -> str:
    return (
        f"it makes a value of {size:,} characters or items, over {limits.MAX_RESULT_CHARS:,} "
        "(the limit for one expression)"
    )


def _size(value: Any) -> int:
    if isinstance(value, (str, list, tuple, dict, bytes)):
        return len(value)
    return 0


def _check_int(value: Any) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and value > limits.MAX_RESULT_CHARS:
        raise Refused(
            f"a size of {value:,} is over {limits.MAX_RESULT_CHARS:,} (the limit in expressions)"
        )


def _safe_binop(operator: str, left: Any, right: Any) -> Any:
    """Arithmetic whose result stays printable: huge powers, products and repetitions are
    refused before they run (inside C no time limit can stop them)."""
    both_whole = isinstance(left, int) and isinstance(right, int)
    if (
        operator == "**"
        and both_whole
        and right > 0
        and abs(left) > 1
        and left.bit_length() * right > limits.MAX_POWER_BITS
    ):
        raise Refused(
            f"{operator} gives a number of more than {limits.MAX_POWER_BITS} bits; "
            "use smaller numbers"
        )
    if both_whole and max(left.bit_length(), right.bit_length()) > limits.MAX_POWER_BITS:
        raise Refused(f"a number of more than {limits.MAX_POWER_BITS} bits; use smaller ones")
    if operator == "*":
        count = right if isinstance(right, int) else left if isinstance(left, int) else 0
        item = left if isinstance(right, int) else right
        if _size(item) * max(count, 0) > limits.MAX_RESULT_CHARS:
            raise Refused(_too_long(_size(item) * count))
    if operator == "+" and _size(left) + _size(right) > limits.MAX_RESULT_CHARS:
        raise Refused(_too_long(_size(left) + _size(right)))
    if operator == "%" and isinstance(left, str):
        args = right if isinstance(right, tuple) else (right,)
        if _WIDE_PERCENT.search(left) or any(
            isinstance(a, int) and abs(a) > limits.MAX_RESULT_CHARS for a in args
        ):
            raise Refused("that format width is too large")
    return _OPERATORS[operator](left, right)


_OPERATORS: dict[str, Any] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "**": operator.pow,
    "%": operator.mod,
}


def _checked_join(pieces: Any) -> str:
    """Template output (and ``~``), built piece by piece with its length checked as it grows."""
    out: list[str] = []
    size = 0
    for piece in pieces:
        text = piece if isinstance(piece, str) else str(piece)
        size += len(text)
        if size > limits.MAX_RESULT_CHARS:
            raise Refused(_too_long(size))
        out.append(text)
    return "".join(out)


_SIZED = {"center", "indent", "wordwrap", "truncate", "ljust", "rjust", "zfill", "expandtabs"}
# a huge width, or a width taken from the arguments: "{:>9999999}", "{:{}}", "%*d", "%9999999d"
_WIDE_FORMAT = re.compile(r"\{[^}]*(\d{7,}|\{)")
_WIDE_PERCENT = re.compile(r"%[^a-zA-Z%]*(\*|\d{7,})")


def _limited_filter(name: str, function: Any) -> Any:
    skip = 1 + int(hasattr(function, "jinja_pass_arg"))  # the context, then the value

    def checked(*args: Any, **kwargs: Any) -> Any:
        if name in _SIZED:
            for value in (*args[skip:], *kwargs.values()):
                _check_int(value)
        if name == "format" and len(args) >= skip and _WIDE_PERCENT.search(str(args[skip - 1])):
            raise Refused("that format width is too large")
        result = function(*args, **kwargs)
        if _size(result) > limits.MAX_RESULT_CHARS:
            raise Refused(_too_long(_size(result)))
        return result

    for attribute in ("jinja_pass_arg",):  # keep what tells Jinja to pass the context
        if hasattr(function, attribute):
            setattr(checked, attribute, getattr(function, attribute))
    return checked


def sandboxed(**options: Any) -> Any:
    """A Jinja environment in the sandbox, strict about undefined names, with a small range(),
    and every operation that could build a huge value checked before it runs."""
    from jinja2 import StrictUndefined
    from jinja2.compiler import CodeGenerator
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class Generator(CodeGenerator):
        def visit_Concat(self, node: Any, frame: Any) -> None:  # the ~ operator
            self.write("environment.checked_join((")
            for arg in node.nodes:
                self.visit(arg, frame)
                self.write(", ")
            self.write("))")

    class Environment(ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset(_OPERATORS)
        code_generator_class = Generator
        checked_join = staticmethod(_checked_join)
        concat = staticmethod(_checked_join)  # a whole template's output

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            return _safe_binop(operator, left, right)

        def wrap_str_format(self, value: Any) -> Any:
            owner = getattr(value, "__self__", None)
            if isinstance(owner, str) and _WIDE_FORMAT.search(owner):
                raise Refused("that format width is too large")
            return super().wrap_str_format(value)

        def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
            name = getattr(__obj, "__name__", "")
            if name in _SIZED:
                for value in (*args, *kwargs.values()):
                    _check_int(value)
            result = super().call(__context, __obj, *args, **kwargs)
            if _size(result) > limits.MAX_RESULT_CHARS:
                raise Refused(_too_long(_size(result)))
            return result

    env = Environment(undefined=StrictUndefined, autoescape=False, finalize=_printable, **options)
    for name, function in list(env.filters.items()):
        env.filters[name] = _limited_filter(name, function)

    def limited_range(*args: int) -> range:
        numbers = range(*args)
        if len(numbers) > MAX_RANGE:
            raise Refused(f"range() in a template is limited to {MAX_RANGE} items")
        return numbers

    env.globals["range"] = limited_range
    env.globals.pop("lipsum", None)  # makes text of any length; a card never needs it
    return env


def _printable(value: Any) -> Any:
    """What ``{{ … }}`` prints: data only (Jinja's finalize hook)."""
    from jinja2 import Undefined

    if isinstance(value, Undefined):
        return value
    return checked_value(value)


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
