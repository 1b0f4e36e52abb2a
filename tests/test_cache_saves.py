"""Saves that change nothing a build reads: a font copied over with itself (new inode and
times, same bytes) built every game again, even one that does not use it."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import reportlab

from tests.conftest import Run

FONT = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


def saved_again(path: Path, data: bytes) -> None:
    """Written as an editor or `cp` saves: a new file renamed into place, its times later."""
    fresh = path.with_name(path.name + ".new")
    fresh.write_bytes(data)
    later = path.stat().st_mtime_ns + 5_000_000_000
    os.utime(fresh, ns=(later, later))
    os.replace(fresh, path)


def test_a_font_saved_with_the_same_bytes_builds_nothing(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    fonts = demo / "fonts"
    fonts.mkdir()
    shutil.copy(FONT, fonts / "Vera.ttf")
    assert printgen(demo, "build", "--only", "cards").code == 0
    saved_again(fonts / "Vera.ttf", FONT.read_bytes())
    run = printgen(demo, "build", "--only", "cards")
    assert "nothing changed since the last build" in run.out, run.out
    assert "nothing changed" in printgen(demo, "build", "--only", "cards").out
    saved_again(fonts / "Vera.ttf", FONT.read_bytes() + b"\0")  # other bytes: built again
    assert "nothing changed" not in printgen(demo, "build", "--only", "cards").out
