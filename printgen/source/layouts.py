"""Card layouts (files listed by ``Project.layout_files``): elements in mm, styles, ``extends``.

A layout inherits its parent's styles and elements; an element or style with the same name
overrides the parent's key by key, new elements are drawn after the inherited ones (unless one
says ``under:``, printgen/source/layout_order.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printgen.folders import GAME_FOLDERS, PROJECT_FOLDERS, not_a_folder
from printgen.limits import MAX_LAYOUT_ELEMENTS
from printgen.problems import Problem, ProjectError, Where
from printgen.project import Project
from printgen.source.layout_chains import (
    MAX_EXTENDS_DEPTH,
    own_styles,
    say_too_long,
    too_long_chain,
)
from printgen.source.layout_order import stacked
from printgen.source.layout_values import (
    empty_lengths,
    layout_defaults,
    printed_words,
    style_colours,
    unknown_type,
    when_word,
)
from printgen.source.located_yaml import LDict
from printgen.source.packaged import packaged, rebased
from printgen.source.readers import Checker, did_you_mean
from printgen.startup.deferred import pattern

STYLE_KEYS = {"font", "size", "min_size", "color", "align", "valign", "leading", "bold", "italic"}
COMMON_KEYS = {"type", "x", "y", "w", "h", "when", "bleed", "decor", "under"}
SHAPE_KEYS = {"fill", "stroke", "stroke_width", "dash"}
ELEMENT_KEYS = {
    "rect": COMMON_KEYS | SHAPE_KEYS | {"radius"},
    "ellipse": COMMON_KEYS | SHAPE_KEYS,
    "polygon": COMMON_KEYS | SHAPE_KEYS | {"sides", "angle"},
    "star": COMMON_KEYS | SHAPE_KEYS | {"points", "inner", "angle"},
    "line": COMMON_KEYS | {"x2", "y2", "stroke", "stroke_width", "dash"},
    "text": COMMON_KEYS | {"text", "style", "rotate"} | STYLE_KEYS,
    "icon": COMMON_KEYS | {"name", "color", "label", "rotate"},
    "image": COMMON_KEYS | {"path", "rotate", "fit"},
}


@dataclass
class Element:
    """One element of a layout: its properties and where each is written."""

    name: str
    props: dict[str, Any]
    where: dict[str, Where]  # per property, for messages
    origin: Where  # the element's own definition
    # the properties written by a layout that says its size: they follow the card's size
    # (what a layout without one writes is taken as written)
    sized: frozenset[str] = frozenset()
    kept_when: bool = False  # overridden, its when: inherited: a deck may never draw it
    # a length written as an expression, on cards of another size than the layout's: each
    # card's value is stretched as a constant would have been, value -> a · value + b (each
    # resize's stretch about the safe zone's edge, composed: a parent's, then the child's)
    stretched: dict[str, tuple[float, float]] = field(default_factory=dict)

    @property
    def type(self) -> str:
        return str(self.props.get("type", "rect"))


@dataclass
class Layout:
    """A named card layout: its styles and elements, after extends is resolved."""

    name: str
    styles: dict[str, dict[str, Any]]
    elements: list[Element]
    where: Where
    style_where: dict[str, Where] = field(default_factory=dict)
    # each style's keys, where each is written (a style's own, else the one it extends)
    style_key_where: dict[str, dict[str, Where]] = field(default_factory=dict)
    size: tuple[float, float] | None = None  # the card size its positions are written for
    drawn_for: tuple[float, float] | None = None  # resized: the size it was written for
    packaged: bool = False  # printgen's own (card-base…), said at the line that names it
    # what the layout prints for a field a deck does not declare (card-base: colour, tint…)
    defaults: dict[str, Any] = field(default_factory=dict)
    defaults_where: dict[str, Where] = field(default_factory=dict)  # each default's line
    # elements written but refused (an error said at them): a child's override of one, or an
    # under: naming one, is no second mistake
    refused: frozenset[str] = frozenset()


@dataclass
class LayoutLibrary:
    """Every layout a game can use, by name."""

    layouts: dict[str, Layout]
    _resized: dict[tuple[str, tuple[float, float], float], Layout] = field(default_factory=dict)
    _named: dict[tuple[int, Where], Layout] = field(default_factory=dict)

    def get(
        self, name: str, where: Where, size: tuple[float, float] | None = None, safe: float = 0.0
    ) -> Layout:
        """The layout; with ``size`` (and the deck's ``safe`` zone), resized to cards of that
        size when it is written for another (the same object for every such deck)."""
        if name in self.layouts:
            layout = self.layouts[name]
            if size is None or layout.size is None or layout.size == size:
                return layout
            key = (name, size, safe)
            if key not in self._resized:
                from printgen.source.layout_sizes import resized

                self._resized[key] = resized(layout, size, safe)
            return self._resized[key]
        files = "cards/<game>/layouts/*.yaml or templates/layouts/*.yaml"
        tail = did_you_mean(name, self.layouts, f"; define it in a layout file: {files}")
        raise ProjectError([Problem(where, f"unknown layout '{name}'{tail}")])

    def named_at(self, layout: Layout, where: Where) -> Layout:
        """``layout`` as a deck's ``layout:`` line at ``where`` names it. printgen's own
        layouts (card-base, back-base) are said at that line, in the designer's file — not in
        the package's file, which the designer cannot edit."""
        if not packaged(layout.where) or packaged(where):
            return layout
        key = (id(layout), where)
        if key not in self._named:
            self._named[key] = replace(
                layout,
                elements=[
                    replace(e, where=dict.fromkeys(e.where, where), origin=where)
                    for e in layout.elements
                ],
                style_where=dict.fromkeys(layout.style_where, where),
                style_key_where={
                    name: dict.fromkeys(keys, where)
                    for name, keys in layout.style_key_where.items()
                },
                packaged=True,
            )
        return self._named[key]


def load_layouts(
    project: Project, wanted: set[str] | None = None, game_id: str | None = None
) -> LayoutLibrary:
    """Read the layout files that define ``wanted`` and what they extend (all files: None):
    the shared ones and those of ``game_id``.

    A build reads only its game's layouts: parsing every game's layouts costs more start-up
    than drawing a deck. Which file defines which layout comes from a scan of the top-level
    keys; whatever the scan cannot place makes us read every file.
    """
    raw: dict[str, LDict] = {}
    named_at: dict[str, Where] = {}  # each layout's name, where it is written
    twice: set[str] = set()
    checker = Checker()
    for folder, holding in (
        (project.templates / "layouts", PROJECT_FOLDERS["templates/layouts"]),
        *([(project.cards / game_id / "layouts", GAME_FOLDERS["layouts"])] if game_id else []),
    ):  # said at it: skipped, each deck's layout was an "unknown layout" of its own
        if (why := not_a_folder(folder, project.root, holding)) is not None:
            checker.error(Where(project.rel(folder)), f"layouts {why}")
    for path in _files_for(project, project.layout_files(game_id), wanted):
        rel = project.rel(path)
        node = checker.read(path, rel, project)
        if node is None:
            continue
        top = checker.mapping(node, Where(rel, 1, 1), rel)
        for name, definition in (top or {}).items():
            body = checker.mapping(
                definition, top.at(name) if top else Where(rel), f"layout '{name}'"
            )
            if body is None:
                continue
            if name in raw:
                here, first = top.key_at(name) if top else Where(rel), named_at[name]
                if Path(here.path).is_absolute():  # printgen's own (said at the designer's)
                    here, first = first, here
                also = (  # not a path inside printgen's install
                    f"printgen's own layouts ({Path(first.path).name}) define it too; rename yours"
                    if Path(first.path).is_absolute()
                    else f"also at {first}; rename one"
                )
                checker.error(here, f"layout '{name}' is defined twice ({also})")
                twice.add(name)
                continue
            checker.keys(body, _LAYOUT_KEYS, set(), f"layout '{name}'")
            raw[name], named_at[name] = body, top.key_at(name) if top else Where(rel)
    for name in twice:  # which one was meant is not known: a layout extending it says nothing
        del raw[name]
    layouts: dict[str, Layout] = {}
    broken = bool(checker.problems)
    if (deepest := too_long_chain(raw)) is not None:  # whichever order they are written in
        say_too_long(checker, raw, deepest)
    for name in raw:
        _resolve(broken, name, raw, layouts, [], checker)
    if checker.problems:
        # no card is laid out with these layouts, whose values are checked as each card is:
        # a style's colour written wrong is said now, in the same run as the rest
        style_colours(checker, raw)
        raise ProjectError(checker.problems)
    return LayoutLibrary(layouts)


_LAYOUT_KEYS = {"extends", "size", "defaults", "styles", "elements"}
_TOP_KEY = pattern(r"^([A-Za-z0-9_][\w.-]*)\s*:", re.M)
_EXTENDS = pattern(r"^\s+extends\s*:\s*['\"]?([\w.-]+)", re.M)


def _files_for(project: Project, paths: list[Path], wanted: set[str] | None) -> list[Path]:
    if wanted is None:
        return paths
    defines: dict[str, list[Path]] = {}
    extends: dict[Path, set[str]] = {}
    for path in paths:
        try:
            raw = project.read_bytes(path, Where(project.rel(path)))
        except ProjectError:
            return paths  # the full read reports it at its place
        source = raw.decode("utf-8", errors="replace")
        for name in _TOP_KEY.findall(source):
            defines.setdefault(name, []).append(path)
        extends[path] = set(_EXTENDS.findall(source))
    chosen: list[Path] = []
    todo = list(wanted)
    while todo:
        name = todo.pop()
        if name not in defines:
            return paths  # unknown to the scan: let the full read report it precisely
        for path in defines[name]:
            if path not in chosen:
                chosen.append(path)
                todo.extend(extends[path])
    return sorted(chosen)


def _resolve(
    broken: bool,
    name: str,
    raw: dict[str, LDict],
    done: dict[str, Layout],
    chain: list[str],
    checker: Checker,
) -> Layout | None:
    if name in done:
        return done[name]
    body = raw[name]
    if name in chain:
        # the same cycle is met from each of its layouts: name it once, from its first name
        loop = chain[chain.index(name) :]
        start = loop.index(min(loop))
        loop = loop[start:] + loop[:start]
        cycle = " -> ".join([*loop, loop[0]])
        checker.error(raw[loop[0]].at("extends"), f"layout 'extends' cycle: {cycle}; break it")
        return None
    styles: dict[str, dict[str, Any]] = {}
    style_where: dict[str, Where] = {}
    style_key_where: dict[str, dict[str, Where]] = {}
    elements: dict[str, Element] = {}
    defaults: dict[str, Any] = {}
    defaults_where: dict[str, Where] = {}
    refused: set[str] = set()
    size = checker.card_size(body, f"layout '{name}'") if "size" in body else None
    parent_name = body.get("extends")
    if parent_name is not None and not isinstance(parent_name, str):
        checker.error(
            body.at("extends"), f"layout '{name}' extends: one layout's name, not {parent_name!r}"
        )
        return None
    if len(chain) >= MAX_EXTENDS_DEPTH:
        say_too_long(checker, raw, chain[0])
        return None
    if parent_name is not None:
        if parent_name not in raw:
            if broken:  # the parent is most likely in the file that could not be read
                return None
            tail = did_you_mean(str(parent_name), raw)
            checker.error(
                body.at("extends"), f"layout '{name}' extends unknown layout '{parent_name}'{tail}"
            )
            return None
        parent = _resolve(broken, parent_name, raw, done, [*chain, name], checker)
        if parent is None:
            return None
        styles = {k: dict(v) for k, v in parent.styles.items()}
        # what printgen's own styles wrote is said at the extends: line, as their elements are
        style_where = {k: rebased(w, body) for k, w in parent.style_where.items()}
        style_key_where = {
            k: {key: rebased(w, body) for key, w in v.items()}
            for k, v in parent.style_key_where.items()
        }
        if size is not None and parent.size is not None and size != parent.size:
            # what it inherits, placed for its own size (a deck's safe zone is 3 mm unless set)
            from printgen.source.layout_sizes import resized

            parent = resized(parent, size, DEFAULT_SAFE_MM)
        size = size or parent.size
        elements = {e.name: _inherited(e, body) for e in parent.elements}
        defaults, defaults_where = dict(parent.defaults), dict(parent.defaults_where)
        refused = set(parent.refused)
    own = layout_defaults(checker, _map(checker, body, "defaults"), name)
    defaults.update(own)
    defaults_where.update((key, body["defaults"].at(key)) for key in own)
    style_maps = _map(checker, body, "styles") or LDict()
    own_styles(checker, body, style_maps, STYLE_KEYS, (styles, style_where, style_key_where))
    element_maps = _map(checker, body, "elements") or LDict()
    for element_name, definition in element_maps.items():
        props = checker.mapping(
            definition, element_maps.at(element_name), f"element '{element_name}'"
        )
        if props is None:
            refused.add(element_name)
            continue
        inherited = elements.get(element_name)
        if inherited is None and element_name in refused and "type" not in props:
            continue
        if inherited is None and parent_name is not None and "type" not in props:
            # a misspelt override ('titel: {y: 6}') was a new rect with neither fill nor
            # stroke: nothing drawn, the title left where it was, and validate said ok
            checker.error(
                body["elements"].key_at(element_name),
                f"element '{element_name}' overrides nothing ('{parent_name}' has no element "
                "of that name) and has no type"
                + did_you_mean(
                    element_name, elements, f"; give a new one its type: {', '.join(ELEMENT_KEYS)}"
                ),
            )
            continue
        merged = {**(inherited.props if inherited else {}), **props}
        where = {**(inherited.where if inherited else {}), **props.value_where}
        kind = merged.get("type", "rect")
        if unknown_type(checker, props, kind, element_name, ELEMENT_KEYS):
            refused.add(element_name)
            continue
        checker.keys(props, ELEMENT_KEYS[kind], set(), f"{kind} element '{element_name}'")
        when_word(checker, props, element_name)
        empty_lengths(checker, props, element_name)
        printed_words(checker, props, element_name)
        sized = (inherited.sized - props.keys()) if inherited else frozenset()
        if "size" in body:
            sized |= props.keys()
        kept_when = inherited is not None and "when" in merged and "when" not in props
        stretched = (
            {k: v for k, v in inherited.stretched.items() if k not in props} if inherited else {}
        )
        elements[element_name] = Element(
            element_name, merged, where, props.where, sized, kept_when, stretched
        )
    if len(elements) > MAX_LAYOUT_ELEMENTS:  # each is drawn on every card
        checker.error(
            body.where,
            f"layout '{name}' has {len(elements):,} elements, over {MAX_LAYOUT_ELEMENTS:,} "
            "(the limit for one layout)",
        )
        return None
    layout = Layout(
        name,
        styles,
        stacked(checker, name, list(elements.values()), refused),
        body.where,
        style_where,
        style_key_where,
        size,
        defaults=defaults,
        defaults_where=defaults_where,
        refused=frozenset(refused),
    )
    done[name] = layout
    return layout


DEFAULT_SAFE_MM = 3.0


def _inherited(element: Element, body: LDict) -> Element:
    """A parent's element as the child layout ``body`` takes it. What printgen's own layouts
    (card-base, back-base) wrote is said at the child's ``extends:`` line, in the designer's
    file, where it can be overridden — not in the package's file, which the designer cannot
    edit."""
    where = {key: rebased(place, body) for key, place in element.where.items()}
    origin = rebased(element.origin, body)
    return replace(element, props=dict(element.props), where=where, origin=origin)


def _map(checker: Checker, body: LDict, key: str) -> LDict | None:
    if key not in body:
        return None
    return checker.mapping(body[key], body.at(key), key)
