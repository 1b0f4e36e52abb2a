"""Freed memory given back to the operating system between the big steps of a big build.

A 50,000-card sheet PDF leaves about 90 MiB that Python and the C allocator have freed but still
hold (ReportLab's page streams, each a few kilobytes): the manifest made next is written into
fresh pages on top of them, and the process's peak is that much higher than it needs to be.
glibc's ``malloc_trim`` hands whole free pages back. Elsewhere (macOS, Windows, musl) it is not
there and nothing happens; a small build never asks (``ctypes`` is imported only when it does).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from printgen.limits import DESIGNER_MEMORY_BYTES

BIG = 2**20  # bytes of sheet PDF worth it (1,000 cards: 0.25 MB; 10,000: 2.4 MB)


def give_back() -> None:
    """Return free pages of the C heap to the operating system, where the C library can."""
    if not sys.platform.startswith("linux"):  # glibc's alone (Windows has no CDLL(None) even)
        return
    try:  # a Python built without _ctypes, or a C library without malloc_trim (musl)
        import ctypes

        trim = ctypes.CDLL(None).malloc_trim
    except (ImportError, OSError, AttributeError, TypeError):
        return
    trim(0)


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
