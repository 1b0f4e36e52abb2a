"""``printgen simulate --debug``: a designer's engine played as they debug it, with ``print``.

The games are played in printgen's own process, one after another, and what the engine prints
reaches stderr (stdout stays the report's key sentences), each game's prints under a line that
names it; a failure shows the engine's own frames above its one line. Without ``--debug`` the
prints of thousands of games are left out and said once (see printed.py).
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Sequence
from pathlib import Path


def game_header(game: int, games: int, seats: Sequence[str], seed: int) -> str:
    """The line above game ``game``'s (0-based) prints. Game i is seeded from (--seed, i) and
    seated from --bots shifted by i, whatever else the run plays: its number and the seed
    (the seats as --players and --bots gave them) are all a replay needs — -n that number."""
    players = f"{len(seats)} players ({', '.join(seats)})"
    return f"--- game {game + 1:,} of {games:,}, --seed {seed}: {players} ---"


def show_traceback(exc: BaseException, path: Path, rel: str) -> None:
    """The frames of the engine's own file that led to ``exc``, as Python shows a traceback,
    on stderr above the fault's one line (which says what was raised): printgen's frames,
    and the standard library's the engine called, are not the designer's to read. Nothing
    when no line of the engine ran (a syntax error: its one line says where)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == str(path)]
    if not frames:
        return
    lines = [f"Traceback of {rel} (most recent call last):"]
    for frame in frames:
        lines.append(f'  File "{rel}", line {frame.lineno}, in {frame.name}')
        if frame.line:
            lines.append(f"    {frame.line}")
    print("\n".join(lines), file=sys.stderr)
