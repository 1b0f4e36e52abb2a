"""A large deck in the card reference: a sample face of each card layout, drawn large enough
to read, then every card's name."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from printgen.documents.card_titles import name_table, numbered_range
from printgen.documents.cards import CardIndex, CardInfo
from printgen.documents.flow import CardPicture, RichText, table
from printgen.documents.platypus import Flowable
from printgen.documents.prose_theme import Theme
from printgen.layout import text
from printgen.layout.face import Face, TextBox
from printgen.model.units import pt
from printgen.problems import Where

MIN_PICTURE_TEXT = 6.0  # pt: a face shown to be read (the gallery) keeps its text this large


def smallest_face_text(face: Face) -> float | None:
    """The smallest type size (pt) printed on a face at full size; None without text."""
    sizes = [op.block.size for op in face.ops if isinstance(op, TextBox) and op.block.lines]
    return min(sizes) if sizes else None


def legible_width(face: Face, floor: float) -> float:
    """The narrowest width (mm) at which the face's text stays at ``floor`` pt or more."""
    smallest = smallest_face_text(face)
    if smallest is None or smallest >= floor * 2:
        return face.width_mm / 2
    return min(face.width_mm, face.width_mm * floor / smallest)


def _sample_widths(faces: list[Face]) -> list[float]:
    """Each sample's width (mm): the faces of one size at one scale, the largest any of them
    needs to be read, so that their pictures compare; faces of another size (a deck's round
    tokens beside its cards) at their own — at the cards' scale a token's text was 4.9 pt."""
    scales: dict[tuple[float, float], float] = {}
    for face in faces:
        size = (face.width_mm, face.height_mm)
        needed = legible_width(face, MIN_PICTURE_TEXT) / face.width_mm
        scales[size] = max(scales.get(size, 0.0), needed)
    return [face.width_mm * scales[(face.width_mm, face.height_mm)] for face in faces]


def card_gallery(
    index: CardIndex, theme: Theme, width: float, content: str, line: int = 0
) -> list[Flowable]:
    """A large deck in the card reference: a sample face of each card layout, drawn large
    enough to read, then every card's name (the faces show the rest on the table)."""
    infos = index.named(content, line)
    if not infos:
        return []
    samples: dict[str, CardInfo] = {}
    for info in infos:
        samples.setdefault(info.card.layout, info)
    shown = list(samples.values())  # each layout: README promises every one a sample
    widths = _sample_widths([info.face for info in shown])
    cell = max(max(widths) * pt(1) + pt(6), width / 3)
    per_row = max(1, int(width // cell))
    fence = Where(index.where.path, line, 1) if line else None
    pictures = [CardPicture(info.face, wide) for info, wide in zip(shown, widths, strict=True)]
    for picture in pictures:
        picture.legible = True  # shown to be read: the 6 pt floor applies to its text
        picture.where = fence  # its text too small is the block's to mend, said at its fence
    rows: list[list[Any]] = [pictures[i : i + per_row] for i in range(0, len(pictures), per_row)]
    rows[-1] += [""] * (per_row - len(rows[-1]))
    grid = table(
        rows,
        [width / per_row] * per_row,
        [
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pt(3)),
        ],
    )
    grid.spaceAfter = pt(6)
    grid.keepWithNext = True  # the faces above the names they stand for, never a page apart
    style = replace(theme.body, size=theme.body.size * 0.9)
    numbered = numbered_range(
        [info.face.name for info in infos],
        [info.card.count for info in infos],
        infos[0].deck.output,
        index.labels,
    )
    names = [
        f"{info.face.name}" + (f"\u00a0×\u00a0{info.card.count}" if info.card.count > 1 else "")
        for info in infos
    ]
    # cards named 1 to 54 are "Cards 1–54": a page of bare numbers read as no list at all
    wheres = [info.card.where_of("name", index.lang) for info in infos]
    listed = (
        RichText([text.Run(numbered)], style)
        if numbered
        else name_table(names, style, width, index.icons.has, wheres)
    )
    listed.spaceAfter = pt(6)  # the names end the block: the next paragraph stands apart
    return [grid, listed]
