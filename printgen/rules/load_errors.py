"""Why a designer's Python file (rules.py, simulate.py) did not load, in their words: a name
imported from the wrong module of printgen, or an expression Python's parser cannot read."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType


def unplaced_import(exc: BaseException, forgotten: Mapping[str, ModuleType] = {}) -> str | None:
    """``from printgen.rules import Card`` (or ``from printgen.simulate.contract import
    GameRecords``): said without the absolute path of printgen's (or Python's) own file that
    Python adds, which is no place of the designer's to look, and with the name the module has
    that was likely meant — of printgen's, those it offers (its ``__all__``), listed when none
    is near. ``forgotten``: the modules beside the game's file, imported and since forgotten
    (a helpers.py): ``from helpers import LIMT`` is said with the names it has."""
    import re
    import sys

    module, where = getattr(exc, "name", None), getattr(exc, "path", None)
    if type(exc) is not ImportError or not isinstance(module, str) or not where:
        return None
    # `from .helpers import LIMT`: the package Python names is printgen's name for the game's
    # folder (printgen_rules_ladder_09c6db1714dd), which the designer never wrote
    text = _OWN_PACKAGE.sub(r"'.\1'", str(exc).removesuffix(f" ({where})"))
    missing = re.fullmatch(r"cannot import name '([^']*)' from .*", text)
    if missing and (public := _public_for(module, missing.group(1))):
        return f"ImportError: {text}; write: from {public} import {missing.group(1)}"
    imported = sys.modules.get(module, forgotten.get(module))
    if missing and imported is not None:
        from printgen.source.readers import did_you_mean

        offered = getattr(imported, "__all__", None)
        names = list(offered or (n for n in vars(imported) if not n.startswith("_")))
        listed = f"; it offers {', '.join(sorted(names, key=str.lower))}" if offered else ""
        text += did_you_mean(missing.group(1), names, listed)
    return f"ImportError: {text}"


_OWN_PACKAGE = re.compile(r"'printgen_(?:rules|engine)_\w+_[0-9a-f]{12}\.([\w.]+)'")


def _public_for(module: str, name: str) -> str | None:
    """The module of printgen a designer's code imports ``name`` from, when ``module`` is
    another of printgen's that lacks it (``from printgen.rules.run import rule``): what to
    write, not 'did you mean Rule'."""
    import sys

    public = "printgen.simulate.contract" if module.startswith("printgen.simulate") else None
    if public is None and module.startswith("printgen."):
        public = "printgen.rules"
    offered = sys.modules.get(public) if public and public != module else None
    names = getattr(offered, "__all__", None) or vars(offered) if offered is not None else {}
    return public if name in names and not name.startswith("_") else None


def unreadable(exc: BaseException) -> str | None:
    """A MemoryError Python's parser raises as it compiles a file — its stack ran out on
    thousands of signs or brackets in a row — said so, not as a program using up memory (it was
    'does it keep adding to a list forever?' at 34 MB)."""
    if type(exc) is not MemoryError or exc.args:
        return None
    frames, tb = [], exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame.f_code)
        tb = tb.tb_next
    compiling = any(code.co_name == "source_to_code" for code in frames)
    if not compiling or not frames[-1].co_filename.startswith("<frozen"):
        return None
    return (
        "Python cannot read it: an expression is nested too deeply for its parser (thousands "
        "of signs or brackets in a row?); write it in steps"
    )


def most_nested_line(path: Path) -> int:
    """The line of ``path`` holding the longest run of one sign or bracket (``-`` ``(`` ``[``
    …): where a file the parser cannot read is said; 1 when it cannot be read."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return 1
    runs = [max((len(m[0]) for m in _NESTING.finditer(line)), default=0) for line in lines]
    return 1 + max(range(len(runs)), key=runs.__getitem__) if runs else 1


_NESTING = re.compile(r"([-+~(\[{*])\1*")
