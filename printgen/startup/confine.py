"""ReportLab's per-user settings kept out of a build.

When ReportLab is first imported it runs a module ``reportlab_mods`` found on ``sys.path`` or,
failing that, the file ``~/.reportlab_mods`` as Python, and takes its settings from a module
``reportlab_settings`` or the file ``~/.reportlab_settings`` (``invariant=0`` stamps every PDF
with the time, so the same project no longer gives the same files). Those files lie outside the
project, which printgen never reads: empty stand-ins under both names, put in place before
ReportLab is imported, are what ReportLab finds instead, so it reads neither file; nor does it
see the environment's RL_ variables, nor SOURCE_DATE_EPOCH.
"""

from __future__ import annotations

import os
import sys
from types import ModuleType

_USER_MODULES = ("reportlab_settings", "reportlab_mods")


def install() -> None:
    for name in _USER_MODULES:
        # one a program embedding printgen set up on purpose is left to it
        sys.modules.setdefault(name, ModuleType(name, "empty: printgen reads no user settings"))
    # ReportLab also takes any setting from an environment variable RL_<setting>: one left
    # in a shell changed the rulebook's bytes (RL_pageCompression=0), and one it could not
    # read (RL_pageCompression=abc) ended every command in an internal error at import
    for variable in [name for name in os.environ if name.startswith("RL_")]:
        del os.environ[variable]
    # and the date SOURCE_DATE_EPOCH gives every PDF it makes, which changed the bytes a build
    # left up to date (the cache knows nothing of it), and whose value it could not read
    # (1.5) ended every PDF in an internal error: printgen's PDFs carry one fixed date
    os.environ.pop("SOURCE_DATE_EPOCH", None)
