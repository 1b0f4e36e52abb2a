"""How a ``deck/field=value`` query (a diagram's cell, a card reference) compares a card's
field with the value it writes."""

from __future__ import annotations

from typing import Any

from printgen.source.pyyaml import yaml

_STD = "tag:yaml.org,2002:"
_READ_TAGS = {f"{_STD}bool", f"{_STD}int", f"{_STD}float"}  # a number or a truth value
# bits of the longest whole number a deck's YAML takes (source.yaml_scalars): Python writes
# no more than 4,300 digits of one
_MAX_INT_BITS = 14_000


class NumberTooLong(ValueError):
    """A query's value is a number longer than any a deck's YAML takes."""


def matches(value: Any, written: str, read: Any) -> bool:
    """Whether a card's field ``value`` is the one a query ``written`` (``read``: as YAML reads
    it) asks for: a truth value or a number as the deck's YAML would read the query's (true,
    2 is 2.0), a symbol by its key, a text as written; a field the card leaves out matches the
    empty query alone (Python's 'None', 'True' are no designer's spelling)."""
    if value is None:
        return written == ""
    if isinstance(value, bool):  # True is 1 to Python: a truth value matches a truth value
        return isinstance(read, bool) and value == read
    if isinstance(value, int | float):
        return isinstance(read, int | float) and not isinstance(read, bool) and value == read
    return value_key(value) == written


def as_yaml(written: str) -> Any:
    """A query's value as a deck's YAML would read it: true, 2.0, else the text itself (a
    number too long for a deck is no card's number, but a text may still hold its digits)."""
    try:
        return read_value(written)
    except NumberTooLong:
        return written


def read_value(written: str) -> Any:
    """``as_yaml``, or NumberTooLong. Read as one plain scalar, never parsed as a document:
    a value of 5,000 '[' nests past Python's recursion limit, and no list or mapping is
    compared anyway."""
    resolver: Any = yaml.resolver.Resolver()  # PyYAML's stubs leave resolve untyped
    tag = resolver.resolve(yaml.ScalarNode, written, (True, False))
    if tag not in _READ_TAGS:
        return written
    try:
        read = yaml.constructor.SafeConstructor().construct_object(
            yaml.ScalarNode(tag, written), deep=True
        )
    except ValueError:  # 4,301 digits and more: Python refuses to read them
        raise NumberTooLong(written) from None
    if isinstance(read, int) and not isinstance(read, bool) and read.bit_length() > _MAX_INT_BITS:
        raise NumberTooLong(written)  # a hexadecimal one, read past that and never printed
    return read


def query_wrong(ref: str) -> str:
    """What is wrong with the text of a query ``deck/field=value&…`` ("" when nothing is),
    before any card is compared: a term with no field, an '&' with no term, a number too
    long, two values of one field no card could both have."""
    return query_terms(ref)[1]


def value_key(value: Any) -> str:
    """A field's value as a query compares it: a symbol's key, else the value itself."""
    if isinstance(value, dict):
        return str(value.get("key", ""))
    return str(value)


def query_terms(cell: str) -> tuple[dict[str, str], str]:
    """The field=value terms of a query ``deck/field=value&…`` by field, and what is wrong
    with them ("" when nothing is): a term that is no field=value, or a field asked for twice
    with values no card could match both of ('d4=4&d4=4.0' asks for one number, as matched)."""
    terms: dict[str, str] = {}
    written = cell.partition("/")[2].split("&")
    for number, term in enumerate(written):
        name, eq, value = (part.strip() for part in term.partition("="))
        if not term.strip() and len(written) > 1:
            side = "after" if number == len(written) - 1 else "before"
            return terms, (
                f"query '{cell}' has an '&' with no field=value {side} it; write one there "
                "(cost=2&color=red), or remove the '&'"
            )
        if eq and not name:
            return terms, (
                f"query '{cell}' names no field before '={value}'; write the field's name, as "
                "in deck/field=value (main/cost=2)"
            )
        if not eq:
            return terms, f"'{term}' is not field=value"
        if (too_long := _too_long(value)) is not None:
            return terms, too_long
        if name in terms and not _one_value(terms[name], value):
            return terms, (
                f"'{cell}' asks for {name}={terms[name]} and {name}={value}: no card has both"
            )
        terms.setdefault(name, value)
    return terms, ""


def _too_long(value: str) -> str | None:
    """The message for a value that is a number longer than a deck's YAML takes, or None."""
    try:
        read_value(value)
    except NumberTooLong:
        return f"number '{value[:20]}…' is too long; write a smaller one"
    return None


def _one_value(one: str, other: str) -> bool:
    """Whether a card's field could match both values a query writes (``matches``): the same
    text, or the same truth value or number as YAML reads them (4 and 4.0, yes and true)."""
    if one == other:
        return True
    first, second = as_yaml(one), as_yaml(other)
    if isinstance(first, bool) or isinstance(second, bool):  # never a number, as matched
        return isinstance(first, bool) and isinstance(second, bool) and first == second
    return isinstance(first, int | float) and isinstance(second, int | float) and first == second
