"""game.yaml's icon_colors reach the aid's quick reference ("Cards at a glance"), as they
reach its legend and every inline icon."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber

TOKENS = """name: {en: "Tokens", it: "Segnalini"}
size: {width: 22mm, height: 22mm}
shape: circle
output: tokens
layout: demo-token
back:
  layout: demo-token
  fields: {name: "?", icon: heart}
fields:
  name: text
  icon: icon
  summary: text
cards:
  - {id: wound, count: 10, name: {en: "Wound", it: "Ferita"}, icon: heart,
     summary: {en: "Lose 1 coin.", it: "Perdi 1 moneta."}}
"""
TOKEN_LAYOUT = """
demo-token:
  elements:
    disc: {type: rect, bleed: true, fill: "#f7dede"}
    pic: {type: icon, x: 7, y: 7, w: 8, h: 8, name: "{{ card.icon }}"}
"""
RED = (0xC1 / 255, 0x12 / 255, 0x1F / 255)


def test_an_icon_colour_of_game_yaml_reaches_the_aids_cards_at_a_glance(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    game = demo / "cards" / "demo"
    (game / "decks" / "tokens.yaml").write_text(TOKENS)
    layouts = game / "layouts" / "demo.yaml"
    layouts.write_text(layouts.read_text() + TOKEN_LAYOUT)
    yaml_text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(yaml_text + '\nicon_colors: {heart: "#c1121f"}\n')
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "player-aid")
    assert result.code == 0, result.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "player-aid.pdf") as pdf:
        page = pdf.pages[0]
        wound = next(w for w in page.extract_words() if w["text"] == "Wound")
        icons = [
            shape
            for shape in page.curves + page.rects
            if shape["x1"] <= wound["x0"] and shape["top"] <= wound["bottom"] + 4
            if shape["bottom"] >= wound["top"] - 4 and shape["x0"] > wound["x0"] - 40
        ]
    assert icons
    for shape in icons:  # the heart before the token's name, red as game.yaml says
        fill = shape["non_stroking_color"]
        assert fill is not None and all(abs(a - b) < 0.01 for a, b in zip(fill, RED, strict=True))
