"""One module per output verb: cards (and every deck output such as tokens and pawns),
rulebook, player-aid. Each has ``make(job, problems) -> {file name: bytes}`` (an exported
image staged, ``printgen.staged``); writing is the caller's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from printgen.layout.face import BorrowedDeck, LaidOutDeck
from printgen.layout.hyphens import unbroken
from printgen.model.game import Game
from printgen.options import BuildOptions, Output
from printgen.problems import Problems
from printgen.project import Project
from printgen.resolve import Resolved
from printgen.staged import Contents, Staging


@dataclass(frozen=True)
class OutputJob:
    """What every output verb is given: one game in one language, laid out."""

    project: Project
    game: Game
    lang: str
    decks: list[LaidOutDeck]
    resolved: Resolved
    options: BuildOptions
    borrowed: tuple[BorrowedDeck, ...] = ()  # decks of the game this one plays on (uses: deck:)
    staging: Staging | None = None  # where exported images wait to be written (printgen.staged)

    @property
    def title(self) -> str:
        return unbroken(str(self.resolved.game["title"]))  # the sheets' margins, the PDF's title

    @property
    def author(self) -> str:
        return str(self.resolved.game["author"])


Maker = Callable[[OutputJob, Problems], Mapping[str, Contents]]
_MODULES = {
    Output.CARDS: "printgen.outputs.cards",
    Output.RULEBOOK: "printgen.outputs.rulebook",
    Output.PLAYER_AID: "printgen.outputs.player_aid",
}


def maker(output: Output) -> Maker:
    """The verb's ``make``; its module (and what it needs, e.g. platypus) is imported here."""
    make: Maker = importlib.import_module(_MODULES[output]).make
    return make
