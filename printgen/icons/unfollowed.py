"""What an SVG asks for that is not drawn as it asks, found in its text: said as warnings by
``IconLibrary.check``, at the line that asks for it, and for an SVG picture at its path."""

from __future__ import annotations

import re

from printgen.startup.deferred import pattern

# a gradient or pattern paint (fill="url(#g)", style="fill:url(#g)"): it cannot take the icon's
# colour, so the icon would print partly in its own colours
_OWN_COLOURS = pattern(rb"(?:fill|stroke)\s*[=:]\s*[\"']?\s*url\(", re.I)
_OWN_COLOURS_SAID = (
    "a gradient or pattern (url(#…)) keeps its own colours where an icon is drawn in the one "
    "colour its text or element gives; use plain fills (or show it as a picture: type: image)"
)
# a mask or filter (mask="url(#m)", filter="url(#blur)"): the SVG converter leaves it out and
# draws what it applies to whole — a hole a mask cut printed filled, without a word
_UNDRAWN = pattern(rb"(?<![\w-])(?:mask|filter)\s*[=:]\s*[\"']?\s*url\(", re.I)
UNDRAWN_SAID = (
    'a mask or filter (mask="url(#…)", filter="url(#…)") is not drawn: what it applies to '
    'prints whole, a hole it cuts filled; cut holes as paths (fill-rule="evenodd")'
)


def unfollowed(data: bytes) -> list[tuple[int, str]]:
    """(line, message) for each kind of paint or effect the SVG ``data`` uses that the icon
    will not show, at its first use."""
    found: list[tuple[int, str]] = []
    if b"url(" not in data.lower():  # what both patterns end with: nearly every icon has none
        return found
    for found_by, said in ((_OWN_COLOURS, _OWN_COLOURS_SAID), (_UNDRAWN, UNDRAWN_SAID)):
        if (first := found_by.search(data)) is not None:
            found.append((data.count(b"\n", 0, first.start()) + 1, said))
    return found


def undrawn(data: bytes) -> bool:
    """Whether the SVG ``data`` uses a mask or filter (a picture's gradients are drawn)."""
    return b"url(" in data.lower() and _UNDRAWN.search(data) is not None
