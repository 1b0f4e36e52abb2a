"""What a build keeps for the next process: values that depend only on a text and on the code
that made them — compiled template code (``printgen.sandbox.template_code``) and parsed Markdown
(``printgen.documents.parsed``) — each under a key naming everything it depends on, so that a
changed text or another version of what made it is another key: never a stale value, as
Python's own ``.pyc`` files. ``--no-cache`` rebuilds every output; it does not make again what
did not change (delete ``.printgen-cache/`` to drop what is kept).

On disk: ``<out>/.printgen-cache/code/<game>.<lang>.<outputs>.code``, one file a game,
language and choice of outputs, holding exactly what its last build used (so it never grows
with old texts), written by ``build`` after its outputs when that is not what the file held (a
build that fails writes none). A unit reads every file of its game and language (a build of
the cards alone uses what a whole build kept), as ``validate`` does (it writes none). A file is
``marshal`` data for this Python only, behind an HMAC of its contents under this user's key
(``user_key``, kept outside every project): one this user's printgen did not write (a build
folder that came with a shared project), from another Python, damaged (a single flipped bit),
over 32 MB on disk, a link or of any other shape is ignored, never run.
"""

from __future__ import annotations

import contextlib
import hmac
import importlib.util
import marshal
import os
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from types import CodeType
from typing import Any

from printgen import kept_values as store
from printgen.kept_values import MAX_KEPT, Value, forget

MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_FILES = 8  # a game's kept files for one language: one per choice of outputs built
_HEADER = b"printgen template code 1\n"  # the format: a new one is another header
_RECORD = b"printgen build record 1\n"  # a build cache record's (printgen.building.cache)
DIGEST = 32  # bytes of sha256


def folder(out: Path) -> Path:
    """Where the builds into ``out`` keep what they made."""
    return out / ".printgen-cache" / "code"


def file_name(game_id: str, lang: str, outputs: Iterable[str]) -> str:
    """One file per game, language and choice of outputs: a build of the cards alone keeps
    its values beside, not instead of, what a build of every output keeps."""
    return f"{game_id}.{lang}.{'-'.join(sorted(outputs))}.code"


@contextlib.contextmanager
def unit(
    where: Path, game_id: str, languages: list[str], outputs: list[str], write: bool
) -> Iterator[dict[Path, bytes]]:
    """One unit of work: what the game's builds kept in the folder ``where`` for these
    languages loaded first (whichever outputs they made). Yields the files to write once the
    unit's outputs are written (``save``): when ``write``, what the unit used, in the file of
    its one language and its outputs, unless that file held exactly that."""
    outer = store.unit
    current = store.unit = store.Unit()
    if len(store.values) >= MAX_KEPT:  # a long watch, or a build of many games in one process
        forget()
    files: dict[Path, bytes] = {}
    if _linked(where):  # a link out of the output folder, or a folder that cannot be read
        languages, write = [], False
    try:
        own = where / file_name(game_id, languages[0], outputs) if languages else None
        for lang in languages:
            for path in _kept_files(where, game_id, lang):
                _load(path, current, mine=path == own)
        yield files
        changed = current.loaded != current.used.keys()
        if write and own is not None and len(languages) == 1 and changed and user_key():
            values, data = _fitting(current.used)
            if current.loaded != values.keys():  # an oversized file already holds as much
                files[own] = data
    finally:
        store.unit = outer


def _linked(where: Path) -> bool:
    """Whether the folder (or the cache folder holding it) is a link — or cannot even be
    looked at (``chmod 000 build``): either way nothing is read from it or written to it."""
    try:
        return where.is_symlink() or where.parent.is_symlink()
    except OSError:
        return True


def _fitting(used: dict[str, Value]) -> tuple[dict[str, Value], bytes]:
    """What a unit's file keeps, encoded: everything it used, or when that is more than a file
    may hold (a parse is some forty times its text), its code alone, or nothing — never a file
    the next build would refuse to read, written again by every build."""
    code: dict[str, Value] = {k: v for k, v in used.items() if isinstance(v, CodeType)}
    for values in (used, code):
        data = encoded(values)
        if len(data) <= MAX_FILE_BYTES:
            return values, data
    return {}, encoded({})


def _kept_files(where: Path, game_id: str, lang: str) -> list[Path]:
    prefix = f"{game_id}.{lang}."
    try:
        with os.scandir(where) as entries:
            names = [e.name for e in islice(entries, 1000) if e.name.startswith(prefix)]
    except OSError:
        return []
    return [where / name for name in sorted(names)[:MAX_FILES] if name.endswith(".code")]


def save(files: dict[Path, bytes]) -> None:
    """Write what was kept (after the build's outputs: a build that fails writes none of it);
    files that cannot be written only cost the next build its making them again."""
    from printgen.write import write_all

    if files:
        with contextlib.suppress(OSError):
            write_all(files)


def encoded(values: dict[str, Any], python: bytes = importlib.util.MAGIC_NUMBER) -> bytes:
    """A file of kept values: what it is, for which Python, the digest of its contents, then
    the contents (``marshal``)."""
    return framed(marshal.dumps(values), python)


