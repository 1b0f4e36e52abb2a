"""What an operation in a template would make, worked out before it runs: the sizes the sandbox
(printgen.sandbox.jinja) checks — a value's printed length, a format's or a replacement's result,
what one evaluation has made in all — and the refusal when one is over its limit."""

from __future__ import annotations

import math
import operator
import re
import threading
from collections.abc import Callable, Iterable
from types import GeneratorType
from typing import Any

from printgen import limits
from printgen.sandbox.numbers import printed
from printgen.startup.deferred import pattern


class Refused(Exception):
    """An operation refused before it runs: its result would be too large to print."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        # a whole template's output refused: the frames of the template's code printing past
        # the limit (generators', suspended there, so in no traceback), outermost first
        self.frames: list[Any] = []


_PRINTABLE = (str, int, float, bool, type(None))
CONTAINERS = (list, tuple, dict)


# what Python prints for a function, a class or an object: never data a card should show
_REPR = pattern(r"<[^<>\n]{0,200}?(?: at 0x[0-9a-fA-F]+|class '[^'\n]*'|module '[^'\n]*')>")


class _Made(threading.local):
    """Characters and list items the evaluation under way (a card field, a document) has made:
    each result is capped, but a thousand capped texts held in one list are not."""

    size = 0
    folding = 0  # Jinja's optimizer at work: not counted, as the kept code later runs without


made = _Made()


def start() -> None:
    """An evaluation starts with nothing made (printgen.sandbox.expressions, as its time limit
    starts)."""
    made.size = 0


def charge(size: int) -> None:
    made.size += size * (not made.folding)
    if made.size > limits.MAX_MADE:
        raise Refused(
            f"it makes more than {limits.MAX_MADE:,} characters or items in all (the limit for "
            "one expression or template); simplify its loops"
        )


def checked_value(value: Any, text: bool = False) -> Any:
    """What an expression gives must be data (text, number, yes/no, list, mapping) of a
    printable size: never a function or object (its repr would print an address), neither
    alone nor inside a list or a text; with ``text``, about to be printed, its printed length."""
    _check_data(value, [limits.MAX_RESULT_ITEMS], 0)
    if text and not isinstance(value, str):
        predict(bulk(value))
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
    if isinstance(value, CONTAINERS):
        budget[0] -= len(value)
        if budget[0] < 0 or depth > limits.MAX_YAML_DEPTH:
            raise Refused(
                f"it gives more than {limits.MAX_RESULT_ITEMS:,} items, or nests them too deeply"
            )
        for item in [*value.keys(), *value.values()] if isinstance(value, dict) else value:
            _check_data(item, budget, depth + 1)
        return
    said = getattr(value, "_undefined_message", None)  # Jinja's Undefined: callable too
    if isinstance(said, str):  # decks.main.cards[9999]: say what it names none of
        from printgen.sandbox.python_words import empty_list, of_a_value

        # [] | first: empty; none.x: an empty value's attribute
        raise Refused(empty_list(said) or of_a_value(said) or f"it names nothing: {said}")
    if callable(value):
        raise Refused(
            "it gives a function, not a value; call it with () or use a filter such as |upper"
        )
    raise Refused(f"it gives a {type(value).__name__} object, not a text, number or list")


def bulk(value: Any, limit: int | None = None, printed: bool = True, depth: int = 0) -> int:
    """Characters and items in ``value`` and all it holds, counted until they pass ``limit``;
    ``printed``: the length of ``str(value)``, within a repr's escapes (made in one go, in C)."""
    limit = limits.MAX_RESULT_CHARS if limit is None else limit
    if isinstance(value, (str, bytes)):
        return len(value) + 3 * printed  # quotes and a separator, inside a list
    if not isinstance(value, CONTAINERS):
        return 0 if not printed else value.bit_length() // 3 + 6 if isinstance(value, int) else 30
    if depth > limits.MAX_YAML_DEPTH:
        return limit + 1
    total = 2 if printed else len(value)
    for item in value.items() if isinstance(value, dict) else value:
        if total > limit:
            break
        total += bulk(item, limit - total, printed, depth + 1)
    return total


