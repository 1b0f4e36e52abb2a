"""A label of the designer's ``labels.yaml`` that nothing prints: not one of printgen's (whose
names are English words: ``players``, ``duration``), not an icon's, and a word no template,
prose, deck or layout file of the project writes. Most often a label misspelt, or named in the
game's own language (``joueurs:``): its text was ignored without a word."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from printgen.documents.label_tags import tags_in_labels
from printgen.documents.labels import ANY_LANGUAGE, LABELS, printgen_labels
from printgen.documents.qa_marker import QA_LABELS
from printgen.problems import Problem, Severity, Where
from printgen.project import Project
from printgen.source.located_yaml import LDict, read_yaml
from printgen.source.readers import did_you_mean
from printgen.startup.deferred import pattern

_OWN_PREFIXES = ("icon_",)  # an icon's label: said by printgen.documents.icon_labels

# Labels searched for the closest of printgen's: each search is a pass of difflib over all of
# them, and 100,000 unused labels took 55 s. Past this many, a label is said with where
# printgen's names are listed, as a label with none close is.
SEARCHES_AT_MOST = 100
_NONE_CLOSE = (
    "; printgen's labels have English names (players, duration, components …): "
    "`printgen labels LANG` writes every one to translate"
)


def unknown_labels(project: Project, game_folder: str) -> list[Problem]:
    """A warning at each label of the project's and the game's labels files that nothing
    prints: none of printgen's, no icon's, and a word no template, prose, deck or layout file of
    the project writes (a label misspelt, or named in the game's language); and, whether
    printed or not, each written empty or holding {{ }}."""
    printed = printgen_labels(project)
    unknown: list[tuple[str, Where]] = []  # labels none of printgen's, nor an icon's
    own: list[Problem] = []  # a label written empty, or with {{ }}: whether printed or not
    for path in (project.templates / LABELS, project.root / game_folder / LABELS):
        if not path.is_file() or not project.confined(path):
            continue
        data = read_yaml(path, project.rel(path), project)
        if isinstance(data, LDict):  # (an empty file, or one of another shape: said elsewhere)
            own += _emptied(data, printed) + tags_in_labels(data, _OWN_PREFIXES)
            unknown += [
                (str(key), data.key_at(key))
                for key in data
                if str(key) not in printed and not str(key).startswith(_OWN_PREFIXES)
            ]
    if not unknown:  # nearly every game: no file of the project is read for them
        return own
    used = _used_names(project)
    problems = []
    tails: dict[str, str] = {}  # a label in both files is searched once
    for name, where in unknown:
        if name in used:
            continue
        tail = tails.get(name)
        if tail is None:
            searched = len(tails) < SEARCHES_AT_MOST
            tail = did_you_mean(name, printed, _NONE_CLOSE) if searched else _NONE_CLOSE
            tails[name] = tail
        said = f"label '{name}' is none printgen prints, and no template or prose here reads it"
        problems.append(Problem(where, f"{said}{tail}", Severity.WARNING))
    return own + problems


def _emptied(data: LDict, printed: set[str]) -> list[Problem]:
    """An error at each text of printgen's labels written empty: printed as nothing, it left
    a stray ':' after the cover's icon (": 2–4"), or a heading with no words."""
    found = []
    for key, value in data.items():
        name = str(key)
        if name not in printed or name in QA_LABELS or name.startswith(_OWN_PREFIXES):
            # the designer's own label: their template decides what empty means; the
            # questions-and-answers ones and icons' are said, with their use, where they print
            continue
        texts = value.items() if isinstance(value, LDict) else [(ANY_LANGUAGE, value)]
        for lang, text in texts:
            if isinstance(text, str) and not text.strip():
                where = value.at(lang) if isinstance(value, LDict) else data.at(key)
                language = f" in '{lang}'" if lang != ANY_LANGUAGE else ""
                found.append(
                    Problem(
                        where,
                        f"label '{key}' is empty{language}, and printgen's documents print it "
                        "(a word before a ':', a heading): write its text, or remove it to "
                        "keep printgen's",
                    )
                )
    return found


def _used_names(project: Project) -> set[str]:
    """Every word of the project's templates (any file under templates/: an included part, a
    macro, ``t.get('x')``, an alias of ``t``), of every game's prose, deck and layout files (a
    deck's ``output: boards`` names its sheets by the label ``boards``): a label written in any
    of them may be read, however it is read. Only a label none of them writes is said."""
    texts: list[Path] = []
    if project.templates.is_dir():
        texts += [p for p in project.templates.rglob("*") if p.is_file() and p.name != LABELS]
    for folder in sorted(project.cards.glob("*/")) if project.cards.is_dir() else []:
        texts += sorted(folder.glob("rules.*.md")) + sorted(folder.glob("aid.*.md"))
        texts += sorted(folder.glob("decks/*.yaml")) + sorted(folder.glob("layouts/*.yaml"))
    used: set[str] = set()
    for path in texts:
        if not project.confined(path):  # a link out of the project is never read
            continue
        head = _head(path)
        if head is not None:
            used.update(_WORD.findall(head.decode("utf-8", errors="replace")))
    return used


def _head(path: Path) -> bytes | None:
    """The first _READ_BYTES of a regular file (a word of a 10,000-card deck file is its
    head's); None for anything else: a pipe named rules.zz.md, opened, would wait for a writer
    for good (O_NONBLOCK opens it at once, and it is then passed over)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None
            return file.read(_READ_BYTES)
    except OSError:
        return None


_READ_BYTES = 256 * 1024
_WORD = pattern(r"[^\W\d]\w*")
