"""Command line: ``printgen build | watch | validate | list | new | icons | simulate | calibrate``.

Each command imports what it needs when it runs: start-up dominates a card build (see bench/).
Bad input ends with one line per problem and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from printgen import __version__
from printgen.options import (
    BuildOptions,
    CardFilter,
    Duplex,
    Format,
    Offset,
    Output,
    Paper,
    Service,
)
from printgen.simulate.options import add_simulate_parser, add_validate_options

if TYPE_CHECKING:
    from printgen.problems import Problem
    from printgen.project import Project
    from printgen.session import Session

EXIT_BAD_INPUT = 2


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        prog="printgen",
        description="Turn YAML card definitions into print-and-cut PDFs, rulebooks and aids.",
    )
    main.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    main.add_argument(
        "--project",
        default=".",
        metavar="DIR",
        help="project folder holding cards/ (and optionally templates/, fonts/); default: .",
    )
    # --project is accepted after the command too; given there, it wins
    project = argparse.ArgumentParser(add_help=False)
    project.add_argument("--project", default=argparse.SUPPRESS, metavar="DIR", help="as above")
    sub = main.add_subparsers(dest="command", required=True, metavar="COMMAND")
    options = _build_options()
    sub.add_parser(
        "build", help="validate, then build PDFs into build/", parents=[options, project]
    )
    sub.add_parser(
        "watch",
        help="build, then rebuild whenever a file in cards/, templates/ or fonts/ changes",
        parents=[options, project],
    )
    validate = sub.add_parser(
        "validate",
        help="check games as a build with the same options would, without writing anything",
        parents=[_game_options(), project],
    )
    sub.add_parser("list", help="list the games of the project", parents=[project])
    new = sub.add_parser(
        "new",
        help="write a small starter game into cards/GAME-ID/ that builds at once",
        parents=[project],
    )
    new.add_argument("game_id", metavar="GAME-ID", help="the new game's id, e.g. my-game")
    new.add_argument(
        "--lang",
        action="append",
        metavar="LANG",
        help="a language of the game, repeatable (default: en)",
    )
    add_validate_options(validate)
    add_simulate_parser(sub, project)
    icons = sub.add_parser(
        "icons",
        help="write icons.pdf: every icon the project (or GAME) can use, with its name",
        parents=[project],
    )
    icons.add_argument("game", nargs="?", metavar="GAME", help="a game id: add its own icons")
    icons.add_argument("--fa", action="store_true", help="list the Font Awesome Free icons too")
    icons.add_argument(
        "--out", default=None, metavar="DIR", help="output folder (default: build/ in the project)"
    )
    calibrate = sub.add_parser(
        "calibrate",
        help="write calibration.pdf: print it double-sided to read your printer's back offset",
        parents=[project],
    )
    calibrate.add_argument("--paper", choices=tuple(Paper), default=None, help="default: a4")
    calibrate.add_argument(
        "--duplex",
        choices=(Duplex.LONG, Duplex.SHORT),
        default=None,
        help="the edge your printer turns the sheet over (default: long)",
    )
    calibrate.add_argument(
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
        default=None,
        help="paper for card sheets (default: printgen.yaml's, else a4)",
    )
    build.add_argument(
        "--duplex",
        choices=tuple(Duplex),
        default=None,
        help="how backs print: the sheet turned over its long edge (default) or short edge, "
        "fold (fronts and backs side by side, fold and glue), or none (fronts only)",
    )
    build.add_argument(
        "--gutter",
        type=_length,
        default=None,
        metavar="LENGTH",
        help="gap between cards on a sheet, e.g. 4mm (default 0: cards share their cut lines)",
    )
    build.add_argument(
        "--back-offset",
        type=_offset,
        default=None,
        metavar="X,Y",
        help="move every back X mm right and Y mm up, as calibration.pdf reads "
        "(default: printgen.yaml's, else 0,0)",
    )
    build.add_argument(
        "--cards",
        action="append",
        type=_ids,
        metavar="ID[,ID...]",
        help="print only these cards (card id or deck/card), e.g. after a tweak",
    )
    build.add_argument(
        "--copies",
        type=_copies,
        default=None,
        metavar="N",
        help="print each card N times (default: its count in the deck)",
    )
    build.add_argument(
        "--format",
        action="append",
        choices=tuple(Format),
        help="what to make of the card outputs, repeatable: pdf sheets (default), png (one "
        "image per card face), tts (Tabletop Simulator deck)",
    )
    build.add_argument(
        "--dpi", type=_dpi, default=300, help="resolution of png images (default: 300)"
    )
    build.add_argument(
        "--service",
        choices=tuple(Service),
        default=None,
        help="png images at the exact pixel size of MakePlayingCards (mpc) or "
        "DriveThruCards (dtc), the bleed extended to fill it",
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


def _length(value: str) -> float:
    from printgen.model.units import parse_length

    try:
        length = parse_length(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not 0 <= length <= 20:
        raise argparse.ArgumentTypeError("expected a gutter from 0 to 20 mm")
    return length


def _offset(value: str) -> Offset:
    from printgen.settings import parse_offset

    try:
        return parse_offset(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _ids(value: str) -> tuple[str, ...]:
    ids = tuple(part.strip() for part in value.split(",") if part.strip())
    if not ids:
        raise argparse.ArgumentTypeError("expected card ids separated by commas")
    return ids


def _bounded_int(value: str, low: int, high: int, what: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = low - 1
    if not low <= number <= high:
        raise argparse.ArgumentTypeError(f"expected {what} from {low} to {high}")
    return number


def _copies(value: str) -> int:
    return _bounded_int(value, 1, 100, "a number of copies")


def _dpi(value: str) -> int:
    return _bounded_int(value, 72, 1200, "a resolution in dpi")


def _negative_values(argv: list[str]) -> list[str]:
    """``--back-offset -1,2`` as ``--back-offset=-1,2``: argparse takes a value starting with a
    minus sign for an option, and offsets are often negative."""
    glued: list[str] = []
    for arg in argv:
        if glued and glued[-1] == "--back-offset" and arg.startswith("-"):
            glued[-1] = f"--back-offset={arg}"
        else:
            glued.append(arg)
    return glued


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(_negative_values(sys.argv[1:] if argv is None else argv))
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
    if args.command == "new":
        return _new(project, args)
    if args.command == "calibrate":  # needs no game: it measures the printer
        from printgen.calibrate import calibrate

        try:
            return calibrate(project, args.paper, args.duplex, args.out)
        except ProjectError as exc:
            _report(exc.problems)
            return EXIT_BAD_INPUT
    if not project.cards.is_dir():
        print(
            f"printgen: no cards/ folder in {project.root}; run printgen in a project folder, "
            "pass --project DIR, or start a game here with: printgen new my-game",
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
        if args.command == "simulate":
            from printgen.simulate.command import simulate_command

            return simulate_command(project.root, args)
        if args.command == "validate":
            code = _validate(session, games, args)
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


def options_from(args: argparse.Namespace, out: Path | None, session: Session) -> BuildOptions:
    """The build's options: the command line's, else the project's printgen.yaml, else defaults."""
    from printgen.settings import read_settings

    settings = read_settings(session.project)
    ids = tuple(dict.fromkeys(i for group in args.cards or () for i in group))
    gutter = args.gutter if args.gutter is not None else settings.gutter_mm
    return BuildOptions(
        paper=Paper(args.paper or settings.paper or Paper.A4),
        duplex=Duplex(args.duplex or settings.duplex or Duplex.LONG),
        languages=tuple(dict.fromkeys(args.lang or ())),
        outputs=frozenset(Output(o) for o in args.only or ()),
        out=out,
        gutter_mm=gutter if gutter is not None else 0.0,
        back_offset=next(
            (o for o in (args.back_offset, settings.back_offset) if o is not None), Offset()
        ),
        cards=CardFilter(ids, args.copies),
        # --service alone asks for the service's images
        formats=frozenset(
            Format(f) for f in args.format or ((Format.PNG,) if args.service else (Format.PDF,))
        ),
        dpi=args.dpi,
        service=Service(args.service) if args.service else None,
        booklet=bool(getattr(args, "booklet", False)),
    )


