"""A game's rules.py or simulate.py that ends printgen's process (os.execv, os.kill of itself,
os.abort) or switches off the limits that stop it (SIGALRM ignored or blocked, its timer
cancelled, RLIMIT_CPU raised, RLIMIT_NOFILE lowered) is refused at its line: one line, exit
status 2, at once — not exit 0 with nothing said, a raw signal status, an internal error, or a
process that never ends. Each runs printgen in a process of its own: without the refusal, the
call would end or hang the test run."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from printgen.sandbox import process_calls

RULES = "cards/demo/rules.py"
ENGINE = "cards/demo/simulate.py"

ENDS = "may not end printgen nor start copies of it"
CLOCK = "may not change the signals and the timer printgen's time limits rely on"
LIMITS = "may not change the limits printgen runs under: its open files, memory and CPU time"


def _run(demo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [sys.executable, "-m", "printgen", "--project", str(demo), *args],
            capture_output=True,
            text=True,
            timeout=15,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"printgen {' '.join(args)} was not stopped")


def _appended(path: Path, code: str) -> int:
    """``code`` added at the end of ``path``; the line of its last statement."""
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\n" + code, encoding="utf-8")
    return text.count("\n") + 1 + code.rstrip("\n").count("\n") + 1


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "import os\nos.execv('/bin/true', ['true'])\n",
            f"os.execv('/bin/true', ['true']) (rules.py {ENDS}",
        ),
        ("import os\nos.kill(os.getpid(), 9)\n", ENDS),
        ("import os\nos.abort()\n", f"os.abort() (rules.py {ENDS}"),
        (
            "import signal, time\nsignal.signal(signal.SIGALRM, signal.SIG_IGN); time.sleep(99)\n",
            f"signal.signal(signal.SIGALRM, signal.SIG_IGN) (rules.py {CLOCK})",
        ),
        (
            "import resource\nresource.setrlimit(resource.RLIMIT_NOFILE, (10, 10))\n",
            f"resource.setrlimit(resource.RLIMIT_NOFILE, (10, 10)) (rules.py {LIMITS}",
        ),
    ],
    ids=["execv", "kill-itself", "abort", "ignore-alarm", "fewer-files"],
)
def test_rules_py_ending_or_unbounding_printgen_is_refused_at_its_line(
    demo: Path, code: str, said: str
) -> None:
    line = _appended(demo / RULES, code)
    run = _run(demo, "validate", "demo")
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith(f"{RULES}:{line}:1: rules.py failed to load: it called ")
    assert said in run.stderr and run.stderr.count("\n") == 1, run.stderr


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("os.execv('/bin/true', ['true'])", f"os.execv('/bin/true', ['true']): an engine {ENDS}"),
        (
            "signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM]); time.sleep(99)",
            f"signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM]): an engine {CLOCK}",
        ),
        (
            "signal.setitimer(signal.ITIMER_REAL, 0); time.sleep(99)",
            f"signal.setitimer(signal.ITIMER_REAL, 0): an engine {CLOCK}",
        ),
        (
            "resource.setrlimit(resource.RLIMIT_CPU, (-1, -1))",
            f"resource.setrlimit(resource.RLIMIT_CPU, (-1, -1)): an engine {LIMITS}",
        ),
    ],
    ids=["execv", "block-alarm", "cancel-timer", "more-cpu"],
)
def test_an_engine_ending_or_unbounding_printgen_is_refused_at_its_line(
    demo: Path, code: str, said: str
) -> None:
    line = _appended(
        demo / ENGINE,
        "_play = play\n\n\ndef play(rules, bots, rng, turn_cap):\n"
        "    import os, resource, signal, time\n"
        f"    {code}\n"
        "    return _play(rules, bots, rng, turn_cap)\n",
    )
    run = _run(demo, "simulate", "demo", "-n", "5")
    assert run.returncode == 2, run.stderr
    assert run.stderr == f"{ENGINE}:{line - 1}:1: play() called {said} (game 1, --seed 1)\n"


def test_printgen_s_own_calls_pass_and_the_functions_come_back() -> None:
    found = signal.signal, signal.setitimer
    process_calls.refuse()
    try:
        assert signal.signal is not found[0]
        # printgen's own code (here: this module's name made printgen's) sets its alarm
        scope = {"__name__": "printgen.sandbox.alarm", "signal": signal}
        exec("before = signal.signal(signal.SIGALRM, signal.SIG_IGN)", scope)
        exec("signal.signal(signal.SIGALRM, before)", scope)
        with pytest.raises(process_calls.Refused):
            signal.setitimer(signal.ITIMER_REAL, 0)
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)  # not printgen's timer
    finally:
        process_calls.allow()
    assert (signal.signal, signal.setitimer) == found


def test_an_engine_ending_printgen_as_it_loads_is_refused_at_its_line(demo: Path) -> None:
    line = _appended(demo / ENGINE, "import os\nos.kill(os.getpid(), 9)\n")
    run = _run(demo, "simulate", "demo", "-n", "5")
    assert run.returncode == 2
    assert re.fullmatch(
        rf"{ENGINE}:{line}:1: simulate\.py called os\.kill\(\d+, 9\) while loading: "
        rf"an engine {ENDS}\n",
        run.stderr,
    ), run.stderr
