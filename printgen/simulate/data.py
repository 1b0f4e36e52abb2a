"""A game's card data for the simulator, read through the same loader and resolver as a build.

The only module of the simulator (with ``canvas.py``) that imports the rest of printgen: what it
needs from the loader, the model and the error reporting is re-exported here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from printgen.problems import Problem, Problems, ProjectError, Severity, Where
from printgen.project import Project
from printgen.session import Session
from printgen.simulate.contract import SimCard, SimData
from printgen.simulate.report_words import Words
from printgen.source.balance import BALANCE_KEYS
from printgen.source.located_yaml import place
from printgen.write import atomic_write, json_bytes


@dataclass(frozen=True)
class Threshold:
    """One ``balance:`` entry of a game.yaml and where it is written."""

    key: str
    value: float
    where: Where


def load_sim_data(project_root: Path, game_id: str) -> SimData:
    """Raises ProjectError when the game (or the game it uses) does not load."""
    return _sim_data(Session(Project.at(project_root)), game_id)


def load_checked_sim_data(
    project_root: Path, game_id: str, checks: bool = True
) -> tuple[SimData, list[Problem]]:
    """The game's data, and warnings when the game fails its design checks (constraints,
    ``checks:``, rules.py): validate rejects it, yet the designer may well play it on purpose,
    so it is played and said — and apart, a rules.py that does not load or a rule that fails,
    which is no verdict on the cards. The checks run on the values already loaded and resolved
    for the simulation (a big deck's loading is the slow part). Raises as ``load_sim_data``."""
    session = Session(Project.at(project_root))
    data = _sim_data(session, game_id)
    return data, _failed_checks(session, game_id) if checks else []


def _failed_checks(session: Session, game_id: str) -> list[Problem]:
    from printgen.rules.run import run_rules

    game = session.game(game_id)
    problems = Problems()
    broken: list[Problem] = []  # rules.py's own failures: its checks were not made
    try:
        module = session.rules_module(game_id)
    except ProjectError as exc:  # a rules.py that does not import fails validate too
        broken += exc.problems
        module = None
    run_rules(session.rule_context(game, problems), module, problems, broken)
    said = [_broken_rules(game_id, broken, loaded=module is not None)] if broken else []
    errors = [p for p in problems.errors if p not in broken]
    if not errors:
        return said
    first = errors[0]
    which = "one" if len(errors) == 1 else f"{len(errors):,}"
    rest = "other" if len(errors) == 2 else "others"
    others = "" if len(errors) == 1 else f"; `printgen validate {game_id}` says the {rest}"
    failed = Problem(
        first.where,  # the first failing check's place: the designer's mistake
        f"{game_id} fails {which} of its design checks ({first.message}{others}): the "
        "simulation plays it as it is; fix the cards, or change the check",
        Severity.WARNING,
    )
    return [*said, failed]


def _broken_rules(game_id: str, broken: Sequence[Problem], loaded: bool) -> Problem:
    """A rules.py that does not load, or a rule of it that failed, at its line: the cards
    were not found wanting, the check was never made — "fix the cards" would send the
    designer to the wrong file."""
    first = broken[0]
    more = len(broken) - 1
    others = f"; `printgen validate {game_id}` says the {more:,} other{'s' if more > 1 else ''}"
    if loaded:
        what = (
            f"({first.message}{others if more else ''}): the simulation ran without checking "
            f"{game_id} against {'those rules' if more else 'that rule'}"
        )
    else:
        what = (
            f"({first.message}): it does not load, so the simulation ran without its checks "
            "(game.yaml's checks: still ran)"
        )
    return Problem(first.where, f"rules.py is broken {what}; fix rules.py", Severity.WARNING)


def _sim_data(session: Session, game_id: str) -> SimData:
    game = session.game(game_id)
    problems = Problems()
    resolved = session.resolved(game, problems)[game.meta.languages[0]]
    if problems.has_errors():
        raise ProjectError(problems.errors)
    decks = {
        deck.id: tuple(
            SimCard(deck.id, card.id, card.count, resolved.values(deck, card))
            for card in deck.cards
        )
        for deck in game.decks
    }
    uses = game.uses if isinstance(game.uses, Mapping) else {}
    other = uses.get("deck")
    used = _sim_data(session, other) if isinstance(other, str) and other != game_id else None
    return SimData(
        game_id=game_id,
        players_min=game.meta.players_min,
        players_max=game.meta.players_max,
        data=resolved.data,
        decks=decks,
        uses=uses,
        used=used,
        title=str(resolved.game["title"]),
    )


class NoLanguage(Exception):
    """The report was asked for in a language the game is not written in."""


@dataclass(frozen=True)
class ReportNames:
    """What the report calls the game and its cards, in one language."""

    title: str
    names: dict[str, str]  # card type id -> printed name (its id when it has none)
    unprintable: list[Problem]  # warnings: a character of those the report's font lacks
    language: str  # the report's: the one asked for, else the game's first


def report_names(project_root: Path, game_id: str, lang: str | None) -> ReportNames:
    """The game's title and each card type's printed name (its ``name``, else its id) in
    ``lang`` — the game's first language when None — for the report; the cards of the game it
    plays on too, in ``lang`` where that game has it. A character of the game's own title or
    names that the report's font (Vera, as the cards') lacks is a warning at its line: it
    would print as a blank. Raises NoLanguage, or ProjectError."""
    from printgen.layout import text, unprintable
    from printgen.layout.accents import composed
    from printgen.layout.fonts import vera
    from printgen.layout.hyphens import unbroken

    session = Session(Project.at(project_root))
    game = session.game(game_id)
    _check_language(game_id, game.meta.languages, lang)
    names: dict[str, str] = {}
    title = ""
    lacking: list[_Lacking] = []

    def check(words: str, where: Where, what: str, shown_as: str) -> None:
        if chars := unprintable.missing_glyphs([text.Run(words)], vera()):
            lacking.append(_Lacking(where, what, [unprintable.shown(c) for c in chars], shown_as))

    used = _used(game.uses)
    for which in dict.fromkeys([game_id] + ([used] if used else [])):
        one = session.game(which)
        problems = Problems()
        language = lang if lang in one.meta.languages else one.meta.languages[0]
        resolved = session.resolved(one, problems)[language]
        if problems.has_errors():
            raise ProjectError(problems.errors)
        own = one is game  # the other game's names are that game's to mend
        if not title:
            title = composed(
                unbroken(str(resolved.game["title"]))
            )  # as the report's Paragraph draws
            at = place(game.raw, "title", Where(f"{game.folder}/game.yaml"))
            check(title, at, "the title", f"the game's id '{game_id}'")
        for deck in one.decks:
            for card in deck.cards:
                name = resolved.values(deck, card).get("name")
                if name in (None, ""):
                    names.setdefault(card.id, card.id)
                    continue
                # a soft hyphen breaks a card's line; the report cuts a name, never breaks it
                names.setdefault(card.id, composed(unbroken(str(name))))
                if own:
                    at = card.where_of("name", language)
                    check(str(name), at, f"card '{card.id}' name", f"the card's id '{card.id}'")
    said = [_lacking_said(lacking)] if lacking else []
    return ReportNames(title, names, said, lang or game.meta.languages[0])


@dataclass(frozen=True)
class _Lacking:
    """A name holding characters the report's font cannot draw, and what prints instead."""

    where: Where
    what: str  # "the title", "card 'miner' name"
    chars: list[str]  # as a problem quotes them
    instead: str  # "the card's id 'miner'"


def _lacking_said(lacking: Sequence[_Lacking]) -> Problem:
    """One warning for every name the report cannot draw, at the first: a Japanese game's every
    name is one, and a warning a character buried the report's own lines. A name missing a
    glyph printed as blanks ("Playtest:    "), and two such names alike; its id is printed."""
    first, others = lacking[0], lacking[1:]
    chars = ", ".join(first.chars[:3]) + (", …" if len(first.chars) > 3 else "")
    noun = "character" if len(first.chars) == 1 else "characters"
    verb = "is" if len(first.chars) == 1 else "are"
    message = f"{noun} {chars} of {first.what} {verb} not in the playtest report's font (Vera)"
    if not others:
        return Problem(
            first.where, f"{message}: it prints {first.instead} instead", Severity.WARNING
        )
    named = ", ".join(o.what for o in others[:3]) + (", …" if len(others) > 3 else "")
    message += f", nor are some characters of {len(others)} more names ({named})"
    message += f": it prints {first.instead} and theirs instead"
    return Problem(first.where, message, Severity.WARNING)


def report_labels(
    project_root: Path, game_id: str, lang: str | None
) -> tuple[Words, list[Problem]]:
    """The words the report prints (its title, headings, table heads, notes) in ``lang``, the
    game's first language when None, as the rulebook's are: printgen's labels, the project's,
    the game's. A label they lack in that language (a language printgen has none in, pt or nl,
    in a project whose labels predate the report) prints in English, and is said as one
    warning: a playtest report is a design tool, not a printed component, so it is no reason
    to refuse to play. Raises NoLanguage for a language the game is not written in."""
    from printgen.documents.labels import LABELS, Labels, label_line, labels
    from printgen.simulate.report_tables import REPORT_LABELS
    from printgen.simulate.undrawable import drawable_labels, lacking

    project = Project.at(project_root)
    game = Session(project).game(game_id)
    _check_language(game_id, game.meta.languages, lang)
    language = lang or game.meta.languages[0]
    words = labels(project, language, game_id)
    undrawn = [n for n in REPORT_LABELS if n in words and lacking(str(words[n]))]
    in_english: list[Problem] = []
    if undrawn:  # a script the report's font lacks: in English, not in empty boxes
        fixed, in_english = drawable_labels(
            words,
            labels(project, "en", game_id),
            undrawn,
            label_line(project, undrawn[0]),
            language,
        )
        words = Labels(fixed, language, [])
    missing = [name for name in REPORT_LABELS if name not in words]
    if not missing:
        return Words(words, language), in_english
    english = labels(project, "en", game_id)
    filled = Labels({**{name: english[name] for name in missing}, **words}, language, [])
    if len(missing) == 1:
        said = f"its label '{missing[0]}' has no '{language}' text, so it prints"
    elif len(missing) == len(REPORT_LABELS):
        said = f"none of its {len(missing):,} labels has a '{language}' text, so it prints"
    else:
        said = f"{len(missing):,} of its {len(REPORT_LABELS):,} labels have no '{language}' text"
        said += ", so they print"
    file = f"{project.rel(project.templates)}/{LABELS}"
    message = (
        f"the playtest report is in '{language}', but {said} in English; `printgen labels "
        f"{language}` writes what is missing into {file}, in English, to translate"
    )
    return Words(filled, language), [
        Problem(label_line(project, missing[0]), message, Severity.WARNING),
        *in_english,
    ]


def _check_language(game_id: str, languages: Sequence[str], lang: str | None) -> None:
    if lang is not None and lang not in languages:
        from printgen.model.game import shown_language, two_letter_hint

        hint = two_letter_hint(lang, languages) if lang.lower() != lang or len(lang) != 2 else ""
        from printgen.problems import one_line_path

        # 10 KB typed was echoed whole; a line break typed split the line
        shown = one_line_path(shown_language(lang))
        raise NoLanguage(
            f"--lang: {game_id} is written in {', '.join(languages)}, not '{shown}'{hint}"
        )


def _used(uses: object) -> str | None:
    other = uses.get("deck") if isinstance(uses, Mapping) else None
    return other if isinstance(other, str) else None


def load_thresholds(project_root: Path, game_id: str) -> tuple[Threshold, ...]:
    """The game's ``balance:`` thresholds (already checked by the loader), in BALANCE_KEYS order."""
    game = Session(Project.at(project_root)).game(game_id)
    balance = game.raw.get("balance")
    if not isinstance(balance, Mapping):
        return ()
    return tuple(
        Threshold(key, float(balance[key]), place(balance, key, game.meta.where))
        for key in BALANCE_KEYS
        if key in balance
    )


def balance_where(project_root: Path, game_id: str) -> Where:
    """Where the game's ``balance:`` key is written (the game.yaml's start without one)."""
    game = Session(Project.at(project_root)).game(game_id)
    return place(game.raw, "balance", Where(f"{game.folder}/game.yaml"))


def project_games(project_root: Path) -> list[str]:
    return Project.at(project_root).game_ids()


__all__ = [
    "BALANCE_KEYS",
    "NoLanguage",
    "Problem",
    "ProjectError",
    "Severity",
    "Threshold",
    "Where",
    "atomic_write",
    "balance_where",
    "json_bytes",
    "load_checked_sim_data",
    "load_sim_data",
    "load_thresholds",
    "project_games",
    "report_labels",
    "report_names",
]
