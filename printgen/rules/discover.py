"""A game's Python rules: ``cards/<game>/rules.py`` of the project that holds the game.

The file is imported by path, under a name of its own, like any script: it is Python and runs
with the designer's rights (YAML, Markdown and templates never run code).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import re
import sys
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from printgen import inputs
from printgen.limits import RULE_SECONDS
from printgen.problems import Problem, ProjectError, Where, fail
from printgen.rules.guard import (
    Places,
    clipped,
    deepest_line,
    described,
    in_file,
    overtime,
    recursion_hint,
    running_at,
    warnings_kept,
    went_on,
)
from printgen.rules.opened import noted_opens, renoted
from printgen.sandbox.alarm import Overtime, code_limit
from printgen.sandbox.interrupt import by_user
from printgen.sandbox.memory import memory_capped
from printgen.sandbox.recursion import recursion_capped
from printgen.sandbox.refused import no_exit_nor_fork

RULES_FILE = "rules.py"
_OWN = "printgen_rules_"  # a rules.py's own module name, and its relative imports


def load_rules_module(game_folder: Path, rel: str) -> ModuleType | None:
    """Import ``game_folder/rules.py``; None when the game has none. ``rel`` names the file in
    messages. A rules.py that does not import is bad input: its error points at the line."""
    path = game_folder / RULES_FILE
    if not path.is_file():
        return None
    # named by path and content — its own and that of the Python beside it, which it may
    # import: an edited rules.py or helpers.py (printgen watch, tests) is imported afresh
    read = path.resolve().as_posix().encode() + path.read_bytes() + _python_beside(game_folder)
    digest = hashlib.sha1(read).hexdigest()[:12]
    name = f"{_OWN}{re.sub(r'[^A-Za-z0-9_]', '_', game_folder.name)}_{digest}"
    if name in sys.modules:
        if renoted(_OPENED.get(name, {})):
            return sys.modules[name]
        del sys.modules[name]  # it read a file saved since (watch): imported afresh
    # a package whose folder is the game's: `from .helpers import LIMIT` finds helpers.py
    # beside rules.py, as the game's own module (another game's helpers.py is another's)
    spec = importlib.util.spec_from_file_location(
        name, path, submodule_search_locations=[str(game_folder)]
    )
    if spec is None or spec.loader is None:
        raise fail(Where(rel), "cannot import rules.py; is it a Python file?")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    caught: list[warnings.WarningMessage] = []
    forgotten: dict[str, ModuleType] = {}  # (bound as well if entering the limits fails)
    try:
        # a SyntaxWarning, say: reported with the rules' problems
        ran_on = _ran_on(path, rel)
        with (
            no_exit_nor_fork(),
            memory_capped(),
            recursion_capped(name),
            warnings_kept(caught),
            code_limit(RULE_SECONDS, ran_on),
            beside(game_folder) as forgotten,
            noted_opens(game_folder.parent.parent) as opened,
            _noted_as_importing_rules(),  # a worker killed now: its parent names rules.py
        ):
            spec.loader.exec_module(module)
    except SyntaxError as exc:
        sys.modules.pop(name, None)
        # rules.py's syntax, or a helpers.py's beside it: said at its line there; another
        # module's, imported by rules.py, is said as any failed import
        file = _in_game(exc.filename, game_folder, rel)
        if file is None or not isinstance(exc.msg, str):
            raise ProjectError([_import_problem(exc, path, rel, forgotten)]) from None
        line, col = exc.lineno, exc.offset
        where = Where(file, line if type(line) is int and line > 0 else 1, 1)
        if type(col) is int and col > 0 and where.line == line:
            where = Where(file, where.line, col)
        raise fail(where, clipped(f"Python syntax error: {str.__str__(exc.msg)}")) from None
    except BaseException as exc:  # SystemExit too: rules.py is input, it never ends printgen
        sys.modules.pop(name, None)
        if by_user(exc):  # Ctrl-C stops printgen, inside rules.py as anywhere
            raise
        raise ProjectError([_import_problem(exc, path, rel, forgotten)]) from None
    _WARNED[name] = caught
    _OPENED[name] = opened
    return module


def _python_beside(folder: Path, most: int = 200) -> bytes:
    """The game folder's Python files, its modules and its packages' (one level down), each
    named with its version (``inputs.version``) — never a link (it could lead out of the
    project)."""
    files = sorted([*folder.glob("*.py"), *folder.glob("*/*.py")])[:most]
    said = []
    for file in files:
        if file.is_symlink() or file.parent.is_symlink() or not file.is_file():
            continue
        said.append(f"{file.as_posix()} {inputs.version(file.stat())}")
    return "\n".join(said).encode()


@contextmanager
def beside(folder: Path) -> Iterator[dict[str, ModuleType]]:
    """``import helpers`` at the top of a game's Python finds the game's helpers.py (or helpers
    package), as a script finds the modules beside it — after Python's own, which a file of the
    game never shadows; then the names are forgotten, so that another game's are its own. What
    it yields holds the forgotten modules, once forgotten: a failed ``from helpers import LIMT``
    is said with the names helpers.py has."""
    known = set(sys.modules)
    forgotten: dict[str, ModuleType] = {}
    inside = _Inside(folder)
    sys.path.append(str(folder))
    sys.meta_path.insert(0, inside)
    try:
        yield forgotten
    finally:
        with suppress(ValueError):
            sys.path.remove(str(folder))
        with suppress(ValueError):
            sys.meta_path.remove(inside)
        for name in set(sys.modules) - known:
            file = getattr(sys.modules[name], "__file__", None)
            if file and Path(file).is_relative_to(folder) and not name.startswith(_OWN):
                forgotten[name] = sys.modules.pop(name)


class LeadsOut(ImportError):
    """A module of the game's folder is a link out of the project: said as it is."""


