"""How the command line's option values are read (--gutter 4mm, --back-offset -1,2, --cards
a,b, --jobs 2): each a type for argparse, refusing a bad value with a message that says what
was expected.

Kept apart from arguments.py (the grammar: which options each command has); importing nothing
heavy, as it does: the parser is built on every command's start-up path.
"""

from __future__ import annotations

import argparse

from printgen.limits import MAX_GUTTER_MM, MAX_JOBS
from printgen.options import Offset


def gutter(value: str) -> float:
    from printgen.model.units import parse_length

    try:
        mm = parse_length(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not 0 <= mm <= MAX_GUTTER_MM:
        raise argparse.ArgumentTypeError(f"expected a gutter from 0 to {MAX_GUTTER_MM:g} mm")
    return mm


def back_offset(value: str) -> Offset:
    from printgen.settings import parse_offset

    try:
        return parse_offset(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def card_ids(value: str) -> tuple[str, ...]:
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


def copies(value: str) -> int:
    return _bounded_int(value, 1, 100, "a number of copies")


def out_folder(value: str) -> str:
    """An --out folder: never empty (--out "" with an unset variable's $OUT), which built into
    build/ without a word, as if --out had not been given."""
    if not value:
        raise argparse.ArgumentTypeError(
            "expected a folder, not an empty name (leave --out out to write into build/)"
        )
    return value


def jobs(value: str) -> int:
    return _bounded_int(value, 1, MAX_JOBS, "a number of processes")


def dpi(value: str) -> int:
    return _bounded_int(value, 72, 1200, "a resolution in dpi")
