"""The build, stage by stage: load → validate → lay out → render → impose → write.

Everything is checked and produced in memory first; files are written only when every game
passed, each one atomically.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printgen.errors import Problem, ProjectError, errors_only
from printgen.layout import LaidOutDeck, lay_out_game
from printgen.layoutdefs import LayoutLibrary, load_layouts
from printgen.load import load_game
from printgen.model import Game
from printgen.project import Project
from printgen.validate import CheckContext, validate_game

OUTPUTS = ("cards", "rulebook", "player-aid")


@dataclass
class Checked:
    """A game that passed (or failed) every check, with its laid-out decks per language."""

    game: Game | None
    problems: list[Problem]
    decks: dict[str, list[LaidOutDeck]] = field(default_factory=dict)


class Session:
    """One command's view of a project; caches games and layouts it has loaded."""

    def __init__(self, project: Project, every_layout: bool = False) -> None:
        self.project = project
        self.every_layout = every_layout  # validate reads every layout file, used or not
        self._games: dict[str, Game] = {}
        self._libraries: dict[frozenset[str] | None, LayoutLibrary] = {}

    def game(self, game_id: str) -> Game:
        if game_id not in self._games:
            self._games[game_id] = load_game(self.project, game_id)
        return self._games[game_id]

    def library(self, game: Game) -> LayoutLibrary:
        """The layouts a game's decks name (and what they extend)."""
        wanted = None if self.every_layout else frozenset(layout_names(game))
        if wanted not in self._libraries:
            self._libraries[wanted] = load_layouts(self.project, set(wanted) if wanted else None)
        return self._libraries[wanted]

    def check(self, game_id: str, langs: list[str] | None) -> Checked:
        try:
            game = self.game(game_id)
            library = self.library(game)
        except ProjectError as exc:
            return Checked(None, exc.problems)
        problems = validate_game(game, CheckContext(self.project, self.game))
        checked = Checked(game, problems)
        for lang in langs or list(game.meta.languages):
            if lang not in game.meta.languages:
                problems.append(
                    Problem(
                        game.meta.where,
                        f"game '{game_id}' has no language "
                        f"'{lang}'; it declares {', '.join(game.meta.languages)}",
                    )
                )
                continue
            decks, layout_problems = lay_out_game(self.project, game, library, lang)
            problems.extend(layout_problems)
            checked.decks[lang] = decks
        return checked


def layout_names(game: Game) -> set[str]:
    names = {card.layout for deck in game.decks for card in deck.cards}
    return names | {deck.back_layout for deck in game.decks if deck.back_layout}


def has_errors(problems: list[Problem]) -> bool:
    return bool(errors_only(problems))


def output_dir(out: Path, game_id: str, lang: str) -> Path:
    return out / game_id / lang
