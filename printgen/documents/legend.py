"""The player aid's icon legend: every icon on the game's cards and in the aid, named."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from reportlab.platypus import Flowable

from printgen.documents.cards import CardIndex
from printgen.documents.flow import RichText, table
from printgen.documents.markdown import Theme
from printgen.layout import text

_INLINE = re.compile(r":([A-Za-z0-9_-]+):")


def legend_icons(content: str, source: str, index: CardIndex) -> list[str]:
    """The fence's icons (those on the cards), then the ones the aid's text uses; an icon
    family (d4 … d20, wind-n … wind-nw) stays together, numbers in numeric order."""
    names = [*content.split(), *_INLINE.findall(source)]
    known = [name for name in dict.fromkeys(names) if index.icons.has(name)]
    families: dict[str, int] = {}
    for name in known:
        families.setdefault(_family(name), len(families))
    return sorted(known, key=lambda n: (families[_family(n)], _natural(n)))


def _family(name: str) -> str:
    found = re.match(r"[a-z]+", name)
    return found.group(0) if found else name


def _natural(name: str) -> tuple[Any, ...]:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name))


def icon_name(name: str, labels: dict[str, str], index: CardIndex) -> str:
    """A label ``icon_<name>`` in the document's language, else the name of the card whose
    icon it is, else the icon's own name in words."""
    label = labels.get(f"icon_{name}")
    if label and label != f"icon_{name}":
        return label
    for info in index.cards.values():
        if info.values.get("icon") == name:
            return info.face.name
    return name.replace("-", " ").replace("_", " ")


def legend(
    index: CardIndex, theme: Theme, width: float, labels: dict[str, str], names: list[str]
) -> list[Flowable]:
    """Icon and name, a few to a row: the icons as the cards draw them, in their colours."""
    if not names:
        return []
    columns = max(2, min(4, int(width // (theme.body.size * 11))))
    style = replace(theme.body, space_after=0)
    cells: list[Any] = [
        RichText([text.Run(icon=name), text.Run(" " + icon_name(name, labels, index))], style)
        for name in names
    ]
    rows = [cells[i : i + columns] for i in range(0, len(cells), columns)]
    rows[-1] += [""] * (columns - len(rows[-1]))
    return [
        table(
            rows,
            [width / columns] * columns,
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                ("TOPPADDING", (0, 0), (-1, -1), 0.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5),
            ],
        )
    ]
