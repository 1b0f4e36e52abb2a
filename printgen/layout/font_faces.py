"""The bold or italic a text asks of a project font that has no file of that face."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from printgen.layout import text
from printgen.layout.fonts import SUFFIXES
from printgen.layout.props import Props
from printgen.problems import Where

if TYPE_CHECKING:
    from printgen.layout.evaluate import LayoutContext
    from printgen.layout.text_element import TextSettings


def faces_lacking(
    ctx: LayoutContext,
    props: Props,
    runs: list[text.Run],
    settings: TextSettings,
    source: Callable[[str], Where],
) -> None:
    """A warning, once a face, for bold or italic text in a project font that has no file of
    that face (fonts/Name-Bold.ttf): it prints in the regular face, which the designer who
    asked for bold would otherwise find only on paper. Said where the bold is asked for on the
    element itself, else where the font is chosen (a style's bold is most often card-base's,
    said at an extends: line that may be another layout's, the font nowhere near it), else
    at the markup in the text."""
    fam = settings.family
    for run in runs:
        face = ("bold" if run.bold else "") + ("italic" if run.italic else "")
        if not face or face not in fam.lacking or run.icon is not None or not run.text.strip():
            continue
        flags = [f for f in ("bold", "italic") if f in face and getattr(settings, f)]
        if flags:
            own = flags[0] in props.element.where
            where = props.where(flags[0] if own else "font")
        else:
            where = source("*")
        file = f"fonts/{fam.name}{SUFFIXES[face]}.ttf"
        # a file of the face under another ending (Brush-Bold.TTF) is named, with what to do
        other = dict(fam.misnamed).get(face)
        fix = f"{file} is not there: {other})" if other else f"{file} is not there)"
        ctx.text_warning(
            where,
            f"font '{fam.name}' has no {face} face ({fix}: its {face} text prints in the "
            "regular face" + ("" if other else "; add that file, or use another font"),
            once=("face", fam.name, face),
        )
