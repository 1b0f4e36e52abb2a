"""What a build tells the designer while it runs and when it ends.

Progress (the game and output being made) appears only on a terminal and only once the build
has run for about a second: a quick rebuild stays quiet, and a log or a pipe never gets
carriage-return noise.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from typing import TextIO

from printgen.staged import Contents
from printgen.startup.deferred import pattern

SHOW_AFTER = 1.0  # seconds


class Progress:
    def __init__(self, stream: TextIO | None = None, show_after: float | None = None) -> None:
        self.stream = stream or sys.stderr
        self.live = _is_terminal(self.stream)
        self.started = time.perf_counter()
        self.show_after = SHOW_AFTER if show_after is None else show_after
        self.shown = False

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def step(self, what: str) -> None:
        """Say what is being made now (replacing the previous step's line)."""
        if self.live and self.seconds >= self.show_after:
            # cut to the terminal's width: a line that wraps is erased only from its last row
            # (ESC [K), so a narrow terminal kept every step's first rows, one under another
            room = _columns(self.stream) - 1  # a line as wide as the terminal wraps on some
            line = what if len(what) < room else what[: max(room - 1, 0)]
            self.stream.write(f"\r\x1b[K{line}…")
            self.stream.flush()
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def _columns(stream: TextIO) -> int:
    """The terminal's width (80 when it cannot be asked)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (OSError, ValueError):  # not a file (a test's stand-in), or closed
        return 80


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


_PAGE = pattern(rb"/Type\s*/Page(?![a-zA-Z])")


def pdf_pages(data: bytes) -> int:
    """Pages of a PDF we wrote: ReportLab writes every page object uncompressed."""
    return len(_PAGE.findall(data))


def summary(
    games: int,
    files: Mapping[str, Contents],
    warnings: int,
    seconds: float,
    up_to_date: int = 0,
    built: int | None = None,
) -> str:
    """One line after a build: games, files written (manifests too), pages, files that were
    already up to date, warnings, time. ``built``: games made again (the rest came from the
    build cache)."""
    pdfs = [data for name, data in files.items() if name.endswith(".pdf")]
    pages = sum(pdf_pages(data) for data in pdfs if isinstance(data, bytes))  # never staged
    images = sum(1 for name in files if name.endswith(".png"))
    # a PDF's cards.json, Tabletop Simulator's deck, a PNG export's counts.csv
    manifests = sum(1 for name in files if name.endswith((".json", "/counts.csv")))
    # what was made, in its own unit: pages of PDFs, images of a PNG export (never "0 pages")
    made = f", {counted(pages, 'page')}" if pdfs else ""
    made += f", {counted(images, 'image')}" if images else ""
    kept = f", {counted(up_to_date, 'file')} up to date" if up_to_date else ""
    if built == 0:
        return (
            f"{counted(games, 'game')} up to date: nothing changed since the last build "
            f"({counted(up_to_date, 'file')} kept; --no-cache builds again), "
            f"{counted(warnings, 'warning')} in {seconds:.1f} s"
        )
    # "built 6 games" after making one again read as six built
    partly = f" ({games - built} up to date)" if built is not None and built < games else ""
    count = counted(games if built is None else built, "game")
    return (
        f"built {count}{partly}: {counted(len(files), 'file')} written "
        f"({counted(manifests, 'manifest')}){made}{kept}, "
        f"{counted(warnings, 'warning')} in {seconds:.1f} s"
    )


def counted(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
