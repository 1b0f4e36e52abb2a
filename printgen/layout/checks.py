"""Print checks made on whole laid-out faces, after every element has been placed:

- text crossing a drawn frame or line (`printgen.layout.overlap`): an error at the text
  element's line in the layout, naming the faces, the text box and the crossed shape;
- a text printed over another text's ink: a warning at the later text element's line;
- text that had to shrink well below its siblings: a warning at the card's text.

Siblings are the cards that fill the same text element of the same layout in one language.
A card's fitted size is "well below" them when it is under SHRINK_RATIO of their median size
AND at least SHRINK_DROP points smaller: the ratio catches a card that reads visibly smaller
than the rest of its deck, the absolute drop keeps a quarter-point step on small type from
counting. A median needs MIN_SIBLINGS cards to mean anything; smaller groups are not compared.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

from printgen.icons.labels import LABEL_BOXES, MIN_LABEL_PT, label_size
from printgen.layout.bleed_edge import message as bleed_message
from printgen.layout.bleed_edge import short_of_bleed
from printgen.layout.check_words import (
    Met,
    first_card,
    kind_word,
    named,
    who,
    with_article,
)
from printgen.layout.contrast import MIN_CONTRAST, Known, emptied, ratio, remembered, unfilled
from printgen.layout.face import Face, Icon, Image, Op, Shape, TextBox
from printgen.layout.fonts import vera
from printgen.layout.overlap import FaceTexts, covered, crossings
from printgen.layout.overprints import Overprints
from printgen.layout.polygons import OUTLINED
from printgen.layout.text_element import READABLE_PT, shrunk_message, text_source
from printgen.model.game import CardType, Side
from printgen.problems import Problems, Severity
from printgen.source.layouts import Element

SHRINK_RATIO = 0.75
SHRINK_DROP = 1.5  # points
MIN_SIBLINGS = 3


@dataclass(slots=True)
class _Siblings:
    """The fronts filling one text element of one layout: each one's fitted size, its card and
    the card's place (whose text it is and where it comes from, worked out only for a card that
    is reported), and the card's name as printed — not the face, which a build drawing 10,000
    cards lets go once drawn. Side by side lists: a record per card is twice the memory."""

    element: Element
    first: tuple[int, int]  # the first face using it in lay-out order, and the element's rank
    sizes: list[float] = field(default_factory=list)
    set_sizes: list[float] = field(default_factory=list)  # what its layout set, on each card
    positions: array[int] = field(default_factory=lambda: array("q"))  # in lay-out order
    cards: list[CardType] = field(default_factory=list)  # its id and place: card.id, card.where
    names: list[str] = field(default_factory=list)


@dataclass
class FaceChecks:
    """The print checks of laid-out faces for one language, each problem reported once."""

    problems: Problems
    lang: str
    tag: str  # " [en]" in a message, where the game has several languages; else ""
    # (layout, text element, shape element) -> text element, faces whose text crosses it
    crossed: dict[tuple[str, str, str], tuple[Element, str, Met]] = field(default_factory=dict)
    # (layout, text element, covering element) -> the covering element, what it is (picture,
    # icon, star ...), faces where it hides the text
    covered: dict[tuple[str, str, str], tuple[Element, str, Met]] = field(default_factory=dict)
    overprints: Overprints = field(default_factory=Overprints)  # texts over others' ink
    fitted: dict[tuple[str, str], _Siblings] = field(default_factory=dict)
    sizes: dict[float, float] = field(default_factory=dict)
    # the place of the face being checked in the order a whole lay-out takes the game's faces
    # (deck by deck, fronts then back): streamed fronts come in the order their sheets are
    # drawn, and their warnings are still said in this order
    position: int = 0
    labels_said: set[tuple[str, str]] = field(default_factory=set)  # icon labels too small
    short: set[tuple[str, str]] = field(default_factory=set)  # art stopping at the trim, said
    faint: set[tuple[str, str]] = field(default_factory=set)  # text too faint to read, seen
    backdrops: Known = field(default_factory=dict)  # where each text element's fill lies
    # elements keeping an inherited when: (Element.kept_when), by deck: drawn on a card yet?
    kept: dict[str, dict[tuple[str, str], tuple[Element, bool]]] = field(default_factory=dict)

    def kept_when(self, deck: str, layout: str, element: Element, drawn: bool) -> None:
        seen, key = self.kept.setdefault(deck, {}), (layout, element.name)
        seen[key] = (element, drawn or (key in seen and seen[key][1]))

    def hidden(self, deck: str) -> None:
        """Once a deck's fronts are all laid out: a warning for each element a designer's layout
        restyled but whose inherited when: drew it on none of them (card-base's art for a deck
        without icons)."""
        for (layout, name), (element, drawn) in self.kept.pop(deck, {}).items():
            if not drawn:
                self.problems.add(
                    element.origin,
                    f"layout '{layout}' element '{name}' is drawn on no card of deck '{deck}': it "
                    f"keeps the when: of the layout it extends ({element.props['when']!r}); "
                    f"write when: true under '{name}' to draw it",
                    Severity.WARNING,
                )

    def face(
        self,
        layout: str,
        face: Face,
        placed: list[tuple[Element, Op]],
        card: CardType | None,
    ) -> None:
        """Check one face: its text against its strokes, and note its fitted text sizes."""
        drawn: list[Op | None] = [op for _, op in placed]
        texts = FaceTexts(drawn)  # each text's box and ink measured once for the three checks
        name = who(face)  # once a face: 480 boxes over each other were 114,960 pairs a card
        for crossing in crossings(drawn, texts):
            text_el, text_op = placed[crossing.text]
            shape_el, shape_op = placed[crossing.shape]
            assert isinstance(shape_op, Shape) and isinstance(text_op, TextBox)
            key = (layout, text_el.name, shape_el.name)
            said = f"{name} ({text_op.block.size:g} pt)"
            if (crossed := self.crossed.get(key)) is None:
                self.crossed[key] = (text_el, shape_op.kind, Met(said))
            else:
                crossed[2].faces += 1
        for hidden in covered(drawn, texts) if _drawn_over_text(drawn) else ():
            text_el, cover_el = placed[hidden.text][0], placed[hidden.shape][0]
            key = (layout, text_el.name, cover_el.name)
            if (hiding := self.covered.get(key)) is None:
                kind = kind_word(drawn[hidden.shape])
                self.covered[key] = (cover_el, kind, Met(name))
            else:
                hiding[2].faces += 1
        self.overprints.face(layout, name, placed, texts)
        names = tuple(element.name for element, _ in placed)
        for index, (element, op) in enumerate(placed):
            if isinstance(op, Icon) and op.label:
                self._label(layout, element, op)
            elif isinstance(op, TextBox) and (layout, element.name) not in self.faint:
                self._contrast(layout, face, placed, index, card, names)
            elif isinstance(op, (Shape, Image)) and (layout, element.name) not in self.short:
                sides, fitted = short_of_bleed(face, op)
                if sides:  # said once for the element: where it lies is its layout's doing
                    self.short.add((layout, element.name))
                    kind = op.kind if isinstance(op, Shape) and op.kind in OUTLINED else ""
                    said = bleed_message(layout, element.name, face, sides, fitted, kind)
                    if isinstance(op, Image):  # a card's own picture, maybe: which card's
                        said += first_card(face, card)
                    self.problems.add(element.origin, said, Severity.WARNING)
        if face.side is Side.FRONT and card is not None:
            position = self.position
            for rank, (element, op) in enumerate(placed):
                if isinstance(op, TextBox):
                    siblings = self.fitted.get((layout, element.name))
                    if siblings is None:
                        siblings = _Siblings(element, (position, rank))
                        self.fitted[layout, element.name] = siblings
                    elif position < siblings.first[0]:
                        siblings.first = (position, rank)
                    size = op.block.size  # one float of each size for 100,000 texts
                    siblings.sizes.append(self.sizes.setdefault(size, size))
                    siblings.set_sizes.append(self.sizes.setdefault(op.set_size, op.set_size))
                    siblings.positions.append(position)
                    siblings.cards.append(card)
                    siblings.names.append(face.name)

    def _contrast(
        self,
        layout: str,
        face: Face,
        placed: list[tuple[Element, Op]],
        index: int,
        card: CardType | None,
        names: tuple[str, ...],
    ) -> None:
        """Text near invisible on what it is printed on: said once for the element. A text of
        no letter or digit (a faded dash for a skill the card lacks) is a mark, faint on
        purpose."""
        element, box = placed[index]
        assert isinstance(box, TextBox)
        under = remembered(self.backdrops, layout, placed, index, names)
        if under is None or (contrast := ratio(box.color, under[1])) >= MIN_CONTRAST:
            return
        if not any(c.isalnum() for line in box.block.lines for p in line.pieces for c in p.text):
            return
        self.faint.add((layout, element.name))
        # a colour refused is drawn black: text faint because of an error already said is that
        # error's, said once it is fixed — a warning of another kind (a '**' never ended) is
        # no reason for it, and silenced it in one language while the other said it
        if self.problems.has_errors():
            return
        on = "the paper" if under[0] is None else f"{placed[under[0]][0].name!r}"
        if card is not None and face.side is Side.FRONT:
            why = _left_empty(card, placed, index, under[0])
            if why is not None:  # the card's missing value, not the layout, is to mend
                name, because = why
                self.problems.add(
                    card.where,
                    f"card '{card.id}' has no {name}, so {because} and the text of box "
                    f"'{element.name}' in layout '{layout}' prints {box.color} on {under[1]} "
                    f"({on}): a contrast of {contrast:.1f}:1, hard to read{self.tag}; give the "
                    f"card {with_article(name)}",
                    Severity.WARNING,
                )
                return
        self.problems.add(
            element.where.get("color", element.origin),
            f"the text of box '{element.name}' in layout '{layout}' prints {box.color} on "
            f"{under[1]} ({on}) on {who(face)}: a contrast of {contrast:.1f}:1, hard to read "
            f"and on some printers gone{self.tag}; give it a colour {MIN_CONTRAST:g}:1 or more "
            "from its background (body text reads best from 4.5:1)",
            Severity.WARNING,
        )

    def _label(self, layout: str, element: Element, icon: Icon) -> None:
        """An icon's label fitted so small it is a speck: said once for the element."""
        box = icon.library.label_box(icon.name)
        if (layout, element.name) in self.labels_said or not icon.library.has(icon.name):
            return
        if box is None:  # the designer's own icon, or Font Awesome's: the label was left out
            self.labels_said.add((layout, element.name))
            self.problems.add(
                element.where.get("label", element.origin),
                f"layout '{layout}' element '{element.name}': icon '{icon.name}' has no place "
                f"for a label, so '{(icon.label or '')[:20]}' is not printed; only printgen's "
                f"own {' '.join(LABEL_BOXES)} print one — put the text in a text element over "
                "the icon",
                Severity.WARNING,
            )
            return
        # vera() registers the face: a layout whose only type is a label meets it here first
        font = vera().bold
        size = label_size(box, icon.label or "", font, min(icon.w, icon.h) * 72 / 25.4)
        if size < MIN_LABEL_PT:
            self.labels_said.add((layout, element.name))
            self.problems.add(
                element.where.get("label", element.origin),
                f"layout '{layout}' element '{element.name}': the label "
                f"'{(icon.label or '')[:20]}' prints at "
                f"{'under 0.1' if size < 0.1 else f'{size:.1f}'} pt in its "
                f"{min(icon.w, icon.h):g} mm icon, under {MIN_LABEL_PT:g} pt; shorten it or "
                "make the icon larger",
            )

    def report(self) -> None:
        for (layout, text_name, shape_name), (element, kind, faces) in self.crossed.items():
            self.problems.add(
                element.origin,
                f"the text of box '{text_name}' in layout '{layout}' crosses the stroke of "
                f"{kind} '{shape_name}' on {faces.said()}{self.tag}; move or narrow "
                "the box so its text clears the line, or move the shape",
            )
        for (layout, text_name, cover_name), (element, kind, faces) in self.covered.items():
            self.problems.add(
                element.origin,
                f"the {kind} '{cover_name}' in layout '{layout}' is drawn over the text of box "
                f"'{text_name}' on {faces.said()}{self.tag}; move or shrink the {kind}, move "
                f"the box clear of it, or draw the {kind} beneath it with under: {text_name}",
                Severity.WARNING,
            )
        self.overprints.report(self.problems, self.tag)
        fitted = sorted(self.fitted.items(), key=lambda item: item[1].first)
        for (layout, text_name), siblings in fitted:
            sizes = siblings.sizes
            compared = len(sizes) >= MIN_SIBLINGS
            median = _median(sizes) if compared else 0.0
            for number in sorted(range(len(sizes)), key=siblings.positions.__getitem__):
                size = sizes[number]
                unreadable = size < READABLE_PT <= siblings.set_sizes[number]  # (set under: said)
                if not unreadable and not (
                    compared
                    and READABLE_PT <= size < SHRINK_RATIO * median
                    and size <= median - SHRINK_DROP
                ):
                    continue
                card = siblings.cards[number]  # its place worked out only now it is said
                who = named(card.id, siblings.names[number])
                where = text_source(siblings.element, card, card.where, self.lang)
                if unreadable:
                    said = shrunk_message(who, text_name, layout, size, self.tag)
                    self.problems.add(where, said, Severity.WARNING)
                else:
                    self.problems.add(
                        where,
                        f"{who}: the text of box '{text_name}' in layout '{layout}' had to shrink "
                        f"to {size:g} pt, well below the {median:g} pt of the {len(sizes)} cards "
                        f"using it{self.tag}; shorten the text or give the card a layout with "
                        "a larger box",
                        Severity.WARNING,
                    )


