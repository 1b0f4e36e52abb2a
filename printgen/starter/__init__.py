"""``printgen new GAME-ID``: a small starter game that validates and builds at once.

It shows each part a designer grows from: game.yaml with data and ``checks:``, one deck on the
packaged base layout (through a layout of the game's own), a back, rules and aid prose in every
chosen language, and a rules.py using the public rules API. Nothing is ever overwritten.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from printgen.limits import MAX_ID_CHARS
from printgen.model.game import not_a_language_code
from printgen.problems import and_joined, game_device
from printgen.project import GAME_ID, Project
from printgen.source.pyyaml import yaml
from printgen.starter.engine import simulate_py

TEXTS = Path(__file__).resolve().parent / "texts.yaml"
_LANG = re.compile(r"^[a-z]{2}$")
# id, count, cost, icon, ink colour, background tint
CARDS = (
    ("miner", 6, 0, "coin", "#8a5a00", "#fbf1dc"),
    ("merchant", 4, 2, "star", "#1f5f8b", "#e3eff8"),
    ("thief", 3, 1, "exile", "#6b2d5c", "#f3e4ef"),
    ("crown", 2, 3, "vp", "#9b1c1c", "#f7dede"),
)


class StarterError(Exception):
    """Why the starter cannot be written (the message says what to do)."""


@dataclass(frozen=True)
class Written:
    """What `printgen new` wrote: the game's folder, its files and what to do next."""

    folder: Path
    files: list[Path]
    notes: list[str]


def check_languages(languages: list[str]) -> None:
    """Raise StarterError for a language that is not a two-letter code."""
    bad = [lang for lang in languages if not _LANG.match(lang)]
    if bad:
        raise StarterError(not_a_language_code(bad[0]))


def new_game(project: Project, game_id: str, languages: list[str]) -> Written:
    if not GAME_ID.match(game_id):  # as a game folder of cards/ is named
        raise StarterError(
            f"game id '{game_id}' must be letters a–z or A–Z, digits, '-', '_' or '.', starting "
            "with a letter or digit (e.g. my-game)"
        )
    if len(game_id) > MAX_ID_CHARS:  # it names folders and files (build/<id>/…): kept short
        raise StarterError(
            f"game id '{game_id[:30]}…' has {len(game_id)} characters; at most {MAX_ID_CHARS}"
        )
    if device := game_device(game_id):
        raise StarterError(device)
    check_languages(languages)
    languages = list(dict.fromkeys(languages)) or ["en"]
    folder = project.cards / game_id
    _inside(project, "new", project.cards, project.templates)
    if folder.exists() or folder.is_symlink():  # a link to nothing exists too: it is in the way
        link = " (a link to nothing)" if not folder.exists() else ""
        raise StarterError(
            f"{project.rel(folder)} already exists{link}; printgen new never overwrites a game: "
            "choose another id or move that folder away"
        )
    _no_case_twin(project, game_id)
    words = {lang: _texts().get(lang, _texts()["en"]) for lang in languages}
    title = " ".join(part[0].upper() + part[1:] for part in re.split(r"[-_.]+", game_id) if part)
    files = {
        "game.yaml": _game_yaml(game_id, title, languages, words),
        "decks/main.yaml": _deck_yaml(game_id, languages, words),
        f"layouts/{game_id}.yaml": _layout_yaml(game_id),
        "rules.py": _rules_py(title),
        "simulate.py": simulate_py(title, {lang: words[lang]["coins_spent"] for lang in languages}),
    }
    for lang in languages:
        files[f"rules.{lang}.md"] = words[lang]["rules"]
        files[f"aid.{lang}.md"] = words[lang]["aid"]
    _labels_read(project, languages[0])
    from printgen.starter.labels import add_labels, check_labels

    check_labels(project, languages)  # a labels file it cannot add to: no game either
    _write_whole(folder, files)
    written = [folder / name for name in files]
    notes = [
        f"no starter text in '{lang}': its files hold the English text to translate"
        for lang in languages
        if lang not in _texts()
    ]
    labels_file, label_notes = add_labels(project, languages, games=False)
    written += [labels_file] if labels_file is not None else []
    return Written(folder, written, notes + label_notes)


