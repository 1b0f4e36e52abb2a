"""A pipe table Markdown reads as text — right under a list item, with no |---| line, with a
mistyped one, rows a blank line parted from it — printed its raw "| … |---|" without a word: now
a warning at its line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

RULES = "cards/demo/rules.en.md"
HEAD = "## Play\n\n"
TABLE = "| Card | Cost |\n|---|---:|\n| Miner | 1 |\n"


def _warned(demo: Path, printgen: Callable[..., Any], rules: str) -> list[str]:
    """What validate warns of the starter game's English rules written as ``rules``."""
    (demo / RULES).write_text(rules, encoding="utf-8")
    result = printgen(demo, "validate", "demo", "--lang", "en")
    assert result.code == 0, result.err
    return [line for line in result.err.splitlines() if line.startswith(RULES)]


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        (
            # the usual loop: its last item runs on into the table
            "{% for n in [1, 2] %}- item {{ n }}\n{% endfor %}\n" + TABLE,
            "5:1: warning: this table is read as part of the list item above it and prints "
            "as text; leave a blank line before the table",
        ),
        (
            "> A note.\n" + TABLE,
            "4:1: warning: this table is read as part of the quote above it and prints as "
            "text; leave a blank line before the table",
        ),
        (
            "| Card | Cost |\n| Miner | 1 |\n",
            "3:1: warning: this table has no |---| line under its header row and prints as "
            "text; add one under it: `|---|---|`",
        ),
        (
            "| Card | Cost |\n|---|--- |x\n| Miner | 1 |\n",
            "4:11: warning: this line under the table's header is not a |---| line Markdown "
            "reads (only |, -, : and spaces), so the table prints as text; write it as "
            "`|---|---|` (a : at a column's end aligns it)",
        ),
        (
            # rows a blank line parted from their table: one warning, at the first
            TABLE + "\n| Thief | 2 |\n\n| Crown | 3 |\n",
            "7:1: warning: this table row is apart from the table above by a blank line, so it "
            "prints as text (its | and all); remove the blank lines between a table's rows",
        ),
    ],
)
def test_a_table_printed_as_text_is_warned_of_at_its_line(
    demo: Path, printgen: Callable[..., Any], rules: str, said: str
) -> None:
    assert _warned(demo, printgen, HEAD + rules) == [f"{RULES}:{said}"]


@pytest.mark.parametrize(
    "rules",
    [
        "- item\n\n" + TABLE,  # a blank line before it
        "Costs:\n" + TABLE,  # a table may follow a paragraph's line
        "- item\n\n  " + TABLE.replace("\n|", "\n  |"),  # a table in the item
        "The score is |a - b| | or |c|.\n|x| is its size.\n",  # pipes in a sentence
        TABLE + "\nThe | is a pipe.\n\n## Next\n\n" + TABLE,  # prose, then a heading
    ],
)
def test_a_table_markdown_reads_and_pipes_in_text_are_no_warning(
    demo: Path, printgen: Callable[..., Any], rules: str
) -> None:
    assert _warned(demo, printgen, HEAD + rules) == []
