"""Game folders of cards/ that a build of every game would skip without a word: a name that
cannot be a game id, a folder linked out of the project, a game file printgen does not read
(game.yml); a folder printgen lists (decks/, layouts/, templates/, fonts/, icons/) that is a
file or a link to nothing. Each is said, one line, and the command stops. And what to do in a folder
that is no project at all."""

from __future__ import annotations

import contextlib
import os
import re
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.folders import OUTSIDE, refused_folders

if TYPE_CHECKING:
    from printgen.project import Project


def game_named(name: str) -> str:
    """``harbour`` for ``harbour/``, ``cards/harbour`` or ``./cards/harbour/`` (a shell's tab
    completion of the game's folder); any other name as typed."""
    stripped = name.rstrip("/").removeprefix("./")
    game = stripped.removeprefix("cards/") if stripped.count("/") == 1 else stripped
    return game if game not in ("", "cards") else name  # '/', 'cards/': said as typed


def no_such_game(unknown: list[str], known: list[str], what: str) -> str:
    """The line for games named on the command line that are not in cards/: the one meant,
    when one is close (``harbor`` for ``harbour``), then every game there is."""
    from printgen.problems import closest

    meant = closest(unknown[0], known) if len(unknown) == 1 else []
    games = ", ".join(known) or "none"
    tail = f"; did you mean '{meant[0]}'? Games here: " if meant else "; games here: "
    return f"printgen: no game {', '.join(repr(g) for g in unknown)} in cards/{what}{tail}{games}"


def unseen_games(project: Project, named: list[str] | None) -> list[str]:
    """One ``path:line:col: message`` line for each such folder (of the games ``named``, when
    the command names some: a misnamed folder is then not theirs)."""
    if not project.confined(project.cards):  # else "no game in cards/", or each "not found"
        return [f"cards:1:1: cards/ {OUTSIDE}"]
    lines: list[str] = []
    if not named:
        lines.extend(
            f"cards:1:1: game folder name {_shown(name)} cannot be a game id{_foreign(name)}; "
            "rename the folder with letters a–z or A–Z, digits, '-', '_' and '.', starting with "
            "a letter or digit"  # no path: the folder's name is what is wrong
            for name in project.misnamed_games()
        )
    lines.extend(
        f"cards/{name}:1:1: game folder cards/{name} {OUTSIDE}"
        for name in project.games_outside()
        if not named or name in named
    )
    lines.extend(
        f"cards/{folder}/{name}:1:1: printgen reads a game from game.yaml; rename {name} to "
        "game.yaml"
        for folder, name in project.game_files_misnamed()
        if not named or folder in named
    )
    if lines:  # a game folder refused: its decks/ and layouts/ are not its to say
        return lines
    known = project.game_ids()
    games = [game for game in named if game in known] if named else known
    refused = refused_folders(project.root, games) + _refused_icons(project.root, games)
    return [f"{path}:1:1: {said}" for path, said in refused]


def _refused_icons(root: Path, games: list[str]) -> list[tuple[str, str]]:
    """(path, message) for the project's and these games' icons/ refused whole, in the words
    the icon library says them ("icon: icons is a file, not a folder; …")."""
    from printgen.icons.icon_folder import IconSource, refused_icons_folder

    entries = [(Path("icons"), IconSource.PROJECT)]
    entries += [(Path("cards", game, "icons"), IconSource.GAME) for game in games]
    return [
        (entry.as_posix(), f"icon: {said}")
        for entry, source in entries
        if (said := refused_icons_folder(root / entry, root, source)) is not None
    ]


def _shown(name: str) -> str:
    """A folder name quoted as Python writes it, a byte that is not UTF-8 as the byte (\\xff)
    rather than the stand-in Python decoded it to (\\udcff)."""
    return re.sub(r"\\udc([89a-f][0-9a-f])", r"\\x\1", repr(name))


def _foreign(name: str) -> str:
    """The first character outside plain ASCII, named: a Cyrillic 'а' looks like 'a'."""
    import unicodedata

    odd = next((c for c in name if not c.isascii() and c.isprintable()), None)
    if odd is None:
        return ""
    return f" (its {odd!r} is {unicodedata.name(odd, f'U+{ord(odd):04X}')}, not a plain letter)"


def where_projects_are(folder: Path) -> str:
    """What to do in a folder that is no project: the project above, when this is its cards/
    or one of its games (``--project my-games/cards``), else how to make one."""
    with contextlib.suppress(OSError):
        if (folder / "game.yaml").is_file() and folder.parent.name == "cards":
            return f"this is a game folder: pass --project {folder.parent.parent}"
        if any((child / "game.yaml").is_file() for child in islice(folder.iterdir(), 1000)):
            return f"this is a project's cards/: pass --project {folder.parent}"
    return (
        "run printgen in a project folder, pass --project DIR, or start a game here with: "
        "printgen new my-game"
    )


def project_at(folder: str) -> Project | str:
    """The project ``--project`` names, or why there is none, as the line to print: a folder
    that is a symlink loop (Python's resolve() raised, an internal error of every command), or
    a current folder deleted since the shell entered it (an internal error too: a relative
    --project cannot be found from it, and ReportLab asks for it as it is imported)."""
    from printgen.problems import one_line_path
    from printgen.project import Project

    try:
        os.getcwd()
    except FileNotFoundError:
        return (
            "printgen: the folder printgen runs in no longer exists (deleted, or moved "
            "away); cd into the project folder again"
        )
    try:
        return Project.at(folder)
    except RuntimeError:  # Python 3.11's resolve() of a loop; 3.13's leaves it unresolved
        return (
            f"printgen: --project {one_line_path(folder)} is a symlink loop (links leading "
            "back to themselves); check --project"
        )
