"""Soft hyphens (U+00AD) in card texts: where a long word — a German compound such as
``Donau\xaddampf\xadschiff`` — may break. Inside a line a soft hyphen prints nothing; at a break
the line ends with a hyphen and the word goes on on the next."""

from __future__ import annotations

from collections.abc import Callable

SOFT = "\xad"


def head_that_fits(word: str, room: float, measure: Callable[[str], float]) -> tuple[str, str]:
    """The longest head of ``word``, cut at a soft hyphen, that fits ``room`` points with its
    hyphen, and the rest of the word (keeping its later soft hyphens); ("", word) when none does.
    """
    pieces = word.split(SOFT)
    for count in range(len(pieces) - 1, 0, -1):
        head = "".join(pieces[:count]) + "-"
        if measure(head) <= room:
            return head, SOFT.join(pieces[count:])
    return "", word


def first_head(word: str) -> tuple[str, str]:
    """The word's first piece with its hyphen, and the rest: a line too narrow for any head."""
    first, _, rest = word.partition(SOFT)
    return first + "-", rest


def unbroken(text: str) -> str:
    """``text`` drawn as one string that no line breaking reaches (a sheet's margin label, a
    page's foot, an aid's title band, a PDF's title): without its soft hyphens, which the fonts
    draw as hyphens — a title broken with them on the cover read "Donau-dampf-schiff" there."""
    return text.replace(SOFT, "")
