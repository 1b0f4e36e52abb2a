"""An output changed since the build wrote it is noticed however it was changed: its size and
time set back (``touch -r``, ``cp -p``) do not make it pass for what was written."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from tests.conftest import Run


def test_an_output_changed_with_its_size_and_time_set_back_is_built_again(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """One byte of cards.pdf flipped and its time set back: the next build said "up to
    date", the sheet still differing from what a --no-cache build makes."""
    build = ("build", "--lang", "en", "--only", "cards")
    assert printgen(demo, *build).code == 0
    sheet = demo / "build" / "demo" / "en" / "cards.pdf"
    written = sheet.read_bytes()
    before = sheet.stat()
    changed = bytearray(written)
    changed[len(changed) // 2] ^= 1
    sheet.write_bytes(bytes(changed))
    os.utime(sheet, ns=(before.st_atime_ns, before.st_mtime_ns))
    run = printgen(demo, *build)
    assert run.code == 0
    assert "nothing changed" not in run.out and "wrote build/demo/en/cards.pdf" in run.out
    assert sheet.read_bytes() == written
    assert "nothing changed" in printgen(demo, *build).out
