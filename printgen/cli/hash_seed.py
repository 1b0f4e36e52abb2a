"""A simulation that hashes texts the same way in every run.

Python orders a set (or a dict built from one) of texts by hashes that change from one process
to the next, unless ``PYTHONHASHSEED`` fixes them: an engine that plays ``next(iter(set(names)))``
gave another playtest report at each run of the same ``--seed``. ``printgen simulate`` (and
``validate --simulate``) therefore runs itself again, at once, with the hashes fixed — before the
game's engine or data is read, so the cost is one interpreter start (about 50 ms), where playing
in freshly spawned worker processes cost every run its imports again (0.45 s). Worker processes
forked from it hash as it does.

Only printgen started as a command is run again (``printgen …``, ``python -m printgen …``): a
script of the designer's own that calls ``main()`` would run its own code twice, and a program
read from stdin could not be read again. Where it cannot be run again, a warning says how to
fix the hashes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_AGAIN = "PRINTGEN_HASHES_FIXED"  # set in the process run again: never a second time
HOW = (
    "printgen: warning: this simulation's texts hash differently in every process, so an "
    "engine walking a set of names may play other games at each run; run it as `printgen "
    "simulate …` (not with python -E or -I), or set PYTHONHASHSEED=0"
)


def with_fixed_hashes() -> None:
    """Replace this process by the same command with ``PYTHONHASHSEED=0``; returns when the
    hashes are fixed already, or after a warning when this process cannot be run again."""
    if not sys.flags.hash_randomization or os.environ.get(_AGAIN):
        return
    if sys.flags.ignore_environment or os.name != "posix" or not _started_as_a_command():
        print(HOW, file=sys.stderr)
        return
    environment = {**os.environ, "PYTHONHASHSEED": "0", _AGAIN: "1"}
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execve(sys.executable, sys.orig_argv, environment)
    except OSError:  # the interpreter cannot be started again: this process plays on
        print(HOW, file=sys.stderr)


def _started_as_a_command() -> bool:
    """Whether this process is ``python -m printgen`` or the ``printgen`` console script —
    whose whole program is printgen's, so running it again runs nothing twice."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    if spec is not None and spec.name == "printgen.__main__":
        return True
    return spec is None and Path(sys.argv[0]).name == "printgen"
