"""The options of ``printgen calibrate`` and ``printgen icons`` that arguments.py does not share
with other commands: the sheets printgen writes for a project, not for a game's language — and
how every command reads a --lang.

Kept apart from arguments.py (at its size limit); importing nothing heavy, as it does.
"""

from __future__ import annotations

import argparse

from printgen.model.language_codes import typed_language
from printgen.options import Duplex


def add_calibrate_options(calibrate: argparse.ArgumentParser) -> None:
    calibrate.add_argument(
        "--duplex",
        type=_turned_edge,  # read in any case, as --paper: Long is long
        choices=[Duplex.LONG.value, Duplex.SHORT.value],
        default=None,
        help="the edge your printer turns the sheet over (default: printgen.yaml's, else long)",
    )
    add_sheet_language(calibrate, "the sheet's words", "")


def _turned_edge(text: str) -> str:
    """A --duplex of calibrate: build's fold and none, which print no back behind a front, said
    so (argparse's "invalid choice: 'fold'" left a designer printing with fold wondering)."""
    value = text.lower()
    how = {Duplex.FOLD.value: "prints a card's back beside its front, in the same pass"}
    how[Duplex.NONE.value] = "prints no backs"
    if value in how:
        raise argparse.ArgumentTypeError(
            f"{value} {how[value]}: there is no back offset to measure; calibrate for "
            "the edge your duplex printer turns the sheet over, long or short, or skip "
            "calibrating"
        )
    return value


PROJECT_DEFAULT = "the first language of the project's games when they all start with it, else en"


def add_sheet_language(command: argparse.ArgumentParser, what: str, game_default: str) -> None:
    """--lang: the language of the sheet's words; ``game_default``, what it is for a game."""
    command.add_argument(
        "--lang",
        type=typed_language,  # a game's languages are written in lower case: EN is en
        default=None,
        metavar="LANG",
        help=f"language of {what}: en, it, fr, de, es, or one your templates/labels.yaml adds "
        f"(default: {game_default}{PROJECT_DEFAULT})",
    )
