"""Python's words for an expression that fails as it runs, in a designer's: "division by zero",
"no key 'x' in the mapping it is looked up in", "'+' cannot combine a text and a number" — never
the name of Python's exception (``ZeroDivisionError``, ``KeyError``), which a designer writing
``{{ card.cost / 2 }}`` in a card or a layout has never seen. A message no rule here reads keeps
Python's own text, without that name.

Imported only when an expression fails: a build whose expressions all work never reads it.
"""

from __future__ import annotations

import re

# Python's type names in its messages, as a designer knows the values (a YAML number is an
# int or a float, a card's empty value None)
_KINDS = {
    name: kind
    for kind, names in (
        ("a number", ("int", "float", "Decimal", "Fraction")),
        ("true or false", ("bool",)),
        ("a text", ("str", "Markup")),
        ("a list", ("list", "tuple", "range", "LList")),
        ("a mapping", ("dict", "LDict")),
        ("an empty value", ("NoneType", "None")),
        ("an undefined name", ("Undefined",)),
    )
    for name in names
}

_OPERANDS = re.compile(r"unsupported operand type\(s\) for (.+?): '(\w+)' and '(\w+)'")
_JOINED = re.compile(r'can only concatenate (\w+) \(not "(\w+)"\) to \w+')
_COMPARED = re.compile(r"'(.+?)' not supported between instances of '(\w+)' and '(\w+)'")
_REPEATED = re.compile(r"can't multiply sequence by non-int of type '(\w+)'")
_UNARY = re.compile(r"bad operand type for unary (.+?): '(\w+)'")
_POSITION = re.compile(r"(\w+) index out of range")
_UNCALLED = re.compile(r"'(\w+)' object is not callable")
_UNHASHED = re.compile(r"unhashable type: '(\w+)'")
# Jinja's words for an attribute (or key) a value that is no mapping lacks: 'None' for none
_NO_ATTRIBUTE = re.compile(r"'(\w+)(?: object)?' has no attribute '(.*)'", re.S)
EMPTY = "an empty value"
_DIGITS = re.compile(r"Exceeds the limit \((\d+) digits\) for integer string conversion.*")
# Jinja's words for a filter given an empty list (| first, | last, | min, | max, | random)
_EMPTY = re.compile(r"No (first|last|aggregated|random) item, sequence was empty\.?")
_EMPTY_ASKED = {
    "first": "first item (| first)",
    "last": "last item (| last)",
    "aggregated": "smallest or largest item (| min, | max)",
    "random": "item to choose (| random)",
}


def in_words(exc: BaseException, message: str) -> str:
    """What ``exc``, raised while an expression ran, tells the designer; ``message`` is its
    text as the sandbox shows it (shortened, Jinja's type names made plain). No full stop at
    its end: a "; in '…'" follows."""
    if isinstance(exc, OverflowError):  # 2.0 ** 2000, a whole number too large for a float
        return "a number in it grows too large"
    if isinstance(exc, ZeroDivisionError):  # "integer modulo by zero", "float division …"
        return "division by zero"
    if isinstance(exc, KeyError) and exc.args:  # its text is the key alone: "'x'"
        return f"no key {_shown(exc.args[0])} in the mapping it is looked up in"
    if isinstance(exc, IndexError) and (found := _POSITION.fullmatch(message)):
        return f"{_kind(found[1])} has no element at that position"
    if isinstance(exc, TypeError):
        if found := _OPERANDS.fullmatch(message):
            return _combined(found[1], found[2], found[3])
        if found := _JOINED.fullmatch(message):
            return _combined("+", found[1], found[2])
        if found := _COMPARED.fullmatch(message):
            return f"'{found[1]}' cannot compare {_kind(found[2])} and {_kind(found[3])}"
        if found := _REPEATED.fullmatch(message):
            # 'ab' * 1.5: a number, but not the whole number a repeat needs
            times = "a number with decimals" if found[1] == "float" else _kind(found[1])
            return f"'*' repeats a text or a list a whole number of times, not {times}"
        if found := _UNARY.fullmatch(message):
            return f"'{found[1]}' cannot be written before {_kind(found[2])}"
        if found := _UNCALLED.fullmatch(message):  # none(), card.cost()
            return f"{_kind(found[1])} cannot be called with ( ); write it without them"
        if found := _UNHASHED.fullmatch(message):  # [[1], [1]] | unique
            return (
                f"{_kind(found[1])} cannot be a mapping's key nor be told apart by | unique "
                "(a text, a number or true or false can)"
            )
    if isinstance(exc, ValueError) and (found := _DIGITS.fullmatch(message)):
        # Python's own advice here (sys.set_int_max_str_digits) is no designer's to follow
        return f"a number of more than {int(found[1]):,} digits; use smaller numbers"
    return empty_list(message) or message.rstrip(".") or "it cannot be worked out"


def of_a_value(message: str) -> str | None:
    """Jinja's "'None' has no attribute 'x'" (``none.x``, a card's empty value's ``.x``) as
    what the designer did — "an empty value (none) has no 'x' to look up" — not a name to
    check; None for another message (a mapping lacking a key is said with its keys)."""
    found = _NO_ATTRIBUTE.fullmatch(message)
    if found is None or found[1] not in _KINDS or _KINDS[found[1]] == "a mapping":
        return None
    kind = f"{EMPTY} (none)" if _KINDS[found[1]] == EMPTY else _KINDS[found[1]]
    return f"{kind} has no '{_shown(found[2])[1:-1]}' to look up"


def empty_list(message: str) -> str | None:
    """Jinja's "No first item, sequence was empty." in words, or None for another message: an
    empty list has no item for the filter to give (it is no misspelt name)."""
    if found := _EMPTY.fullmatch(message):
        asked = _EMPTY_ASKED[found[1]]
        return f"the list is empty, so it has no {asked}: test it first, {{% if … %}}"
    return None


def _combined(operator: str, left: str, right: str) -> str:
    said = f"'{operator}' cannot combine {_kind(left)} and {_kind(right)}"
    # "Score: " + card.cost: Jinja joins values as text with ~
    joins = operator == "+" and "str" in (left, right)
    return f"{said} (~ joins them as text)" if joins else said


def _kind(name: str) -> str:
    return _KINDS.get(name, f"a value of type {name}")


def _shown(key: object) -> str:
    shown = repr(key)
    return shown if len(shown) <= 60 else shown[:57] + "…"
