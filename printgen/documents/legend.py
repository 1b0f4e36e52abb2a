"""The player aid's icon legend: every icon on the game's cards and in the aid, named."""

from __future__ import annotations

import posixpath
import re
from dataclasses import replace
from typing import Any

from printgen.documents.cards import CardIndex
from printgen.documents.flow import RichText, table
from printgen.documents.platypus import Flowable
from printgen.documents.prose_flavours import outside_code
from printgen.documents.prose_theme import Theme
from printgen.icons.icon_folder import IconSource
from printgen.layout import text
from printgen.problems import Problem, Severity

_INLINE = re.compile(r":([A-Za-z0-9_-]+):")


def legend_icons(content: str, source: str, index: CardIndex) -> list[str]:
    """The fence's icons (those on the cards), then the ones the aid's text uses. Icons that
    are values of one card field (the suits, the dice, the winds) stay together, fields in
    the deck's order, each field's icons in the order the cards show them."""
    names = [*content.split(), *_INLINE.findall(source)]
    known = [name for name in dict.fromkeys(names) if index.icons.has(name)]
    groups = _field_groups(index)
    first_seen = {name: i for i, name in enumerate(known)}
    # an icon of no card field keeps with its family by name (d4 … d20, pawn-a, pawn-b): where
    # the family is first met, the numbered ones in their numbers' order
    family_seen: dict[str, int] = {}
    for name in known:
        family_seen.setdefault(_family(name)[0], first_seen[name])

    def key(name: str) -> tuple[float, int, int]:
        if name in groups:
            return (*groups[name], 0)
        family, number = _family(name)
        rank = float(len(groups) + family_seen[family])
        return rank, number, first_seen[name]

    return sorted(known, key=key)


def printed_icons(source: str, index: CardIndex) -> list[str]:
    """The icons the aid's legend blocks (```legend) name, in the rendered aid ``source``."""
    from printgen.documents.source_lines import block_tokens

    if "```legend" not in source and "~~~legend" not in source:
        return []
    return [
        name
        for token in block_tokens(source)
        if token.type == "fence" and token.info.split()[:1] == ["legend"]
        for name in legend_icons(token.content, source, index)
    ]


_NUMBERED = re.compile(r"(.*?[A-Za-z])[-_]?(\d{1,6})")


def _family(name: str) -> tuple[str, int]:
    """An icon's family by its name, and its number in it: d12 is ("d", 12), pawn-a is
    ("pawn", 0); a name of no family is its own."""
    bare = name.removeprefix("fa-")  # Font Awesome's prefix makes no family
    if found := _NUMBERED.fullmatch(bare):
        return found.group(1), int(found.group(2))
    head, dash, _ = bare.rpartition("-")
    return (head if dash and head else name), 0


def _field_groups(index: CardIndex) -> dict[str, tuple[float, int]]:
    """icon -> (rank of the card field it is a value of, its order among that field's): the
    order its deck's ``generate:`` rules write them in (winds N, NE, E…; a shuffled deck deals
    them otherwise), else the order the cards first show them."""
    fields: dict[tuple[str, str], list[str]] = {}
    written: dict[tuple[str, str], tuple[str, ...]] = {}
    seen: set[str] = set()
    for info in index.cards.values():
        for field in info.deck.field_types:
            value = info.values.get(field)
            icon = value.get("icon") if isinstance(value, dict) else value
            if not isinstance(icon, str) or not index.icons.has(icon) or icon in seen:
                continue
            seen.add(icon)
            fields.setdefault((info.deck.id, field), []).append(icon)
            written.setdefault((info.deck.id, field), info.deck.written)
    found: dict[str, tuple[float, int]] = {}
    for rank, (key, icons) in enumerate(fields.items()):
        order = {text: number for number, text in enumerate(written[key])}
        ranked = sorted(icons, key=lambda icon: order.get(icon, len(order)))  # (stable)
        found.update((icon, (float(rank), number)) for number, icon in enumerate(ranked))
    return found


