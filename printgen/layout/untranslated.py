"""A deck never translated: a game of several languages whose deck prints every card text as
one plain string, prose among them — written in one language, printed in the others as it is.

A plain string stands for every language, rightly so for a name, a number or "ON"; a
sentence is not. A game started in one language (``printgen new --lang en``) and given a
second later prints its cards in the first language's words in both, and printgen said
nothing: one warning a deck says so, at its first sentence."""

from __future__ import annotations

import re
from typing import NamedTuple

from printgen.layout.printed_fields import layout_fields
from printgen.model.game import CardType, Deck, Game
from printgen.problems import Problem, Severity, Where, and_joined, in_spreadsheet, one_line
from printgen.source.layouts import LayoutLibrary
from printgen.startup.deferred import pattern

# what a text prints that is no word of its language: {{ expressions }}, {% tags %}, :icons:
_NOT_WORDS = pattern(r"\{\{.*?\}\}|\{%.*?%\}|:[A-Za-z0-9_-]+:", re.DOTALL)
# a word: letters alone between spaces, punctuation and markup around them aside ("turn.",
# "**two**", "player's"); "Straßen\u00adbau" or "+1" is none
_WORD = pattern(r"[^\w\s]*([^\W\d_]+(?:['’-][^\W\d_]+)*)[^\w\s]*")
PROSE_WORDS = 3  # a sentence: fewer is a name or a label ("Crown", "Old Harbour")
SHOWN = 40  # the characters of the first sentence the message quotes
# the characters of a text read for its words: a sentence shows in its first words, and an
# {{ left open on each of a million characters would be read to the end a million times
READ = 1_000
SHOWN_LANGUAGES = 5  # the languages a message names, then how many more


class PlainText(NamedTuple):
    """A card's printed text written once for every language."""

    card: CardType
    field: str
    text: str


def untranslated_decks(game: Game, library: LayoutLibrary) -> list[Problem]:
    """One warning for each deck of a game of several languages that none of its printed
    texts translates, while one of them is a sentence (said by the game that owns the deck:
    a deck borrowed with ``uses:`` is not among ``game.decks``)."""
    languages = game.meta.languages
    if len(languages) < 2:
        return []
    found = []
    for deck in game.decks:
        plain = _plain_texts(deck, library)
        if plain is None:  # translated
            continue
        if (first := _first_prose(plain)) is not None:
            found.append(_warning(deck, plain, first, languages))
    return found


def _plain_texts(deck: Deck, library: LayoutLibrary) -> list[PlainText] | None:
    """The deck's printed text fields written as plain strings, in the cards' order (a card's
    in the order its layout's fields are declared); None when one of them has a text per
    language (the deck is translated: a plain one beside it is a name or a number meant alike
    in every language)."""
    texts = [name for name, kind in deck.field_types.items() if kind == "text"]
    plain: list[PlainText] = []
    prints: dict[str, list[str]] = {}  # by layout, worked out once: 10,000 cards share a few
    for card in deck.cards:
        layout = library.layouts.get(card.layout)
        if layout is None:  # an unknown layout: said by the lay-out
            continue
        if card.layout not in prints:
            printed = layout_fields(layout)
            prints[card.layout] = [name for name in texts if name in printed]
        for name in prints[card.layout]:
            value = card.fields.get(name)
            if isinstance(value, dict):
                return None
            if isinstance(value, str) and value.strip():
                plain.append(PlainText(card, name, value))
    return plain


def _first_prose(plain: list[PlainText]) -> PlainText | None:
    """The first card's first sentence, as written in its file: of that card's texts that read
    as prose, the one written first (where_of asked of that card alone)."""
    at = next((n for n, text in enumerate(plain) if reads_as_prose(text.text)), None)
    if at is None:
        return None
    card = plain[at].card
    same = [text for text in plain[at:] if text.card is card and reads_as_prose(text.text)]
    return min(same, key=lambda text: _place(card.where_of(text.field)))


def _place(where: Where) -> tuple[int, int, int, str]:
    """Where a text is written, to take a card's first: its line and column in a deck file,
    its cell (``ships.xlsx!C7``, no line: Z7 before AA7) in a workbook."""
    return (where.line, where.col, len(where.path), where.path)


def reads_as_prose(text: str) -> bool:
    """Whether a text reads as a sentence: three or more words of letters, most of them in
    lower case ("Sail to any harbour"); a name ("Tower of London"), a label ("ON", "+1 VP")
    or an expression's value is none, and stands for every language."""
    tokens = _NOT_WORDS.sub(" ", text[:READ]).split()
    words = [found.group(1) for token in tokens if (found := _WORD.fullmatch(token))]
    lower = sum(1 for word in words if word.islower())
    return len(words) >= PROSE_WORDS and lower * 2 > len(words)


def _warning(
    deck: Deck, plain: list[PlainText], first: PlainText, languages: tuple[str, ...]
) -> Problem:
    cards = len({text.card.id for text in plain})
    quoted = one_line(first.text[: SHOWN * 4])
    quoted = quoted if len(quoted) <= SHOWN else quoted[: SHOWN - 10].rstrip() + "…"
    texts = f"{len(plain):,} text{'s' * (len(plain) != 1)}"
    counted = f"{texts} on {cards:,} card{'s' * (cards != 1)}"
    where = first.card.where_of(first.field)
    if in_spreadsheet(where):  # a text per language is a column per language
        columns = ", ".join(f"{first.field}.{lang}" for lang in languages[:3])
        fix = f"give each text a column per language ({columns}{', …' * (len(languages) > 3)})"
    else:
        each = ", ".join(f"{lang}: …" for lang in languages[:3])
        fix = f"write each as {{{each}{', …' * (len(languages) > 3)}}}"
    return Problem(
        where,
        f"deck '{deck.id}': its card texts are written once for every language, so its "
        f"{_listed(languages[1:])} cards print them in the words written ({counted}: "
        f"'{quoted}' …); {fix} to translate them",
        Severity.WARNING,
    )


def _listed(languages: tuple[str, ...]) -> str:
    """``it``, ``it and fr``, ``it, fr and de`` — past five, how many more."""
    if len(languages) > SHOWN_LANGUAGES:
        more = len(languages) - SHOWN_LANGUAGES
        return f"{', '.join(languages[:SHOWN_LANGUAGES])} and {more:,} more"
    return and_joined(list(languages))
