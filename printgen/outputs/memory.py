"""Freed memory given back to the operating system between the big steps of a big build.

A 50,000-card sheet PDF leaves about 90 MiB that Python and the C allocator have freed but still
hold (ReportLab's page streams, each a few kilobytes): the manifest made next is written into
fresh pages on top of them, and the process's peak is that much higher than it needs to be.
glibc's ``malloc_trim`` hands whole free pages back. Elsewhere (macOS, Windows, musl) it is not
there and nothing happens; a small build never asks (``ctypes`` is imported only when it does).
"""

from __future__ import annotations

import sys

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
