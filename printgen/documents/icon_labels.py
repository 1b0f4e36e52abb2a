"""The designer's ``icon_<name>`` labels, each the name the player aid's Symbols legend gives an
icon: checked where they are written (the project's templates/labels.yaml, a game's own
labels.yaml), never in printgen's own labels file.

A label whose name is no icon's was never read (the legend kept the icon's own name), and the
legend prints a label's text as written, in the document font: a character the font lacks
printed as an empty box, and **bold** or {{ }} as typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from printgen import inputs
from printgen.documents.labels import ANY_LANGUAGE, LABELS, Labels
from printgen.documents.source_lines import editor_lines
from printgen.icons import fontawesome
from printgen.icons.library import IconLibrary
from printgen.layout import text as markup
from printgen.layout import unprintable
from printgen.model.game import Game
from printgen.problems import Problem, ProjectError, Severity, Where, closest
from printgen.project import Project
from printgen.source.located_yaml import LDict, read_yaml

ICON_LABEL = "icon_"  # icon_<name>: the legend's name for an icon
WORD = "word_"  # icon_word_<name>: the word for a built-in icon, read when no icon_<name> is
# what the legend would print as typed: a template, code, a link, an HTML tag (stars and
# :icon: are found as card text reads them, below)
_TYPED = re.compile(r"\{\{|\{%|\{#|`|\]\(|</?[A-Za-z][^<>]*>")
_UNDERSCORED = re.compile(r"(?<!\w)(__?)[^_\s](?:[^_]*[^_\s])?\1(?!\w)")  # _italic_, __bold__


@dataclass(frozen=True)
class _File:
    """One of the designer's labels files, as read with the place of each label and text."""

    rel: str
    data: LDict
    shared: bool  # the project's, for every game (not the game's own)


def icon_label_problems(
    project: Project, game: Game, words: Labels, printed: list[str]
) -> list[Problem]:
    """What is wrong with the designer's icon labels for one aid: one that names no icon the
    game can use (a warning: the legend ignores it), and the text of one the legend prints
    (``printed``: its icons) in ``words``'s language, which must be a plain name in the font."""
    files = _designer_files(project, game)
    found = [problem for file in files for problem in _no_icon(project, game, file)]
    for name in printed:
        key = f"{ICON_LABEL}{name}"
        if key in words.written and (place := _text_place(files, key, words.lang, words)):
            found += _unprintable(project, *place, key, game.icon_library)
    return found


def _designer_files(project: Project, game: Game) -> list[_File]:
    """The project's labels file and the game's own, in the order they are laid (each read
    already, to give the labels: one that does not read was said then)."""
    files = []
    for path, shared in (
        (project.templates / LABELS, True),
        (project.cards / game.id / LABELS, False),
    ):
        if not path.is_file():
            continue
        rel = project.rel(path)
        try:
            data = read_yaml(path, rel, project)
        except (OSError, ProjectError):
            continue
        if isinstance(data, LDict):
            files.append(_File(rel, data, shared))
    return files


def _no_icon(project: Project, game: Game, file: _File) -> list[Problem]:
    """An icon label whose name no icon has (``icon_exil`` for exile, ``icon_Exile``): the
    legend never read it, and kept the icon's own name without a word."""
    icons = game.icon_library
    problems = []
    for key in file.data:
        if not str(key).startswith(ICON_LABEL):
            continue
        name = str(key).removeprefix(ICON_LABEL)
        prefix = ICON_LABEL + WORD if name.startswith(WORD) else ICON_LABEL
        named = str(key).removeprefix(prefix)
        if icons.has(named) or icons.has(name):
            continue
        # the project's labels serve every game: an icon of another game's own is named there
        others = _games_icons(project) if file.shared else set()
        if named in others:
            continue
        pool = fontawesome.names() if fontawesome.is_fa(named) else [*icons.names(), *others]
        meant = closest(named, pool)
        hint = (
            f"did you mean '{prefix}{meant[0]}'?"
            if meant
            else f"write {prefix}<name> with an icon's name as cards write it ("
            "`printgen icons` lists them)"
        )
        problems.append(
            Problem(
                file.data.key_at(str(key)),
                f"label '{key}' names no icon, so the Symbols legend never uses it; {hint}",
                Severity.WARNING,
            )
        )
    return problems


