"""Playing N games: seats, seeds and worker processes.

Game ``i`` is seeded from ``(seed, i)`` alone and its seats rotate through the bot list from
position ``i``, so a game is the same whichever process plays it: ``--jobs J`` only splits the
games into batches of consecutive games, each added up where it is played (a Tally, not its
records: their series would fill the memory the engine may take), and the batches' tallies come
back in game order.
"""

from __future__ import annotations

import multiprocessing
import random
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from printgen.problems import Problem, Severity, Where
from printgen.rules.guard import warnings_kept
from printgen.sandbox.interrupt import by_user
from printgen.sandbox.memory import designer_memory, memory_capped
from printgen.sandbox.recursion import recursion_capped
from printgen.sandbox.refused import Kept, designer_threads, no_exit_nor_fork, threads_left
from printgen.sandbox.workers import Board, ended_worker, joined, step, task
from printgen.simulate import faults
from printgen.simulate.contract import GameRecord, SimData
from printgen.simulate.debug import end_line, engine_streams, game_header, show_traceback
from printgen.simulate.engine import ENGINE_FILE, engine_owner, load_engine
from printgen.simulate.faults import EngineFault
from printgen.simulate.printed import Printed, kept_out, printed_message
from printgen.simulate.settings import Settings, seats
from printgen.simulate.tally import Tally

DEFAULT_TURN_CAP = 1000
BATCH = 250  # games a worker plays per task


class OutOfTime(Exception):
    """The run's time (``validate --simulate``'s) ran out after ``args[0]`` games: said between
    two games, not only after a batch of them (250 games of a second each are four minutes)."""


def game_rng(seed: int, game: int) -> random.Random:
    # a str seed is hashed with SHA-512 by random, independent of PYTHONHASHSEED and process
    return random.Random(f"printgen-simulate:{seed}:{game}")


def play_games(
    project_root: Path,
    game_id: str,
    data: SimData,
    settings: Settings,
    deadline: float | None = None,
    warned: faults.Warned | None = None,
    replayed: Replays | None = None,
) -> Iterator[Tally]:
    """The batches' tallies in game order, so memory stays bounded whatever N is; an
    engine that fails, in this process or a worker, raises EngineFault (never a hang). Past
    ``deadline`` (``time.monotonic()``, one clock for every process) a game is the last one
    played: OutOfTime. The engine's Python warnings, each batch's, are added to ``warned``; the
    first game a batch did not replay, to ``replayed``."""
    warned = warned if warned is not None else faults.Warned(Where(""))
    replayed = replayed if replayed is not None else Replays()
    batches = [
        (start, min(start + BATCH, settings.games)) for start in range(0, settings.games, BATCH)
    ]
    if settings.jobs <= 1 or len(batches) <= 1:
        _remember(project_root, game_id, data, settings, deadline)
        for batch in batches:
            tally, said, unreplayed = _play_batch(batch)
            warned.add(said)
            replayed.add(unreplayed)
            yield tally
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("spawn")  # same behaviour on every platform
    workers = min(settings.jobs, len(batches))
    # a worker that dies (a crash in the engine) breaks the pool: an error, not a wait
    others = set(multiprocessing.active_children())
    board = Board(context, len(batches))  # which games each worker is playing
    pool = ProcessPoolExecutor(
        workers,
        context,
        initializer=_joined,
        initargs=(board.slots, project_root, game_id, data, settings, deadline),
    )
    finished = False
    processes: list[Any] = []
    try:
        for tally, said, unreplayed in pool.map(_worker_batch, batches):
            warned.add(said)
            replayed.add(unreplayed)
            yield tally
        finished = True
    except BrokenProcessPool:
        processes = list((getattr(pool, "_processes", None) or {}).values())
    finally:
        # after a fault, the batches not started are dropped and the run ends now: the other
        # worker, perhaps stuck in a game of its own, is stopped rather than waited for
        pool.shutdown(wait=finished, cancel_futures=not finished)
        if not finished:
            for worker in set(multiprocessing.active_children()) - others:
                worker.terminate()
                worker.join(5)
    if not finished:  # the workers joined: how the one that broke the pool ended is known
        for process in processes:
            process.join(5)
        raise faults.worker_ended(
            project_root, game_id, ended_worker(processes, board), batches, settings.seed
        )


class Replays:
    """Which game, of the few each batch plays again (``_replayed``), gave another record
    played again: the first of them, whatever process found it."""

    def __init__(self) -> None:
        self.first: int | None = None  # 0-based

    def add(self, game: int | None) -> None:
        if game is not None and (self.first is None or game < self.first):
            self.first = game


# what the process plays: the run's arguments (set once per process), and the engine prepared
# from them on the first batch — where a failure is the engine's, said as such
_current: dict[str, Any] = {}


