"""Which files of a project's folders are there, and which names are never inputs: the one
place the loaders, the build cache and ``watch`` take these answers from."""

from __future__ import annotations

from pathlib import Path

LEFTOVER_ENDINGS = ("~", ".swp", ".swx", ".tmp")  # editors' backups and swap files


def holds(path: Path) -> bool:
    """Whether a file (or a link) is there, or its folder cannot be looked into (``chmod 000``
    cards/GAME): there to be read, which then says so — not an internal error of every command,
    even one naming another game."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return True


def holds_game_file(folder: Path) -> bool:
    return holds(folder / "game.yaml")


def hidden(name: str) -> bool:
    """A file name printgen never takes for an input: hidden (``.old.yaml``, an editor's lock
    ``.#main.yaml``, the ``~$ships.xlsx`` Excel keeps while the workbook is open) or an editor's
    leftover. The loaders, the build cache and ``watch`` agree on it."""
    return name.startswith((".", "#", "~$")) or name.endswith(LEFTOVER_ENDINGS)


def listed(folder: Path, pattern: str) -> list[Path]:
    """The files of ``folder`` matching ``pattern`` (``*.yaml``), sorted, hidden ones left out."""
    return sorted(path for path in folder.glob(pattern) if not hidden(path.name))
