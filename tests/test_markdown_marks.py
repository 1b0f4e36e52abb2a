"""Running text that would keep Markdown's parser busy for minutes is refused before it is
parsed, at its line in the prose as written (the time each takes is bounded in
tests/hostile_cases.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

RULES = "cards/demo/rules.en.md"


def _said(demo: Path, printgen: Callable[..., Any], appended: str) -> tuple[int, str]:
    """What validate says of the starter game's English rules with ``appended`` as their last
    lines: its exit status and stderr; and the line the first appended one is."""
    rules = demo / RULES
    before = rules.read_text(encoding="utf-8")
    rules.write_text(before + appended, encoding="utf-8")
    result = printgen(demo, "validate", "demo", "--lang", "en")
    return result.code, result.err


def _line(demo: Path, text: str) -> int:
    lines = (demo / RULES).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def test_brackets_never_closed_are_said_at_their_line(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    code, err = _said(demo, printgen, "\nSee [the cards " + "[" * 1_500 + "\n")
    line = _line(demo, "See [the cards")
    assert code == 2, err
    assert err.startswith(f"{RULES}:{line}:5: this '[' is one of over 1,000 that no ']' closes")
    assert "write a '[' meant as text as \\[, or close it with ']'" in err
    assert len(err.splitlines()) == 1, err


def test_brackets_nested_in_brackets_count_though_every_one_closes(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # 16,000 of these took 32 s: markdown-it looks ahead again for each '[' inside
    code, err = _said(demo, printgen, "\n" + ("[" * 30 + "]" * 30 + " ") * 40 + "\n")
    line = _line(demo, "[[[[")
    assert code == 2, err
    assert err.startswith(f"{RULES}:{line}:2: this '[' is one of over 1,000"), err


def test_brackets_a_loop_prints_are_said_at_its_line(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    code, err = _said(demo, printgen, "\nOpen {{ '[' * 2000 }} here.\n")
    line = _line(demo, "Open {{")
    assert code == 2, err
    assert err.startswith(f"{RULES}:{line}:1: this '[' is one of over 1,000"), err
    assert "(in what its {{ }} and loops print)" in err


def test_brackets_written_as_text_or_closed_are_no_problem(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    escaped = "\\[ " * 5_000  # a '[' meant as text
    closed = "[a] " * 1_500  # closed, none inside another: read at once
    fenced = "```\n" + "[ " * 5_000 + "\n```\n"  # a code block's text is never parsed inline
    code, err = _said(demo, printgen, f"\n{escaped}\n\n{closed}\n\n{fenced}")
    assert code == 0, err


def test_more_marks_than_a_rulebook_needs_are_said_at_the_first_past_the_limit(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # 220,000 of these built in 9 s and 730 MB
    (demo / RULES).write_text("## Play\n\nWords.\n\n" + "*a* " * 30_000 + "\n")
    result = printgen(demo, "validate", "demo", "--lang", "en")
    assert result.code == 2, result.err
    # the 50,001st mark opens the 25,001st span: the 25,000 before it hold 4 characters each
    said = f"{RULES}:5:100001: this '*' is past 50,000 Markdown marks (* _ ` [ ] < & \\) "
    assert result.err.startswith(said), result.err
    assert "put text whose marks print as written in a code block (```)" in result.err