def _games_icons(project: Project) -> set[str]:
    """The names of every game's own icons (cards/<game>/icons/*.svg)."""
    try:
        folders = sorted(project.cards.glob("*/icons"))
        for folder in folders:  # inputs of this game's build: an icon added there is noticed
            inputs.note(folder.resolve())
        return {path.stem for folder in folders for path in folder.glob("*.svg")}
    except OSError:  # a folder that cannot be listed: its icons are said where they are read
        return set()


def _text_place(
    files: list[_File], key: str, lang: str, words: Labels
) -> tuple[str, Where, str] | None:
    """The file, place and text of the label ``key`` the aid in ``lang`` prints: the last file
    giving it in ``lang``, else the last giving it for every language; None when that text is
    printgen's own (a designer's file gives the label in other languages only)."""
    for wanted in (lang, ANY_LANGUAGE):
        for file in reversed(files):
            value: Any = file.data.get(key)
            if isinstance(value, LDict) and wanted in value:
                place, text = value.at(wanted), value[wanted]
            elif wanted == ANY_LANGUAGE and isinstance(value, str | int | float):
                place, text = file.data.at(key), value
            else:
                continue
            return (file.rel, place, str(text)) if str(text) == words.get(key) else None
    return None


def _unprintable(
    project: Project, rel: str, start: Where, written: str, key: str, icons: IconLibrary
) -> list[Problem]:
    """A label's text the legend would misprint: markup printed as typed, characters the
    document font lacks printed as empty boxes; each at its place in the text."""
    from printgen.layout.fonts import vera

    lines = _lines(project, rel)
    problems = []
    if not written.strip() or any(c in written for c in "\n\r\t"):
        # a name of spaces printed none (beside the icon); a line break, an empty box
        said = "is empty" if not written.strip() else "holds a line break or a tab"
        return [
            Problem(
                start,
                f"label '{key}' {said}: an icon's name in the Symbols legend is one line of "
                "text; write the name, or leave the label out for the icon's own name",
            )
        ]
    if (typed := _markup(written, icons)) is not None:
        problems.append(
            Problem(
                _at(lines, start, typed),
                f"label '{key}' is an icon's name, which the Symbols legend prints as written "
                f"(beside the icon): '{typed}' would print as typed; write the name alone, "
                "without **bold**, *italic*, :icons: or {{ }}",
            )
        )
    for char in unprintable.missing_chars(written, vera().regular):
        problems.append(
            Problem(
                _at(lines, start, char, unprintable.yaml_escapes(char)),
                unprintable.lacking(char, "Vera"),
            )
        )
    return problems


def _markup(written: str, icons: IconLibrary) -> str | None:
    """The first mark of ``written`` the legend would print as typed, if any."""
    found = [(m.start(), m.group()) for m in _TYPED.finditer(written)]
    found += [
        (written.find(f":{name}:"), f":{name}:")
        for name in unprintable.icon_names(written)
        if icons.has(name) or not name[0].isdigit()  # 10:30:45 is a time, not an icon
    ]
    runs = markup.parse(written)
    for mark, used in (("**", any(r.bold for r in runs)), ("*", any(r.italic for r in runs))):
        if used:
            found.append((written.find(mark), mark))
    found += [(m.start(), m.group(1)) for m in _UNDERSCORED.finditer(written)]
    return min(found)[1] if found else None


def _lines(project: Project, rel: str) -> list[str]:
    try:
        return editor_lines(project.read_text(project.root / rel, Where(rel)))
    except (OSError, ProjectError):
        return []


def _at(lines: list[str], start: Where, needle: str, also: list[str] | None = None) -> Where:
    """Where ``needle`` (or one of ``also``: its escapes) is first written from ``start`` on
    (the text's first line, or a block's next ones); ``start`` when it is not found."""
    for number in range(start.line, min(len(lines), start.line + 200) + 1):
        line = lines[number - 1]
        column = start.col - 1 if number == start.line else 0
        hits = [line.find(n, column) for n in (needle, *(also or []))]
        if found := [hit for hit in hits if hit >= 0]:
            return Where(start.path, number, min(found) + 1)
    return start
