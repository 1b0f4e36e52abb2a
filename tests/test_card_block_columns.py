"""A card block (card, cardrow, cardfan, cardgallery) in a block quote or a list item: a
reference naming no card was said at a column short of the container's '> ' or indent,
where a diagram's is counted (README: columns count them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize(
    ("block", "said"),
    [
        ("> ```cardrow\n> main/miner main/minr\n> ```\n", "4:14"),
        ("- An item.\n\n  ```card\n  main/miner main/minr\n  ```\n", "6:14"),
        ("> ```cardgallery\n> main/miner\n>   main/minr\n> ```\n", "5:5"),
        ("> ```cardfan\n> main/minr\n> ```\n", "4:3"),
    ],
    ids=["quoted cardrow", "card in a list item", "quoted cardgallery", "quoted cardfan"],
)
def test_a_card_block_in_a_quote_or_list_item_says_the_mistake_at_its_column(
    demo: Path, printgen: Callable[..., Any], block: str, said: str
) -> None:
    rules = demo / "cards" / "demo" / "rules.en.md"
    rules.write_text(f"## A\n\n{block}", encoding="utf-8")
    run = printgen(demo, "validate", "demo", "--lang", "en")
    assert run.code == 2, run.err
    assert f"cards/demo/rules.en.md:{said}: card reference 'main/minr' names no card" in run.err, (
        run.err
    )
