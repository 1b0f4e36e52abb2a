"""What a build cache record's input names say: the game folder a file is in, and whether it is
a game's own prose (its rulebook's or aid's, never a borrowing game's input)."""

from __future__ import annotations

import re


def prose_file(folder: str, name: str) -> bool:
    """Whether ``name`` is a prose file of the game in ``folder`` (rules.en.md, aid.it.md)."""
    return re.fullmatch(r"(rules|aid)\.[^./]+\.md", name.removeprefix(folder + "/")) is not None


def game_folder(name: str) -> str | None:
    parts = name.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 and parts[0] == "cards" else None
