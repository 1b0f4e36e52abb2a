"""``printgen simulate GAME`` and ``printgen validate --simulate``: the simulator's entry points.

Bad input (no engine, unknown bot, player count the game does not allow, a card number the engine
cannot read) ends with one line and exit status 2; outputs are written atomically, only when the
whole run succeeded.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import sys
import time
import warnings
from pathlib import Path
from typing import Any

from printgen.limits import MAX_GAMES, MAX_JOBS, MAX_TURN_CAP
from printgen.problems import EXIT_BAD_INPUT, Where
from printgen.project import Project
from printgen.rules.guard import warnings_kept
from printgen.simulate.balance import Verdict, check
from printgen.simulate.contract import SimData
from printgen.simulate.data import (
    NoLanguage,
    Problem,
    ProjectError,
    Severity,
    json_bytes,
    load_checked_sim_data,
    load_thresholds,
    report_labels,
    report_names,
)
from printgen.simulate.engine import (
    ENGINE_FILE,
    Engine,
    NoEngine,
    check_has_engine,
    check_played_decks,
    load_engine,
    misspelt_declarations,
)
from printgen.simulate.faults import EngineFault, Warned, engine_warnings, names_over
from printgen.simulate.mistyped import mistyped_plays
from printgen.simulate.options import games_asked
from printgen.simulate.printed import IMPORTING, printed_message
from printgen.simulate.run import DEFAULT_TURN_CAP, OutOfTime, Replays, play_games
from printgen.simulate.settings import Settings
from printgen.simulate.stats import summarize
from printgen.simulate.story import key_sentences, no_winner
from printgen.simulate.tally import Tally

TYPICAL_PLAYERS = 4  # the default table: four players, or the nearest count the game allows


class BadRequest(Exception):
    """One line for the user; exit status 2."""


def simulate_command(project_root: Path, args: argparse.Namespace) -> int:
    return simulate(
        project_root,
        args.games[0],
        games_asked(args),
        args.players,
        args.bots,
        args.seed,
        args.jobs,
        Path(args.json) if args.json is not None else None,
        args.turn_cap,
        args.lang,
        args.strict,
        args.debug,
    )


def simulate(
    project_root: Path,
    game_id: str,
    games: int = 1000,
    players: int | None = None,
    bots: str | None = None,
    seed: int = 1,
    jobs: int = 1,
    json_file: Path | None = None,
    turn_cap: int | None = None,
    lang: str | None = None,
    strict: bool = False,
    debug: bool = False,
) -> int:
    """Play, write the report, say the figures; exit status 2 for bad input, and with
    ``strict`` for a breached balance threshold (the report is written all the same).
    ``debug``: the engine's prints and traceback shown, as the games play (see debug.py)."""
    try:
        if json_file is not None:
            _check_json_target(json_file, project_root)
        if refused := Project.at(project_root).refused_out(project_root / "build"):
            raise BadRequest(refused.removeprefix("printgen: "))  # as build refuses build/
        # said before the games are played, not after minutes of them: the request's own
        # mistakes (no engine, a language the game is not in) before its labels' words
        check_has_engine(project_root, game_id)
        words, untranslated = report_labels(project_root, game_id, lang)
        summary, verdicts, unprintable = run(
            project_root, game_id, games, players, bots, seed, jobs, turn_cap, lang, debug=debug
        )
    except (BadRequest, NoEngine, NoLanguage) as exc:
        print(f"printgen: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except EngineFault as exc:  # path:line:col: message
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    except ProjectError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    from printgen.simulate.report import render

    document = {**summary, "balance": [v.json() for v in verdicts]}
    out = project_root / "build" / game_id
    files = {
        out / "playtest.pdf": render(summary, document["balance"], words),
        out / "playtest.json": json_bytes(document),
    }
    if json_file is not None:
        files[json_file] = files[out / "playtest.json"]
    from printgen.write import write_all

    try:
        # all or none, as a build's; and never through a link inside build/ (build/GAME ->
        # elsewhere), which wrote the report wherever the link led
        write_all(files, project_root / "build")
    except OSError as exc:  # a full disk names no file: the report's folder is said
        said = Project.at(project_root).shown(Path(exc.filename or out))
        hint = "; remove the link (printgen makes the folder)" if exc.errno == errno.ELOOP else ""
        print(f"printgen: cannot write {said}: {exc.strerror or exc}{hint}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for problem in untranslated + unprintable:
        print(problem, file=sys.stderr)
    for sentence in key_sentences(summary):
        print(sentence)
    for verdict in verdicts:
        if not verdict.measurable:  # as the report says it (a breach all the same: --strict)
            said = "NOT MEASURABLE "
        else:
            said = "BREACHED " if verdict.breached else "met " if verdict.judged else "NOT JUDGED "
        print(said + verdict.message)
    for path in files:
        print(f"wrote {Project.at(project_root).shown(path)}")
    breached = [v for v in verdicts if v.breached] if strict else []
    for v in breached:  # at its line, as validate --simulate --strict says it
        print(Problem(v.threshold.where, v.message, Severity.ERROR), file=sys.stderr)
    return EXIT_BAD_INPUT if breached else 0


def run(
    project_root: Path,
    game_id: str,
    games: int,
    players: int | None,
    bots: str | None,
    seed: int,
    jobs: int,
    turn_cap: int | None,
    lang: str | None = None,
    budget: float | None = None,
    design_checks: bool = True,
    debug: bool = False,
) -> tuple[dict[str, Any], list[Verdict], list[Problem]]:
    """Play the games and check the game's thresholds; raise BadRequest or ProjectError.
    ``lang``: the language of the title, card names and engine's captions the summary gives
    (the game's first); also the warnings of names the report's font cannot print.
    ``budget``: seconds all the games may take (validate's), past which the run is an error at
    the engine.
    ``design_checks``: run the game's checks and rules, to warn that it fails them (validate
    has just run them).
    ``debug``: the games played in this process showing the engine's prints (--debug)."""
    caught: list[warnings.WarningMessage] = []  # the engine's as it loads, in this process
    try:
        with warnings_kept(caught):
            engine = load_engine(project_root, game_id, debug)
    except NoEngine as exc:
        raise BadRequest(str(exc)) from None
    data, failed = load_checked_sim_data(project_root, game_id, design_checks)
    try:
        called = report_names(project_root, game_id, lang)
    except NoLanguage as exc:
        raise BadRequest(str(exc)) from None
    decks = dict(data.decks)  # and the decks of the game this one plays on (the symbol deck)
    for deck, cards in (data.used.decks if data.used else {}).items():
        decks.setdefault(deck, cards)
    check_played_decks(engine, decks)
    # what the games say of themselves is said at play()
    where = Where(f"cards/{game_id}/{ENGINE_FILE}", engine.module.play.__code__.co_firstlineno, 1)
    settings = _settings(engine, data, games, players, bots, seed, jobs, turn_cap, debug)
    tally = Tally(settings)
    deadline = None if budget is None else time.monotonic() + budget
    warned, replayed = Warned(where), Replays()
    warned.add(engine_warnings(project_root, caught, where))
    if engine.printed_at is not None:  # (its workers' imports print alike: said once, here)
        at = Where(where.path, engine.printed_at, 1)
        warned.add(([Problem(at, printed_message(IMPORTING), Severity.WARNING)], 1))
    try:
        for part in play_games(project_root, game_id, data, settings, deadline, warned, replayed):
            tally.merge(part)
            # each batch stays within the limits, together they may not
            if (over := names_over(tally, tally.games, data.card_types())) is not None:
                raise EngineFault(f"{where}: {over}")
    except OutOfTime as exc:
        raise EngineFault(
            f"{where}: the first {exc.args[0]:,} of {games:,} "
            f"games took more than {budget:g} s (the limit for validate --simulate); make "
            "play() faster, or run `printgen simulate` for as long as it takes"
        ) from None
    played = engine.played_decks
    card_ids = [
        card.id
        for deck, cards in decks.items()
        if played is None or deck in played
        for card in cards
    ]
    meta = {
        "game": game_id,
        "title": called.title or game_id,
        "engine": f"cards/{game_id}/simulate.py",
        "engine_bots": list(engine.bots),
    }
    from printgen.simulate.undrawable import drawable_captions, undrawable_names

    captions, undrawn = drawable_captions(
        engine.labels(called.language), engine.path, f"cards/{game_id}/{ENGINE_FILE}"
    )
    summary = summarize(tally, settings, meta, card_ids, captions, called.names)
    undrawn += undrawable_names(summary, engine.path, f"cards/{game_id}/{ENGINE_FILE}", where)
    said = failed + misspelt_declarations(engine) + undrawn
    said += called.unprintable + warned.lines()
    printed = {
        card.id: [str(card.values.get("name") or card.id), called.names.get(card.id, card.id)]
        for cards in decks.values()
        for card in cards
    }
    said += mistyped_plays(tally, card_ids, engine, game_id, printed)
    if tally.capped_winners:  # their wins count nowhere: the designer meant them to
        said.append(
            Problem(
                where,
                f"play() named winners in {tally.capped_winners:,} "
                f"{'game' if tally.capped_winners == 1 else 'games'} it said did not end "
                "(finished=False): the report counts wins only of games that ended; if the "
                "rules make a winner at the turn cap, that game ended: return finished=True",
                Severity.WARNING,
            )
        )
    if no_winner(summary):  # some draws are the rules'; all of them, a winner never returned
        ended = tally.draws
        said.append(
            Problem(
                where,
                f"play() named no winner in any of the {ended:,} "
                f"{'game' if ended == 1 else 'games'} that ended (every one a draw), so no "
                "win rate can be measured: does play() return the winning seats "
                "(winners=(seat,)) when the rules end a game?",
                Severity.WARNING,
            )
        )
    if tally.unfinished_turns:  # its own stop, which the report cannot count as the cap's
        said.append(_unfinished_early(tally, settings.turn_cap, where))
    # the figures would count one game as many (games that never end are said as such)
    if tally.games > 1 and tally.all_alike and tally.finished_lengths:
        said.append(
            Problem(
                where,
                f"play() played the same game all {tally.games:,} times (the same turns, "
                "winners, plays and figures): the report counts one game as many; does play() "
                "draw every choice from rng, not from a random.Random of its own, or none?",
                Severity.WARNING,
            )
        )
    if replayed.first is not None:
        said.append(
            Problem(
                where,
                f"play() gave game {replayed.first + 1:,} (--seed {seed}) another record when it "
                "was played again alone: the engine's games depend on more than their seed — "
                "state kept from one game to the next (in module-level variables or in the rules "
                "prepare() made), or the clock or random.SystemRandom instead of rng — so -n, "
                "--seed and --jobs cannot replay them",
                Severity.WARNING,
            )
        )
    return summary, check(summary, load_thresholds(project_root, game_id)), said


def check_games(games: int) -> None:
    """-n's bounds, simulate's and validate --simulate's."""
    if games < 1:
        raise BadRequest(f"-n must be at least 1 game, not {games}")
    if games > MAX_GAMES:
        raise BadRequest(f"-n is at most {MAX_GAMES:,} games in one run, not {games:,}")


def _unfinished_early(tally: Tally, cap: int, where: Where) -> Problem:
    """finished=False from a game shorter than the turn cap: the engine stopped it on a limit
    of its own, or meant finished=True; the report calls them neither ended nor capped."""
    turns = tally.unfinished_turns
    low, high = min(turns), max(turns)
    at = f"{low:,} turns" if low == high else f"{low:,} to {high:,} turns"
    games = f"{len(turns):,} game{'s' if len(turns) > 1 else ''}"
    return Problem(
        where,
        f"play() gave finished=False in {games} it ended at {at}, before the {cap}-turn "
        "cap, which is unusual: a game the rules end returns finished=True, and one that does "
        "not end runs on to turn_cap (the report counts them apart, as ended unfinished by "
        "the engine)",
        Severity.WARNING,
    )


def _settings(
    engine: Engine,
    data: SimData,
    games: int,
    players: int | None,
    bots: str | None,
    seed: int,
    jobs: int,
    turn_cap: int | None,
    debug: bool = False,
) -> Settings:
    low, high = data.players_min, data.players_max
    if players is None:
        players = min(max(TYPICAL_PLAYERS, low), high)
    if not low <= players <= high:
        allowed = f"{low}" if low == high else f"{low} to {high}"
        raise BadRequest(f"{data.game_id} is for {allowed} players, not {players} (--players)")
    names = tuple(b.strip() for b in bots.split(",")) if bots and bots.strip() else ()
    if bots is None:
        names = engine.bots[:1]
    elif "" in names:  # a doubled or trailing comma: dropping it would seat other bots
        raise BadRequest(f"--bots: an empty bot name in '{bots}' (a doubled or trailing comma?)")
    for name in names:
        if name not in engine.bots:
            hint = difflib.get_close_matches(name, engine.bots, n=1)
            tail = f"; did you mean '{hint[0]}'?" if hint else ""
            raise BadRequest(
                f"{data.game_id} has no bot '{name}' (bots: {', '.join(engine.bots)}){tail}"
            )
    if not names:
        raise BadRequest("--bots needs at least one bot name")
    check_games(games)
    if not 1 <= jobs <= MAX_JOBS:  # as build's: one worker a batch, thousands for -n 10**6
        raise BadRequest(f"--jobs: expected a number of processes from 1 to {MAX_JOBS}")
    cap = turn_cap if turn_cap is not None else engine.turn_cap or DEFAULT_TURN_CAP
    if cap < 1:
        raise BadRequest("--turn-cap must be at least 1")
    if cap > MAX_TURN_CAP:  # a game past it was stopped after minutes, and the engine blamed
        raise BadRequest(
            f"--turn-cap is at most {MAX_TURN_CAP:,} turns (a game's series holds one value a "
            f"turn), not {cap:,}"
        )
    return Settings(games, players, names, seed, cap, jobs, debug)


def _check_json_target(path: Path, project_root: Path) -> None:
    """``--json FILE`` is replaced by the summary: never a game's input, a device, a folder or
    another file printgen writes — a mistyped path would lose it."""
    if path.name.lower() == ".json":  # (a dotfile: no suffix to Python)
        raise BadRequest(f"--json: '{path}' has no name before its .json; e.g. playtest.json")
    if not path.name or path.suffix.lower() != ".json":
        raise BadRequest(f"--json: '{path}' must be a file name ending in .json")
    if not path.parent.is_dir():
        # a folder the user named: printgen makes its own build/ folders, not theirs
        raise BadRequest(f"--json: no folder {path.parent}; make it first")
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise BadRequest(f"--json: {path} is not a plain file; name a new or plain .json file")
    project = Project.at(project_root)
    if any(path.resolve().is_relative_to(folder) for folder in project.input_folders):
        raise BadRequest(
            f"--json: {path} is inside the project's "
            f"{', '.join(f.name for f in project.input_folders)} folders, where its games are "
            "made; write the summary elsewhere"
        )
    if (output := project.output_folder(path.resolve())) is not None:  # it was cards.json
        raise BadRequest(
            f"--json: {path} is inside {output}/, where printgen writes its outputs (and "
            "removes them); write the summary elsewhere"
        )
