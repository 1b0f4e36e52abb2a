"""```` ```diagram ```` blocks: a small table scene drawn with the real card faces.

The block holds YAML (see the README, "Diagrams")::

    grid:                      # rows of cells, top row first
      - [main/monk, main/warrior]
      - [back, ~]              # back: the deck's back; ~ an empty place
    pawns:  [{at: [0, 1], icon: pawn-a, color: "#b3261e", label: Anna}]  # icon: chess-pawn
    arrows: [{from: [0, 0], to: [1, 1]}, {path: [[0, 0], [2, 0], [2, 1]]}]
    highlight: [[1, 1]]
    labels: [{at: [0, 0], text: "3 LP"}]
    caption: The blaster shot.
    card_width: 30             # mm, optional

A cell names a card as ``deck/card``, or as ``deck/field=value&field=value`` (unquoted, in flow
lists too): the first matching card of which the diagram has not drawn every copy yet, so a
regenerated deck still shows "a Knight with the switch ON". Every problem is reported at its
line and column inside the Markdown file.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from printgen.documents.card_query import query_terms
from printgen.documents.card_refs import name_said
from printgen.documents.cards import CardIndex, CardInfo
from printgen.documents.scene_text import caption_words, text_problems
from printgen.icons.geometry import parse_hex
from printgen.layout.face import Face
from printgen.model.colour_names import colour_hint
from printgen.problems import Problem, ProjectError, Where
from printgen.source.located_yaml import LDict, LList, place, read_yaml_text
from printgen.source.readers import did_you_mean

KEYS = ("grid", "pawns", "arrows", "highlight", "labels", "caption", "card_width", "gap")
GAP = 3.0  # mm between a scene's cards, unless it says otherwise (gap: 0, tiles edge to edge)
MAX_GAP = 20.0
ARROW = "#d9480f"
PAWN_COLOR = "#333333"

Cell = tuple[int, int]


@dataclass
class Pawn:
    """A pawn drawn on a grid cell of a worked example."""

    at: Cell
    icon: str
    color: str
    label: str = ""
    spot: str = "low"  # where on its card: SPOTS
    label_at: Where | None = None  # its label's place in the prose file


# a pawn's spot on its card, across and down it: low and to the right, where cards keep their
# least-read print (the default), high in the middle (over a picture), in the middle, or at the
# top right (over a header: cards whose every other part an example may quote)
SPOTS = {"low": (0.7, 0.7), "high": (0.5, 0.35), "middle": (0.5, 0.5), "top": (0.74, 0.12)}


# where an arrow leaves its first place: the pawn standing there (a move), or the card's edge
# (what a card does to another: a marker on it does not move)
STARTS = ("pawn", "edge")


@dataclass
class Arrow:
    """An arrow along grid cells of a worked example."""

    path: list[Cell]
    color: str = ARROW
    start: str = "pawn"  # STARTS: from a pawn standing on the first place, else its edge


@dataclass
class Label:
    """A word written on a grid cell of a worked example."""

    at: Cell
    text: str
    where: Where | None = None  # its text's place in the prose file


@dataclass
class Scene:
    """A worked example's picture: a grid of faces with pawns, arrows, highlights, labels."""

    rows: int
    cols: int
    faces: dict[Cell, Face] = field(default_factory=dict)
    pawns: list[Pawn] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    highlight: list[Cell] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    caption: str = ""
    card_width: float | None = None  # mm
    gap: float = GAP  # mm between cards
    gap_at: Where | None = None  # where the block writes its gap


def read_scene(content: str, rel: str, first_line: int, index: CardIndex) -> Scene:
    """The scene of a block whose YAML starts at ``first_line`` of ``rel``; ProjectError with
    every problem found otherwise."""
    data = read_yaml_text(content, rel, first_line)
    reader = _Reader(index, Where(rel, first_line, 1), content.splitlines())
    scene = reader.scene(data)
    if reader.problems:
        raise ProjectError(reader.problems)
    return scene


