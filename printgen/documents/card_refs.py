"""What a card reference naming no card was meant to be — a ``card`` block's word, a diagram's
cell: the card whose printed name it writes (in any of the game's languages: a German designer
writes 'Steinbruch' in the English rules too), the card whose id it misspells, the deck."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from printgen.layout.hyphens import SOFT
from printgen.problems import and_joined, closest

if TYPE_CHECKING:
    from printgen.documents.cards import CardInfo


class PrintedNames:
    """Every card's printed name (in the document's language and as written for each), as a
    reference is matched with it, to the deck/card ids printing it: built once, so that a block
    of thousands of words is looked up word by word, not scanned card by card for each."""

    def __init__(self, decks: Mapping[str, list[CardInfo]]) -> None:
        self.ids: set[str] = set()  # card ids without their deck: that card is meant
        self.names: dict[str, list[tuple[str, str]]] = {}  # compared name -> (deck, card)
        self.most_words = 1
        for deck_id, infos in decks.items():
            for info in infos:
                self.ids.add(info.card.id)
                for name in dict.fromkeys(_compared(name) for name in _names(info)):
                    self.names.setdefault(name, []).append((deck_id, info.card.id))
                    self.most_words = max(self.most_words, len(name.split()))

    def find(self, ref: str) -> list[str]:
        """The deck/card ids of the cards whose printed name ``ref`` writes in place of an id
        — 'gebaeude/Sägewerk', or the name alone — its case, markup, spacing and soft hyphens
        aside; none when ``ref`` is a card's id without its deck (that card is meant, whoever
        prints the name: 'thief' is main/thief though main/merchant prints 'Thief')."""
        deck, slash, written = ref.partition("/") if "/" in ref else ("", "", ref)
        if not slash and ref in self.ids:
            return []
        return [
            f"{deck_id}/{card_id}"
            for deck_id, card_id in self.names.get(_compared(written), [])
            if not slash or deck_id == deck
        ]


def unmarked(written: str) -> str:
    """A text's words as a laid-out block says them: no markup, no soft hyphens, one space
    between words."""
    from printgen.layout import text

    return " ".join(text.plain(text.parse(written)).replace(SOFT, "").split())


def _compared(name: str) -> str:
    """A name as a reference is matched with it: as printed, in any case, with one spelling
    of an accented letter ('Café' typed é, printed e and a combining accent) — '**Old**  Thief'
    is written Old Thief. Parsed only when it may hold markup: a block of 100,000 words asks
    for each of its phrases."""
    plain = unmarked(name) if any(mark in name for mark in "*:\\") else " ".join(name.split())
    return unicodedata.normalize("NFC", plain.replace(SOFT, "")).casefold()


def name_said(ref: str, named: list[str], what: str) -> str:
    """What is said of ``ref``, which writes the printed name of the cards ``named``: ``what``
    (a reference, a cell) is one's id. Cards sharing the name are all named: the first alone
    sent the designer to a card they may not have meant."""
    written = ref.partition("/")[2] if "/" in ref else ref
    if len(named) == 1:
        return f"'{written}' is the name card '{named[0]}' prints; {what} is deck/card id: " + (
            f"write {named[0]}"
        )
    quoted = [f"'{key}'" for key in named]
    cards = and_joined(quoted)
    return f"'{written}' is the name cards {cards} print; {what} is deck/card id: write one of them"


def _names(info: CardInfo) -> Iterator[str]:
    """The card's printed name in the document's language, then as written for each."""
    written: Any = info.card.fields.get("name")
    for name in (info.values.get("name"), written):
        if isinstance(name, str):
            yield name
        elif isinstance(name, Mapping):
            yield from (text for text in name.values() if isinstance(text, str))


def not_there(decks: Mapping[str, list[CardInfo]], cards: Mapping[str, CardInfo], ref: str) -> str:
    """What a deck/card reference like no card's misses: the card in a deck there is (its
    cards named), the deck, or the deck/card form itself (an id alone: the card it is, or the
    one it misspells)."""
    deck, slash, card = ref.partition("/")
    if slash and deck in decks:
        ids = [info.card.id for info in decks[deck]]
        more = f" and {len(ids) - 12:,} more" if len(ids) > 12 else ""
        return f"; deck '{deck}' has no card '{card}' (its cards: {', '.join(ids[:12])}{more})"
    if slash and decks:
        return f"; there is no deck '{deck}' (the decks: {', '.join(decks)})"
    named = next((key for key in cards if key.partition("/")[2] == ref), None)
    if named:  # a card's id alone
        return f"; write deck/card: {named}"
    by_id: dict[str, str] = {}
    for key in cards:  # an id two decks share: the first deck's card
        by_id.setdefault(key.partition("/")[2], key)
    if meant := closest(ref, by_id):
        return f"; did you mean '{by_id[meant[0]]}'?"
    return f"; write deck/card, e.g. {next(iter(cards), 'deck/card')}"
