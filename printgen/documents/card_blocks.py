"""The rulebook's blocks of cards: the card reference (``card``: each face beside its text) and
a row of faces (``cardrow``)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from printgen.documents.card_glyphs import parsed
from printgen.documents.card_titles import card_name, name_runs, title_count
from printgen.documents.cards import CardIndex, CardInfo, text_fields
from printgen.documents.flow import CardPicture, RichText, TextStyle, table
from printgen.documents.platypus import Flowable
from printgen.documents.prose_theme import Theme
from printgen.documents.sections import Shrinking
from printgen.layout import text
from printgen.model.units import pt

# the narrowest picture in the card reference (a card as it is, if less): a board beside the
# cards does not shrink them to specks
REFERENCE_MIN_MM = 20.0


def reference_rows(
    index: CardIndex, theme: Theme, width: float, content: str, line: int = 0
) -> list[Flowable]:
    """The rulebook's card reference: each face drawn beside its full text, two cards to a
    row on a wide page, one alone across it (the picture illustrates; the text beside it is
    what is read); cards with no text to read (tokens, resources), their faces several to a
    row, each named under it — not each beside a column of white."""
    infos = index.named(content, line)
    # a card alone takes the whole width: in half of it its text ran down a narrow column
    # beside half a page of white (Morra navale's reference card, a deck of one coin)
    columns = 2 if width > pt(140) and len(infos) > 1 else 1
    picture_mm = 30.0 if columns == 2 else 34.0
    # one scale (a smaller card looks smaller, none enlarged), no picture under REFERENCE_MIN_MM
    scale = min(1.0, picture_mm / max((info.face.width_mm for info in infos), default=1.0))
    heading = TextStyle(**{**theme.h3.__dict__, "space_before": 0})
    titles = [_title(info, index, heading) for info in infos]
    faces = _faces_across(
        [title for info, title in zip(infos, titles, strict=True) if not text_fields(info)],
        width,
    )
    cells: list[tuple[bool, Any]] = []  # (beside its texts, the card's cell)
    for info, title in zip(infos, titles, strict=True):
        card_mm = info.face.width_mm
        picture = CardPicture(info.face, max(card_mm * scale, min(card_mm, REFERENCE_MIN_MM)))
        fields = text_fields(info)
        if not fields and faces:
            title.restyle(replace(heading, align="center"))
            cells.append((False, table([[picture], [title]], [width / faces], _FACE_ALONE)))
            continue
        body = replace(theme.body, size=theme.body.size * 0.9, space_after=3)
        texts = [
            RichText(runs, body, source=info.card.where_of(name, index.lang))
            for name, runs in zip(fields, parsed(fields, body, info, index), strict=True)
        ]
        gap = pt(4)
        beside = [picture.width + gap, width / columns - picture.width - gap - pt(4)]
        cells.append((True, table([[picture, [title, *texts]]], beside, _BESIDE)))
    out: list[Flowable] = []
    for read, run in itertools.groupby(cells, key=lambda cell: cell[0]):
        shown = [cell for _, cell in run]
        across = columns if read else faces
        for start in range(0, len(shown), across):
            row = shown[start : start + across]
            if read or len(shown) > across:  # a grid's last row keeps to its columns
                row += [""] * (across - len(row))
            # one row: never split, and a heading before it can keep with it; faces fewer
            # than a row are centred (a lone token sat in the page's left quarter)
            out.append(table([row], [width / across] * len(row), _ROW))
    return out


def _title(info: CardInfo, index: CardIndex, style: TextStyle) -> Shrinking:
    """A card's name, its :icon: names drawn, and its count, as the card reference heads it:
    a name wider than its column (a German compound, "Weißbierbraumeister", whole on the card)
    set a little smaller, as a heading is, rather than refused."""
    count = title_count(info.card.count)
    name = card_name(info.face.name, info.deck.output, index.labels)
    return Shrinking(
        [*name_runs(name, index.icons.has, bold=True), *([text.Run(count)] if count else [])],
        style,
        source=info.card.where_of("name", index.lang),
    )


def _faces_across(titles: list[RichText], width: float) -> int:
    """How many faces with no text go to a row: four on a wide page, fewer where a name's
    longest word would not fit under its face (a German compound), none (0: each beside its
    name, as a card with text) where it fits under none."""
    for across in (4, 3, 2) if width > pt(140) else (2,):
        room = width / across - 2 * _FACE_PADDING
        if all(title.wrap(room, 1e9) and not title.overflows() for title in titles):
            return across
    return 0


_ROW = [
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LEFTPADDING", (0, 0), (-1, -1), 0),
    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
]
_BESIDE = [
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LEFTPADDING", (0, 0), (-1, -1), 0),
    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), pt(4)),
]
_FACE_PADDING = pt(2)
_FACE_ALONE = [
    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
    ("LEFTPADDING", (0, 0), (-1, -1), _FACE_PADDING),
    ("RIGHTPADDING", (0, 0), (-1, -1), _FACE_PADDING),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (0, 0), pt(2)),
    ("BOTTOMPADDING", (0, 1), (-1, -1), pt(6)),
]


ROW_CARDS = 8  # cards side by side in a ```cardrow: more go on the next row


def card_row(index: CardIndex, width: float, content: str, line: int = 0) -> list[Flowable]:
    """A row of card faces illustrating the text before it."""
    infos = index.named(content, line)
    if not infos:
        return []
    # at most ROW_CARDS to a row, more rows for more: fifty in one row would be cells too
    # narrow for a card (a negative width)
    columns = min(len(infos), ROW_CARDS)
    cell = width / max(4, columns)
    # one scale for the row, the widest card filling its cell: cards keep their sizes' ratio
    widest = max(info.face.width_mm for info in infos)
    scale = min(45.0, (cell - pt(6)) / pt(1)) / widest
    rows: list[list[Any]] = [
        [CardPicture(info.face, info.face.width_mm * scale) for info in infos[i : i + columns]]
        for i in range(0, len(infos), columns)
    ]
    rows[-1] += [""] * (columns - len(rows[-1]))  # the last row's empty cells
    grid = table(
        rows,
        [cell] * columns,
        [("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")],
    )
    grid.spaceBefore = pt(4)
    grid.spaceAfter = pt(6)
    return [grid]
