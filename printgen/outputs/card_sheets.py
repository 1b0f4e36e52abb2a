"""The PDF of an output's imposed card sheets, and its manifest of every physical card face: what
``printgen.outputs.cards`` writes once the sheets are imposed (``validate`` stops before)."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator, Mapping
from json.encoder import encode_basestring as string  # json.dumps's, not ASCII-only
from typing import Any

from printgen.draw.drawing import draw_sheet, on_the_paper
from printgen.draw.faces import Layers, render_faces, render_layers
from printgen.draw.pdf import new_canvas
from printgen.draw.sheets import Sheet
from printgen.layout.face import Op, laid_out
from printgen.options import BuildOptions, Duplex, Offset
from printgen.outputs.names import plain_name
from printgen.write import Encoded


def sheets_pdf(
    sheets: list[Sheet],
    title: str,
    author: str,
    shared: Mapping[int, Op],
    duplex: Duplex,
    subject: str = "print-and-cut sheets",
    lang: str = "",
) -> bytes:
    """The sheets as a PDF; ``shared``: the operations the decks' layouts draw alike on every
    card, by id."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title, author, subject, printed_as(sheets, duplex), lang)
    # A face printed more than once is one form the sheets refer to; a face printed once is
    # drawn in place, as a bare script would: 10,000 distinct cards as forms cost a fifth of
    # the build in PDF objects alone.
    faces = [p.face for sheet in sheets for p in sheet.placements]
    prints = Counter(face.key for face in faces)
    forms = render_faces(canvas, [face for face in faces if prints[face.key] > 1])
    layers = Layers(shared)
    for sheet in sheets:
        # its faces drawn in place, laid out now when streamed, and let go with the sheet
        drawn = {p.face.key: laid_out(p.face) for p in sheet.placements if p.face.key not in forms}
        render_layers(canvas, drawn.values(), layers)
        draw_sheet(canvas, sheet, forms, layers, drawn)
    # the PDF's bytes as ReportLab makes them: save() would copy them into the buffer too, a
    # second copy of the whole file at the moment the build needs the most memory
    return bytes(canvas.getpdfdata())


def printed_as(sheets: list[Sheet], duplex: Duplex) -> Duplex:
    """How a file's sheets are printed: fronts alone (no deck of the file has a back) one-sided
    — a dialog asked to turn the sheets would print the second sheet's cards on the back of the
    first — else as the build was asked."""
    if not any(sheet.side in ("back", "fold") for sheet in sheets):
        return Duplex.NONE
    if {sheet.duplex for sheet in sheets} == {Duplex.LONG}:  # folding, no card folds
        return Duplex.LONG
    return duplex


def manifest(sheets: list[Sheet], options: BuildOptions) -> dict[str, Any]:
    """Every page and every physical face printed, for cutting services and tools; the faces
    come as an iterator, encoded one by one (``json_bytes``)."""
    pages = []
    for page, sheet in enumerate(sheets, start=1):
        size = [round(sheet.width, 3), round(sheet.height, 3)]
        record: dict[str, Any] = {
            "page": page,
            "sheet": sheet.number,
            "side": sheet.side,
            "page_mm": size,
        }
        if sheet.duplex is not None:  # among fold sheets, a page printed double-sided
            record["duplex"] = str(sheet.duplex)
        pages.append(record)
    first = pages[0]["page_mm"] if pages else list(options.paper.size_mm)
    # the offset moves the backs of back pages, printed double-sided (a fold build's too, for
    # a deck too large to fold); a fold sheet's backs come out of the same pass as its fronts
    duplex = printed_as(sheets, options.duplex)
    turned = any(sheet.side == "back" for sheet in sheets)
    offset = options.back_offset if turned else Offset()
    # the gap each deck's cards were imposed with: a deck's own `gutter:` (or a round token's
    # cutting room) is not the build's --gutter
    gutters = {p.face.deck: p.kind.gutter for sheet in sheets for p in sheet.placements}
    return {
        "page_mm": first,
        "paper": str(options.paper),
        "duplex": str(duplex),
        "gutter_mm": options.gutter_mm,
        "deck_gutter_mm": {deck: gutters[deck] for deck in sorted(gutters)},
        "back_offset_mm": [offset.x, offset.y],
        "pages": pages,
        "faces": _faces(sheets, pages),
    }


def _faces(sheets: list[Sheet], pages: list[dict[str, Any]]) -> Iterator[Encoded]:
    """Each printed face's record, written as ``json.dumps`` writes it (json's own string
    encoder; numbers as their repr, which is what json writes): a dictionary and a pass of
    json's encoder for each of 100,000 faces was a twentieth of a big build."""
    rounded: dict[float, str] = {}  # a few coordinates for thousands of cards

    def number(value: float) -> str:
        # only non-zero floats remembered: 10 and 10.0, 0.0 and -0.0 are one key, two texts
        remembered = type(value) is float and value != 0
        text = rounded.get(value) if remembered else None
        if text is None:
            text = repr(round(value, 3))
            if remembered:
                rounded[value] = text
        return text

    for page, sheet in zip(pages, sheets, strict=True):
        width, height = page["page_mm"]
        on_page = f'"page": {page["page"]}, "sheet": {sheet.number}, '
        on_page += f'"page_mm": [{width!r}, {height!r}]'
        for placement in sheet.placements:
            face = placement.face
            bleed = ", ".join(number(b) for b in on_the_paper(placement, width, height))
            name = plain_name(face.name)
            yield Encoded(
                f'{{"card": {string(placement.card)}, "deck": {string(face.deck)}, '
                f'"name": {string(name)}, "side": {string(str(face.side))}, {on_page}, '
                f'"x_mm": {number(placement.x)}, "y_mm": {number(placement.y)}, '
                f'"width_mm": {number(face.width_mm)}, "height_mm": {number(face.height_mm)}, '
                f'"bleed_mm": [{bleed}], "rotation": {180 if placement.upside_down else 0}}}'
            )
