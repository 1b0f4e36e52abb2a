"""The one options object of a build (and of validate, which checks what a build would make)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from printgen.model.units import PAPER_SIZES


class Paper(StrEnum):
    A4 = "a4"
    LETTER = "letter"

    @property
    def size_mm(self) -> tuple[float, float]:
        return PAPER_SIZES[self.value]


class Duplex(StrEnum):
    LONG = "long"  # the sheet turns over its long edge
    SHORT = "short"  # ... over its short edge
    NONE = "none"  # fronts only


class Output(StrEnum):
    CARDS = "cards"  # every deck output: cards, tokens, pawns
    RULEBOOK = "rulebook"
    PLAYER_AID = "player-aid"


@dataclass(frozen=True)
class BuildOptions:
    paper: Paper = Paper.A4
    duplex: Duplex = Duplex.LONG
    languages: tuple[str, ...] = ()  # empty: every language each game declares
    outputs: frozenset[Output] = frozenset()  # empty: every output
    out: Path | None = None  # None: check everything a build checks, write nothing
    booklet: bool = False  # also the rulebook as an A5 saddle-stitch booklet

    def wants(self, output: Output) -> bool:
        return not self.outputs or output in self.outputs