def _remember(
    project_root: Path,
    game_id: str,
    data: SimData,
    settings: Settings,
    deadline: float | None = None,
) -> None:
    from printgen.sandbox.interrupt import listen

    listen()  # a spawned worker: Ctrl-C told from the engine's own KeyboardInterrupt here too
    _current.clear()
    _current.update(
        root=project_root, game=game_id, data=data, settings=settings, deadline=deadline
    )
    _current["card_types"] = data.card_types()


def _prepared(printed: Printed, debug: bool) -> tuple[Any, Any, Path, str]:
    if "play" not in _current:
        engine = load_engine(_current["root"], _current["game"])
        rel = f"cards/{engine.game_id}/{ENGINE_FILE}"
        line = _first_line(engine.module.prepare)
        try:
            with (
                faults.set_up_clock(engine.path, rel, "prepare()"),
                printed.during("prepare()"),
                recursion_capped(engine_owner(engine.game_id)),
            ):
                rules = engine.module.prepare(_current["data"])
        except BaseException as exc:  # SystemExit too: the engine never ends printgen
            if by_user(exc):
                raise
            if debug:
                show_traceback(exc, engine.path, rel, printed.terminal)
            known = _data_names(_current["data"])
            raise faults.failing(exc, engine.path, rel, "prepare()", line, known) from None
        _current.update(
            play=engine.module.play, rules=rules, path=engine.path, rel=rel, prepare_line=line
        )
    return _current["play"], _current["rules"], _current["path"], _current["rel"]


def _joined(slots: Any, *remembered: Any) -> None:
    """A worker's start: the board it notes its games on, and the run's arguments."""
    joined(slots)
    _remember(*remembered)


Batch = tuple[Tally, tuple[list[Problem], int], int | None]


