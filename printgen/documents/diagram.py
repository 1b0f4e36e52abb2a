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

A cell names a card as ``deck/card``, or as ``deck/field=value&field=value`` — the first card
of the deck whose values match and that the diagram has not drawn yet (no card id has a '=';
plain YAML takes the form unquoted, in flow lists too) (a scene that must show
"a Knight with the switch ON" keeps showing one when the deck is regenerated). Every problem is
reported at its line and column inside the Markdown file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.platypus import Flowable

from printgen.documents.cards import CardIndex, CardInfo
from printgen.documents.flow import CardPicture, RichText, TextStyle
from printgen.icons.geometry import parse_hex
from printgen.layout import text
from printgen.layout.face import Face
from printgen.model.units import pt
from printgen.problems import Problem, ProjectError, Where
from printgen.source.located_yaml import LDict, LList, place, read_yaml_text
from printgen.source.readers import did_you_mean

KEYS = ("grid", "pawns", "arrows", "highlight", "labels", "caption", "card_width")
GAP = 3.0  # mm between cards
MAX_CARD = 34.0  # mm: a scene shows the table, not the card's small print
LABEL_SIZE = 7.5  # pt: well above the 6 pt floor of every document
ARROW = "#d9480f"
HIGHLIGHT = "#f2a900"
PAWN_COLOR = "#333333"

Cell = tuple[int, int]


@dataclass
class Pawn:
    at: Cell
    icon: str
    color: str
    label: str = ""


@dataclass
class Arrow:
    path: list[Cell]
    color: str = ARROW


@dataclass
class Label:
    at: Cell
    text: str


@dataclass
class Scene:
    rows: int
    cols: int
    faces: dict[Cell, Face] = field(default_factory=dict)
    pawns: list[Pawn] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    highlight: list[Cell] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    caption: str = ""
    card_width: float | None = None  # mm


def read_scene(content: str, rel: str, first_line: int, index: CardIndex) -> Scene:
    """The scene of a block whose YAML starts at ``first_line`` of ``rel``; ProjectError with
    every problem found otherwise."""
    data = read_yaml_text(content, rel, first_line)
    reader = _Reader(index, Where(rel, first_line, 1))
    scene = reader.scene(data)
    if reader.problems:
        raise ProjectError(reader.problems)
    return scene