def framed(payload: bytes, python: bytes = importlib.util.MAGIC_NUMBER) -> bytes:
    return _HEADER + python + _seal(payload) + payload


def sealed(name: str, payload: bytes) -> bytes | None:
    """``payload`` behind its HMAC under this user's key, bound to the file's ``name`` (a build
    cache record: JSON, readable, but trusted only as this user's printgen wrote it there);
    None when there is no key, so nothing can be kept."""
    key = user_key()
    if key is None:
        return None
    return _RECORD + hmac.digest(key, name.encode() + b"\0" + payload, "sha256") + payload


def unsealed(name: str, data: bytes) -> bytes | None:
    """What ``sealed`` sealed under that ``name``; None for anything else: edited (even into
    other valid JSON), written by someone else, renamed, or of another format."""
    start = len(_RECORD) + DIGEST
    key = user_key(make=False)
    if key is None or not data.startswith(_RECORD) or len(data) < start:
        return None
    payload = data[start:]
    seal = hmac.digest(key, name.encode() + b"\0" + payload, "sha256")
    return payload if hmac.compare_digest(seal, data[len(_RECORD) : start]) else None


def _seal(payload: bytes, make_key: bool = True) -> bytes:
    """The payload's HMAC under this user's key: only what this user's printgen made and kept
    passes (an empty seal, matching nothing, when there is no key)."""
    key = user_key(make_key)
    return hmac.digest(key, payload, "sha256") if key is not None else b""


_KEY: list[bytes] = []  # this user's key once read or made: one file read a process


def user_key(make: bool = True) -> bytes | None:
    """This user's secret for kept values, in the user's cache folder — outside every project,
    so files that came with a project (its build folder copied, shared or put there by someone
    else) fail the seal and their texts are made afresh: kept code is run only when this
    user's printgen wrote it. Made by the first build that keeps something (``make``); reading
    (as ``validate`` does) never makes it. None (nothing kept) when the folder cannot be used,
    or there is no key and ``make`` is false."""
    if _KEY:
        return _KEY[0]
    key = _made_key(make)
    if key is not None:
        _KEY.append(key)
    return key


def key_path() -> Path | None:
    """Where this user's key is: under $XDG_CACHE_HOME, else ~/.cache. A relative
    $XDG_CACHE_HOME (``.cache``) is passed over, as the XDG specification asks: the key went
    into the folder printgen ran in — the project, to be shared with it, and another key in each
    folder. None (nothing kept) when not even the home folder is an absolute path."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "printgen" / "template-code.key" if os.path.isabs(base) else None


def _made_key(make: bool) -> bytes | None:
    from printgen.write import read_back

    path = key_path()
    if path is None:
        return None
    key = read_back(path, DIGEST)
    if key is not None and len(key) == DIGEST:
        return key
    if not make:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:  # made by another printgen meanwhile, or unreadable: its or none
        key = read_back(path, DIGEST)
        if key is not None and len(key) == DIGEST:
            return key
        # read, and damaged (cut short, a byte added): made again, which only leaves what it
        # sealed unread — the cache stayed off for good, said as a folder it could not write
        return _key_again(path) if key is not None and not path.is_symlink() else None
    except OSError:
        return None
    key = os.urandom(DIGEST)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key)
    return key


def _key_again(path: Path) -> bytes | None:
    """A new key in place of a damaged one, put there whole (written beside it, then renamed)."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        key = os.urandom(DIGEST)
        with os.fdopen(fd, "wb") as handle:
            handle.write(key)
        os.replace(partial, path)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink()
        return None
    return key


def decoded(data: bytes) -> dict[str, Value]:
    """The values a file keeps; nothing unless it is whole, for this Python, and of this shape
    (a flipped bit in a code object would otherwise run as some other code)."""
    python = importlib.util.MAGIC_NUMBER
    start = len(_HEADER) + len(python) + DIGEST
    if data[: len(_HEADER)] != _HEADER or data[len(_HEADER) : start - DIGEST] != python:
        return {}
    payload = data[start:]
    seal = _seal(payload, make_key=False)
    if len(seal) != DIGEST or not hmac.compare_digest(seal, data[start - DIGEST : start]):
        return {}
    try:
        values = marshal.loads(payload)
    except Exception:  # a crafted payload raises SystemError too: never trusted
        return {}
    if not isinstance(values, dict):
        return {}
    return {
        key: value
        for key, value in values.items()
        if isinstance(key, str) and isinstance(value, CodeType | tuple)
    }


def _load(path: Path, into: store.Unit, mine: bool) -> None:
    """The values a file keeps, made usable; what the unit's own file held is noted, so that
    the file is written again only when the unit used something else."""
    from printgen.write import read_back

    data = read_back(path, MAX_FILE_BYTES)
    if data is None:
        return
    for key, value in list(decoded(data).items())[:MAX_KEPT]:
        if mine:
            into.loaded.add(key)
        if len(store.values) < MAX_KEPT:
            store.values.setdefault(key, value)
