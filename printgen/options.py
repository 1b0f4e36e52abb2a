"""The one options object of a build (and of validate, which checks what a build would make)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from printgen.model.units import PAPER_SIZES
from printgen.problems import Where


class Paper(StrEnum):
    A4 = "a4"
    LETTER = "letter"

    @property
    def size_mm(self) -> tuple[float, float]:
        return PAPER_SIZES[self.value]


class Duplex(StrEnum):
    LONG = "long"  # the sheet turns over its long edge
    SHORT = "short"  # ... over its short edge
    FOLD = "fold"  # front and back side by side on one side of the sheet, folded and glued
    NONE = "none"  # fronts only


class Output(StrEnum):
    CARDS = "cards"  # every deck output: cards, tokens, pawns
    RULEBOOK = "rulebook"
    PLAYER_AID = "player-aid"


class Format(StrEnum):
    """What the card outputs are made as: print-and-cut sheets or exports rendered from them."""

    PDF = "pdf"  # sheets to print at home
    PNG = "png"  # one image per card face with its bleed (print services)
    TTS = "tts"  # Tabletop Simulator deck sheets and saved object


class Service(StrEnum):
    """Print services whose exact image sizes ``--format png`` can match."""

    MPC = "mpc"  # MakePlayingCards
    DTC = "dtc"  # DriveThruCards


@dataclass(frozen=True)
class Offset:
    """Millimetres every back is moved by, right (x) and up (y) as the back page is seen."""

    x: float = 0.0
    y: float = 0.0

    def __bool__(self) -> bool:
        return bool(self.x or self.y)


DEFAULT_DPI = 300  # PNG images and Tabletop Simulator sheets, unless --dpi says
BACK_OFFSET_OPTION = Where("--back-offset", 0, 0)  # the command line: no file, no line


@dataclass(frozen=True)
class CardFilter:
    """Only these cards (``--cards``), each ``copies`` times (None: each card's own count)."""

    ids: tuple[str, ...] = ()  # card ids, or deck/card; empty: every card
    copies: int | None = None

    def __bool__(self) -> bool:
        return bool(self.ids) or self.copies is not None

    def over_the_limits(self, decks: list[tuple[str, int]], game: str) -> str | None:
        """Why ``copies`` of the chosen cards (each deck's id and how many of its cards) are
        more than a deck or a game may hold, if they are: each of 2,000 generated cards 100
        times was 200,000 cards, twice a deck's limit (100,000 of them, ten million: time and
        memory without end). Each card its count is within them, as the decks were read."""
        from printgen.limits import MAX_CARDS_PER_DECK, MAX_CARDS_PER_GAME

        if self.copies is None:
            return None
        fewer = "name fewer cards with --cards, or fewer copies"
        for deck, cards in decks:
            if (total := cards * self.copies) > MAX_CARDS_PER_DECK:
                return (
                    f"{self.copies} copies of each of the {cards:,} cards of deck '{deck}' "
                    f"are {total:,} cards, over {MAX_CARDS_PER_DECK:,} (the limit for one "
                    f"deck); {fewer}"
                )
        if (total := sum(cards for _, cards in decks) * self.copies) > MAX_CARDS_PER_GAME:
            return (
                f"{self.copies} copies of each card of {game} are {total:,} cards, over "
                f"{MAX_CARDS_PER_GAME:,} (the limit for one game); {fewer}"
            )
        return None


@dataclass(frozen=True)
class BuildOptions:
    """Every option of a build, from the command line and printgen.yaml: one object, passed down."""

    paper: Paper = Paper.A4
    duplex: Duplex = Duplex.LONG
    languages: tuple[str, ...] = ()  # empty: every language each game declares
    outputs: frozenset[Output] = frozenset()  # empty: every output
    out: Path | None = None  # None: check everything a build checks, write nothing
    gutter_mm: float = 0.0  # gap between neighbouring cards; 0: they share their cut lines
    back_offset: Offset = Offset()
    back_offset_where: Where = BACK_OFFSET_OPTION  # the option, or its line in printgen.yaml
    cards: CardFilter = CardFilter()
    formats: frozenset[Format] = frozenset({Format.PDF})
    dpi: int = DEFAULT_DPI
    service: Service | None = None
    booklet: bool = False  # also the rulebook as an A5 saddle-stitch booklet

    def wants(self, output: Output) -> bool:
        return not self.outputs or output in self.outputs
