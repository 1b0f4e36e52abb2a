"""What a designer's rules.py hands back is input like any other, and is checked as such.

Its code may raise anything (SystemExit and other BaseExceptions too), return what is not a list
of problems, yield what is not a problem, or give a message or a place that printgen cannot print
as ``path:line:col: message``. Each of these becomes one problem at the best place known: the
place the rule gave when it is one, else the line of rules.py that misbehaved, else the rule's
``def`` line.
"""

from __future__ import annotations

import ast
import os
import re
import stat
import sys
import threading
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FunctionType, TracebackType

from printgen.limits import MAX_MESSAGE_CHARS, MAX_TEXT_BYTES, MAX_WARNINGS, MAX_YAML_BYTES
from printgen.problems import Problem, Severity, Where
from printgen.project import Project
from printgen.sandbox.interrupt import by_user
from printgen.sandbox.memory import designer_memory
from printgen.sandbox.recursion import safe_depth
from printgen.sandbox.refused import Refused
from printgen.startup.deferred import pattern


class RulesWarning(UserWarning):
    """What printgen's rules API warns a rule of (an unknown deck): shown as its words alone."""


_SHORT = 60  # characters of a value a message quotes
_CONTROL = pattern(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_WORKBOOK_CELL = pattern(r"^(.+?\.xlsx)#.", re.IGNORECASE)  # "….xlsx#Sheet!C7" (line 0)


def clipped(message: str) -> str:
    """A message cut to a length a designer reads on one line, saying how much was cut."""
    if len(message) <= MAX_MESSAGE_CHARS:
        return message
    more = len(message) - MAX_MESSAGE_CHARS
    return f"{message[:MAX_MESSAGE_CHARS]}… ({more:,} more characters)"


def plain_text(value: object) -> str | None:
    """A str as an exact str (a subclass could run code when formatted); None if not text."""
    return str.__str__(value) if isinstance(value, str) else None


def shown(value: object) -> str:
    """A short repr of a designer's value for a message; never raises (it runs their code)."""
    try:
        text = repr(value)
    except BaseException as exc:  # a __repr__ that raises, or exits: name the type instead
        if by_user(exc):
            raise
        return f"<{type(value).__name__} object>"
    text = plain_text(text) or f"<{type(value).__name__} object>"
    return text if len(text) <= _SHORT else text[: _SHORT - 1] + "…"


def a(name: str) -> str:
    """A type's name with its article: "a str", "an int"."""
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def described(exc: BaseException) -> str:
    """``Type: text`` of an exception (or warning) raised by a designer's code; never raises."""
    name = type(exc).__name__
    try:
        text = plain_text(str(exc))
    except BaseException as raised:  # a __str__ that raises: the type alone says enough
        if by_user(raised):
            raise
        text = None
    if isinstance(exc, Refused):
        return f"it called {exc.call} (rules.py may not {exc.why})"
    if isinstance(exc, MemoryError):  # see printgen.sandbox.memory.memory_capped
        return (
            f"MemoryError: it ran out of memory, past the {designer_memory()} a game's "
            "own Python may take; does it keep adding to a list or a text forever?"
        )
    hint = ""
    if isinstance(exc, SystemExit):
        hint = " (rules.py may not end printgen: return or yield problems instead)"
    elif isinstance(exc, TypeError) and "'mappingproxy'" in (text or ""):
        # a card's values or the game's data, which the outputs are made from too
        hint = " (a rule reads the values it is handed: change a copy, dict(card.values))"
    return f"{name}: {clipped(text)}{hint}" if text else f"{name}{hint}"


def recursion_hint(exc: BaseException) -> str:
    """For a RecursionError in a game's Python: its likely cause, and why a higher
    sys.setrecursionlimit did not help (printgen.sandbox.recursion caps it)."""
    if not isinstance(exc, RecursionError):
        return ""
    return (
        " (does a function call itself without end, or data nest that deep? a game's Python may "
        f"set sys.setrecursionlimit to {safe_depth():,} at most, what the stack holds)"
    )


def overtime(exc: BaseException, limit_of: str) -> str:
    """What a designer's code stopped by its time limit (printgen.sandbox.expressions.Overtime,
    whose text says the limit) is told, at the line it was running."""
    return f"{exc}, the limit for {limit_of}, and was stopped at this line; does it loop forever?"


def went_on(what: str, seconds: float, at: Where) -> str:
    """The line printgen ends with when a designer's code caught its Overtime and ran on."""
    return (
        f"{at}: {what} ran for more than {seconds:g} s and went on after it was stopped (does "
        "it catch every exception?); printgen stopped"
    )


def running_at(code: Callable[[str, int], Where | None], fallback: Where) -> Where:
    """Where the main thread runs a designer's code now — the deepest line on its stack that
    ``code`` names — asked from a watchdog thread while that code runs on."""
    frame = sys._current_frames().get(threading.main_thread().ident or 0)
    while frame is not None:
        found = code(frame.f_code.co_filename, frame.f_lineno or 0)
        if found is not None:
            return found
        frame = frame.f_back
    return fallback


def in_file(path: Path, rel: str) -> Callable[[str, int], Where | None]:
    """``code`` for running_at: lines of one file, named ``rel``."""
    return lambda filename, line: Where(rel, line, 1) if filename == str(path) else None


def deepest_line(exc: BaseException, path: Path, fallback: int = 1) -> int:
    """The line of ``path`` deepest in the exception's traceback: where a designer's file
    (rules.py, simulate.py) failed, under whatever it called."""
    line, tb = fallback, exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == str(path):
            line = tb.tb_lineno or line
        tb = tb.tb_next
    return line


@contextmanager
def warnings_kept(into: list[warnings.WarningMessage]) -> Iterator[None]:
    """Python's warnings raised meanwhile (a SyntaxWarning compiling rules.py, a rule's
    warnings.warn), kept instead of printed: Python prints each on two lines of stderr,
    naming absolute paths. The filters stay as they are: what Python would hide stays hidden."""
    with warnings.catch_warnings(record=True) as caught:
        try:
            yield
        finally:
            into.extend(caught)


class Places:
    """Places in one project: which a rule may name, and which lines of its code to blame."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self._files: dict[str, str | None] = {}
        self._defs: dict[str, dict[int, int]] = {}
        self._code: dict[str, str | None] = {}
        self._lines: dict[str, int] = {}

    def valid(self, where: object) -> Where | None:
        """The place a rule gave, when it names a file of the project with line and column
        ≥ 1 (a workbook's cell, as printgen names it, has line 0); else None."""
        if not isinstance(where, Where):
            return None
        path, line, col = plain_text(where.path), where.line, where.col
        if path is None or type(line) is not int or type(col) is not int:
            return None
        rel = self._file(path)
        if rel is not None:
            if line < 1 or col < 1 or line > self._line_count(rel):
                return None
            # the rule's own Where when it is printgen's, as written: a subclass could run code
            # when printed, and a rule may give a million of them
            own = type(where) is Where and type(where.path) is str and rel == where.path
            return where if own else Where(rel, line, col)
        cell = _WORKBOOK_CELL.match(path)
        if cell is None or self._file(cell.group(1)) is None or _CONTROL.search(path):
            return None
        if (line, col) == (0, 0) or (line >= 1 and col >= 1):
            return Where(path, line, col)
        return None

    def _line_count(self, rel: str) -> int:
        """How many lines the project file has: a place past its end is no place in it."""
        if rel not in self._lines:
            try:
                with open(self.project.root / rel, "rb") as file:
                    data = file.read(MAX_YAML_BYTES + 1)
                self._lines[rel] = data.count(b"\n") + 1
            except OSError:
                self._lines[rel] = 0
        return self._lines[rel]

    def _file(self, path: str) -> str | None:
        """``path`` as messages name it, when it is a file inside the project; else None."""
        if path not in self._files:
            self._files[path] = self._find(path)
        return self._files[path]

    def _find(self, path: str) -> str | None:
        if not path or _CONTROL.search(path) or Path(path).is_absolute():
            return None
        candidate = self.project.root / path
        if not Path(os.path.normpath(candidate)).is_relative_to(self.project.root):
            return None
        try:
            if not (self.project.confined(candidate) and candidate.is_file()):
                return None
        except (OSError, ValueError):  # a name too long for the system, say
            return None
        return self.project.rel(candidate)

    def code(self, filename: str, line: int) -> Where | None:
        """A line of a game's code, when the file is inside the project's cards/ folder (not
        printgen's own code, which a project folder may hold too)."""
        if filename not in self._code:  # asked again for each problem a rule misplaces
            path = Path(os.path.normpath(filename))
            inside = path.is_relative_to(self.project.cards)
            self._code[filename] = self.project.rel(path) if inside else None
        rel = self._code[filename]
        return Where(rel, line, 1) if rel is not None and line >= 1 else None

    def failing(self, exc: BaseException, fallback: Where) -> Where:
        """The deepest line of a game's code in the exception's traceback."""
        where = fallback
        tb: TracebackType | None = exc.__traceback__
        while tb is not None:
            found = self.code(tb.tb_frame.f_code.co_filename, tb.tb_lineno or 0)
            where = found or where
            tb = tb.tb_next
        return where

    def warned(
        self, caught: list[warnings.WarningMessage], fallback: Where, prefix: str
    ) -> list[Problem]:
        """Kept warnings as a designer's warnings: one line each, at its line of the game's code
        (else at ``fallback``), each message headed by ``prefix``."""
        found = []
        for kept in caught[:MAX_WARNINGS]:
            line = kept.lineno if type(kept.lineno) is int else 0
            where = self.code(kept.filename, line) if isinstance(kept.filename, str) else None
            said = kept.message  # a Warning, or (warn_explicit) its text
            if isinstance(said, RulesWarning):
                text = plain_text(str(said))
            else:
                text = described(said) if isinstance(said, BaseException) else plain_text(said)
            message = f"{prefix}{text or getattr(kept.category, '__name__', 'Warning')}"
            found.append(Problem(where or fallback, clipped(message), Severity.WARNING))
        if len(caught) > MAX_WARNINGS:
            more = len(caught) - MAX_WARNINGS
            message = f"{prefix}{more:,} more Python warnings not shown"
            found.append(Problem(fallback, message, Severity.WARNING))
        return found

    def definition(self, function: object, module_file: str | None) -> Where:
        """The ``def`` line of a rule's function; the rules.py that declared it, when the
        function is not a game's code (a callable object, a library function)."""
        # a plain function's code, read without running any of the designer's code
        code = function.__code__ if isinstance(function, FunctionType) else None
        if code is not None and self.code(code.co_filename, 1) is not None:
            first = code.co_firstlineno  # a decorated function's first decorator
            found = self.code(code.co_filename, self._def_line(code.co_filename, first))
            if found is not None:
                return found
        if module_file is not None:
            found = self.code(module_file, 1)
            if found is not None:
                return found
        return Where(self.project.rel(self.project.cards))

    def _def_line(self, filename: str, first: int) -> int:
        """The line of the ``def`` whose decorators start at ``first``."""
        if filename not in self._defs:
            self._defs[filename] = _def_lines(filename)
        return self._defs[filename].get(first, first)


def _def_lines(filename: str) -> dict[int, int]:
    """For each decorated function of a file: its first decorator's line → its ``def`` line."""
    try:
        info = os.stat(filename)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_TEXT_BYTES:
            return {}  # not the rules.py printgen imported (a code object names any file)
        with warnings.catch_warnings():  # said once, as rules.py was imported (found
            warnings.simplefilter("ignore")  # while a rule runs, they would be the rule's)
            tree = ast.parse(Path(filename).read_bytes(), filename)
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    found: dict[int, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.decorator_list:
            found[min(d.lineno for d in node.decorator_list)] = node.lineno
    return found


_SEVERITIES: dict[str | None, Severity] = {s.value: s for s in Severity}


class Misuse(Exception):
    """What a rule handed back cannot be a problem; its message says why and what to do, and
    ``kind`` which mistake it is (each is said once per rule, however often it is made)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def checked(item: object, places: Places) -> tuple[Where | None, str, Severity]:
    """A rule's item as the place, message and severity of a problem printgen can print; the
    place is None when the rule gave none that is valid (its caller puts it at the rule's code,
    and the message says what the rule gave). Raises Misuse when it cannot be a problem."""
    if not isinstance(item, Problem):
        what = "None" if item is None else f"{shown(item)} ({a(type(item).__name__)})"
        raise Misuse("item", f"it gave {what}, not a Problem; yield ctx.problem(where, message)")
    given = item.message
    message = given if type(given) is str else plain_text(given)  # the common case, quickly
    if message is None:
        kind = a(type(given).__name__)
        raise Misuse("message", f"a problem's message is {kind}, not text; give ctx.problem a str")
    severity = _SEVERITIES.get(plain_text(item.severity))  # "warning" is one too: a StrEnum
    if severity is None:
        raise Misuse(
            "severity",
            f"a problem's severity is {shown(item.severity)}; "
            "use Severity.ERROR or Severity.WARNING",
        )
    where = places.valid(item.where)
    message = clipped(message)
    if where is None:
        message += f" (its place, {shown(item.where)}, is not a line of a file of the project)"
    return where, message, severity
