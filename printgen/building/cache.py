"""The build cache: a game is built again only when something its outputs read has changed.

After a build, each game leaves a record in ``<out>/.printgen-cache/``: a fingerprint of every
input — the content of each file the build read, and the list of files in the game's folder and
in the project-wide folders (templates/, fonts/, icons/, printgen.yaml), so a file added where
printgen looks is noticed too — and the hash of every output it wrote. The record is named by
printgen's code, the build's options and the game, so ``--lang it`` and a full build keep their
own. The next build checks the record against the files as they are now; only when every input
and every output still match is the game skipped. A record is JSON behind an HMAC under this
user's key (``printgen.building.kept``), bound to its file name: one edited (even into other
valid JSON), renamed, copied from another game or written by someone else counts as missing, as
does anything unreadable or inconsistent — a corrupt cache costs a rebuild, never a wrong PDF.

Only the standard library is imported here: deciding that nothing changed must cost a fraction
of a build (the heavy stages are imported only when something is built).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printgen import inputs
from printgen.building import unkept
from printgen.building.cache_key import code_fingerprint, options_key
from printgen.building.code_reads import LISTED, led, listing
from printgen.building.input_names import game_folder, prose_file
from printgen.folders import hidden
from printgen.options import BuildOptions
from printgen.problems import Problem, Severity, Where
from printgen.project import CACHE_FOLDER, PACKAGED_TEMPLATES, Project
from printgen.staged import Contents, digest, holds, size
from printgen.write import atomic_write, read_back

FOLDER = CACHE_FOLDER
FORMAT = 3  # 2: an output's entry holds its file's inode and change time too; 3: an
# unread input's, its content hash (a file saved with the same bytes is unchanged)
SETTINGS = "printgen.yaml"
PROJECT_WIDE = ("templates", "fonts", "icons", SETTINGS)  # every game reads these
MAX_HASHED_BYTES = 64 * 1024 * 1024  # larger inputs count by size and time (printgen refuses them)
MAX_RECORD_BYTES = 64 * 1024 * 1024  # a record names each input and output once: far less
_PACKAGED = "printgen:"  # how a file of printgen's own templates is named in a record
CHANGED_DURING_BUILD = "changed during the build"


@dataclass
class Record:
    """What one game's last build read and wrote: the fingerprint of every input, the hash of every
    output, and the warnings it reported."""

    inputs: dict[str, str]  # input name -> fingerprint (content hash; unread: size:time:hash)
    outputs: dict[str, list[Any]]  # path under --out -> [sha256, *output_version]
    warnings: list[list[Any]]  # [path, line, col, message] of each warning the build gave
    # the project folder (real path) whose build wrote it: an output folder several projects
    # build into (--out ~/to-print) holds every project's records, and only a game gone from
    # this project's cards/ is this build's to remove ("": a record from before it was noted)
    project: str = ""

    def problems(self) -> list[Problem]:
        return [
            Problem(Where(p, line, col), m, Severity.WARNING) for p, line, col, m in self.warnings
        ]


class BuildCache:
    """The records of the builds into one output folder with one set of options."""

    def __init__(self, project: Project, options: BuildOptions) -> None:
        assert options.out is not None, "validate writes nothing and keeps no cache"
        self.project = project
        self.out = options.out
        self.folder = options.out / FOLDER
        # a cache folder that is a link leads out of the output folder: neither read nor written
        self.usable = _plain_folder(self.folder)
        self.key = _sha(f"{FORMAT}\0{code_fingerprint()}\0{options_key(options)}".encode())
        # the inputs as they are before this build reads any: a file saved while the build
        # runs (watch) may be read before or after the save, so its record must not vouch for it
        self.before = _stats(project)
        # ... and the time it starts, for a file read from elsewhere (art/): one saved since
        # bears a later time (a file system's coarser clock can only make a save look older)
        self.started = time.time_ns()
        # why a record could not be kept (said once, as a warning): None while all is well
        self.unkept: Problem | None = None

    def record_path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.{_sha(f'{self.key}{game_id}'.encode())[:16]}.record"

    def previous(self, game_id: str, path: Path | None = None) -> Record | None:
        """The game's last record (or the one in ``path``), whatever changed since; or None."""
        if not self.usable:
            return None
        from printgen.building import kept

        path = path or self.record_path(game_id)
        data = read_back(path, MAX_RECORD_BYTES)
        payload = kept.unsealed(path.name, data) if data is not None else None
        if payload is None:  # edited, even into valid JSON, or not written by this user's build
            return None
        try:
            raw = json.loads(payload)
            record = Record(dict(raw["inputs"]), dict(raw["outputs"]), list(raw["warnings"]))
            record.project = raw.get("project", "")
            assert isinstance(record.project, str)
            for name, value in [*record.inputs.items()]:
                assert isinstance(value, str) and _inside(name.removeprefix(_PACKAGED))
            for name, output in record.outputs.items():
                assert _inside(name) and len(output) == 5 and isinstance(output[0], str)
            for warning in record.warnings:
                assert len(warning) == 4 and isinstance(warning[3], str)
            return record
        except (OSError, ValueError, KeyError, TypeError, AssertionError, RecursionError):
            return None  # damaged, copied or made by hand: ignored, never trusted

    def fresh(self, game_id: str) -> Record | None:
        """The record when nothing the game's outputs depend on has changed, else None."""
        record = self.previous(game_id)
        if record is None:
            return None
        if fingerprints(self.project, game_id, record.inputs) != record.inputs:
            return None
        if not all(self.intact(path, entry) for path, entry in record.outputs.items()):
            return None
        return record

    def intact(self, name: str, entry: list[Any]) -> bool:
        """Whether the output file is still exactly what the build wrote."""
        path = self.out / name
        try:
            info = path.stat()
        except OSError:
            return False
        if not stat.S_ISREG(info.st_mode):  # a pipe or a device in its place
            return False
        if output_version(info) == entry[1:]:
            return True
        data = read_back(path, info.st_size)
        return data is not None and _sha(data) == str(entry[0])

    def save(
        self,
        game_id: str,
        reads: set[Path],
        files: Mapping[Path, Contents],
        warnings: list[Problem],
    ) -> None:
        """Remember what the game's build read and wrote; a record that cannot be written
        only means the next build does the work again."""
        outputs = {
            path.relative_to(self.out).as_posix(): _entry(path, data)
            for path, data in files.items()
        }
        inputs = fingerprints(self.project, game_id, self._read_names(reads))
        # the inputs as they are now that this game's were hashed — not once for every game's
        # record: a deck saved after the first game's record, before this game's inputs were
        # hashed, would have its new hash vouch for the sheets made from the old text
        now = _stats(self.project, inputs)
        for name, value in inputs.items():
            if not name.startswith(_PACKAGED) and (
                self.before.get(name) != now.get(name) or self._saved_since(name, value)
            ):
                inputs[name] = CHANGED_DURING_BUILD  # matches no file: the next build rebuilds
        record = {
            "inputs": inputs,
            "outputs": outputs,
            "warnings": [[w.where.path, w.where.line, w.where.col, w.message] for w in warnings],
            "project": str(self.project.root),
        }
        from printgen.building import kept

        where = self.record_path(game_id)
        sealed = kept.sealed(where.name, json.dumps(record, indent=0).encode())
        why: Problem | None = None  # the first reason is said, once for the build
        if not self.usable:
            why = unkept.folder_unusable(self.project, self.folder)
        elif sealed is None:  # no key: nothing is vouched for, all is rebuilt
            why = unkept.no_key(self.project, kept.key_path())
        else:
            try:
                atomic_write(where, sealed)
            except OSError as exc:
                why = unkept.unwritten(self.project, self.folder, where, exc)
        self.unkept = self.unkept or why

    def _saved_since(self, name: str, value: str) -> bool:
        """Whether a file the build read, outside the folders ``_stats`` covers, was saved
        after the build began (``watch``: the designer saves art/hero.png again) — or moved
        there: ``mv ~/Downloads/hero.png art/`` keeps the download's time, but the change
        time of a file renamed into place is now. A folder listed: a file made in it since."""
        if name in self.before or (name.endswith("/") and not value.startswith(LISTED)):
            return False
        try:
            info = (self.project.root / name).stat()
        except OSError:
            return False  # gone: its fingerprint says so
        return max(info.st_mtime_ns, info.st_ctime_ns) > self.started

    def _read_names(self, reads: set[Path]) -> dict[str, str]:
        """The files read, as records name them, each marked for a content hash."""
        # the options came from printgen.yaml, read before any recording opened: counted by
        # its time, saving it unchanged (touch, an editor's :w) built every game again
        names = {SETTINGS: "sha"}
        for path in reads:
            name = _name(self.project, path)
            if name is not None:  # "./": the project folder, listed by rules.py
                names["./" if name == "." else name] = "sha"
        return names


