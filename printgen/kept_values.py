"""The values this process keeps for the next (compiled template code, parsed Markdown), in
memory: what the sandbox and the documents stage look up and add to, and what the unit of work
under way used. Reading and writing them to files is the build's (``printgen.building.kept``);
this store sits below every stage, so that none of them imports the build that runs it."""

from __future__ import annotations

from types import CodeType
from typing import Any

MAX_KEPT = 4096  # values a process keeps (a deck of thousands of distinct texts compiles them)

# what may be kept: code objects (templates) and tuples of plain values (parses)
Value = CodeType | tuple[Any, ...]

values: dict[str, Value] = {}  # key -> value, this process's


class Unit:
    """What one unit of work used, and the keys its files held."""

    def __init__(self) -> None:
        self.used: dict[str, Value] = {}
        self.loaded: set[str] = set()


unit: Unit | None = None  # the unit of work under way (set by printgen.building.kept.unit)


def get(key: str) -> Value | None:
    """The value kept under ``key``, noted as used by the unit of work under way."""
    value = values.get(key)
    if value is not None:
        use(key, value)
    return value


def put(key: str, value: Value, always: bool = False) -> None:
    """Keep ``value``; past ``MAX_KEPT`` values only when ``always`` (a document's own
    template, of which a game has a few)."""
    if always or len(values) < MAX_KEPT:
        values[key] = value
    use(key, value)


def use(key: str, value: Value) -> None:
    """Note that the unit of work under way used ``value`` (its file will hold it)."""
    if unit is not None and len(unit.used) < MAX_KEPT:
        unit.used[key] = value


def forget() -> None:
    """Drop what this process keeps, as a new process starts."""
    values.clear()
