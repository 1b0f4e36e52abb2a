"""A deck whose one 'layout' is its back's: its fronts have none, said at 'back' with the
layout to write. It was "'layout' is indented under 'back', so deck 'main' does not have it;
unindent it", and following that took the back's layout away."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

DECK = "cards/demo/decks/main.yaml"
FRONT = "layout: demo-card  # in layouts/demo.yaml, built on printgen's card-base\n"
BLOCK = "back:\n  layout: demo-back  # printgen's plain back-base, the game's title in its middle"
SAID = "deck 'main' has no layout for its cards' fronts (the 'layout' under 'back' is its backs'): "


@pytest.mark.parametrize("back", [BLOCK, "back: {layout: demo-back}"])
def test_a_deck_with_only_its_backs_layout_is_told_the_one_to_add(
    demo: Path, printgen: Callable[..., Run], back: str
) -> None:
    deck = demo / DECK
    source = deck.read_text(encoding="utf-8")
    deck.write_text(source.replace(FRONT, "").replace(BLOCK, back), encoding="utf-8")
    run = printgen(demo, "validate")
    assert run.code == 2
    fix = "add the line 'layout: demo-card' above 'back'"
    assert run.err.splitlines() == [f"{DECK}:5:1: {SAID}{fix}"], run.err


def test_the_games_layouts_are_named_when_they_are_few(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    deck = demo / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace(FRONT, ""), encoding="utf-8")
    with (demo / "cards/demo/layouts/demo.yaml").open("a", encoding="utf-8") as layouts:
        layouts.write("\ndemo-big:\n  extends: demo-card\n")
    run = printgen(demo, "validate")
    assert run.code == 2
    fix = "add a line 'layout: …' above 'back', naming one of demo-big, demo-card"
    assert run.err.splitlines() == [f"{DECK}:5:1: {SAID}{fix}"], run.err


def test_a_misspelt_layout_is_said_as_such_alone(demo: Path, printgen: Callable[..., Run]) -> None:
    deck = demo / DECK
    deck.write_text(deck.read_text(encoding="utf-8").replace("layout:", "layuot:", 1))
    run = printgen(demo, "validate")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"{DECK}:5:1: unknown key 'layuot' in deck 'main'; did you mean 'layout'?"
    ], run.err