def fingerprints(project: Project, game_id: str, known: dict[str, str]) -> dict[str, str]:
    """A fingerprint of each input: files read before (``known`` with a content hash) are
    hashed again; every other file of the folders printgen looks in counts by size and time,
    so a file added, removed or edited there is noticed without reading it."""
    hashed = {name for name, value in known.items() if not value.startswith("stat:")}
    found: dict[str, str] = {}
    own = f"cards/{game_id}"
    for root in looked_in(game_id, hashed):
        if not project.confined(project.root / root):  # a link out: the build refuses it
            found[root] = "outside"
            continue
        for name, path in _files(project.root / root, project):
            if root != own and name not in hashed and prose_file(root, name):
                continue  # a lending game's rulebook and aid are its own: never the borrower's
            # a folder found ("decks/"), not read: a folder read (listed) is named "decks"
            read = name in hashed and not name.endswith("/")
            found[name] = _fingerprint(path, project, read, known.get(name))
    for name, path in _files(PACKAGED_TEMPLATES, project, _PACKAGED):
        found[name] = _fingerprint(path, project, not name.endswith("/"))
    for name in sorted(hashed - found.keys()):  # read from elsewhere in the project
        path = (
            PACKAGED_TEMPLATES / name.removeprefix(_PACKAGED)
            if name.startswith(_PACKAGED)
            else project.root / name
        )
        found[name] = _fingerprint(path, project, True) if project.confined(path) else led(path)
    return dict(sorted(found.items()))


