"""Exported images held on disk, not in memory, until the build writes them.

A PNG or Tabletop Simulator export makes one image per card (11 MB for a photo-art poker card
at 600 dpi): held in memory until the build's end, a deck of a thousand needed gigabytes. Each
encoded image is written at once to a file of the build's staging folder, inside the output
folder (one file system: writing it is a rename, ``printgen.write``), and travels as a
``Staged`` — its path, size and hash — through the comparison with the file on disk, the build
cache's record, a worker's result and the write. The folder is removed when the build ends,
written or not; a killed build's is removed by the next (``write.remove_stray_staging``).

Only the standard library is imported here: an up-to-date build compares outputs with it.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

STAGING = ".printgen-staging"  # in the output folder: one folder per build, named by its process
CHUNK = 1024 * 1024  # a staged file is read this much at a time: never whole


@dataclass(frozen=True)
class Staged:
    """An output's bytes, written in full to ``path`` in the build's staging folder."""

    path: Path
    size: int
    sha256: str


# an output's contents: its bytes in memory (PDFs, manifests), or staged (exported images)
Contents = bytes | Staged


class Unstaged(OSError):
    """An image that could not be staged (a full disk): said as a write that failed, since
    nothing was replaced."""


class Staging:
    """The staging folder of one build into ``out``: named by the process running the build,
    whose workers stage their images there too."""

    def __init__(self, out: Path) -> None:
        self.root = out / STAGING
        # made by the build's own process (a worker is given it): a later build tells a
        # folder whose build is still running from a killed one's by that process
        self.folder = self.root / str(os.getpid())

    def keep(self, data: bytes) -> Staged:
        """``data`` written to a new file of the folder; raises Unstaged when it cannot be."""
        try:
            self._made()
            return _written(self.folder, data)
        except OSError as exc:
            # said at the output folder (a full disk), not at a staged file's name of no
            # meaning to the designer; a link or a file in the way, at itself
            named = exc.errno in (errno.ELOOP, errno.EEXIST)
            where = exc.filename if named else str(self.root.parent)
            raise Unstaged(exc.errno, exc.strerror or str(exc), where) from None

    def discard(self) -> None:
        """The folder and what is still in it removed (images the build wrote were moved out),
        and the staging root with it when no other build is staging there."""
        shutil.rmtree(self.folder, ignore_errors=True)
        with contextlib.suppress(OSError):  # another build's folder in it, or never made
            self.root.rmdir()

    def _made(self) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            from printgen.write import file_in_the_way  # (which imports this module)

            raise file_in_the_way(self.root) from None
        if self.root.is_symlink():  # it would lead the images out of the output folder
            raise OSError(errno.ELOOP, "a link inside the output folder", str(self.root))
        self.folder.mkdir(exist_ok=True)


def keep(staging: Staging | None, data: bytes) -> Contents:
    """``data`` staged when the build stages its images; else kept as it is (a test making
    images itself)."""
    return data if staging is None else staging.keep(data)


def _written(folder: Path, data: bytes) -> Staged:
    while True:
        path = folder / f"{os.urandom(8).hex()}.png"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # umask applies
        except FileExistsError:  # the same random name twice: another
            continue
        break
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return Staged(path, len(data), hashlib.sha256(data).hexdigest())


def size(contents: Contents) -> int:
    return contents.size if isinstance(contents, Staged) else len(contents)


def digest(contents: Contents) -> str:
    """The contents' sha256, as the build cache records an output's."""
    if isinstance(contents, Staged):
        return contents.sha256
    return hashlib.sha256(contents).hexdigest()


def holds(handle: BinaryIO, contents: Contents) -> bool:
    """Whether the open file, read from where it stands, holds exactly ``contents``: a staged
    image is compared by its hash, read a piece at a time."""
    if not isinstance(contents, Staged):
        return handle.read(len(contents) + 1) == contents
    hashed, length = hashlib.sha256(), 0
    while piece := handle.read(CHUNK):
        length += len(piece)
        if length > contents.size:
            return False
        hashed.update(piece)
    return length == contents.size and hashed.hexdigest() == contents.sha256


def same_file(path: Path, contents: Contents) -> bool:
    """Whether the file at ``path`` already holds exactly ``contents``."""
    try:
        if path.stat().st_size != size(contents):
            return False
        with open(path, "rb") as handle:
            return holds(handle, contents)
    except OSError:
        return False


def copy_into(contents: Staged, handle: BinaryIO) -> None:
    """A staged image's bytes copied, a piece at a time (to a folder on another file system,
    where a rename cannot take it)."""
    with open(contents.path, "rb") as source:
        shutil.copyfileobj(source, handle, CHUNK)
