"""Icons: built-in SVG shapes, a project's and a game's own SVGs, and Font Awesome Free.

`IconLibrary` (from `icon_library(project_root, game_folder)`) is what a game draws with. The
module-level `has_icon`, `draw_icon` and `ICON_NAMES` are the built-in icons (plus ``fa-``
names) for callers that do not know the project.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printgen.icons.icon_folder import IconFile, IconProblem, IconSource
from printgen.icons.labels import LABEL_BOXES
from printgen.icons.library import (
    BUILTIN_DIR,
    IconLibrary,
    builtin_library,
    icon_library,
    unusable_icons,
)

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = [
    "BUILTIN_DIR",
    "ICON_NAMES",
    "LABEL_ICONS",
    "IconFile",
    "IconLibrary",
    "IconProblem",
    "IconSource",
    "builtin_library",
    "draw_icon",
    "has_icon",
    "icon_library",
    "unusable_icons",
]

# Icons that draw `label` (a number: die roll, coin value, damage, ...); others ignore it.
LABEL_ICONS: frozenset[str] = frozenset(LABEL_BOXES)

ICON_NAMES: tuple[str, ...] = builtin_library().names()


def has_icon(name: str) -> bool:
    """True for a built-in icon name or a Font Awesome Free ``fa-`` name."""
    return builtin_library().has(name)


def draw_icon(
    canvas: Canvas,
    name: str,
    x: float,
    y: float,
    size: float,
    color: str = "#000000",
    label: str | None = None,
    label_font: str = "VeraBd",
) -> None:
    """Draw a built-in (or ``fa-``) icon: see `IconLibrary.draw`."""
    builtin_library().draw(canvas, name, x, y, size, color, label, label_font)
