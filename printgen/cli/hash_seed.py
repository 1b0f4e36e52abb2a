"""A simulation that hashes texts the same way in every run.

Python orders a set (or a dict built from one) of texts by hashes that change from one process
to the next, unless ``PYTHONHASHSEED`` fixes them: an engine that plays ``next(iter(set(names)))``
gave another playtest report at each run of the same ``--seed``. ``printgen simulate`` (and
``validate --simulate``) therefore runs itself again, at once, with the hashes fixed — before the
game's engine or data is read, so the cost is one interpreter start (about 50 ms), where playing
in freshly spawned worker processes cost every run its imports again (0.45 s). Worker processes
forked from it hash as it does.
"""

from __future__ import annotations

import os
import sys

_AGAIN = "PRINTGEN_HASHES_FIXED"  # set in the process run again: never a second time


def with_fixed_hashes() -> None:
    """Replace this process by the same command with ``PYTHONHASHSEED=0``; returns only when
    the hashes are fixed already, or cannot be (not POSIX, run with ``-E``/``-I``: the process
    run again would ignore the variable, and plays on with its own)."""
    if not sys.flags.hash_randomization or os.environ.get(_AGAIN) or os.name != "posix":
        return
    if sys.flags.ignore_environment:
        return
    environment = {**os.environ, "PYTHONHASHSEED": "0", _AGAIN: "1"}
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execve(sys.executable, sys.orig_argv, environment)
    except OSError:  # the interpreter cannot be started again: this process plays on
        return
