"""Defects found by looking at the bundled games' printed pages, held by reading the PDFs back:
what a designer handing out the cards, rulebook and aid would see."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.conftest import MM, manifest

INNER_FRAME_MM = (6.0, 57.0)  # the symbol deck back's inner frame, left and right, on the card
CLEARANCE_MM = 1.0  # text closer to a frame line than this reads as touching it


def test_symbol_deck_back_title_stays_inside_its_frame(bundled_build: Path) -> None:
    """The Italian title, "Mazzo dei simboli", is the longest: it ran over the inner frame's
    line on both sides of every back."""
    for lang in ("it", "en"):
        folder = bundled_build / "mazzo-dei-simboli" / lang
        backs = [f for f in manifest(folder / "cards.json")["faces"] if f["side"] == "back"]
        assert backs
        with pdfplumber.open(folder / "cards.pdf") as pdf:
            for face in backs:
                page = pdf.pages[int(face["page"]) - 1]
                left = face["x_mm"] * MM
                top = page.height - (face["y_mm"] + face["height_mm"]) * MM
                box = (left, top, left + face["width_mm"] * MM, top + face["height_mm"] * MM)
                chars = page.within_bbox(box).chars
                assert chars, f"{lang}: no text on the back at page {face['page']}"
                inner_left = left + (INNER_FRAME_MM[0] + CLEARANCE_MM) * MM
                inner_right = left + (INNER_FRAME_MM[1] - CLEARANCE_MM) * MM
                outside = [
                    c["text"] for c in chars if c["x0"] < inner_left or c["x1"] > inner_right
                ]
                assert not outside, f"{lang}: {''.join(outside)!r} crosses the back's inner frame"
