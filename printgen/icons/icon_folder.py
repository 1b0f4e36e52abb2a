"""An icons/ folder — a game's or the project's — read into its icon files, each checked
before it is opened (an ordinary file inside the project, of a bounded size, named as inline
``:name:`` markup can spell it), with the problems of those that cannot be used and its
CREDITS.txt line; and the icon records the library holds."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from stat import S_ISDIR, S_ISREG

from printgen.folders import OUTSIDE, listed, not_a_folder
from printgen.icons import fontawesome

CREDITS_FILE = "CREDITS.txt"  # next to a folder's SVGs: the credit line for the icons in it
NAME = re.compile(r"[a-z0-9][a-z0-9-]*")  # what inline ``:name:`` markup can spell
MAX_ICON_BYTES = 8 * 1024 * 1024  # an SVG icon (game-icons.net's are a few KB)
_PICTURE = re.compile(r"\.(png|jpe?g)$", re.IGNORECASE)
MAX_CREDIT_CHARS = 2000  # a CREDITS.txt: the credit line of a folder of icons


class IconSource(Enum):
    BUILTIN = "built-in"
    PROJECT = "project"
    GAME = "game"
    FONT_AWESOME = "font-awesome"


@dataclass(frozen=True)
class IconFile:
    """One SVG icon: its file, where it comes from, and the credit line of its folder."""

    name: str
    path: Path
    source: IconSource
    credit: str | None = None


@dataclass(frozen=True)
class IconProblem:
    """An icon file that cannot be used, with why (said at the file: ``unusable_icons``)."""

    path: Path
    message: str
    warning: bool = False  # it draws, not as an icon should
    line: int = 1  # where in the file
    shown: str = ""  # a file to rename: its path in the project, as cards' messages name it
    folder: bool = False  # the whole icons/ folder, none of its files read


def read_limited(path: Path) -> bytes:
    # O_NONBLOCK: a pipe put in its place since the check cannot hang the build
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        return handle.read(MAX_ICON_BYTES)


def _unusable(path: Path, root: Path | None) -> str | None:
    """Why a project's or game's icon file (or its folder) cannot be read, else None: it must
    be an ordinary file whose real place is inside the project, of a bounded size. Checked
    with ``stat`` before anything is opened — a pipe would block a read for ever."""
    try:
        real = path.resolve()
        info = real.stat()
    except (OSError, RuntimeError):  # gone, unreadable or a symlink loop
        return "cannot be read (a broken symlink?)"
    if root is not None and not real.is_relative_to(root.resolve()):
        return OUTSIDE
    if S_ISDIR(info.st_mode):
        return None if path.suffix != ".svg" else "is a folder, not an SVG file"
    if not S_ISREG(info.st_mode):
        return "is not a regular file (a pipe or a device); use an ordinary file"
    if info.st_size > MAX_ICON_BYTES:
        return f"is over {MAX_ICON_BYTES // 2**20} MB, the limit for an icon; simplify it"
    return None


def _credit(folder: Path, root: Path | None, problems: list[IconProblem]) -> str | None:
    """The credit line of a folder's icons: its CREDITS.txt, as one line."""
    path = folder / CREDITS_FILE
    if not (path.exists() or path.is_symlink()):
        return None
    if (why := _unusable(path, root)) is not None:
        problems.append(IconProblem(path, f"{CREDITS_FILE} {why}"))
        return None
    try:
        text = read_limited(path.resolve()).decode("utf-8")
    except UnicodeDecodeError:
        problems.append(IconProblem(path, f"{CREDITS_FILE} is not UTF-8 text; save it as UTF-8"))
        return None
    except OSError as exc:
        problems.append(IconProblem(path, f"{CREDITS_FILE} cannot be read ({exc.strerror})"))
        return None
    line = " ".join(text.split())
    if len(line) > MAX_CREDIT_CHARS:
        problems.append(
            IconProblem(
                path, f"{CREDITS_FILE} is over {MAX_CREDIT_CHARS} characters: a credit is a line"
            )
        )
        return None
    return line or None


