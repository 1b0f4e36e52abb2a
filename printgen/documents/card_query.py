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
