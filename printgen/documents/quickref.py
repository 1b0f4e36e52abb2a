"""The player aid's quick reference: each card type's icon, name and short reminder, under its
deck's name when the aid lists several decks."""

from __future__ import annotations

from typing import Any

from printgen.documents.card_glyphs import check_drawable
from printgen.documents.card_titles import name_runs
from printgen.documents.cards import CardIndex
from printgen.documents.flow import RichText, TextStyle, table
from printgen.documents.platypus import Flowable
from printgen.documents.prose_theme import Theme
from printgen.icons import IconLibrary
from printgen.layout import text


class IconFlow(Flowable):  # type: ignore[misc]
    def __init__(self, name: str, size: float, color: str, icons: IconLibrary) -> None:
        super().__init__()
        self.name, self.size, self.color, self.icons = name, size, color, icons
        self.width = self.height = size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        self.icons.draw(self.canv, self.name, 0, 0, self.size, self.color)


def quick_reference(
    index: CardIndex, theme: Theme, width: float, content: str, line: int = 0
) -> list[Flowable]:
    """The aid's card list: icon, name and the short reminder of every card type — under each
    deck's name when it lists several decks; without the icon column when no card has one."""
    rows: list[list[Any]] = []
    headings: list[int] = []
    icon_size = theme.body.size * 2.0
    infos = index.named(content, line)
    several = len({info.deck.id for info in infos}) > 1
    with_icons = any(index.icons.has(str(info.values.get("icon") or "")) for info in infos)
    deck = None
    for info in infos:
        if several and info.deck.id != deck:
            deck = info.deck.id
            headings.append(len(rows))
            name = index.deck_names.get(deck, deck)
            rows.append([RichText([text.Run(name, bold=True)], _flush(theme.body)), ""])
        icon = str(info.values.get("icon") or "")
        # the card's own colour, else the one game.yaml's icon_colors gives the icon wherever
        # it is drawn (the legend below printed the heart red, this list grey)
        color = str(info.values.get("color") or index.icon_colors.get(icon) or "#333333")
        said = "summary" if info.values.get("summary") else "effect"
        summary = str(info.values.get(said) or "")
        # a card with no reminder (a player board, a tile) is its name and count alone, not
        # a dash that leads to nothing
        dash = " — " if summary.strip() else ""
        reminder = text.parse(summary, index.icons.has)
        title = name_runs(info.face.name, index.icons.has, bold=True)
        # each said at the field that holds it: a name's 'Ŧ' was said at the card's effect
        check_drawable(title, theme.body, info, "name", index)
        check_drawable(reminder, theme.body, info, said, index)
        # a single copy's count says nothing, as in the rulebook's card reference ("× 1" read
        # as a sum there; "Pawn A × 1" here, beside a rulebook saying "Pawn A"); a count is
        # written as the rulebook's ("Monk × 18"), the sign never a line apart from its number
        count = f" ×\u00a0{info.card.count}" if info.card.count > 1 else ""
        runs = [*title, text.Run(f"{count}{dash}"), *reminder]
        rows.append(
            [
                IconFlow(icon, icon_size, color, index.icons) if index.icons.has(icon) else "",
                RichText(runs, _flush(theme.body)),
            ]
        )
    if not rows:
        return []
    styles: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LINEBELOW", (0, 0), (-1, -2), 0.3, "#cccccc"),
    ]
    for row in headings:  # a deck's name across the row, a little air above all but the first
        styles += [
            ("SPAN", (0, row), (-1, row)),
            ("TOPPADDING", (0, row), (-1, row), 4 * bool(row)),
        ]
    if not with_icons:  # no empty column before every name
        single = [[r[0] if i in headings else r[1]] for i, r in enumerate(rows)]
        return [table(single, [width], [s for s in styles if s[0] != "SPAN"])]
    return [table(rows, [icon_size + 4, width - icon_size - 4], styles)]


def _flush(style: TextStyle) -> TextStyle:
    return TextStyle(**{**style.__dict__, "space_after": 0})
