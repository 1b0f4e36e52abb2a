"""Outputs a build no longer makes, removed so that an old sheet is not printed with the new.

Three kinds: what a game's last build (with the same options) wrote and this one did not make
(a language or a deck taken out); what any earlier build of the game, whatever its options,
wrote into an export folder (``<game>/<lang>/png/``, ``tts/``) this build wrote, and this one
did not make (a full export's images beside a reprint's, which a print service would be sent
with them); and, when a build makes every game, what the builds of a game no longer in
``cards/`` wrote (its folder renamed, ``harbour`` to ``harbor``, or deleted). A rulebook's
booklet made with an older rulebook goes too (printgen.building.stale_booklets). Each way only a
file a build cache record names as written by printgen, still byte for byte as it was written,
is removed: a file changed or added since is the designer's, and stays (with the folder
holding it). Nothing is removed through a link, and the folders a removal leaves empty go too.
Only the standard library is imported: an up-to-date build runs this as well.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from collections.abc import Collection, Generator, Iterator, Mapping
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.building.cache import output_version
from printgen.project import GAME_ID  # how cards/ folders are told from the rest

if TYPE_CHECKING:
    from printgen.building.cache import BuildCache, Record

NO_LONGER_MADE = "no longer made"
MAX_RECORDS = 10_000  # files of the cache folder looked at: far more than a project's games
# a game's records kept: one per choice of options (--lang, --only, --paper) and printgen
# version, so the few a designer switches between stay while those of a past session go
KEPT_RECORDS = 6
_RECORD = ".record"
_EXPORTS = ("png", "tts")  # folders of <game>/<lang>/ an export fills, each all its own


def removals(
    store: BuildCache,
    previous: dict[str, Record | None],
    files: Collection[Path],
    every_game: Collection[str] | None,
    fresh: Mapping[str, Record] | None = None,
) -> Iterator[tuple[Path, str]]:
    """Remove what the build no longer makes and yield each file removed, with why: ``files``
    are what it made, ``fresh`` the records of the games it found up to date (what they hold
    is made too). Only a build of every game (``every_game``: their ids) removes what games
    gone from cards/ made; one of named games leaves the others, gone or not, alone: it was
    not asked about them."""
    made = {path.relative_to(store.out).as_posix() for path in files}
    made.update(name for record in (fresh or {}).values() for name in record.outputs)
    stale = dict(other_exports(store, made))
    stale.update(no_longer_made(store, previous, made))  # (the same file: either entry holds)
    for path, entry in sorted(stale.items()):
        if remove(path, store.out, entry):
            yield path, NO_LONGER_MADE
    from printgen.building.stale_booklets import OLDER, RULEBOOK, booklets_of, stale_booklets

    gone = [path for path in stale if path.name == RULEBOOK]  # (their language taken out)
    for path, entry in booklets_of(store, gone):
        if path not in stale and remove(path, store.out, entry):
            yield path, NO_LONGER_MADE
    if isinstance(files, Mapping):  # the outputs' bytes: a booklet of an older rulebook
        for path, entry in stale_booklets(store, files):
            if path not in stale and remove(path, store.out, entry):
                yield path, OLDER
    if every_game is not None:
        yield from gone_games(store, every_game)


def no_longer_made(
    store: BuildCache, previous: dict[str, Record | None], made: Collection[str]
) -> list[tuple[Path, list[Any]]]:
    """What the games' last builds with these options wrote and this one did not make (a
    language or a deck taken out of the game), where it is still exactly as written by one of
    the game's builds (one with other options may have written it since: --paper letter): left,
    its PDF would be printed with the rest. A file changed since is the designer's, and stays."""
    out = store.out
    stale: dict[Path, list[Any]] = {}
    others: dict[str, list[Record]] = {}  # each game's other records, read if one is needed
    for game_id, record in previous.items():
        if record is None:
            continue
        for name, entry in record.outputs.items():
            if name in made:
                continue
            if store.intact(name, entry):
                stale[out / name] = entry
                continue
            # rewritten since by a build with other options (--paper letter): printgen's still
            if game_id not in others:
                others[game_id] = records_of(store, game_id)
            kept = [r.outputs[name] for r in others[game_id] if name in r.outputs]
            written: list[Any] | None = next((e for e in kept if store.intact(name, e)), None)
            if written is not None:
                stale[out / name] = written
    return sorted((path, entry) for path, entry in stale.items() if not through_link(path, out))


def records_of(store: BuildCache, game_id: str) -> list[Record]:
    """Every record of the game's builds (each choice of options), this project's own."""
    found = []
    for path in records_in(store.folder).get(game_id, []):
        record = store.previous(game_id, path)
        if record is not None and _ours(store, record):
            found.append(record)
    return found


