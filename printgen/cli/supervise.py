"""A simulation done in a child process that printgen's own process watches, so that a
designer's code stuck inside one library call is said at its line.

A game's simulate.py (and its rules.py) runs under time limits that stop it between two lines
of Python (printgen.sandbox.alarm). Code inside one call that never returns to Python —
``sum(range(10**12))``, ``list(itertools.permutations(range(14)))`` — holds the interpreter,
so no handler and no thread of printgen's can run until it returns: the last stop is the
kernel's CPU time limit, which ends the process (SIGXCPU). Ended so, printgen said nothing and
the shell printed "CPU time limit exceeded", exit status 152. Here the work runs in a forked
child; Python's ``faulthandler``, which writes a traceback from inside the signal itself, notes
where the child was stuck, and this process says it as any other problem of the game's code:
one line at that line, exit status 2.

Only ``simulate`` and ``validate --simulate`` are watched so: they run thousands of calls of
the engine, where a fork is nothing; a fork costs a build or a validate 10–20 ms of CPU on
this kind of machine (copying the pages the child writes), a tenth of a card build. There,
code stuck so is ended by the operating system as before (see the README's limits).

Everything else is as it was: the child's exit status is this process's; a child ended by any
other signal ends this process the same way; a kill of this process (SIGTERM, SIGHUP) is
passed on to the child, and Ctrl-C reaches it from the terminal as it reaches this process.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from printgen.problems import EXIT_BAD_INPUT

_PASSED_ON = ("SIGTERM", "SIGHUP")


def supervised(work: Callable[[], int], project: Path) -> int:
    """``work()``'s exit status, the work done in a child process where one can be forked."""
    if not _can_fork():
        return work()
    import faulthandler

    try:
        notes = os.memfd_create("printgen-stuck")  # the child's traceback, if the kernel ends it
    except OSError:
        return work()
    numbers = {signal.SIGINT, *(getattr(signal, name) for name in _PASSED_ON)}
    for stream in (sys.stdout, sys.stderr):  # else both processes would write what is pending
        stream.flush()
    # a kill that arrives while the child is forked waits until this process can pass it on
    signal.pthread_sigmask(signal.SIG_BLOCK, numbers)
    try:
        child = os.fork()
    except OSError:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, numbers)
        os.close(notes)
        return work()
    if child == 0:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, numbers)
        faulthandler.register(signal.SIGXCPU, file=notes, all_threads=True, chain=True)
        return work()
    _pass_kills_on(child)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, numbers)
    _, status = os.waitpid(child, 0)
    code = os.waitstatus_to_exitcode(status)
    if code >= 0:
        return code
    number = -code
    if number == signal.SIGXCPU and (said := stuck_line(_read(notes), project)) is not None:
        print(said, file=sys.stderr)
        return EXIT_BAD_INPUT
    # ended by a signal: this process ends by it too, as printgen did without a child
    sys.stdout.flush()
    sys.stderr.flush()
    signal.signal(number, signal.SIG_DFL)
    os.kill(os.getpid(), number)
    return 128 + number


def _can_fork() -> bool:
    """A child needs fork, memfd_create and faulthandler's signal registration (Linux); under a
    profiler or a tracer (coverage) the work stays in this process, where they measure it."""
    return (
        sys.platform == "linux"
        and hasattr(os, "memfd_create")
        and hasattr(signal, "SIGXCPU")
        and sys.gettrace() is None
        and sys.getprofile() is None
    )


def _pass_kills_on(child: int) -> None:
    """SIGTERM and SIGHUP sent to this process go to the child (the build ends its workers and
    then itself); Ctrl-C from a terminal reaches the child directly, so it is passed on only
    when it comes from elsewhere (a second one would interrupt the child's own ending)."""

    def pass_on(number: int, frame: object) -> None:
        os.kill(child, number)

    def interrupt(number: int, frame: object) -> None:
        if not _from_terminal():
            os.kill(child, number)

    for name in _PASSED_ON:
        number = getattr(signal, name)
        if signal.getsignal(number) is not signal.SIG_IGN:  # (nohup: SIGHUP stays ignored)
            signal.signal(number, pass_on)
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, interrupt)


def _from_terminal() -> bool:
    """Whether this process runs in its terminal's foreground: a Ctrl-C there went to every
    process of the group, the child too."""
    try:
        fd = os.open("/dev/tty", os.O_RDONLY)
    except OSError:
        return False
    try:
        return os.tcgetpgrp(fd) == os.getpgrp()
    except OSError:
        return False
    finally:
        os.close(fd)


def _read(notes: int) -> str:
    try:
        return os.pread(notes, 1 << 20, 0).decode("utf-8", "replace")
    except OSError:
        return ""
    finally:
        os.close(notes)


def stuck_line(traceback: str, project: Path) -> str | None:
    """The problem line for a child the CPU time limit ended while it ran a game's code: at the
    innermost line of the game's own files in ``traceback`` (faulthandler's, most recent call
    first, every thread), None when no frame was in the game's code (the limit was someone
    else's: the process ends as the kernel meant)."""
    root = project.resolve()
    for line in traceback.splitlines():
        text = line.strip()
        if not text.startswith('File "'):
            continue
        path, _, rest = text[len('File "') :].partition('", line ')
        number = rest.partition(" ")[0]
        try:
            inside = Path(path).resolve().relative_to(root)
        except (ValueError, OSError):
            continue
        if inside.parts[:1] != ("cards",) or not number.isdigit():
            continue
        return (
            f"{inside.as_posix()}:{number}:1: this line ran inside one call that never "
            "returned to Python (a huge range or power, say) until the operating system's CPU "
            "time limit ended printgen — no time limit can stop code there; nothing was "
            "written: make the call smaller, or do its work in steps of Python"
        )
    return None
