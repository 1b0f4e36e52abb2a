"""Output verb "cards": every deck as print-and-cut sheets, one PDF per deck output name
(cards.pdf, tokens.pdf, pawns.pdf …) with a manifest of every physical card face beside it."""

from __future__ import annotations

import io
from typing import Any

from printgen.draw.faces import render_faces
from printgen.draw.pdf import new_canvas
from printgen.draw.sheets import DoesNotFit, Sheet, draw_sheet, impose_deck
from printgen.layout.face import LaidOutDeck
from printgen.options import Duplex, Paper
from printgen.outputs import OutputJob
from printgen.problems import Problems
from printgen.write import json_bytes


def make(job: OutputJob, problems: Problems) -> dict[str, bytes]:
    """File name -> bytes for every deck output of one game in one language."""
    try:
        return card_files(job.decks, job.title, job.author, job.options.paper, job.options.duplex)
    except DoesNotFit as exc:
        problems.add(exc.where, f"{exc}; choose a smaller size")
        return {}


def card_files(
    decks: list[LaidOutDeck], title: str, author: str, paper: Paper, duplex: Duplex
) -> dict[str, bytes]:
    by_output: dict[str, list[LaidOutDeck]] = {}
    for laid in decks:
        by_output.setdefault(laid.deck.output, []).append(laid)
    files: dict[str, bytes] = {}
    for output, group in by_output.items():
        sheets = [sheet for laid in group for sheet in impose_deck(laid, paper.size_mm, duplex)]
        files[f"{output}.pdf"] = _pdf(sheets, f"{title} — {output}", author)
        files[f"{output}.json"] = json_bytes(manifest(sheets, paper.size_mm, duplex))
    return files


def _pdf(sheets: list[Sheet], title: str, author: str) -> bytes:
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title, author, "print-and-cut sheets")
    faces = [p.face for sheet in sheets for p in sheet.placements]
    forms = render_faces(canvas, faces)
    for sheet in sheets:
        draw_sheet(canvas, sheet, forms)
    canvas.save()
    return buffer.getvalue()


def manifest(sheets: list[Sheet], paper: tuple[float, float], duplex: Duplex) -> dict[str, Any]:
    faces = []
    for page, sheet in enumerate(sheets, start=1):
        # a back page always follows its front page, slot for slot
        fronts = sheets[page - 2].placements if sheet.side == "back" else sheet.placements
        for placement, front in zip(sheet.placements, fronts, strict=True):
            face = placement.face
            faces.append(
                {
                    "card": front.face.card,
                    "deck": face.deck,
                    "name": face.name,
                    "side": sheet.side,
                    "page": page,
                    "x_mm": round(placement.x, 3),
                    "y_mm": round(placement.y, 3),
                    "width_mm": round(face.width_mm, 3),
                    "height_mm": round(face.height_mm, 3),
                }
            )
    first = sheets[0].grid if sheets else None
    page_size = [round(first.paper_w, 3), round(first.paper_h, 3)] if first else list(paper)
    return {"page_mm": page_size, "duplex": str(duplex), "faces": faces}