def other_exports(store: BuildCache, made: Collection[str]) -> list[tuple[Path, list[Any]]]:
    """What any earlier build of a game — whatever its options: a full export before a
    reprint (``--cards crown --copies 1``), another choice of cards — wrote into an export
    folder this build made files in, and this build did not make, where it is still exactly
    as written: uploaded with the folder, a full deck's images would go to the print service
    beside a reprint's counts.csv naming one card. Only the folders written are looked in: a
    PDF build, or one of another language, leaves every export as it is."""
    folders = {folder for name in made if (folder := export_folder(name)) is not None}
    if not folders or not store.usable:
        return []
    found = records_in(store.folder)
    stale: dict[str, list[Any]] = {}
    for game_id in sorted({folder.split("/", 1)[0] for folder in folders}):
        for record_path in found.get(game_id, []):
            record = store.previous(game_id, record_path)
            if record is None or not _ours(store, record):  # never trusted, or another's
                continue
            for name, entry in record.outputs.items():
                # a game's outputs are all in <out>/<game>/: a record naming more is not acted on
                if (
                    name.split("/", 1)[0] == game_id
                    and name not in made
                    and name not in stale
                    and export_folder(name) in folders
                    and store.intact(name, entry)
                ):
                    stale[name] = entry
    out = store.out
    return [
        (out / name, entry) for name, entry in stale.items() if not through_link(out / name, out)
    ]


def export_folder(name: str) -> str | None:
    """The export folder an output (named under --out) is in — ``<game>/<lang>/png`` or
    ``.../tts`` (printgen.outputs.png, printgen.outputs.tts) — or None for any other output."""
    parts = name.split("/")
    return "/".join(parts[:3]) if len(parts) > 3 and parts[2] in _EXPORTS else None


def gone_games(store: BuildCache, built: Collection[str]) -> Iterator[tuple[Path, str]]:
    """Remove what the records of games no longer in cards/ say their builds wrote, yielding
    each file removed; a record goes once nothing it vouches for is left, and with the game's
    last record its kept template code. Every record of such a game counts, whatever options
    (``--lang it``, ``--paper letter``) or printgen version made it: no build makes that game
    again, and each record is sealed with this user's key, naming only what printgen wrote."""
    project = store.project
    if not store.usable or not project.cards.is_dir() or not project.confined(project.cards):
        return
    try:  # every name in cards/, a folder with no game.yaml (yet) too, in any case
        with os.scandir(project.cards) as entries:
            present = {entry.name.casefold() for entry in islice(entries, MAX_RECORDS)}
    except OSError:  # cards/ cannot be listed: which games are gone cannot be told
        return
    known = {game.casefold() for game in (*built, *project.game_ids())} | present
    for game_id, records in sorted(records_in(store.folder).items()):
        # a folder in cards/ by that name, even with no game.yaml (yet), or in another case —
        # on a disk that ignores case (--out on a USB stick) build/Harbour is build/harbour
        if game_id.casefold() in known or os.path.lexists(project.cards / game_id):
            continue
        left = 0
        for record_path in records:
            kept = yield from _removed(store, game_id, record_path)
            if kept:
                left += 1
            else:
                with contextlib.suppress(OSError):
                    record_path.unlink()
        if not left:
            _forget_code(store.folder / "code", game_id)


def _removed(
    store: BuildCache, game_id: str, record_path: Path
) -> Generator[tuple[Path, str], None, bool]:
    """Remove the intact outputs one record of a gone game names, yielding each; returns
    whether the record must stay: unreadable (another user's, damaged — never trusted, so
    never acted on), another project's (an output folder several build into), or naming a
    file still as printgen wrote it (reached through a link, or that could not be removed:
    the next build tries again)."""
    record = store.previous(game_id, record_path)
    if record is None or not _ours(store, record):
        return True
    why = f"game {game_id} no longer in cards/"
    stays = False
    for name, entry in sorted(record.outputs.items()):
        path = store.out / name
        # a game's outputs are all in <out>/<game>/: a record naming more is not acted on
        if name.split("/", 1)[0] != game_id or not store.intact(name, entry):
            continue
        if through_link(path, store.out):
            stays = True
            continue
        if remove(path, store.out, entry):
            yield path, why
        else:
            stays = True
    return stays


def prune_records(store: BuildCache, games: Collection[str]) -> None:
    """Remove the built games' records beyond the newest ``KEPT_RECORDS`` (by time): every
    choice of options and every printgen update left one more, never read again. Only records
    this user sealed and this project wrote count and go: another project's, in a folder both
    build into, is not this build's to remove. The record just written always stays."""
    if not store.usable:
        return
    found = records_in(store.folder)
    for game_id in games:
        others = [path for path in found.get(game_id, []) if path != store.record_path(game_id)]
        if len(others) < KEPT_RECORDS:  # the usual case: no record is even read
            continue
        dated = []
        for path in others:
            record = store.previous(game_id, path)
            if record is not None and _ours(store, record):
                with contextlib.suppress(OSError):
                    dated.append((path.lstat().st_mtime_ns, path))
        for _, path in sorted(dated, reverse=True)[KEPT_RECORDS - 1 :]:
            with contextlib.suppress(OSError):
                path.unlink()


