"""Saddle-stitch imposition: a rulebook laid out on half sheets, two pages to a side.

Pages are padded with blanks to a multiple of four. Sheet k (from 0) of n/4 carries, on its
front, pages n-2k | 2k+1 and, on its back, 2k+2 | n-2k-1 (1-based): folded and nested, the
sheets read in order. Print it double-sided, flipping on the short edge.
"""

from __future__ import annotations

import io
from dataclasses import replace

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import NameObject, TextStringObject

from printgen.model.units import pt
from printgen.options import Paper
from printgen.problems import Problem


def folding_order(pages: int) -> list[tuple[int | None, int | None]]:
    """The (left, right) page numbers (1-based, None for a blank) of every side in print
    order: sheet 1 front, sheet 1 back, sheet 2 front, …"""
    total = -(-pages // 4) * 4

    def page(number: int) -> int | None:
        return number if number <= pages else None

    sides: list[tuple[int | None, int | None]] = []
    for k in range(total // 4):
        sides.append((page(total - 2 * k), page(2 * k + 1)))
        sides.append((page(2 * k + 2), page(total - 2 * k - 1)))
    return sides


def impose(data: bytes, sheet_mm: tuple[float, float]) -> bytes:
    """The half-sheet PDF ``data`` imposed on landscape sheets of ``sheet_mm`` (width, height)."""
    reader = PdfReader(io.BytesIO(data))
    writer = PdfWriter()
    sheet_w, sheet_h = pt(sheet_mm[0]), pt(sheet_mm[1])
    for left, right in folding_order(len(reader.pages)):
        side = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for slot, number in enumerate((left, right)):
            if number is None:
                continue
            page = reader.pages[number - 1]
            width = float(page.mediabox.width)
            height = float(page.mediabox.height)
            x = slot * sheet_w / 2 + (sheet_w / 2 - width) / 2
            y = (sheet_h - height) / 2
            side.merge_transformed_page(page, Transformation().translate(x, y))
        writer.add_page(side)
    said = reader.metadata
    writer.add_metadata(  # the rulebook's own properties: its title, author and subject
        {
            "/Title": str((said and said.title) or ""),
            "/Author": str((said and said.author) or ""),
            "/Subject": str((said and said.subject) or ""),
            "/Producer": "printgen",
        }
    )
    # the sheets are imposed to be turned over the short edge: the print dialog is asked for that,
    # and for actual size, as card sheets ask for theirs (draw.pdf) — a long-edge default prints
    # every back page upside down
    if (lang := reader.root_object.get("/Lang")) is not None:  # the rulebook's language too
        writer.root_object[NameObject("/Lang")] = TextStringObject(str(lang))
    preferences = writer.create_viewer_preferences()
    preferences[NameObject("/Duplex")] = NameObject("/DuplexFlipShortEdge")
    preferences[NameObject("/PrintScaling")] = NameObject("/None")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def said_of_booklet(problem: Problem, paper: Paper) -> Problem:
    """A problem of the booklet's pages alone, said of them: "in the rulebook" sent the
    designer to a rulebook.pdf that printed well, the narrower half pages overflowing."""
    size = "half-letter" if paper == Paper.LETTER else "A5"
    pages = f"the booklet's {size} pages (--booklet)"
    said = problem.message.replace("the rulebook", pages, 1)  # not in the text it quotes
    if said.startswith("rulebook layout: "):  # a block no half page holds: no booklet is made
        said = f"layout of {pages}: {said.removeprefix('rulebook layout: ')}"
    return replace(problem, message=said)
