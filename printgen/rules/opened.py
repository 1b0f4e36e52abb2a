"""The project files a game's own Python opens itself: inputs of the game like those printgen
reads.

A rules.py (or a helper module it imports) may read a file with ``open`` or ``Path.read_text``
— ``data/limit.txt`` beside cards/ — which never passes through ``Project.file``, so the build
cache never saw it and kept the game "up to date" when only that file changed. While the
game's code runs, a Python audit hook notes each file of the project opened for reading
(``printgen.inputs``), as ``Project.file`` notes its own — and each it tried to open and did
not find, absent until it is made, and each folder of the project it listed (``data/*.bad``:
the cache versions a folder noted by its names). The hook, which cannot be removed
once added, is added only when a game's code first runs: a build that finds everything up to
date never pays for it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

from printgen import inputs
from printgen.project import CACHE_FOLDER

# the project folders (real, as text) whose game's code runs now, and what it opened
_running: list[tuple[str, dict[Path, inputs.Version | None]]] = []
_installed = False
_EVENTS = {"open", "os.listdir", "os.scandir"}  # glob and pathlib list folders by os.scandir
_PRINTGEN = os.path.dirname(os.path.dirname(__file__)) + os.sep  # the package, as code names it
_in_hook = False  # what the hook itself looks at is not the game's reading


@contextmanager
def noted_opens(root: Path) -> Iterator[dict[Path, inputs.Version | None]]:
    """While the block runs, each file of the project at ``root`` that is opened for reading
    is noted as read; the files, each with its version as opened, are put in the dict."""
    global _installed
    if not _installed:
        sys.addaudithook(_hook)
        _installed = True
    opened: dict[Path, inputs.Version | None] = {}
    _running.append((os.path.realpath(root), opened))
    try:
        yield opened
    finally:
        _running.pop()


def renoted(opened: dict[Path, inputs.Version | None]) -> bool:
    """Note again the files a module opened when it was imported, for a build that reuses it
    (``watch``: the module is kept between builds); False when one of them has changed since,
    so the module must be imported afresh (it read the old text)."""
    if any(_version(path) != seen for path, seen in opened.items()):
        return False
    for path in opened:
        inputs.note(path)
    return True


def _hook(event: str, args: tuple[Any, ...]) -> None:
    global _in_hook
    if event not in _EVENTS or not _running or _in_hook:
        return
    _in_hook = True
    try:
        root, opened = _running[-1]
        if event == "open":
            paths = _read_in_project(root, *args[:3])
        else:  # the caller of os.listdir: the frame below this hook's
            paths = _listed_in_project(root, args[0] if args else None, sys._getframe(1))
        for path in paths:
            opened.setdefault(path, _version(path))
            inputs.note(path)
    except Exception:  # raised from a hook, it would fail the designer's own open()
        pass
    finally:
        _in_hook = False


def _read_in_project(root: str, path: object, mode: object, flags: object) -> list[Path]:
    """A file of the project opened for reading — or looked for there and not found
    (``data/ban.txt``, read when it exists: made, it changes the game) — by its real path and
    by the path it was opened by, when a link on the way makes them differ: the link may be
    pointed elsewhere, or lead out of the project (``data/limit.txt`` to a shared file, which
    the cache versions without reading it). Nothing for anything else: a write, a file
    descriptor, a file outside the project (Python's own modules), compiled bytecode
    (Python's, not the designer's) or an output (a build's own files)."""
    if isinstance(mode, str):
        if "r" not in mode:
            return []
    elif not isinstance(flags, int) or flags & os.O_ACCMODE == os.O_WRONLY or flags & os.O_TRUNC:
        return []
    if not isinstance(path, str | bytes | os.PathLike):
        return []  # a file descriptor: opened (and noted) already
    written = os.path.abspath(os.fsdecode(path))
    real = os.path.realpath(written)
    if not _file_or_sought(real, flags):
        return []
    both = dict.fromkeys((real, written))
    return [Path(p) for p in both if p.startswith(root + os.sep) and _an_input(root, p)]


def _listed_in_project(root: str, path: object, frame: FrameType | None) -> list[Path]:
    """The real path of a folder of the project whose names the game's code listed
    (``os.listdir``, ``os.scandir``: ``Path.iterdir``, ``glob``, ``os.walk`` too) — a file
    put in ``data/`` may change what it finds; nothing for anything else: a folder outside the
    project, one listed by Python's import system as it looks for a module, or by printgen."""
    if path is None:
        path = "."  # os.listdir(): the current folder
    if not isinstance(path, str | bytes | os.PathLike):
        return []  # a file descriptor (os.scandir(fd), glob's dir_fd)
    real = os.path.realpath(os.fsdecode(path))
    if not (real == root or real.startswith(root + os.sep)) or not os.path.isdir(real):
        return []
    if not _an_input(root, real) or not _by_game_code(root, frame):
        return []
    return [Path(real)]


def _by_game_code(root: str, frame: FrameType | None) -> bool:
    """Whether the innermost frame that tells who asked is the game's own code, not Python's
    import system (it lists the game's folder to find ``helpers``) nor printgen's."""
    while frame is not None:
        file = frame.f_code.co_filename
        if file.startswith(("<frozen importlib", _PRINTGEN)):
            return False
        if file.startswith(root + os.sep):
            return True
        frame = frame.f_back  # the standard library's (glob, pathlib): its caller tells
    return False


def _an_input(root: str, real: str) -> bool:
    """Whether a place of the project may be an input: not compiled bytecode (Python's, not
    the designer's) nor an output (a build's own files)."""
    parts = Path(real).relative_to(root).parts
    if "__pycache__" in parts or parts[:1] == ("build",):
        return False
    folder = root
    for part in parts[:-1]:  # another build's output folder (--out letter/)
        folder = os.path.join(folder, part)
        if os.path.isdir(os.path.join(folder, CACHE_FOLDER)):
            return False
    return True


def _file_or_sought(real: str, flags: object) -> bool:
    """Whether ``real`` is a file, or nothing at all that the open only looked for: one made
    by it (O_CREAT) is the game's output, not its input."""
    if os.path.lexists(real):
        return os.path.isfile(real)
    return not isinstance(flags, int) or not flags & os.O_CREAT


def _version(path: Path) -> inputs.Version | None:
    try:
        return inputs.version(path.stat())
    except OSError:
        return None