def _ours(store: BuildCache, record: Record) -> bool:
    """Whether a record is this project's: another's, built into the same folder (--out
    ~/to-print), names a game gone from this project's cards/ only because it never was in
    them. A record from before records named their project is taken as this project's only
    in the project's own build/ (where no other project builds unless sent there)."""
    project = store.project
    if record.project:
        return record.project == str(project.root)
    return os.path.normpath(store.out) == os.path.normpath(project.root / "build")


def records_in(folder: Path) -> dict[str, list[Path]]:
    """The record files of the cache folder, by the game each is named for:
    ``<game>.<16 hex digits>.record`` (printgen.building.cache)."""
    try:
        with os.scandir(folder) as entries:
            names = [entry.name for entry in islice(entries, MAX_RECORDS)]
    except OSError:
        return {}
    found: dict[str, list[Path]] = {}
    for name in sorted(names):
        game_id, _, digest = name.removesuffix(_RECORD).rpartition(".")
        is_record = name.endswith(_RECORD) and len(digest) == 16
        if is_record and all(c in "0123456789abcdef" for c in digest) and GAME_ID.match(game_id):
            found.setdefault(game_id, []).append(folder / name)
    return found


def _forget_code(code: Path, game_id: str) -> None:
    """Remove the template code kept for a gone game (``<game>.<lang>.<outputs>.code``,
    printgen.building.kept): no build reads it any more. A code folder that is a link is
    left alone, as builds leave it."""
    try:
        if code.is_symlink():
            return
        with os.scandir(code) as entries:
            names = [entry.name for entry in islice(entries, MAX_RECORDS)]
    except OSError:
        return
    for name in names:
        # a language and a choice of outputs hold no dot: the game is all before them
        if name.endswith(".code") and name.rsplit(".", 3)[0] == game_id:
            with contextlib.suppress(OSError):
                (code / name).unlink()


def through_link(path: Path, out: Path) -> bool:
    """Whether a path under ``out`` is, or passes through, a link (never followed to remove)."""
    try:
        return any(
            p.is_symlink() for p in (path, *path.parents) if p.is_relative_to(out) and p != out
        )
    except OSError:
        return True


def remove(path: Path, out: Path, entry: list[Any]) -> bool:
    """Remove an output no longer made, when it is still exactly as written (``entry``: its
    record's), and the folders it leaves empty (build/game/it/); return whether it is gone.
    Each folder below ``out`` is opened without following a link, and the file is compared
    and removed in the folder so opened: a link swapped in after ``through_link`` looked (a
    sync tool, the designer moving build/harbour to another disk) is never passed through —
    neither a file nor a folder where it leads is removed."""
    if not _SAFE:  # no folder descriptors (Windows): by path, as looked at just before
        with contextlib.suppress(OSError):
            path.unlink()
            for folder in path.parents:
                if folder == out or not folder.is_relative_to(out):
                    break
                folder.rmdir()  # only if empty: else OSError, and the rest stays
        return not os.path.lexists(path)
    parts = path.relative_to(out).parts
    folders: list[int] = []
    try:
        try:
            folders.append(os.open(out, os.O_RDONLY | _DIRECTORY))  # build/ may be a link
            for part in parts[:-1]:
                flags = os.O_RDONLY | _DIRECTORY | _NOFOLLOW
                folders.append(os.open(part, flags, dir_fd=folders[-1]))
            if not _as_written(folders[-1], parts[-1], entry):
                return False
            os.unlink(parts[-1], dir_fd=folders[-1])
        except OSError:
            return False
        with contextlib.suppress(OSError):
            for depth in range(len(parts) - 2, -1, -1):  # only if empty: else the rest stays
                os.rmdir(parts[depth], dir_fd=folders[depth])
        return True
    finally:
        for fd in folders:
            os.close(fd)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_SAFE = bool(_NOFOLLOW and _DIRECTORY) and {os.open, os.unlink, os.rmdir} <= os.supports_dir_fd


def _as_written(folder: int, name: str, entry: list[Any]) -> bool:
    """Whether ``name`` in the open ``folder`` is a regular file (not a link) holding what the
    record's ``entry`` says printgen wrote, and is still the file just compared."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _NOFOLLOW
    fd = os.open(name, flags, dir_fd=folder)
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            return False
        if output_version(info) != entry[1:]:
            data = handle.read(info.st_size + 1)
            if hashlib.sha256(data).hexdigest() != str(entry[0]):
                return False
    now = os.stat(name, dir_fd=folder, follow_symlinks=False)
    return (now.st_dev, now.st_ino) == (info.st_dev, info.st_ino)
