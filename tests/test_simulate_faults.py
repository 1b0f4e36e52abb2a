"""A designer's simulate.py is input: its mistakes are one line at its line, exit status 2, and
never a hang — in this process or in worker processes (--jobs 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

GAME = "harbour"
ENGINE = f"cards/{GAME}/simulate.py"
HEAD = """\
import os
from collections import Counter

from printgen.simulate.contract import GameRecord

BOTS = ("random",)


def prepare(data):
    return len(data.cards("main"))


"""
GOOD_PLAY = """\
def play(rules, bots, rng, turn_cap):
    return GameRecord(True, 3, (rng.randrange(len(bots)),), [Counter() for _ in bots])
"""


@pytest.fixture
def table(tmp_path: Path, printgen: Callable[..., Run]) -> Path:
    """A designer's starter game, and an engine for it that works."""
    root = tmp_path / "games"
    assert printgen(root, "new", GAME, "--lang", "en").code == 0
    (root / ENGINE).write_text(HEAD + GOOD_PLAY, encoding="utf-8")
    assert printgen(root, "simulate", GAME, "-n", "20").code == 0
    return root


def _engine(root: Path, body: str) -> int:
    """Write the engine's play(); the line of its ``def``."""
    (root / ENGINE).write_text(HEAD + body, encoding="utf-8")
    return HEAD.count("\n") + 1


def _line_of(root: Path, text: str) -> int:
    lines = (root / ENGINE).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_exception_in_play_is_said_at_its_line(
    table: Path, printgen: Callable[..., Run], jobs: str
) -> None:
    report = table / "build" / GAME / "playtest.pdf"
    before = report.read_bytes()
    _engine(table, 'def play(rules, bots, rng, turn_cap):\n    raise ValueError("no moves")\n')
    run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", jobs)
    line = _line_of(table, "raise ValueError")
    said = f"{ENGINE}:{line}:1: play() failed: ValueError: no moves (game 1, --seed 1)\n"
    assert (run.code, run.err) == (2, said)  # the game to replay: its number and the seed
    assert report.read_bytes() == before  # the last good report stays as it was


def test_a_fault_in_a_worker_ends_the_process_with_its_one_line(table: Path) -> None:
    """As a designer runs it, in a process of its own: the workers stopped after a fault leave
    no Python warning behind the fault's line (the resource tracker's "leaked semaphore")."""
    import subprocess
    import sys

    _engine(table, 'def play(rules, bots, rng, turn_cap):\n    raise ValueError("no moves")\n')
    command = [sys.executable, "-m", "printgen", "simulate", GAME, "-n", "600", "--jobs", "2"]
    done = subprocess.run(
        command, cwd=table, capture_output=True, text=True, timeout=120, check=False
    )
    line = _line_of(table, "raise ValueError")
    assert (done.returncode, done.stderr) == (
        2,
        f"{ENGINE}:{line}:1: play() failed: ValueError: no moves (game 1, --seed 1)\n",
    )


def test_a_syntax_error_in_the_engine_is_said_at_its_line(
    table: Path, printgen: Callable[..., Run]
) -> None:
    _engine(table, "def play(rules, bots, rng, turn_cap)\n    return None\n")
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, "def play")
    assert run.code == 2
    assert run.err.startswith(f"{ENGINE}:{line}:"), run.err
    assert "Python syntax error" in run.err and "internal error" not in run.err
    (table / ENGINE).write_text("import no_such_module\n" + HEAD + GOOD_PLAY, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "5")
    assert run.code == 2
    assert run.err.startswith(
        f"{ENGINE}:1:1: simulate.py failed to load: ModuleNotFoundError: No module named"
    ), run.err


