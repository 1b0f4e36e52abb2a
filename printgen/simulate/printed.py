"""What an engine prints (``print``, to stdout or stderr) as it is imported, prepares the games
or plays them: left out of printgen's output — a line a game among the report's lines — and
said once, as a warning at the step that printed: its module, ``prepare()`` or ``play()``."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from typing import TextIO

from printgen.simulate.debug import TextBytes, end_line, engine_streams

IMPORTING = "simulate.py"  # the step of the module's own lines, run as it is imported

# what each step's prints are told, beside the warning's place: how to do without them
ADVICE = {
    IMPORTING: "remove the print (the module is imported in every worker process too)",
    "prepare()": (
        "raise ValueError with a message when the game's data is wrong, and printgen says it "
        "at its line"
    ),
    "play()": "count what you want to see in the record's figures or series",
}


def printed_message(step: str) -> str:
    """The warning for a step that printed."""
    doing = "prints as it is imported" if step == IMPORTING else "prints"
    return (
        f"{step} {doing} (print, sys.stdout or sys.stderr), which printgen leaves out of its "
        f"output: {ADVICE[step]}"
    )


class Printed(io.TextIOBase):
    """Where the engine's prints go: kept out of printgen's output, only noted — which steps
    printed, and for the module the line of its first print (a module has no ``def`` line to
    say it at)."""

    def __init__(self, engine_file: str = "", through: bool = False) -> None:
        super().__init__()
        self.engine_file = engine_file
        self.through = through  # --debug: let through to stderr, noted nowhere
        # printgen's own stderr as the engine's code starts, under --debug: where the games'
        # headers and tracebacks go, whatever the engine did with sys.stderr
        self.terminal: TextIO = sys.stderr
        self.step = "play()"
        self.steps: dict[str, None] = {}  # in the order they first printed
        self.line: int | None = None
        # an engine writing bytes (sys.stdout.buffer) failed "'Printed' object has no
        # attribute 'buffer'": they are prints as any other
        self.buffer = TextBytes(self)

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        # io's own "UnsupportedOperation: fileno" named nothing to do (as --debug's stream says)
        raise io.UnsupportedOperation(
            "sys.stdout and sys.stderr while simulate plays are printgen's text streams, with "
            "no file descriptor: print() to them, or write bytes to sys.stdout.buffer"
        )

    def write(self, text: str) -> int:
        if text and self.step not in self.steps:
            self.steps[self.step] = None
            self.line = self.line or self._engine_line()
        return len(text)

    def _engine_line(self) -> int | None:
        """The line of simulate.py running now (the innermost), if any."""
        frame = sys._getframe(1)
        while frame is not None:
            if frame.f_code.co_filename == self.engine_file:
                return frame.f_lineno
            frame = frame.f_back  # type: ignore[assignment]
        return None

    @contextmanager
    def during(self, step: str) -> Iterator[None]:
        """Prints of ``step`` noted as its own (``prepare()`` run within a batch of games)."""
        before, self.step = self.step, step
        try:
            yield
        finally:
            self.step = before


@contextmanager
def kept_out(printed: Printed) -> Iterator[None]:
    """stdout and stderr into ``printed`` while the block runs; under --debug, both written
    through to printgen's stderr instead, beside the game's header line (stdout stays the
    report's sentences, for a designer piping them), and printgen's own streams put back
    after, whatever the engine closed or replaced."""
    if printed.through:
        before = sys.stdout, sys.stderr
        printed.terminal = sys.stderr
        engine_streams(printed.terminal)
        try:
            yield
        finally:
            sys.stdout, sys.stderr = before
            end_line(printed.terminal)  # printgen's next line on a line of its own
        return
    with redirect_stdout(printed), redirect_stderr(printed):
        yield
