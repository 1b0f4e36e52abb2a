"""``printgen watch``: rebuild whenever a file of the project changes.

The designer's loop — tweak one card, look at the PDF — without retyping the command. Each
rebuild is an ordinary build: the build cache rebuilds only the games whose inputs changed, and
imports stay warm. The watcher follows every folder of the project (an image in art/ is an input
too) except output folders (this build's, and any other printgen built into), hidden folders
(.git, .venv) and Python's caches, and it ignores
editor leftovers (backup~, .swp, temporaries) and PDFs (no build reads one: ``calibrate`` and
``icons`` write them), so its own writes never start another build.
With ``--validate`` each save is checked as ``validate`` checks it, and nothing is written:
the first check covers every game, each one after a save only the games it may change.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Collection
from pathlib import Path

from printgen.folders import hidden
from printgen.problems import ProjectError, one_line_path
from printgen.project import Project

NOT_WATCHED = {"__pycache__", "node_modules", "venv", "build"}
# the kinds of file at the project's top a build may read: settings, pictures, sheets, fonts
TOP_LEVEL_INPUTS = {".yaml", ".yml", ".png", ".jpg", ".jpeg", ".svg", ".csv", ".xlsx", ".ttf"}
# what watch runs, told the files saved (None: everything, as when it starts): the exit status,
# or None when there was nothing to do (no game checked reads what was saved)
Rebuild = Callable[[Collection[Path] | None], int | None]


def watch(
    project: Project,
    rebuild: Rebuild,
    stop: threading.Event | None = None,
    out: Path | None = None,
    checks: bool = False,
) -> int:
    """``rebuild`` now and after every change; with ``checks`` it only checks (validate)."""
    out = (out or project.root / "build").resolve()
    try:
        return _watch(project, rebuild, stop, out, checks)
    except _Gone:
        print(
            f"printgen: the project folder {project.root} is gone (deleted, or moved away); "
            "watch stopped",
            file=sys.stderr,
        )
        return 2


class _Gone(Exception):
    """The project folder was deleted or moved away while watched: nothing is left to build."""


def _watch(
    project: Project,
    rebuild: Rebuild,
    stop: threading.Event | None,
    out: Path,
    checks: bool,
) -> int:
    from watchfiles import watch as changes

    # said before the build, not after a whole one (that build, refused, was time lost)
    if (link := _link_out(project, watched(project, out))) is not None:
        return _refused(project, link)
    tops = _tops(watched(project, out))  # before the build: a save during it is seen
    before = _versions(project, out)  # ... as is one in a folder: the watcher starts after it
    _once(rebuild, checks, None)
    paths = watched(project, out)
    print(f"watching {_shown(project, paths)} — Ctrl-C to stop", file=sys.stderr)

    def relevant(change: object, path: str) -> bool:
        # a link out made while watching is no input, but said as at start-up: it was passed
        # over without a word, and a watcher started again would follow it
        return is_input(Path(path), out, project.root) or _leads_out(project, Path(path))

    while True:
        # every second without a change, look for a folder or settings file made since
        # (printgen.yaml after calibrating, a first templates/): watch it too, and rebuild
        events = changes(
            *paths,
            watch_filter=relevant,
            stop_event=stop,
            debounce=400,
            step=30,
            rust_timeout=1000,
            yield_on_timeout=True,
            ignore_permission_denied=True,  # a folder it may not read holds no input
        )
        started = True
        while True:
            try:
                changed = next(events, None)
            except OSError as exc:  # what the watcher cannot follow (a link into /proc, say)
                why = exc.strerror or type(exc).__name__
                print(
                    f"printgen: watch cannot follow the project's folders ({why}); a link in "
                    "them may lead outside the project: remove it",
                    file=sys.stderr,
                )
                return 2
            if changed is None:
                return 0  # stopped
            found: set[tuple[object, str]] = {*changed}
            if link := next((Path(p) for _, p in found if _leads_out(project, Path(p))), None):
                return _refused(project, link)
            if started:  # what was saved while no watcher ran: during the build before it
                found.update(_missed(before, project, out, paths))
                started = False
            if _seen(found, project, out, paths, tops, before, rebuild, checks):
                break
        paths = watched(project, out)


def _seen(
    changed: Collection[tuple[object, str]],
    project: Project,
    out: Path,
    paths: list[Path],
    tops: dict[Path, tuple[int, ...]],
    before: dict[Path, tuple[int, ...]],
    rebuild: Rebuild,
    checks: bool,
) -> bool:
    """Rebuild for what ``changed`` (nothing: look for folders made since, and at the top's
    own files); True when the watcher must start again: the paths to watch changed, or one it
    follows was replaced (``tops``: what each was as the last build began). The watcher that
    ran during that build is then dropped with what it saw: ``before`` keeps every input as
    the build began, for the new one to compare."""
    if not changed:
        now = watched(project, out)
        saved = None  # a folder or file made or gone at the top: every game checked with it
        if now == paths:
            saved = [p for p, seen in _tops(paths).items() if tops.get(p) != seen]
            if not saved:
                return False
            # saved by renaming a new file onto it (sed -i, an editor's safe save): the
            # watcher followed the file it replaced, and saw nothing
            print(f"changed: {_shown(project, saved)}", file=sys.stderr)
        added = [path for path in now if path not in paths]
        if added:
            print(f"now watching {_shown(project, added)} too", file=sys.stderr)
        tops.update(_tops(now))
        before.clear()
        before.update(_versions(project, out))
        _once(rebuild, checks, saved)
        return True
    # a name holding a line break ('x\ny.yaml') on one line, as a problem's path is written
    names = sorted({one_line_path(project.rel(Path(path))) for _, path in changed})
    print(f"changed: {', '.join(names)}", file=sys.stderr)
    tops.update(_tops(paths))
    # one of the top's own files changed: it may be a new file in its place, which only a
    # watcher started again follows
    again = any(Path(path).parent == project.root for _, path in changed)
    if again:
        before.clear()
        before.update(_versions(project, out))
    _once(rebuild, checks, [Path(path) for _, path in changed])
    return again


def _versions(project: Project, out: Path) -> dict[Path, tuple[int, ...]]:
    """Every input the watcher follows, by version (nothing is read)."""
    from printgen.inputs import version

    found: dict[Path, tuple[int, ...]] = {}
    for top in watched(project, out):
        walked = os.walk(top) if top.is_dir() else [(str(top.parent), [], [top.name])]
        for folder, dirs, names in walked:
            dirs[:] = [d for d in dirs if not d.startswith(".") and d not in NOT_WATCHED]
            # what is_input asks of where a file is, asked once a folder (a file of its own
            # name cannot change the answer): a walk of many pictures costs their stat alone
            if not is_input(Path(folder) / "_", out, project.root):
                dirs[:] = []
                continue
            for name in names:
                if _named_input(name):
                    with contextlib.suppress(OSError):
                        found[Path(folder) / name] = version(os.stat(os.path.join(folder, name)))
    return found


def _missed(
    before: dict[Path, tuple[int, ...]], project: Project, out: Path, paths: list[Path]
) -> list[tuple[None, str]]:
    """The inputs saved, made or deleted since ``before`` was taken, as the watcher names
    changes: a new watcher sees nothing that happened before it started. A file made at the
    top since the watcher started is left to ``_seen``, which says it is now watched."""
    now = _versions(project, out)
    return [
        (None, str(path))
        for path in sorted({*before, *now})
        if before.get(path) != now.get(path) and (path.parent != project.root or path in paths)
    ]


def _tops(paths: list[Path]) -> dict[Path, tuple[int, ...]]:
    """What each path the watcher follows is: a file's version, a folder's inode. The watcher
    follows the file or folder it started on, not its name: one saved as a new file renamed
    into place (``sed -i``, vim's or gedit's safe save), or a folder replaced, is another."""
    from printgen.inputs import version

    found: dict[Path, tuple[int, ...]] = {}
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            continue
        found[path] = (info.st_dev, info.st_ino) if path.is_dir() else version(info)
    return found


def _refused(project: Project, link: Path) -> int:
    """Say the link out that stops the watch (at start-up, or made while watching)."""
    print(
        f"printgen: {one_line_path(project.rel(link))} links to a folder outside the "
        "project, which the watcher would follow folder by folder (no build reads it): remove "
        "the link",
        file=sys.stderr,
    )
    return 2


def _leads_out(project: Project, path: Path) -> bool:
    """Whether ``path`` is a link to a folder outside the project."""
    return path.is_symlink() and path.is_dir() and not project.confined(path)


def _link_out(project: Project, paths: list[Path]) -> Path | None:
    """A link in the watched folders to a folder outside the project (the watcher follows
    links: one to / watched every folder of the machine). Every folder is looked in, however
    many: the check gave up after 50,000, and a link behind them was followed. It costs what
    the watcher's own start costs, a look at each folder; no folder is kept once looked in
    but those still to look in (no recursion: a path nested 2,000 deep is fine)."""
    waiting = [str(path) for path in paths if path.is_dir()]  # texts: a Path each was slow
    while waiting:
        try:
            with os.scandir(waiting.pop()) as entries:
                for entry in entries:
                    if entry.is_symlink():
                        if _leads_out(project, Path(entry.path)):
                            return Path(entry.path)
                    elif entry.is_dir(follow_symlinks=False):
                        waiting.append(entry.path)
        except OSError:  # a folder it may not read: the watcher passes it over too
            continue
    return None


def _shown(project: Project, paths: list[Path]) -> str:
    return ", ".join(one_line_path(project.rel(p)) + ("/" if p.is_dir() else "") for p in paths)


def watched(project: Project, out: Path) -> list[Path]:
    """The project's folders and top-level files a build may read: not this build's output
    folder, nor another build's (``--out build-letter``: it holds a build cache)."""
    from printgen.building.cache import FOLDER

    found = []
    try:
        tops = sorted(project.root.iterdir())
    except (FileNotFoundError, NotADirectoryError):
        raise _Gone from None
    for path in tops:
        if path.name.startswith(".") or path.name in NOT_WATCHED or _real(path) == out:
            continue
        if not project.confined(path):  # a link out of the project: never read, not watched
            continue
        if (path / FOLDER).is_dir():
            continue
        # a file at the top, of a kind a build reads (a layout may print logo.png from there) —
        # not any file: `printgen watch 2> watch.log` would rebuild on its own every line
        if path.is_dir() or (
            path.suffix.lower() in TOP_LEVEL_INPUTS and is_input(path, out, project.root)
        ):
            found.append(path)
    return found