class _Reader:
    def __init__(self, index: CardIndex, where: Where, lines: list[str]) -> None:
        self.index = index
        self.where = where
        self.lines = lines  # the block's, from the file's line where.line
        self.problems: list[Problem] = []
        self.used: Counter[str] = Counter()  # copies of each card drawn, by deck/card

    def error(self, where: Where, message: str) -> None:
        self.problems.append(Problem(where, f"diagram: {message}"))

    def printable(self, written: str, what: str, start: Where, one_line: bool = True) -> bool:
        """Whether ``written`` prints as written; what would not is said."""
        said = text_problems(written, what, start, self.lines, self.where.line, one_line)
        for where, message in said:
            self.error(where, message)
        return not said

    def scene(self, data: Any) -> Scene:
        if not isinstance(data, LDict):
            self.error(getattr(data, "where", self.where), "write a mapping with grid: …")
            return Scene(0, 0)
        for key in data:
            if key not in KEYS:
                hint = did_you_mean(key, KEYS, f"; allowed keys: {', '.join(KEYS)}")
                self.error(data.key_at(key), f"unknown key '{key}'{hint}")
        grid = data.get("grid")
        if (
            not isinstance(grid, LList)
            or not grid
            or not all(isinstance(r, LList) for r in grid)
            or not any(grid)  # rows without a single place: nothing to draw, no width
        ):
            self.error(
                place(data, "grid", data.where),
                "grid: is a list of rows, each a list of cells, e.g. [[main/mage, back]]",
            )
            return Scene(0, 0)
        scene = Scene(len(grid), max(len(row) for row in grid))
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                face = self.face(cell, row.at(c))
                if face is not None:
                    scene.faces[(r, c)] = face
        scene.pawns = [
            p
            for i, item in enumerate(self.items(data, "pawns"))
            if (p := self.pawn(item, data["pawns"].at(i), scene))
        ]
        scene.arrows = [
            a
            for i, item in enumerate(self.items(data, "arrows"))
            if (a := self.arrow(item, data["arrows"].at(i), scene))
        ]
        scene.labels = [
            lb
            for i, item in enumerate(self.items(data, "labels"))
            if (lb := self.label(item, data["labels"].at(i), scene))
        ]
        scene.highlight = [
            cell
            for i, item in enumerate(self.items(data, "highlight"))
            if (cell := self.cell(item, data["highlight"].at(i), scene)) is not None
        ]
        caption = data.get("caption", "")
        if not isinstance(caption, str):
            self.error(data.at("caption"), "caption: is one line of text")
        elif self.printable(caption, "the caption", data.at("caption"), one_line=False):
            scene.caption = caption_words(caption)
        width = data.get("card_width")
        if width is not None:
            if (
                isinstance(width, bool)
                or not isinstance(width, int | float)
                or not 10 <= width <= 90
            ):
                self.error(data.at("card_width"), "card_width: is a number of mm from 10 to 90")
            else:
                scene.card_width = float(width)
        gap = data.get("gap", GAP)
        if isinstance(gap, bool) or not isinstance(gap, int | float) or not 0 <= gap <= MAX_GAP:
            self.error(
                data.at("gap"),
                f"gap: is a number of mm from 0 to {MAX_GAP:g} (0: the cards touch, as tiles "
                "laid edge to edge)",
            )
        else:
            scene.gap = float(gap)
            scene.gap_at = data.at("gap") if "gap" in data else None
        return scene

    def items(self, data: LDict, key: str) -> list[Any]:
        value = data.get(key)
        if value is None:
            return []
        if not isinstance(value, LList):
            self.error(data.at(key), f"{key}: is a list")
            return []
        return list(value)

    def face(self, cell: Any, where: Where) -> Face | None:
        if cell is None:
            return None
        if not isinstance(cell, str):
            self.error(
                where, "a cell is deck/card, deck/field=value, back, back/deck, back/deck/card or ~"
            )
            return None
        if cell.startswith("back/") and cell.count("/") == 2:  # back/deck/card: its own back
            back = self.index.card_backs.get(cell[5:])
            if back is None:
                hint = did_you_mean(cell, [f"back/{name}" for name in self.index.card_backs])
                self.error(where, f"no card '{cell[5:]}' with a back{hint}")
            return back
        if cell == "back" or cell.startswith("back/"):
            deck = cell[5:] or next(iter(self.index.backs), "")
            back = self.index.backs.get(deck)
            if back is None:
                hint = did_you_mean(cell, [f"back/{name}" for name in self.index.backs])
                self.error(where, f"no deck '{deck}' with a back{hint}")
            return back
        if "=" in cell:
            info = self.query(cell, where)
        else:
            info = self.index.cards.get(cell)
            if info is None and (named := self.index.by_printed_name(cell)):
                self.error(where, f"no card '{cell}': " + name_said(cell, named, "a cell"))
            elif info is None:
                # the deck's cards, the decks, or a card of this game as the example
                hint = did_you_mean(cell, self.index.cards, self.index.not_there(cell))
                self.error(where, f"no card '{cell}'{hint}")
        if info is None:
            return None
        self.used[f"{info.deck.id}/{info.card.id}"] += 1
        return info.face

    def query(self, cell: str, where: Where) -> CardInfo | None:
        deck, _, wanted = cell.partition("/")
        cards = self.index.decks.get(deck)
        if cards is None:
            self.error(where, f"no deck '{deck}'{did_you_mean(deck, self.index.decks)}")
            return None
        terms, wrong = query_terms(cell)
        if wrong:
            self.error(where, wrong)
            return None
        fields = cards[0].values.keys() if cards else ()
        for name in terms:
            if name not in fields:
                self.error(
                    where, f"deck '{deck}' has no field '{name}'{did_you_mean(name, fields)}"
                )
                return None
        cards_of = self.index.cards
        spent = {ref for ref, drawn in self.used.items() if drawn >= cards_of[ref].card.count}
        info = self.index.query(cell, spent)
        if info is not None:
            return info
        if self.index.query(cell) is not None:  # there is one: every copy is drawn already
            self.error(where, f"every copy of the cards of deck '{deck}' with {wanted} is drawn")
        else:
            self.error(where, f"no card of deck '{deck}' has {wanted}")
        return None

    def cell(self, item: Any, where: Where, scene: Scene) -> Cell | None:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in item)
        ):
            self.error(where, "a place is [row, column], counted from 0 at the top left")
            return None
        r, c = item
        if not (0 <= r < scene.rows and 0 <= c < scene.cols):
            self.error(
                where,
                f"[{r}, {c}] is outside the {scene.rows}×{scene.cols} grid "
                f"(rows 0–{scene.rows - 1}, columns 0–{scene.cols - 1})",
            )
            return None
        return r, c

    def mapping(self, item: Any, where: Where, keys: tuple[str, ...], need: str) -> LDict | None:
        if not isinstance(item, LDict):
            self.error(where, f"write a mapping with {need}")
            return None
        for key in item:
            if key not in keys:
                hint = did_you_mean(key, keys, f"; allowed keys: {', '.join(keys)}")
                self.error(item.key_at(key), f"unknown key '{key}'{hint}")
        if need.split(":")[0] not in item:
            self.error(where, f"write {need}")
            return None
        return item

    def color(self, item: LDict, default: str) -> str:
        value = item.get("color", default)
        try:
            parse_hex(str(value))
        except ValueError:
            hint = colour_hint(value)  # red, rgb(…): the #rrggbb meant
            self.error(item.at("color"), f"color '{value}' is not #rrggbb{hint}")
            return default
        return str(value)

    def pawn(self, item: Any, where: Where, scene: Scene) -> Pawn | None:
        keys = ("at", "icon", "color", "label", "spot")
        node = self.mapping(item, where, keys, "at: [row, column]")
        if node is None:
            return None
        spot = str(node.get("spot", "low"))
        if spot not in SPOTS:
            said = f"spot '{spot}' is none of {', '.join(SPOTS)}{did_you_mean(spot, SPOTS)}"
            self.error(node.at("spot"), said)
            return None
        at = self.cell(node["at"], node.at("at"), scene)
        icon = str(node.get("icon", "chess-pawn"))
        if not self.index.icons.has(icon):
            if not self.index.icons.refused(icon):  # (a refused file is said at the file)
                self.error(node.at("icon"), self.index.icons.unknown_message(icon))
            return None
        default = self.index.icon_colors.get(icon, PAWN_COLOR)
        color = self.color(node, default)
        label = self.one_line(node, "label", "a pawn's label:") if "label" in node else ""
        if at is None or label is None:
            return None
        return Pawn(at, icon, color, label, spot, node.at("label") if label else None)

    def arrow(self, item: Any, where: Where, scene: Scene) -> Arrow | None:
        keys = ("from", "to", "path", "color", "start")
        if isinstance(item, LDict) and "path" in item:
            node = self.mapping(item, where, keys, "path: [[row, column], …]")
            points = node.get("path") if node else None
            if node is None or not isinstance(points, LList) or len(points) < 2:
                self.error(where, "path: lists two places or more")
                return None
            cells = [self.cell(p, points.at(i), scene) for i, p in enumerate(points)]
        else:
            node = self.mapping(item, where, keys, "from: [row, column] and to:")
            if node is None:
                return None
            if "to" not in node:
                self.error(where, "write to: [row, column]")
                return None
            cells = [self.cell(node["from"], node.at("from"), scene)]
            cells.append(self.cell(node["to"], node.at("to"), scene))
        start = str(node.get("start", "pawn"))
        if start not in STARTS:
            said = f"start '{start}' is none of {', '.join(STARTS)}{did_you_mean(start, STARTS)}"
            self.error(node.at("start"), said)
            return None
        if any(c is None for c in cells):
            return None
        places = [c for c in cells if c is not None]
        twice = next((a for a, b in pairwise(places) if a == b), None)
        if twice is not None:  # an arrow of no length
            self.error(
                where,
                f"the arrow goes from [{twice[0]}, {twice[1]}] to the same place; an arrow "
                "leads from one place to another",
            )
            return None
        return Arrow(places, self.color(node, ARROW), start)

    def label(self, item: Any, where: Where, scene: Scene) -> Label | None:
        node = self.mapping(item, where, ("at", "text"), "at: [row, column] and text:")
        if node is None:
            return None
        at = self.cell(node["at"], node.at("at"), scene)
        if "text" not in node:
            self.error(where, "write text: …")
            return None
        words = self.one_line(node, "text", "a label's text:")
        return None if at is None or words is None else Label(at, words, node.at("text"))

    def one_line(self, node: LDict, key: str, what: str) -> str | None:
        """A short text drawn on one line (a label, a pawn's name tag), or None said."""
        value = node[key]
        if value is None or isinstance(value, list | dict | bool):
            # printed as Python writes it: ['a', 'b'], {'a': 1}, None, True
            self.error(node.at(key), f"{what} is one line of text (in quotes)")
            return None
        return str(value) if self.printable(str(value), what[:-1], node.at(key)) else None
