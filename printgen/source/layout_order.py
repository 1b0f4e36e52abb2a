"""The order a layout's elements are drawn in: as written, a parent's before a child's, except
an element that says ``under: NAME`` — drawn just before that element, so under it. It is how a
layout puts full-card art behind the text it inherits from ``card-base``
(``picture: {type: image, under: frame, …}``), which an element added after them cannot be."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from printgen.source.readers import Checker, did_you_mean

if TYPE_CHECKING:
    from printgen.source.layouts import Element


def stacked(
    checker: Checker, layout: str, elements: list[Element], refused: Collection[str] = ()
) -> list[Element]:
    """``elements`` in drawing order; a wrong ``under:`` is an error at its line and leaves its
    element where it was written (one naming an element of the ``refused``, whose own error is
    said, only leaves it there)."""
    names = {element.name for element in elements}
    moving: dict[str, str] = {}
    for element in elements:
        target = element.props.get("under")
        if target is None or target == "":  # "" undoes an inherited under:
            continue
        where = element.where.get("under", element.origin)
        if not isinstance(target, str):
            checker.error(
                where, f"element '{element.name}' under: one element's name, not {target!r}"
            )
        elif target == element.name:
            checker.error(where, f"element '{element.name}' cannot be drawn under itself")
        elif target not in names and target not in refused:
            tail = did_you_mean(target, names - {element.name})
            checker.error(
                where,
                f"element '{element.name}' under: layout '{layout}' has no element "
                f"'{target}'{tail}",
            )
        elif target in names:
            moving[element.name] = target
    order = [element for element in elements if element.name not in moving]
    waiting = [element for element in elements if element.name in moving]
    while waiting:
        placed = {element.name for element in order}
        ready = [element for element in waiting if moving[element.name] in placed]
        if not ready:  # each waits for another: a loop
            first = min(waiting, key=lambda element: element.name)
            checker.error(
                first.where.get("under", first.origin),
                f"layout '{layout}': elements drawn under each other in a loop "
                f"({_loop(first.name, moving)}); break it",
            )
            return elements
        for element in ready:  # in written order: two under the same element keep theirs
            order.insert(order.index(_named(order, moving[element.name])), element)
        waiting = [element for element in waiting if moving[element.name] not in placed]
    return order


def _named(order: list[Element], name: str) -> Element:
    return next(element for element in order if element.name == name)


def _loop(start: str, moving: dict[str, str]) -> str:
    """``a -> b -> a``: the names from ``start`` round to the first one met again."""
    seen = [start]
    while (following := moving.get(seen[-1])) is not None and following not in seen:
        seen.append(following)
    return " -> ".join([*seen, following or start])
