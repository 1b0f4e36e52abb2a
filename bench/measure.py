"""Measuring whole processes for bench/run.py: CPU, wall and peak memory of one child, and
pairs of commands run alternately so that load drift moves floor and subject alike.

CPU seconds (user + sys of the child and every process it waited for, from ``os.wait4``) are
the primary figure: on a shared machine wall time mostly measures the neighbours. Peak memory
is the child's ``ru_maxrss``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

# Python's bytecode cache stays on for the measured processes, as on a designer's machine, even
# where the environment turns it off (PYTHONDONTWRITEBYTECODE): without it every run recompiles
# printgen and the comparison would measure the compiler.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
PYTHON = sys.executable
USAGE_ERROR = 2  # argparse's exit status for an unknown option


@dataclass(frozen=True)
class Sample:
    cpu: float  # user + sys seconds
    wall: float  # seconds
    rss_mib: float  # peak resident memory
    status: int
    stderr: str

    @property
    def ok(self) -> bool:
        return self.status == 0


class Failed(Exception):
    """A measured command failed; the message is its last error line."""

    def __init__(self, command: Sequence[str], sample: Sample) -> None:
        self.sample = sample
        lines = [line for line in sample.stderr.splitlines() if line.strip()]
        super().__init__(lines[-1] if lines else f"exit status {sample.status}")
        self.first_line = lines[0] if lines else str(self)
        self.command = list(command)


def run_once(command: Sequence[str], cwd: Path) -> Sample:
    """One run of ``command``, its resource use read from the kernel as it is reaped."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(
            list(command), cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=err
        )
        _, raw_status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(raw_status)  # so Popen won't wait again
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    return Sample(
        cpu=usage.ru_utime + usage.ru_stime,
        wall=wall,
        rss_mib=usage.ru_maxrss / 1024,  # KiB on Linux
        status=child.returncode,
        stderr=text,
    )


def checked(command: Sequence[str], cwd: Path) -> Sample:
    sample = run_once(command, cwd)
    if not sample.ok:
        raise Failed(command, sample)
    return sample


def printgen(*args: str) -> list[str]:
    return [PYTHON, "-m", "printgen", *args]


def missing_flag(sample: Sample, flags: Sequence[str]) -> str | None:
    """The flag printgen does not know yet (a usage error naming it), else None."""
    marker = "unrecognized arguments:"
    if sample.status != USAGE_ERROR or marker not in sample.stderr:
        return None
    unknown = sample.stderr.split(marker, 1)[1].split()
    return next((flag for flag in flags if flag in unknown), None)


# flags some printgen versions lack, with the number of values each takes
OPTIONAL_FLAGS = {"--no-cache": 0, "--jobs": 1}


class Printgen:
    """Runs printgen commands; an optional flag this printgen does not know (a usage error) is
    remembered and left out, so the row is measured without it and says so."""

    def __init__(self) -> None:
        self.missing: set[str] = set()

    def args(self, args: Sequence[str]) -> list[str]:
        kept: list[str] = []
        skip = 0
        for arg in args:
            if skip:
                skip -= 1
            elif arg in self.missing:
                skip = OPTIONAL_FLAGS[arg]
            else:
                kept.append(arg)
        return kept

    def run(self, args: Sequence[str], cwd: Path) -> Sample:
        while True:
            command = printgen(*self.args(args))
            sample = run_once(command, cwd)
            flag = missing_flag(sample, [f for f in OPTIONAL_FLAGS if f not in self.missing])
            if flag is None:
                break
            self.missing.add(flag)
        if not sample.ok:
            raise Failed(command, sample)
        return sample

    def notes(self, args: Sequence[str]) -> list[str]:
        return [
            f"n/a (flag missing): this printgen does not know {flag}; measured without it"
            for flag in OPTIONAL_FLAGS
            if flag in args and flag in self.missing
        ]


@dataclass
class Pairs:
    """Floor and subject samples, taken alternately: floor, subject, floor, subject, …"""

    floor: list[Sample]
    subject: list[Sample]

    def median(self, which: str, figure: str) -> float:
        samples = self.floor if which == "floor" else self.subject
        return float(statistics.median(getattr(s, figure) for s in samples))

    def ratio(self, figure: str = "cpu") -> float:
        """The median of the per-pair ratios: each pair ran under the same load."""
        return float(
            statistics.median(
                getattr(s, figure) / max(getattr(f, figure), 1e-9)
                for f, s in zip(self.floor, self.subject, strict=True)
            )
        )


def paired(
    floor: Callable[[], Sample], subject: Callable[[], Sample], runs: int, warm_up: bool = True
) -> Pairs:
    """``runs`` pairs; the warm-up pair (bytecode and file caches) is not counted."""
    if warm_up:
        floor()
        subject()
    pairs = Pairs([], [])
    for _ in range(runs):
        pairs.floor.append(floor())
        pairs.subject.append(subject())
    return pairs
