"""How deep a designer's Python (rules.py and its helpers) may call: ``sys.setrecursionlimit``
capped at a depth the stack printgen runs on holds.

Past the recursion limit Python raises RecursionError, said at the designer's line; but a limit
deeper than the C stack holds lets a recursion through C code (json.loads of deep brackets, a
sort key calling itself) overrun the stack first, and the process dies by SIGSEGV, saying
nothing. A pure-Python recursion under a limit of millions instead ran for minutes, took
gigabytes and ended in CPython's own words.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

# C stack one level of recursion may take: a sort key calling sorted() again took 2.5 KB a
# level (the deepest of the C paths tried; a __getattr__ calling getattr, 700 bytes)
_LEVEL_BYTES = 4096
_STACK_BYTES = 8 * 1024 * 1024  # Linux's usual stack, assumed when the system sets none
# what each game's code asked sys.setrecursionlimit for (capped), by its module's name: its
# rules run as deep as rules.py's top set, and another game's rules as their own
_ASKED: dict[str, int] = {}
_REAL = sys.setrecursionlimit  # Python's own, whatever a designer's code replaced it with


def safe_depth() -> int:
    """The deepest recursion limit a designer's code may set: what the process's stack holds
    at the deepest level measured, never below the limit printgen runs with itself."""
    stack = _STACK_BYTES
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_STACK)[0]
        if soft != resource.RLIM_INFINITY:
            stack = soft
    except (ImportError, OSError, ValueError):  # no such limit on this system
        pass
    return max(stack // _LEVEL_BYTES, sys.getrecursionlimit())


@contextmanager
def recursion_capped(owner: str) -> Iterator[None]:
    """Run a designer's code (``owner``: its module's name) with ``sys.setrecursionlimit``
    capped at ``safe_depth()``, and under the limit it set before; printgen's own limit and
    function are put back after."""
    own_limit, own_setter = sys.getrecursionlimit(), sys.setrecursionlimit
    sys.setrecursionlimit = _capped(owner, safe_depth())
    try:
        if owner in _ASKED:
            with suppress(RecursionError):  # a low limit, below where printgen calls from
                _REAL(_ASKED[owner])
        yield
    finally:
        sys.setrecursionlimit = own_setter
        _REAL(own_limit)


def _capped(owner: str, cap: int) -> Callable[[int], None]:
    def setrecursionlimit(limit: int) -> None:
        # operator.index refuses what Python's own refuses (a float, a str), with its words
        depth = min(operator.index(limit), cap)
        _REAL(depth)
        _ASKED[owner] = depth

    return setrecursionlimit