def _validate(session: Session, games: list[str], args: argparse.Namespace) -> int:
    """Every check a build with these options makes, documents included; writes nothing."""
    from printgen.build import build_games

    return build_games(session, games, options_from(args, None, session))


def _build(session: Session, games: list[str], args: argparse.Namespace) -> int:
    from printgen.build import build_games

    # a relative --out is relative to the folder printgen runs in, as a designer expects
    out = Path(args.out).absolute() if args.out else session.project.root / "build"
    return build_games(session, games, options_from(args, out, session))


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


def _new(project: Project, args: argparse.Namespace) -> int:
    from printgen.starter import StarterError, new_game

    try:
        written = new_game(project, args.game_id, args.lang or ["en"])
    except StarterError as exc:
        print(f"printgen: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(
            f"printgen: cannot write {exc.filename or project.root}: {exc.strerror or exc}; "
            "choose another --project folder",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    where = project.rel(written.folder)
    print(f"made {where}/ with {len(written.files)} files:")
    for path in written.files:
        print(f"  {project.rel(path)}")
    for note in written.notes:
        print(f"note: {note}")
    flag = "" if Path(args.project).resolve() == Path.cwd() else f" --project {args.project}"
    print(f"next: printgen{flag} build {args.game_id}   (then open build/{args.game_id}/)")
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
