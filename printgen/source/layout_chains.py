"""What ``extends:`` may name: how long a chain of layouts each extending the next may be (a
real game has two or three; a chain of thousands would be laid out as deep a recursion), and the
style a style extends."""

from __future__ import annotations

from typing import Any

from printgen.problems import Where
from printgen.source.located_yaml import LDict
from printgen.source.readers import Checker, did_you_mean

MAX_EXTENDS_DEPTH = 50  # layouts each extending the next


def too_long_chain(raw: dict[str, LDict]) -> str | None:
    """The first layout (in the files' order) that starts a chain of over MAX_EXTENDS_DEPTH
    layouts each extending the next — one no layout of the chain extends in turn; None when
    every chain is short. A cycle is no long chain (it is said as a cycle)."""

    def length(name: str) -> int:
        seen: set[str] = set()
        while name in raw and len(seen) <= MAX_EXTENDS_DEPTH:
            if name in seen:  # back in the chain: a cycle
                return 0
            seen.add(name)
            parent = raw[name].get("extends")
            if not isinstance(parent, str):  # its root
                break
            name = parent
        return len(seen)

    long = [name for name in raw if length(name) > MAX_EXTENDS_DEPTH]
    extended = {parent for name in long if isinstance(parent := raw[name].get("extends"), str)}
    return next((name for name in long if name not in extended), long[0] if long else None)


def say_too_long(checker: Checker, raw: dict[str, LDict], start: str) -> None:
    message = f"over {MAX_EXTENDS_DEPTH} layouts each extending the next"
    if not any(message in problem.message for problem in checker.problems):  # say it once
        checker.error(
            raw[start].at("extends"), f"layout '{start}' starts a chain of {message}; shorten it"
        )


def unknown_style(
    checker: Checker,
    style: LDict,
    name: str,
    base: str,
    known: dict[str, Any],
    body: LDict,
) -> None:
    """A style extending one not written before it: its keys were taken from nothing, so the
    text it styles printed in the default type without a word."""
    written = body.get("styles")
    below = isinstance(written, dict) and base in written and base != name
    if below:
        hint = f"; write style '{base}' above '{name}', which extends it"
    else:
        hint = (
            did_you_mean(base, list(known))
            or f"; the styles it may extend: {', '.join(sorted(known)) or 'none'}"
        )
    checker.error(style.at("extends"), f"style '{name}' extends unknown style '{base}'{hint}")


Styles = dict[str, dict[str, Any]]
Places = dict[str, Where]


def own_styles(
    checker: Checker,
    body: LDict,
    style_maps: LDict,
    keys: set[str],
    inherited: tuple[Styles, Places, dict[str, Places]],
) -> None:
    """A layout's own ``styles:`` laid over those it inherits (``inherited``: the styles, where
    each is written and where each of its keys is, updated in place): each over the style of
    its own name, or the one its ``extends:`` names."""
    styles, style_where, style_key_where = inherited
    for style_name, style in style_maps.items():
        style_map = checker.mapping(style, style_maps.at(style_name), f"style '{style_name}'")
        if style_map is None:
            continue
        checker.keys(style_map, keys | {"extends"}, set(), f"style '{style_name}'")
        base_name = str(style_map.get("extends", style_name))
        if "extends" in style_map and base_name not in styles:
            unknown_style(checker, style_map, style_name, base_name, styles, body)
        base = styles.get(base_name, {})
        styles[style_name] = {**base, **{k: v for k, v in style_map.items() if k != "extends"}}
        style_where[style_name] = style_map.where
        style_key_where[style_name] = {
            **style_key_where.get(base_name, {}),
            **{k: w for k, w in style_map.value_where.items() if k != "extends"},
        }