def looked_in(game_id: str, read: Iterable[str]) -> list[str]:
    """Where a game looks for files (one made there may change it): its folder, the
    project-wide ones and the folder of each game it ``read`` a file of (``uses: deck:``)."""
    own = f"cards/{game_id}"
    borrowed = {folder for name in read if (folder := game_folder(name)) not in (None, own)}
    return [own, *PROJECT_WIDE, *sorted(borrowed)]


def _stats(project: Project, names: Iterable[str] | None = None) -> dict[str, inputs.Version]:
    """Size and time of every file where printgen looks for inputs, by record name (cheap:
    nothing is read) — or of those of ``names`` there (one game's, as its record is saved)."""
    found = {}
    for root in ("cards", *PROJECT_WIDE):
        if not project.confined(project.root / root):  # a link out (fonts -> /usr): never walked
            continue
        if names is None:
            files = _files(project.root / root, project)
        else:
            files = [
                (name, project.root / name)
                for name in names
                if name.split("/", 1)[0] == root and not name.endswith("/")
            ]
        for name, path in files:
            with contextlib.suppress(OSError):
                info = path.stat()
                if stat.S_ISREG(info.st_mode):
                    found[name] = inputs.version(info)
    return found


def _files(root: Path, project: Project, prefix: str = "") -> list[tuple[str, Path]]:
    """Every file under ``root`` (or ``root`` itself), named relative to the project; hidden
    files, editor leftovers and Python's bytecode caches are not inputs."""
    if root.is_file():
        return [(prefix + _relative(project, root), root)]
    found = []
    base = PACKAGED_TEMPLATES if prefix else project.root
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        # named as Path.relative_to names them, by string: a walk meets every file of cards/
        where = Path(folder)
        inner = where.relative_to(base).as_posix()
        named = prefix + ("" if inner == "." else inner + "/")
        for sub in dirs:  # a folder where printgen looks for files (decks/new.yaml/) counts
            found.append((f"{named}{sub}/", where / sub))
        found += [(named + file, where / file) for file in sorted(names) if not hidden(file)]
    return found


