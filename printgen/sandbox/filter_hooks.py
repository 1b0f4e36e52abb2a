"""What a Jinja filter that can make far more than it is given (a batch padded a billion
times, a text wrapped with a long string at every space, a sum of lists) would make, checked
with its arguments by name before it runs (printgen.sandbox.jinja calls these)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen import limits
from printgen.sandbox.printing import refuse_percent, refuse_written
from printgen.sandbox.sizes import (
    bulk,
    charge,
    check_int,
    check_percent,
    gathered,
    predict,
    replaced,
    size_of,
)


def _sort_keys(env: Any, a: dict[str, Any]) -> None:
    """sort and groupby (case-insensitive, the default) hold a lowered copy of every key at
    once: a thousand copies of one long text are then a thousand long texts."""
    from jinja2.filters import make_multi_attrgetter

    a["value"] = items = list(a["value"])
    if not a["case_sensitive"]:
        get = make_multi_attrgetter(env, a["attribute"])
        charge(sum(len(k) for item in items for k in get(item) if isinstance(k, str)))


def _batch(env: Any, a: dict[str, Any]) -> None:
    """batch(n, fill) pads with n copies in one go, in C; slice(n) makes n lists."""
    if "slices" in a:
        check_int(a["slices"], limits.MAX_RESULT_ITEMS, "slice")
        charge(a["slices"] if isinstance(a["slices"], int) else 0)
    elif isinstance(a["linecount"], int) and a["fill_with"] is not None:
        check_int(a["linecount"])
        charge(a["linecount"])


def _join(env: Any, a: dict[str, Any]) -> None:
    from jinja2.filters import make_attrgetter

    get = make_attrgetter(env, a["attribute"]) if a["attribute"] is not None else None
    gap = len(a["d"]) if isinstance(a["d"], str) else bulk(a["d"])
    a["value"], a["attribute"] = gathered(a["value"], get, gap), None
    for item in (a["d"], *a["value"]):  # [[1, 2]] | join: an item printed as Python writes it
        refuse_written(item)


def _sum(env: Any, a: dict[str, Any]) -> None:
    """sum(lists, start=[]) makes a longer list at each item, in C, where no alarm stops it."""
    from jinja2.filters import make_attrgetter

    if isinstance(a["start"], (list, tuple)):
        if a["attribute"] is not None:
            a["iterable"] = map(make_attrgetter(env, a["attribute"]), a["iterable"])
        a["iterable"], a["attribute"] = list(a["iterable"]), None
        running = len(a["start"])
        for item in a["iterable"]:
            running += size_of(item)
            predict(running)
            charge(running)


def _lines(env: Any, a: dict[str, Any]) -> None:
    """indent and wordwrap add their padding or wrapstring to every line (a line of wordwrap
    ends at a space or a hyphen, or every ``width`` characters; one character stands in for
    the space it replaces)."""
    s, pad = str(a["s"]), a["width"]
    lines = s.count("\n")
    if "wrapstring" in a:
        pad, width = str(a["wrapstring"] or env.newline_sequence), a["width"]
        lines = sum(map(s.count, " \t\n\r\v\f-")) + len(s) // max(width, 1) if len(pad) > 1 else 0
    predict(len(s) + (lines + 1) * (max(pad, 0) if isinstance(pad, int) else len(str(pad))))


def _urlize(env: Any, a: dict[str, Any]) -> None:
    s = str(a["value"])  # a link has a dot, an @ or a colon, and is written twice in its tag
    extra = 100 + len(str(a["target"] or "")) + len(str(a["rel"] or ""))
    predict(2 * len(s) + (s.count(".") + s.count("@") + s.count(":")) * extra)


def _format(form: Any, values: Any) -> None:
    refuse_written(form)
    refuse_percent(str(form), values)
    check_percent(str(form), values)


# filters that can make far more than they are given, checked with their arguments by name
HOOKS: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "batch": _batch,
    "slice": _batch,
    "tojson": lambda env, a: check_int(a["indent"]),  # and _dumps counts what it writes
    "format": lambda env, a: _format(a["value"], a["kwargs"] or a["args"]),
    "replace": lambda env, a: replaced(str(a["s"]), str(a["old"]), str(a["new"]), a["count"]),
    "join": _join,
    "sum": _sum,
    "sort": _sort_keys,
    "groupby": _sort_keys,
    "indent": _lines,
    "wordwrap": _lines,
    "urlize": _urlize,
}