def _too_long(size: int) -> str:
    return (
        f"it makes a value of {size:,} characters or items, over {limits.MAX_RESULT_CHARS:,} "
        "(the limit for one expression)"
    )


def _too_much_printed(size: int) -> str:
    return (
        f"what it prints reaches {size:,} characters, over {limits.MAX_RESULT_CHARS:,} (the "
        "limit for what one text, template or prose file prints); make its loops print less"
    )


def predict(size: int) -> None:
    """Refuse what would make ``size`` characters or items, over the limit, before it does."""
    if size > limits.MAX_RESULT_CHARS:
        raise Refused(_too_long(size))


def size_of(value: Any) -> int:
    return len(value) if isinstance(value, (str, list, tuple, dict, bytes)) else 0


def check_int(value: Any, limit: int | None = None, name: str = "") -> None:
    limit = limits.MAX_RESULT_CHARS if limit is None else limit
    if isinstance(value, int) and not isinstance(value, bool) and value > limit:
        what = f"{name}({value:,})" if name else f"a size of {value:,}"
        raise Refused(f"{what} is over {limit:,} (the limit in expressions)")


def safe_binop(operator: str, left: Any, right: Any) -> Any:
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
    if operator == "*" and not both_whole:
        count = right if isinstance(right, int) else left if isinstance(left, int) else 0
        item = left if isinstance(right, int) else right
        if count > 0:  # each copy of a list holds its texts once, but prints or sorts them all
            predict(bulk(item, limits.MAX_RESULT_CHARS // count + 1, False) * count)
    if operator == "+" and size_of(left) + size_of(right) > limits.MAX_RESULT_CHARS:
        raise Refused(_too_long(size_of(left) + size_of(right)))
    if operator == "%" and isinstance(left, str):
        check_percent(left, right)
    result = OPERATORS[operator](left, right)
    charge(size_of(result))
    return result


OPERATORS: dict[str, Any] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.truediv,
    "//": operator.floordiv,
    "**": operator.pow,
    "%": operator.mod,
}
# a printf-style conversion: its mapping key, its flags, width and precision, its type
PERCENT = pattern(r"%(\([^)]*\))?([^a-zA-Z%]*)(.?)", re.S)
# a huge width, or a width taken from the arguments: "{:>9999999}", "{:{}}"
WIDE_FORMAT = pattern(r"\{[^}]*(\d{7,}|\{)")


def _fields(specs: list[str]) -> int:
    """How wide one field of a format can be: its width or precision, and 330 digits (the
    largest float's "%f"); seven digits or a width from the arguments are refused."""
    numbers = [int(n) if len(n) < 7 else -1 for spec in specs for n in re.findall(r"\d+", spec)]
    if -1 in numbers or any("*" in spec for spec in specs):
        raise Refused("that format width is too large")
    return max(numbers, default=0) + 330


def check_percent(form: str, values: Any) -> None:
    """``form % values`` (and |format), joined by Python in one go: each conversion is as wide
    as its field and its value, and a mapping's value can be named by every conversion."""
    args = values if isinstance(values, tuple) else (values,)
    if any(isinstance(a, int) and abs(a) > limits.MAX_RESULT_CHARS for a in args):
        raise Refused("that format width is too large")
    found = [m.groups() for m in PERCENT.finditer(form)]
    size = len(form) + len(found) * _fields([spec for _, spec, _ in found])
    if isinstance(values, dict):  # printed whole by a conversion that names no key
        size += len(found) * max(map(bulk, values.values()), default=0)
        size += bulk(values) if any(not key and kind != "%" for key, _, kind in found) else 0
    else:
        size += sum(bulk(value) for value in args[: len(found)])
    predict(size)


def _check_format(form: str, args: tuple[Any, ...], kwargs: Any) -> None:
    """``str.format``, joined in one go too: "{0}" three thousand times repeats one value."""
    import string

    size, auto = len(form), 0
    for _, field, spec, _ in string.Formatter().parse(form):
        if field is not None:
            key = re.split(r"[.\[]", field)[0]
            if not key:
                key, auto = str(auto), auto + 1
            value = args[int(key)] if key.isdigit() and int(key) < len(args) else None
            if not key.isdigit():
                value = kwargs.get(key) if isinstance(kwargs, dict) else None
            size += _fields([spec or ""]) + bulk(value)
            predict(size)


def checked_output(pieces: Any) -> str:
    """Jinja's ``concat``: a whole template's output (``pieces``, the generator of its code),
    as ``checked_join`` makes it, a loop printing past the limit said as such, and at the line
    printing when it did (said at the file's first line, as one expression's, it was nowhere
    near the loop); else a macro's or a {% set %} block's text, one expression's."""
    if not isinstance(pieces, GeneratorType):
        return checked_join(pieces)
    try:
        return checked_join(pieces, output=True)
    except Refused as exc:
        # the template's code, and the code it runs inside ({% block %}, {% include %})
        while pieces is not None and (frame := getattr(pieces, "gi_frame", None)) is not None:
            exc.frames.append(frame)
            pieces = getattr(pieces, "gi_yieldfrom", None)
        raise


def checked_join(pieces: Any, output: bool = False) -> str:
    """Template output (and ``~``), built piece by piece with its length checked as it grows."""
    out: list[str] = []
    size = 0
    for piece in pieces:
        if type(piece) is str:
            text = piece
        elif type(piece) is int:  # a card's number, most often: it prints as itself
            text = str(piece)
        elif type(piece) is float:  # 1.5 ~ " coins": in a text for players, as its language
            text = printed(checked_value(piece))
        else:
            text = str(checked_value(piece, text=True))
        size += len(text)
        if size > limits.MAX_RESULT_CHARS:
            raise Refused(_too_much_printed(size) if output else _too_long(size))
        out.append(text)
    charge(size)
    return "".join(out)


def gathered(items: Iterable[Any], get: Callable[[Any], Any] | None, gap: int) -> list[Any]:
    """What a join joins, read while the joined length is counted (and refused at the limit)."""
    out: list[Any] = []
    size = 0
    for item in items:
        item = item if get is None else get(item)
        size += (len(item) if isinstance(item, (str, bytes)) else bulk(item)) + gap * bool(out)
        predict(size)
        out.append(item)
    return out


def replaced(text: Any, old: Any, new: Any, count: Any) -> None:
    found = len(text) + 1 if not old else text.count(old)
    found = min(found, count) if isinstance(count, int) and count >= 0 else found
    predict(len(text) + found * (len(new) - len(old)))


def before_method(owner: Any, name: str, args: tuple[Any, ...], kwargs: Any) -> Any:
    """A text's method that can make far more than it is given, refused before it runs."""
    kind = str if isinstance(owner, str) else bytes
    if name == "join" and len(args) == 1:
        return (gathered(args[0], None, len(owner)),)
    if name == "format" and kind is str:
        _check_format(owner, args, kwargs)
    elif name == "format_map" and kind is str and len(args) == 1:
        _check_format(owner, (), args[0])
    elif name == "replace" and len(args) >= 2 and all(isinstance(a, kind) for a in args[:2]):
        replaced(owner, args[0], args[1], (*args, -1)[2])
    elif name == "expandtabs":  # every tab becomes up to tabsize spaces
        tabsize = args[0] if args else kwargs.get("tabsize", 8)
        if isinstance(tabsize, int):
            predict(len(owner) + owner.count("\t" if kind is str else b"\t") * max(tabsize, 0))
    elif name == "translate" and kind is str and args and isinstance(args[0], CONTAINERS):
        table = args[0].values() if isinstance(args[0], dict) else args[0]
        predict(len(owner) * max((len(v) for v in table if isinstance(v, str)), default=1))
    return args
