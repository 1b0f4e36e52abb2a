"""What a prose file's mistakes are called: the message names the mistake the designer made,
at its line, however long the text it quotes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

RULES = "cards/demo/rules.en.md"


def _validated(demo: Path, printgen: Callable[..., Any], rules: str) -> str:
    """What validate says, failing, of the starter game's English rules written as ``rules``."""
    (demo / RULES).write_text(rules, encoding="utf-8")
    result = printgen(demo, "validate", "demo", "--lang", "en")
    assert result.code == 2, result.err
    assert len(result.err.splitlines()) == 1, result.err
    return str(result.err)


def test_prose_longer_than_a_template_prints_is_said_where_its_text_passes_the_limit(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # it was told to make its loops print less, at its last {{ }} (line 2), with no loop
    head = "## Play\n\nYou have {{ data.hand }} cards.\n\n"
    err = _validated(demo, printgen, head + "word " * 205_000 + "\n")
    # the 1,000,001st character of its own text: the {{ }} above is none of it
    column = 1_000_000 - (len(head) - len("{{ data.hand }}")) + 1
    assert err.startswith(f"{RULES}:5:{column}: the file's own text passes 1,000,000 characters")
    assert "loops" not in err


def test_a_code_block_of_a_long_fence_never_closed_is_said_with_its_words(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # the 100,000 backticks were all the message held once shortened: "this ````…(196,350
    # characters left out)…```` alone"
    err = _validated(demo, printgen, "## Play\n\n" + "`" * 100_000 + "\ncode\n")
    assert err == (
        f"{RULES}:3:1: this ```…``` (100,000 `) code block is never closed: the rest of the "
        "file, and what printgen adds after it, would print as code; end the block with a "
        "line holding as many ` or more alone\n"
    )


def test_a_character_reference_to_no_character_is_said_as_such(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # it was "character '\ufffd' is not in the document font": what Markdown prints for it
    err = _validated(demo, printgen, "## Play\n\nRoll &#xD800; twice.\n")
    assert err == (
        f"{RULES}:3:6: '&#xD800;' names no character (U+D800 is a surrogate, half of a pair "
        "UTF-16 writes one character with), and prints as '\ufffd'; write the character "
        "itself, or the number of the one meant\n"
    )
