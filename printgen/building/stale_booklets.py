"""A rulebook's booklet an earlier build made (``--booklet``) beside the rulebook a later build
made without it: when that rulebook differs from the one the booklet was made with, the
booklet is an older rulebook, which would be printed and folded for the table with the new
one. Removed as the other outputs a build no longer makes are (printgen.building.removals):
only a file a build cache record names, still byte for byte as it was written; a booklet
that matches the rulebook as it is now stays."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from printgen.building.cache import BuildCache

RULEBOOK = "rulebook.pdf"
BOOKLET = "rulebook-booklet.pdf"
OLDER = "the booklet of an older rulebook: build with --booklet to make it again"


def stale_booklets(store: BuildCache, files: Mapping[Path, Any]) -> list[tuple[Path, list[Any]]]:
    """The booklets (with their record entries) beside a rulebook this build made (``files``:
    each output made and its bytes) without its booklet, that an earlier build made of another
    rulebook."""
    from printgen.building.removals import _ours, records_in, through_link

    out = store.out
    made = {path.relative_to(out).as_posix(): data for path, data in files.items()}
    rulebooks = {
        name: data
        for name, data in made.items()
        if name.endswith(f"/{RULEBOOK}") and _booklet(name) not in made and isinstance(data, bytes)
    }
    if not rulebooks or not store.usable:
        return []
    found = records_in(store.folder)
    stale: dict[str, list[Any]] = {}
    for name, data in sorted(rulebooks.items()):
        booklet, game_id = _booklet(name), name.split("/", 1)[0]
        now = hashlib.sha256(data).hexdigest()
        for record_path in found.get(game_id, []):
            record = store.previous(game_id, record_path)
            if record is None or not _ours(store, record):  # never trusted, or another's
                continue
            entry, made_with = record.outputs.get(booklet), record.outputs.get(name)
            if entry is None or made_with is None or str(made_with[0]) == now:
                continue
            if store.intact(booklet, entry) and not through_link(out / booklet, out):
                stale[booklet] = entry
    return [(out / name, entry) for name, entry in stale.items()]


def booklets_of(store: BuildCache, rulebooks: list[Path]) -> list[tuple[Path, list[Any]]]:
    """The booklets beside ``rulebooks`` a build no longer makes (their language taken out of
    the game): printgen's by any of the game's records, still as written."""
    from printgen.building.removals import _ours, records_in, through_link

    out = store.out
    found = records_in(store.folder) if rulebooks and store.usable else {}
    stale: dict[str, list[Any]] = {}
    for rulebook in rulebooks:
        booklet = _booklet(rulebook.relative_to(out).as_posix())
        game_id = booklet.split("/", 1)[0]
        for record_path in found.get(game_id, []):
            record = store.previous(game_id, record_path)
            entry = record.outputs.get(booklet) if record and _ours(store, record) else None
            if entry is not None and store.intact(booklet, entry):
                if not through_link(out / booklet, out):
                    stale[booklet] = entry
                break
    return [(out / name, entry) for name, entry in stale.items()]


def _booklet(rulebook: str) -> str:
    return rulebook[: -len(RULEBOOK)] + BOOKLET
