"""``printgen simulate --debug``: a designer's engine played as they debug it, with ``print``.

The games are played in printgen's own process, one after another, and what the engine prints
reaches stderr (stdout stays the report's key sentences), each game's prints under a line that
names it; a failure shows the engine's own frames above its one line. Without ``--debug`` the
prints of thousands of games are left out and said once (see printed.py).
"""

from __future__ import annotations

import codecs
import io
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from printgen.simulate.frames import EngineStack

if TYPE_CHECKING:
    from typing_extensions import Buffer


def game_header(game: int, games: int, seats: Sequence[str], seed: int) -> str:
    """The line above game ``game``'s (0-based) prints. Game i is seeded from (--seed, i) and
    seated from --bots shifted by i, whatever else the run plays: its number and the seed
    (the seats as --players and --bots gave them) are all a replay needs — -n that number."""
    players = f"{len(seats)} players ({', '.join(seats)})"
    return f"--- game {game + 1:,} of {games:,}, --seed {seed}: {players} ---"


# whether the engine's last print left its line open (print('x', end='')): its stdout and
# stderr share printgen's stderr, one line for both
_line_open = [False]


def end_line(terminal: TextIO) -> None:
    """The line the engine's prints left open ended, so that printgen's next line (a game's
    header, a traceback, a problem) starts a line of its own rather than running on after
    them."""
    if _line_open[0]:
        _line_open[0] = False
        terminal.write("\n")


class Shown(io.TextIOBase):
    """The engine's ``sys.stdout`` or ``sys.stderr`` (``name``) under --debug: what it
    prints, written through to printgen's stderr (``terminal``). Closing it closes only this
    one: the engine that closed printgen's own stream (``sys.stderr.close()`` in play())
    ended the run in "internal error" at the next game's header, exit 1; now a print after
    its close fails in the engine's code, at its line, as in any Python program. Bytes
    written to its ``buffer`` are decoded and written through too: without one
    ``sys.stdout.buffer`` failed naming this class, no name of the designer's."""

    def __init__(self, terminal: TextIO, name: str = "sys.stdout") -> None:
        super().__init__()
        self.terminal = terminal
        self.name = name
        self.buffer = TextBytes(self)

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.terminal.encoding

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.terminal.isatty()

    def fileno(self) -> int:
        # printgen's stderr's descriptor would let the engine close or reopen it under
        # printgen: its stream has none to give
        raise io.UnsupportedOperation(
            f"{self.name} under simulate --debug is printgen's text stream, with no file "
            f"descriptor: print() to it, or write bytes to {self.name}.buffer"
        )

    def write(self, text: str) -> int:
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        if text:
            _line_open[0] = not text.endswith("\n")
        return self.terminal.write(text)

    def flush(self) -> None:
        super().flush()  # a closed one raises, as a file does
        self.terminal.flush()


class TextBytes(io.RawIOBase):
    """A text stream's ``buffer`` (``Shown``'s, and ``Printed``'s without --debug): bytes
    decoded in the stream's encoding (a character split between two writes waits for its
    end) and written to it as text."""

    def __init__(self, text: io.TextIOBase) -> None:
        super().__init__()
        self.text = text
        encoding = text.encoding or "utf-8"
        self.decoder = codecs.getincrementaldecoder(encoding)(errors="replace")

    def writable(self) -> bool:
        return True

    def write(self, data: Buffer) -> int:
        written = bytes(data)
        self.text.write(self.decoder.decode(written))
        return len(written)

    def flush(self) -> None:
        super().flush()
        self.text.flush()


def engine_streams(terminal: TextIO) -> None:
    """``sys.stdout`` and ``sys.stderr`` the engine's, each written through to ``terminal``:
    before each game, as a game that replaced them (``io.StringIO``) or closed them left the
    next game's prints swallowed. Those still open are kept (``Kept`` compares them)."""

    def kept(stream: object) -> bool:
        return isinstance(stream, Shown) and stream.terminal is terminal and not stream.closed

    sys.stdout = sys.stdout if kept(sys.stdout) else Shown(terminal, "sys.stdout")
    sys.stderr = sys.stderr if kept(sys.stderr) else Shown(terminal, "sys.stderr")


def show_traceback(exc: BaseException, path: Path, rel: str, stream: TextIO) -> None:
    """``exc`` as Python shows its traceback, on ``stream`` (printgen's stderr) above the
    fault's one line (which says what was raised): the exceptions it was raised from or while
    handling, each with its frames of the engine's own file only (printgen's, and the
    standard library's the engine called, are not the designer's to read), a recursion's
    repeating frames folded and a deep stack cut to its ends (frames.py). Nothing when no
    line of the engine ran (a syntax error: its one line says where). Written by hand, it
    dropped the KeyError a ValueError was raised from, and an endless recursion printed
    1,980 lines."""
    shown = traceback.TracebackException.from_exception(exc)
    if not _engines_frames(shown, str(path), rel, set()):
        return
    lines = [*_above_its_line(shown), *_group_members(shown)]
    heads = (PYTHONS_HEADER, "Exception Group Traceback (most recent call last):\n")
    header = f"Traceback of {rel} (most recent call last):\n"
    said = "".join(_headed(line, heads, header) for line in lines)
    end_line(stream)
    print(said.rstrip("\n"), file=stream)


PYTHONS_HEADER = "Traceback (most recent call last):\n"


def _above_its_line(shown: traceback.TracebackException) -> list[str]:
    """The chain and frames of ``shown`` as Python formats them, its own line left out (the
    one line below says it). An exception group's frames are formatted as an ordinary
    exception's: Python's box put its own line amid them and printgen's cut its closing
    border instead."""
    members, shown.exceptions = shown.exceptions, None
    try:
        lines = list(shown.format())
        last = list(shown.format_exception_only())
    finally:
        shown.exceptions = members
    return lines[: len(lines) - len(last)]


def _group_members(shown: traceback.TracebackException) -> list[str]:
    """The exceptions of group ``shown``, boxed as Python boxes them (none for another
    exception): what its format writes after its header, frames and own line."""
    if not shown.exceptions:
        return []
    before = (1 if shown.stack else 0) + len(shown.stack.format())
    before += len(list(shown.format_exception_only()))
    return list(shown.format(chain=False))[before:]


def _headed(line: str, heads: tuple[str, ...], header: str) -> str:
    """``line`` with a header of Python's, at any depth of a group's box, made printgen's."""
    for head in heads:
        if line.endswith(head) and not line[: -len(head)].strip(" |+"):
            return line[: -len(head)] + header
    return line


def _engines_frames(
    shown: traceback.TracebackException, path: str, rel: str, seen: set[int]
) -> bool:
    """Each exception of the chain left with the engine's frames alone, its file named as
    the project names it; whether any frame is left."""
    if id(shown) in seen:  # a chain that loops back (Python's own format stops there too)
        return False
    seen.add(id(shown))
    frames = [
        traceback.FrameSummary(rel, f.lineno, f.name, lookup_line=False, line=f.line)
        for f in shown.stack
        if f.filename == path
    ]
    shown.stack = EngineStack(frames)
    found = bool(frames)
    for other in (shown.__cause__, shown.__context__, *(shown.exceptions or ())):
        if other is not None:
            found = _engines_frames(other, path, rel, seen) or found
    return found
