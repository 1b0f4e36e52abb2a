"""A failed layout file's styles, read for their colours: the cards are never laid out with
those layouts (where each value is checked), so a colour written wrong would wait for a second
run."""

from __future__ import annotations

from printgen.source.located_yaml import LDict
from printgen.source.readers import Checker
from printgen.startup.deferred import pattern


def style_colours(checker: Checker, raw: dict[str, LDict]) -> None:
    """Each colour a layout's styles write as a constant that is no colour, said as the cards'
    lay-out would say it."""
    for body in raw.values():
        styles = body.get("styles")
        if not isinstance(styles, LDict):
            continue
        for name, style in styles.items():
            value = style.get("color") if isinstance(style, LDict) else None
            if not isinstance(value, str) or value in ("", "none") or "{" in value:
                continue
            if not _COLOUR.match(value):
                checker.error(
                    style.at("color"),
                    f"style '{name}' color: expected a colour like \"#a83232\" (or none), not "
                    f"{value!r}",
                )


_COLOUR = pattern(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")  # as printgen/layout/props.py reads
