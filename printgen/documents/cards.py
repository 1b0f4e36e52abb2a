"""Card pictures and card text inside documents, looked up by ``deck/card`` references."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.platypus import Flowable

from printgen.documents.flow import CardPicture, RichText, TextStyle, table
from printgen.documents.markdown import Theme
from printgen.icons import IconLibrary
from printgen.layout import text
from printgen.layout.face import Face, LaidOutDeck
from printgen.model.game import CardType, Deck, Game
from printgen.model.units import pt
from printgen.problems import Problem, Where


@dataclass
class CardInfo:
    deck: Deck
    card: CardType
    face: Face
    values: dict[str, Any]


class CardIndex:
    """Every laid-out front of a game in one language, by ``deck/card``."""

    def __init__(self, game: Game, decks: list[LaidOutDeck], where: Where) -> None:
        self.where = where
        self.icon_colors = game.icon_colors
        self.icons = game.icon_library
        self.problems: list[Problem] = []
        self.cards: dict[str, CardInfo] = {}
        for laid in decks:
            for card, face in laid.fronts:
                info = CardInfo(laid.deck, card, face, laid.values[card.id])
                self.cards[f"{laid.deck.id}/{card.id}"] = info

    def get(self, ref: str) -> CardInfo | None:
        info = self.cards.get(ref)
        if info is None:
            self.problems.append(
                Problem(
                    self.where,
                    f"card reference '{ref}' names no card; write deck/card, e.g. main/monk",
                )
            )
        return info


def text_fields(info: CardInfo) -> list[str]:
    """The card's player-facing texts in the deck's field order, the name excepted."""
    return [
        str(info.values[name])
        for name, kind in info.deck.field_types.items()
        if kind == "text" and name not in ("name", "summary") and info.values.get(name)
    ]


def reference_rows(index: CardIndex, theme: Theme, width: float, content: str) -> list[Flowable]:
    """The rulebook's card reference: each face drawn beside its full text."""
    out: list[Flowable] = []
    picture_mm = 42.0
    for ref in content.split():
        info = index.get(ref)
        if info is None:
            continue
        scale = picture_mm / info.face.width_mm
        picture = CardPicture(info.face, picture_mm if scale <= 1 else info.face.width_mm)
        title = RichText(
            [text.Run(info.face.name, bold=True), text.Run(f"  × {info.card.count}")],
            TextStyle(**{**theme.h3.__dict__, "space_before": 0}),
        )
        texts = [
            RichText(text.parse(body, index.icons.has), theme.body) for body in text_fields(info)
        ]
        row = table(
            [[picture, [title, *texts]]],
            [picture.width + pt(5), width - picture.width - pt(5)],
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), pt(4)),
            ],
        )
        out.append(row)  # one row: never split, and a heading before it can keep with it
    return out


def card_row(index: CardIndex, width: float, content: str) -> list[Flowable]:
    """A row of small card faces, for a cover."""
    infos = [info for ref in content.split() if (info := index.get(ref)) is not None]
    if not infos:
        return []
    cell = width / max(4, len(infos))
    pictures = [CardPicture(info.face, min(45.0, (cell - pt(6)) / pt(1))) for info in infos]
    row = table(
        [pictures],
        [cell] * len(pictures),
        [("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")],
    )
    row.spaceBefore = pt(10)
    row.spaceAfter = pt(10)
    return [row]


def card_gallery(index: CardIndex, width: float, content: str) -> list[Flowable]:
    """Every card of a large deck as a grid of faces, six or so to a row."""
    infos = [info for ref in content.split() if (info := index.get(ref)) is not None]
    if not infos:
        return []
    per_row = max(1, int(width // pt(30)))
    cell = width / per_row
    pictures = [CardPicture(info.face, (cell - pt(4)) / pt(1)) for info in infos]
    rows: list[list[Any]] = [pictures[i : i + per_row] for i in range(0, len(pictures), per_row)]
    rows[-1] += [""] * (per_row - len(rows[-1]))
    grid = table(
        rows,
        [cell] * per_row,
        [
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pt(3)),
        ],
    )
    grid.spaceAfter = pt(6)
    return [grid]


class IconFlow(Flowable):  # type: ignore[misc]
    def __init__(self, name: str, size: float, color: str, icons: IconLibrary) -> None:
        super().__init__()
        self.name, self.size, self.color, self.icons = name, size, color, icons
        self.width = self.height = size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        self.icons.draw(self.canv, self.name, 0, 0, self.size, self.color)


def quick_reference(index: CardIndex, theme: Theme, width: float, content: str) -> list[Flowable]:
    """The aid's card list: icon, name and the short reminder of every card type."""
    rows: list[list[Any]] = []
    icon_size = theme.body.size * 2.0
    for ref in content.split():
        info = index.get(ref)
        if info is None:
            continue
        icon = str(info.values.get("icon") or "")
        color = str(info.values.get("color") or "#333333")
        summary = str(info.values.get("summary") or info.values.get("effect") or "")
        runs = [
            text.Run(info.face.name, bold=True),
            text.Run(f" ×{info.card.count} — "),
            *text.parse(summary, index.icons.has),
        ]
        rows.append(
            [
                IconFlow(icon, icon_size, color, index.icons) if index.icons.has(icon) else "",
                RichText(runs, TextStyle(**{**theme.body.__dict__, "space_after": 0})),
            ]
        )
    if not rows:
        return []
    return [
        table(
            rows,
            [icon_size + 4, width - icon_size - 4],
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ("LINEBELOW", (0, 0), (-1, -2), 0.3, "#cccccc"),
            ],
        )
    ]
