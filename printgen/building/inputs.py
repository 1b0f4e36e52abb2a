"""Which files a build read: the build cache keys each game's outputs by their content.

``Project.file`` — the one door every project file passes through — notes each real path here
while a recording is open. A recording is a plain set, so a worker process returns its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_open: list[set[Path]] = []


def note(path: Path) -> None:
    """Called for every file printgen is about to read."""
    for reads in _open:
        reads.add(path)


@contextmanager
def recording() -> Iterator[set[Path]]:
    """The real paths of the files read inside the ``with`` block."""
    reads: set[Path] = set()
    _open.append(reads)
    try:
        yield reads
    finally:
        _open.remove(reads)
