"""A '**' or '*' never ended in the prose printed its stars without a word, where a card's text
is warned of: the prose is now warned of alike, at the star's line and column."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

RULES = "cards/demo/rules.en.md"
BOLD = (
    "'**' starts bold text that is never ended: it prints as two stars; end the bold text "
    "with another '**' (or write \\* for a star)"
)
ITALIC = (
    "'*' starts italic text that is never ended: it prints as a star; end the italic text "
    "with another '*' (or write \\* for a star)"
)


def _warned(demo: Path, printgen: Callable[..., Any], rules: str) -> list[str]:
    (demo / RULES).write_text("## Play\n\n" + rules, encoding="utf-8")
    result = printgen(demo, "validate", "demo", "--lang", "en")
    assert result.code == 0, result.err
    return [line for line in result.err.splitlines() if line.startswith(RULES)]


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("1. **Draw one card.\n2. Play one.\n", f"3:4: warning: {BOLD}"),
        ("Text.\n\nShe has *no :coin: left.\n", f"5:9: warning: {ITALIC}"),
        ("> **Example.** You have *{{ data.hand }} cards.\n", f"3:25: warning: {ITALIC}"),
    ],
)
def test_a_star_never_ended_in_the_prose_is_warned_of_at_its_column(
    demo: Path, printgen: Callable[..., Any], rules: str, said: str
) -> None:
    assert _warned(demo, printgen, rules) == [f"{RULES}:{said}"]


@pytest.mark.parametrize(
    "rules",
    [
        "* a list item\n* **bold** and *italic*\n",
        "Score 3 * 4, or 2*3, or 5 *.\n",
        "A star written \\*so, `*code`, <https://example.com/*a>.\n",
        "***Both*** and **bold *inside* it**.\n",
    ],
)
def test_a_star_that_is_a_sign_or_paired_is_no_warning(
    demo: Path, printgen: Callable[..., Any], rules: str
) -> None:
    assert _warned(demo, printgen, rules) == []