def test_a_name_the_engine_cannot_import_is_said_without_printgens_path(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """It named printgen's install path ("(/work/h4/printgen/simulate/contract.py)"), no
    file of the designer's, and not the name meant."""
    text = HEAD.replace("import GameRecord", "import GameRecords")
    (table / ENGINE).write_text(text + GOOD_PLAY, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, "import GameRecords")
    assert (run.code, run.err) == (
        2,
        f"{ENGINE}:{line}:1: simulate.py failed to load: ImportError: cannot import name "
        "'GameRecords' from 'printgen.simulate.contract'; did you mean 'GameRecord'?\n",
    )


@pytest.mark.parametrize(
    ("returned", "said"),
    [
        (  # a class of the engine's own: "returned GameRecord, not a GameRecord" said
            "type('GameRecord', (), {})()",
            "play() returned a GameRecord of its own making, not printgen's: write 'from "
            "printgen.simulate.contract import GameRecord'",
        ),
        (
            "GameRecord(True, 3, (7,), [Counter() for _ in bots])",
            "play() named winners (7,); a winner is a seat from 0 to 3",
        ),
        ("GameRecord(True, 3, (0,), [Counter()])", "play() gave 'played' for 1 seats"),
        (  # a dict of seats: "as one Counter" said
            "GameRecord(True, 3, (0,), {s: Counter(a=1) for s in range(seats)})",
            "play() gave played as a dict of seats; give a list of one Counter per seat (4 seats)",
        ),
        (  # every seat's plays summed into one: "for no seats, not one per seat (4)" said
            "GameRecord(True, 3, (0,), sum([Counter(a=1) for _ in bots], Counter()))",
            "play() gave played as one Counter; give a list of one Counter per seat (4 seats)",
        ),
        ("GameRecord(True, turn_cap + 50, (), [Counter() for _ in bots])", "play() took 1050"),
        (
            "GameRecord(True, 45.0, (), [Counter() for _ in bots])",
            "play() took 45.0 turns; turns is a whole number from 0 to turn_cap (1000)",
        ),
        ("GameRecord('no', 3, (), [Counter() for _ in bots])", "play() gave finished='no'"),
        (  # a seat where a tuple of seats belongs: said as such, not "0 is no seat 0 to 3"
            "GameRecord(True, 3, 0, [Counter() for _ in bots])",
            "play() gave winners=0; winners is a tuple of seats: (0,) for seat 0 alone, () for "
            "a draw (game 1",
        ),
        ("GameRecord(True, 3, (), [None for _ in bots])", "play() gave played[0] = None"),
        (
            "GameRecord(True, 3, (), [Counter(x=-5) for _ in bots])",
            "play() gave played[0]['x'] = -5; it counts plays by card id",
        ),
        (  # the wrong entry named: the whole Counter, cut short, hid it
            "GameRecord(True, 3, (), [Counter(miner=3, merchant=4, crown=1, thief=-1)] * seats)",
            "play() gave played[0]['thief'] = -1; it counts plays by card id (a Counter of "
            "whole numbers from 0 to 1,000,000,000)",
        ),
        (
            "GameRecord(True, 3, (), [Counter({'miner': 1.0})] * seats)",
            "play() gave played[0]['miner'] = 1.0; it counts plays by card id",
        ),
        (
            "GameRecord(True, 3, (), [Counter() for _ in bots], figures={'f': float('nan')})",
            "play() gave figures['f'] = nan; it must be a number from -1e300 to 1e300 (not "
            "NaN nor infinite)",
        ),
        (  # finite, yet past the bound: "it must be a finite number" said it was not
            "GameRecord(True, 3, (), [Counter() for _ in bots], figures={'big': 1e308})",
            "play() gave figures['big'] = 1e+308; it must be a number from -1e300 to 1e300",
        ),
        (  # one value, not one a turn: it was charted against a "turn" axis, or dropped
            "GameRecord(True, 3, (), [Counter() for _ in bots], series={'s': [1.0]})",
            "play() gave series['s'] of 1 values in a game of 3 turns; a series is a number "
            "after each turn: give 3 values, or make it a figure (one number a game)",
        ),
        (
            "GameRecord(True, 3, (), [Counter() for _ in bots], series={'s': [1.0] * 5000})",
            "play() gave series['s'] of 5,000 values in a game of 3 turns;",
        ),
        (  # a figure per seat given as a list: the keys the report wants are said
            "GameRecord(True, 3, (), [Counter() for _ in bots], figures={'vp': [1, 2, 3, 4]})",
            "play() gave figures['vp'] = [1, 2, 3, 4]; it must be a number from -1e300 to "
            "1e300 (not NaN nor infinite); a figure kept by seat is one key a seat: vp_0, vp_1, …",
        ),
        (  # the key was the mistake; "it must be a number" sent the designer to the value
            "GameRecord(True, 3, (), [Counter() for _ in bots], figures={3: 1.0})",
            "play() gave figures[3]; a figure's name is a text ('busts')",
        ),
        (
            "GameRecord(True, 3, (), [Counter() for _ in bots], series={'s': ['a']})",
            "play() gave series['s'] with a value that is not a number from -1e300 to 1e300",
        ),
    ],
)
def test_a_record_the_report_cannot_read_is_said_at_its_return(
    table: Path, printgen: Callable[..., Run], returned: str, said: str
) -> None:
    """At play()'s one return, where the record was made (it was said at the def)."""
    body = f"def play(rules, bots, rng, turn_cap):\n    seats = len(bots)\n    return {returned}\n"
    line = _engine(table, body) + 2
    run = printgen(table, "simulate", GAME, "-n", "5")
    assert run.code == 2
    assert run.err.startswith(f"{ENGINE}:{line}:1: {said}"), run.err
    assert run.err.count("\n") == 1


def test_a_cards_field_read_as_an_attribute_says_where_the_fields_are(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """`card.cost` said "'SimCard' object has no attribute 'cost'", with no word of where a
    card's fields are, which the README calls out as the usual mistake."""
    (table / ENGINE).write_text(
        HEAD.replace(
            'return len(data.cards("main"))', 'return [c.cost for c in data.cards("main")]'
        )
        + GOOD_PLAY,
        encoding="utf-8",
    )
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, "c.cost")
    assert (run.code, run.err) == (
        2,
        f"{ENGINE}:{line}:1: prepare() failed: AttributeError: 'SimCard' object has no attribute "
        "'cost'; a card's fields are in card.values: card.values['cost']\n",
    )


def test_a_play_that_runs_off_its_end_is_said_at_its_def_not_at_its_return(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """A loop left by `break` ran off play()'s end: "play() returned NoneType" was said at its
    one return, a correct `return GameRecord(...)`, where nothing was wrong."""
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    for turn in range(turn_cap):\n"
        "        if turn > 5:\n            break\n"
        "        if turn > 50:\n"
        "            return GameRecord(True, turn, (0,), [Counter() for _ in bots])\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "5")
    assert (run.code, run.err) == (
        2,
        f"{ENGINE}:{line}:1: play() returned None, not a GameRecord: it ran off its end, or a "
        "return gave nothing; return a GameRecord on every way out of the game (game 1, --seed "
        "1)\n",
    )


def test_a_record_play_returns_in_several_places_is_said_at_play(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """Which return made it is not known: the def, not a guess."""
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    def helper():\n        return 1\n"
        "    if rng.random() < 2:\n        return GameRecord(True, 3, (0,), [Counter()])\n"
        "    return None\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "5")
    assert run.code == 2
    assert run.err.startswith(f"{ENGINE}:{line}:1: play() gave 'played' for 1 seats"), run.err


def test_an_engine_failing_only_in_a_worker_process_stops_the_run(
    table: Path, printgen: Callable[..., Run]
) -> None:
    # prepare() runs in this process first (and works), then once in each worker (and fails):
    # a pool that restarts a failing worker for ever used to hang here
    (table / ENGINE).write_text(
        HEAD.replace(
            "    return len(",
            "    if os.getpid() != int(os.environ.get('PARENT', '0')):\n"
            "        raise RuntimeError('not in a worker')\n    return len(",
        )
        + GOOD_PLAY,
        encoding="utf-8",
    )
    import os

    os.environ["PARENT"] = str(os.getpid())
    try:
        run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", "2")
    finally:
        del os.environ["PARENT"]
    line = _line_of(table, "raise RuntimeError")
    assert (run.code, run.err) == (
        2,
        f"{ENGINE}:{line}:1: prepare() failed: RuntimeError: not in a worker\n",
    )
    for jobs in ("2", "1"):  # an engine ending its process: said, in a worker or in this one
        _engine(table, "def play(rules, bots, rng, turn_cap):\n    os._exit(0)\n")
        run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", jobs)
        line = _line_of(table, "os._exit(0)")
        assert (run.code, run.err) == (
            2,
            f"{ENGINE}:{line}:1: play() called os._exit(0): an engine may not end printgen "
            "nor start copies of it (game 1, --seed 1)\n",
        ), jobs
    # forking in play(): every copy played on and wrote the report (hundreds of processes)
    _engine(table, "def play(rules, bots, rng, turn_cap):\n    os.fork()\n")
    run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", "1")
    line = _line_of(table, "os.fork()")
    assert (run.code, run.err) == (
        2,
        f"{ENGINE}:{line}:1: play() called os.fork(): an engine may not end printgen "
        "nor start copies of it (game 1, --seed 1)\n",
    )


def test_a_game_that_never_stops_is_stopped(
    table: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("printgen.simulate.faults.MAX_GAME_SECONDS", 0.3)
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    while True:  # forgets turn_cap\n"
        "        try:\n"
        "            sum(range(100_000))  # where nearly all its time goes\n"
        "        except Exception:\n"
        "            pass\n",
    )
    # at its def, every run: the line the clock struck (the sum, or the loop's head) said
    # 75:1 one run and 74:1 the next, and the same input must say the same thing
    for _ in range(2):
        run = printgen(table, "simulate", GAME, "-n", "5")
        assert run.code == 2
        assert run.err == (
            f"{ENGINE}:{line}:1: play() ran for over 0.3 s for one game and was stopped; a game "
            "must stop at turn_cap turns (does its loop count the turns?) (game 1, --seed 1)\n"
        )


@pytest.mark.parametrize("where", ["import", "prepare"])
def test_an_engine_that_never_loads_or_prepares_is_stopped(
    table: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """No game clock runs yet while the engine is imported and prepared: an endless loop
    there, which catches what it can, is still stopped and said at its line."""
    monkeypatch.setattr("printgen.simulate.faults.MAX_GAME_SECONDS", 0.3)
    loop = (
        "    while True:\n"
        "        try:\n"
        "            sum(range(100_000))\n"
        "        except Exception:\n"
        "            pass\n"
    )
    head = HEAD.replace("def prepare(data):\n", "def prepare(data):\n" + loop)
    if where == "import":
        head = HEAD.replace("BOTS = ", "while True:\n    sum(range(100_000))\nBOTS = ")
    (table / ENGINE).write_text(head + GOOD_PLAY, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, "sum(range(100_000))")
    stopped = "ran for more than 0.3 s, the limit for"
    said = (
        f"{ENGINE}:{line}:1: simulate.py {stopped} loading it"
        if where == "import"
        else f"{ENGINE}:{line}:1: prepare() {stopped} preparing the games"
    )
    assert run.code == 2, run.err
    assert run.err == said + ", and was stopped at this line; does it loop forever?\n"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--json", "cards/harbour/game.yaml"), "--json: 'cards/harbour/game.yaml' must be a file"),
        (("--json", "cards/harbour/summary.json"), "is inside the project's cards, templates"),
        # it ends in .json: "must be a file name ending in .json" named no fix
        (("--json", ".json"), "--json: '.json' has no name before its .json; e.g. playtest.json"),
        (("-n", "1000001"), "-n is at most 1,000,000 games in one run, not 1,000,001"),
        # accepted, a game ran a minute and the engine was blamed for not stopping
        (
            ("--turn-cap", "10000000000"),
            "--turn-cap is at most 10,000 turns (a game's series holds one value a turn), not "
            "10,000,000,000",
        ),
    ],
)
def test_a_json_target_or_a_game_count_that_would_lose_something_is_refused(
    table: Path, printgen: Callable[..., Run], args: tuple[str, ...], said: str
) -> None:
    game_yaml = (table / "cards" / GAME / "game.yaml").read_bytes()
    import os

    here = os.getcwd()
    os.chdir(table)  # the paths as a designer types them, in the project folder
    try:
        run = printgen(table, "simulate", GAME, "-n", "5", *args)
    finally:
        os.chdir(here)
    assert run.code == 2 and said in run.err, run.err
    assert (table / "cards" / GAME / "game.yaml").read_bytes() == game_yaml


@pytest.mark.parametrize(
    ("declared", "said"),
    [
        (
            'BOTS = "greedy"',
            'BOTS must be a tuple or list of bot names, like ("greedy",) with its comma, or '
            "[\"greedy\"], not 'greedy'",
        ),
        ("BOTS = {'greedy': 1}", "BOTS must be a tuple or list of bot names"),
        ("BOTS = ()", "BOTS must name at least one bot"),
        # --bots splits at commas and strips: those names could never be chosen
        (
            'BOTS = ("greedy", "low ball")',
            "BOTS name 'low ball' holds a space or a comma, which --bots can never select; "
            "write it as 'low_ball'",
        ),
        (
            'BOTS = ["greedy", "low,ball"]',
            "BOTS name 'low,ball' holds a space or a comma, which --bots can never select; "
            "write it as 'low_ball'",
        ),
        ('BOTS = ("greedy", "random", "greedy")', "BOTS names 'greedy' twice; name each bot once"),
        ("TURN_CAP = True", "TURN_CAP must be a whole number of turns"),
        ("TURN_CAP = 10**12", "TURN_CAP must be a whole number of turns from 1 to 10,000"),
        ("LABELS = ['attacks']", "LABELS must map names to texts, or to a text per language"),
        ("PLAYED_DECKS = 5", 'PLAYED_DECKS must be a tuple or list of deck ids, like ("main",)'),
        # misspelt, it left every card out of the card figures, with no word of why
        (
            'PLAYED_DECKS = ("mian",)',
            "PLAYED_DECKS names 'mian', which is no deck of the game (decks: main); "
            "did you mean 'main'?",
        ),
    ],
)
def test_an_engine_declaring_what_it_cannot_is_said_at_its_file(
    table: Path, printgen: Callable[..., Run], declared: str, said: str
) -> None:
    (table / ENGINE).write_text(HEAD + GOOD_PLAY + declared + "\n", encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, declared)
    assert run.code == 2 and run.err.startswith(f"{ENGINE}:{line}:1: {said}"), run.err


@pytest.mark.parametrize(
    ("declared", "meant"),
    [
        ("TURNCAP = 2", "TURN_CAP"),
        ("turn_cap = 2", "TURN_CAP"),
        ('PLAYED_DECK = ("main",)', "PLAYED_DECKS"),
        ("LABEL = {'busts': 'busts per game'}", "LABELS"),
    ],
)
def test_a_misspelt_optional_declaration_is_a_warning_at_its_line(
    table: Path, printgen: Callable[..., Run], declared: str, meant: str
) -> None:
    """Misspelt, the declaration did nothing (no turn cap of 2, every deck played) and nothing
    said so."""
    (table / ENGINE).write_text(HEAD + GOOD_PLAY + declared + "\n", encoding="utf-8")
    line = _line_of(table, declared)
    name = declared.split(" ")[0]
    said = (
        f"{ENGINE}:{line}:1: warning: {name} is not a name printgen reads; did you mean {meant}?\n"
    )
    run = printgen(table, "simulate", GAME, "-n", "5")
    assert (run.code, run.err) == (0, said)
    run = printgen(table, "validate", GAME, "--simulate", "-n", "5")
    assert run.code == 0 and said in run.err, run.err
    # the engine's own names, and a near one beside the one printgen reads, are left alone
    own = "_TURNCAP = 2\nTURN_CAP = 50\nturn_cap = 2\nEFFECTS = {}\n"
    (table / ENGINE).write_text(HEAD + GOOD_PLAY + own, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "5")
    assert (run.code, run.err) == (0, "")


def test_a_caption_the_report_cannot_print_is_said_at_its_entry(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """A mistake in a long LABELS was said at its first line, the entry at fault left to find."""
    labels = (
        "LABELS = {\n"
        "    'attacks': {'it': 'attacchi per partita', 'en': 'attacks per game'},\n"
        "    'loot': {'it': 'fagioli razziati', 'en': None},\n"
        "}\n"
    )
    (table / ENGINE).write_text(HEAD + GOOD_PLAY + labels, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, "'loot'")
    assert (run.code, run.err.count("\n")) == (2, 1), run.err
    assert run.err.startswith(f"{ENGINE}:{line}:5: LABELS['loot']['en'] is None, not a text")


def test_each_caption_the_report_cannot_print_is_said_at_its_own_entry(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """Only the first bad entry of LABELS was said, one more each run, where the README says a
    run reports every problem it can find; entries on one line are told apart by column."""
    labels = (
        "LABELS = {\n"
        "    'attacks': {'it': 3},\n"
        "    'loot': 'loot per game', 'busts': {'EN': 'busts'}, 'laps': {'english': 'laps'},\n"
        "    'hand': 3,\n"
        "}\n"
    )
    (table / ENGINE).write_text(HEAD + GOOD_PLAY + labels, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "5")
    attacks, busts, hand = (_line_of(table, f"'{key}'") for key in ("attacks", "busts", "hand"))
    row = (table / ENGINE).read_text(encoding="utf-8").splitlines()[busts - 1]
    busts_col, laps_col = row.index("'busts'") + 1, row.index("'laps'") + 1
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{ENGINE}:{attacks}:5: LABELS['attacks']['it'] is 3, not a text; write each language's "
        "caption in quotes, like {'it': 'attacks per game'}",
        f"{ENGINE}:{busts}:{busts_col}: LABELS['busts']: language 'EN' must be "
        "written in lower case: 'en'",
        f"{ENGINE}:{busts}:{laps_col}: LABELS['laps']: language 'english' must "
        "be a two-letter code such as en, it or fr",
        f"{ENGINE}:{hand}:5: LABELS must map names to texts, or to a text per language: "
        "LABELS['hand'] is 3; write it like 'attacks per game' or {'it': 'attacchi per "
        "partita', 'en': 'attacks per game'}",
    ]


def test_winners_named_in_games_that_did_not_end_count_in_no_card_figure(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """Winners play() named in games it said did not end (finished=False) counted as wins in
    the card figures, over only the seats of ended games: a card every seat plays won more than
    one game in four, a false "played more by seats that lose", or math domain error, exit 1."""
    _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    finished = rng.random() < 0.5\n"
        "    winners = (rng.randrange(len(bots)),) if finished else (1,)\n"
        "    played = [Counter({'miner': 1, 'thief': int(s == 0)}) for s in range(len(bots))]\n"
        "    return GameRecord(finished, 10, winners, played)\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "400", "--players", "4")
    assert run.code == 0, run.err
    cards = json.loads((table / "build" / GAME / "playtest.json").read_text())["cards"]
    miner, thief = (next(card for card in cards if card["card"] == c) for c in ("miner", "thief"))
    assert miner["win_when_played"] == 0.25  # one winner of four seats, in every ended game
    # the seats without a thief, 1–3, win three ended games in four: one in four each
    assert thief["win_when_not"] == pytest.approx(0.25, abs=0.05)


def test_an_engine_that_plays_one_game_over_and_over_is_warned_of(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """rng = random.Random(42) in play() made every game the same: no word was said, and the
    report counted one game 600 times ("first player wins 0% (95% interval 0%–1%)")."""
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    import random\n    rng = random.Random(42)\n"
        "    return GameRecord(True, 3, (rng.randrange(len(bots)),), [Counter() for _ in bots])\n",
    )
    for jobs in ("1", "2"):  # (batches played in workers, their tallies merged)
        run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", jobs)
        assert (run.code, run.err) == (
            0,
            f"{ENGINE}:{line}:1: warning: play() played the same game all 600 times (the same "
            "turns, winners, plays and figures): the report counts one game as many; does "
            "play() draw every choice from rng, not from a random.Random of its own, or none?\n",
        )
    (table / ENGINE).write_text(HEAD + GOOD_PLAY, encoding="utf-8")  # games of their own
    run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", "2")
    assert (run.code, run.err) == (0, "")


def test_a_figure_or_bot_name_the_report_cannot_print_is_a_warning_at_the_engine(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """figures={"😀_score": 1.0} and a bot named 'שלום' printed as empty boxes in playtest.pdf,
    with no word said (the same characters in LABELS were warned of)."""
    play = (
        "def play(rules, bots, rng, turn_cap):\n"
        "    return GameRecord(True, 3, (rng.randrange(len(bots)),), [Counter() for _ in bots],\n"
        "                      figures={'\U0001f600_score': 1.0})\n"
    )
    (table / ENGINE).write_text(HEAD.replace('("random",)', '("random", "\u05e9\u05dc")') + play)
    run = printgen(table, "simulate", GAME, "-n", "5", "--bots", "random,\u05e9\u05dc")
    assert run.code == 0, run.err
    bots, figure = run.err.splitlines()
    assert bots.startswith(f"{ENGINE}:{_line_of(table, 'BOTS')}:1: warning: characters ")
    assert "of bot '\u05e9\u05dc' are not in the playtest report's font (Vera)" in bots
    assert figure.startswith(f"{ENGINE}:{_line_of(table, 'def play')}:1: warning: character ")
    assert "of the figure '\U0001f600_score' play() returns is not in the playtest" in figure


def test_an_engines_message_over_several_lines_is_one_line(
    table: Path, printgen: Callable[..., Run]
) -> None:
    _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        '    raise ValueError("first\\nsrc/evil.py:1:1: forged")\n',
    )
    run = printgen(table, "simulate", GAME, "-n", "5")
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert "first src/evil.py:1:1: forged" in run.err


def test_a_key_the_data_lacks_in_prepare_is_named_as_missing(
    table: Path, printgen: Callable[..., Run]
) -> None:
    # a KeyError's own text is the bare key: "cannot read the game's data: 'rounds'" said
    # nothing of what was wrong
    head = HEAD.replace("    return len(", '    rounds = data.data["rounds"]\n    return len(')
    (table / ENGINE).write_text(head + GOOD_PLAY, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, 'data.data["rounds"]')
    said = (
        f"{ENGINE}:{line}:1: cannot read the game's data: it has no 'rounds' (KeyError); is it "
        "missing from game.yaml's data: or the card's fields?\n"
    )
    assert (run.code, run.err) == (2, said)


@pytest.mark.parametrize(
    ("read", "meant"),
    [('data.data["gaol"]', "goal"), ('data.cards("main")[0].values["csot"]', "cost")],
)
def test_a_misspelt_data_key_or_card_field_in_prepare_says_the_one_meant(
    table: Path, printgen: Callable[..., Run], read: str, meant: str
) -> None:
    """The data has 'goal' and the cards 'cost': "is it missing from game.yaml's data:" left
    the designer to spot the slip."""
    head = HEAD.replace("    return len(", f"    wanted = {read}\n    return len(")
    (table / ENGINE).write_text(head + GOOD_PLAY, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, read)
    missing = read.split('"')[-2]
    said = (
        f"{ENGINE}:{line}:1: cannot read the game's data: it has no '{missing}' (KeyError); "
        f"did you mean '{meant}'?\n"
    )
    assert (run.code, run.err) == (2, said)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_engine_raising_keyboard_interrupt_fails_like_any_engine(
    table: Path, printgen: Callable[..., Run], jobs: str
) -> None:
    # only the user's Ctrl-C stops printgen (exit 130, silent): the engine's own raise is its
    # failure, said at its line
    _engine(table, "def play(rules, bots, rng, turn_cap):\n    raise KeyboardInterrupt\n")
    run = printgen(table, "simulate", GAME, "-n", "40", "--jobs", jobs)
    line = _line_of(table, "raise KeyboardInterrupt")
    said = f"{ENGINE}:{line}:1: play() failed: KeyboardInterrupt (game 1, --seed 1)\n"
    assert (run.code, run.err) == (2, said)


@pytest.mark.parametrize("code", [ENGINE, f"cards/{GAME}/rules.py"])
def test_a_thread_the_games_code_leaves_running_does_not_hang_simulate_with_workers(
    table: Path, code: str
) -> None:
    """A simulate.py or rules.py starting a thread it never joins (at import) hung
    ``simulate --jobs 2`` for good after writing its report: printgen's process, and the
    workers, waited for the thread as they ended. They end as with --jobs 1, with the same
    report and no word of leaked semaphores."""
    from tests.test_rules_misbehaving import STRAY_THREAD, ended_within

    with (table / code).open("a", encoding="utf-8") as file:
        file.write("\n" + STRAY_THREAD)
    report = table / "build" / GAME / "playtest.json"
    reports = []
    for jobs in ("2", "1"):
        args = ("simulate", GAME, "-n", "600", "--jobs", jobs, "--project", str(table))
        played = ended_within(60, *args)
        assert (played.returncode, played.stderr) == (0, "")
        reports.append(report.read_bytes())
    assert reports[0] == reports[1]


def test_an_engine_thread_ending_printgen_is_refused_and_said(table: Path) -> None:
    """A thread the engine leaves running would play on into the next game, or end printgen
    with exit status 0, saying and writing nothing."""
    import subprocess
    import sys

    body = (
        "def play(rules, bots, rng, turn_cap):\n"
        "    import threading, time\n"
        "    threading.Thread(target=lambda: (time.sleep(0.05), os._exit(0))).start()\n"
        "    return GameRecord(True, 3, (0,), [Counter() for _ in bots])\n"
    )
    line = _engine(table, body)
    run = subprocess.run(
        [sys.executable, "-m", "printgen", "--project", str(table), "simulate", GAME, "-n", "500"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    said = (
        f"{ENGINE}:{line}:1: play() returned with 1 thread of its own still running; "
        "join the threads it starts before it returns (game 1, --seed 1)\n"
    )
    assert (run.returncode, run.stderr) == (2, said)


@pytest.mark.parametrize(
    ("series", "said"),
    [
        (
            '{f"k{i}": [1.0] for i in range(60_000)}',
            "play() gave 60,000 series and 0 figures; a report shows at most 100 of each",
        ),
        ('{"vp": [1.0] * 20_000}', "play() gave series['vp'] of 20,000 values, over 10,000"),
        (  # a few names each game, new ones every game: the report would chart them all
            '{f"k{rng.randrange(10**6)}": [1.0] * 3 for _ in range(40)}',
            "play() gave over 100 different series or figure names in 3 games",
        ),
    ],
    ids=["names-in-one-game", "values-in-one-series", "names-over-the-games"],
)
def test_records_the_report_could_not_show_in_bounded_time_are_refused(
    table: Path, printgen: Callable[..., Run], series: str, said: str
) -> None:
    """Each game well-formed and instant, yet 60,000 series names took the report 140 s and
    1.3 GB: what one report shows is bounded, and said at play()."""
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        f"    return GameRecord(True, 3, (0,), [Counter() for _ in bots], series={series})\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "40", "--jobs", "1")
    assert run.code == 2
    if "in 3 games" not in said:  # one game's record: at its return; the run's: at play()
        line += 1
    assert run.err.startswith(f"{ENGINE}:{line}:1: {said}"), run.err
    assert len(run.err.splitlines()) == 1


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_plays_counted_under_a_name_of_their_own_each_time_are_refused(
    table: Path, printgen: Callable[..., Run], jobs: str
) -> None:
    """A name a play (f"{card}@{target}"): 2,000 games made a report of 1,654 pages in 14
    minutes. The starter game's 4 card types and 1,000 more names are shown, not one more."""
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    played = [Counter(f'm{rng.random()}' for _ in range(8)) for _ in bots]\n"
        "    return GameRecord(True, 3, (0,), played)\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "600", "--players", "4", "--jobs", jobs)
    assert (run.code, run.err) == (
        2,
        f"{ENGINE}:{line}:1: play() counted plays under over 1,004 different names in 32 games "
        "(the game's 4 card types and 1,000 more); a report shows a row for each, so count a "
        "play under its card's id (played[seat][card] += 1), not a name of its own each time\n",
    )


def test_an_engine_that_fills_the_memory_is_stopped_at_its_line(
    table: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """2 GiB beyond what printgen holds, in each worker too; 200 MiB here, to run fast."""
    monkeypatch.setattr("printgen.sandbox.memory.DESIGNER_MEMORY_BYTES", 200 * 1024**2)
    _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n    kept = []\n    while True:\n"
        "        kept.append(bytearray(8 * 1024 * 1024))  # grows\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "20", "--jobs", "1")
    line = _line_of(table, "# grows")
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert run.err.startswith(f"{ENGINE}:{line}:1: play() failed: MemoryError: it ran out of ")
    assert "past the 200 MiB a game's own Python may take" in run.err


def test_records_of_a_batch_do_not_count_against_the_engines_memory(
    table: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game's record, 3 MB of series, is added up as it is made: 100 of them (the batch
    printgen kept) passed the engine's 200 MiB here, and a valid engine was told it leaked."""
    monkeypatch.setattr("printgen.sandbox.memory.DESIGNER_MEMORY_BYTES", 200 * 1024**2)
    _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    series = {f's{k}': list(map(float, range(5000))) for k in range(20)}\n"
        "    won = (rng.randrange(len(bots)),)\n"
        "    return GameRecord(True, 5000, won, [Counter() for _ in bots], series=series)\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "100", "--turn-cap", "5000")
    assert (run.code, run.err) == (0, ""), run.err


def test_printgen_running_out_of_memory_adding_up_is_not_blamed_on_play(
    table: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*_: object) -> None:
        raise MemoryError

    monkeypatch.setattr("printgen.simulate.tally.Tally.add", full)
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, "def play")
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert run.err.startswith(
        f"{ENGINE}:{line}:1: printgen ran out of memory adding up game 1's record"
    ), run.err
    assert "play() failed" not in run.err


@pytest.mark.parametrize("kind", ["link-out", "folder"])
def test_an_engine_that_is_no_file_of_the_project_is_refused_not_run(
    table: Path, printgen: Callable[..., Run], tmp_path: Path, kind: str
) -> None:
    """As rules.py: a link out of the project is never run, a folder is said as one."""
    outside = tmp_path / "elsewhere.py"
    ran = tmp_path / "ran"
    outside.write_text(f"open({str(ran)!r}, 'w')\n" + HEAD + GOOD_PLAY, encoding="utf-8")
    engine = table / ENGINE
    engine.unlink()
    if kind == "link-out":
        engine.symlink_to(outside)
    else:
        engine.mkdir()
    for args in (["simulate", GAME, "-n", "5"], ["validate", GAME, "--simulate"]):
        run = printgen(table, *args)
        assert run.code == 2 and run.err.count("\n") == 1, run.err
        said = "leads outside the project folder" if kind == "link-out" else "is a folder"
        assert run.err.startswith(f"{ENGINE}:1:1: {ENGINE} {said}"), run.err
    assert not ran.exists()


def test_a_play_counted_under_a_mistyped_card_id_is_a_warning(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """'minr' is no card of the deck but nearly 'miner': said; the run goes on (an engine may
    count plays by names of its own)."""
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    won = (rng.randrange(len(bots)),)\n"
        '    return GameRecord(True, 3, won, [Counter({"minr": 1}) for _ in bots])\n',
    )
    run = printgen(table, "simulate", GAME, "-n", "20")
    assert run.code == 0
    assert run.err == (
        f"{ENGINE}:{line}:1: warning: play() counts plays of 'minr', which is no card of the "
        "played decks; did you mean 'miner'? (the report shows 'minr' as a card of its own)\n"
    )


def test_a_play_counted_under_a_printed_name_or_in_another_case_is_a_warning(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """'Gold Miner', the card's printed name, and 'Thef' for 'thief' (0.67 alike compared as
    written) were shown as cards of their own with no warning."""
    deck = table / "cards" / GAME / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace('name: "Miner"', 'name: "Gold Miner"'), encoding="utf-8")
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        '    counted = Counter({"Gold Miner": 1, "Thef": 1})\n'
        "    return GameRecord(True, 3, (rng.randrange(len(bots)),), [counted for _ in bots])\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "20")
    assert run.code == 0
    assert run.err == (
        f"{ENGINE}:{line}:1: warning: play() counts 'Gold Miner', the printed name of card "
        "'miner'; count plays by card id (the report shows 'Gold Miner' as a card of its own)\n"
        f"{ENGINE}:{line}:1: warning: play() counts plays of 'Thef', which is no card of the "
        "played decks; did you mean 'thief'? (the report shows 'Thef' as a card of its own)\n"
    ), run.err


def test_many_mistyped_card_ids_are_said_for_five_then_once(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """``played[seat][card_id + "x"]`` for every card was one warning a card (53 lines for the
    symbol deck): five, then one line naming the rest and how many in all, as the README
    promises for a problem alike on many cards."""
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    counts = Counter(card + tail for card in ('crown', 'merchant', 'miner', 'thief')\n"
        "                     for tail in 'wxyz')\n"
        "    return GameRecord(True, 3, (rng.randrange(len(bots)),), [counts for _ in bots])\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "20")
    assert run.code == 0, run.err
    lines = run.err.splitlines()
    assert len(lines) == 6, run.err
    assert lines[0] == (
        f"{ENGINE}:{line}:1: warning: play() counts plays of 'crownw', which is no card of the "
        "played decks; did you mean 'crown'? (the report shows 'crownw' as a card of its own)"
    )
    assert lines[5] == (
        f"{ENGINE}:{line}:1: warning: play() counts plays of 11 more names that are no card of "
        "the played decks but nearly one ('merchantx' for 'merchant', 'merchanty' for "
        "'merchant', 'merchantz' for 'merchant', 'minerw' for 'miner', 'minerx' for 'miner', "
        "'minery' for 'miner', 'minerz' for 'miner', 'thiefw' for 'thief', 'thiefx' for "
        "'thief', 'thiefy' for 'thief' and 1 more; 16 in all); count plays by card id (the "
        "report shows each as a card of its own)"
    )


def test_winners_of_games_that_did_not_end_are_a_warning(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """A leader named winner at the turn cap with finished=False counted nowhere: the win
    rates were of the other games, and nothing said why."""
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    ended = rng.random() < 0.5\n"
        "    return GameRecord(ended, 3 if ended else turn_cap, (0,), [Counter() for _ in bots])\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "40")
    assert run.code == 0, run.err
    (said,) = run.err.splitlines()
    capped = int(said.split("winners in ")[1].split(" games")[0])
    summary = json.loads((table / "build" / GAME / "playtest.json").read_text(encoding="utf-8"))
    assert capped == summary["finished"]["capped"] > 0  # every capped game named a winner
    assert said.startswith(f"{ENGINE}:{line}:1: warning: play() named winners in ")
    assert "return finished=True" in said


def test_games_the_engine_ended_unfinished_before_the_cap_are_said_as_such(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """finished=False after 120 turns of a 1000-turn cap was reported as "all 50 games hit the
    1000-turn cap": games the engine stopped itself are said apart, and warned as unusual."""
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    return GameRecord(False, 120, (), [Counter() for _ in bots])\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "50")
    assert run.code == 0, run.err
    assert run.out.splitlines()[0] == (
        "No game ended by the rules: all 50 games ended unfinished by the engine at 120 turns, "
        "before the 1000-turn cap, so there is no game length and no winner to report."
    )
    assert run.err == (
        f"{ENGINE}:{line}:1: warning: play() gave finished=False in 50 games it ended at 120 "
        "turns, before the 1000-turn cap, which is unusual: a game the rules end returns "
        "finished=True, and one that does not end runs on to turn_cap (the report counts them "
        "apart, as ended unfinished by the engine)\n"
    )
    summary = json.loads((table / "build" / GAME / "playtest.json").read_text(encoding="utf-8"))
    assert summary["finished"]["capped"] == 0
    assert (summary["finished"]["unfinished"], summary["finished"]["unfinished_turns"]) == (
        50,
        [120, 120],
    )
    # some ended, some hit the cap, some the engine stopped early: each said for what it is
    _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        "    ended, early = rng.random() < 0.5, rng.random() < 0.5\n"
        "    turns = 3 if ended else rng.choice((80, 120)) if early else turn_cap\n"
        "    return GameRecord(ended, turns, (), [Counter() for _ in bots])\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "200")
    assert run.code == 0, run.err
    fin = json.loads((table / "build" / GAME / "playtest.json").read_text(encoding="utf-8"))[
        "finished"
    ]
    assert fin["games"] + fin["capped"] + fin["unfinished"] == 200
    assert (
        f"; {fin['capped']} hit the 1000-turn cap and {fin['unfinished']} ended unfinished by "
        "the engine at 80 to 120 turns, before the cap, and have no winner"
    ) in run.out


@pytest.mark.parametrize(
    "play",
    [
        # state kept in the rules prepare() made: each game longer than the one before
        "def play(rules, bots, rng, turn_cap):\n"
        "    rules.append(1)\n"
        "    return GameRecord(True, min(len(rules), turn_cap), (0,), [Counter() for _ in bots])\n",
        # the clock, not rng: no seed replays it
        "import time\n\n\ndef play(rules, bots, rng, turn_cap):\n"
        "    luck = {'luck': float(time.perf_counter_ns() % 1000)}\n"
        "    return GameRecord(True, 3, (0,), [Counter() for _ in bots], figures=luck)\n",
    ],
    ids=["state-between-games", "clock"],
)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_games_a_seed_does_not_replay_are_a_warning(
    table: Path, printgen: Callable[..., Run], play: str, jobs: str
) -> None:
    """The run's figures were not those any -n, --seed or --jobs gives, and nothing said so:
    --jobs 1 and 2 wrote different reports of the same seed, and game 300 replayed alone was
    another game than the 300th of the run."""
    text = HEAD.replace('    return len(data.cards("main"))', "    return []") + play
    (table / ENGINE).write_text(text, encoding="utf-8")
    line = _line_of(table, "def play(")
    run = printgen(table, "simulate", GAME, "-n", "300", "--jobs", jobs)
    assert run.code == 0, run.err
    # the first game of those replayed (each batch's first, middle and last) that differed
    game = "126" if play.startswith("def") else "1"
    assert run.err == (
        f"{ENGINE}:{line}:1: warning: play() gave game {game} (--seed 1) another record when "
        "it was played again alone: the engine's games depend on more than their seed — state "
        "kept from one game to the next (in module-level variables or in the rules prepare() "
        "made), or the clock or random.SystemRandom instead of rng — so -n, --seed and --jobs "
        "cannot replay them\n"
    ), run.err
    (table / ENGINE).write_text(HEAD + GOOD_PLAY, encoding="utf-8")  # replayed: nothing said
    run = printgen(table, "simulate", GAME, "-n", "300", "--jobs", jobs)
    assert run.code == 0 and run.err == "", run.err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_game_that_does_not_replay_is_found_though_the_last_one_does(
    table: Path, printgen: Callable[..., Run], jobs: str
) -> None:
    """A module-level variable changing one game early in the run (as ties broken by
    random.SystemRandom change a few): only the last game was replayed, it replayed, and three
    runs of one --seed wrote three reports with no warning. Games through the run are replayed."""
    play = (
        "GAMES = [0]\n\n\ndef play(rules, bots, rng, turn_cap):\n"
        "    GAMES[0] += 1\n"
        "    winner = 1 if GAMES[0] == 1 else 0\n"
        "    return GameRecord(True, 3, (winner,), [Counter() for _ in bots])\n"
    )
    (table / ENGINE).write_text(HEAD + play, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", jobs)
    line = _line_of(table, "def play(")
    assert run.code == 0, run.err
    assert run.err.startswith(
        f"{ENGINE}:{line}:1: warning: play() gave game 1 (--seed 1) another record when it was "
        "played again alone"
    ), run.err
    assert "module-level variables" in run.err


def test_an_engine_drawing_from_the_random_module_replays_with_its_seed(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """random.random() in a branch some games take (not rng): each run, and each --jobs, gave
    other figures of the same seed, and the replay of the last game, which took no such
    branch, said nothing. The module is seeded for each game as rng is: the same report."""
    play = (
        "import random\n\n\ndef play(rules, bots, rng, turn_cap):\n"
        "    luck = {'luck': random.random() if rng.random() < 0.1 else 0.0}\n"
        "    return GameRecord(True, 3, (0,), [Counter() for _ in bots], figures=luck)\n"
    )
    text = HEAD.replace('    return len(data.cards("main"))', "    return []") + play
    (table / ENGINE).write_text(text, encoding="utf-8")
    reports: list[bytes] = []
    for jobs in ("1", "2", "2"):
        out = table / f"run{len(reports)}.json"
        run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", jobs, "--json", str(out))
        assert run.code == 0 and run.err == "", run.err
        reports.append(out.read_bytes())
    assert reports[0] == reports[1] == reports[2]


def test_an_engine_iterating_a_set_of_texts_gives_one_report_whatever_the_process(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """A set's order of texts follows Python's hash seed, which differs from one process to the
    next: such an engine gave another playtest.json at each run of the same --seed, with no
    warning. printgen simulate runs with the hashes fixed; workers forked from it hash alike."""
    _engine(
        table,
        "NAMES = ['miner', 'merchant', 'thief', 'crown', 'gold', 'ship', 'port', 'map']\n"
        "def play(rules, bots, rng, turn_cap):\n"
        "    first = next(iter(set(NAMES)))  # in the order of Python's hash seed\n"
        "    winner = (NAMES.index(first) + rng.randrange(2)) % len(bots)\n"
        "    return GameRecord(True, 3, (winner,), [Counter() for _ in bots])\n",
    )
    out = table / "build" / GAME / "playtest.json"
    reports = []
    for hash_seed in ("1", "2", "random"):  # three processes, hashing three ways
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        jobs = "2" if hash_seed == "2" else "1"
        command = [sys.executable, "-m", "printgen", "--project", str(table), "simulate", GAME]
        done = subprocess.run(
            [*command, "-n", "300", "--jobs", jobs],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        reports.append(out.read_bytes())
    assert reports[0] == reports[1] == reports[2]
    # a script of the designer's own calling main() is not run again (its code would run
    # twice): a warning says how to fix the hashes
    script = "import sys\nfrom printgen.cli.commands import main\nsys.exit(main())\n"
    done = subprocess.run(
        [sys.executable, "-c", script, "--project", str(table), "simulate", GAME, "-n", "30"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "random"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "set PYTHONHASHSEED=0" in done.stderr, done.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("stream", ["", ", file=__import__('sys').stderr"])
def test_what_an_engine_prints_is_left_out_of_printgens_output_and_said_once(
    table: Path, printgen: Callable[..., Run], jobs: str, stream: str
) -> None:
    """print("starting game") in play() put 600 lines among printgen's own (and its problems'
    lines on stderr): they are left out, and one warning at play() says so."""
    play = GOOD_PLAY.replace(
        "def play(rules, bots, rng, turn_cap):\n",
        f"def play(rules, bots, rng, turn_cap):\n    print('starting game'{stream})\n",
    )
    (table / ENGINE).write_text(HEAD + play, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", jobs)
    assert run.code == 0, run.err
    assert "starting game" not in run.out + run.err
    line = _line_of(table, "def play(")
    assert run.err == (
        f"{ENGINE}:{line}:1: warning: play() prints (print, sys.stdout or sys.stderr), which "
        "printgen leaves out of its output: count what you want to see in the record's figures "
        "or series\n"
    ), run.err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_what_an_engine_prints_importing_or_preparing_is_said_at_its_own_step(
    table: Path, printgen: Callable[..., Run], jobs: str
) -> None:
    """print() in prepare() was said as "play() prints" at play's def line, and a print at the
    module's top level went to stdout among printgen's own lines, unflagged."""
    head = HEAD.replace("BOTS = ", "print('loading the engine')\nBOTS = ").replace(
        "def prepare(data):\n", "def prepare(data):\n    print('preparing')\n"
    )
    (table / ENGINE).write_text(head + GOOD_PLAY, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", jobs)
    assert run.code == 0, run.err
    assert "loading the engine" not in run.out + run.err and "preparing" not in run.out
    module, prepare = _line_of(table, "print('loading"), _line_of(table, "def prepare(")
    said = "(print, sys.stdout or sys.stderr), which printgen leaves out of its output: "
    assert run.err == (
        f"{ENGINE}:{module}:1: warning: simulate.py prints as it is imported {said}remove the "
        "print (the module is imported in every worker process too)\n"
        f"{ENGINE}:{prepare}:1: warning: prepare() prints {said}raise ValueError with a "
        "message when the game's data is wrong, and printgen says it at its line\n"
    ), run.err


def test_an_engine_missing_what_it_must_define_is_said_at_its_file(
    table: Path, printgen: Callable[..., Run]
) -> None:
    (table / ENGINE).write_text("# to do\n", encoding="utf-8")
    for args in (["simulate", GAME, "-n", "5"], ["validate", GAME, "--simulate"]):
        run = printgen(table, *args)
        assert run.code == 2
        assert run.err == (
            f"{ENGINE}:1:1: an engine must define BOTS, prepare and play; missing BOTS, "
            "prepare, play\n"
        ), run.err


@pytest.mark.parametrize(
    ("wrong", "right", "missing"),
    [
        ("def play_game(", "def play(", "play"),
        ("def preapre(", "def prepare(", "prepare"),
        ("bots = (", "BOTS = (", "BOTS"),
    ],
)
def test_a_misspelt_required_definition_is_said_at_its_line_with_the_name_meant(
    table: Path, printgen: Callable[..., Run], wrong: str, right: str, missing: str
) -> None:
    """It was said at line 1, "missing play", the def play_game beside it never named."""
    (table / ENGINE).write_text((HEAD + GOOD_PLAY).replace(right, wrong), encoding="utf-8")
    line = _line_of(table, wrong)
    misspelt = wrong.removeprefix("def ").split(" ")[0].rstrip("(")
    said = (
        f"{ENGINE}:{line}:1: an engine must define BOTS, prepare and play; missing {missing}; "
        f"did you mean {missing} (not {misspelt})?\n"
    )
    for args in (["simulate", GAME, "-n", "5"], ["validate", GAME, "--simulate"]):
        run = printgen(table, *args)
        assert (run.code, run.err) == (2, said)


def test_validates_games_taking_longer_than_its_limit_are_an_error_at_play(
    table: Path, printgen: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """300 games of an engine taking a second each would hold validate for five minutes. The
    limit is kept between two games: it was looked at only after a batch of 250 games (four
    minutes of one-second games, said as "1 of 300 games took more than 120 s")."""
    from printgen.simulate import validating

    monkeypatch.setattr(validating, "VALIDATE_SIMULATION_SECONDS", 0.3)
    line = _engine(
        table,
        "import time\n\n\ndef play(rules, bots, rng, turn_cap):\n    time.sleep(0.05)\n"
        "    return GameRecord(True, 3, (rng.randrange(len(bots)),), [Counter() for _ in bots])\n",
    )
    started = time.monotonic()
    run = printgen(table, "validate", GAME, "--simulate")
    took = time.monotonic() - started
    assert run.code == 2
    assert run.err.startswith(f"{ENGINE}:{line + 3}:1: ")
    assert "of 300 games took more than 0.3 s (the limit for validate --simulate)" in run.err
    played = int(run.err.split("the first ")[1].split(" of 300")[0])
    assert 1 <= played <= 7, run.err  # 0.3 s of games of at least 0.05 s: six at most, and one
    assert took < 5, took  # not the 12.5 s of a whole batch of 250 games


def test_validate_simulate_checks_every_game_when_one_engine_fails(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """A failing engine is one line; the games after it are still simulated and their breached
    thresholds said — the run stopped at the first engine, so a designer mended one game to
    hear of the next."""
    assert printgen(table, "new", "anchor", "--lang", "en").code == 0
    failing = HEAD + 'def play(rules, bots, rng, turn_cap):\n    raise ValueError("no moves")\n'
    (table / "cards" / "anchor" / "simulate.py").write_text(failing, encoding="utf-8")
    game_yaml = table / "cards" / GAME / "game.yaml"
    text = game_yaml.read_text()  # the starter's own thresholds, for one no game meets
    start = text.index("balance:\n")
    end = text.index("\n\n", start)
    game_yaml.write_text(text[:start] + "balance:\n  max_turns_p90: 2\n" + text[end + 1 :])
    run = printgen(table, "validate", "--simulate")
    assert run.code == 2
    assert run.err.startswith("cards/anchor/simulate.py:")
    assert "play() failed: ValueError: no moves" in run.err
    assert f"cards/{GAME}/game.yaml:" in run.err and "> max_turns_p90 2)" in run.err
    assert f"{GAME}: 300 simulated games, 0 of 1 balance thresholds met" in run.out
    assert ": ok" not in run.out  # nothing is ok when an engine failed


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_engines_python_warnings_are_warning_lines_at_its_lines(table: Path, jobs: str) -> None:
    """warnings.warn in simulate.py (at its top, in play) was printed by Python on two lines
    naming the absolute path, once more by each worker: one warning line each, at its line."""
    import subprocess
    import sys

    (table / ENGINE).write_text(
        "import warnings\n"
        + HEAD
        + 'warnings.warn("loaded early")\n'
        + GOOD_PLAY.replace("    return", '    warnings.warn("check the deck")\n    return'),
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "printgen", "simulate", GAME, "-n", "300", "--jobs", jobs]
    done = subprocess.run(
        command, cwd=table, capture_output=True, text=True, timeout=120, check=False
    )
    top, play = _line_of(table, "loaded early"), _line_of(table, "check the deck")
    assert (done.returncode, done.stderr) == (
        0,
        f"{ENGINE}:{top}:1: warning: UserWarning: loaded early\n"
        f"{ENGINE}:{play}:1: warning: UserWarning: check the deck\n",
    )


def test_an_engines_warnings_are_bounded_over_the_whole_run(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """A warning of its own text at every game was twenty lines and a count for each batch of
    250 games (1,600 lines for 20,000 games): twenty over the run, and one count of the rest."""
    (table / ENGINE).write_text(
        "import warnings\n"
        + HEAD
        + GOOD_PLAY.replace("    return", '    warnings.warn(f"odd {rng.random()}")\n    return'),
        encoding="utf-8",
    )
    run = printgen(table, "simulate", GAME, "-n", "600")
    lines = run.err.splitlines()
    play = _line_of(table, "odd {")
    assert run.code == 0
    assert len(lines) == 21, run.err
    assert all(
        line.startswith(f"{ENGINE}:{play}:1: warning: UserWarning: odd ") for line in lines[:20]
    )
    assert lines[20].endswith(": warning: 580 more Python warnings not shown")


def test_importing_a_module_beside_the_engine_says_an_engine_cannot(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """'No module named 'helpers'', helpers.py plainly beside simulate.py, said nothing of why:
    an engine imports only the contract and the standard library (rules.py may import it)."""
    (table / "cards" / GAME / "helpers.py").write_text("GOAL = 5\n", encoding="utf-8")
    (table / ENGINE).write_text("import helpers\n" + HEAD + GOOD_PLAY, encoding="utf-8")
    run = printgen(table, "simulate", GAME, "-n", "20")
    assert (run.code, run.err) == (
        2,
        f"{ENGINE}:1:1: simulate.py failed to load: ModuleNotFoundError: No module named "
        "'helpers'; helpers is beside simulate.py, but an engine imports only "
        "printgen.simulate.contract and the standard library: put what it needs in simulate.py\n",
    )


def test_a_game_stuck_inside_one_c_call_is_ended_by_the_kernel(table: Path) -> None:
    """sum(range(10**12)) never returns to the interpreter, so the game clock's alarm never
    runs: the simulation ran on for hours. The CPU limit set afresh for each game ends the
    process, as a rule's does. The limits are 60 + 5 s; 1 + 1 s here, in a process of its own."""
    import signal
    import subprocess
    import sys

    stuck = GOOD_PLAY.replace("    return", "    sum(range(10**12))\n    return")
    (table / ENGINE).write_text(HEAD + stuck, encoding="utf-8")
    script = (
        "import sys\n"
        "import printgen.simulate.faults as faults\n"
        "faults.MAX_GAME_SECONDS = faults.CPU_GRACE = 1.0\n"
        "from printgen.cli.commands import main\n"
        f"sys.exit(main(['--project', {str(table)!r}, 'simulate', {GAME!r}, '-n', '3']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == -signal.SIGXCPU, (done.returncode, done.stderr)


@pytest.mark.parametrize(
    ("name", "how"),
    [
        (
            "SIGXCPU",
            "stopped by the CPU time limit (signal 24, SIGXCPU): stuck inside one library call "
            "for over 65 s of CPU, where the game's 60 s clock cannot stop it; a game must stop "
            "at turn_cap turns",
        ),
        ("SIGKILL", "killed (signal 9 — out of memory?)"),
    ],
)
def test_a_worker_ended_by_a_signal_is_said_at_play_with_its_game(
    table: Path, printgen: Callable[..., Run], name: str, how: str
) -> None:
    """The kernel ends a worker stuck inside one C call (SIGXCPU) or out of memory (SIGKILL):
    said as "simulate.py:1:1: a worker process playing its games ended", with no reason and no
    game. Sent by the engine itself here, in one game of the second batch, to run fast."""
    from printgen.simulate.run import game_rng

    doomed = game_rng(1, 300).random()  # game 301's first draw: no other game's
    line = _engine(
        table,
        "def play(rules, bots, rng, turn_cap):\n"
        f"    if rng.random() == {doomed!r}:\n"
        # as the kernel sends it: os.kill of its own process is refused to an engine
        f"        import ctypes, signal; ctypes.CDLL(None).kill(os.getpid(), signal.{name})\n"
        "    return GameRecord(True, 3, (0,), [Counter() for _ in bots])\n",
    )
    run = printgen(table, "simulate", GAME, "-n", "600", "--jobs", "2")
    assert (run.code, run.err) == (
        2,
        f"{ENGINE}:{line}:1: play() ran in a worker process (games 251–500) that was {how} "
        "(game 301, --seed 1)\n",
    )


def test_a_mistyped_deck_id_is_said_where_the_engine_asks_for_it(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """data.cards('mian') gave an empty deck: the engine failed later, in play(), with "pop
    from empty list" (or played games of no cards). It is said at the line that asks."""
    (table / ENGINE).write_text(
        HEAD.replace('data.cards("main")', 'data.cards("mian")') + GOOD_PLAY, encoding="utf-8"
    )
    run = printgen(table, "simulate", GAME, "-n", "5")
    line = _line_of(table, 'data.cards("mian")')
    assert (run.code, run.err) == (
        2,
        f"{ENGINE}:{line}:1: cannot read the game's data: {GAME} has no deck 'mian'; did you "
        "mean 'main'? (its decks: main)\n",
    )


def test_a_play_that_replaces_pythons_own_functions_leaves_the_run_whole(table: Path) -> None:
    """play() setting builtins.isinstance (and len) to something else after each game ended
    the run in "internal error" (exit 1): printgen checked the record with them replaced.
    What play() replaced is put back after each game."""
    _engine(
        table,
        GOOD_PLAY.replace(
            "    return GameRecord(",
            "    import builtins\n\n    record = GameRecord(",
        )
        + "    builtins.isinstance = lambda *args: False\n"
        "    return record\n",
    )
    engine = table / ENGINE
    for broken in ("", "    builtins.len = None\n"):  # wrong answers alone, then failures too
        text = engine.read_text(encoding="utf-8")
        engine.write_text(text.replace("    return record\n", broken + "    return record\n"))
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "printgen",
                "simulate",
                GAME,
                "-n",
                "30",
                "--project",
                str(table),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        playtest = table / "build" / GAME / "playtest.json"
        played = json.loads(playtest.read_text(encoding="utf-8"))
        assert played["settings"]["games"] == played["finished"]["games"] == 30


def test_a_caption_in_a_script_the_reports_font_lacks_prints_its_key_and_is_said(
    table: Path, printgen: Callable[..., Run]
) -> None:
    """A Cyrillic caption printed "□□□□□□□ □ □□□□, by seat" in playtest.pdf, silently: the
    report prints its key made readable, and says so at the caption's LABELS entry."""
    import pdfplumber

    labels = 'LABELS = {\n    "laps_done": "Круги",\n}\n\n\n'
    (table / ENGINE).write_text(
        HEAD
        + labels
        + GOOD_PLAY.replace(
            "[Counter() for _ in bots])", "[Counter() for _ in bots], figures={'laps_done': 3})"
        ),
        encoding="utf-8",
    )
    run = printgen(table, "simulate", GAME, "-n", "20")
    line = _line_of(table, '"laps_done"')
    assert run.code == 0, run.err
    assert run.err.startswith(
        f"{ENGINE}:{line}:5: warning: characters 'К', 'р', 'у', … of LABELS['laps_done'] are "
        "not in the playtest report's font (Vera)"
    ), run.err
    with pdfplumber.open(table / "build" / GAME / "playtest.pdf") as pdf:
        text = "".join(page.extract_text() or "" for page in pdf.pages)
    assert "laps done" in text and "Круги" not in text


def test_a_report_label_in_a_script_the_reports_font_lacks_prints_in_english_and_is_said(
    tmp_path: Path, printgen: Callable[..., Run]
) -> None:
    """A Russian designer following the README (printgen labels ru, then translate) got the
    heading "□□□□: Gonka": a label Vera cannot draw prints in English, said at its line."""
    import pdfplumber

    root = tmp_path / "games"
    assert printgen(root, "new", GAME, "--lang", "en", "--lang", "ru").code == 0
    (root / ENGINE).write_text(HEAD + GOOD_PLAY, encoding="utf-8")
    labels = root / "templates" / "labels.yaml"
    text = labels.read_text(encoding="utf-8")
    assert 'playtest_title: {ru: "Playtest: {title}"}' in text
    labels.write_text(text.replace('{ru: "Playtest: {title}"}', '{ru: "Тест: {title}"}'), "utf-8")
    line = 1 + text[: text.index("playtest_title:")].count("\n")
    run = printgen(root, "simulate", GAME, "-n", "20", "--lang", "ru")
    assert run.code == 0, run.err
    assert (
        f"templates/labels.yaml:{line}:1: warning: characters 'Т', 'е', 'с', … of the 'ru' label "
        "'playtest_title' are not in the playtest report's font (Vera)"
    ) in run.err, run.err
    with pdfplumber.open(root / "build" / GAME / "playtest.pdf") as pdf:
        first = pdf.pages[0].extract_text() or ""
    assert first.startswith("Playtest: "), first[:80]
