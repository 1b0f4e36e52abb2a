"""The memory a designer's Python may take: a game's rules.py and simulate.py run capped, as
they run within a time limit (``alarm``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from printgen.limits import DESIGNER_MEMORY_BYTES


@contextmanager
def memory_capped() -> Iterator[None]:
    """Run a designer's Python with at most DESIGNER_MEMORY_BYTES more address space than the
    process has now: a rule or an engine that grows without end meets MemoryError where it allocates
    (said at its line as its failure) instead of filling the machine's memory. Linux alone
    reports the address space in use (/proc); elsewhere the code runs uncapped."""
    try:
        import resource

        with open("/proc/self/statm", "rb") as statm:
            used = int(statm.read().split()[0]) * resource.getpagesize()
    except (ImportError, OSError, ValueError, IndexError):
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = used + DESIGNER_MEMORY_BYTES
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft != resource.RLIM_INFINITY and soft <= cap:  # already capped as tightly (nested)
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def designer_memory() -> str:
    """The memory a designer's Python may take, as said to the designer."""
    gib = DESIGNER_MEMORY_BYTES / 1024**3
    return f"{gib:g} GiB" if gib >= 1 else f"{DESIGNER_MEMORY_BYTES // 1024**2:,} MiB"