def is_input(path: Path, out: Path, root: Path) -> bool:
    """Whether a changed path can change a build: not an output (this build's, or any folder
    of the project ``root`` a build wrote into: it holds a build cache), not an editor's
    leftover."""
    from printgen.building.cache import FOLDER

    real = _real(path)
    # an output: under the output folder — not the project's own files when that folder holds
    # the project (--out ..), where every save was taken for a write of the build's own
    output = real.is_relative_to(out) and not (
        root.is_relative_to(out) and real.is_relative_to(root)
    )
    if output or not real.is_relative_to(root):
        return False  # an output, or a file outside the project reached through a link
    # (a cache above the project, say one a build --out / left, marks no output of its own)
    inside = (f for f in real.parents if f.is_relative_to(root))
    if any((folder / FOLDER).is_dir() for folder in inside):  # out/letter/… of an --out
        return False
    if any(part.startswith(".") or part == "__pycache__" for part in path.parts[-3:-1]):
        return False
    return _named_input(path.name)


def _named_input(name: str) -> bool:
    """Whether a file's name is one a build may read: not hidden, no editor's leftover."""
    if hidden(name):
        return False
    if name.lower().endswith(".pdf"):  # no build reads one: calibrate's or icons' own output
        return False
    return _LEFTOVER.search(name) is None


