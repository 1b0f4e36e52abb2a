"""``printgen icons [GAME] [--fa] [--lang LANG]``: the catalogue of every icon the project (and
the game) can use, written as a build writes its outputs (printgen.outputs.icon_catalogue)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.cli.game_folders import game_named, no_such_game
from printgen.problems import EXIT_BAD_INPUT, NOTHING_WRITTEN

if TYPE_CHECKING:
    from printgen.project import Project


def icons_command(project: Project, known: list[str], args: argparse.Namespace) -> int:
    """Write the catalogue (of the game ``args.game``, one of ``known``); the exit status."""
    from printgen.outputs.icon_catalogue import run
    from printgen.outputs.sheet_language import NoSheetLanguage
    from printgen.problems import ProjectError

    root = project.root

    if args.game:
        args.game = game_named(args.game)
    if args.game and args.game not in known:
        # said as build and validate say it (a line break typed in it written as \n)
        print(no_such_game([args.game], known, ""), file=sys.stderr)
        return EXIT_BAD_INPUT
    out = Path(args.out).absolute() if args.out else root / "build"
    if (refused := project.refused_out(out)) is not None:
        print(refused, file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        done = run(root, args.game, out, args.fa, args.lang)
    except NoSheetLanguage as exc:
        print(f"printgen: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ProjectError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(NOTHING_WRITTEN)
        return EXIT_BAD_INPUT
    except OSError as exc:  # a read-only or full disk, a link inside: as build says it
        from printgen.write import write_hint

        print(
            f"printgen: cannot write {project.shown(Path(exc.filename or out))}: "
            f"{exc.strerror or exc}; {write_hint(exc)}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    shown = project.shown(done.path)
    pages = f"{done.pages} page{'s' if done.pages != 1 else ''}"
    print(f"wrote {shown}: {done.icons} icons on {pages}")  # as build says what it wrote
    return 0
