"""What a designer's code (rules.py, simulate.py) may not do while it runs: end printgen
(``os._exit``, ``os.execv``, ``os.kill`` of its own process), start copies of it with
``os.fork``, or switch off the limits that stop it (printgen.sandbox.process_calls).

``sys.exit`` is an exception the runners already catch; ``os._exit`` would end the process at
once, saying and writing nothing (exit status 0), and a fork would run the rest of printgen
twice — or hundreds of times, an engine forking in every game. They raise ``Refused`` instead,
which the runners say at the designer's line like any other failure.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from printgen.sandbox import process_calls
from printgen.sandbox.alarm import WATCHDOG
from printgen.sandbox.process_calls import Refused as Refused


@contextmanager
def no_exit_nor_fork() -> Iterator[None]:
    """The calls process_calls lists raise ``Refused`` while the block runs (in a worker too)."""

    def quiet(args: threading.ExceptHookArgs) -> None:
        if not isinstance(args.exc_value, Refused):  # refused in a thread: said once, as the
            hook(args)  # thread left running (see threads_left)

    before = designer_threads()
    hook = threading.excepthook
    kept = Kept()
    process_calls.refuse()
    threading.excepthook = quiet
    try:
        yield
    finally:
        # a thread the designer's code left running may end printgen later: refused until
        # printgen ends (which it does through its own saved os._exit). The signals and limits
        # are printgen's own again: the standard library changes them for it (starting workers)
        if not designer_threads() - before:
            process_calls.allow()
            threading.excepthook = hook
        else:
            process_calls.allow(keeping=frozenset({process_calls.END}))
        kept.restore()
        _outputs_kept()


class Kept:
    """Python's built-in functions, ``sys.exit``, ``sys.excepthook`` and the output streams as
    printgen found them: a designer's code that replaced them (``builtins.print = None``) left
    printgen unable to say anything, even its own error, and Python printed a traceback."""

    def __init__(self) -> None:
        import builtins

        self.builtins = dict(vars(builtins))
        self.sys = sys.exit, sys.excepthook, sys.stdout, sys.stderr

    def restore(self) -> bool:
        """Each replaced one put back; whether any was."""
        import builtins

        now = vars(builtins)
        if now == self.builtins and self.sys == (sys.exit, sys.excepthook, sys.stdout, sys.stderr):
            return False
        for name, value in self.builtins.items():
            if now.get(name, self) is not value:
                now[name] = value
        # (sys.stdout = io.StringIO() in rules.py: printgen said nothing, and exited 2)
        sys.exit, sys.excepthook, sys.stdout, sys.stderr = self.sys
        return True


def _outputs_kept() -> None:
    """printgen's own output and error streams, open again if the designer's code closed or
    replaced them (``sys.stderr.close()``): every problem is still said, the process ends as
    usual. Their file descriptors stay open: Python's standard streams never close them."""
    import io

    for name, fd in (("stdout", 1), ("stderr", 2)):
        stream = getattr(sys, name)
        if stream is None or getattr(stream, "closed", True):
            setattr(
                sys, name, io.TextIOWrapper(io.FileIO(fd, "w", closefd=False), line_buffering=True)
            )


def designer_threads() -> set[Any]:
    """The threads running now, printgen's own watchdogs aside."""
    return {t for t in threading.enumerate() if not t.name.startswith(WATCHDOG)}


def threads_left(before: set[Any], step: str) -> str | None:
    """What is wrong when ``step`` returned with threads of its own still running: they would
    go on (playing, or ending printgen) while printgen goes on."""
    left = len(designer_threads() - before)
    if left <= 0:
        return None
    return (
        f"{step} returned with {left} thread{'s' if left > 1 else ''} of its own still running; "
        "join the threads it starts before it returns"
    )


def left_running() -> bool:
    """Whether a thread Python waits for as a process ends is still running: one a designer's
    code (rules.py, simulate.py) started and never joined, which may never end."""
    main = threading.main_thread()
    return any(t is not main and not t.daemon for t in threading.enumerate())


def end_now(code: int) -> None:
    """End this process with ``code`` once its output is flushed, waiting for no thread."""
    from printgen.sandbox.alarm import REAL_EXIT  # os._exit may still be refused (above)

    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError, AttributeError):  # a pipe closed early (`| head`)
            stream.flush()
    REAL_EXIT(code)
