"""Folders and templates printgen never reads, named nearly as ones it reads: ``icon/`` for
``icons/``, ``cards/<game>/layout/``, ``templates/layout/base.yaml``, a rulebook override saved
as ``templates/player_aid.md.j2``. What the designer put there was left out without a word —
their own base layouts or aid template silently not used — so each is a warning naming the
name printgen reads."""

from __future__ import annotations

from pathlib import Path

from printgen import inputs
from printgen.folders import hidden
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, Severity, Where
from printgen.project import Project
from printgen.startup.deferred import pattern

# the folders printgen reads, under each folder it looks into
_PROJECT_FOLDERS = ("cards", "icons", "templates", "fonts")
_TEMPLATE_FOLDERS = ("layouts",)
_GAME_FOLDERS = ("decks", "layouts", "icons")
# the files of templates/ that replace printgen's own, by name
_TEMPLATES = ("rulebook.md.j2", "player-aid.md.j2", "labels.yaml")
# a template's name apart from its endings and spelling: player_aid.md.j2, Rulebook.j2
_STEM = pattern(r"[^.]+")


def misplaced(project: Project, game_id: str) -> list[Problem]:
    """A warning for each folder or template the project (and the game) holds under a name
    printgen does not read but nearly does."""
    problems = []
    places = (
        (project.root, _PROJECT_FOLDERS),
        (project.templates, _TEMPLATE_FOLDERS),
        (project.cards / game_id, _GAME_FOLDERS),
    )
    for parent, known in places:
        if not project.confined(parent):  # a link out of the project is not looked into
            continue
        for folder, meant in _near_folders(parent, known):
            inputs.note(folder)  # taken away, the next build says nothing of it
            rel = project.rel(folder)
            problems.append(
                Problem(
                    Where(rel),
                    f"printgen reads {project.rel(parent / meant)}/, not {rel}/: nothing in it "
                    f"is used; rename it {meant}/",
                    Severity.WARNING,
                )
            )
    decks = project.cards / game_id / "decks"
    for folder in _deck_folders(decks) if project.confined(decks) else []:
        inputs.note(folder)  # its deck files moved up, the next build says nothing of it
        problems.append(
            Problem(
                Where(project.rel(folder)),
                f"printgen reads the deck files in {project.rel(decks)}/ itself, not in its "
                f"folder {folder.name}/: its .yaml files are never read; move them up",
                Severity.WARNING,
            )
        )
    for path, meant in _near_templates(project):
        inputs.note(path)
        problems.append(
            Problem(
                Where(project.rel(path)),
                f"printgen reads no template named {path.name} (nor does a template of yours "
                f"name it), so it replaces nothing; rename it {meant} to replace printgen's",
                Severity.WARNING,
            )
        )
    return problems


def _near_folders(parent: Path, known: tuple[str, ...]) -> list[tuple[Path, str]]:
    """Sub-folders of ``parent`` that are a known one in another case or number (``Icons``,
    ``icon``, ``layout``): never another word, as ``art/`` beside ``decks/`` is the
    designer's own."""
    try:  # a folder that cannot be listed is said by what reads it
        children = sorted(parent.iterdir()) if parent.is_dir() else []
    except OSError:
        return []
    found = []
    for child in children:
        if child.name in known or hidden(child.name) or not _folder(child):
            continue
        meant = next((k for k in known if _spelt_as(child.name, k)), None)
        # on a disk that ignores case (macOS, Windows) Icons/ is icons/, and read
        if meant is not None and not _same(child, parent / meant):
            found.append((child, meant))
    return found


def _deck_folders(decks: Path) -> list[Path]:
    """Sub-folders of a game's decks/ holding .yaml files, which are never read as decks (a
    spreadsheet there is, through a deck's cards_from:)."""
    try:
        children = sorted(decks.iterdir()) if decks.is_dir() else []
        return [
            child
            for child in children
            if not hidden(child.name) and _folder(child) and any(child.glob("*.yaml"))
        ]
    except OSError:  # a folder that cannot be listed is said by what reads it
        return []


def _spelt_as(name: str, known: str) -> bool:
    """``name`` is ``known`` in another case, the other number, '_' or ' ' for '-'."""
    spelt = name.lower().replace("_", "-").replace(" ", "-")
    return spelt in (known, known.removesuffix("s"), known + "s")


def _folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _same(one: Path, other: Path) -> bool:
    try:
        return one.samefile(other)
    except OSError:
        return False


def _near_templates(project: Project) -> list[tuple[Path, str]]:
    """Files of templates/ named as one of printgen's templates spelt otherwise
    (``player_aid.md.j2``, ``Rulebook.md.j2``, ``rulebook.j2``, ``label.yaml``) that no
    template of the project names (a part one of them includes may be called anything)."""
    folder = project.templates
    try:
        if not folder.is_dir() or not project.confined(folder):
            return []
        files = [p for p in sorted(folder.iterdir()) if not hidden(p.name) and p.is_file()]
    except OSError:  # said by what reads templates/
        return []
    near = []
    for path in files:
        if path.name in _TEMPLATES or (stem := _STEM.match(path.name)) is None:
            continue
        meant = next((t for t in _TEMPLATES if _spelt_as(stem[0], t.split(".")[0])), None)
        if meant is not None and not _same(path, folder / meant):
            near.append((path, meant))
    if not near:
        return []
    try:
        named = " ".join(_text(project, p) for p in sorted(folder.rglob("*.j2")))
    except OSError:  # a sub-folder that cannot be listed: none of it names them
        named = ""
    return [(path, meant) for path, meant in near if path.name not in named]


def _text(project: Project, path: Path) -> str:
    """A template of the project's, to look for a name in; one that leads out of the project,
    or is too large to be one, is not read (its own reading says what is wrong with it)."""
    try:
        if hidden(path.name) or not project.confined(path) or not path.is_file():
            return ""
        if path.stat().st_size > MAX_PROSE_BYTES:
            return ""
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return ""
