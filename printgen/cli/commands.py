"""Command line: ``printgen build | watch | validate | list | new | labels | icons | simulate |
calibrate``.

Each command imports what it needs when it runs: start-up dominates a card build (see bench/).
Bad input ends with one line per problem and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import errno
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.cli import streams
from printgen.cli.arguments import negative_values, parser
from printgen.cli.build_options import options_from
from printgen.cli.clashes import ignored_option
from printgen.cli.game_folders import game_named, no_such_game, unseen_games
from printgen.cli.icons_command import icons_command
from printgen.problems import EXIT_BAD_INPUT, NOTHING_WRITTEN, case_twin, game_device
from printgen.startup import dataclass_code

if TYPE_CHECKING:
    from collections.abc import Collection

    from printgen.building.touched import LastCheck
    from printgen.problems import Problem
    from printgen.project import Project
    from printgen.watch import Rebuild


def main(argv: list[str] | None = None) -> int:
    """Run a command; called without ``argv`` it is this process's own command line, and the
    process ends here."""
    if argv is None:
        streams.guard()  # a closed or full stdout: said once, at the end
    code = _main(argv)
    if argv is None:
        dataclass_code.save()
        code = streams.settled(code)
        _end_process(code)
    return code


def _end_process(code: int) -> None:
    """End the process with ``code`` once its output is flushed, leaving its memory to the
    operating system, as mypy does: the interpreter's teardown frees every object and module
    one by one (10–20 ms of a 0.4 s card build), and the collector's last run walks them all
    first (60 ms). Every file is written and closed, and every worker joined, by now. Under a
    profiler or a tracer (coverage) the interpreter ends as usual, so they write their results."""
    if sys.getprofile() is not None or sys.gettrace() is not None:
        gc.freeze()  # the teardown happens: without the collector's last run over everything
        return
    from printgen.sandbox.refused import end_now, left_running

    if "multiprocessing.resource_tracker" in sys.modules:
        # spawned workers (simulate --jobs) share semaphores that only the interpreter's own
        # exit releases: ended here, the resource tracker would warn of them as leaked
        if not left_running():
            return
        # but that exit first waits for every thread, and one the game's code left running
        # (rules.py, simulate.py) never ends: the exit's own functions release them, here
        import atexit

        atexit._run_exitfuncs()
    end_now(code)


def _main(argv: list[str] | None) -> int:
    words = negative_values(sys.argv[1:] if argv is None else argv)
    args = parser(words).parse_args(words)
    simulates = args.command == "simulate" or bool(getattr(args, "simulate", False))
    if argv is None and simulates:
        from printgen.cli.hash_seed import with_fixed_hashes

        with_fixed_hashes()  # the same --seed, the same report: see hash_seed
    if argv is None and not _runs_long(args):
        # A command that ends its process: the collector would only walk, after each unit of
        # work, objects that live until the end (30 ms of a 0.8 s game build); each unit's
        # work is bounded, and what it leaves is the operating system's at the end.
        gc.disable()
    if argv is None and simulates:  # the games played in a child this process watches
        from printgen.cli.supervise import supervised

        return supervised(lambda: _listening(args, ends=True))
    return _listening(args, ends=argv is None)


def _listening(args: argparse.Namespace, ends: bool) -> int:
    """The command run, Ctrl-C listened for; ``ends``: this process ends with it."""
    from printgen.sandbox.interrupt import listen, stopping

    listen()
    try:
        return _run(args)
    except KeyboardInterrupt:
        if ends:  # a second Ctrl-C (or the same passed on, cli.supervise) is no traceback
            stopping()
        return 130
    except BrokenPipeError:  # output piped into a pager or `head` that closed early
        sys.stderr.close()
        return 0
    except PermissionError as exc:
        if exc.filename is None or os.environ.get("PRINTGEN_DEBUG"):
            return _internal_error(exc)
        # a folder of the project no one may open (chmod 000 cards/GAME/decks, templates/):
        # looked into wherever a build first needs it, so it is said here, once, by its name
        print(
            f"printgen: {_in_project(exc.filename, args.project)} cannot be read (permission "
            "denied); check its permissions",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    except OSError as exc:
        if exc.errno != errno.ENAMETOOLONG:
            return _internal_error(exc)
        # a name given on the command line or in a file (a --project, an image path): the
        # system refuses it wherever it is first looked at, so it is said here, once
        name = os.fsdecode(exc.filename) if exc.filename is not None else ""
        shown = name if len(name) <= 60 else f"…{name[-60:]}"
        print(
            f"printgen: a file name is too long for this system ({shown}): a name may have at "
            "most 255 bytes, a path 4,096; use a shorter name",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    except MemoryError:
        if os.environ.get("PRINTGEN_DEBUG"):
            raise
        # what a game asks for (pictures, cards by the hundred thousand) outgrew what the
        # system gives this process: the designer's to shrink, not a bug to report
        print(
            f"printgen: {args.command} ran out of memory; make the game's pictures, decks or "
            "documents smaller, close other programs, or build fewer at once (--jobs 1)",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    except Exception as exc:
        return _internal_error(exc)


def _in_project(name: str | bytes, project: str) -> str:
    """The folder (or file) that refused: the outermost of the path's folders this user may not
    open (templates/, where templates/layouts was asked for), from the project folder."""
    path, root = Path(os.fsdecode(name)).absolute(), Path(project).absolute()
    inside = [p for p in (*reversed(path.parents), path) if p.is_relative_to(root) and p != root]
    shut = next((p for p in inside if p.is_dir() and not os.access(p, os.R_OK | os.X_OK)), path)
    return shut.relative_to(root).as_posix() if shut.is_relative_to(root) else str(shut)


def _internal_error(exc: Exception) -> int:
    """A bug, not bad input: still one line unless asked."""
    if os.environ.get("PRINTGEN_DEBUG"):
        raise exc
    print(
        f"printgen: internal error: {type(exc).__name__}: {' '.join(str(exc).split())} "
        "(set PRINTGEN_DEBUG=1 for details and please report it)",
        file=sys.stderr,
    )
    return 1


def _runs_long(args: argparse.Namespace) -> bool:
    """`watch` runs for hours, and a simulation plays thousands of games through the game's own
    engine (whose objects may refer to each other): both keep the collector."""
    return args.command in ("watch", "simulate") or bool(getattr(args, "simulate", False))


def _run(args: argparse.Namespace) -> int:
    from printgen.cli.game_folders import project_at, where_projects_are
    from printgen.problems import ProjectError
    from printgen.startup.deferred import import_lazily

    import_lazily("PIL.Image")  # ReportLab imports it; only pictures and PNG exports use it

    project = project_at(args.project)
    if isinstance(project, str):
        print(project, file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.command in ("new", "labels"):
        from printgen.starter.command import labels_command, new_command

        return (new_command if args.command == "new" else labels_command)(project, args)
    if args.command == "calibrate":  # needs no game: it measures the printer
        from printgen.outputs.calibrate import calibrate

        try:
            return calibrate(project, args.paper, args.duplex, args.out, args.lang)
        except ProjectError as exc:
            _report(exc.problems)
            return EXIT_BAD_INPUT
    if args.command == "icons" and not args.game and not project.cards.is_dir():
        return icons_command(project, [], args)  # the catalogue, browsed before there is a game
    if not project.root.is_dir():  # --project misspelt: there is no folder to look in
        print(f"printgen: no folder {project.root}; check --project", file=sys.stderr)
        return EXIT_BAD_INPUT
    if not project.cards.is_dir():
        print(
            f"printgen: no cards/ folder in {project.root}; {where_projects_are(project.root)}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    if args.command == "icons":
        return icons_command(project, project.game_ids(), args)
    games = _games(project, args)
    if games is None:
        return EXIT_BAD_INPUT
    if (clash := ignored_option(args)) is not None:
        print(clash, file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        if args.command == "list":
            from printgen.cli.list_games import list_games

            return list_games(project, games)
        if args.command == "simulate":
            from printgen.simulate.command import simulate_command

            return simulate_command(project.root, args)
        if args.command == "validate":
            for given, option in ((args.strict, "--strict"), (args.n is not None, "-n")):
                if given and not args.simulate:  # it would be silently ignored
                    print(
                        f"printgen: {option} applies to the balance thresholds of --simulate; "
                        f"add --simulate, or drop {option}",
                        file=sys.stderr,
                    )
                    return EXIT_BAD_INPUT
            warnings: dict[str, int] = {}
            code = _validate(project, games, args, warnings)
            if code == 0 and args.simulate:
                from printgen.simulate.validating import validate_simulate

                return validate_simulate(project.root, games, args.strict, warnings, args.n)
            return code
        if args.command == "watch":
            from printgen.watch import watch

            if args.validate and (args.out or args.no_cache):
                flag = "--out" if args.out else "--no-cache"
                print(
                    f"printgen: watch --validate writes nothing, so {flag} has nothing to do: "
                    "drop it, or drop --validate to rebuild on every save",
                    file=sys.stderr,
                )
                return EXIT_BAD_INPUT

            out = Path(args.out).absolute() if args.out else project.root / "build"
            if (refused := project.refused_out(out)) is not None:
                print(refused, file=sys.stderr)
                return EXIT_BAD_INPUT
            # no game named: every game of cards/ as it is at each save (rebuilder)
            named = games if args.games else []
            return watch(project, rebuilder(project, named, args), out=out, checks=args.validate)
        return _build(project, games, args)
    except ProjectError as exc:
        _report(exc.problems)
        return EXIT_BAD_INPUT


def _games(project: Project, args: argparse.Namespace) -> list[str] | None:
    """The games the command works on: those named, else every game of cards/ as it is now;
    None when a game folder is refused or a named game is not there (said on stderr)."""
    known = project.game_ids()
    if getattr(args, "games", None):  # a game named by its folder, as a shell completes it
        args.games = [game_named(name) for name in args.games]
    # a game named twice ('build harbour harbour', a shell list with a repeat) is one game:
    # counted twice, it was "built 2 games" and validate said "harbour: ok" twice
    games = list(dict.fromkeys(args.games)) if getattr(args, "games", None) else known
    unseen = unseen_games(project, getattr(args, "games", None))
    for line in unseen:  # game folders printgen would not read: said, not skipped
        print(line, file=sys.stderr)
    if unseen:
        return None
    if not games:  # "0 games up to date: nothing changed since the last build", or silence
        print(
            "printgen: no game in cards/ (a game is a folder with a game.yaml); "
            "printgen new GAME-ID writes one",
            file=sys.stderr,
        )
        return None
    twins: dict[str, list[str]] = {}
    clashes: set[str] = set()  # a group of twins is one clash: said once, not from each side
    for game in reversed(games):  # (the lower-case name last, as sorted: at it, as before)
        others = project.case_twins(game, known) if game in known else []
        if others and game.lower() not in clashes:
            clashes.add(game.lower())
            twins[game] = others
    # before the build cache: another game's folder is no input
    for game, others in reversed(twins.items()):
        print(f"cards/{game}:1:1: {case_twin('game', game, others)}", file=sys.stderr)
    devices = {game: said for game in games if game in known and (said := game_device(game))}
    for game, said in devices.items():  # before the build cache too: build/<game> is made
        print(f"cards/{game}:1:1: {said}", file=sys.stderr)
    if twins or devices:
        return None
    unknown = [game for game in games if game not in known]
    if unknown:
        print(
            no_such_game(unknown, known, " (a game is a folder with a game.yaml)"), file=sys.stderr
        )
        return None
    return list(games)


def _report(problems: list[Problem]) -> None:
    for problem in problems:
        print(problem, file=sys.stderr)


def rebuilder(project: Project, games: list[str], args: argparse.Namespace) -> Rebuild:
    """What ``watch`` runs on every save: the build, or with ``--validate`` only its checks
    of the games the save may change (printgen.building.touched; a build has its cache).
    Without ``games`` named, every game of cards/ as it is at that save: a game made while the
    watcher runs (``printgen new``) is built, and one deleted is no longer asked for."""
    from printgen.building.touched import Touched

    touched = Touched(project)

    def run(saved: Collection[Path] | None = None) -> int | None:
        asked = games or _games(project, args)
        if asked is None:  # a game folder refused: said, as the command's start says it
            return EXIT_BAD_INPUT
        if not args.validate:  # each sound game built: one broken holds back no other
            return _build(project, asked, args, each_game=True)
        chosen = touched.games(asked, saved)  # None: no game reads what was saved
        return _validate(project, chosen, args, seen=touched.last) if chosen else None

    return run


def _validate(
    project: Project,
    games: list[str],
    args: argparse.Namespace,
    warnings: dict[str, int] | None = None,
    seen: dict[str, LastCheck] | None = None,
) -> int:
    """Every check a build with these options makes, documents included; writes nothing.
    Each game's count of warnings is put in ``warnings``, and what it read in ``seen``."""
    from printgen.building.command import build_games

    # with --simulate, a game is ok only once its simulation has met its thresholds too
    ok = not getattr(args, "simulate", False)
    options = options_from(args, None, project)
    return build_games(
        project, games, options, jobs=_jobs(args), say_ok=ok, warnings=warnings, seen=seen
    )


def _build(
    project: Project, games: list[str], args: argparse.Namespace, each_game: bool = False
) -> int:
    from printgen.building.command import build_games
    from printgen.problems import ProjectError

    # a relative --out is relative to the folder printgen runs in, as a designer expects
    out = Path(args.out).absolute() if args.out else project.root / "build"
    if (refused := project.refused_out(out)) is not None:
        print(refused, file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        options = options_from(args, out, project)
        every = not args.games  # none named: what games gone from cards/ made is removed too
        return build_games(
            project,
            games,
            options,
            jobs=_jobs(args),
            cache=not args.no_cache,
            every_game=every,
            each_game=each_game,
        )
    except ProjectError as exc:  # printgen.yaml, or a file every game reads (labels.yaml):
        _report(exc.problems)  # said as a build's own problems are
        print(NOTHING_WRITTEN)
        return EXIT_BAD_INPUT


def _jobs(args: argparse.Namespace) -> int:
    if args.jobs is not None:
        return int(args.jobs)
    from printgen.building.jobs import available_cores

    return available_cores()
