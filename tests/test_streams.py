"""printgen with odd standard streams from the shell: closed (``>&-``) or full (``>/dev/full``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FULL = Path("/dev/full")


def _printgen(demo: Path, *args: str, shell: str = "") -> subprocess.CompletedProcess[str]:
    """printgen run as a command, its streams redirected as ``shell`` says (sh syntax)."""
    command = f'project="$1"; shift; exec "$0" -m printgen --project "$project" "$@" {shell}'
    return subprocess.run(
        ["sh", "-c", command, sys.executable, str(demo), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("args", [["validate"], ["build", "--only", "cards"]])
def test_a_closed_stdout_is_no_error(demo: Path, args: list[str]) -> None:
    """``printgen validate >&-``: the game's rules.py 'failed to load: OSError: Bad file
    descriptor', and the run ended in a traceback, exit status 1."""
    run = _printgen(demo, *args, shell=">&-")
    assert (run.returncode, run.stderr) == (0, "")
    for stream in ("2>&-", "<&-"):
        assert _printgen(demo, *args, shell=stream).returncode == 0


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full")
@pytest.mark.parametrize("buffered", [True, False])
def test_a_full_stdout_is_said_once(demo: Path, buffered: bool) -> None:
    """``printgen build > /dev/full`` (a full disk under a log): 'internal error: OSError: No
    space left on device' (exit 1) when Python writes every line at once (-u), else exit 0,
    every line lost unsaid. The outputs are written; that the lines are lost is said."""
    python = "" if buffered else "-u"
    command = f'exec "$0" {python} -m printgen --project "$1" build --only cards > /dev/full'
    run = subprocess.run(
        ["sh", "-c", command, sys.executable, str(demo)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 2
    assert run.stderr == (
        "printgen: cannot write to standard output (No space left on device): what printgen "
        "said there is lost\n"
    )
    assert (demo / "build" / "demo" / "en" / "cards.pdf").is_file()


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_stdout_without_unicode_gets_escapes(demo: Path, encoding: str) -> None:
    """A stdout in ASCII or Latin-1 (PYTHONIOENCODING, a locale's) ended 'printgen list' in
    'internal error: UnicodeEncodeError' at the dash of '2–4 players' (exit 1); what it lacks
    is written as Python escapes it on stderr."""
    command = 'exec "$0" -m printgen --project "$1" list'
    run = subprocess.run(
        ["sh", "-c", command, sys.executable, str(demo)],
        capture_output=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": encoding},
    )
    assert (run.returncode, run.stderr) == (0, b"")
    assert run.stdout.startswith(b"demo: Demo \\u2014 2\\u20134 players, languages en/it;")
