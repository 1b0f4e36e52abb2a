"""Which icons a game can use, where each one comes from, and how to draw it.

Names resolve in this order, the first match winning:
1. the game's own icons, ``cards/<game>/icons/<name>.svg``;
2. the project's icons, ``icons/<name>.svg``;
3. the built-in icons shipped with printgen (``printgen/icons/builtin/<name>.svg``);
4. ``fa-<name>``: Font Awesome Free, from the fontawesome-free-pack package.
So a game can redraw a built-in icon, or a project-wide one, under the same name.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path
from stat import S_ISDIR, S_ISREG
from types import MappingProxyType
from typing import TYPE_CHECKING

from printgen import inputs
from printgen.folders import OUTSIDE, listed, not_a_folder
from printgen.icons import fontawesome
from printgen.icons.forms import precompiled
from printgen.icons.geometry import parse_hex
from printgen.icons.labels import LABEL_BOXES, LabelBox, draw_label
from printgen.icons.svg import SvgError, digest, draw_svg, parse
from printgen.icons.unfollowed import unfollowed
from printgen.problems import Problem, Severity, Where

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from printgen.project import Project

BUILTIN_DIR = Path(__file__).parent / "builtin"
LABELLED_DIR = BUILTIN_DIR / "labelled"
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


@dataclass(frozen=True, eq=False)
class IconLibrary:
    """Every icon one game can use. Immutable: build one per project and game."""

    files: Mapping[str, IconFile]
    problems: tuple[IconProblem, ...] = ()
    # a PNG or JPEG in an icons/ folder, by the name it would have (never read: not an icon),
    # named when that name is asked for as an icon
    pictures: tuple[tuple[str, str], ...] = ()

    def has(self, name: str) -> bool:
        """True if `name` is an icon here (an ``fa-`` name: if Font Awesome Free has it)."""
        if name in self.files:
            return True
        return fontawesome.is_fa(name) and fontawesome.svg(name) is not None

    def refused(self, name: str) -> bool:
        """Whether the icon file ``name``.svg is there and was refused (said at the file), or
        could be in an icons/ folder refused whole (said at the folder, and never listed: it
        may lie outside the project): a text asking for the icon is no second mistake, and
        says nothing of its own. A Font Awesome name is in no folder."""
        folder = any(p.folder for p in self.problems)
        if folder and NAME.fullmatch(name) and not fontawesome.is_fa(name):
            return True
        return any(
            p.path.name == f"{name}.svg" and not p.warning for p in self.problems if not p.shown
        )

    def names(self) -> tuple[str, ...]:
        """Every icon name but the Font Awesome ones, sorted."""
        return tuple(sorted(self.files))

    def source(self, name: str) -> IconSource:
        """Where the icon `name` comes from; KeyError for an unknown name."""
        if name in self.files:
            return self.files[name].source
        if self.has(name):
            return IconSource.FONT_AWESOME
        raise KeyError(name)

    def path(self, name: str) -> Path | None:
        """The SVG file of `name` (None for Font Awesome icons and unknown names)."""
        entry = self.files.get(name)
        return entry.path if entry else None

    def suggest(self, name: str, limit: int = 3) -> tuple[str, ...]:
        """The names closest to an unknown `name`; Font Awesome names only for ``fa-`` names."""
        from printgen.icons.unknown_names import suggest

        return suggest(self, name, limit)

    def unknown_message(self, name: str, inline: bool = False) -> str:
        """The one-line error for an unknown icon, naming the closest names."""
        from printgen.icons.unknown_names import unknown_message

        return unknown_message(self, name, inline)

    def credits(self, names: Iterable[str]) -> tuple[str, ...]:
        """Credit lines of the icon sets `names` come from, each once, in a fixed order.

        Built-in icons need none; a project or game icon folder gives its ``CREDITS.txt``;
        Font Awesome icons give the CC BY 4.0 attribution. Unknown names are ignored.
        """
        lines: dict[str, None] = {}
        fa = False
        for name in sorted(set(names)):
            entry = self.files.get(name)
            if entry is not None:
                if entry.credit:
                    lines[entry.credit] = None
            elif fontawesome.is_fa(name) and self.has(name):
                fa = True
        out = tuple(sorted(lines))
        return (*out, fontawesome.CREDIT) if fa else out

    def draw(
        self,
        canvas: Canvas,
        name: str,
        x: float,
        y: float,
        size: float,
        color: str = "#000000",
        label: str | None = None,
        label_font: str = "VeraBd",
    ) -> None:
        """Draw icon `name` centred in the size x size box whose bottom-left is (x, y).

        Units are PDF points; the icon is recoloured to `color`, its holes stay holes, and
        nothing is drawn outside the box. The canvas state is left as it was. Raises KeyError
        for an unknown name, ValueError for a bad colour, a non-positive size or an SVG that
        cannot be read. `label` is drawn in the built-in icons that have a place for one.
        """
        rgb = parse_hex(color)
        if not size > 0:
            raise ValueError(f"icon size must be positive, got {size!r}")
        entry = self.files.get(name)
        if entry is None:
            data = fontawesome.svg(name)
            if data is None:
                raise KeyError(name)
            draw_svg(canvas, data, BUILTIN_DIR, x, y, size, size, rgb, fontawesome=True)
            return
        box = LABEL_BOXES.get(name) if entry.source is IconSource.BUILTIN else None
        path = entry.path
        if box is not None and label and (LABELLED_DIR / path.name).is_file():
            path = LABELLED_DIR / path.name
        try:
            draw_svg(canvas, read_icon(path), path.parent, x, y, size, size, rgb)
        except SvgError as exc:
            raise ValueError(f"{path}: {exc}") from None
        if box is not None and label:
            draw_label(canvas, box, label, rgb, label_font, x, y, size)

    def label_box(self, name: str) -> LabelBox | None:
        """Where icon ``name`` draws a label: built-in icons that have a place for one."""
        entry = self.files.get(name)
        return LABEL_BOXES.get(name) if entry and entry.source is IconSource.BUILTIN else None

    def check(self) -> tuple[IconProblem, ...]:
        """Parse every project and game SVG; the problems of those that cannot be drawn."""
        found = list(self.problems)
        for entry in sorted(self.files.values(), key=lambda e: e.name):
            if entry.source is IconSource.BUILTIN:
                continue
            try:
                data = read_icon(entry.path)
                if precompiled(digest(data)) is None:  # a stored drawing: it parsed and drew
                    parse(data, entry.path.parent)
            except (OSError, SvgError) as exc:
                found.append(IconProblem(entry.path, str(exc), line=getattr(exc, "line", 1)))
                continue
            found += [IconProblem(entry.path, said, True, line) for line, said in unfollowed(data)]
        return tuple(found)


def read_icon(path: Path) -> bytes:
    """An icon file's bytes (an input of the build), read again only when it changes."""
    info = path.stat()
    if not S_ISREG(info.st_mode) or info.st_size > MAX_ICON_BYTES:  # swapped since the scan
        raise OSError(f"{path.name} is no longer an ordinary file of at most 8 MB")
    now = inputs.version(info)
    inputs.note(_real(path, now))  # an input of the build, by content (read once a process)
    return _read_cached(path, now)


