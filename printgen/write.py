"""Stage 6 — write: a build replaces all of its outputs or none of them.

Every file of the run is first written in full to a temporary name beside its target and
flushed to disk; only when all are written are they renamed into place (a rename within a folder
is atomic). A full disk or a failing write midway leaves every earlier output as it was. A build
that was killed leaves temporaries named after its process; the next build removes them. An
exported image already written to the build's staging folder (``printgen.staged``) is moved to
its temporary name, not written again.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import shutil
import signal
import stat
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from printgen.staged import STAGING, Contents, Staged, copy_into
from printgen.startup.deferred import pattern

_TEMP = pattern(r"^\..+\.(\d+)\.[0-9a-f]{8}\.printgen\.tmp$")


def write_all(files: Mapping[Path, Contents], within: Path | None = None) -> None:
    """Write every file of a run, all or nothing; raises OSError (nothing replaced) when a
    file cannot be written — or, ``within`` an output folder, when a folder between it and a
    file is a link (``build/game -> ../cards/game`` would put the outputs among the inputs, or
    anywhere)."""
    if within is not None:
        _no_links_inside(files, within)
    folders = sorted({path.parent for path in files})
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise file_in_the_way(folder) from None
        remove_stray_temporaries(folder)
    for path in files:  # a folder where a file goes would stop the renames midway: not begun
        if os.path.isdir(path) and not os.path.islink(path):
            raise IsADirectoryError(errno.EISDIR, "a folder has this output's name", str(path))
    written: list[tuple[Path, Path]] = []
    try:
        for path, data in files.items():
            if isinstance(data, Staged):
                written.append((_moved_beside(path, data), path))
            else:
                written.append((_temporary(path, data), path))
        for folder in folders:
            _sync_folder(folder)
    except BaseException:
        for temporary, _ in written:
            temporary.unlink(missing_ok=True)
        raise
    with _signals_held():  # the renames and their folders' sync, whole
        try:
            for temporary, path in written:
                os.replace(temporary, path)
        finally:
            for temporary, _ in written:  # none left behind, whatever stopped the renames
                temporary.unlink(missing_ok=True)
        for folder in folders:
            _sync_folder(folder)


def file_in_the_way(folder: Path) -> OSError:
    """The file standing where ``folder`` or one above it goes (build/ saved as a file): named
    itself — the system's "Not a directory" named the output folder below it."""
    for place in (folder, *folder.parents):
        if (place.exists() or place.is_symlink()) and not place.is_dir():
            return FileExistsError(errno.EEXIST, "a file stands where a folder goes", str(place))
    return FileExistsError(errno.EEXIST, "a file stands where a folder goes", str(folder))


def _no_links_inside(files: Mapping[Path, Contents], within: Path) -> None:
    seen: set[Path] = set()
    for path in files:
        folder = path.parent
        while folder != within and folder.is_relative_to(within) and folder not in seen:
            seen.add(folder)
            try:
                linked = folder.is_symlink()
            except OSError:  # a name too long, say: making the folder says why
                linked = False
            if linked:
                raise OSError(errno.ELOOP, "a link inside the output folder", str(folder))
            folder = folder.parent


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C or a kill (SIGTERM, SIGHUP) during the renames takes effect once they are done:
    a run's files are replaced all together (milliseconds for thousands), never half of them."""
    names = ("SIGINT", "SIGTERM", "SIGHUP")
    held = [getattr(signal, name) for name in names if hasattr(signal, name)]
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread alone: nothing to hold here
        return
    arrived: list[int] = []
    before = {number: signal.signal(number, lambda n, _: arrived.append(n)) for number in held}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
        for number in arrived[:1]:  # as it would have, now
            signal.raise_signal(number)


