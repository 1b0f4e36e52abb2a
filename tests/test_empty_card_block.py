"""A card block the prose leaves empty (a ```card or ```cardrow fence opened and closed with no
card named, the cards meant to be filled in later) drew nothing without a word."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

SAID = (
    "warning: this block names no card, so it draws none; write the cards it shows in it as "
    "deck/card ('main/miner'), or delete the block"
)


@pytest.mark.parametrize(
    ("block", "at"),
    [
        ("```card\n```\n", "3:1"),
        ("```cardrow\n\n```\n", "3:1"),
        ("> ```cardgallery\n> ```\n", "3:3"),
    ],
    ids=["card", "cardrow with a blank line", "quoted cardgallery"],
)
def test_an_empty_card_block_is_a_warning_at_its_fence(
    demo: Path, printgen: Callable[..., Any], block: str, at: str
) -> None:
    rules = demo / "cards" / "demo" / "rules.en.md"
    rules.write_text(f"## A\n\n{block}", encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 0, run.err
    assert run.err.splitlines() == [f"cards/demo/rules.en.md:{at}: {SAID}"], run.err


def test_a_block_naming_its_cards_says_nothing(demo: Path, printgen: Callable[..., Any]) -> None:
    rules = demo / "cards" / "demo" / "rules.en.md"
    rules.write_text("## A\n\n```card\nmain/miner\n```\n", encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert (run.code, run.err) == (0, ""), run.err
