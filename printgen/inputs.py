"""Which files a build read: the build cache keys each game's outputs by their content.

``Project.file`` — the one door every project file passes through — notes each real path here
while a recording is open. A recording is a plain set, so a worker process returns its own.
Here at the package's top, as the problems are: every stage that reads a file notes it, and
the build (``printgen.building``) that keys its cache by them runs after them all.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_open: list[set[Path]] = []

Version = tuple[int, int, int, int, int]


def version(info: os.stat_result) -> Version:
    """What tells one version of a file from another without reading it, for what a process
    keeps between builds (``watch``): size and time alone are not enough — ``cp -p``, an
    unzipped pack or a link pointed at a sibling brings other bytes under the same size and
    time — but the file (device, inode) and its change time, which no tool sets back, are."""
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


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
