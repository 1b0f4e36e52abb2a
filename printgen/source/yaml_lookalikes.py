"""Characters that look like YAML's own and are not, where a YAML syntax error stems from
them: a full-width colon after a key (``cost：2``, as a CJK keyboard types it) and a no-break
space in an indentation or after a key's ':' (pasted from a web page or a word processor). No
editor tells them apart from ':' and ' ', and PyYAML's words for them ("mapping values are not
allowed here", a ':' missing) blame the next line or a colon that is there."""

from __future__ import annotations

from printgen.problems import shown
from printgen.startup.deferred import pattern

NO_BREAK = "\u00a0"
# a key, then the full-width colon (U+FF1A) for its ':'
_WIDE_COLON = pattern(r"^\s*(?:-\s+)?[\w.-]+\s*(?P<colon>\uff1a)")
# a no-break space where YAML wants a plain one: in the indentation (with '- ' among it) or
# right after a key's ':' (before its value)
_HARD_SPACE = pattern(r"^[ \u00a0-]*(?P<hard>\u00a0)|^\s*(?:-\s+)?[\w.-]+:(?P<after>\u00a0)")


def lookalike_near(text: str, line: int) -> tuple[int, int, str] | None:
    """(line, column, message), both 1-based, for the first look-alike on ``line`` or the last
    line above it that holds anything (an indentation's no-break space is noticed on the next
    line written); None if none."""
    lines = text.splitlines()
    above = line - 2
    # blank lines and comments skipped; not str.strip()'s, to which a no-break space is one
    while above >= 0 and lines[above].lstrip(" ")[:1] in ("", "#"):
        above -= 1
    for index in (above, line - 1):
        if not 0 <= index < len(lines):
            continue
        source = lines[index]
        if found := _WIDE_COLON.match(source):
            return index + 1, found.start("colon") + 1, _WIDE_COLON_SAID
        if found := _HARD_SPACE.match(source):
            column = found.start("hard" if found["hard"] else "after")
            return index + 1, column + 1, _hard_space(source[:column])
    return None


_WIDE_COLON_SAID = (
    "YAML syntax error: this '\uff1a' is a full-width colon (as a CJK keyboard types it), "
    "which YAML does not read as one; replace it with ':'"
)


def _hard_space(before: str) -> str:
    """The message for a no-break space written after ``before``."""
    where = "in this line's indentation"
    if before.endswith(":"):
        where = "after this key's ':'"
    elif before.endswith("-"):
        where = "after this item's '-'"
    return (
        f"YAML syntax error: an invisible {shown(NO_BREAK)} {where}, which YAML does not read "
        "as a space; replace it with a plain space"
    )


def hard_indented(key: object) -> str | None:
    """The message for a key YAML read with a no-break space in its indentation, where it
    makes no syntax error: the line starts a key at the left edge (``\\u00a0 hand: 2`` below
    ``data:``'s keys is a key of the file's, not of ``data``); None for any other key."""
    if not isinstance(key, str):
        return None
    bare = key.lstrip(" " + NO_BREAK)
    if NO_BREAK not in key[: len(key) - len(bare)]:
        return None
    return (
        f"an invisible {shown(NO_BREAK)} in the indentation of '{bare}', which YAML does not "
        "read as a space, so it is not indented under the line above; replace it with a plain "
        "space"
    )
