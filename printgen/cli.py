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

from printgen.options import BuildOptions, Duplex, Output, Paper

if TYPE_CHECKING:
    from printgen.problems import Problem
    from printgen.session import Session

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
    sub.add_parser(
        "validate",
        help="check games as a build with the same options would, without writing anything",
        parents=[_game_options()],
    )
    sub.add_parser("list", help="list the games of the project")
    icons = sub.add_parser(
        "icons", help="write icons.pdf: every icon the project (or GAME) can use, with its name"
    )
    icons.add_argument("game", nargs="?", metavar="GAME", help="a game id: add its own icons")
    icons.add_argument("--fa", action="store_true", help="list the Font Awesome Free icons too")
    icons.add_argument(
        "--out", default=None, metavar="DIR", help="output folder (default: build/ in the project)"
    )
    return main


def _game_options() -> argparse.ArgumentParser:
    """What a build makes and validate checks: the same options for both."""
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
        choices=tuple(Paper),
        default="a4",
        help="paper for card sheets (default: a4)",
    )
    build.add_argument(
        "--duplex",
        choices=tuple(Duplex),
        default="long",
        help="how the sheet is turned for backs: long edge (default), short edge, "
        "or none (fronts only)",
    )
    build.add_argument(
        "--only",
        action="append",
        choices=tuple(Output),
        help="build only these outputs, repeatable (default: all)",
    )
    build.add_argument(
        "--booklet",
        action="store_true",
        help="also make rulebook-booklet.pdf: A5 pages imposed two to a sheet for saddle-stitch",
    )
    return build


def _build_options() -> argparse.ArgumentParser:
    build = argparse.ArgumentParser(add_help=False, parents=[_game_options()])
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
    from printgen.problems import ProjectError
    from printgen.project import Project
    from printgen.session import Session

    project = Project.at(args.project)
    if not project.cards.is_dir():
        print(
            f"printgen: no cards/ folder in {project.root}; run printgen in a project folder "
            "or pass --project DIR",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    known = project.game_ids()
    if args.command == "icons":
        return _icons(project.root, known, args)
    session = Session(project, every_layout=args.command == "validate")
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
        if args.command == "validate":
            return _validate(session, games, args)
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


def options_from(args: argparse.Namespace, out: Path | None) -> BuildOptions:
    return BuildOptions(
        paper=Paper(args.paper),
        duplex=Duplex(args.duplex),
        languages=tuple(dict.fromkeys(args.lang or ())),
        outputs=frozenset(Output(o) for o in args.only or ()),
        out=out,
        booklet=bool(getattr(args, "booklet", False)),
    )


def _validate(session: Session, games: list[str], args: argparse.Namespace) -> int:
    """Every check a build with these options makes, documents included; writes nothing."""
    from printgen.build import build_games

    return build_games(session, games, options_from(args, None))


def _build(session: Session, games: list[str], args: argparse.Namespace) -> int:
    from printgen.build import build_games

    out = Path(args.out) if args.out else session.project.root / "build"
    return build_games(session, games, options_from(args, out))


def _icons(root: Path, known: list[str], args: argparse.Namespace) -> int:
    from printgen.outputs.icon_catalogue import run

    if args.game and args.game not in known:
        print(
            f"printgen: no game '{args.game}' in cards/; games here: {', '.join(known) or 'none'}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    out = Path(args.out).resolve() if args.out else root / "build"
    done = run(root, args.game, out, args.fa)
    print(f"{done.path}: {done.icons} icons on {done.pages} pages")
    return 0


def _list(session: Session, games: list[str]) -> int:
    from printgen.model.game import localize

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