def _worker_batch(batch: tuple[int, int]) -> Batch:
    with task(batch[0] // BATCH):
        return _play_batch(batch)


def _play_batch(batch: tuple[int, int]) -> Batch:
    """A batch's tally, the warnings the engine gave playing them (sent back from a worker
    with its tally): the first few, and how many; and the first of its games that did not
    replay, if any."""
    caught: list[warnings.WarningMessage] = []
    # the engine's prints: among printgen's own lines, 200 of them (--debug's: on stderr)
    printed = Printed(through=_current["settings"].debug)
    with (
        warnings_kept(caught),
        no_exit_nor_fork(),
        memory_capped(),
        recursion_capped(engine_owner(_current["game"])),
        faults.game_clock() as start_clock,
        kept_out(printed),
    ):
        settings: Settings = _current["settings"]
        tally = Tally(settings, batch[0])
        # the games played again: their records are kept to compare, the others only added up
        again = {batch[0], (batch[0] + batch[1]) // 2, batch[1] - 1}
        records: dict[int, GameRecord] = {}
        for game, record in _played(batch, start_clock, printed, settings, _current["deadline"]):
            if game in again:
                records[game] = record
            _tallied(tally, record, game)
        unreplayed = _replayed(records, start_clock)
    home = Where(_current["rel"], _first_line(_current["play"]), 1)
    shown, count = faults.engine_warnings(_current["root"], caught, home)
    for said in printed.steps:  # said the same by every batch: one line for the run
        at = home if said == "play()" else Where(home.path, _current["prepare_line"], 1)
        shown.insert(0, Problem(at, printed_message(said), Severity.WARNING))
        count += 1
    return tally, (shown, count), unreplayed


def _tallied(tally: Tally, record: GameRecord, game: int) -> None:
    """The game's record added up, and what the report could not show refused at once, before
    a thousand names cost minutes to report. Adding up runs within the engine's memory (its
    Python may run in the process's threads meanwhile): running out there is said as the
    room the engine left, not as a fault of play()'s own line."""
    try:
        tally.add(record)
    except MemoryError:
        raise EngineFault(
            f"{_current['rel']}:{_first_line(_current['play'])}:1: printgen ran out of memory "
            f"adding up game {game + 1:,}'s record: the engine's Python (what prepare() made, "
            "what play() keeps from one game to the next) and the games' figures passed the "
            f"{designer_memory()} it may take; keep less between games, or play fewer turns "
            f"(--turn-cap) (--seed {_current['settings'].seed})"
        ) from None
    over = faults.names_over(tally, game + 1, _current["card_types"])
    if over is not None:
        raise EngineFault(f"{_current['rel']}:{_first_line(_current['play'])}:1: {over}")


def _replayed(records: dict[int, GameRecord], start_clock: Callable[[], None]) -> int | None:
    """The first of the batch's first, middle and last games that, played again alone from a
    prepare() of its own, gives another record than the run's; None when they all replay, as
    -n, --seed and --jobs promise. They do not when the engine keeps state from one game to the
    next (module-level variables, the rules prepare() made) or draws from something other than
    rng and the random module seeded for each game (the clock, random.SystemRandom). Replaying
    only the run's last game missed an engine whose games differ now and then (its ties broken
    by SystemRandom): a few games of every batch, the same batches whatever --jobs, find more
    for about 1 % of the run's time."""
    run_rules = {key: _current.pop(key) for key in ("play", "rules")}
    # their prints and warnings are the run's games' again, said once already; and not --debug's
    settings = replace(_current["settings"], debug=False)
    try:
        with warnings_kept([]), kept_out(Printed()):
            for game in sorted(records):
                _current.pop("play", None)  # a prepare() of its own
                try:
                    ((_, again),) = _played(
                        (game, game + 1), start_clock, Printed(), settings, None
                    )
                except EngineFault:  # failing now, where it played before: it did not replay
                    return game
                if again != records[game]:
                    return game
        return None
    finally:
        _current.update(run_rules)  # the next batch plays on as it would have


def _played(
    batch: tuple[int, int],
    start_clock: Callable[[], None],
    printed: Printed,
    settings: Settings,
    deadline: float | None,
) -> Iterator[tuple[int, GameRecord]]:
    """Each game of the batch and its checked record, in game order."""
    play, rules, path, rel = _prepared(printed, settings.debug)
    bots, players, seed, cap = settings.bots, settings.players, settings.seed, settings.turn_cap
    line = _first_line(play)
    threads = designer_threads()
    kept = Kept()  # what play() replaces of Python's own, put back when printgen trips on it
    for i in range(*batch):
        step(i)  # a worker killed in this game: the game is named
        # the random module too, seeded for this game: an engine drawing from it (in a branch
        # rarely taken) gave other figures at each run, and at each --jobs, with no warning
        random.seed(f"printgen-simulate-module:{seed}:{i}")
        if settings.debug:
            engine_streams(printed.terminal)  # what the game before closed or replaced
            end_line(printed.terminal)
            print(
                game_header(i, settings.games, seats(bots, players, i), seed), file=printed.terminal
            )
        try:
            start_clock()
            record = play(rules, seats(bots, players, i), game_rng(seed, i), cap)
        except BaseException as exc:  # its own KeyboardInterrupt too: only Ctrl-C stops printgen
            kept.restore()
            if by_user(exc):
                raise
            if settings.debug:
                show_traceback(exc, path, rel, printed.terminal)
            fault = faults.failing(exc, path, rel, "play()", line)
            raise EngineFault(f"{fault} (game {i + 1}, --seed {seed})") from None
        problem = _record_checked(record, threads, players, cap, kept)
        if problem is not None:
            said, of_record = problem  # a record is made at the return; threads, anywhere
            at = (_return_line(play, path) if of_record else None) or line
            raise EngineFault(f"{rel}:{at}:1: {said} (game {i + 1}, --seed {seed})")
        yield i, record
        if deadline is not None and i + 1 < settings.games and time.monotonic() > deadline:
            raise OutOfTime(i + 1)


def _record_checked(
    record: Any, threads: set[Any], players: int, cap: int, kept: Kept
) -> tuple[str, bool] | None:
    """What is wrong with a game's record, if anything, and whether it is the record itself
    (not threads play() left running). When the check fails or finds fault,
    what play() replaced of Python's own (``builtins.isinstance``) is put back and the record
    checked again: put back after every game instead, it cost 3 % of a fast engine's run."""

    def problem() -> tuple[str, bool] | None:
        if (running := threads_left(threads, "play()")) is not None:
            return running, False
        found = faults.record_problem(record, players, cap)
        # (None came from no return: said at the def, not at the return there is)
        return (found, record is not None) if found is not None else None

    try:
        found = problem()
    except Exception:
        if not kept.restore():
            raise  # nothing was replaced: printgen's own mistake
        return problem()
    return problem() if found is not None and kept.restore() else found


def _first_line(function: Any) -> int:
    """The line of a function's ``def``, where a fault without a line of its own is said."""
    code = getattr(function, "__code__", None)
    return code.co_firstlineno if code is not None else 1


def _return_line(function: Any, path: Path) -> int | None:
    """The line of the one ``return`` of ``function``'s own body (nested functions' left out),
    where a record at fault was made: said at the ``def``, the designer looked for it there.
    None when the function returns in several places (which one did is not known) or its
    source cannot be read."""
    import ast

    first = _first_line(function)
    try:
        tree = ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return None
    defined = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.lineno == first
    ]
    if len(defined) != 1:  # a decorated def: its line is the decorator's
        return None
    returns: list[int] = []
    nodes: list[ast.AST] = list(defined[0].body)
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.Return):
            returns.append(node.lineno)
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            nodes.extend(ast.iter_child_nodes(node))
    return returns[0] if len(returns) == 1 else None


def _data_names(data: SimData) -> list[str]:
    """The names prepare() may read: game.yaml's ``data:`` keys and the cards' fields, the
    used game's too."""
    names: dict[str, None] = {}
    game: SimData | None = data
    while game is not None:
        names.update(dict.fromkeys(str(key) for key in game.data))
        for cards in game.decks.values():
            for card in cards:
                names.update(dict.fromkeys(str(field) for field in card.values))
        game = game.used
    return list(names)
