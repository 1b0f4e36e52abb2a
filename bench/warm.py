"""Row 3 without start-up: ``validate`` and ``build --no-cache --jobs 1`` of one game, run
alternately in one process after one run of each, so that Python's start-up, the imports and
what a process reads once (fonts) are left out: the work each command does itself.

    .venv/bin/python bench/warm.py [--runs N] [GAME]      (in a project folder; prints JSON)

bench/run.py runs it in its scratch project for row 3. Whole processes pay start-up and
imports once each — close to half of a build (its workers are forked after them), three
quarters of a validate — so this says how much of row 3's ratio is the lay-out-only design and
how much the cost every command starts with.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable


def _cpu(main: Callable[[list[str]], int], args: list[str]) -> float:
    """CPU seconds of one printgen command in this process (its output swallowed)."""
    start = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(args)
    if code != 0:
        raise SystemExit(f"printgen {' '.join(args)} exited {code}")
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="warriors-and-monks")
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    from printgen.cli.commands import main as printgen

    with tempfile.TemporaryDirectory() as out:
        validate = ["validate", options.game]
        build = ["build", options.game, "--no-cache", "--jobs", "1", "--out", out]
        _cpu(printgen, validate)
        _cpu(printgen, build)
        pairs = [(_cpu(printgen, validate), _cpu(printgen, build)) for _ in range(options.runs)]
    json.dump(
        {
            "validate": statistics.median(v for v, _ in pairs),
            "build": statistics.median(b for _, b in pairs),
            "ratio": statistics.median(v / b for v, b in pairs),
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
