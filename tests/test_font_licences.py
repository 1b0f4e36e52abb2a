"""A project font's licence file, whose copyright line the rulebook's credits print: what is
wrong in it is said at the file, once, and a file that is no text is a warning there."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import reportlab

from tests.conftest import Run

GAME = "demo"
VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
LICENCE = "fonts/Brush-OFL.txt"


def _with_font(root: Path) -> Path:
    """fonts/Brush.ttf, the cards' body set in it; its licence file's path (not yet written)."""
    (root / "fonts").mkdir()
    shutil.copyfile(VERA, root / "fonts" / "Brush.ttf")
    layouts = root / "cards" / GAME / "layouts" / f"{GAME}.yaml"
    text = layouts.read_text(encoding="utf-8")
    styles = "  styles:\n    body: {font: Brush}\n  elements:\n"
    layouts.write_text(text.replace("  elements:\n", styles, 1), encoding="utf-8")
    return root / LICENCE


def _errors(run: Run) -> list[str]:
    return [line for line in run.err.splitlines() if "bold face" not in line]


def test_characters_the_document_font_lacks_are_said_at_the_licence(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    _with_font(demo).write_text(
        "Copyright 2024 \U0001f3b2 Someone \u202e evil\nSIL Open Font License\n", encoding="utf-8"
    )
    run = printgen(demo, "validate")
    assert run.code == 2
    assert _errors(run) == [
        f"{LICENCE}:1:16: the copyright line has characters the document font (Vera) lacks: "
        "'\U0001f3b2', U+202E (right-to-left override); the rulebook's credits print it, each "
        "as an empty box: write them another way"
    ]


def test_a_word_wider_than_the_column_is_said_at_the_licence(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    _with_font(demo).write_text(
        "Copyright " + "x" * 100_000 + "\nSIL Open Font License\n", encoding="utf-8"
    )
    run = printgen(demo, "validate")
    assert run.code == 2
    assert _errors(run) == [
        f"{LICENCE}:1:11: the copyright line has a word over 40 characters long "
        "('xxxxxxxxxxxxxxxxxxxx…'), wider than the rulebook's column where the credits print "
        "it; shorten it or break it with spaces"
    ]


def test_a_licence_of_binary_data_or_a_pipe_is_a_warning_at_it(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    licence = _with_font(demo)
    licence.write_bytes(bytes(range(256)) * 20)
    run = printgen(demo, "validate")
    assert run.code == 0, run.err
    assert _errors(run) == [
        f"{LICENCE}:1:1: warning: font licence file holds binary data, not text; save the "
        "licence there as text (the credits print font 'Brush' without its notice)"
    ]
    licence.unlink()
    os.mkfifo(licence)
    run = printgen(demo, "validate")
    assert run.code == 0, run.err
    assert _errors(run) == [
        f"{LICENCE}:1:1: warning: {LICENCE} is not a regular file (a pipe or a device); use an "
        "ordinary file (the credits print font 'Brush' without its notice)"
    ]
