"""Finding and loading a game's engine: ``cards/<game>/simulate.py`` of the project being run.

The module is loaded by file path under a name of its own (the game id, hashed with the path and
the file's content), so engines of several projects or games never collide in ``sys.modules``
and nothing outside the project is imported.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ENGINE_FILE = "simulate.py"


class NoEngine(Exception):
    """The game has no engine, or the engine does not follow the contract (one-line message)."""


@dataclass(frozen=True)
class Engine:
    """A game's simulation module, loaded from its folder."""

    game_id: str
    path: Path
    module: ModuleType

    @property
    def bots(self) -> tuple[str, ...]:
        return tuple(self.module.BOTS)

    @property
    def labels(self) -> dict[str, str]:
        return dict(getattr(self.module, "LABELS", {}))

    @property
    def played_decks(self) -> tuple[str, ...] | None:
        """The decks whose cards are played (``PLAYED_DECKS``); None: every deck's."""
        decks = getattr(self.module, "PLAYED_DECKS", None)
        return tuple(decks) if decks is not None else None

    @property
    def turn_cap(self) -> int | None:
        cap = getattr(self.module, "TURN_CAP", None)
        return cap if isinstance(cap, int) and cap > 0 else None


def engine_path(project_root: Path, game_id: str) -> Path:
    return project_root / "cards" / game_id / ENGINE_FILE


def has_engine(project_root: Path, game_id: str) -> bool:
    return engine_path(project_root, game_id).is_file()


def load_engine(project_root: Path, game_id: str) -> Engine:
    path = engine_path(project_root, game_id).resolve()
    rel = f"cards/{game_id}/{ENGINE_FILE}"
    if not path.is_file():
        raise NoEngine(
            f"{game_id}: no simulation engine yet; write {rel} (see the README, 'Playtesting')"
        )
    # named by path and content: an engine edited since (tests, a long session) loads afresh
    digest = hashlib.sha1(str(path).encode() + path.read_bytes()).hexdigest()[:12]
    name = f"printgen_engine_{game_id.replace('-', '_')}_{digest}"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise NoEngine(f"{rel}: cannot be loaded as a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses and pickling look the module up by name
        try:
            spec.loader.exec_module(module)
        except KeyboardInterrupt:
            del sys.modules[name]
            raise
        except BaseException as exc:  # the designer's code: said at its line, exit status 2
            del sys.modules[name]
            from printgen.simulate.faults import loading

            raise loading(exc, path, rel) from None
    missing = [n for n in ("BOTS", "prepare", "play") if not hasattr(module, n)]
    if missing:
        raise NoEngine(
            f"{rel}: an engine must define BOTS, prepare and play; missing {', '.join(missing)}"
        )
    return Engine(game_id, path, module)
