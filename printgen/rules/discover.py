"""A game's Python rules: ``cards/<game>/rules.py`` of the project that holds the game.

The file is imported by path, under a name of its own, like any script: it is Python and runs
with the designer's rights (YAML, Markdown and templates never run code).
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

from printgen.problems import Problem, ProjectError, Where, fail

RULES_FILE = "rules.py"


def load_rules_module(game_folder: Path, rel: str) -> ModuleType | None:
    """Import ``game_folder/rules.py``; None when the game has none. ``rel`` names the file in
    messages. A rules.py that does not import is bad input: its error points at the line."""
    path = game_folder / RULES_FILE
    if not path.is_file():
        return None
    # named by path and content: an edited rules.py (printgen watch, tests) is imported afresh
    digest = hashlib.sha1(path.resolve().as_posix().encode() + path.read_bytes()).hexdigest()[:12]
    name = f"printgen_rules_{re.sub(r'[^A-Za-z0-9_]', '_', game_folder.name)}_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise fail(Where(rel), "cannot import rules.py; is it a Python file?")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        del sys.modules[name]
        raise fail(
            Where(rel, exc.lineno or 1, exc.offset or 1), f"Python syntax error: {exc.msg}"
        ) from None
    except Exception as exc:
        del sys.modules[name]
        raise ProjectError([_import_problem(exc, rel)]) from None
    return module


def _import_problem(exc: Exception, rel: str) -> Problem:
    line = 1
    tb = exc.__traceback__
    while tb is not None:  # the deepest frame inside rules.py names the line
        if tb.tb_frame.f_code.co_filename.endswith(RULES_FILE):
            line = tb.tb_lineno
        tb = tb.tb_next
    return Problem(Where(rel, line, 1), f"rules.py failed to load: {type(exc).__name__}: {exc}")
