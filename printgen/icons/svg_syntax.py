"""An SVG's path data (``d=``) and transforms read strictly, before svglib draws them.

svglib reads both loosely: a command short of numbers ("L 5") or followed by some it takes none
of ("Z 3") failed with Python's own words ("Path.lineTo() missing 1 required positional
argument"), an arc short of numbers ("A 5") or a transform cut short ("rotate(") was left out
without a word, the shape drawn without it. The grammar is SVG's, read by patterns that never
backtrack (possessive and atomic: the time grows with the text alone).
"""

from __future__ import annotations

import re
from typing import Any

_NUMBER = r"[+-]?+(?:\d++(?:\.\d*+)?+|\.\d++)(?:[eE][+-]?+\d++)?+"
_FLAG = r"[01]"
_SEP = r"(?>\s*+,?+\s*+)"  # between numbers, and (as svglib reads them) between commands


def _group(*arguments: str) -> str:
    """One set of a command's arguments, separated as SVG allows."""
    return _SEP.join(arguments)


def _command(letters: str, *arguments: str) -> str:
    """A command: its letter, then one or more sets of its arguments (none for Z)."""
    if not arguments:
        return f"[{letters}]"
    one = _group(*arguments)
    return f"(?>[{letters}]\\s*+{one}(?:{_SEP}{one})*+)"


_N = _NUMBER
_DRAWING = "|".join(
    [
        _command("LlTt", _N, _N),
        _command("HhVv", _N),
        _command("SsQq", _N, _N, _N, _N),
        _command("Cc", _N, _N, _N, _N, _N, _N),
        _command("Aa", _N, _N, _N, _FLAG, _FLAG, _N, _N),
        _command("Mm", _N, _N),
        _command("Zz"),
    ]
)
# the longest run of whole commands from the start: where it ends, the path data is malformed
_PATH = re.compile(rf"\s*+(?:{_command('Mm', _N, _N)}(?:{_SEP}(?:{_DRAWING}))*+{_SEP})?+")


def _call(name: str, counts: tuple[int, ...]) -> str:
    """A transform function: its name and one of its counts of numbers, in parentheses."""
    numbers = "|".join(_group(*[_N] * count) for count in sorted(counts, reverse=True))
    return rf"(?>{name}\s*+\(\s*+(?>{numbers})\s*+\))"


_FUNCTION = "|".join(
    [
        _call("matrix", (6,)),
        _call("translate", (1, 2)),
        _call("scale", (1, 2)),
        _call("rotate", (1, 3)),
        _call("skew[XY]", (1,)),
    ]
)
_TRANSFORM = re.compile(rf"\s*+(?:(?:{_FUNCTION})(?:{_SEP}(?:{_FUNCTION}))*+\s*+)?+")
_SHOWN = 24  # characters of the malformed text a message quotes


def malformed(root: Any) -> tuple[int, str] | None:
    """The line and the message of the first element of the parsed SVG (an lxml tree) whose
    path data or transform SVG cannot read; None when all can be."""
    for element in root.iter():
        if not isinstance(element.tag, str):  # a comment, a processing instruction
            continue
        path = element.get("d") if element.tag.rpartition("}")[2] == "path" else None
        if path is not None and (near := _stop(_PATH, path)) is not None:
            return element.sourceline or 1, (
                f"its path data is malformed near '{near}': a command lacks numbers or has some "
                "left over (M, L, T take 2, H, V 1, S, Q 4, C 6, A 7 with flags of 0 or 1, Z "
                "none); the drawing program that exported it wrote it wrong: export it again, "
                "or mend that d= attribute"
            )
        transform = element.get("transform")
        if transform is not None and (near := _stop(_TRANSFORM, transform)) is not None:
            return element.sourceline or 1, (
                f"its transform is malformed near '{near}' (matrix takes 6 numbers, translate "
                "and scale 1 or 2, rotate 1 or 3, skewX and skewY 1, in parentheses); the "
                "drawing program that exported it wrote it wrong: export it again, or mend "
                "that transform= attribute"
            )
    return None


def _stop(grammar: re.Pattern[str], text: str) -> str | None:
    """Where ``text`` stops following ``grammar``, quoted; None when it follows it to its end."""
    end = grammar.match(text).end()  # type: ignore[union-attr]  # it matches empty text
    if end == len(text):
        return None
    near = " ".join(text[end:].split())
    return near if len(near) <= _SHOWN else near[: _SHOWN - 1] + "…"
