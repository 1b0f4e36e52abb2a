"""Games, and each game's languages, are independent: a build is a list of units of work, run
in worker processes when there are several units and several cores (else one after another,
here — the same units either way).

A unit is one game in one language (for validate, which draws nothing, one whole game). Each
unit starts from a fresh ``Session`` so that the files it reads are its own: the build cache
keys a game by exactly those. The results are put back in the order of the units, so a
parallel build writes the same files, byte for byte, and reports the same problems in the same
order as a sequential one.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.inputs import recording
from printgen.options import BuildOptions, Output
from printgen.problems import Problem, ProjectError, Severity, Where, of_one_language
from printgen.project import Project
from printgen.staged import Contents

if TYPE_CHECKING:
    from printgen.model.game import Game
    from printgen.sandbox.workers import Ended
    from printgen.session import Session


@dataclass(frozen=True)
class Unit:
    """One game in one language: the work a worker process does. For validate a unit is a whole
    game (``lang`` None), made language by language in one session."""

    game: str
    lang: str | None  # None: every language the build asks for
    weight: int = 0  # cards to draw (validate: bytes to check): the heaviest units start first
    lead: bool = True  # the unit that runs the game's rules (once, for every language)


@dataclass
class Made:
    """What a unit made: its problems, its files (path -> bytes), the files it read and the
    template code and parses it kept (path -> bytes: written after the outputs, ``kept.save``)."""

    unit: Unit
    problems: list[Problem]
    files: dict[Path, Contents]  # an exported image staged: only its path, size and hash
    reads: set[Path] = field(default_factory=set)
    code: dict[Path, bytes] = field(default_factory=dict)
    # the warnings its outputs' making gave (documents laid out, sheets imposed): made only
    # by a unit without errors
    made_warnings: frozenset[Problem] = frozenset()


def said_together(items: list[Made]) -> list[Problem]:
    """The problems one game's units found. Where a unit found an error, the warnings that
    making the outputs gives wait for the next run in every unit: one with an error makes none
    (the documents of the unit that runs the rules are not laid out after a failing rule), the
    other languages' went on, and their documents' warnings were said for one language only
    ("[it]"); so do those its cards' lay-out gave in one language ("… [it]"), which a unit
    whose rules failed may not have reached. The rules' and the data's warnings are said."""
    erred = [any(p.severity == Severity.ERROR for p in item.problems) for item in items]
    if not any(erred):
        return [problem for item in items for problem in item.problems]
    return [
        p
        for item, stopped in zip(items, erred, strict=True)
        for p in item.problems
        if stopped or not (p in item.made_warnings or of_one_language(p))
    ]


# the games the parent process loaded to plan the units, and why those that did not load did
# not; forked workers inherit them
_loaded: dict[str, Game] = {}
_refused: dict[str, ProjectError] = {}


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def plan(
    project: Project, games: list[str], options: BuildOptions
) -> tuple[list[Unit], dict[str, set[Path]]]:
    """The units of a build, and the files read to plan them (by game). Each game is loaded
    once here: a unit made in this process, or in a forked worker, starts from it."""
    _loaded.clear()  # only this build's games: never those of an earlier build (watch)
    _refused.clear()
    if len(games) == 1 and len(options.languages) == 1:
        return [Unit(games[0], None)], {}
    if options.out is None:
        # validate draws nothing, so most of checking a language is what its game's other
        # languages share (templates compiled, fonts read, rules run): a unit is a whole game,
        # loaded by whoever checks it, and a single game is checked here, in no worker
        return [Unit(game_id, None, _source_bytes(project, game_id)) for game_id in games], {}
    from printgen.session import Session

    units: list[Unit] = []
    reads: dict[str, set[Path]] = {}
    for game_id in games:
        with recording() as reads[game_id]:
            try:
                game = Session(project).game(game_id)
            except ProjectError as exc:  # its unit reports why, without reading it again
                _refused[game_id] = exc
                units.append(Unit(game_id, None))
                continue
        _loaded[game_id] = game
        weight = sum(deck.total for deck in game.decks)
        for number, lang in enumerate(options.languages or game.meta.languages):
            # the rules see every language at once: the game's first unit runs them
            units.append(Unit(game_id, lang, weight, lead=number == 0))
    return units, reads


def _source_bytes(project: Project, game_id: str) -> int:
    """How much a game has to check, before loading it: the bytes of its game file, decks and
    layouts (a few thousand entries at most are looked at)."""
    folder = project.cards / game_id
    total = 0
    for where in (folder, folder / "decks", folder / "layouts"):
        try:
            with os.scandir(where) as entries:
                for entry in islice(entries, 2000):
                    if entry.is_file(follow_symlinks=False):
                        total += entry.stat(follow_symlinks=False).st_size
        except OSError:  # not there: its unit says what is wrong
            continue
    return total


def run(
    project: Project,
    units: list[Unit],
    options: BuildOptions,
    jobs: int,
    make: Callable[[Session, Unit, BuildOptions], Made],
    done: Callable[[Made], None],
) -> list[Made]:
    """Every unit made (in parallel when ``jobs`` > 1), in the order given."""
    if jobs <= 1 or len(units) <= 1:
        results = []
        for unit in units:
            results.append(_in_session(project, options, unit, make))
            done(results[-1])
        return results
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # what each worker does, for naming one killed (imported before the workers fork: a
    # command of one process never imports it)
    from printgen.sandbox.workers import Board, ended_worker, joined

    _preload(options)  # workers inherit what the parent imported, instead of each importing it
    fork = "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if fork else None)
    heaviest_first = sorted(range(len(units)), key=lambda i: -units[i].weight)
    found: dict[int, Made] = {}
    board = Board(context, len(units))  # which unit each worker makes, should one be killed
    processes: list[Any] = []
    stack = ExitStack()  # its handler set after the workers fork, kept while the pool shuts down
    workers = min(jobs, len(units))
    with (
        stack,
        ProcessPoolExecutor(
            workers, mp_context=context, initializer=joined, initargs=(board.slots,)
        ) as pool,
    ):
        futures = {
            i: pool.submit(_in_worker, i, project, options, units[i], make) for i in heaviest_first
        }
        stack.enter_context(_killed_with(pool))
        try:
            for i in heaviest_first:
                found[i] = futures[i].result()
                done(found[i])
        except BrokenProcessPool:  # a worker killed: said once the pool has joined it
            processes = list((getattr(pool, "_processes", None) or {}).values())
    if len(found) < len(units):
        raise ProjectError([_killed(units, ended_worker(processes, board))])
    return [found[i] for i in range(len(units))]


def _killed(units: list[Unit], ended: Ended | None) -> Problem:
    """A worker that ended without a word — killed by a signal: the out-of-memory killer, the
    CPU time limit on rules stuck in one library call, a rules.py ending its own process — is
    no bug of printgen's: said at the game it was making (at its rules.py when importing it)."""
    if ended is None or ended.task is None:
        how = ended.how if ended is not None else "ended"
        return Problem(
            Where("cards"),
            f"a build worker process was {how}, making one of "
            f"{', '.join(dict.fromkeys(unit.game for unit in units))}; build again with "
            "--jobs 1 to see which game",
        )
    unit = units[ended.task]
    lang = f" [{unit.lang}]" if unit.lang else ""
    if ended.how.startswith("stopped by the CPU time limit"):  # only a game's Python stalls so
        return Problem(
            Where(f"cards/{unit.game}/rules.py"),
            f"the worker process building {unit.game}{lang} was {ended.how}: rules.py, or a "
            "rule, was stuck inside one library call, where its time limit cannot stop it",
        )
    from printgen.sandbox.workers import IMPORTING_RULES

    if ended.step == IMPORTING_RULES:
        return Problem(
            Where(f"cards/{unit.game}/rules.py"),
            f"the worker process building {unit.game}{lang} was {ended.how} while importing "
            "rules.py; does it end its own process, or take all the memory?",
        )
    return Problem(
        Where(f"cards/{unit.game}/game.yaml"),
        f"the worker process building {unit.game}{lang} was {ended.how}; with less memory "
        "taken by other programs, or --jobs 1, it may go through",
    )


