"""The designer's ``icon_<name>`` labels, each the name the player aid's Symbols legend gives an
icon: checked where they are written (the project's templates/labels.yaml, a game's own
labels.yaml), never in printgen's own labels file.

The legend prints a label's text as written, in the document font: a character the font lacks
printed as an empty box.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.documents.labels import ANY_LANGUAGE, LABELS, Labels
from printgen.documents.source_lines import editor_lines
from printgen.layout import unprintable
from printgen.model.game import Game
from printgen.problems import Problem, ProjectError, Where
from printgen.project import Project
from printgen.source.located_yaml import LDict, read_yaml

ICON_LABEL = "icon_"  # icon_<name>: the legend's name for an icon


@dataclass(frozen=True)
class _File:
    """One of the designer's labels files, as read with the place of each label and text."""

    rel: str
    data: LDict


def icon_label_problems(
    project: Project, game: Game, words: Labels, printed: list[str]
) -> list[Problem]:
    """What is wrong with the designer's icon labels for one aid: the text of one the legend
    prints (``printed``: its icons) in ``words``'s language, which must be in the font."""
    files = _designer_files(project, game)
    found: list[Problem] = []
    for name in printed:
        key = f"{ICON_LABEL}{name}"
        if key in words.written and (place := _text_place(files, key, words.lang, words)):
            found += _unprintable(project, *place)
    return found


def _designer_files(project: Project, game: Game) -> list[_File]:
    """The project's labels file and the game's own, in the order they are laid (each read
    already, to give the labels: one that does not read was said then)."""
    files = []
    for path in (project.templates / LABELS, project.cards / game.id / LABELS):
        if not path.is_file():
            continue
        rel = project.rel(path)
        try:
            data = read_yaml(path, rel, project)
        except (OSError, ProjectError):
            continue
        if isinstance(data, LDict):
            files.append(_File(rel, data))
    return files


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


def _unprintable(project: Project, rel: str, start: Where, written: str) -> list[Problem]:
    """The characters of a label's text the document font lacks (printed as empty boxes),
    each at its place in the text."""
    from printgen.layout.fonts import vera

    lines = _lines(project, rel)
    problems = []
    for char in unprintable.missing_chars(written, vera().regular):
        problems.append(
            Problem(
                _at(lines, start, char, _escapes(char)),
                f"character {unprintable.shown(char)} is not in the document font (Vera); "
                "write it another way" + unprintable.space_hint(char),
            )
        )
    return problems


def _escapes(char: str) -> list[str]:
    """How YAML may write ``char`` in a quoted text."""
    code = ord(char)
    return [f"\\u{code:04x}", f"\\u{code:04X}", f"\\U{code:08x}", f"\\U{code:08X}"]


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
