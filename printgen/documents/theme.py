"""Type sizes and colours of the documents. The aid's body never goes below MIN_AID_SIZE."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace

from printgen.documents.flow import TextStyle
from printgen.documents.prose_theme import Theme
from printgen.draw.faces import NO_COLORS
from printgen.icons import IconLibrary
from printgen.layout.fonts import vera

ACCENT = "#7a3b12"
MIN_AID_SIZE = 7.0


def rulebook_theme(
    icon_colors: Mapping[str, str] = NO_COLORS, icons: IconLibrary | None = None
) -> Theme:
    family = vera()
    theme = Theme(
        body=TextStyle(family, 10, 1.35, space_after=6),
        h1=TextStyle(
            family, 30, 1.15, ACCENT, "center", space_before=40, space_after=10, bold=True
        ),
        h2=TextStyle(family, 16, 1.2, ACCENT, space_before=14, space_after=2, bold=True),
        h3=TextStyle(family, 12, 1.2, "#333333", space_before=8, space_after=4, bold=True),
        table=TextStyle(family, 9, 1.25, space_after=0),
        accent=ACCENT,
    )
    return _with_icon_colors(theme, icon_colors, icons)


STYLES = ("body", "h1", "h2", "h3", "table")


def scaled(theme: Theme, factor: float) -> Theme:
    """The same type, every size and space ``factor`` times as large (an A5 booklet's)."""
    return replace(theme, **{name: getattr(theme, name).scaled(factor) for name in STYLES})


def tightened(theme: Theme) -> Theme:
    """The same type at the same sizes, with less air: lines a little closer, less space
    around paragraphs and headings (a rulebook whose last page would hold a few lines)."""
    return replace(
        theme,
        **{
            name: replace(
                style,
                leading=max(1.15, style.leading - 0.1),
                space_before=style.space_before * 0.6,
                space_after=style.space_after * 0.6,
            )
            for name in STYLES
            for style in (getattr(theme, name),)
        },
    )


def aid_theme(
    body_size: float, icon_colors: Mapping[str, str] = NO_COLORS, icons: IconLibrary | None = None
) -> Theme:
    family = vera()
    k = body_size / 8.0
    theme = Theme(
        body=TextStyle(family, body_size, 1.25, space_after=2.5 * k),
        h1=TextStyle(family, body_size * 1.6, 1.15, ACCENT, "left", space_after=4 * k, bold=True),
        h2=TextStyle(
            family, body_size * 1.2, 1.2, ACCENT, space_before=4 * k, space_after=1, bold=True
        ),
        h3=TextStyle(
            family,
            body_size * 1.05,
            1.2,
            "#333333",
            space_before=3 * k,
            space_after=1.5 * k,
            bold=True,
        ),
        table=TextStyle(family, body_size, 1.2, space_after=0),
        accent=ACCENT,
    )
    return _with_icon_colors(theme, icon_colors, icons)


def _with_icon_colors(
    theme: Theme, icon_colors: Mapping[str, str], icons: IconLibrary | None
) -> Theme:
    styles = {
        f.name: replace(getattr(theme, f.name), icon_colors=icon_colors, icons=icons)
        for f in fields(theme)
        if isinstance(getattr(theme, f.name), TextStyle)
    }
    return replace(theme, **styles, icons=icons)
