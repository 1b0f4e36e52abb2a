"""A simulation whose engine is stuck inside one library call — where no time limit of
printgen's can stop it — is ended by the operating system's CPU time limit; printgen, watching
the games from a process of its own, says so at the engine's line, exit status 2, instead of the
shell's "CPU time limit exceeded" (exit status 152). Run as a designer runs printgen: in a
process of its own, here with a CPU limit of a few seconds instead of printgen's minute."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

GAME = "harbour"
ENGINE = f"cards/{GAME}/simulate.py"
STUCK = "    sum(range(10**12))  # one C call: minutes\n"
ENGINE_TEXT = """\
from collections import Counter

from printgen.simulate.contract import GameRecord

BOTS = ("random",)


def prepare(data):
    return len(data.cards("main"))


def play(rules, bots, rng, turn_cap):
    return GameRecord(True, 3, (rng.randrange(len(bots)),), [Counter() for _ in bots])
"""
CPU_SECONDS = 3


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stuck") / "games"
    made = _printgen(root, "new", GAME, "--lang", "en")
    assert made.returncode == 0, made.stderr
    return root


def _limited() -> None:
    """The kernel's CPU limit, as printgen sets it for a designer's code, a few seconds away."""
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, resource.RLIM_INFINITY))


def _printgen(
    root: Path, *args: str, limit: Callable[[], None] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "printgen", "--project", str(root), *args],
        capture_output=True,
        text=True,
        preexec_fn=limit,
        timeout=120,
    )


def _stuck_in(root: Path, function: str) -> int:
    """The engine with ``function`` stuck in one call; the line of that call."""
    lines = ENGINE_TEXT.splitlines(keepends=True)
    at = next(n for n, line in enumerate(lines) if line.startswith(f"def {function}("))
    lines.insert(at + 1, STUCK)
    (root / ENGINE).write_text("".join(lines), encoding="utf-8")
    return at + 2


@pytest.mark.parametrize(
    ("function", "command"),
    [("play", ("simulate", GAME, "-n", "10")), ("prepare", ("validate", GAME, "--simulate"))],
)
def test_an_engine_stuck_in_one_call_is_said_at_its_line(
    table: Path, function: str, command: tuple[str, ...]
) -> None:
    line = _stuck_in(table, function)
    run = _printgen(table, *command, limit=_limited)
    assert run.returncode == 2, run.stderr
    [said] = run.stderr.splitlines()
    assert said.startswith(f"{ENGINE}:{line}:1: this line ran inside one call that never ")
    assert "CPU time limit" in said and "nothing was written" in said
    assert not (table / "build" / GAME / "playtest.pdf").exists()


def test_a_stop_sent_to_printgen_reaches_the_games_it_watches(table: Path) -> None:
    """Ctrl-C sent to printgen's process alone (a script, an editor's stop button) and SIGTERM
    stop the games as they did before printgen watched them from a process of its own: exit
    status 130 for the key, the signal's own end for SIGTERM, nothing left running."""
    (table / ENGINE).write_text(ENGINE_TEXT, encoding="utf-8")
    playing = [sys.executable, "-m", "printgen", "--project", str(table), "simulate", GAME]
    for number, code in ((signal.SIGINT, 130), (signal.SIGTERM, -signal.SIGTERM)):
        with subprocess.Popen(
            [*playing, "-n", "1000000"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        ) as process:
            time.sleep(2.0)  # playing by now
            process.send_signal(number)
            try:
                _, err = process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                pytest.fail(f"printgen still ran after signal {number}")
            assert (process.returncode, err) == (code, "")
            with pytest.raises(ProcessLookupError):  # the whole group has ended
                os.killpg(process.pid, 0)
