"""A number written with a decimal comma in a mapping in braces (``{width: 63,5mm}``), where
YAML's comma parts the entries: it read width 63 and a key '5mm' with no value. Said once for
the whole number as written, at its start, with its fix (for yaml_events)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printgen.problems import Problem, Where
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from printgen.source.located_yaml import LDict

# a whole number, then each ',X' YAML took for a key of its own: X starts with a digit and ends
# with its entry (a ':' would give it a value, and make it a key as meant)
_RUN = pattern(r"[-+]?\d+((?:,\d[^,{}\[\]:\n]*(?=[,}]))+)")
_FRACTION = pattern(r"(\d+)\s*(?:mm|cm|in|pt)?")
_THOUSANDS = pattern(r"[-+]?[1-9]\d{0,2}")  # before ',000': a thousand, or 1.0
NAMED = 3  # keys named in the message: '2', '3' and '4'; past them, how many more


class FlowCommas:
    """The source text of a YAML file, read again where a mapping in braces got a key with no
    value that starts with a digit (rare: nothing is read for any other key)."""

    def __init__(self, text: str, rel: str, offset: int = 0) -> None:
        self.text, self.rel, self.offset = text, rel, offset
        self.lines: list[str] | None = None
        self.said: set[Where] = set()  # the keys of a number said ('3' of 1,2,3)

    def parted(self, out: LDict, key: str, key_where: Where, problems: list[Problem]) -> bool:
        """Whether a key read with no value is part of a number YAML parted at its comma:
        said in ``problems`` with its fix the first time, and never kept as a key."""
        if not key[:1].isdigit() or not out or not self.text:
            return False
        if key_where in self.said:
            return True
        entry = next(reversed(out))  # the one the number was written in
        start = out.value_where.get(entry)
        if start is None or start.line != key_where.line:
            return False
        self.lines = self.lines or self.text.split("\n")
        row = start.line - self.offset - 1
        found = _RUN.match(self.lines[row], start.col - 1) if 0 <= row < len(self.lines) else None
        if found is None:
            return False
        parts, at = [], found.start(1)
        for part in found[1][1:].split(","):
            parts.append(part.rstrip())
            self.said.add(Where(self.rel, start.line, at + 2))
            at += len(part) + 1
        if key_where not in self.said:  # another number on the line: not this key's
            return False
        number = found[0][: found.start(1) - found.start(0)]
        problems.append(Problem(start, _said(entry, found[0].rstrip(), number, parts)))
        return True


def _said(key: str, written: str, number: str, parts: list[str]) -> str:
    names = [f"'{_short(part)}'" for part in parts[:NAMED]]
    if len(parts) > NAMED:
        names[-1] = f"{len(parts) - NAMED + 1:,} more"
    keys = f"a key {names[0]}" if len(names) == 1 else f"the keys {', '.join(names[:-1])}"
    keys += f" and {names[-1]}" if len(names) > 1 else ""
    read = f"so {_short(key)}: {_short(written)} was read as {_short(key)}: {number} and {keys}"
    fraction = _FRACTION.fullmatch(parts[0])
    if len(parts) > 1 or fraction is None:  # no one number: which was meant is not said
        fix = "write one number, its decimals after a point (1.5), or quote a text"
    elif len(fraction[1]) == 3 and _THOUSANDS.fullmatch(number):
        whole, point = written.replace(",", ""), written.replace(",", ".")
        fix = f"write {whole} for a thousand, or {point} with a decimal point"
    else:
        fix = f"write {written.replace(',', '.')} (a decimal point)"
    return f"inside {{ }} a comma parts the entries, {read}; {fix}"


def _short(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:39]}…"
