"""A drawn block whose closing fence is forgotten mid-file is said once, at its opening fence,
naming the line it swallowed: not as the swallowed lines' own mistakes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

RULES = "cards/demo/rules.en.md"
END = "end the block with a line holding ``` alone right after its own lines"


def _validated(demo: Path, printgen: Callable[..., Any], rules: str) -> str:
    (demo / RULES).write_text(rules, encoding="utf-8")
    result = printgen(demo, "validate", "demo", "--lang", "en")
    assert result.code == 2, result.err
    return str(result.err)


def test_a_card_block_left_open_before_a_heading_is_said_at_its_fence(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # it was "card reference '###' names no card", then 'The', 'fan' … one line a word
    rules = (
        "## Play\n\n```card\nmain/miner\n\n### The fan of the best cards\n\n"
        "```cardfan\nmain/miner main/thief\n```\n"
    )
    assert _validated(demo, printgen, rules) == (
        f"{RULES}:3:1: this ```card block is not closed before line 6 (a heading): that line "
        f"and those before it are read as the block's; {END}\n"
    )


def test_a_diagram_left_open_before_prose_is_said_at_its_fence_not_as_yaml(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    # it was "YAML syntax error: this line has no ':' after its key" at the sentence
    rules = (
        "## Play\n\nText.\n\n  ```diagram\n  grid:\n    - [main/miner]\n\n"
        "  A sentence that follows the diagram.\n\n<!-- pagebreak -->\n\n"
        "## More\n\n```\ncode\n```\n"
    )
    assert _validated(demo, printgen, rules) == (
        f"{RULES}:5:3: this ```diagram block is not closed before line 11 (an HTML comment): "
        f"that line and those before it are read as the block's; {END}\n"
    )


@pytest.mark.parametrize(
    "body",
    [
        "grid:\n  - [main/miner]\n# a note of the designer's\n",  # a YAML comment
        "main/miner\n",
    ],
)
def test_a_closed_block_is_no_open_one(demo: Path, printgen: Callable[..., Any], body: str) -> None:
    kind = "diagram" if "grid" in body else "card"
    (demo / RULES).write_text(f"## Play\n\n```{kind}\n{body}```\n\n## Next\n\nText.\n")
    result = printgen(demo, "validate", "demo", "--lang", "en")
    assert result.code == 0, result.err