def _in_worker(
    index: int,
    project: Project,
    options: BuildOptions,
    unit: Unit,
    make: Callable[[Session, Unit, BuildOptions], Made],
) -> Made:
    from printgen.sandbox.workers import task  # (imported by the parent, before it forked)

    with task(index):
        return _in_session(project, options, unit, make)


@contextmanager
def _killed_with(pool: Any) -> Iterator[None]:
    """A kill of this process (SIGTERM, SIGHUP) ends its workers first: left running, they
    would wait forever to hand back work no one reads, holding the caller's output open. Set
    once the workers are forked, so that they keep the default (a worker just ends)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def end(number: int, frame: object) -> None:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        signal.signal(number, signal.SIG_DFL)
        signal.raise_signal(number)  # and this process ends as the kill meant

    numbers = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    # a signal the caller ignores (nohup: SIGHUP) stays ignored
    kept = [number for number in numbers if signal.getsignal(number) is not signal.SIG_IGN]
    before = {number: signal.signal(number, end) for number in kept}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)


def _in_session(
    project: Project,
    options: BuildOptions,
    unit: Unit,
    make: Callable[[Session, Unit, BuildOptions], Made],
) -> Made:
    from printgen.sandbox.alarm import alarm_installed

    with _collector_paused(), alarm_installed():
        return _made(project, options, unit, make)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic collector off for a unit of work, back on (if it was on) once the unit's
    objects are gone, whatever happens. A unit keeps every laid-out face until its PDF is
    written, so each collection walked an ever larger heap holding no garbage (a fifth of a
    10,000-card build), and resumed between lay-out and drawing it walked every face twice.
    Faces, lines and drawing state hold no reference cycles worth collecting; a bundled game's
    peak memory is the same either way (39 MiB for Warriors and Monks)."""
    if not gc.isenabled():  # the command's own process runs without it (cli)
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _made(
    project: Project,
    options: BuildOptions,
    unit: Unit,
    make: Callable[[Session, Unit, BuildOptions], Made],
) -> Made:
    from printgen.session import Session

    # a build reads every layout file its game sees, as validate does: a broken one it does
    # not use must stop it too (it built over one validate refuses); a bundled game uses
    # every file it has, so this reads nothing more
    session = Session(project, every_layout=True)
    if unit.game in _loaded:  # loaded while planning (in the parent: inherited by a fork)
        session.seed(_loaded[unit.game])
    elif unit.game in _refused:  # a 31 MB game file refused for its values was read twice
        session.seed_unloadable(unit.game, _refused[unit.game])
    with recording() as reads:
        if unit.lang is None and options.out is None:
            made = _language_by_language(project, session, options, unit, make)
        else:
            chosen = options if unit.lang is None else replace(options, languages=(unit.lang,))
            with _kept_code(project, options, unit.game, chosen.languages) as code:
                made = make(session, unit, chosen)
            made.code = code
    made.reads |= reads
    return made