@lru_cache(maxsize=512)
def _real(path: Path, now: inputs.Version) -> Path:
    """Where an icon file is (an icon is drawn on card after card: resolved once a version —
    a link pointed at another file is another)."""
    return path.resolve()


@lru_cache(maxsize=512)
def _read_cached(path: Path, now: inputs.Version) -> bytes:
    """File bytes, read again only when the file changes (watch mode rebuilds)."""
    return _read_limited(path)


def _read_limited(path: Path) -> bytes:
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
        return "leads outside the project folder (a symlink?); printgen reads only files inside it"
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
        text = _read_limited(path.resolve()).decode("utf-8")
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


def _pictures(folder: Path, root: Path) -> list[tuple[str, str]]:
    """The PNG and JPEG files of an icons/ folder (a designer's icon drawn as a picture): only
    their names, as messages show them."""
    if not folder.is_dir() or _unusable(folder, root) is not None:
        return []
    found = [path for path in listed(folder, "*.*") if _PICTURE.search(path.name)]
    return [
        (path.stem, path.relative_to(root).as_posix() if path.is_relative_to(root) else path.name)
        for path in found[:1000]
    ]


def _folder(
    folder: Path, source: IconSource, root: Path | None = None
) -> tuple[dict[str, IconFile], list[IconProblem]]:
    files: dict[str, IconFile] = {}
    problems: list[IconProblem] = []
    if (why := _not_a_folder(folder, root, source)) is not None:
        return files, [IconProblem(folder, f"{folder.name} {why}", folder=True)]
    if not folder.is_dir():
        return files, problems
    if (why := _unusable(folder, root)) is not None:
        return files, [IconProblem(folder, f"{folder.name}/ {why}", folder=True)]
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


@lru_cache(maxsize=1)
def builtin_files() -> Mapping[str, IconFile]:
    """printgen's own icons, its installation's files as they are: none of the checks a
    project's icon file gets (a stat and a resolve each, 1.3 ms of every command's start); the
    tests hold their names and files."""
    icons = sorted(BUILTIN_DIR.glob("*.svg"))
    return MappingProxyType({p.stem: IconFile(p.stem, p, IconSource.BUILTIN, None) for p in icons})


def icon_library(project_root: Path | None, game_folder: Path | None = None) -> IconLibrary:
    """The icons a game can use: the game's, then the project's, then the built-in ones."""
    files: dict[str, IconFile] = dict(builtin_files())
    problems: list[IconProblem] = []
    pictures: list[tuple[str, str]] = []
    folders: list[tuple[Path, IconSource]] = []
    if project_root is not None:
        folders.append((project_root / "icons", IconSource.PROJECT))
    if game_folder is not None:
        folders.append((game_folder / "icons", IconSource.GAME))
    for folder, source in folders:  # later folders override earlier ones
        found, bad = _folder(folder, source, project_root)
        files.update(found)
        problems += bad
        if project_root is not None:
            pictures += _pictures(folder, project_root)
    return IconLibrary(MappingProxyType(files), tuple(problems), tuple(pictures))


@lru_cache(maxsize=1)
def builtin_library() -> IconLibrary:
    """The built-in icons (and Font Awesome): what the module-level functions use."""
    return icon_library(None, None)


def unusable_icons(project: Project, icons: IconLibrary) -> list[Problem]:
    """Each icon file of the library that cannot be drawn, at the file (validate, build and
    ``printgen icons`` say them alike)."""
    return [
        Problem(
            Where(project.rel(u.path), u.line, 1),
            f"icon: {u.message}",
            Severity.WARNING if u.warning else Severity.ERROR,
        )
        for u in icons.check()
    ]
