"""One command's view of a project: each game loaded, resolved and checked once.

The stages in order: source (load) → resolve → rules → layout. Every problem goes into the
command's one ``Problems`` collector; a game whose files do not load stops there.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import ModuleType

from printgen.folders import holds
from printgen.layout.evaluate import lay_out_borrowed, lay_out_game
from printgen.layout.face import BorrowedDeck, LaidOutDeck
from printgen.layout.untranslated import untranslated_decks
from printgen.layout_defaults import add_layout_defaults
from printgen.model.game import Game, is_language_code, shown_language, two_letter_hint
from printgen.options import BuildOptions
from printgen.problems import Problem, Problems, ProjectError, Severity, Where, fail
from printgen.project import Project
from printgen.resolve import Resolved, resolve_game
from printgen.rules.context import RuleContext
from printgen.rules.discover import load_rules_module
from printgen.rules.run import run_rules
from printgen.source.game import load_game
from printgen.source.layouts import LayoutLibrary, load_layouts


@dataclass
class Checked:
    """A game that loaded, with its values and laid-out decks per language."""

    game: Game
    resolved: dict[str, Resolved]
    decks: dict[str, list[LaidOutDeck]] = field(default_factory=dict)
    complete: bool = True  # False: the game's files have problems; only its prose is checked


class Session:
    """Caches what a command has loaded: games, their resolved values, layouts, rule modules."""

    def __init__(self, project: Project, every_layout: bool = False) -> None:
        self.project = project
        self.every_layout = every_layout  # build and validate read every layout file
        self._games: dict[str, Game] = {}
        # a game whose files do not load, and why: said again to each game that uses it, not
        # read again (a 32 MB deck refused for its values took 10 s for each game using it)
        self._unloadable: dict[str, ProjectError] = {}
        self._resolved: dict[str, tuple[dict[str, Resolved], Problems]] = {}
        self._modules: dict[str, ModuleType | None] = {}
        self._libraries: dict[tuple[str, frozenset[str] | None], LayoutLibrary] = {}
        self._borrowed: dict[tuple[str, str], list[BorrowedDeck]] = {}

    def seed(self, game: Game) -> None:
        """A game another session already loaded (the build planned its units with it)."""
        self._games[game.id] = game

    def seed_unloadable(self, game_id: str, why: ProjectError) -> None:
        """A game another session found did not load, and why: said again, not read again."""
        self._unloadable[game_id] = why

    def game(self, game_id: str) -> Game:
        """Raises ProjectError when the game's files do not load or it is not a game here."""
        self._known(game_id)
        if game_id in self._unloadable:
            known = self._unloadable[game_id]
            again = ProjectError(list(known.problems))
            again.partial = known.partial  # what did load: its cards are checked all the same
            raise again
        if game_id not in self._games:
            try:
                self._games[game_id] = load_game(self.project, game_id)
            except ProjectError as exc:
                self._unloadable[game_id] = exc
                raise
        return self._games[game_id]

    def resolved(self, game: Game, problems: Problems) -> dict[str, Resolved]:
        """Every language's values, resolved once; what resolving found is reported to each
        caller (validate checks a game's languages one after another in one session, and each
        must see every language's errors, as it would alone)."""
        if game.id not in self._resolved:
            found = Problems()
            resolved = resolve_game(game, game.meta.languages, found, self.marks(game))
            with contextlib.suppress(ProjectError):  # a layout file's mistake: said by the lay-out
                add_layout_defaults(game, self.library(game), resolved, found)
            self._resolved[game.id] = (resolved, found)
        resolved, found = self._resolved[game.id]
        problems.merge(found)
        return resolved

    def marks(self, game: Game) -> dict[str, str | None]:
        """Each of the game's languages' decimal mark, from its labels (the texts print 1,5)."""
        from printgen.documents.labels import decimal_mark

        return {lang: decimal_mark(self.project, lang, game.id) for lang in game.meta.languages}

    def rules_module(self, game_id: str) -> ModuleType | None:
        """The game's rules.py (None without one); raises ProjectError when it fails to load."""
        self._known(game_id)
        if game_id not in self._modules:
            folder = self.project.cards / game_id
            rel = self.project.rel(folder / "rules.py")
            if holds(folder / "rules.py"):
                self.project.file(folder / "rules.py", Where(rel))  # confined, a file, not huge
            self._modules[game_id] = load_rules_module(folder, rel)
        return self._modules[game_id]

    @cached_property
    def _game_ids(self) -> list[str]:
        """The project's games, looked up once a session (each is resolved and stat'ed)."""
        return self.project.game_ids()

    def _known(self, game_id: str) -> None:
        """Only a folder of this project's cards/ is a game: an id never reaches elsewhere."""
        if game_id not in self._game_ids:
            known = ", ".join(self._game_ids) or "none"
            raise fail(
                Where(self.project.rel(self.project.cards)),
                f"no game '{game_id}' in cards/ (a folder with a game.yaml); games here: {known}",
            )

    def rule_context(self, game: Game, problems: Problems) -> RuleContext:
        def other(game_id: str) -> RuleContext:
            return self.rule_context(self.game(game_id), Problems())  # its own run reports

        def module(game_id: str) -> ModuleType | None:
            return self.rules_module(game_id)

        return RuleContext(self.project, game, self.resolved(game, problems), other, module)

    def library(self, game: Game) -> LayoutLibrary:
        """The layouts a game's decks name (and what they extend): shared and the game's own."""
        wanted = None if self.every_layout else frozenset(layout_names(game))
        key = (game.id, wanted)
        if key not in self._libraries:
            self._libraries[key] = load_layouts(
                self.project, set(wanted) if wanted else None, game.id
            )
        return self._libraries[key]

    def check(
        self,
        game_id: str,
        options: BuildOptions,
        problems: Problems,
        rules: bool = True,
        stream: bool = False,
    ) -> Checked | None:
        """Load, resolve, run the rules (unless another unit of the build runs them) and lay
        out one game — with ``stream``, its fronts only when drawn (printgen.layout.streamed);
        None when it does not load."""
        loaded: Game | None = None
        rules_tried = False
        try:
            game = loaded = self.game(game_id)
            library = self.library(game)
            rules_tried = True
            # imported only by the unit that runs the rules: what rules.py prints as it is
            # imported is printed once a build, not once a language's worker
            module = self.rules_module(game_id) if rules else None
        except ProjectError as exc:
            problems.extend(exc.problems)
            if rules and not rules_tried:  # a rules.py that does not import is said too
                problems.extend(self._rules_module_problems(game_id))
            partial = exc.partial if isinstance(exc.partial, Game) else loaded
            if partial is None:
                return None
            langs = partial.meta.languages
            wanted = [lang for lang in options.languages or langs if lang in langs]
            if partial is not loaded:  # its decks did not load: its layouts are checked still,
                self._layout_problems(game_id, problems)  # and the cards that did load
                self._card_problems(partial, wanted, problems)
                if rules and partial.only_icons_wrong:  # every card is there to count
                    self._whole_game_rules(partial, problems)
            # the prose is checked too (with no cards: their decks or layouts did not load)
            return Checked(partial, {}, {lang: [] for lang in wanted}, complete=False)
        if rules:  # the unit that runs the rules says what loading warned about, once
            problems.extend(game.notices)
            problems.extend(untranslated_decks(game, library))  # once a game, not a language
            run_rules(self.rule_context(game, problems), module, problems)
        checked = Checked(game, self.resolved(game, problems))
        languages = game.meta.languages
        for lang in options.languages or languages:
            if lang not in languages:
                problems.add(
                    game.meta.languages_where or game.meta.where,
                    f"game '{game_id}' has no language '{shown_language(lang)}'; its languages are "
                    f"{', '.join(game.meta.languages)}"
                    + ("" if is_language_code(lang) else two_letter_hint(lang, languages)),
                )
                continue
            resolved = checked.resolved[lang]
            checked.decks[lang] = lay_out_game(
                self.project, game, library, resolved, problems, stream
            )
        return checked

    def _rules_module_problems(self, game_id: str) -> list[Problem]:
        try:
            self.rules_module(game_id)
        except ProjectError as exc:
            return list(exc.problems)
        return []

    def _whole_game_rules(self, game: Game, problems: Problems) -> None:
        """The rules of a game only its icon files kept from loading, and what loading warned
        about: said in the same run as the icon file's mistake (watch showed a rule's error
        gone while an icon file was misnamed, as if it were fixed)."""
        problems.extend(game.notices)
        try:
            module = self.rules_module(game.id)
        except ProjectError:  # said beside the icon file's mistake: its checks: run still
            module = None
        run_rules(self.rule_context(game, problems), module, problems)

    def _card_problems(self, game: Game, langs: list[str], problems: Problems) -> None:
        """The cards loaded without a problem, laid out for their own problems (an :icon: no
        library has in a text, a misspelt field, a '**' never ended): said in the same run as
        a card's mistake.
        Not the rules: they would count cards that are missing; nothing when game.yaml
        itself is wrong (its languages, say), nor a deck read with problems (its fields)."""
        sound = [
            replace(deck, cards=[c for c in deck.cards if f"{deck.id}/{c.id}" not in game.broken])
            for deck in game.decks
            if deck.id not in game.broken
        ]
        if not game.sound_meta or not any(deck.cards for deck in sound):
            return
        game = replace(game, decks=[deck for deck in sound if deck.cards])
        try:
            library = self.library(game)
        except ProjectError:  # said by _layout_problems
            return
        # its errors, and what a card's own text warns of (an unclosed '**'): what it warns
        # of deck-wide (a text shrunk below its siblings', an element drawn on no card) could
        # be about the cards that are missing
        found, texts_warned = Problems(), set[Problem]()
        resolved = resolve_game(game, tuple(langs), found, self.marks(game))
        for lang in langs:
            lay_out_game(self.project, game, library, resolved[lang], found, False, texts_warned)
        problems.extend(p for p in found if p.severity == Severity.ERROR or p in texts_warned)

    def _layout_problems(self, game_id: str, problems: Problems) -> None:
        """Every layout file the game sees, read for its problems alone: a designer sees a
        layout's mistake in the same run as a card file's."""
        try:
            load_layouts(self.project, None, game_id)
        except ProjectError as exc:
            problems.extend(exc.problems)

    def lender_lost(self, game: Game) -> bool:
        """Whether the game whose deck this one plays on (``uses: deck:``) does not load: the
        lead unit's rules say so, once; what the documents would draw of that deck cannot be
        checked, and "no deck 'simboli'" would blame the borrower's rules and cover."""
        used = self._lender(game)
        if used is None:
            return False
        try:
            self.game(used)
        except ProjectError:
            return True
        return False

    def borrowed_decks(self, game: Game, lang: str) -> list[BorrowedDeck]:
        """The laid-out decks of the game this one plays on (``uses: deck:``), for documents
        that draw its cards; that game's own check reports its problems."""
        used = self._lender(game)
        if used is None:
            return []
        if (used, lang) not in self._borrowed:
            scratch = Problems()
            try:
                other = self.game(used)
                library = self.library(other)
            except ProjectError:
                return []
            if lang not in other.meta.languages:
                return []
            resolved = self.resolved(other, scratch)[lang]
            decks = lay_out_borrowed(self.project, other, library, resolved, scratch)
            self._borrowed[(used, lang)] = decks
        return self._borrowed[(used, lang)]

    def _lender(self, game: Game) -> str | None:
        """The id of the project's other game whose deck this one plays on, if any."""
        used = game.uses.get("deck") if isinstance(game.uses, dict) else None
        if not isinstance(used, str) or used == game.id or used not in self._game_ids:
            return None
        return used


def layout_names(game: Game) -> set[str]:
    names = {card.layout for deck in game.decks for card in deck.cards}
    names |= {deck.back_layout for deck in game.decks if deck.back_layout}
    return names | {
        card.back.layout
        for deck in game.decks
        for card in deck.cards
        if card.back and card.back.layout
    }
