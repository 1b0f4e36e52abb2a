"""A key indented a space or two off its siblings — ``count:`` under ``- id: merchant`` at 3
spaces, not 4 — which PyYAML says in its own words ("did not find expected '-' indicator",
"mapping values are not allowed in this context") at the key: said as the indentation it is,
naming the key it should line up with."""

from __future__ import annotations

from typing import NamedTuple

from printgen.startup.deferred import pattern

# a block key: its indent, a list item's dash, the key (plain, not quoted), its colon
_KEY = pattern(r"( *)(-[ ]+)?([A-Za-z_][\w.-]*)[ ]*:(?:[ ]|$)")
NEAR = 2  # spaces off a key above: a slip of the hand, not another level of nesting


class Misaligned(NamedTuple):
    column: int  # the key's, from 1
    message: str


def misaligned(text: str, line: int) -> Misaligned | None:
    """The key on ``line`` (from 1) of ``text``, when a key above it in the same block stands
    one or two spaces to its left or right: the sibling it was meant to line up with."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    here = _KEY.match(lines[line - 1])
    if here is None or here[2]:  # (a list item's key opens its own mapping)
        return None
    indent, name = len(here[1]), here[3]
    near: tuple[int, str] | None = None  # the first key above a space or two off this one
    for above in reversed(lines[: line - 1]):
        if not above.strip() or above.lstrip().startswith("#"):
            continue
        key = _KEY.match(above)
        if key is None:
            continue
        column = len(key[1]) + len(key[2] or "")
        if column == indent:
            return None  # lined up with a key of its block: something else is wrong
        if column < indent and not above[key.end() :].split("#")[0].strip():
            break  # the key whose block this one is in (`data:`, its keys below it)
        if near is None and abs(column - indent) <= NEAR:
            near = (column, key[3])
        if column < indent:
            break  # the key whose block this one is in
    if near is None:
        return None
    column, sibling = near
    message = (
        f"YAML syntax error: '{name}' is indented {_spaces(indent)}, and '{sibling}' above it "
        f"{_spaces(column)}: the keys of one mapping line up; indent '{name}' by "
        f"{_spaces(column)}, as '{sibling}'"
    )
    return Misaligned(indent + 1, message)


def _spaces(count: int) -> str:
    return f"{count} space{'s' if count != 1 else ''}"
