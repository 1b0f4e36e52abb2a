"""The command line's grammar: every command and option of ``printgen`` (how an option's value
is read: option_values.py).

Kept apart from commands.py (which runs the commands) and importing nothing heavy: building the
parser is on every command's start-up path.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import Any, NoReturn

from printgen import __version__
from printgen.cli.option_values import back_offset, card_ids, copies, dpi, gutter, jobs, out_folder
from printgen.cli.sheet_options import add_calibrate_options, add_sheet_language
from printgen.model.language_codes import typed_language
from printgen.options import Duplex, Format, Output, Paper, Service
from printgen.simulate.options import SIMULATE_HELP, add_simulate_options, add_validate_options


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, its width asked of the terminal directly: argparse makes one
    for every option it is given (to check it), and would import shutil to ask — which loads the
    bz2 and lzma libraries, 2 ms of every command's start."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(prog, indent_increment, max_help_position, width or _columns() - 2)


def _columns() -> int:
    """What ``shutil.get_terminal_size()`` says: $COLUMNS, else the terminal's width, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class OneLineParser(argparse.ArgumentParser):
    """A usage error in one line, as every other error printgen reports, naming where the
    whole usage is: argparse would print the usage first, eight lines for ``build``."""

    # the command a line runs, for the main parser's own errors: argparse says the words a
    # command does not know ('calibrate --gutter 3') there, pointing at 'printgen --help'
    command: str | None = None

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(**kwargs)

    def error(self, message: str) -> NoReturn:
        if self.command and message.startswith("unrecognized arguments: "):
            self.prog = f"{self.prog} {self.command}"  # where that command's options are
        found = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if found:
            from difflib import get_close_matches  # only on this error path

            choices = re.findall(r"'([^']*)'", found.group(2))
            close = get_close_matches(found.group(1), choices, n=1)
            if close:
                message += f"; did you mean '{close[0]}'?"
        # "printgen: …", as every other problem of the command line, not argparse's
        # "printgen build: error: …"; the help it points to is the command's own
        self.exit(2, f"printgen: {message} (see {self.prog} --help)\n")


PROJECT_HELP = (
    "project folder holding cards/ (and optionally icons/, templates/, fonts/); default: ."
)


def parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's grammar. Given the command line, only the command it runs gets its
    options — the others are there by name, for ``--help`` and a mistyped command — as every
    option costs argparse a formatter to check it."""
    main = OneLineParser(  # its commands parse with it too
        prog="printgen",
        description="Turn YAML card definitions into print-and-cut PDFs, rulebooks and aids.",
    )
    main.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    main.add_argument("--project", default=".", metavar="DIR", help=PROJECT_HELP)
    sub = main.add_subparsers(dest="command", required=True, metavar="COMMAND")
    running = command_of(argv)
    main.command = running
    # the others are made for a help (which lists them all) and a mistyped command alone:
    # building them was half of building the parser (0.65 ms of every command)
    listing = running is None or not {"-h", "--help"}.isdisjoint(argv or ())
    for name, (summary, add_options) in COMMANDS.items():
        if not listing and name != running:
            continue
        command = sub.add_parser(name, help=summary)
        if running in (None, name):
            add_options(command)
            # --project is accepted after the command too; given there, it wins
            # (its help said "as above", where a command's --help shows nothing above)
            command.add_argument(
                "--project", default=argparse.SUPPRESS, metavar="DIR", help=PROJECT_HELP
            )
    return main


def command_of(argv: Sequence[str] | None) -> str | None:
    """The command a command line runs; None when that is not plain (no command yet, or an
    option before it that is not ``--project DIR``, ``--help`` or ``--version``)."""
    before_command = iter(argv if argv is not None else ())
    for arg in before_command:
        if arg == "--project":
            next(before_command, None)
        elif not arg.startswith("-"):
            return arg if arg in COMMANDS else None
        elif not arg.startswith("--project=") and arg not in ("-h", "--help", "--version"):
            return None
    return None


def _watch_options(watch: argparse.ArgumentParser) -> None:
    _build_options(watch)
    watch.add_argument(
        "--validate",
        action="store_true",
        help="check on every save as validate does, writing nothing (no PDFs): the problems "
        "of a card as you type it",
    )


def _validate_options(validate: argparse.ArgumentParser) -> None:
    _game_options(validate)
    add_validate_options(validate)


def _new_options(new: argparse.ArgumentParser) -> None:
    new.add_argument("game_id", metavar="GAME-ID", help="the new game's id, e.g. my-game")
    new.add_argument(
        "--lang",
        action="append",
        type=typed_language,  # as build's: ES is es
        metavar="LANG",
        help="a language of the game, repeatable (default: en)",
    )


def _labels_options(labels: argparse.ArgumentParser) -> None:
    labels.add_argument("langs", nargs="+", type=typed_language, metavar="LANG", help="e.g. nl")


def _icons_options(icons: argparse.ArgumentParser) -> None:
    icons.add_argument("game", nargs="?", metavar="GAME", help="a game id: add its own icons")
    icons.add_argument("--fa", action="store_true", help="list the Font Awesome Free icons too")
    add_sheet_language(icons, "the catalogue's words", "GAME's first language; without GAME, ")
    _out_option(icons)


def _out_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--out",
        default=None,
        type=out_folder,
        metavar="DIR",
        help="output folder (default: build/ in the project)",
    )


def _one_of(values: Iterable[Enum]) -> dict[str, Any]:
    """An option of named values, each read in any case (A4 is a4, PNG is png)."""
    return {"type": str.lower, "choices": [value.value for value in values]}


def _paper_option(command: argparse.ArgumentParser, help: str) -> None:
    command.add_argument("--paper", **_one_of(Paper), default=None, help=help)


def _calibrate_options(calibrate: argparse.ArgumentParser) -> None:
    _paper_option(calibrate, "default: printgen.yaml's, else a4")
    add_calibrate_options(calibrate)  # --duplex, --lang
    _out_option(calibrate)


def _game_options(build: argparse.ArgumentParser) -> None:
    """What a build makes and validate checks: the same options for both."""
    build.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    build.add_argument(
        "--lang",
        action="append",
        type=typed_language,  # a game's languages are written in lower case: EN is en
        metavar="LANG",
        help="language to build, repeatable (default: every language the game has)",
    )
    _paper_option(
        build, "paper for card sheets, the rulebook and the aid (default: printgen.yaml's, else a4)"
    )
    build.add_argument(
        "--duplex",
        **_one_of(Duplex),
        default=None,
        help="how backs print: the sheet turned over its long or short edge, fold (fronts and "
        "backs side by side, fold and glue), or none (fronts only) (default: printgen.yaml's, "
        "else long)",
    )
    build.add_argument(
        "--gutter",
        type=gutter,
        default=None,
        metavar="LENGTH",
        help="gap between neighbouring cards' trim lines on a sheet, e.g. 4mm (default: "
        "printgen.yaml's, else 0: cards share their cut lines; a deck's own gutter: wins)",
    )
    build.add_argument(
        "--back-offset",
        type=back_offset,
        default=None,
        metavar="X,Y",
        help="move every back X mm right and Y mm up, as calibration.pdf reads "
        "(default: printgen.yaml's, else 0,0)",
    )
    build.add_argument(
        "--cards",
        action="append",
        type=card_ids,
        metavar="ID[,ID...]",
        help="print only these cards (card id or deck/card), e.g. after a tweak",
    )
    build.add_argument(
        "--copies",
        type=copies,
        default=None,
        metavar="N",
        help="print each card N times (default: its count in the deck)",
    )
    build.add_argument(
        "--format",
        action="append",
        **_one_of(Format),
        help="what to make of the card outputs, repeatable: pdf sheets (default), png (one "
        "image per card face), tts (Tabletop Simulator deck)",
    )
    build.add_argument(
        "--dpi",
        type=dpi,
        default=None,
        help="resolution of png images and Tabletop Simulator sheets (default: 300; beside "
        "--service, which fixes the png images' size, it sizes the tts sheets alone)",
    )
    build.add_argument(
        "--service",
        **_one_of(Service),
        default=None,
        help="png images at the exact pixel size of MakePlayingCards (mpc) or "
        "DriveThruCards (dtc), the bleed extended to fill it",
    )
    build.add_argument(
        "--only",
        action="append",
        **_one_of(Output),
        help="build only these outputs, repeatable (default: all)",
    )
    build.add_argument(
        "--booklet",
        action="store_true",
        help="also make rulebook-booklet.pdf: A5 pages imposed two to a sheet for saddle-stitch",
    )
    build.add_argument(
        "--jobs",
        type=jobs,
        default=None,
        metavar="N",
        help="games and languages built at once, in separate processes (validate: games, each "
        "checked language by language; default: one per core; 1: one after another in this "
        "process)",
    )


def _build_options(build: argparse.ArgumentParser) -> None:
    _game_options(build)
    _out_option(build)
    build.add_argument(
        "--no-cache",
        action="store_true",
        help="build every game again, even when nothing it reads changed since the last build",
    )


# each command: its line of ``printgen --help``, and what adds its options to its parser
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "build": ("validate, then build PDFs into build/", _build_options),
    "watch": (
        "build, then rebuild the games whose inputs changed whenever a file of the "
        "project is saved (--validate: only check them)",
        _watch_options,
    ),
    "validate": (
        "check games as a build with the same options would, without writing anything",
        _validate_options,
    ),
    "list": ("list the games of the project", lambda _: None),
    "new": ("write a small starter game into cards/GAME-ID/ that builds at once", _new_options),
    "labels": (
        "write the words a language printgen has no labels in needs, in English to "
        "translate, into templates/labels.yaml",
        _labels_options,
    ),
    "simulate": (SIMULATE_HELP, lambda simulate: add_simulate_options(simulate, jobs)),
    "icons": (
        "write icons.pdf: every icon the project (or GAME) can use, with its name",
        _icons_options,
    ),
    "calibrate": (
        "write calibration.pdf: print it double-sided to read your printer's back offset",
        _calibrate_options,
    ),
}


def negative_values(argv: list[str]) -> list[str]:
    """``--back-offset -1,2`` as ``--back-offset=-1,2``: argparse takes a value starting with a
    minus sign for an option, and offsets are often negative. ``--gutter -1mm`` too, which was
    said as "--gutter: expected one argument" (a plain ``-1`` argparse reads as a number)."""
    glued: list[str] = []
    for arg in argv:
        last = glued[-1] if glued else ""
        if (last == "--back-offset" and arg.startswith("-")) or (
            last == "--gutter" and re.match(r"-\.?\d", arg)
        ):
            glued[-1] = f"{last}={arg}"
        else:
            glued.append(arg)
    return glued