def _real(path: Path) -> Path:
    """Where ``path`` really is; a symlink loop, which has no real place (Python 3.11's
    resolve() raised, an internal error ending the watch), as it is named: a build reading
    it says so."""
    try:
        return path.resolve()
    except RuntimeError:
        return path


# other tools' temporaries beside the file they write: `sed -i` (sedAb12Cd), vim's probe 4913,
# Kate's swap, JetBrains' safe write
_LEFTOVER = re.compile(r"^(?:sed[A-Za-z0-9]{6}|4913)$|(?:\.kate-swp|___jb_(?:tmp|old)___)$")


def _once(rebuild: Rebuild, checks: bool, saved: list[Path] | None) -> None:
    started = time.perf_counter()
    try:
        status = rebuild(saved)
    except ProjectError as exc:  # the watcher outlives bad input: report it and wait
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        status = 2
    seconds = time.perf_counter() - started
    if status is None:
        print("nothing to check: no game watched reads what changed", file=sys.stderr)
        return
    if checks:
        found = "no errors" if status == 0 else "fix the errors above"
        print(f"checked in {seconds:.2f} s: {found}", file=sys.stderr)
        return
    # a game with errors holds back no other (the build's last line names those not built)
    if status == 0:
        print(f"built in {seconds:.2f} s", file=sys.stderr)
    else:
        print(f"not every game built in {seconds:.2f} s (fix the problems above)", file=sys.stderr)
