"""Tabletop Simulator draws every custom card on one poker-shaped mesh: a deck of another shape is
scaled across and along apart, a landscape deck lies sideways, a round token stays round."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from typing import Any

import pytest

from printgen.project import Project
from printgen.starter import new_game

GAME = "shapes"
SIZES = {"tall": "tarot", "wide": "{width: 120mm, height: 70mm}"}  # tarot: 70 × 120 mm
TOKEN = """\
name: token
size: {width: 30mm, height: 30mm}
shape: circle
layout: token
fields: {name: text}
cards:
  - {id: gold, count: 3, name: Gold}
"""
TOKEN_LAYOUT = """\
token:
  elements:
    disc: {type: ellipse, x: 0, y: 0, w: 30, h: 30, fill: "#d4a017", bleed: true}
    name: {type: text, x: 8, y: 12, w: 14, h: 6, text: "{{ card.name }}", size: 8}
oval:
  elements:
    disc: {type: ellipse, x: 0, y: 0, w: 30, h: 20, fill: "#d4a017", bleed: true}
    name: {type: text, x: 9, y: 7, w: 12, h: 6, text: "{{ card.name }}", size: 7}
"""


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """The saved object of a game with a poker, a tarot, a landscape and a round deck, by deck
    name."""
    from printgen.cli.commands import main

    root = tmp_path_factory.mktemp("tts-shapes")
    new_game(Project.at(root), GAME, ["en"])
    game = root / "cards" / GAME
    starter = (game / "decks" / "main.yaml").read_text(encoding="utf-8")
    for name, size in SIZES.items():
        text = re.sub(r"(?m)^size: .*$", f"size: {size}", starter)
        text = re.sub(r"(?m)^name: .*$", f'name: "{name}"', text)
        (game / "decks" / f"{name}.yaml").write_text(text, encoding="utf-8")
    (game / "decks" / "token.yaml").write_text(TOKEN, encoding="utf-8")
    oval = TOKEN.replace("token", "oval").replace("height: 30mm", "height: 20mm")
    (game / "decks" / "oval.yaml").write_text(oval, encoding="utf-8")
    (game / "layouts" / "token.yaml").write_text(TOKEN_LAYOUT, encoding="utf-8")
    args = ["--project", str(root), "build", "--only", "cards", "--format", "tts", "--dpi", "72"]
    assert main(args) == 0
    data = json.loads(
        (game.parent.parent / "build" / GAME / "en" / "tts" / f"{GAME}.en.json").read_text()
    )
    return {deck["Nickname"]: deck for deck in data["ObjectStates"]}


def _scales(deck: dict[str, Any]) -> tuple[float, float]:
    transform = deck["Transform"]
    return transform["scaleX"], transform["scaleZ"]


def test_a_tarot_deck_is_taller_not_only_wider(saved: dict[str, dict[str, Any]]) -> None:
    across, along = _scales(saved["tall"])
    # on the 63 × 88 mm mesh: 70 mm across and 120 mm along, each its own stretch
    assert (round(63 * across, 1), round(88 * along, 1)) == (70.0, 120.0)
    assert saved["tall"]["SidewaysCard"] is False


def test_a_landscape_deck_lies_sideways_at_its_own_size(
    saved: dict[str, dict[str, Any]],
) -> None:
    deck = saved["wide"]
    assert deck["SidewaysCard"] is True
    assert all(card["SidewaysCard"] is True for card in deck["ContainedObjects"])
    # the mesh's short side takes the card's short side (70 mm), its long side the long one
    # (120 mm): turned, that long side lies across the table
    across, along = _scales(deck)
    assert (round(63 * across, 1), round(88 * along, 1)) == (70.0, 120.0)


def test_a_round_token_keeps_one_scale(saved: dict[str, dict[str, Any]]) -> None:
    across, along = _scales(saved["token"])
    assert across == along and round(63 * across, 1) == 30.0
    assert saved["token"]["SidewaysCard"] is False


def test_an_oval_token_is_an_oval_of_its_own_size(saved: dict[str, dict[str, Any]]) -> None:
    # a 30 × 20 mm token (shape: circle, cut as an oval) was a 30 mm disc, its art squashed
    across, along = _scales(saved["oval"])
    assert (round(63 * across, 1), round(63 * along, 1)) == (30.0, 20.0)
    assert saved["oval"]["SidewaysCard"] is False


def test_a_poker_deck_is_the_mesh_itself(saved: dict[str, dict[str, Any]]) -> None:
    assert _scales(saved["Deck"]) == (1.0, 1.0) and saved["Deck"]["SidewaysCard"] is False


def test_every_card_of_a_deck_has_the_decks_scale(saved: dict[str, dict[str, Any]]) -> None:
    for deck in saved.values():
        for card in deck["ContainedObjects"]:
            assert _scales(card) == _scales(deck)


def test_decks_wider_than_a_poker_card_do_not_lie_over_their_neighbours(
    saved: dict[str, dict[str, Any]],
) -> None:
    """Every deck was placed 3 units from the last, the width of a poker deck and a gap: a
    landscape deck (120 mm across the table) lay over both its neighbours. Neighbours keep at
    least the poker decks' room, in proportion to how wide each lies."""

    def across_mm(deck: dict[str, Any]) -> float:
        scale_x, scale_z = _scales(deck)
        return 88 * scale_z if deck["SidewaysCard"] else 63 * scale_x

    row = sorted(saved.values(), key=lambda deck: deck["Transform"]["posX"])
    assert row[0]["Transform"]["posX"] == 0.0
    for left, right in pairwise(row):
        apart = right["Transform"]["posX"] - left["Transform"]["posX"]
        room = 3.0 * (max(63, across_mm(left)) + max(63, across_mm(right))) / (2 * 63)
        assert apart >= room - 1e-3, (left["Nickname"], right["Nickname"], apart, room)
    assert any(across_mm(deck) == pytest.approx(120, abs=0.1) for deck in row)  # the wide one
