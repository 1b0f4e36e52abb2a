"""A designer's rules.py that misbehaves is bad input like any other: whatever its code raises,
returns or yields, printgen says so in one ``path:line:col: message`` line per problem at the
best place known, exits 2, never prints a traceback and never lets the rules end it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from printgen.problems import Problem, Where
from printgen.project import Project
from tests.conftest import Run
from tests.test_rules_api import line_of

Printgen = Callable[..., Run]
LINE = re.compile(r"^(?P<path>[^:\s]+):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")
RULES = "cards/demo/rules.py"
HEAD = "from printgen.rules import Problem, Severity, Where, rule\n\n\n"


def write_rules(demo: Path, body: str) -> Path:
    path = demo / RULES
    path.write_text(HEAD + textwrap.dedent(body), encoding="utf-8")
    return path


def problem_lines(run: Run) -> list[str]:
    """stderr's lines, each checked to be one whole ``path:line:col: message`` problem."""
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert "Traceback" not in run.err
    for line in lines:
        assert LINE.match(line), line
    return lines


def validate_in_a_process(demo: Path, limits: str = "") -> subprocess.CompletedProcess[str]:
    """``printgen validate demo`` in a process of its own, after ``limits`` (lines of Python
    setting printgen's limits lower, to run fast): what only a whole process shows, its end and
    its output streams."""
    script = (
        "import sys\n"
        "import printgen.sandbox.alarm as alarm, printgen.rules.run as run\n"
        f"{limits}\n"
        "from printgen.cli.commands import main\n"
        f"sys.exit(main(['--project', {str(demo)!r}, 'validate', 'demo']))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )


MISBEHAVING = [
    pytest.param(
        """\
        @rule("r")
        def r(ctx):
            yield "not a problem"  # here
        """,
        "r: it gave 'not a problem' (a str), not a Problem",
        id="yields-str",
    ),
    pytest.param(
        """\
        @rule("r")
        def r(ctx):
            yield None  # here
        """,
        "r: it gave None, not a Problem",
        id="yields-none",
    ),
    pytest.param(
        """\
        @rule("r")
        def r(ctx):
            yield ctx.problem(Where("cards/demo/game.yaml", 1, 1), object())  # here
        """,
        "r: a problem's message is an object, not text",
        id="message-not-text",
    ),
    pytest.param(
        """\
        @rule("r")
        def r(ctx):
            yield ctx.problem(Where("cards/demo/game.yaml", 1, 1), "m", "fatal")  # here
        """,
        "r: a problem's severity is 'fatal'; use Severity.ERROR or Severity.WARNING",
        id="severity-unknown",
    ),
    pytest.param(
        """\
        @rule("r")
        def r(ctx):
            place = ctx.cards("main")[0].where("cost")
            place.line += 1  # here: a card's place, shared with every other check, stays put
            yield
        """,
        "r: the rule failed: AttributeError: can't set attribute",
        id="moves-a-place",
    ),
    pytest.param(
        """\
        @rule("r")
        def r(ctx):
            raise GeneratorExit  # here
            yield
        """,
        "r: the rule failed: GeneratorExit",
        id="generator-exit",
    ),
    pytest.param(
        """\
        class Stop(BaseException):
            pass


        @rule("r")
        def r(ctx):
            raise Stop("halt")  # here
        """,
        "r: the rule failed: Stop: halt",
        id="base-exception",
    ),
    pytest.param(
        """\
        @rule("r")
        def r(ctx):
            raise SystemExit(0)  # here
        """,
        "r: the rule failed: SystemExit: 0",
        id="system-exit",
    ),
    pytest.param(  # it ended printgen at once: exit status 0, nothing said, nothing written
        """\
        @rule("r")
        def r(ctx):
            import os
            os._exit(0)  # here
        """,
        "r: the rule failed: it called os._exit(0) (rules.py may not end printgen nor start",
        id="os-exit",
    ),
    pytest.param(  # the rest of printgen ran twice: two builds writing the same files
        """\
        @rule("r")
        def r(ctx):
            import os
            os.fork()  # here
            return []
        """,
        "r: the rule failed: it called os.fork() (rules.py may not end printgen nor start",
        id="os-fork",
    ),
    pytest.param(
        """\
        @rule("r")
        def r(ctx):  # here
            return 5
        """,
        "r: the rule returned 5 (an int), not its problems",
        id="returns-int",
    ),
    pytest.param(
        """\
        @rule(
            "r"
        )
        def r(ctx):  # here
            problems = []
        """,
        "r: the rule returned None, not its problems",
        id="returns-none-at-its-def",
    ),
    pytest.param(
        """\
        @rule("r")
        async def r(ctx):  # here
            return []
        """,
        "(a coroutine), not its problems",
        id="async-def",
    ),
    pytest.param(
        """\
        class Odd:
            def __iter__(self):
                raise SystemExit(3)  # here


        @rule("r")
        def r(ctx):
            return Odd()
        """,
        "r: the rule failed: SystemExit: 3",
        id="iter-exits",
    ),
]


@pytest.mark.parametrize(("body", "said"), MISBEHAVING)
def test_a_misbehaving_rule_is_one_error_at_its_line(
    demo: Path, printgen: Printgen, body: str, said: str
) -> None:
    rules = write_rules(demo, body)
    run = printgen(demo, "validate", "demo")
    line = line_of(rules, "# here")
    assert run.code == 2
    [found] = [x for x in problem_lines(run) if said in x]
    assert found.startswith(f"{RULES}:{line}:1: "), run.err


def test_a_rule_that_exits_stops_the_build_not_printgen(demo: Path, printgen: Printgen) -> None:
    rules = write_rules(
        demo,
        """\
        @rule("r")
        def r(ctx):
            raise SystemExit(0)
            yield
        """,
    )
    run = printgen(demo, "build", "demo")
    assert run.code == 2
    assert problem_lines(run)[0].startswith(f"{RULES}:{line_of(rules, 'SystemExit')}:1: r: ")
    assert not (demo / "build/demo").exists()
    # a rule raising KeyboardInterrupt is the rule failing; the user's Ctrl-C stops printgen
    rules.write_text(rules.read_text().replace("SystemExit(0)", "KeyboardInterrupt"))
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    line = line_of(rules, "KeyboardInterrupt")
    assert problem_lines(run) == [f"{RULES}:{line}:1: r: the rule failed: KeyboardInterrupt"]
    # (through the C library: os.kill of printgen's own process is refused to a rule)
    pressed = "import ctypes, os, signal; ctypes.CDLL(None).kill(os.getpid(), signal.SIGINT)"
    rules.write_text(rules.read_text().replace("raise KeyboardInterrupt", pressed))
    assert printgen(demo, "validate", "demo") == Run(130, "", "")


@pytest.mark.parametrize(
    ("write", "changed"),
    [
        ("ctx.game.data['goal'] = 99", "ctx.game.data"),
        ("ctx.game.raw['title'] = 'x'", "ctx.game.raw"),
        ("ctx.game.raw['data']['goal'] = 99", "ctx.game.data"),
        ("ctx.resolved('it').data['goal'] = 99", "ctx.data('it')"),
        ("ctx.game.data.clear()", "ctx.game.data"),
        # a shallow copy shares the nested values: the advice says deepcopy
        ("raw = dict(ctx.game.raw); raw['languages'].reverse()", "ctx.game.raw"),
    ],
)
def test_a_rule_that_changes_the_games_data_is_an_error_and_changes_no_output(
    demo: Path, printgen: Printgen, write: str, changed: str
) -> None:
    """ctx.game.data['goal'] = 99 built with exit 0, the English rulebook and aid saying
    "collect 99" (the language whose unit ran the rules) and the Italian ones 5: the change is
    said at the rule and set back, and nothing is written."""
    rules = write_rules(
        demo,
        f"""\
        @rule("mut")
        def mut(ctx):
            {write}
            return []
        """,
    )
    run = printgen(demo, "build", "demo")
    assert run.code == 2
    assert problem_lines(run) == [
        f"{RULES}:{line_of(rules, 'def mut')}:1: mut: the rule changed {changed}, which the "
        "rulebook and aid are made from (it was set back); a rule reads the game: change a "
        "copy, copy.deepcopy(ctx.game.data)"
    ]
    assert not (demo / "build/demo").exists()


def test_only_the_rule_that_changed_the_games_data_is_said(demo: Path, printgen: Printgen) -> None:
    """The data set back pickled apart from how it was read: every rule after the one that
    changed it was said to have changed it too."""
    rules = write_rules(
        demo,
        """\
        @rule("writer")
        def writer(ctx):
            ctx.game.data["goal"] = 6
            return []


        @rule("reader")
        def reader(ctx):
            return []
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [said] = problem_lines(run)
    assert said.startswith(f"{RULES}:{line_of(rules, 'def writer')}:1: writer: the rule changed")


def test_a_game_yaml_of_much_data_is_not_pickled_after_each_rule(
    demo: Path, printgen: Printgen, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Compared after every rule, 12 MB of data: and 3 rules took 43 s and 1.9 GB where the
    rules alone took 11 s: a game.yaml past CHECKED_BYTES is not kept nor compared (its rules
    run as they did before the check); one under it is (the test above)."""
    from printgen.rules import untouched

    def refused(ctx: object) -> None:
        raise AssertionError("kept")

    monkeypatch.setattr(untouched, "Untouched", refused)
    write_rules(demo, '@rule("noop")\ndef noop(ctx):\n    return []\n')
    size = (demo / "cards" / "demo" / "game.yaml").stat().st_size
    monkeypatch.setattr(untouched, "CHECKED_BYTES", size - 1)
    assert printgen(demo, "validate", "demo") == Run(0, "demo: ok\n", "")
    monkeypatch.setattr(untouched, "CHECKED_BYTES", size)
    assert "kept" in printgen(demo, "validate", "demo").err


def test_a_rule_that_reads_the_games_data_or_changes_a_copy_is_fine(
    demo: Path, printgen: Printgen
) -> None:
    # the goal the starter's game.yaml gives, read from it: the rule must still see it
    written = re.search(r"^  goal: (\d+)$", (demo / "cards/demo/game.yaml").read_text(), re.M)
    assert written is not None
    goal = int(written[1])
    write_rules(
        demo,
        f"""\
        @rule("copy")
        def copy(ctx):
            data = dict(ctx.game.data)
            data["goal"] = 99
            assert ctx.data()["goal"] == {goal} and ctx.game.data["goal"] == {goal}
            return []
        """,
    )
    assert printgen(demo, "validate", "demo") == Run(0, "demo: ok\n", "")


def test_a_rules_py_that_exits_while_imported_is_an_error(demo: Path, printgen: Printgen) -> None:
    rules = write_rules(demo, "import sys\n\nsys.exit(0)\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [line] = problem_lines(run)
    assert line.startswith(f"{RULES}:{line_of(rules, 'sys.exit')}:1: rules.py failed to load: ")
    assert "SystemExit" in line


def test_a_build_worker_killed_by_a_signal_is_said_at_the_game_not_as_a_bug(
    demo: Path, printgen: Printgen
) -> None:
    """A worker killed (the out-of-memory killer; here rules.py killing its own process) said
    "printgen: internal error: BrokenProcessPool: …", exit 1, as if printgen had a bug."""
    # killed as the kernel kills: os.kill of its own process is refused to rules.py
    rules = write_rules(demo, "import ctypes, os\n\nctypes.CDLL(None).kill(os.getpid(), 9)\n")
    run = printgen(demo, "build", "--jobs", "2")
    # both languages' workers import rules.py: either may be killed before the other is ended
    assert (run.code, run.err.replace("demo [it]", "demo [en]")) == (
        2,
        f"{RULES}:1:1: the worker process building demo [en] was killed (signal 9 — out of "
        "memory?) while importing rules.py; does it end its own process, or take all the "
        "memory?\n",
    )
    # killed later, making the game: said at the game, with its language
    rules.write_text(
        HEAD + "@rule('r')\ndef r(ctx):\n    import ctypes, os\n"
        "    ctypes.CDLL(None).kill(os.getpid(), 9)\n    yield\n",
        encoding="utf-8",
    )
    run = printgen(demo, "build", "--jobs", "2")
    assert (run.code, run.err) == (
        2,
        "cards/demo/game.yaml:1:1: the worker process building demo [en] was killed (signal 9 "
        "— out of memory?); with less memory taken by other programs, or --jobs 1, it may go "
        "through\n",
    )
    assert not (demo / "build").exists()


def ended_within(seconds: float, *args: str) -> subprocess.CompletedProcess[str]:
    """``printgen ARGS`` in a process of its own, which must end within ``seconds``: on a hang
    it is killed with every worker it started, and the test fails."""
    import os
    import signal

    with subprocess.Popen(
        [sys.executable, "-m", "printgen", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its workers too, in one group to kill
    ) as process:
        try:
            out, err = process.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail(f"printgen {' '.join(args)} still ran after {seconds} s")
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


STRAY_THREAD = (
    "import threading, time\n\nthreading.Thread(target=lambda: time.sleep(600)).start()\n"
)


def test_a_thread_rules_py_leaves_running_does_not_hang_a_build_with_workers(
    demo: Path,
) -> None:
    """A rules.py starting a thread it never joins hung ``build --jobs 2`` for good, saying and
    writing nothing: its worker waited for the thread as it ended, and the build for the worker.
    The build ends as with --jobs 1, writing the same files."""
    write_rules(demo, STRAY_THREAD)
    built = ended_within(60, "build", "--project", str(demo), "--jobs", "2")
    assert (built.returncode, built.stderr) == (0, "")
    assert "built 1 game: 8 files written" in built.stdout
    outputs = demo / "build" / "demo"
    made = {path: path.read_bytes() for path in sorted(outputs.rglob("*.pdf"))}
    assert len(made) == 6
    shutil.rmtree(demo / "build")
    # (in a process of its own too: the thread would keep the tests' process from ending)
    assert ended_within(60, "build", "--project", str(demo), "--jobs", "1").returncode == 0
    assert made == {path: path.read_bytes() for path in sorted(outputs.rglob("*.pdf"))}


def test_a_rules_py_that_replaces_pythons_own_functions_leaves_printgen_able_to_speak(
    demo: Path,
) -> None:
    """A rules.py setting builtins.print to None (at import, or in a rule) left printgen unable
    to say 'ok', or even its own error: Python printed a traceback. What the designer's code
    replaced is put back once it has run, as printgen found it."""
    write_rules(
        demo,
        """\
        import builtins
        import os
        import sys

        sys.exit = lambda *args: None
        builtins.print = None
        sys.stdout = sys.stderr = open(os.devnull, "w")  # printgen said nothing at all


        @rule("r")
        def r(ctx):
            builtins.print = None
            sys.excepthook = None
            yield Problem(Where("cards/demo/game.yaml", 1, 1), "one card short", Severity.WARNING)
        """,
    )
    for command in ("validate", "build"):
        run = subprocess.run(
            [sys.executable, "-m", "printgen", command, "--project", str(demo), "--jobs", "1"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        assert "Traceback" not in run.stderr
        assert run.stderr.endswith("warning: r: one card short\n"), run.stderr
    assert (demo / "build" / "demo" / "en" / "cards.pdf").stat().st_size > 0


@pytest.mark.parametrize(
    "place",
    [
        "None",
        'Where("cards/demo/game.yaml", -5, 0)',
        'Where(5, "a", None)',
        'Where("/etc/passwd", 1, 1)',
        'Where("../outside.yaml", 1, 1)',
        'Where("cards/demo/no-such-file.yaml", 3, 1)',
        'Where("cards/demo/game.yaml\\nx", 1, 1)',
        'Where("cards/demo/game.yaml", True, 1)',
        'Where("cards/demo/game.yaml", 99999, 5)',  # past the file's last line
    ],
)
def test_a_place_that_is_no_place_of_the_project_falls_back_to_the_rule(
    demo: Path, printgen: Printgen, place: str
) -> None:
    rules = write_rules(
        demo,
        f"""\
        @rule("r")
        def r(ctx):
            yield ctx.problem({place}, "the message")  # here
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [line] = problem_lines(run)
    assert line.startswith(f"{RULES}:{line_of(rules, '# here')}:1: r: the message (its place, ")


def test_a_valid_place_is_kept_as_the_rule_gave_it(demo: Path, printgen: Printgen) -> None:
    write_rules(
        demo,
        """\
        @rule("r")
        def r(ctx):
            yield ctx.problem(Where("cards/demo/./game.yaml", 4, 2), "here", Severity.WARNING)
            yield ctx.problem(ctx.where_data("goal"), "goal", "warning")
        """,
    )
    run = printgen(demo, "validate", "demo")
    goal = line_of(demo / "cards/demo/game.yaml", "  goal: ")  # data's goal, under data:
    assert problem_lines(run)[:2] == [
        "cards/demo/game.yaml:4:2: warning: r: here",
        f"cards/demo/game.yaml:{goal}:9: warning: r: goal",
    ]
    assert run.code == 0


def test_messages_on_several_lines_are_folded_to_one(demo: Path, printgen: Printgen) -> None:
    write_rules(
        demo,
        """\
        @rule("r")
        def r(ctx):
            yield ctx.problem(Where("cards/demo/game.yaml", 1, 1), "line1\\nline2\\r\\nline3\\r")
        """,
    )
    game = demo / "cards/demo/game.yaml"
    game.write_text(game.read_text().replace("<= 3 }}", "<= 0 }}").replace("costs {{", "\\n {{"))
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    lines = problem_lines(run)
    assert "cards/demo/game.yaml:1:1: r: line1 line2 line3" in lines
    check = [x for x in lines if ": cost-limit: " in x]
    assert check and all("; no card may cost more than 3" in x for x in check)
    assert Problem(Where("x"), "a \n\n  b\u2028c").message == "a b c"


def test_an_enormous_message_is_cut(demo: Path, printgen: Printgen) -> None:
    write_rules(
        demo,
        """\
        @rule("r")
        def r(ctx):
            yield ctx.problem(Where("cards/demo/game.yaml", 1, 1), "x" * 1_000_000)


        @rule("s")
        def s(ctx):
            raise ValueError("y" * 1_000_000)
        """,
    )
    run = printgen(demo, "validate", "demo")
    lines = problem_lines(run)
    assert run.code == 2 and len(lines) == 2
    assert all(len(x) < 3000 and x.endswith("more characters)") for x in lines), lines


def test_a_flood_of_problems_is_shown_in_part(demo: Path, printgen: Printgen) -> None:
    rules = write_rules(
        demo,
        """\
        @rule("r")
        def r(ctx):  # here
            for i in range(1500):
                level = Severity.WARNING if i < 1200 else Severity.ERROR
                yield ctx.problem(Where("cards/demo/game.yaml", 1, 1), f"m{i}", level)
                yield ctx.problem(Where("cards/demo/game.yaml", 1, 1), "m0", Severity.WARNING)
        """,
    )
    run = printgen(demo, "validate", "demo")
    lines = problem_lines(run)
    assert len([x for x in lines if ": warning: r: m" in x]) == 1000
    # the errors are among those not shown: still an error, said at the rule
    line = line_of(rules, "# here")
    assert f"{RULES}:{line}:1: r: 500 more problems not shown (the first 1,000 are)" in lines
    assert run.code == 2


def test_a_rule_that_gives_without_end_is_stopped(
    demo: Path, printgen: Printgen, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("printgen.rules.run.MAX_YIELDED", 50)  # a million, really
    rules = write_rules(
        demo,
        """\
        @rule("r")
        def r(ctx):  # here
            for i in range(60):
                yield ctx.problem(Where("cards/demo/game.yaml", 1, 1), "m", Severity.WARNING)
        """,
    )
    run = printgen(demo, "validate", "demo")
    line = line_of(rules, "# here")
    assert f"{RULES}:{line}:1: r: the rule gave more than 50 problems and was stopped; " in run.err
    assert run.code == 2


@pytest.mark.parametrize("where", ["rule", "import"])
def test_a_rules_py_that_loops_forever_is_stopped_at_its_line(
    demo: Path, printgen: Printgen, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """An endless loop — even one that catches exceptions and evaluates card templates all the
    while — ends as an error at the line it was running, not as a printgen that never
    returns (a minute, really)."""
    monkeypatch.setattr("printgen.rules.run.RULE_SECONDS", 0.3)
    monkeypatch.setattr("printgen.rules.discover.RULE_SECONDS", 0.3)
    loop = """\
        @rule("r")
        def r(ctx):
            while True:
                try:
                    ctx.values("main", ctx.cards("main")[0].id); sum(range(100_000))  # here
                except Exception:
                    pass
            yield from ()
        """
    if where == "import":
        loop = "import itertools\n\nfor n in itertools.count():\n    sum(range(100_000))  # here\n"
    rules = write_rules(demo, loop)
    run = printgen(demo, "validate", "demo")
    [line] = problem_lines(run)[:1]
    said = "r: the rule" if where == "rule" else "rules.py"
    limit = "one rule" if where == "rule" else "loading it"
    assert line == (
        f"{RULES}:{line_of(rules, '# here')}:1: {said} ran for more than 0.3 s, the limit for "
        f"{limit}, and was stopped at this line; does it loop forever?"
    )
    assert run.code == 2


def test_a_rule_that_swallows_its_stop_ends_printgen_with_one_line(demo: Path) -> None:
    """A loop that catches every exception catches the one that stops it, too: printgen then
    ends itself, a moment later, with one line at the loop and exit status 2 (in a process of
    its own here, with a limit of 0.3 s and a grace of 0.3 s instead of a minute and 5 s)."""
    rules = write_rules(
        demo,
        """\
        @rule("r")
        def r(ctx):
            while True:
                try:
                    sum(range(100_000))  # here
                except BaseException:
                    pass
            yield from ()
        """,
    )
    done = validate_in_a_process(demo, "run.RULE_SECONDS = alarm.IGNORED_GRACE = 0.3")
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"{RULES}:{line_of(rules, '# here')}:1: r: the rule ran for more than 0.3 s and went on "
        "after it was stopped (does it catch every exception?); printgen stopped\n"
    )


def test_python_warnings_are_warnings_at_their_lines(demo: Path, printgen: Printgen) -> None:
    rules = write_rules(
        demo,
        """\
        import warnings

        LIMIT = 3
        if LIMIT is 3:  # literal
            pass


        @rule("r")
        def r(ctx):
            warnings.warn("careful\\nnow")  # warn
            return []
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    lines = problem_lines(run)[:2]
    assert lines[0].startswith(f"{RULES}:{line_of(rules, '# literal')}:1: warning: SyntaxWarning")
    assert lines[1] == f"{RULES}:{line_of(rules, '# warn')}:1: warning: r: UserWarning: careful now"


@pytest.fixture
def rules_forgotten() -> Iterator[None]:
    """The game's rules modules imported by the test taken out of ``sys.modules`` after it. One
    written with an invalid escape on purpose would otherwise be parsed again by a later test's
    Hypothesis, which reads every local module it finds there for constants: the warning was
    said at that test (test_word_cuts.py)."""
    yield
    for name in [name for name in sys.modules if name.startswith("printgen_rules_demo_")]:
        del sys.modules[name]


@pytest.mark.usefixtures("rules_forgotten")
def test_a_rule_said_at_its_def_line_is_not_blamed_for_rules_py_warnings(
    demo: Path, printgen: Printgen
) -> None:
    """A problem put at a rule's def line finds that line in rules.py's syntax, read while the
    rule runs: what Python warns of reading rules.py is said once, as it was imported — not
    again as the rule's own warnings. (An invalid escape is a DeprecationWarning on Python
    3.11, hidden unless asked for, a SyntaxWarning from 3.12: asked for here.)"""
    rules = write_rules(
        demo,
        """\
        PATTERN = "\\d+"  # escape


        @rule(
            "r"
        )
        def r(ctx):  # def
            return 5
        """,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert [line.split(": ", 2)[:2] for line in problem_lines(run)] == [
        [f"{RULES}:{line_of(rules, '# escape')}:1", "warning"],  # invalid escape sequence '\\d'
        [f"{RULES}:{line_of(rules, '# def')}:1", "r"],  # r: the rule returned 5 (an int) …
    ]


@pytest.mark.parametrize(
    ("declared", "said"),
    [
        ('@rule("a:1:2\\nb")\ndef r(ctx):\n    return []\n', "must be one line"),
        ("@rule(5)\ndef r(ctx):\n    return []\n", "@rule takes the rule's id"),
        ('rule("r")(5)\n', "@rule('r') marks a function"),
    ],
)
def test_a_bad_rule_declaration_is_an_error_at_its_line(
    demo: Path, printgen: Printgen, declared: str, said: str
) -> None:
    rules = write_rules(demo, declared)
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [line] = problem_lines(run)
    assert line.startswith(f"{RULES}:{line_of(rules, 'rule(')}:1: rules.py failed to load: ")
    assert said in line


def test_objects_of_rules_py_are_not_run_to_find_its_rules(demo: Path, printgen: Printgen) -> None:
    write_rules(
        demo,
        """\
        class Anything:
            def __getattr__(self, name):
                raise SystemExit(4)


        helper = Anything()
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0 and run.err == "", run.err


def test_a_deck_rule_for_its_users_fails_at_its_own_file(project: Path, printgen: Printgen) -> None:
    rules = project / "cards/mazzo-dei-simboli/rules.py"
    source = rules.read_text(encoding="utf-8")
    old = "    return check_uses(ctx.game, ctx)\n"
    assert old in source
    rules.write_text(source.replace(old, "    raise ValueError('boom')\n", 1), encoding="utf-8")
    run = printgen(project, "validate", "morra-navale", "--only", "cards")
    line = line_of(rules, "raise ValueError('boom')")
    assert run.code == 2
    assert (
        f"cards/mazzo-dei-simboli/rules.py:{line}:1: uses: the rule failed: ValueError: boom"
        in problem_lines(run)
    )


def test_a_workbook_cell_is_a_place_a_rule_may_name(demo: Path) -> None:
    from printgen.rules.guard import Places

    (demo / "cards/demo/decks/ships.xlsx").write_bytes(b"")
    places = Places(Project.at(demo))
    cell = Where("cards/demo/decks/ships.xlsx#Ships!C7", 0, 0)
    assert places.valid(cell) == cell
    assert places.valid(Where("cards/demo/decks/none.xlsx#Ships!C7", 0, 0)) is None
    assert places.valid(Where("cards/demo/game.yaml", 0, 0)) is None


@pytest.mark.parametrize("where", ["rule", "import"])
def test_a_rules_py_that_fills_the_memory_is_stopped_at_its_line(
    demo: Path, printgen: Printgen, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """The cap is 2 GiB beyond what printgen holds; 200 MiB here, to run fast."""
    monkeypatch.setattr("printgen.sandbox.memory.DESIGNER_MEMORY_BYTES", 200 * 1024**2)
    hog = "kept = []\nwhile True:\n    kept.append(bytearray(8 * 1024 * 1024))  # here\n"
    body = (
        f'@rule("r")\ndef r(ctx):\n{textwrap.indent(hog, "    ")}    yield from ()\n'
        if where == "rule"
        else hog
    )
    rules = write_rules(demo, body)
    run = printgen(demo, "validate", "demo")
    line = line_of(rules, "# here")
    assert run.code == 2
    [said] = [ln for ln in problem_lines(run) if "MemoryError" in ln]
    assert said.startswith(f"{RULES}:{line}:1: ") and "past the 200 MiB" in said, said
    # and printgen runs on as before: the same project validates once the rule is mended
    write_rules(demo, '@rule("r")\ndef r(ctx):\n    yield from ()\n')
    assert printgen(demo, "validate", "demo").code == 0


# a recursion through C code: each level takes C stack, which a limit of millions lets overflow
DEEP_JSON = (
    "import json\nimport sys\n\nsys.setrecursionlimit(10**6)\n"
    "json.loads('[' * 200_000 + ']' * 200_000)  # here\n"
)
DEEP_SORT = (
    "import sys\n\nsys.setrecursionlimit(10**7)\n\n\n"
    '@rule("r")\ndef r(ctx):\n    def key(n):\n        return sorted([n], key=key)  # here\n\n'
    "    key(0)\n    yield from ()\n"
)


@pytest.mark.parametrize(
    ("body", "args"),
    [
        (DEEP_JSON, ("validate", "demo")),
        (DEEP_SORT, ("validate", "demo")),
        (DEEP_SORT, ("build", "--jobs", "1")),
        (DEEP_JSON, ("build", "--jobs", "2")),  # in a worker
    ],
)
def test_a_rules_py_that_raises_the_recursion_limit_gets_a_recursion_error_at_its_line(
    demo: Path, body: str, args: tuple[str, ...]
) -> None:
    """sys.setrecursionlimit(10**6) then a deep recursion killed printgen by SIGSEGV, saying
    nothing (exit 139); in a worker, "killed (signal 11)". The limit is capped at what the
    stack holds: a RecursionError at the recursing line, with advice."""
    rules = write_rules(demo, body)
    done = ended_within(60, *args[:1], "--project", str(demo), *args[1:])
    said = f"{RULES}:{line_of(rules, '# here')}:1: "
    assert done.returncode == 2, (done.returncode, done.stderr)
    [line] = [ln for ln in done.stderr.splitlines() if "RecursionError" in ln]
    assert line.startswith(said) and "does a function call itself without end" in line, line
    assert "sys.setrecursionlimit to " in line and "Traceback" not in done.stderr


def test_the_recursion_limit_rules_py_sets_holds_for_its_rules_not_for_printgen(
    demo: Path, printgen: Printgen
) -> None:
    """A limit rules.py sets at its top (within the cap) is its rules' too; printgen's own is
    as it was once the rules have run."""
    own = sys.getrecursionlimit()
    write_rules(
        demo,
        "import sys\n\nsys.setrecursionlimit(1800)\n\n\n"
        '@rule("r")\ndef r(ctx):\n    def down(n):\n        return n and down(n - 1)\n\n'
        "    down(1500)\n    yield from ()\n",
    )
    assert printgen(demo, "validate", "demo") == Run(0, "demo: ok\n", "")
    assert sys.getrecursionlimit() == own


def test_a_rule_stuck_inside_one_c_call_is_ended_by_the_kernel(demo: Path) -> None:
    """sum(range(10**12)) never returns to the interpreter, so neither the alarm nor the
    watchdog thread runs: the CPU limit set around the rule ends the process. The limits are
    60 + 5 + 5 s; 1 + 1 + 1 s here, in a process of its own."""
    import signal

    write_rules(demo, '@rule("r")\ndef r(ctx):\n    sum(range(10**12))\n    yield from ()\n')
    done = validate_in_a_process(
        demo, "alarm.IGNORED_GRACE = alarm.CPU_GRACE = run.RULE_SECONDS = 1.0"
    )
    assert done.returncode == -signal.SIGXCPU, (done.returncode, done.stderr)


def test_a_message_that_starts_like_an_id_keeps_the_rule_s_id(
    demo: Path, printgen: Printgen
) -> None:
    """ "cost: too high" is the rule's message, not another rule's: only a rule's own id (or
    another rule's, from a function checking several) is kept as the message's start."""
    write_rules(
        demo,
        """\
        @rule("r")
        def r(ctx):
            here = Where("cards/demo/game.yaml", 1, 1)
            yield ctx.problem(here, "cost: too high", Severity.WARNING)
            yield ctx.problem(here, "s: said for rule s", Severity.WARNING)


        @rule("s")
        def s(ctx):
            return []
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert "cards/demo/game.yaml:1:1: warning: r: cost: too high" in run.err, run.err
    assert "cards/demo/game.yaml:1:1: warning: s: said for rule s" in run.err, run.err


def test_a_rule_that_closes_printgen_s_output_is_still_answered(demo: Path) -> None:
    """sys.stdout and sys.stderr closed by a rule: printgen opens them again and says its
    problems (it ended with exit 1 and the interpreter's own lines)."""
    write_rules(
        demo,
        """\
        @rule("r")
        def r(ctx):
            import sys
            sys.stdout.close()
            sys.stderr.close()
            yield ctx.problem(Where("cards/demo/game.yaml", 1, 1), "said anyway", Severity.ERROR)
        """,
    )
    done = validate_in_a_process(demo)
    assert (done.returncode, done.stderr) == (2, "cards/demo/game.yaml:1:1: r: said anyway\n")


def test_a_rules_py_that_does_not_import_is_said_beside_a_cards_mistake(
    demo: Path, printgen: Printgen
) -> None:
    """One run says every problem: a card's mistake stops the game loading, not the rules
    module being read."""
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("cost: 3", "cost: zero", 1), encoding="utf-8")
    (demo / RULES).write_text("def broken(:\n", encoding="utf-8")
    lines = problem_lines(printgen(demo, "validate", "demo"))
    assert any("cost must be a whole number, not 'zero'" in line for line in lines), lines
    assert f"{RULES}:1:12: Python syntax error: invalid syntax" in lines


def test_slow_rules_stop_together_at_the_games_limit(
    demo: Path, printgen: Printgen, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each rule has its own limit; all of a game's together have one too, said at the first
    rule not run."""
    from printgen.rules import run as rules_run

    monkeypatch.setattr(rules_run, "ALL_RULES_SECONDS", 0.5)
    rules = write_rules(
        demo,
        """\
        import time


        @rule("slow-a")
        def slow_a(ctx):
            time.sleep(0.4)
            return []


        @rule("slow-b")
        def slow_b(ctx):
            time.sleep(0.4)
            return []


        @rule("slow-c")  # here
        def slow_c(ctx):
            return []
        """,
    )
    lines = problem_lines(printgen(demo, "validate", "demo"))
    line = line_of(rules, "# here") + 1
    said = f"{RULES}:{line}:1: slow-c: not run: the game's rules ran for 0.5 s together"
    assert any(found.startswith(said) for found in lines), lines


def test_a_rules_error_is_said_beside_a_misnamed_icon_file(demo: Path, printgen: Printgen) -> None:
    """An icon file whose name cannot be written as :name: kept the game from loading, and
    its rules from running: a rule's error vanished (in watch, as if it had been fixed). The
    cards are all there, so the rules run in the same run."""
    write_rules(
        demo,
        """\
        @rule("always")
        def always(ctx):
            yield ctx.problem(Where("cards/demo/game.yaml"), "said beside the icon")
        """,
    )
    icons = demo / "cards" / "demo" / "icons"
    icons.mkdir()
    (icons / "Big_Anchor.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect width="10" height="10"/></svg>',
        encoding="utf-8",
    )
    lines = problem_lines(printgen(demo, "validate", "demo"))
    assert "cards/demo/game.yaml:1:1: always: said beside the icon" in lines
    assert any(line.startswith("cards/demo/icons/Big_Anchor.svg:1:1: icon:") for line in lines)
