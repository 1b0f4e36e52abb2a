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

from printgen.building.removals import records_of, through_link

if TYPE_CHECKING:
    from printgen.building.cache import BuildCache, Record

RULEBOOK = "rulebook.pdf"
BOOKLET = "rulebook-booklet.pdf"
OLDER = "the booklet of an older rulebook: build with --booklet to make it again"


def stale_booklets(store: BuildCache, files: Mapping[Path, Any]) -> list[tuple[Path, list[Any]]]:
    """The booklets (with their record entries) beside a rulebook this build made (``files``:
    each output made and its bytes) without its booklet, that an earlier build made of another
    rulebook."""
    out = store.out
    made = {path.relative_to(out).as_posix(): data for path, data in files.items()}
    stale: dict[str, list[Any]] = {}
    for name, data in sorted(made.items()):
        if (
            not name.endswith(f"/{RULEBOOK}")
            or _booklet(name) in made
            or not isinstance(data, bytes)
        ):
            continue
        now = hashlib.sha256(data).hexdigest()
        for record in _records(store, name):
            made_with = record.outputs.get(name)
            if made_with is not None and str(made_with[0]) != now:
                _add_intact(store, record, _booklet(name), stale)
    return [(out / name, entry) for name, entry in stale.items()]


def booklets_of(store: BuildCache, rulebooks: list[Path]) -> list[tuple[Path, list[Any]]]:
    """The booklets beside ``rulebooks`` a build no longer makes (their language taken out of
    the game): printgen's by any of the game's records, still as written."""
    out = store.out
    stale: dict[str, list[Any]] = {}
    for rulebook in rulebooks:
        name = rulebook.relative_to(out).as_posix()
        for record in _records(store, name):
            _add_intact(store, record, _booklet(name), stale)
    return [(out / name, entry) for name, entry in stale.items()]


def _records(store: BuildCache, output: str) -> list[Record]:
    """The records of the game ``output`` (a path under --out) belongs to, this project's own."""
    return records_of(store, output.split("/", 1)[0]) if store.usable else []


def _add_intact(
    store: BuildCache, record: Record, booklet: str, stale: dict[str, list[Any]]
) -> None:
    """``booklet`` into ``stale`` where ``record`` wrote it and it is still as written."""
    entry = record.outputs.get(booklet)
    if (
        entry is not None
        and store.intact(booklet, entry)
        and not through_link(store.out / booklet, store.out)
    ):
        stale[booklet] = entry


def _booklet(rulebook: str) -> str:
    return rulebook[: -len(RULEBOOK)] + BOOKLET