def icon_name(name: str, labels: dict[str, str], index: CardIndex, prose: str = "") -> str:
    """The legend's caption for icon ``name``: a label or printgen's word begins with a
    capital, as a list's items do — a designer's 'wood' beside printgen's 'Victory points'
    read as a slip — when that is safe (see ``_capital``); a card's name is printed as
    written, as everywhere else it prints."""
    named, of_a_card = _named(name, labels, index, prose)
    return named if of_a_card else _capital(named)


def _named(name: str, labels: dict[str, str], index: CardIndex, prose: str) -> tuple[str, bool]:
    """A label ``icon_<name>`` the designer wrote, in the document's language; else the name
    of the one card type whose icon it is (an icon several card types carry — fire on every
    fire spell — is no one card's: named after the first, it would mislead), unless the cards'
    texts or the ``prose`` write it as a symbol of its own (the starter's :coin:), which
    printgen's label names; else printgen's label or word for a built-in icon
    (``icon_word_<name>``), else the icon's own name in words. A card's own sign was named by
    printgen's word for it ("Wind N" for the storm card, "corazones" for a suit of hearts).
    With it, whether it is a card's name."""
    label = labels.get(f"icon_{name}")
    label = label if label and label != f"icon_{name}" else None
    if label and f"icon_{name}" in getattr(labels, "written", {}):
        return label, False
    owners = {info.face.name for info in index.cards.values() if info.values.get("icon") == name}
    if len(owners) == 1 and not (label and _written_inline(name, index, prose)):
        return owners.pop(), True
    if label:
        return label, False
    if word := labels.get(f"icon_word_{name}"):  # printgen's word for its own icon
        return word, False
    words = name.removeprefix("fa-").replace("-", " ").replace("_", " ")
    lang = getattr(labels, "lang", "en")
    if lang != "en":  # printgen's and Font Awesome's names are English: say so in another's
        beside = posixpath.join(posixpath.dirname(index.where.path), "labels.yaml")  # the game's
        # a designer's own icon is named by its file, in whatever language they named it
        own = index.icons.source(name) in (IconSource.PROJECT, IconSource.GAME)
        named = "its file's name" if own else "its English name"
        index.report(
            Problem(
                index.where,
                f"the legend names icon '{name}' by {named} ('{words}'); add "
                f"'icon_{name}: {{{lang}: …}}' to {beside} (or to templates/labels.yaml, for "
                "every game)",
                Severity.WARNING,
            )
        )
    return words, False


_LOWER_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")  # letters, joined as in "l'oro"


def _capital(words: str) -> str:
    """``words`` with their first letter upper-cased when their first word is lower-case
    letters alone, a hyphen or an apostrophe between them ('wood', 'four-sided die', 'silver
    of Rome'); a capital inside it, a digit or a sign ('iPhone', 'eBay', 'd6 roll', '¡ojo!')
    is the designer's spelling, mangled when raised ('IPhone', 'D6 roll'). Nor is a letter
    raised that makes two ('ß': 'SS')."""
    first_word = words.split(maxsplit=1)[0] if words.strip() else ""
    if not (_LOWER_WORD.fullmatch(first_word) and first_word.islower()):
        return words
    first = words[:1].upper()
    return (first if len(first) == 1 else words[:1]) + words[1:]


def _written_inline(name: str, index: CardIndex, prose: str) -> bool:
    """Whether the prose or a card's text writes the icon as ``:name:``."""
    token = f":{name}:"
    if token in prose and token in "\n".join(outside_code(prose.splitlines())):
        return True  # written in the prose's text (code prints it as typed)
    return any(
        isinstance(value, str) and token in value
        for info in index.cards.values()
        for value in info.values.values()
    )


def legend(
    index: CardIndex,
    theme: Theme,
    width: float,
    labels: dict[str, str],
    names: list[str],
    prose: str = "",
) -> list[Flowable]:
    """Icon and name, a few to a row: each icon inline, in its icon_colors colour or the text's."""
    if not names:
        return []
    columns = max(2, min(4, int(width // (theme.body.size * 11))))
    style = replace(theme.body, space_after=0)
    cells: list[Any] = [
        RichText(
            [text.Run(icon=name), text.Run(" " + icon_name(name, labels, index, prose))], style
        )
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
