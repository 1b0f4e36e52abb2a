"""The language of the sheets printgen writes for a project rather than for one game's language:
calibration.pdf (``printgen calibrate``) and icons.pdf (``printgen icons``).

Their words are labels, as a rulebook's are: printgen's templates/labels.yaml has them in en, it,
fr, de and es, and a project's own labels.yaml may add another. ``--lang`` chooses; without it,
the sheet speaks the language the designer's games are written in first — that game's, for
``icons GAME``; the one every game of the project starts with, else English.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.documents.labels import Labels, labels
from printgen.problems import ProjectError, one_line_path
from printgen.project import Project

PRINTGEN_LANGUAGES = ("en", "it", "fr", "de", "es")  # those printgen's own labels.yaml has
FALLBACK = "en"


class NoSheetLanguage(ValueError):
    """``--lang`` names a language the sheet has no words in."""


def sheet_labels(
    project: Project,
    asked: str | None,
    needed: Sequence[str],
    sheet: str,
    game_id: str | None = None,
) -> Labels:
    """The labels ``needed`` of ``sheet`` (its file name, for the error) in the language
    ``asked`` (``--lang``), else the default; NoSheetLanguage for a language they lack,
    ProjectError for a labels file that does not read."""
    if asked is not None:
        words = labels(project, asked, game_id)
        if _has(words, needed):
            return words
        raise NoSheetLanguage(_not_had(project, asked, needed, sheet, game_id))
    default = default_language(project, game_id)
    words = labels(project, default, game_id)
    # a game in a language printgen has no words in (pt), whose designer added none for this
    # sheet: it is a tool for the designer, written in English rather than refused
    return words if _has(words, needed) else labels(project, FALLBACK, game_id)


def default_language(project: Project, game_id: str | None = None) -> str:
    """The game's first language; without a game, the first language every game of the project
    shares; else English. A game.yaml that does not read (validate says why) names none."""
    games = [game_id] if game_id is not None else project.game_ids()
    firsts = {_first_language(project, game) for game in games}
    if len(firsts) == 1 and (only := firsts.pop()) is not None:
        return only
    return FALLBACK


def _first_language(project: Project, game_id: str) -> str | None:
    """The first of ``languages:`` in the game's game.yaml, read alone: the sheet needs no
    deck of the game, and a broken deck is no reason not to print it."""
    from printgen.source.game import LANGUAGE_CODE

    raw = _game_yaml(project, game_id)
    languages = raw.get("languages") if isinstance(raw, dict) else None
    if not isinstance(languages, list) or not languages:
        return None
    first = languages[0]
    return first if isinstance(first, str) and LANGUAGE_CODE.fullmatch(first) else None


def game_title(project: Project, game_id: str, lang: str) -> str:
    """The game's title in ``lang`` (else its first), from its game.yaml read alone, as a sheet
    about the game names it; its id where the file gives none that reads."""
    raw = _game_yaml(project, game_id)
    title = raw.get("title") if isinstance(raw, dict) else None
    if isinstance(title, dict):
        title = title.get(lang, next(iter(title.values()), None))
    return title.strip() if isinstance(title, str) and title.strip() else game_id


def _game_yaml(project: Project, game_id: str) -> object:
    """The game's game.yaml as read, alone (a sheet needs no deck of the game, and a broken
    deck is no reason not to print it); None where it does not read (validate says why)."""
    from printgen.source.located_yaml import read_yaml

    path = project.cards / game_id / "game.yaml"
    try:
        return read_yaml(path, project.rel(path), project)
    except ProjectError:
        return None


def _has(words: Labels, needed: Sequence[str]) -> bool:
    return all(label in words for label in needed)


def _not_had(
    project: Project, asked: str, needed: Sequence[str], sheet: str, game_id: str | None
) -> str:
    """What --lang asked for that the sheet has no words in, the languages it has, and how to
    give it that one."""
    from printgen.model.game import code_within, shown_language, two_letter_hint
    from printgen.source.game import LANGUAGE_CODE

    candidates = dict.fromkeys([*PRINTGEN_LANGUAGES, *_written_languages(project, game_id)])
    had = [lang for lang in candidates if _has(labels(project, lang, game_id), needed)]
    # a line break typed in it would split the line; 10 KB typed, fill the terminal
    shown = one_line_path(shown_language(asked))
    message = f"--lang {shown}: {sheet} has no words in '{shown}'; it has them in {', '.join(had)}"
    code = asked if LANGUAGE_CODE.fullmatch(asked) else code_within(asked)
    if code and code not in had:  # zh-Hant: what zh lacks is said, not 'write zh'
        coded = "" if code == asked else "a language is a two-letter code; "
        return message + (
            f" ({coded}to add {code}: printgen labels {code}, then translate the English it "
            "writes into templates/labels.yaml)"
        )
    return message + two_letter_hint(asked, had)


def _written_languages(project: Project, game_id: str | None) -> list[str]:
    """The languages the designer's labels files (the project's, the game's) give texts in:
    one they added (nl) may hold this sheet's words."""
    from printgen.documents.labels import ANY_LANGUAGE, LABELS, read_labels

    files = [project.templates / LABELS]
    if game_id is not None:
        files.append(project.cards / game_id / LABELS)
    found: dict[str, None] = {}
    for path in files:
        if path.is_file():  # read already by labels(), which said what is wrong with it
            for _, texts in read_labels(project, path, project.rel(path)):
                found.update(dict.fromkeys(lang for lang in texts if lang != ANY_LANGUAGE))
    return sorted(found)
