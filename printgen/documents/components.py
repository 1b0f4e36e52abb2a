"""The components a rulebook and an aid list, counted from the decks: each deck's cards, which
card types the card reference draws, which the aid's quick reference lists, and the cards a game
takes from another game's deck.

A deck chooses how the card reference shows it with ``reference:`` — ``cards`` (every card type
drawn beside its text, and listed in the aid's quick reference), ``gallery`` (a sample face of
each layout, large enough to read, then every card's name) or ``none`` (left out of both); by
default ``cards`` up to 16 card types and ``gallery`` beyond.
"""

from __future__ import annotations

from typing import Any

from printgen.layout.face import LaidOutDeck
from printgen.model.game import CardType, Game, localize

REFERENCE_LIMIT = 16  # by default, decks with more card types are not drawn card by card
# The components list's table of a deck's cards; more are counted in a line. A deck of up to
# LIST_LIMIT kinds is a short list: a header and a total row around two pawns ("Pedina A 1 /
# Pedina B 1 / Totale 2") read as a report, and the deck's heading already says its total.
TABLE_LIMIT = 16
LIST_LIMIT = 4
GALLERY_NAMES = 1_000  # card names a gallery lists (a page of them); the rest are counted


def reference_of(laid: LaidOutDeck) -> str:
    """How the card reference shows the deck: cards, gallery or none."""
    chosen = laid.deck.reference
    if chosen is not None:
        return chosen
    return "cards" if len(laid.fronts) <= REFERENCE_LIMIT else "gallery"


def components_of(
    decks: list[LaidOutDeck], lang: str, langs: tuple[str, ...]
) -> list[dict[str, Any]]:
    """Each deck as the prose sees it (``components``, ``decks.<id>``): its name, counts and
    cards, each card with every field's value as it prints, and how the components list
    shows it (``shown``)."""
    return [
        {
            "id": laid.deck.id,
            "shown": shown_in_components(laid),
            "name": localize(laid.deck.name, lang, langs),
            "total": laid.deck.total,
            "output": laid.deck.output,
            "types": len(laid.deck.cards),
            "copies": sorted({card.count for card in laid.deck.cards}),
            "cards": [  # every field's value too: a table of the cards' points
                {**laid.values.get(card.id, {}), **_named(card, face.name)}
                for card, face in laid.fronts
            ],
        }
        for laid in decks
    ]


def shown_in_components(laid: LaidOutDeck) -> str:
    """How the components list shows a deck: ``line`` — one kind of card or piece (coins,
    round tokens), whose name and count say all there is: a heading over nothing under it
    read as a deck left out; ``list`` — a few kinds, each a line; ``table`` — its cards and
    counts; ``count`` — more card types than a table a reader would scan, said in a
    sentence."""
    types = len(laid.deck.cards)
    if types == 1:
        return "line"
    if types <= LIST_LIMIT:
        return "list"
    return "table" if types <= TABLE_LIMIT else "count"


def reference_cards(decks: list[LaidOutDeck]) -> list[str]:
    """The cards the card reference draws one by one, beside their text."""
    return [
        f"{laid.deck.id}/{card.id}"
        for laid in decks
        if reference_of(laid) == "cards"
        for card, _ in laid.fronts
    ]


def aid_cards(decks: list[LaidOutDeck]) -> list[str]:
    """The aid's quick reference: the card decks drawn card by card, and any deck whose cards
    carry the aid's own short line (coins and pawns need none at the table unless they say so)
    — never a deck whose ``reference:`` or ``aid:`` is ``none``; always one whose ``aid:`` is
    ``listed``."""
    return [
        f"{laid.deck.id}/{card.id}" for laid in decks if _in_aid(laid) for card, _ in laid.fronts
    ]


def aid_pieces_only(decks: list[LaidOutDeck]) -> bool:
    """Whether the aid's quick reference lists pieces alone (pawns, tokens, tiles): headed
    as pieces, as the components list calls them, not as cards."""
    listed = [laid for laid in decks if _in_aid(laid)]
    return bool(listed) and all(laid.deck.output != "cards" for laid in listed)


def _in_aid(laid: LaidOutDeck) -> bool:
    if laid.deck.aid is not None:  # a full market in the rulebook, not on the aid's one page
        return laid.deck.aid == "listed"
    how = reference_of(laid)
    drawn = how == "cards" and laid.deck.output == "cards"
    return how != "none" and (drawn or _summarised(laid))


def gallery_decks(
    decks: list[LaidOutDeck], lang: str, langs: tuple[str, ...]
) -> list[dict[str, Any]]:
    """Decks shown whole as a gallery of faces (their faces carry their text): the names of
    the first GALLERY_NAMES cards, and how many more (a 100,000-card deck's names made one
    value of 1,000,000 characters, and pages no one reads)."""
    return [
        {
            "name": localize(laid.deck.name, lang, langs),
            "refs": [f"{laid.deck.id}/{card.id}" for card, _ in laid.fronts[:GALLERY_NAMES]],
            "more": max(0, len(laid.fronts) - GALLERY_NAMES),
        }
        for laid in decks
        if reference_of(laid) == "gallery"
    ]


def reference_decks(
    decks: list[LaidOutDeck], lang: str, langs: tuple[str, ...]
) -> list[dict[str, Any]]:
    """Every deck the card reference shows, in the decks' order, each with its name (the
    heading it gets when the reference shows more than one deck), how it is shown (``cards``
    or ``gallery``) and its cards; a gallery's names stop at GALLERY_NAMES, ``more`` counting
    the rest. ``reference_cards`` and ``gallery_decks`` stay for templates written before:
    they could not say which drawn card was of which deck."""
    shown = []
    for laid in decks:
        how = reference_of(laid)
        if how == "none":
            continue
        fronts = laid.fronts[:GALLERY_NAMES] if how == "gallery" else laid.fronts
        shown.append(
            {
                "id": laid.deck.id,
                "name": localize(laid.deck.name, lang, langs),
                "shown": how,
                "refs": [f"{laid.deck.id}/{card.id}" for card, _ in fronts],
                "more": len(laid.fronts) - len(fronts),
            }
        )
    return shown


def _named(card: CardType, name: str) -> dict[str, Any]:
    return {"id": card.id, "name": name, "count": card.count}


def _summarised(laid: LaidOutDeck) -> bool:
    """A deck whose cards have a ``summary``: written for the aid, however many types."""
    return any(values.get("summary") for values in laid.values.values())


def borrowed_cards(game: Game, lang: str) -> dict[str, Any] | None:
    """Cards a game takes from another game's deck (``uses: {deck:, needs: {cards:}}``), and
    the game's own words for which cards (``uses: note:``, translated) when it takes only some."""
    uses = game.uses if isinstance(game.uses, dict) else {}
    needs = uses.get("needs") if isinstance(uses.get("needs"), dict) else {}
    cards = needs.get("cards") if needs else None
    if not isinstance(uses.get("deck"), str) or cards is None:
        return None
    count = sum(cards.values()) if isinstance(cards, dict) else cards
    title = localize(game.used_title, lang, game.meta.languages) if game.used_title else None
    note = uses.get("note")
    return {
        "cards": count,
        "title": title or uses["deck"],
        "note": localize(note, lang, game.meta.languages) if note else "",
    }
