"""What the lay-out stage produces: faces of positioned drawing operations, in mm.

The draw stage only draws these; every check of a value happened while laying out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.icons import IconLibrary
from printgen.layout import text
from printgen.layout.fonts import Family
from printgen.model.game import CardShape, CardType, Deck, Side

if TYPE_CHECKING:
    from printgen.layout.streamed import StreamedFronts


@dataclass(slots=True)
class Shape:
    """A rectangle, ellipse, polygon, star or line, in mm from the trim box's top-left corner."""

    kind: str  # rect, ellipse, polygon, star, line
    x: float  # mm from the trim box's top-left corner
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5  # points
    radius: float = 0.0
    dash: tuple[float, ...] = ()
    # a polygon's sides or a star's points, a star's inner radius (a fraction of its outer;
    # 0 for a polygon) and their turn in degrees clockwise (printgen.layout.polygons)
    sides: int = 0
    inner: float = 0.0
    angle: float = 0.0


@dataclass(slots=True)
class TextBox:
    """Fitted text in its box, with the font family and colours it is drawn in."""

    x: float
    y: float
    w: float
    h: float
    block: text.Block
    family: Family
    color: str
    align: str
    valign: str
    icon_colors: dict[str, str]
    icons: IconLibrary  # what its inline :icons: are drawn from
    turned: bool = False  # drawn upside down in its box (a card's second corner index)
    set_size: float = 0.0  # points: the size its layout sets, which ``block`` may shrink from


@dataclass(slots=True)
class Icon:
    """An icon centred in its box, in one colour, with an optional label."""

    x: float
    y: float
    w: float
    h: float
    name: str
    color: str
    label: str | None
    library: IconLibrary
    turned: bool = False  # drawn upside down in its box


@dataclass(slots=True)
class Image:
    """A picture (PNG, JPEG or SVG) fitted in its box."""

    x: float
    y: float
    w: float
    h: float
    data: bytes  # the file's bytes: the PDF names the image by its content, not its path
    svg_folder: Path | None = None  # an SVG picture (drawn as vectors): the folder it sits in
    turned: bool = False  # drawn upside down in its box
    # a photo's EXIF orientation (1 to 8): how its pixels are turned or mirrored to be seen as
    # every viewer shows it (a phone stores a portrait photo lying on its side, orientation 6)
    exif: int = 1
    pixels: tuple[int, int] | None = None  # a PNG's or JPEG's width and height, as it is seen
    cover: bool = False  # fills its box, what passes it cut off (fit: cover), else fits whole


Op = Shape | TextBox | Icon | Image


@dataclass(slots=True)
class Face:
    """One side of a card, laid out: its size, bleed, shape and drawing operations."""

    key: str  # identical faces share a key and are drawn once
    deck: str
    card: str
    side: Side
    name: str  # as printed, for the manifest and messages
    width_mm: float
    height_mm: float
    bleed_mm: float
    shape: CardShape
    ops: list[Op] = field(default_factory=list)
    # a front streamed to its sheet (a build of card sheets alone): it has no ops until
    # ``later()`` lays it out, as a new Face, when its sheet is drawn (see ``laid_out``)
    later: Callable[[], Face] | None = None
    # the card fields its layout prints as text (None: not known, its layout failed)
    prints: frozenset[str] | None = None


def blank_face(deck: Deck, fields: dict[str, Any], side: Side) -> Face:
    """The face of a card with nothing drawn on it yet: its name, size, bleed and shape."""
    card_id = str(fields.get("id"))
    return Face(
        key=f"{deck.id}/{side}/{card_id}",
        deck=deck.id,
        card=card_id,
        side=side,
        name=str(fields.get("name") or fields.get("id")),
        width_mm=deck.width_mm,
        height_mm=deck.height_mm,
        bleed_mm=deck.bleed_mm,
        shape=deck.shape,
    )


def laid_out(face: Face) -> Face:
    """The face with its drawing operations: itself, or a streamed front laid out now."""
    return face if face.later is None else face.later()