def _entry(path: Path, data: Contents) -> list[Any]:
    """A record's entry for an output: its hash, and the size and time of the file only when
    it holds exactly these bytes now — two builds at once (watch, and ``build --paper letter``
    in another terminal) may have renamed the other's file into place since this one wrote or
    compared it; vouching for that file by its size and time would keep its bytes as this
    build's. An entry whose size and time match no file has the next build read it."""
    hashed = digest(data)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:  # one open file: its time and bytes are one file's
            info = os.fstat(handle.fileno())
            same = stat.S_ISREG(info.st_mode) and info.st_size == size(data) and holds(handle, data)
    except OSError:
        same = False
    return [hashed, *output_version(info)] if same else [hashed, -1, -1, -1, -1]


def output_version(info: os.stat_result) -> list[int]:
    """What tells an output still as written from one changed since without reading it: size
    and time alone are not enough — a byte flipped and ``touch -r`` set back, or a copy put in
    its place with ``cp -p``, keeps both — but the file (its inode) and its change time, which
    no tool sets back, are. A build folder copied elsewhere is read once, and rebuilt."""
    return [info.st_size, info.st_mtime_ns, info.st_ino, info.st_ctime_ns]


def _plain_folder(folder: Path) -> bool:
    """Whether the cache folder may be used: not a link (it would lead out of the output
    folder), and not where it cannot even be looked at (``chmod 000 build``)."""
    try:
        return not folder.is_symlink()
    except OSError:
        return False


def _relative(project: Project, path: Path) -> str:
    return path.relative_to(project.root).as_posix()


def _name(project: Project, path: Path) -> str | None:
    if path.is_relative_to(project.root):
        return _relative(project, path)
    if path.is_relative_to(PACKAGED_TEMPLATES):
        return _PACKAGED + path.relative_to(PACKAGED_TEMPLATES).as_posix()
    return None  # outside both: printgen never reads there


def _inside(name: object) -> bool:
    """Whether a record's name is one a build writes: relative, downward only (a damaged or
    hand-made record naming /etc/passwd or ../.. must not make printgen read there)."""
    if not isinstance(name, str) or not name or "\0" in name:
        return False
    if name == "./":  # the project folder, listed
        return True
    parts = name.removesuffix("/").split("/")
    return not name.startswith("/") and all(part not in ("", ".", "..") for part in parts)


def _fingerprint(path: Path, project: Project, read: bool, recorded: str | None = None) -> str:
    """What a file is now: the hash of its content when the build read it (else its size and
    time, and its hash); a symlink out of the project, a pipe or a device is named as such and
    never read — the build refuses it, so it must never pass for the file it replaced. An
    unread file whose size and time differ from those ``recorded`` is read: holding the same
    bytes (a font copied over with itself, an editor's save), it is what the record holds."""
    try:
        if path.is_symlink() and not project.confined(path):
            return led(path) if read else "outside"
        info = path.stat()
    except OSError:
        return "absent"
    if not stat.S_ISREG(info.st_mode):
        if read and stat.S_ISDIR(info.st_mode):  # listed: a file made there may change it
            return listing(path)
        return f"special:{stat.S_IFMT(info.st_mode)}"
    if not read or info.st_size > MAX_HASHED_BYTES:
        # the inode and change time too: cp -p or rsync -t brings other bytes (a helpers.py
        # beside rules.py, which Python reads, not printgen) under the same size and time
        stamp = "stat:" + ":".join(str(n) for n in inputs.version(info)[1:])
        if read or info.st_size > MAX_HASHED_BYTES:
            return stamp
        if recorded is not None and recorded.startswith(stamp + ":"):
            return recorded  # the fast path: not read while its size and time hold
        content = _content(path)
        if recorded is not None and recorded.split(":", 5)[5:] == [content]:
            return recorded
        return f"{stamp}:{content}"
    return _content(path)


def _content(path: Path) -> str:
    try:
        return "sha:" + _sha(path.read_bytes())
    except OSError:
        return "unreadable"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
