"""The project folder: where cards/, templates/ and fonts/ are read and build/ is written.

Only cards/<game>/ is required: the base layouts, document templates and labels ship inside the
package (printgen/templates/) and a project's own templates/<same name> overrides each one.

Confinement lives here and nowhere else: every file printgen reads is reached through
``Project.file`` (or ``read_bytes``/``inside``), which resolves the real path once, follows a
symlink only when its real target stays inside the project, and refuses what is not a regular
file or is larger than its limit — before opening it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from printgen import inputs
from printgen.folders import OUTSIDE, holds_game_file, listed
from printgen.limits import MAX_TEXT_BYTES
from printgen.problems import Where, fail, one_line_path

PACKAGED_TEMPLATES = Path(__file__).resolve().parent / "templates"
GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*\Z")  # ASCII: no look-alike ids; \Z: no "id\n"


CACHE_FOLDER = ".printgen-cache"  # in every folder a build wrote into (printgen/building/cache.py)


@dataclass(frozen=True)
class Project:
    """A designer's project folder: every file printgen reads must be inside it."""

    root: Path

    @classmethod
    def at(cls, folder: str | Path) -> Project:
        return cls(Path(folder).resolve())

    @property
    def cards(self) -> Path:
        return self.root / "cards"

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def fonts(self) -> Path:
        return self.root / "fonts"

    @property
    def input_folders(self) -> tuple[Path, ...]:
        """The folders the games are made of: no output may go into them."""
        return (self.cards, self.templates, self.fonts, self.root / "icons")

    def refused_out(self, out: Path) -> str | None:
        """Why an output folder (``--out``) cannot be written, as the line to print; None when
        it can. Outputs written into cards/ are read back as the games' files, and watch could
        never tell a save from its own writes. The folder is judged as written and as the
        system finds it, every symlink followed: a link to cards/ is cards/."""
        written = Path(os.path.normpath(out.absolute()))
        default = written == self.root / "build"  # no --out given (simulate has none): a link
        try:
            real = out.resolve()
        except RuntimeError:  # Python 3.11's resolve() of a loop: an internal error
            named = "build/" if default else f"--out {self.shown(out)}"
            return (
                f"printgen: {named} is a symlink loop (links leading back to themselves); "
                "remove it, or choose another --out folder"
            )
        link = "printgen: build/ is a link to {}; remove the link (printgen makes build/)"
        if written == self.root or real == self.root.resolve():
            if default:
                return link.format("the project folder itself")
            return "printgen: --out is the project folder itself; write into a folder of its own"
        for folder in self.input_folders:
            # one linked out to where the project lies (icons -> ..) is refused as an input;
            # its real place holds every output folder, build/ too
            linked_out = not self.confined(folder)
            if written.is_relative_to(folder) or (
                not linked_out and real.is_relative_to(folder.resolve())
            ):
                if default:
                    return link.format(f"{folder.name}/, where the games are made")
                return (
                    f"printgen: --out {folder.name}/… is where the games are made; write into a "
                    "folder of its own (build/ is the default)"
                )
        return None

    def shown(self, path: Path) -> str:
        """An output's path as the designer reads it: from the project folder when inside it,
        whole where they named a folder elsewhere (``--out``, ``--json``)."""
        normal = Path(os.path.normpath(path.absolute()))
        try:
            here = Path.cwd()
        except OSError:  # the folder printgen runs in was removed
            here = self.root
        if here != self.root and self.root.is_relative_to(here) and normal.is_relative_to(here):
            # --project p2: p2/build/…
            return one_line_path(normal.relative_to(here).as_posix())
        if normal.is_relative_to(self.root):
            return one_line_path(normal.relative_to(self.root).as_posix())
        return one_line_path(str(normal))  # whole, not p2/../x/…; a line break as \n

    @property
    def template_dirs(self) -> list[Path]:
        """Where templates are looked up, first match wins: the project's, then printgen's."""
        return [self.templates, PACKAGED_TEMPLATES]

    def template(self, name: str) -> Path | None:
        """The file ``name`` (e.g. "labels.yaml") from the first template folder that has it."""
        return next((d / name for d in self.template_dirs if (d / name).is_file()), None)

    def layout_files(self, game_id: str | None) -> list[Path]:
        """Layout files a game sees: printgen's base layouts (a project file of the same name
        replaces one), the project's templates/layouts/, then cards/<game>/layouts/."""
        by_name: dict[str, Path] = {}
        for folder in reversed(self.template_dirs):
            layouts = folder / "layouts"
            if layouts.is_dir():
                by_name.update((p.name, p) for p in listed(layouts, "*.yaml"))
        own = self.cards / game_id / "layouts" if game_id else None
        game_files = listed(own, "*.yaml") if own and own.is_dir() else []
        return [*by_name.values(), *game_files]

    def rel(self, path: Path) -> str:
        """A path as messages name it: relative to the project, as written (not resolved)."""
        absolute = path if path.is_absolute() else self.root / path
        normal = Path(os.path.normpath(absolute))
        if normal.is_relative_to(self.root):
            return normal.relative_to(self.root).as_posix()
        if normal.is_relative_to(PACKAGED_TEMPLATES):  # printgen's own default: say where it is
            return normal.as_posix()
        return path.name  # never print where outside the project something points

    def confined(self, path: Path) -> bool:
        """Whether the real path (every symlink followed) stays inside the project — or is one
        of printgen's own packaged defaults (base layouts, templates, labels)."""
        return self._real(path) is not None

    def _real(self, path: Path) -> Path | None:
        """The real path when ``confined``, else None."""
        try:
            real = path.resolve()
        except (OSError, RuntimeError):  # a symlink loop
            return None
        inside = real.is_relative_to(self.root) or real.is_relative_to(PACKAGED_TEMPLATES)
        return real if inside else None

    def game_ids(self) -> list[str]:
        """Folders of cards/ holding a game.yaml, whose real place is inside the project."""
        if not self.cards.is_dir() or not self.confined(self.cards):
            return []
        found = []
        for folder in self.cards.iterdir():
            # a game.yaml there is read (and refused) by the loader
            if GAME_ID.match(folder.name) and self.confined(folder) and holds_game_file(folder):
                found.append(folder.name)
        return sorted(found)

    def case_twins(self, game_id: str, known: list[str] | None = None) -> list[str]:
        """The other games whose ids differ from ``game_id`` only in case (gm, Gm and GM): on
        macOS and Windows their outputs are one folder. ``known``: ``game_ids()`` when just
        looked up."""
        lower = game_id.lower()
        ids = self.game_ids() if known is None else known
        return [g for g in ids if g != game_id and g.lower() == lower]

    def games_outside(self) -> list[str]:
        """Folders of cards/ holding a game.yaml whose real place is outside the project (a
        link out of it): never read, so a build names them instead of skipping them."""
        if not self.cards.is_dir() or not self.confined(self.cards):
            return []
        return sorted(
            folder.name
            for folder in self.cards.iterdir()
            if GAME_ID.match(folder.name) and not self.confined(folder) and holds_game_file(folder)
        )

    def misnamed_games(self) -> list[str]:
        """Folders of cards/ holding a game.yaml whose name cannot be a game id (a space, a
        leading dot): never built, so a build of every game names them instead of skipping."""
        if not self.cards.is_dir() or not self.confined(self.cards):
            return []
        return sorted(
            folder.name
            for folder in self.cards.iterdir()
            if not GAME_ID.match(folder.name)
            and not folder.name.startswith(".")
            and holds_game_file(folder)
        )

    def game_files_misnamed(self) -> list[tuple[str, str]]:
        """(folder, file) of game folders in cards/ holding a ``game.yml`` or ``Game.yaml`` but
        no game.yaml: not games to printgen, so a build names them instead of skipping them."""
        if not self.cards.is_dir() or not self.confined(self.cards):
            return []
        found: list[tuple[str, str]] = []
        for folder in sorted(self.cards.iterdir()):
            if not GAME_ID.match(folder.name) or not folder.is_dir():
                continue
            if holds_game_file(folder):
                continue
            found.extend(
                (folder.name, file.name)
                for file in sorted(folder.iterdir())
                if file.name.lower() in ("game.yaml", "game.yml")
            )
        return found

    def inside(self, relative: str, where: Where) -> Path:
        """Resolve a path written in a project file; refuse anything that leaves the project."""
        if "\x00" in relative:
            raise _leaves(relative, where)
        if Path(relative).is_absolute():
            within = Path(os.path.normpath(relative))
            if within.is_relative_to(self.root) and within != self.root:
                shown = within.relative_to(self.root).as_posix()
                raise fail(
                    where,
                    f"path '{relative[:80]}' is absolute: the project would not find it once "
                    f"moved or copied; write it relative to the project folder: '{shown[:80]}'",
                )
            raise _leaves(relative, where)
        candidate = self.root / relative
        if not Path(os.path.normpath(candidate)).is_relative_to(self.root):
            raise _leaves(relative, where)
        real = self._real(candidate)  # resolved once, to confine and to return
        if real is None:
            raise self._linked_out(relative, candidate, where)
        output = self.output_folder(real)
        if output is not None:
            raise fail(
                where,
                f"path '{relative[:80]}' is inside {output}/, where printgen writes; what it "
                "made is never read back as input (a clean checkout has none): keep the file "
                "in art/ or another folder of the project",
            )
        written = Path(os.path.normpath(candidate))
        if written != real:  # a link on the way: pointed elsewhere, the link is another input
            inputs.note(written)
        return real

    def _linked_out(self, relative: str, candidate: Path, where: Where) -> Exception:
        """A path written inside the project that a link on its way takes out of it (or round
        in a loop): said as that link. It was "leaves the project folder; use a path relative
        to the project, inside it" — which the path, as written, already was."""
        step = self.root
        for part in candidate.relative_to(self.root).parts:
            step = step / part
            if step.is_symlink() and not self.confined(step):
                through = "is" if step == candidate else f"goes through {self.rel(step)},"
                return fail(
                    where,
                    f"path '{relative[:80]}' {through} a link to a place outside the project "
                    "folder (or a loop); printgen reads only files whose real place is inside "
                    "the project: put the file itself there",
                )
        return _leaves(relative, where)

    def output_folder(self, real: Path) -> str | None:
        """The output folder holding ``real``: build/, or another that a build wrote into
        (``--out``; it holds a build cache)."""
        for folder in real.parents:
            if folder == self.root or not folder.is_relative_to(self.root):
                return None
            if folder == self.root / "build" or (folder / CACHE_FOLDER).is_dir():
                return self.rel(folder)
        return None

    def file(self, path: Path, where: Where, limit: int = MAX_TEXT_BYTES, what: str = "") -> Path:
        """The real path of a file printgen is about to read: inside the project, a regular
        file (no folder, pipe or device — checked without opening it), at most ``limit`` bytes.
        Raises ProjectError naming the file as written."""
        # the path resolved once, not once to confine and again to read (every symlink on its
        # way looked at twice), its name made only for a message: 6 M instructions of a W&M
        # validate's 96 files
        real = self._real(path)

        def name() -> str:
            return what or self.rel(path)

        if real is None:
            raise fail(where, f"{name()} {_outside(path)}")
        try:
            info = os.stat(real)
        except FileNotFoundError:
            raise fail(where, f"{name()} not found") from None
        except OSError as exc:
            raise fail(
                where, f"{name()} cannot be read ({os_reason(exc)}); check its permissions"
            ) from None
        if stat.S_ISDIR(info.st_mode):
            raise fail(where, f"{name()} is a folder, not a file; remove it or rename it")
        if not stat.S_ISREG(info.st_mode):
            raise fail(
                where, f"{name()} is not a regular file (a pipe or a device); use an ordinary file"
            )
        if info.st_size > limit:
            size, most = _over(info.st_size, limit)
            raise fail(
                where,
                f"{name()} is {size}, over the limit of {most} for this kind of file; split it "
                "or make it smaller",
            )
        if not os.access(real, os.R_OK):
            raise fail(where, f"{name()} cannot be read (permission denied); check its permissions")
        inputs.note(real)
        written = Path(os.path.normpath(path if path.is_absolute() else self.root / path))
        if written != real:  # read through a link: pointed elsewhere, the link is another input
            inputs.note(written)
        return real

    def read_bytes(
        self, path: Path, where: Where, limit: int = MAX_TEXT_BYTES, what: str = ""
    ) -> bytes:
        real = self.file(path, where, limit, what)

        def name() -> str:  # made only for a message
            return what or self.rel(path)

        try:
            # O_NONBLOCK: should the file be swapped for a pipe since the check, no hang
            fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as handle:
                info = os.fstat(handle.fileno())
                if not stat.S_ISREG(info.st_mode):
                    raise fail(where, f"{name()} is not a regular file; use an ordinary file")
                # read what the file holds, not the limit: read(limit + 1) sets aside 32 MB
                # for every small YAML file (one byte more shows it grew since)
                data = handle.read(min(info.st_size, limit) + 1)
                if len(data) > info.st_size:
                    data += handle.read(limit + 1 - len(data))
        except OSError as exc:
            raise fail(
                where, f"{name()} cannot be read ({os_reason(exc)}); check its permissions"
            ) from None
        if len(data) > limit:
            raise fail(where, f"{name()} is over the limit of {_mb(limit)}; make it smaller")
        return data

    def read_text(self, path: Path, where: Where, limit: int = MAX_TEXT_BYTES) -> str:
        """A UTF-8 text file; a byte that is not UTF-8 is reported at its line."""
        raw = self.read_bytes(path, where, limit)
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise fail(
                Where(where.path, line, 1), "file is not UTF-8 text; save it as UTF-8"
            ) from None


def os_reason(exc: OSError) -> str:
    """The system's words for an OSError, in lower case as printgen's own (its "Permission
    denied" beside printgen's "(permission denied)" read as two different problems)."""
    said = exc.strerror or str(exc) or type(exc).__name__
    return said[:1].lower() + said[1:]


def _leaves(relative: str, where: Where) -> Exception:
    return fail(
        where,
        f"path '{relative[:80]}' leaves the project folder; "
        "use a path relative to the project, inside it",
    )


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB" if size >= 1024 * 1024 else f"{size} bytes"


def _outside(path: Path) -> str:
    """A link leading back to itself is said as such: 'leads outside' sent one looking there."""
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "is a symlink loop (links leading back to themselves); remove it or fix it"
    return OUTSIDE


def _over(size: int, limit: int) -> tuple[str, str]:
    """A size and the limit it passes, as a message names them: to the byte when in MB they
    would read the same ("32.0 MB, over the limit of 32.0 MB")."""
    shown, most = _mb(size), _mb(limit)
    return (f"{size:,} bytes", f"{limit:,} bytes") if shown == most else (shown, most)
