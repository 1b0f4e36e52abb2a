"""A deck whose one 'layout' is its back's (``layout:`` of the fronts deleted, ``back:
{layout: …}`` kept): its fronts have none. It was said as "'layout' is indented under 'back',
so the deck does not have it; unindent it", and following that took the back's away."""

from __future__ import annotations

import re
from typing import Any

from printgen.folders import listed
from printgen.problems import ProjectError, Where, closest
from printgen.project import Project
from printgen.startup.deferred import pattern

MAX_NAMED = 6  # the game's layouts a message names: more, and none is named
# a layout's name: a key at its file's left edge (what load_layouts' scan reads too)
_TOP_KEY = pattern(r"^([A-Za-z0-9_][\w.-]*)\s*:", re.M)


def only_back_laid_out(node: dict[str, Any], allowed: set[str]) -> bool:
    """Whether the deck ``node`` has no layout but its back's, and no unknown key that may be
    its own misspelt (``layuot:``, said as such)."""
    back = node.get("back")
    if "layout" in node or not isinstance(back, dict) or "layout" not in back:
        return False
    return not any(closest(str(key), ["layout"]) for key in node if key not in allowed)


def no_front_layout(what: str, back: dict[str, Any], project: Project | None, game: str) -> str:
    """The message, naming the layout to write when the game's own layouts are few."""
    names = [name for name in _game_layouts(project, game) if name != back.get("layout")]
    if len(names) == 1:
        fix = f"add the line 'layout: {names[0]}' above 'back'"
    elif 1 < len(names) <= MAX_NAMED:
        fix = f"add a line 'layout: …' above 'back', naming one of {', '.join(names)}"
    else:
        fix = "add a line 'layout: <a layout>' above 'back'"
    return (
        f"{what} has no layout for its cards' fronts (the 'layout' under 'back' is its backs'): "
        f"{fix}"
    )


def _game_layouts(project: Project | None, game: str) -> list[str]:
    """The names the game's own layout files define, as their top keys; none when one of
    them cannot be read (said where layouts are read)."""
    if project is None:
        return []
    folder = project.cards / game / "layouts"
    names: set[str] = set()
    for path in listed(folder, "*.yaml") if folder.is_dir() else []:
        try:
            source = project.read_bytes(path, Where(project.rel(path)))
        except ProjectError:
            return []
        names.update(_TOP_KEY.findall(source.decode("utf-8", errors="replace")))
    return sorted(names)
