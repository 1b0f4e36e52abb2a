"""Places in printgen's own layouts (card-base, back-base) as a designer's layout inherits
them: said at the designer's ``extends:`` line, where it can be overridden — never in the
package's file, which the designer cannot edit."""

from __future__ import annotations

from printgen.problems import Where
from printgen.project import PACKAGED_TEMPLATES
from printgen.source.located_yaml import LDict

_PACKAGED = PACKAGED_TEMPLATES.as_posix() + "/"  # as Project.rel names printgen's own files


def rebased(place: Where, body: LDict) -> Where:
    """A place in printgen's own layouts as the designer's ``body`` inherits it: its extends:"""
    return body.at("extends") if packaged(place) and not packaged(body.where) else place


def packaged(where: Where) -> bool:
    # a string test: asked for every property of every inherited element (pathlib: 4 ms)
    return where.path.startswith(_PACKAGED)
