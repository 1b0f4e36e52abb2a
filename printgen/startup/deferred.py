"""Libraries that compile regular expressions when imported, most of which a build never uses
(whole-Unicode ones, and markdown-it-py's), imported so that those patterns compile the first
time they are used, if ever.

A pattern over most of Unicode (``[\\xa1-\\uffff]``, ``[\\U00010000-\\U0010ffff]``) takes
5–35 ms to compile: ReportLab's platypus compiles two at import (used only to break long URLs and
to wrap CJK text), PyYAML one (used only by its pure-Python reader; printgen reads through
libyaml). Together that was a tenth of a card build. markdown-it-py (with mdurl) compiles 69
patterns at import — HTML tags and blocks, entities, links, typographic replacements — of which
printgen's documents use 10: its own patterns are all deferred (it only ever calls their
methods), 2 % of a document build. The deferred patterns behave exactly as the libraries wrote
them.

Whole modules too: ReportLab imports Pillow's ``PIL.Image`` (20–30 ms with what it pulls in)
whenever it is imported, yet only a picture, a PNG export or Tabletop Simulator's sheets use
it. ``import_lazily`` makes such a module run the first time one of its names is used
(importlib's ``LazyLoader``), if ever.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from functools import cached_property
from types import ModuleType
from typing import Any, cast, overload

_compile = re.compile
WIDE = "\ufffd"  # a pattern naming characters from here up spans the whole of Unicode


class DeferredPattern:
    """A compiled pattern that is compiled when first used: every attribute, ``pattern`` and
    ``flags`` included, is the compiled pattern's, and a copy or a pickle of it is that
    pattern."""

    def __init__(self, pattern: str | bytes, flags: int) -> None:
        self._source = (pattern, flags)

    @cached_property
    def compiled(self) -> re.Pattern[Any]:
        return _compile(*self._source)

    def __getattr__(self, name: str) -> Any:
        # a special name, or its own, looked up on an instance copy or pickle made without
        # __init__: not the pattern's (asking the pattern would ask for these again, forever)
        if name.startswith("__") or name in ("_source", "compiled"):
            raise AttributeError(name)
        value = getattr(self.compiled, name)
        setattr(self, name, value)  # found directly next time: a pattern used in a loop
        return value

    def __copy__(self) -> re.Pattern[Any]:
        return self.compiled

    def __deepcopy__(self, memo: dict[int, Any]) -> re.Pattern[Any]:
        return self.compiled

    def __reduce__(self) -> tuple[Any, tuple[str | bytes, int]]:
        return re.compile, self._source


@overload
def pattern(text: str, flags: int = 0) -> re.Pattern[str]: ...


@overload
def pattern(text: bytes, flags: int = 0) -> re.Pattern[bytes]: ...


def pattern(text: str | bytes, flags: int = 0) -> re.Pattern[Any]:
    """``re.compile(text, flags)`` compiled when first used: a module's pattern for what a run
    rarely meets (a problem to say, a flaw in a file) costs nothing until then."""
    return cast("re.Pattern[Any]", DeferredPattern(text, flags))


def _deferring(every_pattern_of: tuple[str, ...]) -> Any:
    inside = tuple(f"{package}." for package in every_pattern_of)

    def deferring(pattern: Any, flags: int = 0) -> Any:
        if isinstance(pattern, str):
            # the module compiling it: a package named, or one of its modules
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if (
                max(pattern, default="") >= WIDE
                or caller in every_pattern_of
                or caller.startswith(inside)
            ):
                return DeferredPattern(pattern, flags)
        return _compile(pattern, flags)

    return deferring


def import_deferring_patterns(name: str, every_pattern_of: tuple[str, ...] = ()) -> ModuleType:
    """``import name``, its whole-Unicode patterns deferred — and every pattern that modules of
    the packages ``every_pattern_of`` compile (a module already imported is returned as it
    is)."""
    if name in sys.modules:
        return sys.modules[name]
    re.compile = _deferring(every_pattern_of)  # only for the length of this import
    try:
        return importlib.import_module(name)
    finally:
        re.compile = _compile


# Modules platypus imports whose patterns serve what printgen's documents never do — HTML and
# <para> markup parsing, hyphenation, log formats, date formats, Python syntax colouring —
# compiled when first used, if ever (1.5 ms of every document build).
_PLATYPUS_RARELY = (
    "html",
    "_markupbase",  # html.parser's base
    "logging",
    "reportlab.lib.PyFontify",
    "reportlab.lib.normalDate",
    "reportlab.platypus.paragraph",
    "reportlab.platypus.paraparser",
)


def import_platypus() -> ModuleType:
    """``import reportlab.platypus``: its whole-Unicode patterns, and those of the modules it
    imports that printgen's documents do not use, deferred."""
    return import_deferring_patterns("reportlab.platypus", _PLATYPUS_RARELY)


def import_lazily(name: str) -> None:
    """Make ``import name`` (by anyone, from now on) give a module that runs only when one of
    its names is first used; nothing happens if it is imported already or not installed."""
    if name in sys.modules:
        return
    try:
        spec = importlib.util.find_spec(name)
    except ImportError:
        return
    if spec is None or spec.loader is None:
        return
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    if parent:  # `from PIL import Image` finds it on its package, as after a real import
        setattr(sys.modules[parent], child, module)
