"""Game rule modules: ``printgen/games/<game_id with - as _>.py`` defining ``check``.

``check(game: Game, ctx: CheckContext) -> list[Problem]`` returns the game's design findings
(severity "error" stops a build; "warning" is only reported). The core never names a game: a
module is found by the game's id alone.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any


def module_name(game_id: str) -> str:
    return f"printgen.games.{game_id.replace('-', '_')}"


def rules_for(game_id: str) -> Callable[..., Any] | None:
    name = module_name(game_id)
    if importlib.util.find_spec(name) is None:
        return None
    module = importlib.import_module(name)
    check = getattr(module, "check", None)
    return check if callable(check) else None
