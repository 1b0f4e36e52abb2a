"""A --lang as the command line reads it: imported as every command starts, so it holds
nothing but this (the model's Game, with its dataclasses, waits for a command that loads one)."""

from __future__ import annotations

import re

_CODE = re.compile(r"[a-z]{2}")  # as game.yaml's languages: are written


def typed_language(typed: str) -> str:
    """A --lang as typed: a code in capitals is that code (EN is en); anything else is kept as
    written, so the message refusing it quotes what the designer typed ('es-ES', not 'es-es')."""
    lower = typed.lower()
    return lower if _CODE.fullmatch(lower) else typed
