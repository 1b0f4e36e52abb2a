"""The measured side of bench/stages.py: runs printgen in this process with a timer around
each stage's entry function, and writes the seconds per stage (and, with ``--cprofile``, the top
functions of each stage) as JSON.

    python bench/stage_clock.py OUT.json [--cprofile] -- PRINTGEN ARGS...

It imports as little as it can before the clock starts, so that printgen's own imports (argparse,
json …) are counted as printgen's.
"""

from __future__ import annotations

import importlib
import importlib._bootstrap as bootstrap
import os
import sys
import time

TYPE_CHECKING = False  # typing is not imported before the clock starts: printgen imports it
if TYPE_CHECKING:
    from typing import Any

OTHER = "command line, checks, other"
IMPORTS = "imports"
# the stage each entry function is: (module whose global is replaced, name) -> stage
ENTRIES = {
    ("printgen.session", "load_game"): "source/load",
    ("printgen.session", "load_layouts"): "source/load",
    ("printgen.session", "load_rules_module"): "source/load",
    ("printgen.session", "resolve_game"): "resolve",
    ("printgen.session", "run_rules"): "rules",
    ("printgen.session", "lay_out_game"): "layout",
    ("printgen.write", "write_all"): "write",  # imported by the build when it writes
}
OUTPUT_STAGES = {"cards": "draw card sheets", "rulebook": "rulebook", "player-aid": "player aid"}
TOP = 10  # functions kept a stage


class StageClock:
    """Charges CPU and wall time to the innermost active stage, so every moment counts once;
    optionally one profiler per stage, switched with it."""

    def __init__(self, profiler: Any = None) -> None:
        self.stack = [OTHER]
        self.cpu: dict[str, float] = {}
        self.wall: dict[str, float] = {}
        self._profiler = profiler  # cProfile.Profile, imported only when asked for
        self.profiles: dict[str, Any] = {}
        self.unhooked: list[str] = []  # entry functions this printgen no longer has
        self._mark = (time.process_time(), time.perf_counter())
        self._switch(None, OTHER)

    def _charge(self) -> None:
        cpu, wall = time.process_time(), time.perf_counter()
        stage = self.stack[-1]
        self.cpu[stage] = self.cpu.get(stage, 0.0) + cpu - self._mark[0]
        self.wall[stage] = self.wall.get(stage, 0.0) + wall - self._mark[1]
        self._mark = (cpu, wall)

    def _switch(self, old: str | None, new: str) -> None:
        if self._profiler is None or old == new:
            return
        if old is not None:
            self.profiles[old].disable()
        self.profiles.setdefault(new, self._profiler()).enable()

    def enter(self, stage: str) -> None:
        self._charge()
        self._switch(self.stack[-1], stage)
        self.stack.append(stage)

    def leave(self) -> None:
        self._charge()
        old = self.stack.pop()
        self._switch(old, self.stack[-1])

    def stop(self) -> None:
        self._charge()
        if self._profiler is not None:
            self.profiles[self.stack[-1]].disable()

    def timed(self, stage: str, function: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if self.stack[-1] == stage:  # nested (an import inside an import): counted once
                return function(*args, **kwargs)
            self.enter(stage)
            try:
                return function(*args, **kwargs)
            finally:
                self.leave()

        return wrapper


def run(printgen_args: list[str], clock: StageClock) -> int:
    # both `import x` and importlib.import_module look this function up at every import
    bootstrap._find_and_load = clock.timed(IMPORTS, bootstrap._find_and_load)  # type: ignore[attr-defined]
    for (module_name, name), stage in ENTRIES.items():
        module = importlib.import_module(module_name)
        if hasattr(module, name):  # printgen moved it: its time stays in "other", reported
            setattr(module, name, clock.timed(stage, getattr(module, name)))
        else:
            clock.unhooked.append(f"{module_name}.{name}")
    # the build looks the output verbs up in printgen.outputs when it makes them
    build = importlib.import_module("printgen.outputs")
    choose = getattr(build, "maker", None)
    if choose is None:
        clock.unhooked.append("printgen.outputs.maker")
    else:

        def maker(output: Any) -> Any:
            return clock.timed(OUTPUT_STAGES.get(str(output), str(output)), choose(output))

        setattr(build, "maker", maker)  # noqa: B010 (a module attribute mypy cannot see)
    # run as the command line runs it (its own process: no collector, no teardown), except that
    # the process ends after this clock has written its figures (main, below)
    cli = importlib.import_module("printgen.cli.commands")
    if hasattr(cli, "_end_process"):
        setattr(cli, "_end_process", lambda code: None)  # noqa: B010
    sys.argv = ["printgen", *printgen_args]
    try:
        status = int(cli.main())
    except SystemExit as exc:  # argparse's usage error
        status = int(exc.code or 0)
    clock.stop()
    return status


def top_functions(clock: StageClock) -> dict[str, list[tuple[float, str]]]:
    import io
    import pstats
    from pathlib import Path

    functions = {}
    for stage, profiler in clock.profiles.items():
        stats = pstats.Stats(profiler, stream=io.StringIO()).stats  # type: ignore[attr-defined]
        rows = [
            (entry[2], f"{Path(file).name}:{line} {name}")
            for (file, line, name), entry in stats.items()
        ]
        functions[stage] = sorted(rows, reverse=True)[:TOP]
    return functions


def main(argv: list[str]) -> int:
    split = argv.index("--") if "--" in argv else len(argv)
    out, flags, printgen_args = argv[0], argv[1:split], argv[split + 1 :]
    profiler = None
    if "--cprofile" in flags:
        import cProfile

        profiler = cProfile.Profile
    clock = StageClock(profiler)
    status = run(printgen_args, clock)
    import json

    figures = {
        "cpu": clock.cpu,
        "wall": clock.wall,
        "functions": top_functions(clock),
        "unhooked": clock.unhooked,
    }
    with open(out, "w", encoding="utf-8") as file:
        json.dump(figures, file)
    if profiler is None and hasattr(sys.modules.get("printgen.cli.commands"), "_end_process"):
        sys.stdout.flush()  # then end as the command's own process does: no teardown
        sys.stderr.flush()
        os._exit(status)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
