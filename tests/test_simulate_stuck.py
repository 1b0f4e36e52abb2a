"""A simulation whose engine is stuck inside one library call — where no time limit of
printgen's can stop it — is ended by the operating system's CPU time limit; printgen, watching
the games from a process of its own, says so at the engine's line, exit status 2, instead of the
shell's "CPU time limit exceeded" (exit status 152). Run as a designer runs printgen: in a
process of its own, here with a CPU limit of a few seconds instead of printgen's minute."""

from __future__ import annotations

import contextlib
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


def test_a_stuck_engine_is_said_in_a_project_whose_path_is_not_ascii(
    table: Path, tmp_path: Path
) -> None:
    """faulthandler writes a path's 'à' as '\\xe0': in a folder named città, the line was
    never found and printgen ended as the kernel ended it, saying nothing."""
    import shutil

    line = _stuck_in(table, "prepare")
    project = shutil.copytree(table / "cards", tmp_path / "città" / "giochi" / "cards").parent
    run = _printgen(project, "simulate", GAME, "-n", "5", limit=_limited)
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith(f"{ENGINE}:{line}:1: this line ran inside one call"), run.stderr


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


def _playing(table: Path) -> subprocess.Popen[str]:
    """A long simulation, playing by the time this returns; its process and its child's."""
    (table / ENGINE).write_text(ENGINE_TEXT, encoding="utf-8")
    command = [sys.executable, "-m", "printgen", "--project", str(table), "simulate", GAME]
    process = subprocess.Popen(
        [*command, "-n", "1000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(2.0)
    return process


def _children(pid: int) -> list[int]:
    listed = Path(f"/proc/{pid}/task/{pid}/children").read_text(encoding="ascii")
    return [int(child) for child in listed.split()]


def test_the_games_and_printgen_end_together_whichever_is_killed(table: Path) -> None:
    """The child killed (the out-of-memory killer): printgen ends as it did, by the same signal,
    not in a traceback. printgen killed (a CI job cancelled): its child, left playing, wrote the
    report later and held the caller's output open."""
    with _playing(table) as process:
        [child] = _children(process.pid)
        os.kill(child, signal.SIGKILL)
        _, err = process.communicate(timeout=30)
        assert (process.returncode, err) == (-signal.SIGKILL, "")
    with _playing(table) as process:
        [child] = _children(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)  # (the child held the pipes open: this waited)
        for _ in range(50):
            state = Path(f"/proc/{child}/stat")
            if not state.exists() or state.read_text().split()[2] == "Z":
                break
            time.sleep(0.1)
        else:
            os.kill(child, signal.SIGKILL)
            pytest.fail("the games went on after printgen was killed")


@pytest.mark.parametrize("typed", [True, False], ids=["typed", "sent-to-printgen"])
def test_ctrl_c_at_a_terminal_stops_the_games_once(table: Path, typed: bool) -> None:
    """Typed at the terminal, Ctrl-C reaches printgen and its child both: passed on as well, a
    second interrupt could land in the child's ending. Sent to printgen alone (an editor's stop
    button, printgen in the terminal's foreground), it was dropped. Exit status 130 both ways,
    and nothing else said."""
    import pty
    import select

    (table / ENGINE).write_text(ENGINE_TEXT, encoding="utf-8")
    pid, terminal = pty.fork()
    if pid == 0:  # the child of the test: printgen, on the terminal
        args = ["--project", str(table), "simulate", GAME, "-n", "1000000"]
        os.execv(sys.executable, [sys.executable, "-m", "printgen", *args])
    said = b""
    try:
        time.sleep(2.0)
        if typed:
            os.write(terminal, b"\x03")
        else:
            os.kill(pid, signal.SIGINT)
        deadline, ended, status = time.monotonic() + 30, 0, 0
        while time.monotonic() < deadline:
            if select.select([terminal], [], [], 0.2)[0]:
                try:
                    said += os.read(terminal, 4096)
                except OSError:  # the terminal closed: printgen has ended
                    break
            ended, status = os.waitpid(pid, os.WNOHANG)
            if ended:
                break
        else:
            pytest.fail("printgen still ran after Ctrl-C")
        if not ended:
            _, status = os.waitpid(pid, 0)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)
        os.close(terminal)
    assert os.waitstatus_to_exitcode(status) == 130
    assert b"Traceback" not in said and b"Error" not in said, said
