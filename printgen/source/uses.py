"""A game's ``uses: {deck: <game id>, needs: …}``: it is played with another game's cards (the
symbol deck's games), whose title its components list names."""

from __future__ import annotations

from typing import Any

from printgen.limits import MAX_CARDS_PER_DECK
from printgen.problems import ProjectError
from printgen.project import Project
from printgen.source.located_yaml import LDict, read_yaml
from printgen.source.readers import Checker


def read_uses(checker: Checker, node: LDict, project: Project, game_id: str) -> None:
    """``uses: {deck: <game id>, needs: {cards: N | {name: N}, …}}``: the shape the core reads;
    what a need means is the used deck's rules' to check. The deck is a game of this project
    (never a path): only a name of cards/ is looked up."""
    if "uses" not in node:
        return
    uses = checker.mapping(node["uses"], node.at("uses"), "uses")
    if uses is None:
        return
    # a misspelt 'deck:' (or 'neds:') left the game playing on nothing, without a word
    checker.keys(uses, {"deck", "note", "needs"}, {"deck"}, "uses")
    deck = uses.get("deck")
    games = [g for g in project.game_ids() if g != game_id]
    if "deck" in uses and (not isinstance(deck, str) or deck not in games):
        shown = deck if isinstance(deck, str) and len(deck) < 60 else "that"
        checker.error(
            uses.at("deck"),
            f"uses deck '{shown}', which cannot be loaded: it is not another game of this "
            f"project (a folder of cards/); "
            + (f"other games here: {', '.join(games)}" if games else "this is its only game"),
        )
    elif isinstance(deck, str) and (ring := _ring(project, deck, game_id)):
        # a warning: each game still has its own decks (an error would fail the games that
        # borrow any of these decks too)
        said = (
            "whose game.yaml says it uses this game's deck: each would be played with the "
            "other's cards; keep uses: in the game played with the other's"
            if len(ring) == 1
            else f"which uses {' → '.join(repr(g) for g in ring[1:])} → this game's deck: each "
            "would be played with the next one's cards; keep uses: only in the games played "
            "with another's"
        )
        checker.warn(uses.at("deck"), f"uses deck '{deck}', {said}")
    needs = uses.get("needs")
    if isinstance(needs, LDict) and "cards" in needs:
        cards = needs["cards"]
        if isinstance(cards, LDict):
            for name in cards:
                checker.integer(cards, name, "needs cards", 0, None, MAX_CARDS_PER_DECK)
        else:
            checker.integer(needs, "cards", "needs", 0, None, MAX_CARDS_PER_DECK)


def _ring(project: Project, deck: str, game_id: str) -> list[str]:
    """The games from ``deck`` on whose uses: lead back to ``game_id`` (none: no ring)."""
    ring = [deck]
    while (used := _deck_of(_game_file(project, ring[-1]))) is not None and used not in ring:
        if used == game_id:
            return ring
        ring.append(used)
    return ring if used == game_id else []


def used_title(project: Project, node: LDict) -> Any:
    """The title of the game named by ``uses: {deck: …}``, for the components list (checked
    to be a game of this project by ``read_uses``)."""
    other = _game_file(project, _deck_of(node))
    return other.get("title") if other is not None else None


def _deck_of(node: dict[str, Any] | None) -> str | None:
    uses = node.get("uses") if node is not None else None
    deck = uses.get("deck") if isinstance(uses, dict) else None
    return deck if isinstance(deck, str) else None


def _game_file(project: Project, game_id: str | None) -> dict[str, Any] | None:
    """The game.yaml of another game of the project, read (None: no such game, or unreadable:
    its own build says why)."""
    if game_id is None or game_id not in project.game_ids():
        return None
    path = project.cards / game_id / "game.yaml"
    try:
        other = read_yaml(path, project.rel(path), project)
    except ProjectError:
        return None
    return other if isinstance(other, dict) else None