def read_back(path: Path, limit: int) -> bytes | None:
    """A file a build wrote (a cache record, kept template code), read back: None when it is
    missing, unreadable, over ``limit`` bytes, a link or not a regular file (a pipe put in its
    place never hangs the build)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
                return None
            data = handle.read(limit + 1)
    except OSError:
        return None
    return data if len(data) <= limit else None


def atomic_write(path: Path, data: bytes) -> None:
    """One file, atomically (a run of several files uses ``write_all``)."""
    write_all({path: data})


def _temporary(path: Path, data: bytes | Staged) -> Path:
    temporary = _temporary_name(path)
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # umask applies
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(data, Staged):
                copy_into(data, handle)
            else:
                handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary


def _temporary_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.printgen.tmp")


def _moved_beside(path: Path, staged: Staged) -> Path:
    """A staged image renamed to a temporary beside its target, and flushed to disk: then it is
    renamed into place as every other output is. Copied instead when the target's folder is on
    another file system (a disk mounted inside the output folder)."""
    temporary = _temporary_name(path)
    try:
        os.rename(staged.path, temporary)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        return _temporary(path, staged)
    try:
        fd = os.open(temporary, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary


def remove_stray_temporaries(folder: Path) -> None:
    """Temporaries of a build that no longer runs (killed midway)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = _TEMP.match(name)
        if match and not _running(int(match.group(1))):
            (folder / name).unlink(missing_ok=True)


def remove_stray_staging(out: Path) -> None:
    """Staging folders (``printgen.staged``) of builds into ``out`` that no longer run."""
    root = out / STAGING
    try:
        if root.is_symlink():
            return  # never followed: a build refuses to stage there
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        if name.isdigit() and not _running(int(name)):
            shutil.rmtree(root / name, ignore_errors=True)
    with contextlib.suppress(OSError):
        root.rmdir()  # when it is empty


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return False  # ours from an earlier run in this process: none is being written now
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return pid > 0  # another user's process, or a name we did not make
    return True


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the files themselves are synced
    finally:
        os.close(fd)


class Encoded(str):
    """A record already written as JSON text, as ``json.dumps`` would write it: ``json_bytes``
    puts it in as it stands."""


def json_bytes(value: Any) -> bytes:
    """JSON to read and diff: objects indented, each item of a list of records on one line.

    ``json.dumps(indent=…)`` runs json's pure-Python encoder, a sixth of a 10,000-card build
    for the manifest alone; a record on one line is encoded by its C encoder. A value may be an
    iterator of records (a manifest's faces): each is encoded as it comes and written to one
    buffer, so a big list is never held as records, as pieces of text and as the text at once."""
    out = io.BytesIO()
    _json(value, 0, out.write)
    out.write(b"\n")
    return out.getvalue()


def _json(value: Any, depth: int, write: Callable[[bytes], object]) -> None:
    inner = " " * (depth + 1)
    if isinstance(value, dict) and value:
        write(b"{")
        for number, (key, item) in enumerate(value.items()):
            write(f"{',' if number else ''}\n{inner}{_dumps(str(key))}: ".encode())
            _json(item, depth + 1, write)
        write(f"\n{' ' * depth}}}".encode())
    elif isinstance(value, Iterator) or (
        isinstance(value, (list, tuple)) and any(isinstance(v, (dict, list, tuple)) for v in value)
    ):
        items = (f"{inner}{item if isinstance(item, Encoded) else _dumps(item)}" for item in value)
        first = next(items, None)
        if first is None:
            write(b"[]")
            return
        write(f"[\n{first}".encode())
        for item in items:
            write(f",\n{item}".encode())
        write(f"\n{' ' * depth}]".encode())
    else:
        write(_dumps(value).encode())


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def write_hint(exc: OSError) -> str:
    """What to do about an output that could not be written, by why."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "free some space or choose another --out folder"
    if exc.errno == errno.EISDIR:
        return "remove or rename that folder, or choose another --out folder"
    if exc.errno == errno.EEXIST:  # a file, or a link to nothing, where a folder goes
        return "remove what stands in the folder's place, or choose another --out folder"
    if exc.errno == errno.ELOOP:  # it would lead the outputs out of the output folder
        return "remove the link (printgen makes the folder), or choose another --out folder"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "check the folder's permissions or choose another --out folder"
    return "choose another --out folder"
