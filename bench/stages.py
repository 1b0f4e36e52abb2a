"""Where the time of a build goes, stage by stage, for the README.

    .venv/bin/python bench/stages.py [--runs N] [--functions N] [-- PRINTGEN ARGS...]

Default: ``build warriors-and-monks --lang it --no-cache`` (one whole game, every output) in a
scratch copy of the repository's games. Three views, each from its own process:

1. CPU seconds per stage — imports, source/load, resolve, rules, layout, card sheets, rulebook,
   player aid, write — from timers wrapped around each stage's entry function, every moment
   counted in exactly one stage (an import inside the rulebook counts as imports). Interpreter
   start-up is what the kernel counted for the process (os.wait4) beyond the stages.
2. The packages the imports spend that time in (``python -X importtime``).
3. cProfile's top functions by own time within each stage (one profiler per stage, switched as
   the stages are), so a stage's cost can be traced to code. The profiler slows everything
   down; its seconds are only comparable with each other.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import ENV, PYTHON, Failed, Printgen, checked, run_once
from projects import copy_repository_games

CLOCK = Path(__file__).resolve().parent / "stage_clock.py"
START_UP = "interpreter start-up and exit"
DEFAULT = ["build", "warriors-and-monks", "--lang", "it", "--no-cache"]


def _measured(args: list[str], project: Path, profile: bool) -> tuple[float, dict[str, Any]]:
    """One child run: the kernel's CPU seconds for the process and the stage figures."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        command = [PYTHON, str(CLOCK), out.name] + (["--cprofile"] if profile else [])
        sample = checked([*command, "--", *args], project)
        return sample.cpu, json.loads(Path(out.name).read_text())


def _import_packages(args: list[str], project: Path) -> dict[str, float]:
    """Self time of every import by top-level package, from ``-X importtime``."""
    sample = run_once([PYTHON, "-X", "importtime", "-m", "printgen", *args], project)
    packages: dict[str, float] = defaultdict(float)
    for line in sample.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _, name = (part.strip() for part in line[len("import time:") :].split("|"))
        packages[name.split(".")[0]] += int(self_us) / 1e6
    return packages


def usable_args(args: list[str], project: Path) -> tuple[list[str], list[str]]:
    """The arguments this printgen accepts: a flag it does not know yet is left out."""
    printgen = Printgen()
    printgen.run(args, project)  # also the warm-up: bytecode and file caches
    return printgen.args(args), sorted(printgen.missing)


def report(args: list[str], runs: int, functions: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        project = copy_repository_games(Path(scratch))
        args, dropped = usable_args(args, project)
        results = [_measured(args, project, profile=False) for _ in range(runs)]
        total, figures = sorted(results, key=lambda r: r[0])[len(results) // 2]
        packages = _import_packages(args, project)
        profiled = _measured(args, project, profile=True)[1]["functions"] if functions else {}
    cpu: dict[str, float] = figures["cpu"]
    cpu[START_UP] = max(total - sum(cpu.values()), 0.0)
    note = f" ({', '.join(dropped)} unknown to this printgen: left out)" if dropped else ""
    print(f"printgen {' '.join(args)}{note}")
    print(f"CPU seconds by stage, the median of {runs} runs ({total:.3f} s in all):")
    if figures.get("unhooked"):
        print(f"  (not found, their time is in 'other': {', '.join(figures['unhooked'])})")
    for stage, seconds in sorted(cpu.items(), key=lambda item: -item[1]):
        print(f"  {stage:32} {seconds:7.3f} s {100 * seconds / total:5.1f} %")
    imports = sum(packages.values())
    print(f"imports by package (-X importtime, self time, {imports:.3f} s in all):")
    top = sorted(packages.items(), key=lambda item: -item[1])[:10]
    for package, seconds in top:
        print(f"  {package:32} {seconds:7.3f} s {100 * seconds / imports:5.1f} %")
    if profiled:
        print(f"top {functions} functions by own time in each stage (cProfile, slowed by it):")
        for stage, rows in sorted(profiled.items(), key=lambda item: -cpu.get(item[0], 0.0)):
            print(f"  {stage}:")
            for seconds, where in rows[:functions]:
                print(f"    {seconds:7.3f} s  {where}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs (default 3)")
    parser.add_argument("--functions", type=int, default=3, help="cProfile rows a stage (0: none)")
    parser.add_argument("args", nargs="*", help="printgen's arguments (after --)")
    options = parser.parse_args()
    os.environ.update(ENV)
    try:
        report(options.args or DEFAULT, max(options.runs, 1), options.functions)
    except Failed as exc:
        print(f"profile: {' '.join(exc.command)} failed: {exc.first_line}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
