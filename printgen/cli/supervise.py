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
other signal ends this process the same way; SIGTERM and SIGHUP sent to this process are passed
on to the child, and so is a Ctrl-C sent to it alone (an editor's stop button) — one typed at
the terminal reaches the child directly, and is not passed on a second time. The child ends
with this process, if this one is killed.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
from collections.abc import Callable

from printgen.problems import EXIT_BAD_INPUT

_PASSED_ON = ("SIGTERM", "SIGHUP")
_SI_KERNEL = 0x80  # a signal's si_code when the kernel sent it: Ctrl-C typed at a terminal
# a frame's line in faulthandler's traceback: its file (non-ASCII escaped, so only the part
# from the game's folder on is read: a game's id and its files' names are ASCII) and line
_FRAME = re.compile(r'File "(?:.*/)?(cards/[A-Za-z0-9_.-]+/[^"/]+\.py)", line (\d+)')


def supervised(work: Callable[[], int]) -> int:
    """``work()``'s exit status, the work done in a child process where one can be forked."""
    if not _can_fork():
        return work()
    import faulthandler

    from printgen.startup import dataclass_code

    try:
        notes = os.memfd_create("printgen-stuck")  # the child's traceback, if the kernel ends it
    except OSError:
        return work()
    kills = {getattr(signal, name) for name in _PASSED_ON} - _ignored()
    waited = {signal.SIGINT, signal.SIGCHLD, *kills}
    for stream in (sys.stdout, sys.stderr):  # else both processes would write what is pending
        stream.flush()
    before = signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # (ignored, no child could be waited)
    # what arrives from now on waits for this process to take it (sigwaitinfo, below)
    signal.pthread_sigmask(signal.SIG_BLOCK, waited)
    try:
        child = os.fork()
    except OSError:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, waited)
        signal.signal(signal.SIGCHLD, before)
        os.close(notes)
        return work()
    if child == 0:
        signal.signal(signal.SIGCHLD, before)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, waited)
        _end_with_parent()
        dataclass_code.forked(writer=True)
        faulthandler.register(signal.SIGXCPU, file=notes, all_threads=True, chain=True)
        return work()
    dataclass_code.forked(writer=False)
    status = _waited(child, waited, kills)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, waited - {signal.SIGCHLD})
    signal.signal(signal.SIGCHLD, before)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
    traceback = _read(notes)  # (empty but where the kernel's CPU limit ended the child)
    code = os.waitstatus_to_exitcode(status)
    if code >= 0:
        return code
    number = -code
    if number == signal.SIGXCPU and (said := stuck_line(traceback)) is not None:
        print(said, file=sys.stderr)
        return EXIT_BAD_INPUT
    # ended by a signal: this process ends by it too, as printgen did without a child
    sys.stdout.flush()
    sys.stderr.flush()
    if number not in (signal.SIGKILL, signal.SIGSTOP):  # (whose handling cannot be set)
        signal.signal(number, signal.SIG_DFL)
    os.kill(os.getpid(), number)
    return 128 + number


def _can_fork() -> bool:
    """A child needs fork, memfd_create, sigwaitinfo and faulthandler's signal registration
    (Linux); under a profiler or a tracer (coverage) the work stays in this process, where
    they measure it."""
    return (
        sys.platform == "linux"
        and hasattr(os, "memfd_create")
        and hasattr(signal, "sigwaitinfo")
        and sys.gettrace() is None
        and sys.getprofile() is None
    )


def _ignored() -> set[int]:
    """The kills the caller has this process ignore (nohup: SIGHUP): the child ignores them."""
    return {
        number
        for name in _PASSED_ON
        if signal.getsignal(number := getattr(signal, name)) is signal.SIG_IGN
    }


def _waited(child: int, waited: set[int], kills: set[int]) -> int:
    """The child's wait status, once it has ended; what this process is sent meanwhile is
    passed on to it: SIGTERM and SIGHUP, and a Ctrl-C not typed at the terminal."""
    while True:
        info = signal.sigwaitinfo(waited)
        if info.si_signo == signal.SIGCHLD:
            ended, status = os.waitpid(child, os.WNOHANG)
            if ended == child:
                return status
        elif info.si_signo in kills or (
            info.si_signo == signal.SIGINT and info.si_code != _SI_KERNEL
        ):
            with contextlib.suppress(ProcessLookupError):  # ended: its SIGCHLD is on its way
                os.kill(child, info.si_signo)


def _end_with_parent() -> None:
    """The child is ended (SIGTERM) if printgen's own process is killed (SIGKILL) before it:
    left running, it went on playing and writing the report, holding the caller's output open."""
    import ctypes

    parent = os.getppid()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # it died before the request was made
        os.kill(os.getpid(), signal.SIGTERM)


def _read(notes: int) -> str:
    try:
        return os.pread(notes, 1 << 20, 0).decode("utf-8", "replace")
    except OSError:
        return ""
    finally:
        os.close(notes)


def stuck_line(traceback: str) -> str | None:
    """The problem line for a child the CPU time limit ended while it ran a game's code: at the
    innermost line of the game's own files in ``traceback`` (faulthandler's, most recent call
    first), the thread the kernel's signal found running (the stuck one) before any other;
    None when no frame was in the game's code (the limit was someone else's: the process ends
    as the kernel meant)."""
    current = traceback.find("Current thread")
    running = traceback[current:].split("\n\n", 1)[0] if current >= 0 else ""
    found = _FRAME.search(running) or _FRAME.search(traceback)
    if found is None:
        return None
    return (
        f"{found[1]}:{found[2]}:1: this line ran inside one call that never returned to "
        "Python (a huge range or power, say) until the operating system's CPU time limit "
        "ended printgen — no time limit can stop code there; nothing was written: make the "
        "call smaller, or do its work in steps of Python"
    )
