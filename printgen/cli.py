"""Command line: ``printgen build | validate | list``.

Each command imports what it needs when it runs: start-up dominates a card build (see bench/).
Bad input ends with one line per problem and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.simulate.options import add_simulate_parser, add_validate_options

if TYPE_CHECKING:
    from printgen.errors import Problem
    from printgen.pipeline import Session

EXIT_BAD_INPUT = 2


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        prog="printgen",
        description="Turn YAML card definitions into print-and-cut PDFs, rulebooks and aids.",
    )
    main.add_argument(
        "--project",
        default=".",
        metavar="DIR",
        help="project folder holding cards/, templates/, fonts/ (default: .)",
    )
    sub = main.add_subparsers(dest="command", required=True, metavar="COMMAND")
    options = _build_options()
    sub.add_parser("build", help="validate, then build PDFs into build/", parents=[options])
    sub.add_parser(
        "watch",
        help="build, then rebuild whenever a file in cards/, templates/ or fonts/ changes",
        parents=[options],
    )
    validate = sub.add_parser("validate", help="check games without writing anything")
    validate.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    add_validate_options(validate)
    add_simulate_parser(sub)
    sub.add_parser("list", help="list the games of the project")
    return main


def _build_options() -> argparse.ArgumentParser:
    build = argparse.ArgumentParser(add_help=False)
    build.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    build.add_argument(
        "--lang",
        action="append",
        metavar="LANG",
        help="language to build, repeatable (default: every language the game has)",
    )
    build.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default="a4",
        help="paper for card sheets (default: a4)",
    )
    build.add_argument(
        "--duplex",
        choices=("long", "short", "none"),
        default="long",
        help="how the sheet is turned for backs: long edge (default), short edge, "
        "or none (fronts only)",
    )
    build.add_argument(
        "--only",
        action="append",
        choices=("cards", "rulebook", "player-aid"),
        help="build only these outputs, repeatable (default: all)",
    )
    build.add_argument(
        "--out", default=None, metavar="DIR", help="output folder (default: build/ in the project)"
    )
    return build


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return _run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into a pager or `head` that closed early
        sys.stderr.close()
        return 0
    except Exception as exc:  # a bug, not bad input: still one line unless asked
        if os.environ.get("PRINTGEN_DEBUG"):
            raise
        print(
            f"printgen: internal error: {type(exc).__name__}: {exc} "
            "(set PRINTGEN_DEBUG=1 for details and please report it)",
            file=sys.stderr,
        )
        return 1


def _run(args: argparse.Namespace) -> int:
    from printgen.errors import ProjectError
    from printgen.pipeline import Session
    from printgen.project import Project

    project = Project.at(args.project)
    if not project.cards.is_dir():
        print(
            f"printgen: no cards/ folder in {project.root}; run printgen in a project folder "
            "or pass --project DIR",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    session = Session(project, every_layout=args.command == "validate")
    known = project.game_ids()
    games = args.games if getattr(args, "games", None) else known
    unknown = [game for game in games if game not in known]
    if unknown:
        print(
            f"printgen: no game {', '.join(repr(g) for g in unknown)} in cards/ (a game is a "
            f"folder with a game.yaml); games here: {', '.join(known) or 'none'}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    try:
        if args.command == "list":
            return _list(session, games)
        if args.command == "simulate":
            from printgen.simulate.command import simulate_command

            return simulate_command(project.root, args)
        if args.command == "validate":
            code = _validate(session, games)
            if code == 0 and args.simulate:
                from printgen.simulate.command import validate_simulate

                return validate_simulate(project.root, games, args.strict)
            return code
        if args.command == "watch":
            from printgen.watch import watch

            return watch(project, lambda fresh: _build(fresh, games, args))
        return _build(session, games, args)
    except ProjectError as exc:
        _report(exc.problems)
        return EXIT_BAD_INPUT


def _report(problems: list[Problem]) -> None:
    for problem in problems:
        print(problem, file=sys.stderr)


def _validate(session: Session, games: list[str]) -> int:
    """Every check a build makes, documents included, without writing anything."""
    from printgen.build import build_games
    from printgen.units import PAPER_SIZES

    return build_games(session, games, None, PAPER_SIZES["a4"], "long", set(), None)


def _build(session: Session, games: list[str], args: argparse.Namespace) -> int:
    from printgen.build import build_games
    from printgen.units import PAPER_SIZES

    out = Path(args.out) if args.out else session.project.root / "build"
    return build_games(
        session, games, args.lang, PAPER_SIZES[args.paper], args.duplex, set(args.only or ()), out
    )


def _list(session: Session, games: list[str]) -> int:
    from printgen.model import localize

    for game_id in games:
        game = session.game(game_id)
        meta = game.meta
        title = localize(meta.title, meta.languages[0], meta.languages)
        decks = ", ".join(f"{d.id} ({d.total} {d.output})" for d in game.decks)
        players = f"{meta.players_min}" + (
            f"–{meta.players_max}" if meta.players_max != meta.players_min else ""
        )
        print(
            f"{game_id}: {title} — {players} players, languages {'/'.join(meta.languages)}; {decks}"
        )
    return 0
