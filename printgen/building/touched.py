"""Which games a save touches: ``watch --validate`` checks only those again.

A check records the files each game read, as a build does for its cache (``printgen.inputs``);
a game whose files are all as they were would say again what it said. Nothing heavy is
imported here: it runs on every save, before anything is checked.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from printgen.building.cache import SETTINGS, looked_in
from printgen.project import Project


@dataclass(frozen=True)
class LastCheck:
    """What one game's last check read (real paths, and the links read through) and whether
    it found errors."""

    reads: frozenset[Path]
    failed: bool


@dataclass
class Touched:
    """The last check of every game checked so far, to tell which a save may change."""

    project: Project
    last: dict[str, LastCheck] = field(default_factory=dict)

    def games(self, asked: list[str], saved: Collection[Path] | None) -> list[str]:
        """The games of ``asked`` to check again after a save of ``saved`` (None: every one).
        A game never checked is checked, and one whose last check found errors (until they
        are fixed, each verdict says so); so is one that read a saved file (every game reads
        printgen.yaml: the options come from it). A file no game read, or one gone, may be
        one a game looks for (a deck made, a template put in templates/, a picture named
        and missing): it is the game's whose folders hold it (its own under cards/, those it
        borrows from, templates/, fonts/, icons/), and every game's outside cards/. The games
        chosen are forgotten until their check says what they read (it may stop short)."""
        for game in self.last.keys() - set(asked):  # deleted, or no longer asked for
            del self.last[game]
        chosen = list(asked) if saved is None else self._chosen(asked, saved)
        for game in chosen:
            self.last.pop(game, None)
        return chosen

    def _chosen(self, asked: list[str], saved: Collection[Path]) -> list[str]:
        settings = self.project.root / SETTINGS
        read = {path for check in self.last.values() for path in check.reads} | {settings}
        named = {path: {path, _real(path)} for path in saved}  # as saved, and where it is
        unseen = [
            path for path, both in named.items() if not both & read or not os.path.lexists(path)
        ]
        return [game for game in asked if self._changed(game, [*named.values()], unseen, settings)]

    def _changed(
        self, game: str, saved: list[set[Path]], unseen: list[Path], settings: Path
    ) -> bool:
        check = self.last.get(game)
        if check is None or check.failed:
            return True
        if any(both & (check.reads | {settings}) for both in saved):
            return True
        return any(self._looks_in(game, check, path) for path in unseen)

    def _looks_in(self, game: str, check: LastCheck, path: Path) -> bool:
        """Whether the game's check looks where ``path`` is (see ``games``)."""
        root = self.project.root
        if not path.is_relative_to(root):
            return False
        name = path.relative_to(root).as_posix()
        if name.split("/", 1)[0] != "cards":
            return True  # outside cards/: a picture, a sheet, a template
        names = [p.relative_to(root).as_posix() for p in check.reads if p.is_relative_to(root)]
        return any(name == top or name.startswith(top + "/") for top in looked_in(game, names))


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: it has no other place than its name
        return path
