"""Benchmark: printgen's card build against a bare ReportLab script, as whole processes.

    .venv/bin/python bench/run.py [--runs N]

Prints the median wall time of each command over N runs (after one warm-up run) and the ratio;
the README quotes its output. Whole processes, because start-up (imports) dominates a build.
Python's bytecode cache is left on for the measured processes, as on a designer's machine, even
where the environment turns it off (PYTHONDONTWRITEBYTECODE): without it every run recompiles
printgen and the comparison would measure the compiler.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


PRINTGEN_COMMANDS = (
    "build warriors-and-monks --lang it --only cards",
    "build warriors-and-monks --lang it",
    "validate warriors-and-monks",
)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def median_seconds(command: list[str], cwd: Path, runs: int) -> float:
    # the warm-up run fills the file cache and writes the bytecode cache
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, env=ENV)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, check=True, capture_output=True, env=ENV)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    runs = parser.parse_args().runs
    python = sys.executable
    with tempfile.TemporaryDirectory() as scratch:
        project = Path(scratch)
        for folder in ("cards", "templates"):  # templates/ only where the project overrides
            if (ROOT / folder).is_dir():
                shutil.copytree(ROOT / folder, project / folder)
        cases = {
            "bare ReportLab script (68 fronts + backs, crop marks)": [
                python,
                str(ROOT / "bench" / "bare_reportlab.py"),
                str(project / "bare.pdf"),
            ],
        }
        for args in PRINTGEN_COMMANDS:
            cases[f"printgen {args}"] = [python, "-m", "printgen", *args.split()]
        cases["python -c pass (interpreter start-up)"] = [python, "-c", "pass"]
        results = {name: median_seconds(cmd, project, runs) for name, cmd in cases.items()}
    bare = next(iter(results.values()))
    print(f"median of {runs} runs, {sys.platform}, Python {sys.version.split()[0]}")
    print(f"{'command':68} {'seconds':>8} {'× bare':>7}")
    for name, seconds in results.items():
        print(f"{name:68} {seconds:8.3f} {seconds / bare:7.2f}")


if __name__ == "__main__":
    main()
