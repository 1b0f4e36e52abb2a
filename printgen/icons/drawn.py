"""Whether a document shows an icon printgen's own authors drew — what the rulebook's line
"The icons drawn for printgen and its games are released with printgen under the MIT licence"
speaks of, printed only then: a game showing only its designer's own icons (or Font Awesome's)
credited printgen with them.

Those icons are the built-in ones and the repository's games' (cards/*/icons), wherever a copy
of one is shown: known by the SHA-256 of its bytes, the keys of ``forms.json``, which stores a
drawing of every one of them (a test keeps it so), read here whatever ReportLab made it.
"""

from __future__ import annotations

from collections.abc import Iterable

from printgen.icons.forms import stored_keys
from printgen.icons.icon_folder import IconSource
from printgen.icons.library import IconLibrary, read_icon
from printgen.icons.svg import digest


def shows_drawn(library: IconLibrary, names: Iterable[str]) -> bool:
    """Whether any icon of ``names`` shown from ``library`` is one printgen's authors drew."""
    entries = [library.files[name] for name in sorted(set(names)) if name in library.files]
    if any(entry.source is IconSource.BUILTIN for entry in entries):
        return True  # (no file read: nearly every game shows one)
    drawn = stored_keys()
    for entry in entries:
        try:
            if digest(read_icon(entry.path)) in drawn:
                return True
        except OSError:  # swapped since it was drawn: said where it is drawn
            continue
    return False
