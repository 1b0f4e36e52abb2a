"""Which icons a game can use, where each one comes from, and how to draw it.

Names resolve in this order, the first match winning:
1. the game's own icons, ``cards/<game>/icons/<name>.svg``;
2. the project's icons, ``icons/<name>.svg``;
3. the built-in icons shipped with printgen (``printgen/icons/builtin/<name>.svg``);
4. ``fa-<name>``: Font Awesome Free, from the fontawesome-free-pack package.
So a game can redraw a built-in icon, or a project-wide one, under the same name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from stat import S_ISREG
from types import MappingProxyType
from typing import TYPE_CHECKING

from printgen import inputs
from printgen.icons import fontawesome
from printgen.icons.forms import precompiled
from printgen.icons.geometry import parse_hex
from printgen.icons.icon_folder import (
    MAX_ICON_BYTES,
    NAME,
    IconFile,
    IconProblem,
    IconSource,
    read_folder,
    read_limited,
)
from printgen.icons.icon_folder import pictures as icon_pictures
from printgen.icons.labels import LABEL_BOXES, LabelBox, draw_label
from printgen.icons.svg import SvgError, digest, draw_svg, parse
from printgen.icons.svg_xml import not_svg
from printgen.icons.unfollowed import unfollowed
from printgen.problems import Problem, Severity, Where

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from printgen.project import Project

BUILTIN_DIR = Path(__file__).parent / "builtin"
LABELLED_DIR = BUILTIN_DIR / "labelled"


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
                if (picture := _picture_named_svg(entry.path, data)) is not None:
                    found.append(IconProblem(entry.path, picture))
                    continue
                if precompiled(digest(data)) is None:  # a stored drawing: it parsed and drew
                    parse(data, entry.path.parent)
            except (OSError, SvgError) as exc:
                found.append(IconProblem(entry.path, str(exc), line=getattr(exc, "line", 1)))
                continue
            found += [IconProblem(entry.path, said, True, line) for line, said in unfollowed(data)]
        return tuple(found)


def _picture_named_svg(path: Path, data: bytes) -> str | None:
    """What to do with a picture saved as an icon's .svg (a PNG named gem.svg): an icon is
    drawn from SVG shapes alone, while a picture has a layout element of its own."""
    if data[:64].lstrip()[:1] == b"<" or data.startswith(b"\xef\xbb\xbf"):  # an SVG: XML
        return None
    said = not_svg(data)
    if said is None or not said.endswith("picture"):
        return None
    ending = ".jpg" if "JPEG" in said else ".png" if "PNG" in said else ""
    rename = f"rename it {path.stem}{ending} and " if ending else ""
    return (
        f"{path.name} is {said}, not an SVG drawing: an icon must be an SVG file; convert the "
        f"picture to SVG (Inkscape's Trace Bitmap), or {rename}place it with a layout element "
        "of type: image"
    )


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
    return read_limited(path)


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
        found, bad = read_folder(folder, source, project_root)
        files.update(found)
        problems += bad
        if project_root is not None:
            pictures += icon_pictures(folder, project_root)
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
