"""Fronts streamed to their sheets: a build of card sheets alone lays each front out when its
sheet is drawn and lets it go once drawn, so 10,000 distinct cards never hold 10,000 laid-out
faces at once (their text lines are most of what such a build would keep).

The checks are the same: every front is laid out once — those no sheet drew (``--cards``, a
deck that did not fit the paper) when the build finishes them — and the deck-wide checks run
once all are. Only the order in which lay-out finds problems differs: the deck-wide warnings
are said in a whole lay-out's order (FaceChecks.position), and a streamed build that finds any
other problem is made again as every other build is (printgen.building.command), so what it
reports never depends on streaming.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.backs import lay_out_card_backs
from printgen.layout.evaluate import LayoutContext, lay_out_back, lay_out_front
from printgen.layout.face import Face, LaidOutDeck, blank_face
from printgen.model.game import CardType, Deck, Side


class StreamedFronts:
    """The fronts of one game's decks in one language, each laid out when asked for."""

    def __init__(self, ctx: LayoutContext) -> None:
        self.ctx = ctx
        self.position = 0  # the next face's place in a whole lay-out's order (FaceChecks)

    def deck(self, deck: Deck) -> LaidOutDeck:
        """The deck with its back laid out and each front blank until ``Face.later()``."""
        values = self.ctx.resolved.cards[deck.id]
        fronts = []
        for card in deck.cards:
            face = blank_face(deck, values[card.id], Side.FRONT)
            face.later = _Front(self, deck, card, self.position)
            fronts.append((card, face))
            self.position += 1
        self.ctx.checks.position = self.position
        back = lay_out_back(self.ctx, deck)
        self.position += 1
        # the cards' own backs are laid out now, not streamed: cards share the few they print
        own = lay_out_card_backs(self.ctx, deck, back)
        return LaidOutDeck(
            deck, fronts, back, values, shared=self.ctx.shared, later=self, card_backs=own
        )

    def finish(self, decks: list[LaidOutDeck]) -> None:
        """Lay out, for their checks alone, the fronts no sheet drew; then the deck-wide checks."""
        for laid in decks:
            for _, face in laid.fronts:
                if isinstance(face.later, _Front) and not face.later.done:
                    face.later()
            self.ctx.checks.hidden(laid.deck.id)
        self.ctx.checks.report()


@dataclass(slots=True)
class _Front:
    """A front's ``Face.later``: a third of the memory of a ``functools.partial``."""

    fronts: StreamedFronts
    deck: Deck
    card: CardType
    position: int  # its place in a whole lay-out's order
    done: bool = False  # laid out (and checked) once

    def __call__(self) -> Face:
        self.done = True
        ctx, deck, card = self.fronts.ctx, self.deck, self.card
        ctx.checks.position = self.position
        return lay_out_front(ctx, deck, card, ctx.resolved.cards[deck.id][card.id])


def finish(decks: list[LaidOutDeck]) -> None:
    """Finish the checks of a language's decks, when their fronts were streamed."""
    streams = {id(laid.later): laid.later for laid in decks if laid.later is not None}
    for later in streams.values():
        later.finish(decks)
