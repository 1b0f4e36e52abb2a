"""The game model every stage after loading works on: plain dataclasses, no YAML left in them."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from printgen.problems import Problem, Severity, Where
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from printgen.icons import IconLibrary

# A player-facing text: one string for every language, or {lang: string}.
Text = str | dict[str, str]


class Side(StrEnum):
    FRONT = "front"
    BACK = "back"


class CardShape(StrEnum):
    RECT = "rect"
    CIRCLE = "circle"  # tokens, coins: cut round


@dataclass(frozen=True)
class GameMeta:
    """What game.yaml says of the game: id, title, languages, players, duration, credits."""

    id: str
    title: Text
    languages: tuple[str, ...]
    players_min: int
    players_max: int
    duration_min: int | None
    age: int | None
    author: Text  # of the original design
    subtitle: Text | None
    where: Where
    credits: Text | None = None  # more about the original, printed in the rulebook's credits
    adapted: bool = False  # another's game told anew: its author is the original's
    languages_where: Where | None = None  # its `languages:` line


@dataclass(slots=True)
class CardBack:
    """A card's own back (its ``back:``), printed in place of its deck's: a layout (None: the
    deck's back layout) and fields, which may be expressions over the card's own values."""

    layout: str | None
    fields: dict[str, Any]
    where: Where  # the card's back: (its back.… cell in a spreadsheet)
    field_where: dict[str, Where] = field(default_factory=dict)  # by field name
    layout_where: Where | None = None


@dataclass(slots=True)  # slots: 50,000 cards are 5 MB lighter
class CardType:
    """One card design; ``count`` physical copies of it are printed."""

    id: str
    count: int
    fields: dict[str, Any]
    field_where: dict[str, Where]  # by field name (and "count"), by "name/lang" for translations
    where: Where
    layout: str
    layout_where: Where  # where the layout is named: the card's own key or the deck's
    scope: dict[str, Any] = field(default_factory=dict)  # generator variables (suit, rank, ...)
    back: CardBack | None = None  # its own back, in place of the deck's

    def where_of(self, name: str, lang: str | None = None) -> Where:
        """The line of a field — of its text in ``lang`` where it has one per language."""
        return self.field_where.get(f"{name}/{lang}") or self.field_where.get(name, self.where)


@dataclass
class Deck:
    """A deck: card size, bleed, safe zone and shape, its layouts, fields and cards."""

    id: str
    name: Text
    width_mm: float
    height_mm: float
    bleed_mm: float
    safe_mm: float
    shape: CardShape
    output: str  # file stem in build/<game>/<lang>/, e.g. "cards", "tokens", "pawns"
    back_layout: str | None
    back_fields: dict[str, Any]
    field_types: dict[str, str]
    cards: list[CardType]
    where: Where
    back_where: Where
    size_where: Where
    bleed_where: Where  # its bleed: line (the deck's start when it takes the default)
    back_layout_where: Where | None = None  # its back's layout: name (None: not written)
    gutter_mm: float | None = None  # gap between cards on a sheet; None: the build's --gutter
    # a declared field its cards_from sheet has no column for, and that sheet (its file): said
    # once at the header, so a card of that sheet lacking it is not said again on its own row
    columnless: dict[str, str] = field(default_factory=dict)
    reference: str | None = None  # cards, gallery or none in the documents; None: by its size
    # listed or none in the aid's quick reference; None: as its reference: and summaries say
    aid: str | None = None
    # the texts its generate: rules write, in the order written (the legend lists a field's
    # icons so: winds N, NE, E…, as written, not as the shuffle dealt them to the cards)
    written: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(card.count for card in self.cards)


@dataclass
class Constraint:
    """A count the data promises (a deck's size, a card's copies), checked by the validator."""

    kind: str  # "total" or "count"
    deck: str
    expected: int
    card: str | None
    where: Where


@dataclass(frozen=True)
class Check:
    """A design rule written in game.yaml's ``checks:``: an expression that must hold."""

    id: str
    each: tuple[str, ...]  # deck ids: the check runs once per card type; empty: once per game
    assertion: str  # "{{ card.cost <= card.cargo + 1 }}"
    message: Text  # a template, shown when the assertion fails
    severity: Severity
    where: Where  # the check itself
    each_where: Where
    assertion_where: Where
    message_where: Where


@dataclass
class Game:
    """A game as loaded from its folder: metadata, data, decks, the games it uses and its checks."""

    meta: GameMeta
    folder: str  # relative to the project, e.g. "cards/warriors-and-monks"
    data: dict[str, Any]
    data_where: Where
    constraints: list[Constraint]
    decks: list[Deck]
    uses: dict[str, Any]  # needs declared on another game's deck (see the symbol deck games)
    icon_colors: dict[str, str]  # inline icons drawn in their own colour (hearts red)
    used_title: Text | None  # title of the game whose deck this one plays on (uses: deck:)
    # deck/card references drawn on the rulebook's cover; None: none given (the first 4
    # cards), [] asks for no fan of cards at all
    cover: list[str] | None
    raw: dict[str, Any]  # the whole game.yaml, for game modules that need more
    checks: list[Check] = field(default_factory=list)
    icons: IconLibrary | None = None  # every icon the game can use; set by the loader
    cover_where: dict[str, Where] = field(default_factory=dict)  # each cover entry's place
    notices: list[Problem] = field(default_factory=list)  # warnings found reading its files
    # a game that failed to load: whether game.yaml itself was sound, and the decks (by id) and
    # cards (deck/card) read with problems, or not read at all — the others are still laid out
    sound_meta: bool = True
    broken: frozenset[str] = frozenset()
    # failed for its icon files alone: its cards, data and checks are all there, so its rules
    # can run (a misnamed icon file otherwise hid their errors)
    only_icons_wrong: bool = False

    @property
    def icon_library(self) -> IconLibrary:
        if self.icons is not None:  # looked up for every icon a card draws
            return self.icons
        from printgen.icons import builtin_library

        return builtin_library()

    @property
    def id(self) -> str:
        return self.meta.id

    def deck(self, deck_id: str) -> Deck | None:
        return next((d for d in self.decks if d.id == deck_id), None)


def is_language_code(key: object) -> bool:
    """Whether ``key`` is written as a language code of languages: is (two letters a–z)."""
    return isinstance(key, str) and _LANGUAGE_CODE.fullmatch(key) is not None


_LANGUAGE_CODE = re.compile(r"[a-z]{2}")


def not_a_language_code(lang: str) -> str:
    """What is wrong with ``lang``, which is not a language code: 'EN' is two letters, so
    'must be a two-letter code' alone left the designer looking for what was wrong; 'es-ES'
    holds the code to write."""
    if _LANGUAGE_CODE.fullmatch(lang.lower()):
        return f"language '{lang}' must be written in lower case: '{lang.lower()}'"
    code = _code_within(lang)
    if code:
        return f"language '{shown_language(lang)}' must be a two-letter code: write '{code}'"
    return f"language '{shown_language(lang)}' must be a two-letter code such as en, it or fr"


def two_letter_hint(lang: str, available: Collection[str] | None = None) -> str:
    """The tail of a message refusing ``lang``, which is not a code: the code it holds — when
    it is one of ``available`` (the languages that would be taken), else that it is not
    either: 'write zh' to a game in English alone led to another error."""
    code = _code_within(lang) or _plain_code(lang)
    if code and (available is None or code in available):
        return f" (a language is a two-letter code: write '{code}')"
    if code:
        return f" (a language is a two-letter code, and '{code}' is not one of these either)"
    return " (a language is a two-letter code, such as it)"


def code_within(lang: str) -> str | None:
    """The two-letter code a language with its region holds (pt-BR: pt), else None."""
    return _code_within(lang)


# a language with its region, as a system locale or a web page names it: es-ES, pt_BR, en-US
_WITH_REGION = pattern(r"([A-Za-z]{2})[-_][A-Za-z0-9]{2,8}")


def _code_within(lang: str) -> str | None:
    """The two-letter code a language with its region holds (pt-BR: pt)."""
    found = _WITH_REGION.fullmatch(lang)
    return found[1].lower() if found else None


def _plain_code(lang: str) -> str | None:
    """The code a language typed in other letters spells: full-width 'ｅｎ' (an East Asian
    keyboard), 'İT' (a Turkish one, whose I has a dot): each was told no code to write."""
    import unicodedata

    if len(lang) > 20:  # no code: not worth decomposing 10 KB
        return None
    decomposed = unicodedata.normalize("NFKD", lang)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return plain if _LANGUAGE_CODE.fullmatch(plain) else _code_within(plain)


def shown_language(lang: str) -> str:
    """A language as a message quotes it: a code is two letters, so a longer one is cut short
    (`printgen labels` given 5,000 characters echoed them all)."""
    return lang if len(lang) <= 20 else f"{lang[:20]}…"


def localize(value: Any, lang: str, languages: tuple[str, ...]) -> Any:
    """Pick ``lang`` out of every {lang: text} mapping, recursively. A mapping of language
    codes alone that names one of the game's is a translation too: its other languages are
    texts the game does not print (said by the checks that read it)."""
    if isinstance(value, dict):
        if value and set(value) <= set(languages):
            return value.get(lang, "")
        if not set(value).isdisjoint(languages) and all(map(is_language_code, value)):
            return value.get(lang, "")
        return {k: localize(v, lang, languages) for k, v in value.items()}
    if isinstance(value, list):
        return [localize(v, lang, languages) for v in value]
    return value
