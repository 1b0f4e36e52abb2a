"""printgen's standard streams as a shell may hand them over: closed (``printgen build >&-``)
or refusing what is written (``> /dev/full``, a full disk under a log file).

Closed, Python leaves ``sys.stdout`` None: the rules sandbox, opening it again, failed as the
game's rules.py loaded ('rules.py failed to load: OSError: Bad file descriptor') and the process
ended in a traceback. Refusing, the ``print`` that met it ended the command in 'internal error'
(exit 1), or, when Python buffered it, the run ended with status 0 and its lines lost unsaid.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from typing import TYPE_CHECKING

from printgen.problems import EXIT_BAD_INPUT

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


class _Kept(io.FileIO):
    """A standard stream's descriptor that keeps its first failed write rather than raising it
    wherever a line was printed; what was refused is dropped. A pipe closed early (``| head``)
    still raises: printgen stops there, as it always has."""

    failed: OSError | None = None

    def write(self, data: ReadableBuffer, /) -> int:
        try:
            return super().write(data)
        except BrokenPipeError:
            raise
        except OSError as exc:
            self.failed = self.failed or exc
            return memoryview(data).nbytes


_KEPT: dict[str, _Kept] = {}


def guard() -> None:
    """Open a closed standard descriptor on the null device, at its own number (else the next
    file printgen opens would take it, and what is printed would go into that file), and write
    stdout and stderr through descriptors that keep their failures for ``settled``."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)  # the lowest number free: this one
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    for fd, name in ((1, "stdout"), (2, "stderr")):
        old = getattr(sys, name)
        raw = _Kept(fd, "w", closefd=False)
        # as Python made it: unbuffered under -u (PYTHONUNBUFFERED), else buffered
        unbuffered = old is not None and isinstance(getattr(old, "buffer", None), io.FileIO)
        stream = io.TextIOWrapper(
            raw if unbuffered else io.BufferedWriter(raw),
            encoding=getattr(old, "encoding", None) or "utf-8",
            errors=_errors(old),
            line_buffering=getattr(old, "line_buffering", True),
            write_through=getattr(old, "write_through", False),
        )
        if old is not None:
            with contextlib.suppress(OSError, ValueError):
                old.flush()  # nothing printed yet is lost
        setattr(sys, name, stream)
        _KEPT[name] = raw


def _errors(old: object) -> str:
    """How characters the stream's encoding lacks are written: as Python escapes them on
    stderr (``\u2014``), not refused — a stdout in ASCII or Latin-1 (PYTHONIOENCODING, a
    locale's) ended 'printgen list' in 'internal error: UnicodeEncodeError' at its first dash."""
    errors = getattr(old, "errors", None)
    return "backslashreplace" if errors in (None, "strict") else str(errors)


def settled(code: int) -> int:
    """The command's exit status once stdout and stderr are flushed: 2, not 0, when what it
    printed could not all be written, said on stderr when stdout alone refused it."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a pipe closed early (`| head`)
            stream.flush()
    out, err = (_KEPT[name].failed if name in _KEPT else None for name in ("stdout", "stderr"))
    if out is None and err is None:
        return code
    if err is None and out is not None:
        print(
            f"printgen: cannot write to standard output ({out.strerror or out}): what printgen "
            "said there is lost",
            file=sys.stderr,
        )
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
    return code or EXIT_BAD_INPUT