def _no_case_twin(project: Project, game_id: str) -> None:
    """A game whose id differs from this one's only in case (``Harbour`` beside ``harbour``)
    would stop every build: their build folders are one on a disk that ignores case."""
    cards = project.cards
    twins = sorted(
        entry.name
        for entry in (cards.iterdir() if cards.is_dir() else ())
        if entry.name.lower() == game_id.lower() and entry.name != game_id
    )
    if len(twins) == 1:
        raise StarterError(
            f"{project.rel(cards / twins[0])} is a game whose id differs from '{game_id}' only "
            "in case, and two such games cannot build side by side (their build folders are "
            "one on many disks): choose another id"
        )
    if twins:  # every one named: the designer renames or deletes them, not only the first
        named = [project.rel(cards / twin) for twin in twins]
        raise StarterError(
            f"{and_joined(named)} are games whose ids differ from "
            f"'{game_id}' only in case, and such games cannot build side by side (their build "
            "folders are one on many disks): choose another id"
        )


def _write_whole(folder: Path, files: dict[str, str]) -> None:
    """The game's files, written into a hidden folder beside it (no game to printgen) and
    renamed into place when all are written: a full disk or Ctrl-C midway left a game with
    half its files, which the next ``new`` refused to touch ("already exists")."""
    import secrets
    import shutil

    # a name of its own: one named by the process id could be an earlier run's that was
    # killed (-9), whose files would join this game; made as the game folder would be (umask)
    staging = folder.with_name(f".{folder.name}.{secrets.token_hex(6)}.printgen.tmp")
    staging.mkdir(parents=True)
    try:
        for name, content in files.items():
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content, encoding="utf-8")
        staging.rename(folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _labels_read(project: Project, lang: str) -> None:
    """The project's templates/labels.yaml read as a build reads it, before anything is
    written: one that did not read (a number of 5000 digits, lists nested 5000 deep) stopped
    ``new`` with an internal error after the game was written, and a second ``new`` refused
    the half-made game. Its problems are raised (ProjectError), at their lines."""
    from printgen.documents.labels import labels

    labels(project, lang)


def _inside(project: Project, command: str, *folders: Path) -> None:
    """Refuse to write through a folder that is a link out of the project (not followed)."""
    for folder in folders:
        if folder.is_symlink() and not (folder.exists() and project.confined(folder)):
            raise StarterError(
                f"{project.rel(folder)}/ is a link out of the project; printgen {command} "
                "writes only inside the project folder"
            )


@cache
def _texts() -> dict[str, dict[str, Any]]:
    data = yaml.safe_load(TEXTS.read_text(encoding="utf-8"))
    return dict(data)


def _q(text: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is valid YAML): safe for ':' and '#'."""
    return json.dumps(text, ensure_ascii=False)


def _plain(text: str) -> str:
    """``text`` as YAML reads it back: unquoted, unless YAML would read a number, a yes/no,
    a date or nothing (2048, 007, yes, null)."""
    import yaml

    return text if yaml.safe_load(text) == text else _q(text)


def _translated(texts: dict[str, str]) -> str:
    """One text for a single language, else {en: …, it: …}."""
    if len(texts) == 1:
        return _q(next(iter(texts.values())))
    return "{" + ", ".join(f"{lang}: {_q(text)}" for lang, text in texts.items()) + "}"


def _game_yaml(
    game_id: str, title: str, languages: list[str], words: dict[str, dict[str, Any]]
) -> str:
    title_text = _translated({lang: title for lang in languages})
    # "You" in each language, for the designer to replace with their name
    author = _translated({lang: str(words[lang]["author"]) for lang in languages})
    return f"""\
# {title}: a starter game made by `printgen new`. Change anything, then run
#   printgen validate {game_id}     (checks everything, writes nothing)
#   printgen build {game_id}        (writes build/{game_id}/<language>/*.pdf)
id: {_plain(game_id)}
title: {title_text}
languages: [{", ".join(languages)}]   # the languages the texts are written in
players: {{min: 2, max: 4}}
duration: 20            # minutes
age: 8
author: {author}
data:                   # numbers the rules text and the cards can use: {{{{ data.goal }}}}
  goal: 7
  start_coins: 2
  hand: 2

# What playing the game with bots must show. `printgen simulate {game_id}` plays it 1000 times
# and reports each threshold as met or BREACHED; `printgen validate --simulate` plays 300 games
# and warns of each one breached. A turn is one player's turn: 4 players take twice the turns
# of 2. Change a card, simulate again, and see whether the game still meets them.
balance:
  min_finished: 0.99                # share of games that end by the rules, not the turn cap
  max_seat_win_gap: 0.10            # best seat's win rate minus the worst seat's
  max_first_player_advantage: 0.05  # first player's win rate minus a fair share
  max_turns_p90: 60                 # 90 % of the games end within this many turns
  min_turns_p10: 12                 # ... and at most 10 % in fewer turns than this

# Design rules without Python: each must hold, or validate reports it at the card's line.
checks:
  - id: cost-limit
    each: main          # once per card type of decks/main.yaml
    assert: "{{{{ card.cost <= 3 }}}}"
    message: "{{{{ card.name }}}} costs {{{{ card.cost }}}}; no card may cost more than 3"
  - id: deck-size
    assert: "{{{{ decks.main.cards | sum(attribute='count') >= 12 }}}}"
    message: "the deck has {{{{ decks.main.cards | sum(attribute='count') }}}} cards; 12 or more play better"
    severity: warning   # shown, never stops a build
"""


def _deck_yaml(game_id: str, languages: list[str], words: dict[str, dict[str, Any]]) -> str:
    lines = [
        "# One deck of poker-size cards. Add a card: copy a block below and give it a new id.",
        "# Texts may hold **bold**, *italic* and icons like :coin: (quote a text that has ': ').",
        f"name: {_translated({lang: words[lang]['deck'] for lang in languages})}",
        "size: poker           # 63 × 88 mm",
        f"layout: {game_id}-card  # in layouts/{game_id}.yaml, built on printgen's card-base",
        "back:",
        f"  layout: {game_id}-back  # printgen's plain back-base, the game's title in its middle",
        "fields:",
        "  name: text",
        "  cost: integer",
        "  playable: text",
        "  effect: text",
        "  icon: icon",
        "  color: color",
        "  tint: color",
        "",
        "cards:",
    ]
    playable = _translated({lang: words[lang]["playable"] for lang in languages})
    for card_id, count, cost, icon, color, tint in CARDS:
        texts = {lang: words[lang]["cards"][card_id] for lang in languages}
        lines += [
            f"  - id: {card_id}",
            f"    count: {count}",
            f"    name: {_translated({lang: t[0] for lang, t in texts.items()})}",
            f"    cost: {cost}",
            f"    playable: {playable}",
            f"    effect: {_translated({lang: t[1] for lang, t in texts.items()})}",
            f"    icon: {icon}",
            f'    color: "{color}"',
            f'    tint: "{tint}"',
            "",
        ]
    return "\n".join(lines)


def _layout_yaml(game_id: str) -> str:
    return f"""\
# This game's own layouts (mm from the card's top-left trim corner). card-base and back-base
# come with printgen; `extends` takes all their elements, and an element named here adds to them
# or overrides one of theirs. `size: poker`: these positions are for a poker card, and follow
# the deck's size when it changes (leave it out to have them taken exactly as written).
{game_id}-back:
  extends: back-base
  size: poker
  elements:  # the title in up to three lines (back-base keeps it to one)
    logo: {{y: 30, h: 28, min_size: 6}}
{game_id}-card:
  extends: card-base
  size: poker
  elements:
    cost_disc: {{type: ellipse, x: 5, y: 18, w: 10, h: 10, fill: "{{{{ card.color }}}}", decor: true}}
    cost: {{type: text, x: 5, y: 18, w: 10, h: 10, text: "{{{{ card.cost }}}}", style: title, align: center}}
"""


def _rules_py(title: str) -> str:
    return f'''\
"""Design rules of {title} in Python — optional: game.yaml's `checks:` need no Python.

This file is Python and runs like any script when printgen validates or builds the game, so
only keep code here you trust. Each @rule function gets a RuleContext (the game, its decks,
every card's values) and yields Problems, reported as path:line:col: rule-id: message.
"""

from __future__ import annotations

from collections.abc import Iterator

from printgen.rules import Problem, RuleContext, Severity, rule


@rule("a-free-card")
def a_free_card(ctx: RuleContext) -> Iterator[Problem]:
    """Players start with few coins: at least one card type must cost nothing."""
    cards = ctx.cards("main")  # every card type of decks/main.yaml, values as printed
    if cards and all((card.number("cost") or 0) > 0 for card in cards):
        # reported at the first card's line; Severity.ERROR would stop the build
        yield ctx.problem(cards[0].where("cost"), "no card costs 0", Severity.WARNING)
'''
