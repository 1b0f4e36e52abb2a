"""Where game.yaml writes a character a card's text prints from a game value: the backs'
``{{ game.title }}`` printing an emoji was said at the deck's ``layout:`` line (the back's),
and the designer looked there for it in vain."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from printgen.layout import unprintable
from printgen.problems import ProjectError, Where

if TYPE_CHECKING:
    from printgen.layout.evaluate import LayoutContext
    from printgen.source.layouts import Element

_LINE_BREAKS = ("\r\n", "\r")


def game_text_place(ctx: LayoutContext, element: Element) -> Callable[[str], Where | None] | None:
    """For an element whose text prints a game value: where game.yaml first writes a text
    (as itself or as a YAML escape); None for any other element."""
    written = element.props.get("text")
    if not isinstance(written, str) or "game." not in written:
        return None
    rel = f"{ctx.game.folder}/game.yaml"

    def place(needle: str) -> Where | None:
        try:
            text = ctx.project.read_text(ctx.project.root / rel, Where(rel))
        except ProjectError:
            return None
        for brk in _LINE_BREAKS:  # as an editor counts lines
            text = text.replace(brk, "\n")
        lines = text.split("\n")
        escapes = unprintable.yaml_escapes(needle) if len(needle) == 1 else []
        for sought in [needle, *escapes]:
            for number, line in enumerate(lines, start=1):
                if sought in line:
                    return Where(rel, number, line.index(sought) + 1)
        return None

    return place
