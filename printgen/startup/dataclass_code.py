"""printgen's dataclasses made without compiling their methods again in every process.

``@dataclass`` writes each class's methods (``__init__``, ``__repr__``, ``__eq__``, and for a
frozen class ``__setattr__``, ``__delattr__`` and ``__hash__``) as Python source and compiles
it when the class is made: printgen's 75 dataclasses that a build imports cost 325 compiles,
an eighth of a ``validate``'s instructions and 25 ms of every command's start. Python keeps a
module's own code in ``__pycache__``; this keeps those methods' code beside it, the same way:
``printgen/startup/__pycache__/dataclass-code.<python>``, a mapping from each method's source
text to its code. The code depends on nothing but the text (compiled as ``dataclasses``
compiles it), so a changed class is another text, compiled afresh — never stale code.

Only classes of printgen's own modules, and of markdown-it-py's (whose token, rule and
delimiter classes every document build makes: 1.7 ms), are kept — a designer's ``rules.py`` is
compiled as Python compiles it. The file is read if it was written for this Python (its magic
number) and holds nothing but texts and code; a file of another shape is ignored (as with a
``.pyc``, one damaged inside a code object is not detected: it is printgen's own, in its
installation). It is written, as ``.pyc`` files are, by a command's own process when it
compiled a text the file did not hold, unless bytecode writing is off
(``PYTHONDONTWRITEBYTECODE``, ``-B``) or the folder is read-only.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

HEADER = b"printgen dataclass code 1\n" + MAGIC_NUMBER
KEPT = Path(__file__).parent / "__pycache__" / f"dataclass-code.{sys.implementation.cache_tag}"
MAX_TEXTS = 4096  # more than printgen's classes will ever need: older texts are dropped


class KeptCode:
    """Compiled method texts, read from ``path`` and written back when new ones were made."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.codes = _read(path)
        self.used: dict[str, CodeType] = {}
        self.new = False
        self.pid = os.getpid()  # a forked worker leaves the writing to the process it came from

    def exec(self, source: Any, globals: Any = None, locals: Any = None) -> None:
        """``exec`` as ``dataclasses`` calls it, with a kept code for printgen's classes."""
        if isinstance(source, str):
            kept = _kept_module(globals)
            code = self.codes.get(source) if kept else None
            if code is None:
                # as dataclasses' own exec compiles it: its module has no __future__ imports
                # (compiled here, from this module, a text would take this module's
                # `annotations` future: every other class's annotations would become strings)
                code = compile(source, "<string>", "exec", dont_inherit=True)
                self.new = self.new or kept
            if kept:
                self.used[source] = code
            source = code
        builtins.exec(source, globals, locals)

    def save(self) -> None:
        """Write the texts compiled here beside those the file held, if any was new."""
        if not self.new or sys.dont_write_bytecode:
            return
        kept = {**self.codes, **self.used}
        if len(kept) > MAX_TEXTS:
            kept = dict(self.used)
        partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        with contextlib.suppress(OSError):  # a read-only installation: compiled again next time
            self.path.parent.mkdir(exist_ok=True)
            partial.write_bytes(HEADER + marshal.dumps(kept))
            os.replace(partial, self.path)
            self.codes, self.new = kept, False
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)


def _read(path: Path) -> dict[str, CodeType]:
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    if not data.startswith(HEADER):
        return {}
    try:
        codes = marshal.loads(data[len(HEADER) :])
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict) or not all(
        isinstance(text, str) and isinstance(code, CodeType) for text, code in codes.items()
    ):
        return {}
    return codes


_KEPT_PACKAGES = ("printgen", "markdown_it")


def _kept_module(globals: Any) -> bool:
    name = globals.get("__name__", "") if isinstance(globals, dict) else ""
    return isinstance(name, str) and name.partition(".")[0] in _KEPT_PACKAGES


_kept: KeptCode | None = None


def install(path: Path = KEPT) -> KeptCode:
    """Make ``dataclasses`` compile through the kept code from now on (once a process)."""
    global _kept
    if _kept is None:
        _kept = KeptCode(path)
        # dataclasses calls exec by its global name: this one is found before the builtin
        dataclasses.exec = _kept.exec  # type: ignore[attr-defined]
    return _kept


def forked(writer: bool) -> None:
    """After a fork: which of the two processes writes the file at its end (``writer``), so
    that the one that compiled the last texts writes them, and the other never overwrites it
    with fewer (printgen.cli.supervise)."""
    if _kept is not None:
        _kept.pid = os.getpid() if writer else -1


def save() -> None:
    """Keep what this process compiled (in the process that installed it)."""
    if _kept is not None and _kept.pid == os.getpid():
        _kept.save()
