"""``printgen labels LANG`` (and ``printgen new`` for a language printgen has no words in): the
English labels to translate, written into the project's templates/labels.yaml, and the labels
the designer wrote that still lack the language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.problems import Problem, ProjectError, Where
from printgen.project import PACKAGED_TEMPLATES, Project
from printgen.source.located_yaml import read_yaml
from printgen.source.pyyaml import yaml
from printgen.starter import _inside, _q


def add_labels(
    project: Project, languages: list[str], games: bool = True
) -> tuple[Path | None, list[str]]:
    """For each language printgen has no labels in, the English words to translate, written
    into templates/labels.yaml (``printgen new``, ``printgen labels``): the file written, if
    any, and what the designer is left to do. ``games``: also name what each game's own
    cards/<game>/labels.yaml lacks in the languages (``printgen labels``, a language added to
    a game one has) — not for ``printgen new``: a game's own labels serve that game alone, and
    the new game has none."""
    notes: list[str] = []
    _inside(project, "labels", project.templates)
    labels_file, unlabelled = _labels_for(project, languages)
    path = project.templates / "labels.yaml"
    if labels_file is None and _unlabelled(languages) and path.exists():
        own = _own_labels(project, path)
        if own is None:
            notes.append(
                f"{project.rel(path)} does not read as labels (printgen validate says where): "
                f"no English labels were added to it for {', '.join(_unlabelled(languages))}; "
                "fix it, then add them"
            )
        else:  # nothing written: it was said to hold English labels to translate
            notes.append(_held(project, path, own, _unlabelled(languages)))
    if labels_file is not None:
        notes.append(
            f"{project.rel(labels_file)} holds English labels for "
            f"{', '.join(_unlabelled(languages))} to translate"
        )
    if unlabelled:
        notes.append(
            f"give {_each(unlabelled)} in {project.rel(project.templates)}/labels.yaml (printgen "
            "cannot add to a label you wrote; until then a document printing it says so)"
        )
    notes += _games_lacking(project, languages) if games else []
    return labels_file, notes


def _packaged() -> dict[str, Any]:
    """printgen's own labels file, the English each language's labels start from."""
    english: dict[str, Any] = yaml.safe_load(
        (PACKAGED_TEMPLATES / "labels.yaml").read_text(encoding="utf-8")
    )
    return english


def _games_lacking(project: Project, languages: list[str]) -> list[str]:
    """What each game's own cards/<game>/labels.yaml (a label its templates print, for that
    game alone) lacks in the languages: printgen never writes into a game's file, so the
    designer is told which to give — a build in the language would fail on them."""
    english = _packaged()
    shared = _own_labels(project, project.templates / "labels.yaml") or {}
    notes = []
    for game_id in project.game_ids():
        path = project.cards / game_id / "labels.yaml"
        own = _own_labels(project, path) if path.exists() else None
        lacking: list[tuple[str, list[str]]] = []
        icons: list[tuple[str, list[str]]] = []
        for key, texts in (own or {}).items():
            if key in english or not isinstance(texts, dict):
                continue  # printgen's words, a plain text: each has a fallback
            below = shared.get(key)
            langs = [lang for lang in _lacks(texts, languages) if lang not in _texts_of(below)]
            if langs:  # an icon's name falls back to its file's name: another language's
                (icons if str(key).startswith("icon_") else lacking).append((str(key), langs))
        for kind, tail in (
            (lacking, ""),
            (
                icons,
                "; until then the symbols legend names those icons by their file or Font "
                "Awesome names",
            ),
        ):
            if kind:
                notes.append(
                    f"give {_each(kind)} in {project.rel(path)} (printgen cannot add to a label "
                    f"you wrote{tail})"
                )
    return notes


def _each(lacking: list[tuple[str, list[str]]]) -> str:
    """ "a, b a text for fr; c a text for fr, nl": labels lacking the same languages named
    together ("a text for nl" once, not 42 times)."""
    grouped: dict[tuple[str, ...], list[str]] = {}
    for key, langs in lacking:
        grouped.setdefault(tuple(langs), []).append(key)
    return "; ".join(
        f"{', '.join(keys)} a text for {', '.join(langs)}" for langs, keys in grouped.items()
    )


def _texts_of(texts: object) -> list[str]:
    """The languages a label has a text in."""
    return [str(lang) for lang in texts] if isinstance(texts, dict) else []


def _unlabelled(languages: list[str]) -> list[str]:
    from printgen.documents.labels import labels

    packaged = Project(PACKAGED_TEMPLATES.parent)  # no templates/ of its own: printgen's words
    return [lang for lang in languages if labels(packaged, lang).untranslated]


def check_labels(project: Project, languages: list[str]) -> None:
    """Raise the ProjectError ``add_labels`` would, before ``printgen new`` writes the game:
    a labels file it cannot add to leaves nothing written."""
    if project.templates.is_symlink():
        return  # refused by the caller, and never written
    _labels_for(project, languages, write=False)


def _labels_for(
    project: Project, languages: list[str], write: bool = True
) -> tuple[Path | None, list[tuple[str, list[str]]]]:
    """For a language printgen has no labels in, the English words to translate in
    templates/labels.yaml, so the game builds at once: a new file, or added to the project's
    file for the labels it does not have yet: the file, when written (None when it had them
    all). Also the labels the project's file has that lack the language (a label written by
    hand is never rewritten: the designer adds those)."""
    missing = _unlabelled(languages)
    path = project.templates / "labels.yaml"
    english = _packaged()
    own = _own_labels(project, path)
    if own is None:
        return None, []
    # the designer's own labels (a template of theirs prints them) have no words of printgen's
    # in any language: each is named for the languages printgen has too
    had = [lang for lang in languages if lang not in missing]
    theirs = [key for key, texts in own.items() if key not in english and _lacks(texts, had)]
    theirs = [k for k in theirs if isinstance(own[k], dict) and not str(k).startswith("icon_")]
    if not missing:
        return None, [(key, _lacks(own[key], had)) for key in theirs]
    lines = (
        []
        if own
        else [
            "# The words the rulebook and player aid print, laid over printgen's own labels.",
        ]
    )
    added = [
        _english_line(key, texts["en"], missing)
        for key, texts in english.items()
        if key not in own and not _everywhere(english, key)
    ]
    if added:  # a run that adds no label adds no comment either
        lines += [f"# Translate these English words into {', '.join(missing)}.", *added]
    # the designer's own labels too (a template of theirs prints them); a plain text serves
    # every language, and an icon's name in the legend falls back to the icon's own
    lacking = [
        key
        for key, texts in own.items()
        if isinstance(texts, dict)
        and not all(m in texts for m in missing)
        and (key in english or not str(key).startswith("icon_"))
        and not _everywhere(english, key)
    ]
    written = path.read_text(encoding="utf-8") if own else ""
    before, lacking = _languages_added(written, lacking, missing, english)
    said = [
        (key, _lacks(own.get(key), languages if key in theirs else missing))
        for key in dict.fromkeys([*lacking, *theirs])
    ]
    if not added and before == written:
        return None, said  # it holds them all already: the file stays as it is
    if before and not before.endswith("\n"):
        before += "\n"
    text = before + "\n".join(lines) + ("\n" if lines else "")
    _keeps(project.rel(path), own, text, len(added))
    if write:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return path, said


def _keeps(rel: str, own: dict[str, Any], text: str, added: int) -> None:
    """Refuse, nothing written, when the labels file with the English words added would not
    read back as the designer's labels plus those: the words are added as plain lines at its
    end, which a file written otherwise (one {…} mapping, a '...' end, indented labels) does
    not take — validate then failed on every build."""
    from printgen.source.located_yaml import parse_yaml

    try:
        after = parse_yaml(text.encode("utf-8"), rel)
    except ProjectError:
        after = None
    if (
        isinstance(after, dict)
        and len(after) == len(own) + added
        and all(_grown(texts, after.get(key)) for key, texts in own.items())
    ):
        return
    raise ProjectError(
        [
            Problem(
                Where(rel, 1, 1),
                "printgen cannot add the labels to translate to this file as it is written; "
                "write each label on a line of its own from the line's start (players: {en: "
                "Players}), with no '{' around them all and no '...' end, then run the "
                "command again",
            )
        ]
    )


def _grown(before: object, after: object) -> bool:
    """Whether a label reads as it did, or with texts in more languages."""
    if isinstance(before, dict) and isinstance(after, dict):
        return all(after.get(lang) == text for lang, text in before.items())
    return before == after


def _held(project: Project, path: Path, own: dict[str, Any], missing: list[str]) -> str:
    """What a labels file that already has every label in the languages holds: its own words
    (nothing to translate), or printgen's English still in some — those named, as a word
    that is the same in both languages (Total) is indistinguishable from one left untranslated."""
    english = _packaged()
    still = [
        str(key)
        for key, texts in own.items()
        if isinstance(texts, dict)
        and isinstance(english.get(key), dict)
        and any(texts.get(lang) == english[key].get("en") for lang in missing)
    ]
    held = f"{project.rel(path)} has every label in {', '.join(missing)} already (left as it is)"
    if not still:
        return held
    shown = ", ".join(still[:8]) + (f" and {len(still) - 8} more" if len(still) > 8 else "")
    return f"{held}; these still read as printgen's English: {shown}"


def _everywhere(english: dict[str, Any], key: str) -> bool:
    """Whether printgen's label has a text for every language (``colon: {_: ":", fr: …}``):
    none to translate."""
    from printgen.documents.labels import ANY_LANGUAGE

    texts = english.get(key)
    return isinstance(texts, dict) and ANY_LANGUAGE in texts


def _own_labels(project: Project, path: Path) -> dict[str, Any] | None:
    """The project's labels ({} without a file); None for a link, or a file that does not
    read as labels (build says where): neither is ever written."""
    if path.is_symlink() or (path.exists() and not (path.is_file() and project.confined(path))):
        return None
    if not path.exists():
        return {}
    # read as a build reads it, within its limits: a number of 5000 digits or lists nested
    # 5000 deep made the plain YAML reader fail with an internal error
    try:
        own = read_yaml(path, project.rel(path), project)
    except (ProjectError, OSError):
        return None
    return own if isinstance(own, dict) else None


def _english_line(key: str, english: str, languages: list[str]) -> str:
    """A label to translate: ``players: {pt: "Players", nl: "Players"}``."""
    values = ", ".join(f"{lang}: {_q(english)}" for lang in languages)
    return f"{key}: {{{values}}}"


def _lacks(texts: object, languages: list[str]) -> list[str]:
    """The languages a label the designer wrote has no text in."""
    return [lang for lang in languages if not (isinstance(texts, dict) and lang in texts)]


def _languages_added(
    text: str, lacking: list[str], missing: list[str], english: dict[str, Any]
) -> tuple[str, list[str]]:
    """The labels file with the English words added, for the new languages, to each label
    printgen wrote there and nobody has translated yet (``players: {pt: "Players"}``, on one
    line): a label holding the designer's words is left as written, and returned with those it
    cannot add to, for the designer to complete."""
    still: list[str] = []
    out = text.split("\n")
    for key in lacking:
        if key not in english:  # a label of the designer's own: no English words to add
            still.append(key)
            continue
        for i, line in enumerate(out):
            if not (line.startswith(f"{key}: {{") and line.rstrip().endswith("}")):
                continue
            try:
                texts = (yaml.safe_load(line) or {}).get(key)
            except yaml.YAMLError:
                texts = None
            # printgen's placeholders alone (the English words): the designer's are not touched
            if isinstance(texts, dict) and all(t == english[key]["en"] for t in texts.values()):
                added = "".join(
                    f", {lang}: {_q(english[key]['en'])}" for lang in missing if lang not in texts
                )
                out[i] = line.rstrip()[:-1] + added + "}"
                break
        else:
            still.append(key)
    return "\n".join(out), still
