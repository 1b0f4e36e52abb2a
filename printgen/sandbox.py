"""Jinja's sandbox made safe for printing: every operation that could build a value too large
to print (a huge power, a repeated text, a wide format, a long template output) is refused
before it runs, and what an expression gives must be data, never a function or an object."""

from __future__ import annotations

import math
import operator
import re
from typing import Any

from printgen import limits

MAX_RANGE = limits.MAX_RANGE  # range() in templates; Jinja's sandbox alone allows 100,000


class Refused(Exception):
    """An operation refused before it runs: its result would be too large to print."""


_PRINTABLE = (str, int, float, bool, type(None))


# what Python prints for a function, a class or an object: never data a card should show
_REPR = re.compile(r"<[^<>\n]{0,200}?(?: at 0x[0-9a-fA-F]+|class '[^'\n]*'|module '[^'\n]*')>")


def checked_value(value: Any) -> Any:
    """What an expression gives must be data (text, number, yes/no, list, mapping) of a
    printable size: never a function or object (its repr would print an address), neither
    alone nor inside a list or a text."""
    _check_data(value, [limits.MAX_RESULT_ITEMS], 0)
    return value


def _check_data(value: Any, budget: list[int], depth: int) -> None:
    if isinstance(value, str):
        if len(value) > limits.MAX_RESULT_CHARS:
            raise Refused(_too_long(len(value)))
        if "<" in value and _REPR.search(value):
            raise Refused(
                "it prints a Python function or object (its address); call functions with () "
                "or use a filter such as |upper"
            )
        return
    if isinstance(value, float) and not math.isfinite(value):
        raise Refused("it gives a number that is not finite (nan or infinity)")
    if isinstance(value, _PRINTABLE):
        return
    if isinstance(value, (list, tuple, dict)):
        budget[0] -= len(value)
        if budget[0] < 0 or depth > limits.MAX_YAML_DEPTH:
            raise Refused(
                f"it gives more than {limits.MAX_RESULT_ITEMS:,} items, or nests them too deeply"
            )
        items = list(value.items()) if isinstance(value, dict) else value
        for item in items:
            if isinstance(item, tuple) and isinstance(value, dict):
                _check_data(item[0], budget, depth + 1)
                _check_data(item[1], budget, depth + 1)
            else:
                _check_data(item, budget, depth + 1)
        return
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
        text = piece if isinstance(piece, str) else str(checked_value(piece))
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
