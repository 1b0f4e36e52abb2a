"""Texts printed over other texts (`printgen.layout.overlap.overprinted`), gathered over every
face of a language and said once for each box printing over others.

A layout's first OVERPRINTS_SAID such boxes are said, each naming the boxes it prints over and
the card it first does so on; of the rest only how many there are. So once a layout has that
many, a further box printing over another needs no more measuring on the faces that follow:
480 boxes over each other were 114,960 pairs measured on every card, and a name kept for
each pair on each card (878 MB for 70 cards).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.layout.check_words import Met
from printgen.layout.face import Op, TextBox
from printgen.layout.overlap import FaceTexts, overprinted
from printgen.problems import Problems, Severity
from printgen.source.layouts import Element

OVERPRINTS_SAID = 10  # boxes printing over others, and the boxes each prints over


@dataclass(slots=True)
class _Over:
    """A box printing over others: its element, and each box it prints over with the faces
    where it does — None for a box past its layout's first OVERPRINTS_SAID, only counted."""

    element: Element
    unders: dict[str, Met] | None


@dataclass
class Overprints:
    # (layout, box printing over others), in the order first met
    boxes: dict[tuple[str, str], _Over] = field(default_factory=dict)
    counted: dict[str, int] = field(default_factory=dict)  # such boxes in each layout

    def face(
        self,
        layout: str,
        who: str,
        placed: list[tuple[Element, Op]],
        texts: FaceTexts | None = None,
    ) -> None:
        """Note the texts printing over others on one face (``who``: how it is named; ``texts``:
        its text boxes, measured already for its other checks)."""
        settled = {
            index
            for index, (element, op) in enumerate(placed)
            if isinstance(op, TextBox)
            and (known := self.boxes.get((layout, element.name))) is not None
            and known.unders is None
        }
        for over in overprinted([op for _, op in placed], settled, texts):
            under_el, over_el = placed[over.text][0], placed[over.shape][0]
            entry = self.boxes.get((layout, over_el.name))
            if entry is None:
                said = self.counted.get(layout, 0)
                self.counted[layout] = said + 1
                unders: dict[str, Met] | None = {} if said < OVERPRINTS_SAID else None
                entry = self.boxes[layout, over_el.name] = _Over(over_el, unders)
            if entry.unders is None:
                continue
            met = entry.unders.get(under_el.name)
            if met is None:
                entry.unders[under_el.name] = Met(who)
            else:
                met.faces += 1

    def report(self, problems: Problems, tag: str) -> None:
        """Each box printing over others, once, naming them, each with the card it meets it
        on: 480 boxes each over all the others were 114,960 lines, one a pair. A layout's first
        OVERPRINTS_SAID such boxes are said, then how many more."""
        unsaid: dict[str, list[Element]] = {}
        for (layout, over_name), entry in self.boxes.items():
            if entry.unders is None:
                unsaid.setdefault(layout, []).append(entry.element)
                continue
            unders = list(entry.unders.items())
            cards = [met.said() for _, met in unders]
            if len(set(cards)) == 1:  # all on one card: said once
                names = ", ".join(f"'{name}'" for name, _ in unders[:OVERPRINTS_SAID])
                where = f" on {cards[0]}"
            else:
                names = ", ".join(
                    f"'{name}' (on {card})"
                    for (name, _), card in zip(unders[:OVERPRINTS_SAID], cards, strict=False)
                )
                where = ""
            more = len(unders) - OVERPRINTS_SAID
            names += f" and {more:,} more box{'es' * (more > 1)}" if more > 0 else ""
            texts = "the texts of boxes" if len(unders) > 1 else "the text of box"
            problems.add(
                entry.element.origin,
                f"the text of box '{over_name}' in layout '{layout}' prints over {texts} "
                f"{names}{where}{tag}; move or shrink one of the boxes so their texts do "
                "not meet",
                Severity.WARNING,
            )
        for layout, elements in unsaid.items():
            problems.add(
                elements[0].origin,
                f"{len(elements):,} more boxes in layout '{layout}' print their text over "
                f"another's{tag}; move or shrink them so their texts do not meet",
                Severity.WARNING,
            )