class _Reader:
    def __init__(self, index: CardIndex, where: Where) -> None:
        self.index = index
        self.where = where
        self.problems: list[Problem] = []
        self.used: set[str] = set()

    def error(self, where: Where, message: str) -> None:
        self.problems.append(Problem(where, f"diagram: {message}"))

    def scene(self, data: Any) -> Scene:
        if not isinstance(data, LDict):
            self.error(getattr(data, "where", self.where), "write a mapping with grid: …")
            return Scene(0, 0)
        for key in data:
            if key not in KEYS:
                hint = did_you_mean(key, KEYS, f"; allowed keys: {', '.join(KEYS)}")
                self.error(data.key_at(key), f"unknown key '{key}'{hint}")
        grid = data.get("grid")
        if not isinstance(grid, LList) or not grid or not all(isinstance(r, LList) for r in grid):
            self.error(
                place(data, "grid", data.where),
                "grid: is a list of rows, each a list of cells, e.g. [[main/monk, back]]",
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
        else:
            scene.caption = caption
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
            self.error(where, "a cell is deck/card, deck/field=value, back, back/deck or ~")
            return None
        if cell == "back" or cell.startswith("back/"):
            deck = cell[5:] or next(iter(self.index.backs), "")
            back = self.index.backs.get(deck)
            if back is None:
                hint = did_you_mean(deck, self.index.backs, "", "back/")
                self.error(where, f"no deck '{deck}' with a back{hint}")
            return back
        if "=" in cell:
            info = self.query(cell, where)
        else:
            info = self.index.cards.get(cell)
            if info is None:
                hint = did_you_mean(cell, self.index.cards, "; write deck/card, e.g. main/monk")
                self.error(where, f"no card '{cell}'{hint}")
        if info is None:
            return None
        self.used.add(f"{info.deck.id}/{info.card.id}")
        return info.face

    def query(self, cell: str, where: Where) -> CardInfo | None:
        deck, _, wanted = cell.partition("/")
        cards = self.index.decks.get(deck)
        if cards is None:
            self.error(where, f"no deck '{deck}'{did_you_mean(deck, self.index.decks)}")
            return None
        terms: dict[str, str] = {}
        for term in wanted.split("&"):
            name, eq, value = term.partition("=")
            if not eq or not name:
                self.error(where, f"'{term}' is not field=value")
                return None
            terms[name.strip()] = value.strip()
        fields = cards[0].values.keys() if cards else ()
        for name in terms:
            if name not in fields:
                self.error(
                    where, f"deck '{deck}' has no field '{name}'{did_you_mean(name, fields)}"
                )
                return None
        info = self.index.query(cell, self.used)
        if info is not None:
            return info
        self.error(where, f"no card of deck '{deck}' (not already drawn) has {wanted}")
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
            self.error(item.at("color"), f"color '{value}' is not #rrggbb")
            return default
        return str(value)

    def pawn(self, item: Any, where: Where, scene: Scene) -> Pawn | None:
        node = self.mapping(item, where, ("at", "icon", "color", "label"), "at: [row, column]")
        if node is None:
            return None
        at = self.cell(node["at"], node.at("at"), scene)
        icon = str(node.get("icon", "chess-pawn"))
        if not self.index.icons.has(icon):
            self.error(node.at("icon"), self.index.icons.unknown_message(icon))
            return None
        default = self.index.icon_colors.get(icon, PAWN_COLOR)
        color = self.color(node, default)
        return None if at is None else Pawn(at, icon, color, str(node.get("label", "")))

    def arrow(self, item: Any, where: Where, scene: Scene) -> Arrow | None:
        keys = ("from", "to", "path", "color")
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
        if any(c is None for c in cells):
            return None
        return Arrow([c for c in cells if c is not None], self.color(node, ARROW))

    def label(self, item: Any, where: Where, scene: Scene) -> Label | None:
        node = self.mapping(item, where, ("at", "text"), "at: [row, column] and text:")
        if node is None:
            return None
        at = self.cell(node["at"], node.at("at"), scene)
        if "text" not in node:
            self.error(where, "write text: …")
            return None
        return None if at is None else Label(at, str(node["text"]))


class Diagram(Flowable):  # type: ignore[misc]
    """The scene, centred in the column: cards, highlights, pawns, arrows, then labels."""

    def __init__(self, scene: Scene, index: CardIndex, caption: TextStyle) -> None:
        super().__init__()
        self.scene = scene
        self.index = index
        self.caption = RichText(text.parse(scene.caption, index.icons.has), caption)
        sample = next(iter(scene.faces.values()), None)
        self.card_w = sample.width_mm if sample else 63.0
        self.card_h = sample.height_mm if sample else 88.0
        self.keepWithNext = False

    def narrow_width(self, avail: float) -> float | None:
        """The width to set the scene beside the text before it, when it is narrow enough
        (at most half the column); None to set it below, across the column."""
        card = self._card_width(avail)
        grid = pt(card * self.scene.cols + GAP * (self.scene.cols - 1))
        return grid + pt(2) if grid <= 0.5 * avail else None

    def text_flowables(self) -> list[Flowable]:
        return [self.caption] if self.scene.caption else []

    def _card_width(self, avail: float) -> float:
        cols = self.scene.cols
        fit = (avail / pt(1) - GAP * (cols - 1)) / cols
        return min(self.scene.card_width or MAX_CARD, fit, self.card_w)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.cw = self._card_width(avail_width)
        self.ch = self.cw * self.card_h / self.card_w
        self.grid_w = pt(self.cw * self.scene.cols + GAP * (self.scene.cols - 1))
        # a row with labels gets a line under its cards for them
        labelled = {label.at[0] for label in self.scene.labels}
        self.row_tops = []
        top = 0.0
        for r in range(self.scene.rows):
            self.row_tops.append(top)
            top += pt(self.ch + GAP) + (LABEL_SIZE * 1.8 if r in labelled else 0.0)
        self.grid_h = top - pt(GAP)
        cap_h = self.caption.wrap(avail_width, avail_height)[1] if self.scene.caption else 0.0
        self.cap_h = cap_h + (pt(2.5) if cap_h else 0.0)
        self.width = avail_width
        self.height = self.grid_h + self.cap_h + pt(2)  # room for the highlight's outline
        return self.width, self.height

    def cell_box(self, cell: Cell) -> tuple[float, float, float, float]:
        """The cell's card rectangle (x, y, w, h) in points from the flowable's origin."""
        r, c = cell
        left = (self.width - self.grid_w) / 2 + pt(c * (self.cw + GAP))
        top = self.height - pt(1) - self.row_tops[r]
        return left, top - pt(self.ch), pt(self.cw), pt(self.ch)

    def centre(self, cell: Cell) -> tuple[float, float]:
        x, y, w, h = self.cell_box(cell)
        return x + w / 2, y + h / 2

    def draw(self) -> None:
        canvas = self.canv
        for cell, face in sorted(self.scene.faces.items()):
            x, y, _, _ = self.cell_box(cell)
            CardPicture(face, self.cw).drawOn(canvas, x, y)
        for cell in self.scene.highlight:
            self._highlight(cell)
        self._pawns()
        for arrow in self.scene.arrows:
            self._arrow(arrow)
        for label in self.scene.labels:
            self._label(label)
        if self.scene.caption:
            self.caption.wrap(self.width, self.cap_h)
            self.caption.drawOn(canvas, 0, 0)

    def _highlight(self, cell: Cell) -> None:
        x, y, w, h = self.cell_box(cell)
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(HIGHLIGHT)
        if cell not in self.scene.faces:  # an empty place: where a card goes
            canvas.setDash([4, 3])
            canvas.setFillColor("#fff4d6")
            canvas.roundRect(x, y, w, h, pt(2), stroke=1, fill=1)
        canvas.setLineWidth(2.2)
        canvas.roundRect(x - 1.6, y - 1.6, w + 3.2, h + 3.2, pt(2.5), stroke=1, fill=0)
        canvas.restoreState()

    def pawn_radius(self) -> float:
        return pt(min(self.cw, self.ch)) * 0.17

    def pawn_spot(self, cell: Cell) -> tuple[float, float]:
        """Where a pawn stands on its card: low and to the right, where cards keep their
        least-read print, so the values an example talks about stay visible."""
        x, y, w, h = self.cell_box(cell)
        return x + w * 0.7, y + h * 0.3

    def _pawns(self) -> None:
        canvas = self.canv
        radius = self.pawn_radius()
        by_cell: dict[Cell, list[Pawn]] = {}
        for pawn in self.scene.pawns:
            by_cell.setdefault(pawn.at, []).append(pawn)
        for cell, pawns in by_cell.items():
            cx, cy = self.pawn_spot(cell)
            cx -= (len(pawns) - 1) * radius * 1.1
            for i, pawn in enumerate(pawns):
                dx = (i - (len(pawns) - 1) / 2) * radius * 2.2
                canvas.saveState()
                canvas.setFillColor("#ffffff")
                canvas.setStrokeColor(pawn.color)
                canvas.setLineWidth(1.6)
                canvas.circle(cx + dx, cy, radius, stroke=1, fill=1)
                canvas.restoreState()
                size = radius * 1.45
                self.index.icons.draw(
                    canvas, pawn.icon, cx + dx - size / 2, cy - size / 2, size, pawn.color
                )
                if pawn.label:
                    self._tag(cx + dx, cy - radius - LABEL_SIZE * 1.1, pawn.label, pawn.color)

    def _arrow(self, arrow: Arrow) -> None:
        canvas = self.canv
        points = [self.centre(cell) for cell in arrow.path]
        inset = self.pawn_radius() * 1.1
        points[0] = _towards(points[0], points[1], inset)
        points[-1] = _towards(points[-1], points[-2], inset)
        canvas.saveState()
        canvas.setStrokeColor(arrow.color)
        canvas.setFillColor(arrow.color)
        canvas.setLineWidth(2.4)
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        head = 8.0
        tip = points[-1]
        base = _towards(tip, points[-2], head * 0.8)
        path = canvas.beginPath()
        path.moveTo(*points[0])
        for point in [*points[1:-1], base]:
            path.lineTo(*point)
        canvas.drawPath(path, stroke=1, fill=0)
        ux, uy = _unit(points[-2], tip)
        wing = head * 0.55
        triangle = canvas.beginPath()
        triangle.moveTo(*tip)
        triangle.lineTo(tip[0] - ux * head - uy * wing, tip[1] - uy * head + ux * wing)
        triangle.lineTo(tip[0] - ux * head + uy * wing, tip[1] - uy * head - ux * wing)
        triangle.close()
        canvas.drawPath(triangle, stroke=0, fill=1)
        canvas.restoreState()

    def _label(self, label: Label) -> None:
        x, y, w, _ = self.cell_box(label.at)
        canvas = self.canv
        canvas.saveState()
        half = canvas.stringWidth(label.text, "VeraBd", LABEL_SIZE) / 2 + 2
        canvas.setFillColor("#ffffff")  # arrows pass under a label, never through its words
        canvas.rect(
            x + w / 2 - half, y - pt(1) - LABEL_SIZE * 1.3, 2 * half, LABEL_SIZE * 1.4, 0, 1
        )
        canvas.setFillColor("#1a1a1a")
        canvas.setFont("VeraBd", LABEL_SIZE)
        canvas.drawCentredString(x + w / 2, y - pt(1) - LABEL_SIZE, label.text)
        canvas.restoreState()

    def _tag(self, cx: float, bottom: float, words: str, color: str) -> None:
        """A short text on a white rounded tag centred at ``cx``."""
        canvas = self.canv
        width = canvas.stringWidth(words, "VeraBd", LABEL_SIZE) + 6
        canvas.saveState()
        canvas.setFillColor("#ffffff")
        canvas.setStrokeColor(color)
        canvas.setLineWidth(0.6)
        canvas.roundRect(cx - width / 2, bottom, width, LABEL_SIZE * 1.45, 2.5, stroke=1, fill=1)
        canvas.setFillColor(color)
        canvas.setFont("VeraBd", LABEL_SIZE)
        canvas.drawCentredString(cx, bottom + LABEL_SIZE * 0.42, words)
        canvas.restoreState()


def _unit(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return dx / length, dy / length


def _towards(
    a: tuple[float, float], b: tuple[float, float], distance: float
) -> tuple[float, float]:
    ux, uy = _unit(a, b)
    return a[0] + ux * distance, a[1] + uy * distance


@dataclass
class DiagramBlocks:
    """The fence handler of one document: the n-th ``diagram`` block rendered is the n-th in
    the prose file, so its problems point at the file's own lines."""

    index: CardIndex
    rel: str
    source: str  # the prose file's text, before templating
    caption: TextStyle
    count: int = 0
    problems: list[Problem] = field(default_factory=list)

    def fence_lines(self) -> list[int]:
        lines = self.source.splitlines()
        return [
            number
            for number, line in enumerate(lines, start=1)
            if line.strip().startswith(("```diagram", "~~~diagram"))
        ]

    def __call__(self, content: str) -> list[Flowable]:
        fences = self.fence_lines()
        first = fences[self.count] + 1 if self.count < len(fences) else 1
        self.count += 1
        try:
            scene = read_scene(content, self.rel, first, self.index)
        except ProjectError as exc:
            self.problems.extend(p for p in exc.problems if p not in self.problems)
            return []
        return [Diagram(scene, self.index, self.caption)]
