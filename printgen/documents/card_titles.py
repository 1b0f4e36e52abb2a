"""What the card reference calls a card, and how a gallery lists a deck's names — told apart
when the names are bare numbers (the symbol deck's 1 to 54): "10 × 1" over a card read as a
sum, and a page of numbers 1, 2, 3 … 54 as no list at all."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from printgen.documents.flow import RichText, TextStyle, table
from printgen.documents.platypus import Flowable
from printgen.layout import text
from printgen.model.units import pt
from printgen.problems import Where

_NUMBER = re.compile(r"\d{1,9}")


def number_of(name: str) -> int | None:
    """The number a card's name is, when it is nothing else."""
    return int(name) if _NUMBER.fullmatch(name.strip()) else None


def card_name(name: str, output: str, labels: Mapping[str, str]) -> str:
    """A card's name as a heading prints it: a bare number says what it numbers ("Card 10",
    "Piece 3" for a tile), else the name itself — or the number alone in a language whose
    labels lack the word (the words are the labels', never printgen's)."""
    word = labels.get("card" if output == "cards" else "piece", "")
    return f"{word} {name.strip()}" if word and number_of(name) is not None else name


def name_runs(name: str, known_icon: Callable[[str], bool], bold: bool = False) -> list[text.Run]:
    """A card's name as a document sets it: its :icon: names drawn, as on the card's face and
    in the components list ("Stone :coin:" printed the word ":coin:" in the card reference)."""
    return [
        text.Run(run.text, bold or run.bold, run.italic, run.icon, run.newline)
        for run in text.parse(name, known_icon)
    ]


def title_count(count: int) -> str:
    """The count after a card's title: none for a single copy ("Card 10 × 1" read as a sum),
    its sign kept with its number at any width."""
    return f"  ×\u00a0{count}" if count > 1 else ""


def numbered_range(
    names: Sequence[str], counts: Sequence[int], output: str, labels: Mapping[str, str]
) -> str | None:
    """A deck of single cards named by numbers listed as its runs, "Cards 1–54" ("Cards 1–3,
    5"); None for any other deck (its names are listed one by one)."""
    numbers = [number_of(name) for name in names]
    word = labels.get("cards" if output == "cards" else "pieces", "")
    if not names or not word or any(count != 1 for count in counts):
        return None
    if None in numbers:
        return None
    return f"{word[:1].upper()}{word[1:]} {runs(sorted(n for n in numbers if n is not None))}"


def runs(numbers: Sequence[int]) -> str:
    """Sorted numbers as their runs: 1–3, 5, 7–9."""
    said: list[str] = []
    start = previous = numbers[0]
    for number in [*numbers[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        said.append(f"{start}–{previous}" if previous > start else str(start))
        if number is not None:
            start = previous = number
    return ", ".join(said)


def name_table(
    names: list[str],
    style: TextStyle,
    width: float,
    known_icon: Callable[[str], bool],
    wheres: Sequence[Where] = (),
) -> Flowable:
    """The deck's card names in columns, row by row, as wide as the longest name needs (a
    run-on paragraph of 52 names read as no list at all), their :icon: names ``known_icon``
    knows drawn; ``wheres``: where each is written."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    # measured as written: an icon is drawn narrower than its ':name:'
    longest = max(stringWidth(name, "Vera", style.size) for name in names)
    cols = max(1, min(6, int(width // (longest + pt(4)))))
    cells: list[Any] = [
        RichText(name_runs(name, known_icon), style, source=where)
        for name, where in zip(names, [*wheres, *[None] * (len(names) - len(wheres))], strict=True)
    ]
    cells += [""] * (-len(cells) % cols)
    rows = [cells[i : i + cols] for i in range(0, len(cells), cols)]
    padding = [(side, (0, 0), (-1, -1), 0) for side in ("LEFTPADDING", "TOPPADDING")]
    return table(
        rows,
        [width / cols] * cols,
        [
            *padding,
            ("RIGHTPADDING", (0, 0), (-1, -1), pt(2)),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ],
        rows_kept=True,
    )
