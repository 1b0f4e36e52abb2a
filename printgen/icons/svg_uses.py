"""How much an SVG's <use> elements copy, counted on its XML before svglib draws anything."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_SVG, _XLINK = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
MAX_USE_CHAIN = 250  # uses naming what holds uses naming …: as deep as groups may nest


@dataclass(frozen=True)
class UseCounts:
    """What an SVG's <use> elements cost svglib."""

    copies: int  # elements the uses copy (each use what it names, with all it holds)
    expansions: int  # uses svglib expands, those inside the copies too, up to a limit
    uses: int  # <use> elements written in the file

    @property
    def nested(self) -> bool:
        """Whether some use copies another (or itself): then copies multiply, each level over
        the last, which the elements named no longer bound."""
        return self.expansions > self.uses


def use_counts(data: bytes, limit: int) -> UseCounts:
    """The <use> counts of an SVG, its expansions counted up to ``limit + 1`` or one past its
    uses, whichever is more (a malformed file counts none: the strict parse says what is
    wrong). Uses doubling at each of 15 levels made 32,768: svglib stopped at its limit,
    seconds in."""
    from lxml import etree  # svglib's own parser

    parser = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError:
        return UseCounts(0, 0, 0)
    named = {element.get("id"): element for element in root.iter() if element.get("id")}

    def target(use: Any) -> Any:
        ref = use.get(f"{{{_XLINK}}}href") or use.get("href") or ""
        return named.get(ref.removeprefix("#"))

    uses = list(root.iter(f"{{{_SVG}}}use", "use"))
    copies = sum(sum(1 for _ in found.iter()) for use in uses if (found := target(use)) is not None)
    expanded: dict[Any, int] = {}  # an element's expansions, once drawn
    # counted no further: past the uses written too, so that one nesting among many uses side
    # by side still counts more expansions than uses
    over = max(limit, len(uses)) + 1

    def expansions(element: Any, drawing: frozenset[Any]) -> int:
        # a use inside what it names is endless; a chain of uses deeper than a drawing's
        # groups may nest is counted as over (and kept off Python's recursion limit)
        if element in drawing or len(drawing) > MAX_USE_CHAIN:
            return over
        if element not in expanded:
            count = 0
            for use in element.iter(f"{{{_SVG}}}use", "use"):
                # svglib counts a use naming nothing as well
                found = target(use)
                inner = 0 if found is None else expansions(found, drawing | {element})
                count = min(over, count + 1 + inner)
            expanded[element] = count
        return expanded[element]

    # svglib expands the uses of <defs> too, drawn or not: every use of the file counts
    return UseCounts(copies, expansions(root, frozenset()), len(uses))
