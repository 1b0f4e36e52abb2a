"""Why the build cache could not keep a game's record, said once as a warning: a cache that
cannot be written (``build/.printgen-cache`` a file, a link, a record's name taken by a
folder, or no key to seal records with) was passed over in silence, and every later build
built every game again — "0 files written", never "up to date" — with nothing said. Ignoring
it stays right (a bad cache costs a rebuild, never a wrong PDF); saying so lets the designer
fix it. Standard library only, as the cache.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from printgen.problems import Problem, Severity, Where
from printgen.project import Project

_AGAIN = "so every build makes every game again"


def folder_unusable(project: Project, folder: Path) -> Problem:
    """The cache folder is a link: neither read nor written (it leads out of --out)."""
    return _said(
        project,
        folder,
        "the build cache is a link, and printgen keeps no cache through a link",
        "remove the link (printgen makes the folder)",
    )


def unwritten(project: Project, folder: Path, record: Path, exc: OSError) -> Problem:
    """A record that could not be written: said at what stands in its way."""
    why = exc.strerror or type(exc).__name__
    if _is(folder, stat.S_ISDIR) is False:  # a file where the folder goes
        what = "a file stands where the build cache's folder goes"
        return _said(project, folder, what, "remove it (printgen makes the folder)")
    if _is(record, stat.S_ISDIR):
        game = record.name.split(".", 1)[0]
        what = f"a folder stands where the build cache keeps {game}'s record"
        fix = "remove it (printgen writes the record)"
        return _said(project, record, what, fix, f"so every build makes {game} again")
    what = f"the build cache cannot be written ({why})"
    return _said(project, folder, what, "check its permissions and the disk's free space")


def no_key(project: Project, key: Path | None) -> Problem:
    """No key to seal records with: nothing is kept (XDG_CACHE_HOME names a file, say)."""
    if key is None:
        where = project.root
        why = "there is no home folder to keep the key records are sealed with in"
    else:
        where = key.parent
        try:
            key.parent.mkdir(parents=True, exist_ok=True)
            why = f"the key that seals them cannot be read or made in {key.parent}"
        except OSError as exc:
            why = f"the folder for the key that seals them cannot be made ({exc.strerror})"
    return Problem(
        Where(_shown(project, where)),
        f"the build cache cannot keep its records: {why}, {_AGAIN}; set XDG_CACHE_HOME to a "
        "folder you can write, or make ~/.cache one",
        Severity.WARNING,
    )


def _said(project: Project, path: Path, what: str, fix: str, again: str = _AGAIN) -> Problem:
    message = f"{what}, {again}; {fix}"
    return Problem(Where(_shown(project, path)), message, Severity.WARNING)


def _is(path: Path, kind: object) -> bool | None:
    """Whether ``path`` (not followed) is of ``kind`` (stat.S_ISDIR); None when it is not there."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    return bool(kind(mode)) if callable(kind) else None


def _shown(project: Project, path: Path) -> str:
    return project.shown(path)
