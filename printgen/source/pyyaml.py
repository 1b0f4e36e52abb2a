"""PyYAML, imported without compiling its reader's whole-Unicode pattern (``Reader.NON_PRINTABLE``,
10 ms: a twentieth of a card build) or its constructor's timestamp pattern (printgen reads no
dates). Only PyYAML's pure-Python reader uses the first; printgen reads through libyaml where
PyYAML has it. Every module of printgen takes ``yaml`` from here."""

from __future__ import annotations

from printgen.startup.deferred import import_deferring_patterns

import_deferring_patterns("yaml", every_pattern_of=("yaml.constructor",))

import yaml  # noqa: E402  (already imported above: this only names it)

__all__ = ["yaml"]
