"""The code's own rules, held by the suite CI runs: ruff's lint and format, and mypy in strict
mode over printgen and its tests (pyproject.toml configures each). Kept by habit alone, a
change that breaks one lands unseen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


@pytest.mark.parametrize(
    "command", [("ruff", "check", "."), ("ruff", "format", "--check", ".")], ids=["lint", "format"]
)
def test_ruff_passes(command: tuple[str, ...]) -> None:
    done = _run(*command)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_passes() -> None:
    done = _run("mypy")  # files and strictness from pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr
