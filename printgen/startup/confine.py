"""ReportLab's per-user settings kept out of a build.

When ReportLab is first imported it runs a module ``reportlab_mods`` found on ``sys.path`` or,
failing that, the file ``~/.reportlab_mods`` as Python, and takes its settings from a module
``reportlab_settings`` or the file ``~/.reportlab_settings`` (``invariant=0`` stamps every PDF
with the time, so the same project no longer gives the same files). Those files lie outside the
project, which printgen never reads: empty stand-ins under both names, put in place before
ReportLab is imported, are what ReportLab finds instead, so it reads neither file.
"""

from __future__ import annotations

import sys
from types import ModuleType

_USER_MODULES = ("reportlab_settings", "reportlab_mods")


def install() -> None:
    for name in _USER_MODULES:
        # one a program embedding printgen set up on purpose is left to it
        sys.modules.setdefault(name, ModuleType(name, "empty: printgen reads no user settings"))
