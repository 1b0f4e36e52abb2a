"""printgen simulate --debug: a designer debugging their engine with print() sees its prints,
game by game under a line naming the game to replay, and a failure's traceback of their own
lines — where a run of thousands of games leaves the prints out and says them once."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

Printgen = Callable[..., Run]
GAME = "dice"
ENGINE = f"cards/{GAME}/simulate.py"

GAME_YAML = """\
title: Dice
languages: [en]
players: {min: 2, max: 3}
"""
DECK = """\
layout: card-base
fields:
  name: text
cards:
  - id: one
    count: 2
    name: One
  - id: two
    count: 2
    name: Two
"""
HEAD = """\
import sys
from collections import Counter

from printgen.simulate.contract import GameRecord

BOTS = ("low", "high")


def prepare(data):
    return [card.id for card in data.cards("main")]


"""
PLAY = """\
def play(rules, bots, rng, turn_cap):
    rolled = rng.randrange(1000)
    print("rolled", rolled, "for", ",".join(bots))
    print("to stderr", file=sys.stderr)
    played = [Counter({rules[0]: 1}) for _ in bots]
    return GameRecord(True, 2, (rolled % len(bots),), played)
"""


@pytest.fixture
def table(tmp_path: Path) -> Path:
    return tiny_game(tmp_path)


def tiny_game(tmp_path: Path) -> Path:
    """A designer's own tiny game: two cards, an engine that prints a roll a game."""
    root = tmp_path / "games"
    (root / f"cards/{GAME}/decks").mkdir(parents=True)
    (root / f"cards/{GAME}/game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (root / f"cards/{GAME}/decks/main.yaml").write_text(DECK, encoding="utf-8")
    _engine(root, HEAD + PLAY)
    return root


def _engine(root: Path, text: str) -> None:
    (root / ENGINE).write_text(text, encoding="utf-8")


def _line_of(root: Path, text: str) -> int:
    lines = (root / ENGINE).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def _games_said(err: str) -> dict[str, list[str]]:
    """Each header line of stderr, and the lines printed under it."""
    games: dict[str, list[str]] = {}
    under: list[str] = []
    for line in err.splitlines():
        if line.startswith("--- game "):
            under = games.setdefault(line, [])
        else:
            under.append(line)
    return games


def test_debug_shows_each_games_prints_on_stderr_under_a_line_naming_it(
    table: Path, printgen: Printgen
) -> None:
    run = printgen(
        table, "simulate", GAME, "--debug", "-n", "3", "--players", "2", "--bots", "low,high"
    )
    assert run.code == 0, run.err
    games = _games_said(run.err)
    assert list(games) == [
        "--- game 1 of 3, --seed 1: 2 players (low, high) ---",
        "--- game 2 of 3, --seed 1: 2 players (high, low) ---",
        "--- game 3 of 3, --seed 1: 2 players (low, high) ---",
    ]
    for header, printed in games.items():
        seats = "low,high" if "(low, high)" in header else "high,low"
        assert len(printed) == 2, printed  # the run's check that the last game replays: unsaid
        assert re.fullmatch(rf"rolled \d+ for {seats}", printed[0]), printed
        assert printed[1] == "to stderr"
    assert run.err.count("rolled") == 3
    # the prints were shown: no warning that they were left out; stdout is the report's
    assert "leaves out" not in run.err and "rolled" not in run.out
    assert "All 3 games ended by the rules" in run.out
    assert f"wrote build/{GAME}/playtest.pdf" in run.out


def test_without_debug_the_prints_are_left_out_and_said_once(
    table: Path, printgen: Printgen
) -> None:
    run = printgen(table, "simulate", GAME, "-n", "3")
    assert run.code == 0, run.err
    assert "rolled" not in run.out + run.err and "--- game" not in run.err
    line = _line_of(table, "def play")
    assert f"{ENGINE}:{line}:1: warning: play() prints (print, sys.stdout" in run.err


def test_debug_plays_one_game_unless_n_says_more(table: Path, printgen: Printgen) -> None:
    run = printgen(table, "simulate", GAME, "--debug")
    assert run.code == 0, run.err
    assert list(_games_said(run.err)) == [
        "--- game 1 of 1, --seed 1: 3 players (low, low, low) ---"
    ]
    summary = json.loads((table / f"build/{GAME}/playtest.json").read_text(encoding="utf-8"))
    assert summary["settings"]["games"] == 1
    assert "The one game played ended by the rules" in run.out


def test_the_header_names_what_replays_that_one_game(table: Path, printgen: Printgen) -> None:
    """Game 3 of --seed 5 plays the same whatever the run's -n: the header's number and seed
    (with the run's --players and --bots) replay it, as `-n 3 --seed 5 --debug`."""

    def games(n: str, seed: str) -> dict[str, list[str]]:
        run = printgen(
            table, "simulate", GAME, "--debug", "-n", n, "--seed", seed, "--bots", "low,high"
        )
        assert run.code == 0, run.err
        return _games_said(run.err)

    third = "--- game 3 of {}, --seed {}: 3 players (low, high, low) ---"
    replayed = games("3", "5")[third.format(3, 5)]
    assert games("5", "5")[third.format(5, 5)] == replayed
    assert games("3", "6")[third.format(3, 6)] != replayed  # the seed chose its roll


def test_a_print_as_the_engine_is_imported_is_shown_before_the_games(
    table: Path, printgen: Printgen
) -> None:
    _engine(
        table, HEAD.replace('BOTS = ("low", "high")', 'print("loaded")\nBOTS = ("low",)') + PLAY
    )
    run = printgen(table, "simulate", GAME, "--debug")
    assert run.code == 0, run.err
    assert run.err.startswith("loaded\n--- game 1 of 1, --seed 1: 3 players (low, low, low) ---\n")
    assert "leaves out" not in run.err


@pytest.mark.parametrize("fails", [False, True], ids=["ends", "raises"])
def test_a_print_that_leaves_its_line_open_runs_into_no_line_of_printgens(
    table: Path, printgen: Printgen, fails: bool
) -> None:
    """print('x', end='') ran on into the next game's header, the traceback or the problem
    that followed: "rollingTraceback of …" on one line."""
    head = HEAD.replace('BOTS = ("low", "high")', 'sys.stdout.write("loading")\nBOTS = ("low",)')
    play = PLAY.replace(
        'print("rolled", rolled, "for", ",".join(bots))', "print('rolling', end='')"
    )
    if fails:
        play = play.replace("    played = ", "    1 / 0\n    played = ")
    _engine(table, head + play.replace('print("to stderr", file=sys.stderr)', "0"))
    run = printgen(table, "simulate", GAME, "--debug", "-n", "2")
    assert run.code == (2 if fails else 0), run.err
    lines = run.err.splitlines()
    assert lines[:3] == [
        "loading",
        "--- game 1 of 2, --seed 1: 3 players (low, low, low) ---",
        "rolling",
    ]
    if fails:
        assert lines[3] == f"Traceback of {ENGINE} (most recent call last):"
        assert lines[-1].startswith(f"{ENGINE}:{_line_of(table, '1 / 0')}:1: play() failed: ")
    else:
        assert lines[3:] == ["--- game 2 of 2, --seed 1: 3 players (low, low, low) ---", "rolling"]


@pytest.mark.parametrize(
    ("where", "engine", "fault"),
    [
        (
            "play",
            HEAD
            + "def roll(rng, faces):\n    return faces[len(faces) + rng.randrange(2)]\n\n\n"
            + PLAY.replace(
                "    rolled = rng.randrange(1000)\n", "    rolled = roll(rng, [1, 2])\n"
            ),
            "play() failed: IndexError: list index out of range (game 1, --seed 1)",
        ),
        (
            "prepare",
            HEAD.replace('data.cards("main")', 'data.cards("main")][int("x")') + PLAY,
            "cannot read the game's data: invalid literal for int() with base 10: 'x'",
        ),
        (
            "import",
            HEAD.replace('BOTS = ("low", "high")', 'BOTS = ("low", "high")\nLIMIT = 1 / 0') + PLAY,
            "simulate.py failed to load: ZeroDivisionError: division by zero",
        ),
    ],
    ids=["play", "prepare", "import"],
)
def test_an_engines_exception_shows_its_own_frames_above_its_one_line(
    table: Path, printgen: Printgen, where: str, engine: str, fault: str
) -> None:
    _engine(table, engine)
    plain = printgen(table, "simulate", GAME, "-n", "2")
    assert plain.code == 2 and len(plain.err.splitlines()) == 1, plain.err  # as it was
    line = int(plain.err.split(":")[1])
    assert plain.err == f"{ENGINE}:{line}:1: {fault}\n"
    run = printgen(table, "simulate", GAME, "--debug")
    assert run.code == 2 and run.out == ""
    frames = run.err[run.err.index("Traceback") :].splitlines()
    assert frames[0] == f"Traceback of {ENGINE} (most recent call last):"
    assert frames[-1] == plain.err.rstrip("\n")  # the one line, last, unchanged
    shown = frames[1:-1]
    files = [f for f in shown if f.startswith("  File ")]
    assert files and all(f.startswith(f'  File "{ENGINE}", line ') for f in files), shown
    assert "printgen/" not in run.err  # none of printgen's own frames, nor the library's
    assert shown[-2:] == [  # the innermost frame: the line the one line names
        f'  File "{ENGINE}", line {line}, in '
        + {"play": "roll", "prepare": "prepare", "import": "<module>"}[where],
        "    " + (table / ENGINE).read_text(encoding="utf-8").splitlines()[line - 1].strip(),
    ]
    if where == "play":  # the call that led there, from play()
        assert shown[0] == f'  File "{ENGINE}", line {_line_of(table, "roll(rng, [1")}, in play'
        assert run.err.startswith("--- game 1 of 1, --seed 1:")


@pytest.mark.parametrize(
    ("raised", "between"),
    [
        ("raise ValueError('wrapped') from e", "The above exception was the direct cause"),
        ("raise ValueError('wrapped')", "During handling of the above exception"),
    ],
    ids=["cause", "context"],
)
def test_a_chained_exception_shows_the_one_it_came_from(
    table: Path, printgen: Printgen, raised: str, between: str
) -> None:
    """A ValueError raised from a KeyError showed the ValueError's frame alone: the KeyError,
    the fault to mend, was dropped. Both are shown as Python shows them, the engine's frames
    only."""
    wrapped = (
        "def look(rules):\n"
        "    try:\n"
        "        return {}['missing']\n"
        "    except KeyError as e:\n"
        f"        {raised}\n\n\n"
    )
    _engine(table, HEAD + wrapped + PLAY.replace("    rolled =", "    look(rules)\n    rolled ="))
    run = printgen(table, "simulate", GAME, "--debug")
    assert run.code == 2, run.err
    at = {n: _line_of(table, text) for n, text in [("play", "    look(rules)"), ("key", "{}[")]}
    at["raise"] = _line_of(table, raised)
    said = run.err[run.err.index("Traceback") :].splitlines()
    head = f"Traceback of {ENGINE} (most recent call last):"
    assert said == [
        head,
        f'  File "{ENGINE}", line {at["key"]}, in look',
        "    return {}['missing']",
        "KeyError: 'missing'",
        "",
        f"{between}, another exception occurred:"
        if "During" in between
        else f"{between} of the following exception:",
        "",
        head,
        f'  File "{ENGINE}", line {at["play"]}, in play',
        "    look(rules)",
        f'  File "{ENGINE}", line {at["raise"]}, in look',
        f"    {raised}",
        f"{ENGINE}:{at['raise']}:1: play() failed: ValueError: wrapped (game 1, --seed 1)",
    ]


def test_an_endless_recursion_shows_its_repeated_frame_once(
    table: Path, printgen: Printgen
) -> None:
    """An endless recursion printed its frame 990 times (1,980 lines): folded as Python folds
    it, the frame three times, then how many more."""
    deep = "def deeper(n):\n    return deeper(n + 1)\n\n\n"
    _engine(table, HEAD + deep + PLAY.replace("    rolled =", "    deeper(0)\n    rolled ="))
    run = printgen(table, "simulate", GAME, "--debug")
    assert run.code == 2, run.err
    said = run.err[run.err.index("Traceback") :].splitlines()
    line = _line_of(table, "return deeper(")
    frame = [f'  File "{ENGINE}", line {line}, in deeper', "    return deeper(n + 1)"]
    assert said[1:3] == [
        f'  File "{ENGINE}", line {_line_of(table, "deeper(0)")}, in play',
        "    deeper(0)",
    ]
    assert said[3:9] == frame * 3
    assert re.fullmatch(r"  \[Previous line repeated \d{3} more times\]", said[9]), said[9]
    assert said[10].startswith(f"{ENGINE}:{line}:1: play() failed: RecursionError: ")
    assert len(said) == 11


@pytest.mark.parametrize("step", ["play", "prepare"])
def test_an_engine_closing_stderr_leaves_printgen_its_own(
    table: Path, printgen: Printgen, step: str
) -> None:
    """sys.stderr.close() in play() ended --debug in "internal error: ValueError: I/O
    operation on closed file." (exit 1) at the next game's header; in prepare(), exit 1 with
    nothing said. The engine closes its own stream: printgen's headers and report go on."""
    closed = PLAY.replace('    print("to stderr", file=sys.stderr)\n', "    sys.stderr.close()\n")
    if step == "prepare":
        closed = HEAD.replace("    return [card", "    sys.stderr.close()\n    return [card") + PLAY
    else:
        closed = HEAD + closed
    _engine(table, closed)
    run = printgen(
        table, "simulate", GAME, "--debug", "-n", "2", "--players", "2", "--bots", "low,high"
    )
    assert run.code == 0, run.err
    assert list(_games_said(run.err)) == [
        "--- game 1 of 2, --seed 1: 2 players (low, high) ---",
        "--- game 2 of 2, --seed 1: 2 players (high, low) ---",
    ]
    assert run.err.count("rolled") == 2 and "internal error" not in run.err
    assert "All 2 games ended by the rules" in run.out


def test_a_print_to_stderr_the_engine_closed_is_its_fault_at_its_line(
    table: Path, printgen: Printgen
) -> None:
    _engine(table, HEAD + PLAY.replace("    rolled =", "    sys.stderr.close()\n    rolled ="))
    run = printgen(table, "simulate", GAME, "--debug", "-n", "2")
    assert run.code == 2, run.err
    line = _line_of(table, 'print("to stderr"')
    assert run.err.splitlines()[-1] == (
        f"{ENGINE}:{line}:1: play() failed: ValueError: I/O operation on closed file. "
        "(game 1, --seed 1)"
    )
    assert "internal error" not in run.err


def test_streams_a_game_replaced_are_put_back_for_the_next_game(
    table: Path, printgen: Printgen
) -> None:
    """play() setting sys.stderr to an io.StringIO swallowed the next game's header: its
    prints and its traceback read as the game before's."""
    engine = HEAD.replace("import sys\n", "import io\nimport sys\nGAMES = []\n") + PLAY.replace(
        "    played =",
        "    GAMES.append(1)\n"
        "    assert len(GAMES) < 2, 'second game'\n"
        "    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()\n"
        "    played =",
    )
    _engine(table, engine)
    run = printgen(
        table, "simulate", GAME, "--debug", "-n", "2", "--players", "2", "--bots", "low,high"
    )
    assert run.code == 2, run.err
    games = _games_said(run.err)
    assert list(games) == [
        "--- game 1 of 2, --seed 1: 2 players (low, high) ---",
        "--- game 2 of 2, --seed 1: 2 players (high, low) ---",
    ]
    first, second = games.values()
    assert [line.split()[0] for line in first] == ["rolled", "to"]
    assert second[0].startswith("rolled ") and second[0].endswith(" for high,low")
    assert second[1] == "to stderr"
    assert second[2] == f"Traceback of {ENGINE} (most recent call last):"
    line = _line_of(table, "second game")
    assert second[-1] == (
        f"{ENGINE}:{line}:1: play() failed: AssertionError: second game (game 2, --seed 1)"
    )


def test_debug_beside_jobs_is_refused_as_a_clash(table: Path, printgen: Printgen) -> None:
    run = printgen(table, "simulate", GAME, "--debug", "--jobs", "2")
    assert (run.code, run.out) == (2, "")
    assert run.err == (
        "printgen: --debug plays the games in this process, one after another, so that what "
        "the engine prints reaches you in order, and --jobs asks for worker processes: drop "
        "--jobs (or --debug)\n"
    )
    assert not (table / "build").exists()
    assert printgen(table, "simulate", GAME, "--debug", "--jobs", "1").code == 0


def test_debug_with_json_writes_the_summary_of_its_games(
    table: Path, printgen: Printgen, tmp_path: Path
) -> None:
    target = tmp_path / "debug.json"
    run = printgen(table, "simulate", GAME, "--debug", "-n", "2", "--json", str(target))
    assert run.code == 0, run.err
    assert json.loads(target.read_text(encoding="utf-8"))["settings"]["games"] == 2
    assert run.err.count("--- game ") == 2


def test_the_help_says_what_debug_does(capsys: pytest.CaptureFixture[str]) -> None:
    from printgen.cli.arguments import parser

    argv = ["simulate", "--help"]
    with pytest.raises(SystemExit):
        parser(argv).parse_args(argv)
    shown = " ".join(capsys.readouterr().out.split())
    assert "-n N games (default 1,000; with --debug, 1)" in shown
    assert "--debug play the games (default 1) in this process, one after another" in shown


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("where", ["top", "play"])
def test_an_engine_raising_the_recursion_limit_gets_a_recursion_error_at_its_line(
    table: Path, printgen: Printgen, where: str, jobs: str
) -> None:
    """An engine that set sys.setrecursionlimit(10**6) and decoded deeply nested JSON killed
    printgen by SIGSEGV (exit 139, nothing said), as rules.py did: the limit a game's Python
    sets is capped at what the stack holds, and the recursion is said at its line."""
    deep = 'sys.setrecursionlimit(10**6)\nimport json\njson.loads("[" * 200000 + "]" * 200000)\n'
    if where == "top":
        _engine(table, HEAD + deep + "\n\n" + PLAY)
    else:
        inside = "".join(f"    {line}\n" for line in deep.splitlines())
        _engine(table, HEAD + PLAY.replace("    rolled =", inside + "    rolled =", 1))
    run = printgen(table, "simulate", GAME, "-n", "4", "--jobs", jobs)
    assert run.code == 2, run.err
    line = _line_of(table, "json.loads(")
    assert run.err.startswith(f"{ENGINE}:{line}:1: "), run.err
    assert "RecursionError: maximum recursion depth exceeded" in run.err
    assert "sys.setrecursionlimit to" in run.err
