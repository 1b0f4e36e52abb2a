"""How the build cache versions what only a game's own Python reads (``printgen.rules.opened``):
a folder it lists, and a file it opens through a link that leads out of the project.

Only the standard library is imported here, as by the cache: deciding that nothing changed
must stay cheap.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from printgen import inputs

LISTED = "names:"  # a folder's fingerprint by the names it holds


def listing(path: Path) -> str:
    """A folder's version as the game's code that listed it saw it: its names (a file put in
    ``data/`` or taken out changes it; one edited there is an input of its own, if read)."""
    try:
        names = sorted(os.fsencode(name) for name in os.listdir(path))
    except OSError:
        return "unreadable"
    return LISTED + hashlib.sha256(b"\0".join(names)).hexdigest()


def led(path: Path) -> str:
    """A file the game's code read through a link out of the project (printgen refuses one
    itself), by the version of the file the link leads to: never read, as nothing outside the
    project is, yet one saved there — or the link pointed elsewhere — is another."""
    try:
        return "outside:" + ":".join(str(n) for n in inputs.version(path.stat()))
    except OSError:
        return "outside:absent"
