"""How a ``deck/field=value`` query (a diagram's cell, a card reference) compares a card's
field with the value it writes."""

from __future__ import annotations

from typing import Any

import yaml


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
    """A query's value as a deck's YAML would read it: true, 2.0, else the text itself."""
    try:
        read = yaml.safe_load(written)
    except yaml.YAMLError:
        return written
    return read if isinstance(read, bool | int | float) else written


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
    for term in cell.partition("/")[2].split("&"):
        name, eq, value = (part.strip() for part in term.partition("="))
        if not eq or not name:
            return terms, f"'{term}' is not field=value"
        if name in terms and not _one_value(terms[name], value):
            return terms, (
                f"'{cell}' asks for {name}={terms[name]} and {name}={value}: no card has both"
            )
        terms.setdefault(name, value)
    return terms, ""


def _one_value(one: str, other: str) -> bool:
    """Whether a card's field could match both values a query writes (``matches``): the same
    text, or the same truth value or number as YAML reads them (4 and 4.0, yes and true)."""
    if one == other:
        return True
    first, second = as_yaml(one), as_yaml(other)
    if isinstance(first, bool) or isinstance(second, bool):  # never a number, as matched
        return isinstance(first, bool) and isinstance(second, bool) and first == second
    return isinstance(first, int | float) and isinstance(second, int | float) and first == second
