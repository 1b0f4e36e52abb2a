"""Which files of a project's folders are there, and which names are never inputs: the one
place the loaders, the build cache and ``watch`` take these answers from."""

from __future__ import annotations

from pathlib import Path

LEFTOVER_ENDINGS = ("~", ".swp", ".swx", ".tmp")  # editors' backups and swap files
OUTSIDE = (
    "leads outside the project folder (a symlink?); printgen reads only files whose real "
    "place is inside the project"
)


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


# the folders printgen lists, and what each holds (as the line refusing one names it)
PROJECT_FOLDERS = {
    "templates": "the project's own templates (.j2 files, labels.yaml, layouts/)",
    "templates/layouts": "the project's shared layout files (.yaml)",
    "fonts": "the project's TrueType fonts (.ttf)",
}
GAME_FOLDERS = {
    "decks": "the game's deck files (.yaml, .csv, .xlsx)",
    "layouts": "the game's layout files (.yaml)",
}


def hidden(name: str) -> bool:
    """A file name printgen never takes for an input: hidden (``.old.yaml``, an editor's lock
    ``.#main.yaml``, the ``~$ships.xlsx`` Excel keeps while the workbook is open) or an editor's
    leftover. The loaders, the build cache and ``watch`` agree on it."""
    return name.startswith((".", "#", "~$")) or name.endswith(LEFTOVER_ENDINGS)


def listed(folder: Path, pattern: str) -> list[Path]:
    """The files of ``folder`` matching ``pattern`` (``*.yaml``), sorted, hidden ones left out."""
    return sorted(path for path in folder.glob(pattern) if not hidden(path.name))


def not_a_folder(folder: Path, root: Path | None, holding: str) -> str | None:
    """Why an entry printgen lists as a folder (decks/, fonts/, icons/ …) is there but is no
    folder — a file, a link to nothing, a pipe — as the words after its name; None when it is a
    folder or is not there at all. Skipped without a word, each such entry left the designer
    the follow-ons of its absence ("no deck files", an "unknown layout" per deck) instead.
    ``holding``: what the folder is for ("the game's layout files (.yaml)"); ``root``: the
    project's folder, a link out of which is said as such."""
    try:
        if folder.is_dir() or not (folder.is_symlink() or folder.exists()):
            return None  # a folder (looked into by the caller), or none: nothing of its own
        if not folder.exists():  # a link whose target is gone (or a loop of links)
            return (
                f"is a link to nothing; point it at a folder of the project holding {holding}, "
                "or put such a folder in its place"
            )
        if root is not None and not folder.resolve().is_relative_to(root.resolve()):
            return OUTSIDE  # a link to a file out of it: what lies there is never named
        what = "a file" if folder.is_file() else "a pipe or a device"
    except (OSError, RuntimeError):  # a folder above it that cannot be looked into: said there
        return None
    return f"is {what}, not a folder; make it a folder holding {holding}"


def refused_folders(root: Path, games: list[str]) -> list[tuple[str, str]]:
    """(path in the project, message) for each folder the project and these games are read
    from that is there but no folder: said before anything is read, once for every game (a
    game using another's deck would add a line of its own for it)."""
    entries = [(Path(name), holding) for name, holding in PROJECT_FOLDERS.items()]
    for game in games:
        entries += [(Path("cards", game, name), holding) for name, holding in GAME_FOLDERS.items()]
    return [
        (entry.as_posix(), f"{entry.name} {why}")
        for entry, holding in entries
        if (why := not_a_folder(root / entry, root, holding)) is not None
    ]