def _kept_code(
    project: Project, options: BuildOptions, game_id: str, languages: tuple[str, ...]
) -> AbstractContextManager[dict[Path, bytes]]:
    """What builds of this game in this language kept: template code and parsed Markdown (a
    build keeps what it used; validate only reads)."""
    from printgen.building import kept  # not for a build that finds every game up to date

    folder = kept.folder(options.out or project.root / "build")
    outputs = [output.value for output in Output if options.wants(output)]
    write = options.out is not None
    return kept.unit(folder, game_id, list(languages), outputs, write)


def _language_by_language(
    project: Project,
    session: Session,
    options: BuildOptions,
    unit: Unit,
    make: Callable[[Session, Unit, BuildOptions], Made],
) -> Made:
    """A whole game (validate) made as its language units would be, one after another in one
    session: each language says what it would alone, in the same order, while the game's files,
    values, layouts, compiled templates and rules module are read once."""
    try:
        languages = options.languages or session.game(unit.game).meta.languages
    except ProjectError:  # the unit says why
        return make(session, unit, options)
    made = []
    for number, lang in enumerate(languages):
        chosen = replace(options, languages=(lang,))
        with _kept_code(project, chosen, unit.game, chosen.languages):
            made.append(make(session, replace(unit, lang=lang, lead=number == 0), chosen))
    files = {path: data for item in made for path, data in item.files.items()}
    later = frozenset().union(*(item.made_warnings for item in made))
    return Made(unit, said_together(made), files, made_warnings=later)


def _preload(options: BuildOptions) -> None:
    from printgen.documents import prose  # noqa: F401
    from printgen.outputs import maker
    from printgen.sandbox.expressions import sandbox_ready

    sandbox_ready()  # Jinja: every unit evaluates checks, card texts or document templates

    for output in Output:
        if options.wants(output):
            maker(output)
    if options.wants(Output.CARDS) and options.out is not None:
        # what draws the sheets, which validate never imports: once here, not in each worker
        from printgen.outputs import card_sheets  # noqa: F401
