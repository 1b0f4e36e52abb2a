"""A designer's engine is input like the game's YAML: what it does wrong — a syntax error, an
exception, a game that never stops, a record the report cannot read — is said in one line at its
line of ``cards/<game>/simulate.py``, with exit status 2, never as a bug of printgen's."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from printgen.limits import MAX_GAME_SECONDS, MAX_TURN_CAP, MAX_WARNINGS
from printgen.problems import Problem, Severity, Where, one_line
from printgen.project import Project
from printgen.rules.guard import (
    Places,
    deepest_line,
    described,
    in_file,
    overtime,
    recursion_hint,
    running_at,
    went_on,
)
from printgen.sandbox.alarm import CPU_GRACE, Overtime, code_limit
from printgen.sandbox.memory import memory_capped
from printgen.sandbox.process_calls import END
from printgen.sandbox.refused import Refused, no_exit_nor_fork
from printgen.sandbox.workers import Ended
from printgen.simulate.clock import TooLong, batch_clock
from printgen.simulate.contract import GameRecord
from printgen.simulate.tally import Tally


class EngineFault(Exception):
    """One line, ``path:line:col: message``, about a game's engine — or a line for each of
    several problems one look at it finds (each bad entry of its LABELS). Plain messages: it
    is pickled when a worker process meets it."""

    def __init__(self, message: str, *more: str) -> None:
        # an engine's own message may hold line breaks: one problem stays one line
        super().__init__(*(one_line(said) for said in (message, *more)))

    def __str__(self) -> str:
        return "\n".join(self.args)


@contextmanager
def set_up_clock(path: Path, rel: str, what: str) -> Iterator[None]:
    """The time importing an engine, or its prepare(), may run: as long as one game; and, as
    while it plays, the calls that would end printgen or lift its limits refused (an
    ``os.execv`` at simulate.py's top level ended printgen with status 0, saying nothing)."""
    at = in_file(path, rel)
    with (
        no_exit_nor_fork(),
        memory_capped(),
        code_limit(
            MAX_GAME_SECONDS,
            lambda: went_on(what, MAX_GAME_SECONDS, running_at(at, Where(rel, 1, 1))),
        ),
    ):
        yield


def loading(exc: BaseException, path: Path, rel: str) -> EngineFault:
    """The engine did not import."""
    from printgen.rules.load_errors import most_nested_line, unplaced_import, unreadable

    if isinstance(exc, SyntaxError) and exc.filename == str(path):
        line = exc.lineno if type(exc.lineno) is int and exc.lineno > 0 else 1
        col = exc.offset if type(exc.offset) is int and exc.offset > 0 else 1
        return EngineFault(f"{rel}:{line}:{col}: Python syntax error: {exc.msg}")
    line = most_nested_line(path) if unreadable(exc) else deepest_line(exc, path)
    if isinstance(exc, Overtime):
        return EngineFault(f"{rel}:{line}:1: simulate.py {overtime(exc, 'loading it')}")
    if isinstance(exc, Refused):  # (described() would say rules.py's words)
        return EngineFault(
            f"{rel}:{line}:1: simulate.py called {exc.call} while loading: an engine may not "
            f"{exc.why}"
        )
    said = (
        unplaced_import(exc)
        or unreadable(exc)
        or f"{described(exc)}{_beside(exc, path)}{recursion_hint(exc)}"
    )
    return EngineFault(f"{rel}:{line}:1: simulate.py failed to load: {said}")


def _beside(exc: BaseException, path: Path) -> str:
    """For ``import helpers`` of a module beside simulate.py: a bare "No module named
    'helpers'", the file plainly there, says nothing of why; an engine imports only the
    contract and the standard library (unlike rules.py)."""
    name = getattr(exc, "name", None) if isinstance(exc, ModuleNotFoundError) else None
    if not isinstance(name, str) or not name.isidentifier():
        return ""
    beside = path.parent / name
    if not (beside.with_suffix(".py").is_file() or beside.is_dir()):
        return ""
    return (
        f"; {name} is beside simulate.py, but an engine imports only "
        "printgen.simulate.contract and the standard library: put what it needs in simulate.py"
    )


def failing(
    exc: BaseException,
    path: Path,
    rel: str,
    step: str,
    fallback: int,
    known: Sequence[str] = (),
) -> EngineFault:
    """The engine raised in ``step`` (prepare or play): at the deepest line of its own code.
    ``known``: the names the game's data has (``data:`` keys, card fields), for a KeyError."""
    if isinstance(exc, TooLong):
        # at the step's def line: the line the clock stopped it at varies from run to run,
        # and the same input must say the same thing
        return EngineFault(
            f"{rel}:{fallback}:1: {step} ran for over {MAX_GAME_SECONDS:g} s for one game and "
            "was stopped; a game must stop at turn_cap turns (does its loop count the turns?)"
        )
    line = deepest_line(exc, path, fallback)
    if isinstance(exc, Overtime):
        return EngineFault(f"{rel}:{line}:1: {step} {overtime(exc, 'preparing the games')}")
    if isinstance(exc, Refused | SystemExit):
        called, why = (
            (exc.call, exc.why) if isinstance(exc, Refused) else (f"sys.exit({exc.code!r})", END)
        )
        return EngineFault(f"{rel}:{line}:1: {step} called {called}: an engine may not {why}")
    if step == "prepare()" and isinstance(exc, KeyError) and len(exc.args) == 1:
        # a KeyError's text is the bare key ("'goal'"): said as a name the data lacks
        from printgen.source.readers import did_you_mean

        key = exc.args[0]
        meant = did_you_mean(key, known) if isinstance(key, str) else ""
        return EngineFault(
            f"{rel}:{line}:1: cannot read the game's data: it has no {key!r} (KeyError)"
            + (meant or "; is it missing from game.yaml's data: or the card's fields?")
        )
    if step == "prepare()" and isinstance(exc, ValueError | KeyError | TypeError):
        # the engine's own word on a number it cannot use: the game's data is what to mend
        return EngineFault(f"{rel}:{line}:1: cannot read the game's data: {_text(exc)}")
    return EngineFault(
        f"{rel}:{line}:1: {step} failed: {described(exc)}{recursion_hint(exc)}{_field_hint(exc)}"
    )


def _field_hint(exc: BaseException) -> str:
    """``card.cost`` for a card's field, which SimCard keeps in ``values``: what to write."""
    if not isinstance(exc, AttributeError) or type(getattr(exc, "obj", None)).__name__ != "SimCard":
        return ""
    return f"; a card's fields are in card.values: card.values[{exc.name!r}]"


def worker_ended(
    project_root: Path, game_id: str, ended: Ended | None, batches: list[tuple[int, int]], seed: int
) -> EngineFault:
    """A worker playing games ended without a word (killed by a signal: the CPU time limit on a
    game stuck inside one library call, the out-of-memory killer): said at play(), with how it
    ended and the games it was playing, to replay them."""
    from printgen.simulate.engine import ENGINE_FILE, load_engine

    rel = f"cards/{game_id}/{ENGINE_FILE}"
    code = getattr(load_engine(project_root, game_id).module.play, "__code__", None)
    at = f"{rel}:{code.co_firstlineno if code is not None else 1}:1"
    if ended is None:
        return EngineFault(f"{at}: a worker process playing the games ended (--seed {seed})")
    games = ""
    if ended.task is not None:
        first, last = batches[ended.task]
        games = f" (games {first + 1:,}–{last:,})"
    said = f"{at}: play() ran in a worker process{games} that was {ended.how}"
    if ended.how.startswith("stopped by the CPU time limit"):
        said += (
            f": stuck inside one library call for over {MAX_GAME_SECONDS + CPU_GRACE:g} s of "
            f"CPU, where the game's {MAX_GAME_SECONDS:g} s clock cannot stop it; a game must "
            "stop at turn_cap turns"
        )
    game = "" if ended.step is None or ended.step < 0 else f"game {ended.step + 1:,}, "
    return EngineFault(f"{said} ({game}--seed {seed})")


def _text(exc: BaseException) -> str:
    return described(exc).removeprefix(f"{type(exc).__name__}: ")


def engine_warnings(
    project_root: Path, caught: list[warnings.WarningMessage], home: Where
) -> tuple[list[Problem], int]:
    """The engine's Python warnings (its warnings.warn) as warning lines at their lines of
    simulate.py (else at ``home``), as rules.py's are: Python printed each on two lines naming
    the absolute path, and once more from each worker process. The first MAX_WARNINGS of
    them, and how many there were."""
    shown = Places(Project.at(project_root)).warned(caught[:MAX_WARNINGS], home, "")
    return shown, len(caught)


class Warned:
    """An engine's warnings over a whole run, batch after batch: the first MAX_WARNINGS
    different lines, and a count of the rest (a warning at every turn of 20,000 games was
    1,600 lines, twenty and a count for each batch)."""

    def __init__(self, home: Where) -> None:
        self.home = home
        self.shown: dict[Problem, None] = {}
        self.more = 0

    def add(self, said: tuple[list[Problem], int]) -> None:
        lines, caught = said
        self.more += caught - len(lines)  # past a batch's first MAX_WARNINGS
        for line in lines:
            if line not in self.shown and len(self.shown) < MAX_WARNINGS:
                self.shown[line] = None
            elif line not in self.shown:
                self.more += 1

    def lines(self) -> list[Problem]:
        lines = list(self.shown)
        if self.more:
            message = f"{self.more:,} more Python warnings not shown"
            lines.append(Problem(self.home, message, Severity.WARNING))
        return lines


def record_problem(record: Any, players: int, turn_cap: int) -> str | None:
    """What keeps a record of ``play`` from being reported, in words; None when it can be."""
    if record is None:  # its one `return GameRecord(...)` is not where it came from
        return (
            "play() returned None, not a GameRecord: it ran off its end, or a return gave "
            "nothing; return a GameRecord on every way out of the game"
        )
    if not isinstance(record, GameRecord):
        if type(record).__name__ == GameRecord.__name__:  # a class of the engine's own name
            return (
                "play() returned a GameRecord of its own making, not printgen's: write "
                "'from printgen.simulate.contract import GameRecord' and drop the engine's class"
            )
        return f"play() returned {type(record).__name__}, not a GameRecord"
    if type(record.finished) is not bool:
        return f"play() gave finished={record.finished!r}; it is True or False"
    if type(record.turns) is not int or not 0 <= record.turns <= turn_cap:
        return (
            f"play() took {record.turns!r} turns; turns is a whole number from 0 to turn_cap "
            f"({turn_cap})"
        )
    if isinstance(record.played, dict):  # sum(played, Counter()): every seat's in one
        counters = record.played.values()
        # {seat: Counter} is a dict of seats, not one Counter of them all
        given = "a dict of seats" if any(isinstance(c, dict) for c in counters) else "one Counter"
        return (
            f"play() gave played as {given}; give a list of one Counter per seat ({players} seats)"
        )
    if not isinstance(record.played, list) or len(record.played) != players:
        given = _count(record.played)
        return f"play() gave 'played' for {given} seats, not one per seat ({players})"
    seats = range(players)
    winners = record.winners
    if not isinstance(winners, tuple | list):
        # winners=0 for (0,): "a winner is a seat from 0 to 3" would read as if 0 were not one
        return (
            f"play() gave winners={_short(winners)}; winners is a tuple of seats: (0,) for "
            "seat 0 alone, () for a draw"
        )
    if any(type(seat) is not int or seat not in seats for seat in winners):
        return f"play() named winners {winners!r}; a winner is a seat from 0 to {players - 1}"
    if type(record.first) is not int or record.first not in seats:
        return f"play() named first seat {record.first!r}; it must be from 0 to {players - 1}"
    counted = f"it counts plays by card id (a Counter of whole numbers from 0 to {MAX_PLAYS:,})"
    for seat, counts in enumerate(record.played):
        if not isinstance(counts, dict):
            return f"play() gave played[{seat}] = {_short(counts)}; {counted}"
        for card, n in counts.items():
            if not (isinstance(card, str) and type(n) is int and 0 <= n <= MAX_PLAYS):
                # the entry itself: the whole Counter, cut at 40 characters, hid the one wrong
                return f"play() gave played[{seat}][{_short(card)}] = {_short(n)}; {counted}"
    figures, series = record.figures, record.series
    if not isinstance(figures, dict):
        return f"play() gave figures = {_short(figures)}; it maps names to numbers"
    if isinstance(series, dict) and max(len(figures), len(series)) > MAX_REPORT_KEYS:
        return (
            f"play() gave {len(series):,} series and {len(figures):,} figures; a report shows "
            f"at most {MAX_REPORT_KEYS} of each, so keep the ones worth a chart"
        )
    for key, value in figures.items():
        if not isinstance(key, str):  # figures[3]: the key, not its number, is wrong
            return f"play() gave figures[{_short(key)}]; a figure's name is a text ('busts')"
        if not _numbers([value]):
            by_seat = (
                f"; a figure kept by seat is one key a seat: {key}_0, {key}_1, …"
                if isinstance(value, list | tuple)
                else ""
            )
            return (
                f"play() gave figures[{_short(key)}] = {_short(value)}; it must be a number "
                f"{BOUND_SAID}" + by_seat
            )
    if not isinstance(series, dict):
        return f"play() gave series = {_short(series)}; it maps names to lists of numbers"
    for key, values in series.items():
        if not isinstance(key, str) or not isinstance(values, list | tuple):
            return (
                f"play() gave series[{_short(key)}] = {_short(values)}; it must be a list of "
                "numbers"
            )
        if len(values) > MAX_SERIES_VALUES:
            return (
                f"play() gave series[{_short(key)}] of {len(values):,} values, over "
                f"{MAX_SERIES_VALUES:,} (one a turn: the turn cap is far below)"
            )
        if not _numbers(values):
            return f"play() gave series[{key!r}] with a value that is not a number {BOUND_SAID}"
        if len(values) != record.turns:  # charted against the turns: one value a turn
            return (
                f"play() gave series[{_short(key)}] of {len(values):,} values in a game of "
                f"{record.turns:,} turns; a series is a number after each turn: give "
                f"{record.turns:,} values, or make it a figure (one number a game)"
            )
    return None


# what one report charts and tabulates: 60,000 series keys took 140 s and 1.3 GB to report
MAX_REPORT_KEYS = 100
# names plays are counted under beyond the game's card ids, over all the games: a name a play
# (f"{card}@{target}") made a report of 1,654 pages in 14 minutes
MAX_PLAYED_NAMES = 1000


def names_over(tally: Tally, games: int, card_types: int) -> str | None:
    """What the report could not show of the first ``games`` games, in words; None if nothing.
    Said as soon as it is known: every further name costs the report time. ``card_types``: the
    game's, each may be played under its id whatever their number."""
    if max(len(tally.series), len(tally.figures)) > MAX_REPORT_KEYS:  # new names a game
        return (
            f"play() gave over {MAX_REPORT_KEYS} different series or figure names in "
            f"{games:,} games; a report shows at most {MAX_REPORT_KEYS} of each, so name them "
            "the same way in every game"
        )
    if len(tally.plays) > card_types + MAX_PLAYED_NAMES:
        return (
            f"play() counted plays under over {card_types + MAX_PLAYED_NAMES:,} different "
            f"names in {games:,} games (the game's {card_types:,} card types and "
            f"{MAX_PLAYED_NAMES:,} more); a report shows a row for each, so count a play under "
            "its card's id (played[seat][card] += 1), not a name of its own each time"
        )
    return None


MAX_SERIES_VALUES = MAX_TURN_CAP


MAX_PLAYS = 10**9  # plays of one card type by one seat in one game


# past it, sums and squares of a game's figures overflow a float
BOUND = 1e300
BOUND_SAID = "from -1e300 to 1e300 (not NaN nor infinite)"


def _numbers(values: list[Any] | tuple[Any, ...]) -> bool:
    """Finite numbers all, the statistics can work with — checked in C, as every game's curves
    are (a text or a number too large for a float does not sum; a NaN or an infinity sums to
    one)."""
    if not values:
        return True
    try:
        total = math.fsum(values)
        return math.isfinite(total) and max(values) <= BOUND and min(values) >= -BOUND
    except (TypeError, OverflowError):
        return False


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"


def _count(value: Any) -> str:
    return str(len(value)) if isinstance(value, list | tuple) else "no"


def game_clock() -> AbstractContextManager[Callable[[], None]]:
    """The clock of a batch of games, each allowed MAX_GAME_SECONDS (read here, where the
    messages saying the limit read it too)."""
    return batch_clock(MAX_GAME_SECONDS, CPU_GRACE)
