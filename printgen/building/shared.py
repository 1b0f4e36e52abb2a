"""An output folder several projects build into (``--out ~/to-print``): each keeps its own
games, so a game id another project already built there is refused, before anything is made.

The two games would write the same files, <out>/<game>/<lang>/, each build removing what the
other made as "no longer made" and replacing the rest: the projects kept overwriting each
other. The build cache's records name the project whose build wrote them; only a record of
another project that still holds the game counts (one moved or deleted builds no more there).
Standard library only: an up-to-date build asks this too.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.building.removals import records_in

if TYPE_CHECKING:
    from printgen.building.cache import BuildCache


def claimed_elsewhere(store: BuildCache, games: list[str]) -> str | None:
    """The line refusing the build when ``store``'s folder holds one of ``games`` built by
    another project; None when every game there is this project's (or none is there yet)."""
    root = store.project.root
    # a folder inside the project (its build/) is this project's: records of another there
    # came with a copy of the whole folder (cp -r game game-v2), which builds as its own
    if not store.usable or Path(os.path.normpath(store.out.absolute())).is_relative_to(root):
        return None
    found = records_in(store.folder)
    for game_id in games:
        for path in found.get(game_id, []):
            record = store.previous(game_id, path)
            if record is None or record.project in ("", str(root)):
                continue
            if os.path.isdir(os.path.join(record.project, "cards", game_id)):
                return _refusal(store, game_id, record.project)
    return None


def _refusal(store: BuildCache, game_id: str, other: str) -> str:
    out = store.project.shown(store.out)
    return (
        f"printgen: --out {out} already holds game '{game_id}' built from another project, "
        f"{other}; nothing was written: build this project into another --out folder, or "
        f"give one of the two games another id (rename its folder in cards/ and its id:)"
    )
