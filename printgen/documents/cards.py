"""Card pictures and card text inside documents, looked up by ``deck/card`` references."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any

from printgen.documents.block_lines import BlockSources, Placed, placed
from printgen.documents.card_glyphs import printed_on_faces
from printgen.documents.card_query import as_yaml, matches, query_wrong
from printgen.documents.card_refs import PrintedNames, name_said, not_there, unmarked
from printgen.documents.card_titles import card_name, title_count
from printgen.documents.source_lines import editor_lines
from printgen.layout.face import BorrowedDeck, Face, LaidOutDeck
from printgen.layout.hyphens import SOFT
from printgen.model.game import CardType, Deck, Game
from printgen.problems import Problem, Severity, Where
from printgen.source.located_yaml import place
from printgen.source.readers import did_you_mean


@dataclass
class CardInfo:
    """A card as documents show it: its deck, type, evaluated fields and laid-out face."""

    deck: Deck
    card: CardType
    laid_out: Face | Callable[[], Face]  # a borrowed deck's front is laid out when drawn
    values: dict[str, Any]
    back: Face | None = None  # what prints behind it

    @property
    def face(self) -> Face:
        if not isinstance(self.laid_out, Face):
            self.laid_out = self.laid_out()
        return self.laid_out


_WORD = re.compile(r"[^\s,]+")  # a card reference: spaces or commas between them
_QUOTES = "\"'“”«»„"  # round a name written in a block: '"Salt Merchant"' is that name


class CardIndex:
    """Every laid-out front of a game in one language, by ``deck/card``, and each deck's back.

    ``borrowed`` are the decks of the game this one plays on (``uses: deck:``): a diagram of
    the arena draws symbol cards. The game's own decks win where ids collide."""

    def __init__(
        self,
        game: Game,
        decks: list[LaidOutDeck],
        where: Where,
        borrowed: tuple[BorrowedDeck, ...] | list[BorrowedDeck] = (),
        labels: Mapping[str, str] | None = None,
        lang: str = "",  # the document's: where a card's text in it is written
    ) -> None:
        self.where, self.lang = where, lang
        # the texts its blocks are written in, to say a reference at its place (set by the
        # document drawing them)
        self.sources: BlockSources | None = None
        self.labels: Mapping[str, str] = labels or {}  # the words a card's title may need
        self.game = game
        self.cover_where = game.cover_where
        self.icon_colors = game.icon_colors
        self.icons = game.icon_library
        self.problems: list[Problem] = []
        self._said: dict[str, str] = {}  # why a reference names no card, by reference
        self.deck_names: dict[str, str] = {}  # by deck id, in the document's language
        self.cards: dict[str, CardInfo] = {}
        self.backs: dict[str, Face] = {}
        self.card_backs: dict[str, Face] = {}  # what prints behind each card, by deck/card
        self.decks: dict[str, list[CardInfo]] = {}
        self._laid, self._on_faces = decks, dict[str, set[str]]()
        pairs: list[list[tuple[CardType, Face | Callable[[], Face]]]] = [
            [(card, partial(used.front, card)) for card in used.deck.cards] for used in borrowed
        ]
        pairs += [list(laid.fronts) for laid in decks]
        for laid, fronts in zip([*borrowed, *decks], pairs, strict=True):
            self.decks[laid.deck.id] = []
            # a deck whose cards all have backs of their own: its first card's stands for it
            shown = laid.back or next(iter(laid.card_backs.values()), None)
            if shown is not None:
                self.backs[laid.deck.id] = shown
            for card, face in fronts:
                if (back := laid.back_of(card.id)) is not None:
                    self.card_backs[f"{laid.deck.id}/{card.id}"] = back
                info = CardInfo(laid.deck, card, face, laid.values[card.id], laid.back_of(card.id))
                self.cards[f"{laid.deck.id}/{card.id}"] = info
                self.decks[laid.deck.id].append(info)

    def title(self, info: CardInfo) -> str:
        """The card reference's title of a card: its name (a bare number says what it
        numbers, "Card 10") and its count, when more than one."""
        return card_name(info.face.name, info.deck.output, self.labels) + title_count(
            info.card.count
        )

    def on_faces(self, font: str) -> set[str]:
        """What the game's own faces print in ``font`` (worked out once, when first asked)."""
        if font not in self._on_faces:
            self._on_faces[font] = printed_on_faces(self._laid, font)
        return self._on_faces[font]

    def report(self, problem: Problem) -> None:
        """A problem found while drawing from the index, said once however many times the
        document is laid out (an aid is tried at several sizes)."""
        if problem not in self.problems:
            self.problems.append(problem)

    def named(self, content: str, line: int = 0) -> list[CardInfo]:
        """The cards a fenced block names, one ``deck/card`` per word; a word that names none
        is said at its own place when the block's fence ``line`` in the prose is known."""
        infos = []
        found: list[Placed | None] = []  # where the block is written: sought only for a problem

        def block() -> Placed | None:
            if not found:
                found.append(placed(self.sources, content, line) if self.sources else None)
            return found[0]

        if line and not content.strip():  # one the prose writes empty: it draws nothing
            self._empty_block(block(), line)
        for number, written in enumerate(editor_lines(content)):
            words = list(_WORD.finditer(written))
            skip = 0
            for index, word in enumerate(words):
                if index < skip:
                    continue
                where = partial(self._word_at, block, line, number, word)
                if (phrase := self._printed_phrase(written, words, index)) is not None:
                    skip = index + phrase[0]  # a card's printed name of several words, said once
                    self.get(phrase[1], where)
                elif (info := self.get(word.group(), where)) is not None:
                    infos.append(info)
        return infos

    def _word_at(
        self, block: Callable[[], Placed | None], line: int, number: int, word: re.Match[str]
    ) -> Where | None:
        """Where a block's word is written (None: unplaced, said at the document's prose)."""
        if (placed_at := block()) is not None:
            return placed_at.where(number, word.start(), word.group())
        return Where(self.where.path, line + number + 1, word.start() + 1) if line else None

    def _empty_block(self, block: Placed | None, line: int) -> None:
        """A block of the prose naming no card, said once at its fence, with one of the game's
        cards as the way to name one. (A template's block may be empty on purpose: printgen's
        own cover fan of a game without cover cards.)"""
        column = 1  # the fence's own, after a quote's '> ' or a list item's indent
        if self.sources is not None and 0 < line <= len(self.sources.prose_lines):
            fence = self.sources.prose_lines[line - 1]
            column = len(fence) - len(fence.lstrip(" >-*+0123456789.)\t")) + 1
        where = Where(block.rel if block is not None else self.where.path, line, column)
        example = next(iter(self.cards), "deck/card")
        said = (
            "this block names no card, so it draws none; write the cards it shows in it as "
            f"deck/card ('{example}'), or delete the block"
        )
        self.report(Problem(where, said, Severity.WARNING))

    def _printed_phrase(
        self, written: str, words: list[re.Match[str]], first: int
    ) -> tuple[int, str] | None:
        """(how many words, the text) of the longest run of ``words`` from ``first``, of two
        or more, that writes a card's printed name ('El Faro', 'Salt, Pepper', '"Salt
        Merchant"'): said as one name, not as an 'El' and a 'Faro' that name no card. None when
        the first word is a reference, or a card's id alone (that card is meant, whatever
        another card prints)."""
        word = words[first].group()
        if "=" in word or word in self.cards or word in self._printed.ids:
            return None
        start = words[first].start()
        for count in range(min(len(words) - first, self._printed.most_words), 1, -1):
            phrase = written[start : words[first + count - 1].end()]
            for said in dict.fromkeys((phrase, phrase.strip(_QUOTES))):
                if self._printed.find(said):
                    return count, said
        return None

    @cached_property
    def _printed(self) -> PrintedNames:
        return PrintedNames(self.decks)

    def written_at(self, text: str, lang: str) -> Where | None:
        """The line of the card field a laid-out block's ``text`` was printed from (the card
        reference prints each card's texts), or None."""
        from printgen.documents.source_lines import holds_word, opens_with

        said = " ".join(text.split())
        if (cover := self._cover_text_at(said, lang)) is not None:
            return cover
        for held in (opens_with, holds_word):  # a field opening with its words, else its word
            for info in self.cards.values():
                # the card reference's title, "name × 4": a one-word name has too few words to
                # be found by its opening (a long Italian word too wide for its column, say)
                drawn = isinstance(info.laid_out, Face)  # a borrowed card not drawn: no title
                if drawn and said == " ".join(self.title(info).split()):
                    return info.card.where_of("name", lang)
                for name, value in info.values.items():
                    if isinstance(value, str) and held(value, text):
                        return info.card.where_of(name, lang)
        return None

    def _cover_text_at(self, said: str, lang: str) -> Where | None:
        """The line of game.yaml's title or subtitle, which the cover prints as ``said`` (a
        long word of it too wide for the page is mended there, with a soft hyphen)."""
        said = " ".join(said.replace(SOFT, "").split())
        for key in ("title", "subtitle"):
            value = self.game.raw.get(key)
            written = value.get(lang) if isinstance(value, dict) else value
            # as written (game_as_written), or its marks read as Markdown (a template of the
            # designer's own may print it so)
            if isinstance(written, str) and said in (" ".join(written.split()), unmarked(written)):
                node, at = (value, lang) if isinstance(value, dict) else (self.game.raw, key)
                return place(node, at, Where(f"{self.game.folder}/game.yaml"))
        return None

    def get(
        self, ref: str, where: Where | Callable[[], Where | None] | None = None
    ) -> CardInfo | None:
        """The card ``ref`` names; None, and a problem at ``where`` (or what gives it: worked
        out only for a reference that names none), when it names none."""
        if "=" in ref and (wrong := query_wrong(ref)):  # main/= matched the first card
            if not wrong.startswith("query "):  # a number too long: which query says it
                shown = ref if len(ref) <= 60 else ref[:50] + "…"
                wrong = f"query '{shown}': {wrong}"
            at = where() if callable(where) else where
            self.problems.append(
                Problem(at or self.cover_where.get(ref, self.where), f"card {wrong}")
            )
            return None
        info = self.query(ref) if "=" in ref else self.cards.get(ref)
        if info is None:
            # a reference game.yaml's cover: names is reported there, else in the prose
            at = where() if callable(where) else where
            self.problems.append(
                Problem(at or self.cover_where.get(ref, self.where), self._unnamed(ref))
            )
        return info

    def _unnamed(self, ref: str) -> str:
        """Why ``ref`` names no card, worked out once a reference: a block writing one wrong
        word 100,000 times looked for the card meant 100,000 times (minutes)."""
        if (said := self._said.get(ref)) is not None:
            return said
        if "=" in ref:
            said = self._no_match(ref)
        elif named := self.by_printed_name(ref):
            said = f"card reference '{ref}' names no card: " + name_said(ref, named, "a reference")
        else:
            said = f"card reference '{ref}' names no card" + did_you_mean(
                ref, self.cards, self.not_there(ref)
            )
        self._said[ref] = said
        return said

    def by_printed_name(self, ref: str) -> list[str]:
        return self._printed.find(ref)

    def not_there(self, ref: str) -> str:
        return not_there(self.decks, self.cards, ref)

    def _no_match(self, ref: str) -> str:
        """Why a query matches no card: a deck or a field it misspells, else no card's values."""
        deck, _, wanted = ref.partition("/")
        if deck not in self.decks:
            return f"card query '{ref}': no deck '{deck}'" + did_you_mean(
                deck, self.decks, f"; the decks are {', '.join(self.decks)}"
            )
        fields = {name for info in self.decks[deck] for name in info.values}
        for term in wanted.split("&"):
            name = term.partition("=")[0].strip()
            if name not in fields:  # a misspelt field matches nothing, silently otherwise
                return f"card query '{ref}': deck '{deck}' has no field '{name}'" + did_you_mean(
                    name, fields, f"; its fields are {', '.join(sorted(fields))}"
                )
        return (
            f"card query '{ref}' matches no card (deck/field=value: the first card whose field "
            "has that value)"
        )

    def query(self, ref: str, exclude: set[str] | frozenset[str] = frozenset()) -> CardInfo | None:
        """The first card of ``deck/field=value&…`` whose values match (not in ``exclude``)."""
        deck, _, wanted = ref.partition("/")
        terms = [
            (name.strip(), value.strip(), as_yaml(value.strip()))
            for name, _, value in (term.partition("=") for term in wanted.split("&"))
        ]
        for info in self.decks.get(deck, []):
            if f"{info.deck.id}/{info.card.id}" not in exclude and all(
                matches(info.values.get(name), value, read) for name, value, read in terms
            ):
                return info
        return None


def text_fields(info: CardInfo) -> dict[str, str]:
    """The card's player-facing texts by field, in the deck's field order, the name excepted:
    those its front or back prints (a ``suit: text`` only its queries read is not the card's
    text); every text field where its layout is not known (it failed, and was said)."""
    printed = info.face.prints
    if printed is not None and info.back is not None and info.back.prints is not None:
        printed |= info.back.prints
    return {
        name: str(info.values[name])
        for name, kind in info.deck.field_types.items()
        if kind == "text"
        and name not in ("name", "summary")
        and info.values.get(name)
        and (printed is None or name in printed)
    }
