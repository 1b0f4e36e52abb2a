"""``printgen watch``: rebuild whenever a file of the project changes.

The designer's loop — tweak one card, look at the PDF — without retyping the command. Each
rebuild starts from a fresh session, so nothing read before the change is reused; imports stay
warm, which makes a rebuild cheaper than a fresh ``printgen build``.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from printgen.problems import ProjectError
from printgen.project import Project
from printgen.session import Session


def watch(
    project: Project, rebuild: Callable[[Session], int], stop: threading.Event | None = None
) -> int:
    from watchfiles import watch as changes

    _once(project, rebuild)
    folders = [p for p in (project.cards, project.templates, project.fonts) if p.is_dir()]
    print(
        f"watching {', '.join(project.rel(p) + '/' for p in folders)} — Ctrl-C to stop",
        file=sys.stderr,
    )
    for changed in changes(*folders, watch_filter=_relevant, stop_event=stop):
        names = sorted({project.rel(Path(path)) for _, path in changed})
        print(f"changed: {', '.join(names)}", file=sys.stderr)
        _once(project, rebuild)
    return 0


def _once(project: Project, rebuild: Callable[[Session], int]) -> None:
    started = time.perf_counter()
    try:
        status = rebuild(Session(project))
    except ProjectError as exc:  # the watcher outlives bad input: report it and wait
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        status = 2
    verdict = "built" if status == 0 else "not built (fix the problems above)"
    print(f"{verdict} in {time.perf_counter() - started:.2f} s", file=sys.stderr)


def _relevant(change: object, path: str) -> bool:
    name = Path(path).name
    return not (name.startswith(".") or name.endswith(("~", ".tmp", ".swp")))