@dataclass(slots=True)
class LaidOutDeck:
    """A deck laid out in one language: each card's front, the shared back and the cards' evaluated
    fields."""

    deck: Deck
    fronts: list[tuple[CardType, Face]]
    back: Face | None
    values: dict[str, dict[str, Any]]  # each card's evaluated fields, by card id
    copies: int | None = None  # print each card this many times (--copies); None: its count
    # the operations its layouts draw alike on every card (an element without expressions),
    # by id: the card sheets hold each run of them once, as a form (draw.faces.Layers)
    shared: dict[int, Op] = field(default_factory=dict)
    # its fronts are streamed (Face.later); what finishes their checks once they are drawn
    later: StreamedFronts | None = None
    # the backs of the cards with one of their own (a card's back:), by card id; cards whose
    # backs print alike share one face
    card_backs: dict[str, Face] = field(default_factory=dict)
    _icons: DeckIcons | None = field(default=None, init=False, repr=False, compare=False)

    def icons(self) -> DeckIcons:
        """The icons its faces print, walked once: every document of the language asks (the
        rulebook's legend and credits, the aid's), and a face holds dozens of operations."""
        if self._icons is None:
            self._icons = _deck_icons(self)
        return self._icons

    def back_of(self, card_id: str) -> Face | None:
        """What prints behind a card: its own back, else the deck's."""
        return self.card_backs.get(card_id, self.back)

    def backs(self) -> list[Face]:
        """Every back face the deck's cards print, each once: the deck's first where a card
        prints it (or no card has its own), then the cards' own in the cards' order."""
        if not self.card_backs:  # a deck's one back, or none: no card to look at
            return [self.back] if self.back is not None else []
        faces = {id(self.back_of(card.id)): self.back_of(card.id) for card, _ in self.fronts}
        return [face for face in faces.values() if face is not None]


@dataclass(frozen=True)
class DeckIcons:
    """The icons a laid-out deck prints on its fronts and backs."""

    order: tuple[str, ...]  # each icon once, in order of appearance: fronts, then backs
    # an icon element's name -> who shows it: "deck/card" for a front, "backs" for every back
    shown_by: dict[str, frozenset[str]]
    inline: frozenset[str]  # the icons written in the faces' text (:name:)


def _deck_icons(laid: LaidOutDeck) -> DeckIcons:
    """Every icon element and inline icon of the deck's fronts, then its backs, in order."""
    order: dict[str, None] = {}
    shown_by: dict[str, set[str]] = {}
    inline: set[str] = set()
    sides = [(f"{laid.deck.id}/{card.id}", face) for card, face in laid.fronts]
    sides += [("backs", back) for back in laid.backs()]  # no card id: every back is one
    for who, face in sides:
        for op in face.ops:
            if isinstance(op, Icon):
                order[op.name] = None
                shown_by.setdefault(op.name, set()).add(who)
            elif isinstance(op, TextBox):
                for line in op.block.lines:
                    for piece in line.pieces:
                        if piece.icon:
                            order[piece.icon] = None
                            inline.add(piece.icon)
    return DeckIcons(
        tuple(order), {name: frozenset(who) for name, who in shown_by.items()}, frozenset(inline)
    )


@dataclass
class BorrowedDeck:
    """A deck of the game this one plays on (``uses: deck:``): its documents draw a few of its
    cards, so a front is laid out only when first asked for."""

    deck: Deck
    values: dict[str, dict[str, Any]]  # each card's evaluated fields, by card id
    back: Face | None
    lay_out: Callable[[CardType], Face]
    _fronts: dict[str, Face] = field(default_factory=dict)
    card_backs: dict[str, Face] = field(default_factory=dict)  # as LaidOutDeck's

    def back_of(self, card_id: str) -> Face | None:
        return self.card_backs.get(card_id, self.back)

    def front(self, card: CardType) -> Face:
        if card.id not in self._fronts:
            self._fronts[card.id] = self.lay_out(card)
        return self._fronts[card.id]