def _left_empty(
    card: CardType, placed: list[tuple[Element, Op]], index: int, below: int | None
) -> tuple[str, str] | None:
    """The field the card leaves empty that made its text faint — a fill under the text that
    came out empty, or the text's own colour — and what it did; None when none did."""

    def empty(name: str) -> bool:
        return card.fields.get(name) in (None, "")

    for shape, _ in reversed(unfilled(placed, index, below)):  # the one drawn last is on top
        fill = shape.props.get("fill")
        if (name := emptied(fill, empty)) is not None:
            return name, f"'{shape.name}' (fill: {fill}) is not filled"
    element, box = placed[index]
    color = element.props.get("color")
    if isinstance(box, TextBox) and (name := emptied(color, empty)) is not None:
        return name, f"its colour ({color}) falls back to {box.color}"
    return None


def _drawn_over_text(drawn: list[Op | None]) -> bool:
    """Is anything that may hide a text (a picture, an icon, a filled shape) drawn after one?
    Most faces draw their decor first: their text is not measured again."""
    texts = False
    for op in drawn:
        if isinstance(op, TextBox):
            texts = True
        elif texts and (isinstance(op, (Image, Icon)) or (isinstance(op, Shape) and op.fill)):
            return True
    return False


def _median(values: list[float]) -> float:
    """statistics.median, without importing statistics (and fractions, decimal, random) into
    every build's start-up for this one use."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
