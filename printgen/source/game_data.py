"""game.yaml's ``data:``: the names the prose, the cards and the rules read (``data.goal``)."""

from __future__ import annotations

from typing import Any

from printgen.source.located_yaml import LDict
from printgen.source.readers import Checker, kind_of


def read_data(checker: Checker, game_map: LDict) -> Any:
    """``data:`` as written: a mapping of names to values. One that is not (``data: 7``, or a
    list of ``- goal: 7``) is said once, at its value, and kept as it is: the prose, which
    reads ``data.goal`` from it, is then left unchecked (see documents.prose), as each name
    would be said missing there, blaming the rulebook for game.yaml's mistake. ``data:`` with
    nothing after it (its lines commented out) holds no names."""
    data = game_map.get("data")
    if data is None:
        return {}
    if isinstance(data, list):  # - goal: 7: its items' names, without the dash
        checker.error(
            game_map.at("data"),
            "data must be a mapping of names to values, not a list: write each name under "
            f"data: without the '- ' ({_first(data)})",
        )
    elif not isinstance(data, dict):
        checker.error(
            game_map.at("data"),
            f"data must be a mapping of names to values, not {kind_of(data)}: write each "
            "name on its own line under data:, indented (goal: 7)",
        )
    return data


def _first(items: list[Any]) -> str:
    """The list's first name and value as a line of the mapping meant ("goal: 7")."""
    first = items[0] if items else None
    if isinstance(first, dict) and first:
        key, value = next(iter(first.items()))
        if isinstance(value, (int, float, str)) and len(str(value)) < 30:
            return f"{key}: {value}"
    return "goal: 7"
