"""What is said of an icon name a game asks for and does not have: the closest names, a
picture of that name in an icons/ folder, or the SVG file refused for its name that it would be
(only when a name is unknown: kept out of every build's start-up)."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from printgen.icons import fontawesome

if TYPE_CHECKING:
    from printgen.icons.library import IconLibrary


# Names already searched for in a game's icons, and what was found: a misspelt name copied
# down the 10,000 rows of a sheet is one search (each takes 5 to 12 ms among Font Awesome's
# 2,200 names: 77 s for those rows). Past this many names searched, an unknown name is said
# without the closest, with where to look the names up: 4,000 distinct names took 43 s, now
# about one second. Kept with the library, so each build (each run of watch) searches anew.
SEARCHES_AT_MOST = 100
_searched: WeakKeyDictionary[IconLibrary, dict[tuple[str, int], tuple[str, ...]]]
_searched = WeakKeyDictionary()


def suggest(library: IconLibrary, name: str, limit: int = 3) -> tuple[str, ...]:
    """The names closest to an unknown `name`; Font Awesome names only for ``fa-`` names."""
    searched = _searched.setdefault(library, {})
    found = searched.get((name, limit))
    if found is None:
        if len(searched) >= SEARCHES_AT_MOST:
            return ()
        pool = fontawesome.names() if fontawesome.is_fa(name) else library.files
        close = difflib.get_close_matches(name, list(pool), n=limit, cutoff=0.6)
        found = searched[(name, limit)] = tuple(close)
    return found


def unknown_message(library: IconLibrary, name: str, inline: bool = False) -> str:
    """The one-line error for an unknown icon, naming the closest names."""
    shown = f":{name}:" if inline else name
    what = "inline icon" if inline else "icon"
    misnamed = _misnamed(library, name)
    if misnamed is not None:  # Luna.svg, luna.SVG: said at the file, with its new name
        return (
            f"unknown {what} '{shown}': {misnamed} is not read as an icon until it is "
            f"renamed {name}.svg"
        )
    picture = next((path for stem, path in library.pictures if stem == name), None)
    if picture is not None:
        folder = picture.rsplit("/", 1)[0]
        return (
            f"unknown {what} '{shown}': {picture} is a picture, not an icon: an icon is an "
            f"SVG file ({folder}/{name}.svg); place a picture with a layout element of "
            "type: image"
        )
    close = suggest(library, name)
    if close:
        options = " or ".join(f"'{':' + c + ':' if inline else c}'" for c in close)
        hint = f"; did you mean {options}?"
    elif fontawesome.is_fa(name):
        hint = "; see the icon names at https://fontawesome.com/search?ic=free"
    else:
        hint = "; `printgen icons` lists every icon name"
    return f"unknown {what} '{shown}'{hint}"


def _misnamed(library: IconLibrary, name: str) -> str | None:
    """The SVG file refused for the capitals of its name or extension that ``name`` would be,
    if any, as the project names it."""
    for problem in library.problems:
        path = problem.path
        renamed = path.suffix.lower() == ".svg" and path.stem.lower() == name
        if renamed and path.name != f"{name}.svg" and problem.shown:  # a rename's, not a link's
            return problem.shown
    return None
