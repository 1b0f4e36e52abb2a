"""Defects found by looking at the bundled games' printed pages, held by reading the PDFs back:
what a designer handing out the cards, rulebook and aid would see."""

from __future__ import annotations

from itertools import pairwise
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


def _narrow_word_spaces(pdf_path: Path) -> list[str]:
    """Word spaces where the font changes (a bold lead-in, then regular text) narrower than a
    quarter of an em, on upright text of at least 6 pt: the space a bold run's own wider spaces
    ate. Glyphs that touch (a bold word and its colon) are no word space."""
    narrow = []
    with pdfplumber.open(pdf_path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            chars = [
                c for c in page.chars if c["text"] != " " and c["matrix"][1] == 0 and c["size"] >= 6
            ]
            chars.sort(key=lambda c: (-round(c["matrix"][5], 1), c["x0"]))
            for a, b in pairwise(chars):
                same_line = abs(a["matrix"][5] - b["matrix"][5]) < 0.05
                gap = b["x0"] - a["x1"]
                word_space = 0.03 * a["size"] < gap < 0.25 * a["size"]
                if same_line and a["fontname"] != b["fontname"] and word_space:
                    narrow.append(f"page {number}: {a['text']}|{b['text']} {gap:.2f} pt")
    return narrow


def test_a_bold_run_leaves_the_word_space_after_it(bundled_build: Path) -> None:
    """'**Prendere un edificio o una macchina** fra i 5 scoperti' printed 'macchina fra' with
    half a space: the bold words' spaces are wider than the regular ones the line was laid out
    with. Every aid, and the credits of a rulebook ('**Bitstream Vera Sans** — …')."""
    pdfs = sorted(bundled_build.glob("*/*/player-aid.pdf"))
    pdfs += sorted(bundled_build.glob("warriors-and-monks/*/rulebook.pdf"))
    assert len(pdfs) == 14
    narrow = {str(p.relative_to(bundled_build)): _narrow_word_spaces(p) for p in pdfs}
    assert not {name: spaces for name, spaces in narrow.items() if spaces}
