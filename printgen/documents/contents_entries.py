"""How one entry of a table of contents is set: on one line when it fits beside its page
number, as before; else wrapped after a word onto the lines under it, those standing in by a
hanging indent, the page number on its last line (cut with "…", a long heading on an A5
booklet's contents lost its end: "Turn structure: drawing, trading and…")."""

from __future__ import annotations

from collections.abc import Callable

MAX_ENTRY_LINES = 4  # a heading longer than this many lines is cut on its last one, with "…"
HANGING = 1.5  # em: how far an entry's second and later lines stand in
WRAPPED_LINE = 0.8  # of the step between entries: the step between one entry's own lines

Width = Callable[[str], float]


def entry_lines(title: str, room: float, indent: float, width: Width) -> list[str]:
    """``title`` on lines no wider than ``room`` (the first) and ``room - indent`` (the
    others, which stand in by ``indent``): broken after a word, a word wider than a whole line
    where the line ends; past MAX_ENTRY_LINES the last one is cut after a word, with "…"."""
    if width(title) <= room:
        return [title]
    words = title.split()
    lines: list[str] = []
    at = 0
    while at < len(words) and len(lines) < MAX_ENTRY_LINES:
        space = room - (indent if lines else 0)
        line = words[at]
        at += 1
        if width(line) > space:  # one word wider than a line: it goes on on the next
            cut = _fitting_start(line, space, width)
            words.insert(at, line[cut:])
            lines.append(line[:cut])
            continue
        while at < len(words) and width(f"{line} {words[at]}") <= space:
            line = f"{line} {words[at]}"
            at += 1
        lines.append(line)
    if at < len(words):
        rest = " ".join([lines.pop(), *words[at:]])
        lines.append(fitted_title(rest, room - (indent if lines else 0), width))
    return lines


def fitted_title(title: str, room: float, width: Width) -> str:
    """``title`` no wider than ``room``: a heading too long for it is cut after a word and
    ends in "…" (printed whole, it ran over its page number and past the margin — a long
    heading on an A5 booklet's contents read "…onto a second li13")."""
    if width(title) <= room:
        return title
    words = title.split()
    # the most words, then characters, that fit: found by halving (a heading of thousands of
    # words, one word off at a time, measured millions of characters)
    kept = _longest(len(words), lambda n: width(" ".join(words[:n]) + "…") <= room)
    cut = " ".join(words[:kept])
    cut = cut[: _fitting_start(cut, room, width, "…")]
    return cut.rstrip(" ,;:.–—-") + "…"


def _fitting_start(text: str, room: float, width: Width, end: str = "") -> int:
    """How many of ``text``'s first characters, followed by ``end``, fit ``room`` (one at
    least)."""
    return _longest(len(text), lambda n: width(text[:n] + end) <= room)


def _longest(count: int, fits: Callable[[int], bool]) -> int:
    """The largest n from 1 to ``count`` that ``fits`` (1 when none does): ``fits`` holds
    for every n below one it holds for, as a text's start fits wherever a longer one does."""
    low, high = 1, count
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low
