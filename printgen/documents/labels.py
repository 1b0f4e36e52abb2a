"""The words the document templates print (``t.players``, ``t.credits`` …) and the font credits.

printgen ships labels.yaml in en, it, fr, de and es; a project's own templates/labels.yaml is laid
over it label by label and language by language, so a designer adds one language or rewords one
label without copying the rest; a game's own cards/<game>/labels.yaml is laid over both, for that
game only (the names of its own icons, say).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen import inputs
from printgen.documents.label_shapes import ANY_LANGUAGE as ANY_LANGUAGE  # (re-exported)
from printgen.documents.label_shapes import shape
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, ProjectError, Where, closest, fail
from printgen.project import PACKAGED_TEMPLATES, Project
from printgen.source.located_yaml import LDict, read_yaml

Entries = tuple[tuple[str, dict[str, str]], ...]  # (label, {lang: text}), as a file has them

LABELS = "labels.yaml"
PACKAGED_LABELS = PACKAGED_TEMPLATES / LABELS  # printgen's own labels, under every project's


class Labels(dict[str, str]):
    """One language's labels. Templates read them as ``t.<label>``; a label the template names
    but this language lacks is reported by name (see ``missing_label``)."""

    def __init__(
        self,
        words: dict[str, str],
        lang: str,
        untranslated: list[str],
        written: dict[str, str] | None = None,
    ) -> None:
        super().__init__(words)
        self.lang = lang
        self.untranslated = untranslated  # labels that exist, but not in this language
        # the designer's labels file that last sets each label (none of printgen's own): where
        # a language it lacks is added
        self.written = written or {}


def labels(project: Project, lang: str, game_id: str | None = None) -> Labels:
    """One language's labels: printgen's, the project's, then the game's own."""
    files = [PACKAGED_LABELS, project.templates / LABELS]
    if game_id is not None:
        files.append(project.cards / game_id / LABELS)
    found: list[tuple[Path, inputs.Version | None]] = []
    for path in files:
        if path.exists() or path.is_symlink():  # a pipe or a link out is refused when read
            # the file's version is part of the cache key: `printgen watch` reads it again
            found.append((path, inputs.version(path.stat()) if path.exists() else None))
    # the files laid over one another once a process for each version of them: a validate
    # asks for a language's labels four times, for each language (cards, decimal mark, the
    # rulebook's and the aid's words), and each time resolved, named and merged the three
    # files again (0.1 ms)
    key = (project, tuple(found))
    laid = _MERGED.get(key)
    if laid is None:
        laid = _merged(project, found)
        if len(_MERGED) >= 16:  # a few games a process; a long watch keeps no more
            _MERGED.clear()
        _MERGED[key] = laid
    else:
        for real in laid.reads:
            inputs.note(real)
    merged, written = laid.merged, laid.written
    words = {
        key: texts.get(lang, texts.get(ANY_LANGUAGE, ""))
        for key, texts in merged.items()
        if lang in texts or ANY_LANGUAGE in texts
    }
    return Labels(words, lang, sorted(key for key in merged if key not in words), dict(written))


@dataclass(frozen=True)
class _Laid:
    """Labels files laid over one another: each label's text by language, the designer's
    file that last sets it, and the files' real paths (inputs of every game that uses them)."""

    merged: dict[str, dict[str, str]]
    written: dict[str, str]
    reads: tuple[Path, ...]


_MERGED: dict[tuple[Project, tuple[tuple[Path, inputs.Version | None], ...]], _Laid] = {}


def _merged(project: Project, found: list[tuple[Path, inputs.Version | None]]) -> _Laid:
    merged: dict[str, dict[str, str]] = {}
    written: dict[str, str] = {}
    reads: list[Path] = []
    for path, now in found:
        if now:  # read once a process, an input of every game that uses it
            reads.append(path.resolve())
            inputs.note(reads[-1])
        rel = project.rel(path)
        # the file's name worked out once, not again for each of its ~90 labels (a path
        # made, compared and made relative a label: 18 M instructions, 1.6 % of a W&M
        # validate)
        own = None if path == PACKAGED_LABELS else rel
        for key, value in _labels_file(project, path, rel, now):
            if ANY_LANGUAGE in value:  # one text for every language (players: Seats) replaces
                merged[key] = dict(value)  # what the files below said in each: it was ignored
            else:
                merged.setdefault(key, {}).update(value)
            if own is not None:
                written[key] = own
    return _Laid(merged, written, tuple(reads))


def printgen_labels(project: Project) -> set[str]:
    """The names of printgen's own labels (its packaged labels.yaml)."""
    return {key for key, _ in packaged_labels(project)}


def packaged_labels(project: Project) -> Entries:
    """printgen's own labels (its packaged labels.yaml), read once a process as ``labels``
    reads them."""
    path = PACKAGED_LABELS
    return _labels_file(project, path, project.rel(path), inputs.version(path.stat()))


def decimal_mark(project: Project, lang: str, game_id: str | None = None) -> str | None:
    """The mark ``lang`` writes between a number's whole part and its decimals (1,5): its label
    decimal_mark; None when its labels give none (a number with decimals then says so)."""
    from printgen.sandbox.numbers import DECIMAL_MARK

    try:
        return labels(project, lang, game_id).get(DECIMAL_MARK) or None
    except ProjectError:  # a labels file that does not read: said where the documents read it
        return "."


