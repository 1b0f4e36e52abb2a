"""How the card lay-out checks (``layout.checks``) name what they speak of: a face, its card,
an element covering a text."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.face import Face, Icon, Op, Shape
from printgen.layout.hyphens import unbroken
from printgen.model.game import CardType, Side


def kind_word(op: Op | None) -> str:
    """What a covering element is called in a message."""
    if isinstance(op, Shape):
        return op.kind
    return "icon" if isinstance(op, Icon) else "picture"


def with_article(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def who(face: Face) -> str:
    if face.side is Side.BACK:  # the deck's (its card is "back"), or a card's own
        return (
            f"the back of deck '{face.deck}'"
            if face.card == "back"
            else f"the back of card '{face.card}'"
        )
    return named(face.card, face.name)


def named(card: str, name: str) -> str:
    # the name as a message quotes it: whole, its soft hyphens (where it may break, printing
    # nothing within a line) gone, so the words read and can be searched for as printed
    return f"card '{card}' ({unbroken(name)})"


def first_card(face: Face, card: CardType | None) -> str:
    """The card a problem is first met on, and where it is written (its row in a sheet)."""
    if card is None or face.side is Side.BACK:
        return f" (first on {who(face)})"
    return f" (first on card '{card.id}', {card.where})"


@dataclass(slots=True)
class Met:
    """The faces a problem is met on: the first one's name and how many in all — not every
    one's name, which for 480 boxes over each other on 70 cards was 16 million strings."""

    first: str
    faces: int = 1

    def said(self) -> str:
        """The first face and how many more: "card 'monk' and 3 more"."""
        return self.first + (f" and {self.faces - 1} more" if self.faces > 1 else "")
