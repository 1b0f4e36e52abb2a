"""What a game's rules see: the game, its decks, every card's resolved values, other games."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import overload

from printgen.model.game import CardType, Deck, Game
from printgen.problems import SOFT_HYPHEN, Problem, ProjectError, Severity, Where, closest
from printgen.project import Project
from printgen.resolve import Resolved
from printgen.rules.guard import RulesWarning
from printgen.source.located_yaml import place, read_yaml


@dataclass(frozen=True)
class CardView:
    """One card type with its values as printed in one language."""

    deck: Deck
    card: CardType
    values: Mapping[str, object]
    lang: str

    @property
    def id(self) -> str:
        return self.card.id

    @property
    def count(self) -> int:
        return self.card.count

    @property
    def label(self) -> str:
        """How a message names the card: its id and printed name, whole (its soft hyphens, a
        word's places to break, print nothing within a line)."""
        name = self.values.get("name")
        name = str(name).replace(SOFT_HYPHEN, "") if name else name
        return f"card '{self.card.id}' ({name})" if name else f"card '{self.card.id}'"

    def where(self, field: str | None = None) -> Where:
        """The line of a field (its text in this language), else of the card."""
        if field is None:
            return self.card.where
        self._known(field)
        return self.card.where_of(field, self.lang)

    def _known(self, field: str) -> None:
        """A name the deck has no field for warns at the rule's line: ``number("hp")`` giving
        None makes a rule check nothing (or everything), silently."""
        if field in self.values or field in self.deck.field_types:
            return
        import warnings

        from printgen.source.readers import did_you_mean

        names = sorted(set(self.deck.field_types) | {str(k) for k in self.values})
        hint = did_you_mean(str(field), names, f"; its fields: {', '.join(names) or 'none'}")
        said = f"deck '{self.deck.id}' has no field {field!r} (the rule reads nothing){hint}"
        warnings.warn(said, RulesWarning, stacklevel=3)  # the rule's line, through our caller

    def number(self, field: str) -> int | float | None:
        """A numeric field; a generated card's rendered text ("3") counts as its number."""
        self._known(field)
        value = self.values.get(field)
        if isinstance(value, bool):
            return None
        if isinstance(value, int | float):
            return value
        if isinstance(value, str):
            try:
                number = float(value.strip())
            except ValueError:
                return None
            return int(number) if number.is_integer() else number
        return None


class RuleContext:
    """Handed to every rule of a game; everything in it is already loaded and resolved."""

    def __init__(
        self,
        project: Project,
        game: Game,
        resolved: Mapping[str, Resolved],
        other: Callable[[str], RuleContext],
        rules_module: Callable[[str], ModuleType | None],
    ) -> None:
        self.project = project
        self.game = game
        self._resolved = resolved
        self._other = other
        self._rules_module = rules_module

    @property
    def languages(self) -> tuple[str, ...]:
        return self.game.meta.languages

    @property
    def language(self) -> str:
        """The game's first language: the one rules read numbers and names in by default."""
        return self.game.meta.languages[0]

    @property
    def decks(self) -> list[Deck]:
        """The game's decks, a list of the rule's own: sorting or emptying it (``ctx.decks.sort``)
        leaves the order the outputs print them in."""
        return list(self.game.decks)

    def deck(self, deck_id: str) -> Deck | None:
        """The game's deck ``deck_id``; None, with a warning at the rule's line, when it has
        none (a misspelt id would make the rule check nothing, silently)."""
        found = self.game.deck(deck_id)
        if found is None:
            self._no_deck(deck_id)
        return found

    def _no_deck(self, deck_id: object) -> None:
        import warnings

        from printgen.source.readers import did_you_mean

        ids = [d.id for d in self.game.decks]
        hint = did_you_mean(str(deck_id), ids, f"; its decks: {', '.join(ids) or 'none'}")
        # stacklevel 3: the line of the rule that asked (through deck() or cards())
        said = f"no deck {deck_id!r} in game '{self.game.id}' (the rule sees no cards){hint}"
        warnings.warn(said, RulesWarning, stacklevel=3)

    def resolved(self, lang: str | None = None) -> Resolved:
        return self._resolved[lang or self.language]

    def data(self, lang: str | None = None) -> Mapping[str, object]:
        """game.yaml's ``data:`` in one language, to read: the outputs are made from it too."""
        return MappingProxyType(self.resolved(lang).data)

    def values(
        self, deck: Deck | str, card: CardType | str, lang: str | None = None
    ) -> Mapping[str, object]:
        """A card's values as printed, to read: a rule writing one (``values["name"] = …``)
        would change what the cards print, so it fails at its line instead."""
        return MappingProxyType(self.resolved(lang).values(deck, card))

    def cards(self, deck: Deck | str, lang: str | None = None) -> list[CardView]:
        """Every card type of a deck (none, with a warning, when the game has no such deck)."""
        found = self.game.deck(deck) if isinstance(deck, str) else deck
        if found is None:
            self._no_deck(deck)
            return []
        lang = lang or self.language
        resolved = self.resolved(lang)
        return [
            CardView(found, c, MappingProxyType(resolved.values(found, c)), lang)
            for c in found.cards
        ]

    @overload
    def number(self, key: str) -> int | float | None: ...
    @overload
    def number(self, key: str, default: int | float) -> int | float: ...
    def number(self, key: str, default: int | float | None = None) -> int | float | None:
        """A number of game.yaml's ``data:`` (``"prices.gold"`` for one inside a mapping or
        ``"rates.0"`` a list), ``default`` when it is absent or not a number. A key absent
        beside one it is close to (``"max_rnak"`` beside ``max_rank``) warns at the rule's
        line: the default would stand in for the value meant, silently."""
        data = self.data()
        value: object = data.get(key, _ABSENT)  # a key written with a dot in it first
        if value is _ABSENT:
            value = data
            done: list[str] = []
            for part in key.split("."):
                child = _item(value, part)
                if child is _ABSENT:
                    reads = "None" if default is None else f"its default, {default!r}"
                    _misspelt(key, part, done, value, reads=f"the rule reads {reads}")
                    value = child
                    break
                value = child
                done.append(part)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return default
        return value

    def where_data(self, key: str) -> Where:
        """The line of ``data.<key>`` in game.yaml — ``"prices.gold"`` for a key inside a
        mapping, ``"rates.0"`` for a list's item — else of the nearest part of it there is."""
        node: object = self.game.data
        where = self.game.data_where
        if key in self.game.data:  # a key written with a dot in it ("a.b":) is that key
            return place(node, key, where)
        done: list[str] = []
        for part in key.split("."):
            child = _item(node, part)
            if child is _ABSENT:
                _misspelt(key, part, done, node)
                break
            where = place(node, int(part) if isinstance(node, list) else part, where)
            node = child
            done.append(part)
        return where

    def deck_file(self, deck: Deck | str) -> Mapping[str, object] | None:
        """A deck's YAML file as written, its places kept for ``where_in`` — settings the model
        does not keep, such as a ``generate:`` rule's; None for a deck from a spreadsheet or a
        file that does not read."""
        found = self.game.deck(deck) if isinstance(deck, str) else deck
        if found is None or not found.where.path.endswith((".yaml", ".yml")):
            return None
        rel = found.where.path
        try:
            node = read_yaml(self.project.root / rel, rel, self.project)
        except (ProjectError, OSError):
            return None
        return node if isinstance(node, Mapping) else None

    def where_key(self, key: str) -> Where:
        """The line of a top-level key of game.yaml."""
        if key not in self.game.raw:
            _misspelt(key, key, [], self.game.raw, "game.yaml")
        return place(self.game.raw, key, self.game.meta.where)

    @property
    def used_game(self) -> str | None:
        """The id of the game whose deck this one plays on (``uses: {deck: …}``), if any."""
        uses = self.game.uses
        deck = uses.get("deck") if isinstance(uses, Mapping) else None
        return deck if isinstance(deck, str) else None

    def where_used_game(self) -> Where:
        """The line of ``uses: {deck: …}`` in game.yaml."""
        return place(self.game.uses, "deck", self.where_key("uses"))

    def load_game(self, game_id: str) -> Game:
        """Another game of the project (e.g. the deck this game plays on); raises ProjectError
        when it does not load."""
        return self._other(game_id).game

    def of(self, game_id: str) -> RuleContext:
        """The rule context of another game of the project, its values resolved."""
        return self._other(game_id)

    def rules_module(self, game_id: str) -> ModuleType | None:
        """Another game's rules.py, for the helpers it offers to games that use its deck."""
        return self._rules_module(game_id)

    @staticmethod
    def problem(where: Where, message: str, severity: Severity = Severity.ERROR) -> Problem:
        return Problem(where, message, severity)


_ABSENT = object()


def _misspelt(
    key: str,
    part: str,
    done: list[str],
    node: object,
    within: str = "game.yaml's data",
    reads: str = "the place given is the nearest line",
) -> None:
    """A key absent beside one it is close to (``"prices.gould"`` beside ``gold``) warns at the
    rule's line, saying what the rule got instead (``reads``): the place given is the nearest
    line there is, and a rule pointing at a misspelt key points nowhere near the value meant.
    A key absent with none close is where the designer's rule says to add it
    (``data.pictures is missing``): its mapping's line; or a number's default, on purpose."""
    if not isinstance(node, Mapping):
        return
    import warnings

    meant = closest(part, [str(k) for k in node], 0.7)
    if not meant:
        return
    head = "".join(f"{p}." for p in done)
    said = f"{within} has no {key!r} ({reads}); did you mean '{head}{meant[0]}'?"
    warnings.warn(said, RulesWarning, stacklevel=3)  # the rule's line, through our caller


def _item(node: object, part: str) -> object:
    """``node[part]`` for a mapping's key or a list's index written as digits; _ABSENT else."""
    if isinstance(node, Mapping):
        return node.get(part, _ABSENT)
    if isinstance(node, list) and part.isascii() and part.isdigit() and int(part) < len(node):
        return node[int(part)]
    return _ABSENT
