"""What names a build's records: its options and the code that made its outputs — printgen's
own files and the libraries it draws with — so a record of other options, or of another
printgen, is another file and never taken for this build's. Standard library only, as the
cache that uses it."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from dataclasses import fields
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Any

from printgen import __version__, inputs
from printgen.options import BuildOptions, Format

PACKAGE = Path(__file__).resolve().parent.parent  # printgen itself: its own code is an input


def options_key(options: BuildOptions) -> str:
    """The options as text that is the same in every run (sets sorted); --out is left out —
    the cache lives inside it — but where Tabletop Simulator's files name it."""

    def plain(value: Any) -> Any:
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, frozenset | set):
            return sorted(plain(v) for v in value)
        if isinstance(value, tuple | list):
            return [plain(v) for v in value]
        if hasattr(value, "__dataclass_fields__"):
            return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
        return value if value is None or isinstance(value, int | float | str | bool) else str(value)

    described = {
        f.name: plain(getattr(options, f.name)) for f in fields(options) if f.name != "out"
    }
    if Format.TTS in options.formats and options.out is not None:
        # Tabletop Simulator's saved object names its sheets by their place on this machine:
        # a project moved, or built into another folder, needs it written again
        described["out"] = str(options.out.resolve())
    return json.dumps(described, sort_keys=True)


# the libraries whose code shapes the outputs' bytes (drawing, pictures, SVGs, rasterising,
# booklets, icons, texts, spreadsheets): upgraded, the same inputs may give other bytes
DEPENDENCIES: tuple[str, ...] = ("reportlab", "_rl_accel", "PIL", "svglib", "lxml", "pypdfium2")
DEPENDENCIES += ("pypdfium2_raw", "pypdf", "fontawesome_free_pack", "jinja2", "markdown_it", "yaml")
DEPENDENCIES += ("openpyxl",)


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """printgen's version and its installed files (by size and time), Python's version and the
    file each library printgen draws with starts from (found, not imported: ``pip install -U``
    writes it anew): a changed printgen, or a library upgraded under it, makes every record
    stale, even between releases."""
    entries = [__version__, sys.version]
    for module in DEPENDENCIES:
        try:
            spec = importlib.util.find_spec(module)
            origin = spec.origin if spec is not None else None
            entries.append(f"{module}:{inputs.version(os.stat(origin)) if origin else None}")
        except (ImportError, ValueError, OSError):
            entries.append(f"{module}:?")
    for folder, dirs, names in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if not name.endswith((".pyc", ".tmp")):
                info = os.stat(os.path.join(folder, name))
                entries.append(f"{folder}/{name}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(entries).encode()).hexdigest()