class _Inside:
    """Refuses a module of the game's folder whose real place is outside the project (a
    helpers.py linked from elsewhere): printgen reads nothing outside the project, and the
    build cache, which never follows such a link, would not see it change. It finds nothing
    itself: Python's own finders import what it lets through."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.root = folder.parent.parent  # the project: its cards/<game>/

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        origin = spec.origin if spec is not None else None
        if origin is None or not Path(origin).is_relative_to(self.folder):
            return None
        try:
            real = Path(origin).resolve()
        except (OSError, RuntimeError):  # a symlink loop
            real = None
        if real is None or not real.is_relative_to(self.root.resolve()):
            name = Path("cards") / self.folder.name / Path(origin).relative_to(self.folder)
            raise LeadsOut(
                f"{name.as_posix()} is a link to a place outside the project folder (or a "
                "loop); printgen reads only files whose real place is inside the project: put "
                "the file itself there"
            )
        return None


# what importing each rules.py warned, by module name: said where its game's rules are run
_WARNED: dict[str, list[warnings.WarningMessage]] = {}
# the project files each opened as it was imported (data/limit.txt), with their versions
_OPENED: dict[str, dict[Path, inputs.Version | None]] = {}


def import_warnings(module: ModuleType, places: Places) -> list[Problem]:
    """What Python warned while importing a game's rules.py, as warnings at their lines."""
    caught = _WARNED.get(module.__name__, [])
    rel = places.code(module.__file__ or "", 1)
    return places.warned(caught, rel or Where(places.project.rel(places.project.cards)), "")


def _ran_on(path: Path, rel: str) -> Callable[[], str]:
    at = in_file(path, rel)
    return lambda: went_on("rules.py", RULE_SECONDS, running_at(at, Where(rel, 1, 1)))


def _import_problem(
    exc: BaseException, path: Path, rel: str, forgotten: Mapping[str, ModuleType]
) -> Problem:
    from printgen.rules.load_errors import most_nested_line, unplaced_import, unreadable

    line = deepest_line(exc, path)
    if isinstance(exc, Overtime):
        return Problem(Where(rel, line, 1), f"rules.py {overtime(exc, 'loading it')}")
    # the deepest line of the game's own Python: a helpers.py that fails as rules.py imports
    # it is said at its own line, as a rule failing inside a helper is
    where, tb = Where(rel, line, 1), exc.__traceback__
    while tb is not None:
        if file := _in_game(tb.tb_frame.f_code.co_filename, path.parent, rel):
            where = Where(file, tb.tb_lineno or 1, 1)
        tb = tb.tb_next
    if isinstance(exc, LeadsOut):  # printgen's own words, not a failure of the designer's code
        return Problem(where, str(exc))
    if cannot_read := unreadable(exc):  # no line from Python: the likeliest one
        where = Where(rel, most_nested_line(path), 1)
    said = unplaced_import(exc, forgotten) or cannot_read or described(exc)
    said = f"rules.py failed to load: {said}{recursion_hint(exc)}"
    return Problem(where, clipped(said))


def _in_game(filename: object, game_folder: Path, rel: str) -> str | None:
    """``filename`` as messages name it, when it is a Python file of the game's folder
    (rules.py, or a module beside it); else None (Python's own, an installed package's)."""
    if not isinstance(filename, str) or not filename.endswith(".py"):
        return None
    file = Path(os.path.normpath(filename))
    if not file.is_absolute() or not file.is_relative_to(game_folder):
        return None
    return f"{rel.rsplit('/', 1)[0]}/{file.relative_to(game_folder).as_posix()}"


def _noted_as_importing_rules() -> AbstractContextManager[None]:
    """In a build's worker, what it is doing noted for its parent (printgen.sandbox.workers,
    imported with the process pool, before the workers fork); a process of its own notes
    nothing, and never imports it."""
    workers = sys.modules.get("printgen.sandbox.workers")
    return workers.importing_rules() if workers is not None else nullcontext()