@lru_cache(maxsize=64)  # printgen's, the project's, and one a game
def _labels_file(project: Project, path: Path, rel: str, now: inputs.Version | None) -> Entries:
    """A labels file as (label, {lang: text}); a plain text serves every language. printgen's
    own comes as shipped read (``compiled.shipped_labels``) while it is the text it was read
    from."""
    if path == PACKAGED_LABELS:
        from printgen.documents.compiled import shipped_labels

        if (shipped := shipped_labels(path.read_bytes())) is not None:
            return shipped
    return read_labels(project, path, rel)


def read_labels(project: Project, path: Path, rel: str) -> Entries:
    """A labels file read as YAML (``rel``: its name in messages)."""
    data = read_yaml(path, rel, project)
    if data is None:  # an empty file: no labels of its own
        return ()
    if not isinstance(data, LDict):
        raise fail(
            Where(rel),
            f"{LABELS} must map each label to its text, or to one text per "
            "language (players: {en: Players, it: Giocatori})",
        )
    problems = [
        Problem(where, message)
        for key, value in data.items()
        for where, message in shape(data, str(key), value)
    ]
    if problems:
        raise ProjectError(problems)
    return tuple(
        (
            str(key),
            {str(k): str(v) for k, v in value.items()}
            if isinstance(value, dict)
            else {ANY_LANGUAGE: str(value)},
        )
        for key, value in data.items()
    )


def missing_label(context: dict[str, Any], name: str) -> str | None:
    """What to say when a template names ``t.<name>`` and the labels have no such text."""
    words = context.get("t")
    if not isinstance(words, Labels) or name in words:
        return None
    lang = words.lang
    if name in words.untranslated:
        # an icon's name in the legend (icon_*) falls back to the icon's own: not one to list
        others = [k for k in words.untranslated if k != name and not k.startswith("icon_")]
        if len(others) > 8:  # a language printgen has no labels in: all of them to write
            return (
                f"label '{name}' has no '{lang}' text, nor do {len(others)} others; "
                f"`printgen labels {lang}` writes them all into templates/labels.yaml, in "
                "English, to translate"
            )
        also = f" (also without '{lang}': {', '.join(others)})" if others else ""
        file = words.written.get(name, f"templates/{LABELS}")
        return (
            f"label '{name}' has no '{lang}' text; add it to {file} as "
            f"'{name}: {{{lang}: …}}'{also}"
        )
    meant = closest(name, [*words, *words.untranslated])
    if meant:  # a misspelt label (t.thanks_txt beside thanks_text)
        return f"no label '{name}' in labels.yaml; did you mean 't.{meant[0]}'?"
    return (
        f"no label '{name}' in labels.yaml; add it to templates/labels.yaml as "
        f"'{name}: {{{lang}: …}}' or fix the name after 't.'"
    )


@dataclass(frozen=True)
class FontCredit:
    """A font a document uses and the notice its licence asks to print."""

    name: str
    notice: str  # copyright and licence, as printed in the credits


def font_credits(project: Project, names: list[str], words: Labels) -> list[dict[str, str]]:
    """Each font embedded in the game's outputs, with its notice: Vera's from the labels, a
    project font's from the LICENSE/OFL.txt next to it in fonts/ (when there is one)."""
    credits: list[dict[str, str]] = []
    for name in dict.fromkeys(names):
        if name.lower() == "vera":
            notice = words.get("vera_notice", "")
            credit = FontCredit("Bitstream Vera Sans", notice)
        else:
            # (imported here: a build of card sheets alone reads labels, never a licence)
            from printgen.documents.font_licences import read_licence

            read = read_licence(project, name).notice
            credit = FontCredit(name, words.get("font_no_licence", "") if read is None else read)
        credits.append({"name": credit.name, "notice": credit.notice})
    return credits


def unlabelled(project: Project, words: Labels, names: tuple[str, ...], user: str) -> list[Problem]:
    """The labels of ``names`` that printgen's own code prints (``user``: what prints them) and
    ``words`` lack: each an error as a template's missing label is (an English word, or a
    crash, in a sheet's margin or a page's foot otherwise)."""
    found = []
    for name in names:
        said = missing_label({"t": words}, name)
        if said is None:
            continue
        what, _, fix = said.partition("; ")
        found.append(Problem(label_line(project, name), f"{what} ({user} prints it); {fix}"))
        if "`printgen labels" in fix:  # a language of no labels: one line says to write them
            break
    return found


def emptied(project: Project, words: Labels, needs: dict[str, str]) -> list[Problem]:
    """The labels of ``needs`` (each with what its text is for) that the designer wrote empty
    (or a stop alone): an empty clarification word collected no callout, an empty questions
    heading printed nothing — without a word either way."""
    return [
        Problem(
            label_line(project, name, words.written.get(name)),
            f"label '{name}' is empty in '{words.lang}'; {purpose}: write it as "
            f"'{name}: {{{words.lang}: …}}'",
        )
        for name, purpose in needs.items()
        if name in words and not words[name].strip(" .:")
    ]


def label_line(project: Project, name: str, rel: str | None = None) -> Where:
    """Where the designer's labels file (``rel``, else the project's) names a label (its start
    if it does not, or is not there yet: the file to write it in)."""
    rel = rel or f"{project.rel(project.templates)}/{LABELS}"
    path = project.root / rel
    try:
        lines = project.read_text(path, Where(rel, 1, 1), MAX_PROSE_BYTES).splitlines()
    except (OSError, ProjectError):
        return Where(rel, 1, 1)
    return next(
        (Where(rel, n, 1) for n, line in enumerate(lines, 1) if line.startswith(f"{name}:")),
        Where(rel, 1, 1),
    )
