"""printgen simulate --debug, what it shows of a failing engine and lets it write: a deep
stack bounded, an exception group headed as any exception, the streams' bytes and file
descriptor (the prints themselves: test_simulate_debug.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_simulate_debug import ENGINE, GAME, HEAD, PLAY, Printgen, tiny_game
from tests.test_simulate_debug import _engine as engine
from tests.test_simulate_debug import _line_of as line_of


@pytest.fixture
def table(tmp_path: Path) -> Path:
    return tiny_game(tmp_path)


def _failing(root: Path, printgen: Printgen, defined: str, called: str) -> list[str]:
    """The lines --debug shows when play() runs ``called`` first (``defined`` above it),
    from the traceback's header to printgen's one line."""
    engine(root, HEAD + defined + PLAY.replace("    rolled =", f"    {called}\n    rolled ="))
    run = printgen(root, "simulate", GAME, "--debug")
    assert run.code == 2, run.err
    return run.err[run.err.index("Traceback") :].splitlines()


def _frame(root: Path, text: str, function: str) -> list[str]:
    return [f'  File "{ENGINE}", line {line_of(root, text)}, in {function}', f"    {text}"]


def test_a_mutual_recursion_is_folded_as_a_cycle_of_frames(table: Path, printgen: Printgen) -> None:
    """f calling g calling f printed some 2,000 lines: only a frame repeated in a row was
    folded."""
    defined = "def f(n):\n    return g(n + 1)\n\n\ndef g(n):\n    return f(n + 1)\n\n\n"
    said = _failing(table, printgen, defined, "f(0)")
    cycle = _frame(table, "return g(n + 1)", "f") + _frame(table, "return f(n + 1)", "g")
    assert said[1:3] == _frame(table, "f(0)", "play")
    assert said[3:15] == cycle * 3
    assert re.fullmatch(r"  \[Previous 2 frames repeated \d{3} more times\]", said[15]), said
    assert "play() failed: RecursionError: " in said[-1]
    assert len(said) <= 19, said  # and at most a last frame, of a turn of the cycle begun


def test_a_deep_stack_of_no_cycle_shows_its_first_and_last_ten_frames(
    table: Path, printgen: Printgen
) -> None:
    """A recursion taking one line or the other as the bits of n say (no cycle repeats: the
    Thue-Morse sequence) printed every one of its ~1,000 frames."""
    defined = (
        "def walk(n):\n"
        "    if bin(n).count('1') % 2:\n"
        "        return walk(n + 1)  # odd\n"
        "    return walk(n + 1)  # even\n\n\n"
    )
    said = _failing(table, printgen, defined, "walk(0)")
    files = [n for n, line in enumerate(said) if line.startswith("  File ")]
    gap = [n for n, line in enumerate(said) if re.fullmatch(r"  … [\d,]{3,} more frames …", line)]
    assert len(files) == 20 and len(gap) == 1, said
    assert files[9] < gap[0] < files[10], said
    assert said[1:3] == _frame(table, "walk(0)", "play")  # where it started
    innermost = said[files[-1]].partition(", line ")[2].partition(",")[0]
    assert said[-1].startswith(f"{ENGINE}:{innermost}:1: play() failed: RecursionError")
    assert len(said) == 1 + 2 * 20 + 1 + 1, said


def test_an_exception_group_is_headed_and_trimmed_as_any_exception(
    table: Path, printgen: Printgen
) -> None:
    """An ExceptionGroup was headed 'Exception Group Traceback', its own line kept above its
    exceptions and said again by printgen's one line, its box's closing border cut."""
    raised = "raise ExceptionGroup('many', [ValueError('a'), KeyError('b')])"
    said = _failing(table, printgen, "", raised)
    line = line_of(table, raised)
    assert said == [
        f"Traceback of {ENGINE} (most recent call last):",
        *_frame(table, raised, "play"),
        "  +-+---------------- 1 ----------------",
        "    | ValueError: a",
        "    +---------------- 2 ----------------",
        "    | KeyError: 'b'",
        "    +------------------------------------",
        f"{ENGINE}:{line}:1: play() failed: ExceptionGroup: many (2 sub-exceptions) "
        "(game 1, --seed 1)",
    ]


def test_bytes_written_to_the_streams_buffer_are_shown(table: Path, printgen: Printgen) -> None:
    """sys.stdout.buffer failed with "'Shown' object has no attribute 'buffer'" ('Printed'
    without --debug), naming a class of printgen's. The bytes are shown as text, a character
    split between writes whole."""
    written = (
        "    sys.stdout.buffer.write('é'.encode()[:1])\n"
        "    sys.stdout.buffer.write('é'.encode()[1:] + b' bytes\\n')\n"
    )
    engine(table, HEAD + PLAY.replace("    rolled =", written + "    rolled ="))
    run = printgen(table, "simulate", GAME, "--debug")
    assert run.code == 0, run.err
    assert "é bytes" in run.err.splitlines(), run.err
    plain = printgen(table, "simulate", GAME, "-n", "2")  # prints as any other: left out
    assert plain.code == 0 and "bytes" not in plain.err, plain.err
    assert "play() prints (print, sys.stdout or sys.stderr)" in plain.err, plain.err


def test_a_streams_file_descriptor_is_refused_at_the_engines_line(
    table: Path, printgen: Printgen
) -> None:
    engine(table, HEAD + PLAY.replace("    rolled =", "    sys.stdout.fileno()\n    rolled ="))
    run = printgen(table, "simulate", GAME, "--debug")
    assert run.code == 2, run.err
    assert run.err.splitlines()[-1] == (
        f"{ENGINE}:{line_of(table, 'fileno')}:1: play() failed: UnsupportedOperation: "
        "sys.stdout under simulate --debug is printgen's text stream, with no file descriptor: "
        "print() to it, or write bytes to sys.stdout.buffer (game 1, --seed 1)"
    )
    assert "Shown" not in run.err
    # without --debug, said alike (it was io's bare "UnsupportedOperation: fileno")
    plain = printgen(table, "simulate", GAME, "-n", "2")
    assert plain.code == 2, plain.err
    assert plain.err.splitlines()[-1] == (
        f"{ENGINE}:{line_of(table, 'fileno')}:1: play() failed: UnsupportedOperation: "
        "sys.stdout and sys.stderr while simulate plays are printgen's text streams, with no "
        "file descriptor: print() to them, or write bytes to sys.stdout.buffer (game 1, --seed 1)"
    )


def test_games_shorter_than_a_round_say_no_rounds(table: Path, printgen: Printgen) -> None:
    """Duels of one turn each: "A game lasts 1 turn at the median (about 0 rounds of 2
    players)" — no rounds to speak of are said at all."""
    engine(table, HEAD + PLAY.replace("GameRecord(True, 2,", "GameRecord(True, 1,"))
    run = printgen(table, "simulate", GAME, "-n", "20")
    assert run.code == 0, run.err
    assert "A game lasts 1 turn at the median;" in run.out, run.out
    assert "round" not in run.out, run.out