def pictures(folder: Path, root: Path) -> list[tuple[str, str]]:
    """The PNG and JPEG files of an icons/ folder (a designer's icon drawn as a picture): only
    their names, as messages show them."""
    if not folder.is_dir() or _unusable(folder, root) is not None:
        return []
    found = [path for path in listed(folder, "*.*") if _PICTURE.search(path.name)]
    return [
        (path.stem, path.relative_to(root).as_posix() if path.is_relative_to(root) else path.name)
        for path in found[:1000]
    ]


def read_folder(
    folder: Path, source: IconSource, root: Path | None = None
) -> tuple[dict[str, IconFile], list[IconProblem]]:
    """The usable icons of one icons/ folder (``source``: whose it is) by name, and the
    problems of the files that cannot be used — or of the whole folder, none of it read."""
    files: dict[str, IconFile] = {}
    problems: list[IconProblem] = []
    if (said := refused_icons_folder(folder, root, source)) is not None:
        return files, [IconProblem(folder, said, folder=True)]
    if not folder.is_dir():
        return files, problems
    credit = _credit(folder, root, problems)
    svgs = listed(folder, "*.[sS][vV][gG]")
    taken = {path.name for path in svgs}
    for path in svgs:
        shown = path.relative_to(root).as_posix() if root and path.is_relative_to(root) else ""
        if path.suffix != ".svg":  # boat.SVG, as some programs save it: unseen, :boat: unknown
            rename = _renamed(path, taken, f"rename {path.name} to {path.stem}.svg")
            problems.append(
                IconProblem(
                    path, f"icons are read from files ending in .svg; {rename}", shown=shown
                )
            )
            continue
        name = path.stem
        if (why := _unusable(path, root)) is not None:
            problems.append(IconProblem(path, f"icon file '{path.name}' {why}"))
        elif not NAME.fullmatch(name):
            rename = _renamed(path, taken, "use lower-case letters, digits and '-' only")
            said = f"icon file name '{path.name}' cannot be written as ':{name}:'; {rename}"
            problems.append(IconProblem(path, said, shown=shown))
        elif fontawesome.is_fa(name):
            problems.append(
                IconProblem(path, f"'fa-' names are Font Awesome's; rename '{path.name}'")
            )
        else:
            files[name] = IconFile(name, path, source, credit)
    return files, problems


def refused_icons_folder(folder: Path, root: Path | None, source: IconSource) -> str | None:
    """Why an icons/ entry is refused whole (no folder, or one out of the project) as the
    words after ``icon: ``, else None (a usable folder, or none there). Also said up front,
    before any game is read: a game borrowing the deck of a game using these icons would
    otherwise add its own line that the deck "cannot be loaded"."""
    if (why := _not_a_folder(folder, root, source)) is not None:
        return f"{folder.name} {why}"
    try:
        why = _unusable(folder, root) if folder.is_dir() else None
    except OSError:  # a game folder no one may open (chmod 000): said where it is read
        return None
    return None if why is None else f"{folder.name}/ {why}"


def _not_a_folder(folder: Path, root: Path | None, source: IconSource) -> str | None:
    """Why an icons/ entry that is there is no folder (a file, a link to nothing), else None.
    Said once here, as a folder refused whole is, and the uses of its icons say nothing."""
    whose = "the game's" if source is IconSource.GAME else "the project's"
    why = not_a_folder(folder, root, f"{whose} .svg icons")
    if why == OUTSIDE:  # a link to a file out of it: said as a folder out of it
        return _unusable(folder, root)
    return why


def _renamed(path: Path, taken: set[str], otherwise: str) -> str:
    """What to do with an SVG file refused for the capitals of its name or extension: its
    lower-case name, unless a file of that name is already there (or it spells no icon)."""
    target = f"{path.stem.lower()}.svg"
    if not NAME.fullmatch(path.stem.lower()):
        return otherwise
    if target in taken:
        return f"{target} is already there: delete one of the two"
    if path.suffix != ".svg":
        return f"rename {path.name} to {target}"
    return f"rename it {target} (icon names are lower-case)"
