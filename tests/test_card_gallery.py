"""A card gallery of cards and tokens: each layout's sample drawn large enough to read."""

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
  fields: {name: "?"}
fields:
  name: text
cards:
  - {id: oil, count: 20, name: {en: "Oil", it: "Olio"}}
"""
TOKEN_LAYOUT = """
demo-token:
  styles:
    name: {font: Vera, bold: true, size: 6.5, min_size: 6, align: center, valign: middle}
  elements:
    disc: {type: rect, bleed: true, fill: "#e3b53c"}
    name: {type: text, x: 5, y: 9, w: 12, h: 4, style: name, text: "{{ card.name }}"}
"""


def test_a_gallery_of_cards_and_tokens_draws_each_sample_large_enough_to_read(
    demo: Path, printgen: Callable[..., Any]
) -> None:
    """At the cards' one scale a round token's sample printed at 4.9 pt, and the build refused
    its own drawing at the rules' 1:1."""
    game = demo / "cards" / "demo"
    (game / "decks" / "tokens.yaml").write_text(TOKENS)
    layouts = game / "layouts" / "demo.yaml"
    layouts.write_text(layouts.read_text() + TOKEN_LAYOUT)
    rules = "## Pieces\n\n```cardgallery\nmain/miner tokens/oil\n```\n"
    (game / "rules.en.md").write_text(rules)
    result = printgen(demo, "build", "demo", "--lang", "en", "--only", "rulebook")
    assert result.code == 0, result.err
    with pdfplumber.open(demo / "build" / "demo" / "en" / "rulebook.pdf") as pdf:
        page = next(p for p in pdf.pages[1:] if "\nPieces\n" in f"\n{p.extract_text()}\n")
        lines = page.extract_text_lines()
        top = next(line["bottom"] for line in lines if line["text"] == "Pieces")
        names = next(line for line in lines if "Oil × 20" in line["text"])
        # the samples: between the heading and the names (the card reference follows)
        sizes = [float(c["size"]) for c in page.chars if top < c["top"] < names["top"]]
    assert "Miner × 6" in names["text"]  # both cards listed
    assert sizes and min(sizes) >= 6 - 0.01
