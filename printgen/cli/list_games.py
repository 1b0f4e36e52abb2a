"""``printgen list``: the project's games, a line each."""

from __future__ import annotations

import sys

from printgen.model.game import localize
from printgen.problems import EXIT_BAD_INPUT, Problem, ProjectError
from printgen.project import Project
from printgen.session import Session


def list_games(project: Project, games: list[str]) -> int:
    """A line for each game that loads, then the problems of those that do not."""
    session, problems = Session(project), list[Problem]()
    for game_id in games:
        try:
            game = session.game(game_id)
        except ProjectError as exc:  # said after the rest: it hid every game after it
            problems.extend(exc.problems)
            continue
        meta = game.meta
        title = localize(meta.title, meta.languages[0], meta.languages)
        decks = ", ".join(f"{d.id} ({_count(d.total, d.output)})" for d in game.decks)
        players = f"{meta.players_min}" + (
            f"–{meta.players_max}" if meta.players_max != meta.players_min else ""
        )
        players = _count(meta.players_max, "players", players)
        print(f"{game_id}: {title} — {players}, languages {'/'.join(meta.languages)}; {decks}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return EXIT_BAD_INPUT if problems else 0


def _count(number: int, things: str, shown: str = "") -> str:
    """'1 card', '1 player' — a reference card alone in its deck, a solo game — were '1 cards'
    and '1 players'; these words are the command's own, an output's stem (cards, tokens, or a
    designer's tiles) as a plural."""
    if number == 1 and things.endswith("s") and len(things) > 1:
        things = things[:-1]
    return f"{shown or number} {things}"
