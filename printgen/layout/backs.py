"""The cards' own backs laid out (a card's ``back:``): one face for each distinct back, which
every card printing it shares."""

from __future__ import annotations

from printgen.layout.evaluate import LayoutContext, lay_out_face
from printgen.layout.face import Face
from printgen.model.game import Deck, Side


def lay_out_card_backs(ctx: LayoutContext, deck: Deck, back: Face | None) -> dict[str, Face]:
    """The backs of the cards with one of their own, by card id. Cards whose backs have the
    same layout and values share one face (one form in the PDF, one image); a card's back equal
    to the deck's is the deck's."""
    own = ctx.resolved.card_backs.get(deck.id, {})
    deck_values = ctx.resolved.backs.get(deck.id)
    faces: dict[str, Face] = {}
    alike: dict[str, Face] = {}
    for card in deck.cards:
        layout = (card.back.layout or deck.back_layout) if card.back else None
        if card.back is None or not layout or card.id not in own:  # no layout: said reading it
            continue
        values = own[card.id]
        if back is not None and layout == deck.back_layout and values == deck_values:
            faces[card.id] = back
            continue
        key = repr((layout, sorted(values.items(), key=lambda item: item[0])))
        if key not in alike:
            ctx.back_card = card  # whose back a problem in its layout is said of
            where = card.back.layout_where or card.back.where
            try:
                face = lay_out_face(ctx, deck, layout, where, values, None, Side.BACK, card.id)
            finally:
                ctx.back_card = None
            alike[key] = face
        faces[card.id] = alike[key]
    return faces
