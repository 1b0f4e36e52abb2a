"""The ``diagram`` block drawn: a scene (see scene.py for its YAML) with the real card faces,
highlights, pawns, arrows and labels, scaled to the column."""

from __future__ import annotations

import math
from dataclasses import replace

from printgen.documents.cards import CardIndex
from printgen.documents.diagram_arrows import crosses, draw_arrow, laid_arrow
from printgen.documents.flow import CardPicture, RichText, TextStyle
from printgen.documents.platypus import Flowable
from printgen.documents.scene import SPOTS, Arrow, Cell, Label, Pawn, Scene
from printgen.layout import text
from printgen.layout.color import color as to_color
from printgen.model.units import pt
from printgen.problems import Problem, Severity, Where

MAX_CARD = 34.0  # mm: a scene shows the table, not the card's small print
SMALLEST = 0.7  # of its card width, a diagram shrunk to stay on a page (printgen.documents.fitting)
LABEL_SIZE = 7.5  # pt: well above the 6 pt floor of every document
NARROWEST = 8.0  # mm: a card narrower than this in a scene shows nothing a reader can tell
HIGHLIGHT = "#f2a900"
TIGHT = 0.9  # of its card width, each diagram in a rulebook laid out with less air (a page saved)


class Diagram(Flowable):  # type: ignore[misc]
    """The scene, centred in the column: cards, highlights, arrows, pawns, then labels."""

    def __init__(
        self,
        scene: Scene,
        index: CardIndex,
        caption: TextStyle,
        where: Where | None = None,
        problems: list[Problem] | None = None,
        scale: float = 1.0,
    ) -> None:
        super().__init__()
        self.scene = scene
        self.scale = scale  # of the width its scene asks for (TIGHT in a tightened rulebook)
        self.where = where  # its fence in the prose file, for a diagram no page can hold
        self.problems = problems if problems is not None else []
        self.index = index
        runs = [replace(run, italic=True) for run in text.parse(scene.caption, index.icons.has)]
        self.caption = RichText(runs, caption)
        # every card at one scale, so a mini card looks smaller than a tarot one beside it;
        # a place holds the widest and tallest card of the scene, a smaller one centred in it
        faces = list(scene.faces.values())
        self.card_w = max((face.width_mm for face in faces), default=63.0)
        self.card_h = max((face.height_mm for face in faces), default=88.0)
        self.keepWithNext = False
        self.limit: float | None = None  # mm: the card width when shrunk to fit a page

    def shrink_by(self, excess: float, avail_width: float) -> bool:
        """Cards narrow enough to take ``excess`` points off the height, if no narrower than
        SMALLEST of their width (the height is linear in the card width)."""
        natural = self._card_width(avail_width, limit=False)
        rows = self.scene.rows
        per_mm = rows * pt(1) * self.card_h / self.card_w  # points of height a card mm adds
        width = (self.limit or natural) - excess / per_mm - 0.01
        if width < SMALLEST * natural:
            return False
        self.limit = width
        return True

    def unshrink(self) -> None:
        self.limit = None

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Alone at a page's foot: smaller when moving would leave the page half empty."""
        from printgen.documents.fitting import page_would_be_left_half_empty

        height = self.wrap(avail_width, avail_height)[1]
        if page_would_be_left_half_empty(self, avail_height) and self.shrink_by(
            height - avail_height, avail_width
        ):
            return [self]
        frame = getattr(self, "_frame", None)
        if frame is not None and getattr(frame, "_atTop", False) and self.where is not None:
            # a whole page cannot hold it even smaller: said at its fence, and left out so the
            # rest of the document is still laid out and checked
            self._said(
                f"diagram: its {self.scene.rows} rows of cards are taller than a page, even "
                f"at {SMALLEST:.0%} of their size; use fewer rows or a smaller card_width"
            )
            return [_Nothing()]
        return []

    def _said(
        self, message: str, where: Where | None = None, severity: Severity = Severity.ERROR
    ) -> None:
        """A problem of the scene, at ``where`` (else its fence), once however often it is laid
        out."""
        where = where or self.where
        if where is None:
            return
        problem = Problem(where, message, severity)
        if problem not in self.problems:
            self.problems.append(problem)

    def narrow_width(self, avail: float) -> float | None:
        """The width to set the scene beside the text before it, when it is narrow enough
        (at most half the column); None to set it below, across the column."""
        card = self._card_width(avail)
        grid = pt(card * self.scene.cols + self.scene.gap * (self.scene.cols - 1))
        return grid + pt(2) if grid <= 0.5 * avail else None

    def getSpaceAfter(self) -> float:
        """A caption ends the scene as a paragraph ends: with its space after it (without, the
        next paragraph or scene started 2 pt under the caption)."""
        return self.caption.style.space_after if self.scene.caption else 0.0

    def text_flowables(self) -> list[Flowable]:
        return [self.caption] if self.scene.caption else []

    def _card_width(self, avail: float, limit: bool = True) -> float:
        cols = self.scene.cols
        fit = (avail / pt(1) - self.scene.gap * (cols - 1)) / cols
        natural = min((self.scene.card_width or MAX_CARD) * self.scale, fit, self.card_w)
        return min(natural, self.limit) if limit and self.limit else natural

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.cw = self._card_width(avail_width)
        if self.cw < NARROWEST:  # so many columns (or such gaps) that the cards would vanish
            self._too_narrow(avail_width)
            self.cw = NARROWEST
        self.ch = self.cw * self.card_h / self.card_w
        self.grid_w = pt(self.cw * self.scene.cols + self.scene.gap * (self.scene.cols - 1))
        # a row with labels gets a line under its cards for them
        labelled = {label.at[0] for label in self.scene.labels}
        self.row_tops = []
        top = 0.0
        for r in range(self.scene.rows):
            self.row_tops.append(top)
            top += pt(self.ch + self.scene.gap) + (LABEL_SIZE * 1.8 if r in labelled else 0.0)
        self.grid_h = top - pt(self.scene.gap)
        cap_h = self.caption.wrap(avail_width, avail_height)[1] if self.scene.caption else 0.0
        self.cap_h = cap_h + (pt(2.5) if cap_h else 0.0)
        self.width = avail_width
        self.height = self.grid_h + self.cap_h + pt(2)  # room for the highlight's outline
        self._labels_fit()
        return self.width, self.height

    def _too_narrow(self, avail_width: float) -> None:
        """Said when the cards would be narrower than NARROWEST: of the gaps between them, when
        a smaller gap would make room (at the gap: what to lower), else of the columns."""
        cols, gap = self.scene.cols, self.scene.gap
        widest = (avail_width / pt(1) - NARROWEST * cols) / (cols - 1) if cols > 1 else -1.0
        if gap > 0 and widest >= 0:
            self._said(
                f"diagram: gap: {gap:g} mm between its {cols} columns of cards leaves each card "
                f"narrower than {NARROWEST:g} mm in the page's column; lower gap: to "
                f"{math.floor(widest * 10) / 10:g} mm or less, or use fewer columns",
                self.scene.gap_at,
            )
            return
        self._said(
            f"diagram: its {cols} columns of cards do not fit the page's column: each card would "
            f"be narrower than {NARROWEST:g} mm; use fewer columns"
        )

    def _labels_fit(self) -> None:
        """A label is centred under its card, a pawn's name tag under the pawn: one wider than
        the column would run off the page (said at its text, as text past the margin is
        anywhere else)."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        for label in self.scene.labels:
            r, c = label.at
            centre = (self.width - self.grid_w) / 2 + pt(
                c * (self.cw + self.scene.gap) + self.cw / 2
            )
            half = stringWidth(label.text, "VeraBd", LABEL_SIZE) / 2 + 2
            if centre - half < -0.5 or centre + half > self.width + 0.5:
                self._said(
                    f"diagram: the label at [{r}, {c}] runs past the page's column; shorten it "
                    "(a label is a short line under its card)",
                    label.where,
                )
        for pawn, (cx, _) in self._every_pawn():
            half = stringWidth(pawn.label, "VeraBd", LABEL_SIZE) / 2 + 3
            if pawn.label and (cx - half < -0.5 or cx + half > self.width + 0.5):
                r, c = pawn.at
                self._said(
                    f"diagram: the label of the pawn at [{r}, {c}] runs past the page's column; "
                    "shorten it (a pawn's label is a short name on a tag under the pawn)",
                    pawn.label_at,
                )

    def cell_box(self, cell: Cell) -> tuple[float, float, float, float]:
        """The card rectangle (x, y, w, h) in points from the flowable's origin: the cell's
        card, at the scene's scale and centred in its place; an empty place's whole room."""
        r, c = cell
        left = (self.width - self.grid_w) / 2 + pt(c * (self.cw + self.scene.gap))
        top = self.height - pt(1) - self.row_tops[r]
        face = self.scene.faces.get(cell)
        if face is None:
            return left, top - pt(self.ch), pt(self.cw), pt(self.ch)
        scale = self.cw / self.card_w
        w, h = face.width_mm * scale, face.height_mm * scale
        return left + pt(self.cw - w) / 2, top - pt(self.ch + h) / 2, pt(w), pt(h)

    def centre(self, cell: Cell) -> tuple[float, float]:
        x, y, w, h = self.cell_box(cell)
        return x + w / 2, y + h / 2

    def draw(self) -> None:
        canvas = self.canv
        for cell, face in sorted(self.scene.faces.items()):
            x, y, w, _ = self.cell_box(cell)
            CardPicture(face, w / pt(1)).drawOn(canvas, x, y)
        for cell in self.scene.highlight:
            self._highlight(cell)
        # a pawn's move starts under the pawn: its disc and name tag stay whole on top
        laid = [(arrow, *laid_arrow(self, arrow)) for arrow in self.scene.arrows]
        for arrow, points, clear in laid:
            if clear:
                draw_arrow(self, points, arrow.color)
        self._pawns()
        for label in self.scene.labels:
            self._label_box(label)
        for arrow, points, clear in laid:
            if not clear:  # over the label's box, under its words: no shaft hidden
                draw_arrow(self, points, arrow.color)
                self._hidden(arrow)
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

    def pawn_spot(self, cell: Cell, spot: str = "low") -> tuple[float, float]:
        """Where a pawn stands on its card: low and to the right, where cards keep their
        least-read print, so the values an example talks about stay visible — or where the
        pawn's ``spot:`` says (over the picture, of cards whose text is low)."""
        x, y, w, h = self.cell_box(cell)
        across, down = SPOTS[spot]
        return x + w * across, y + h * (1 - down)

    def _every_pawn(self) -> list[tuple[Pawn, tuple[float, float]]]:
        """Each pawn and where it stands: the pawns on a card side by side."""
        by_cell: dict[Cell, list[Pawn]] = {}
        for pawn in self.scene.pawns:
            by_cell.setdefault(pawn.at, []).append(pawn)
        return [
            (pawn, centre)
            for cell, pawns in by_cell.items()
            for pawn, centre in zip(pawns, self.pawn_centres(cell, pawns), strict=True)
        ]

    def _pawns(self) -> None:
        canvas = self.canv
        radius = self.pawn_radius()
        for pawn, (cx, cy) in self._every_pawn():
            canvas.saveState()
            canvas.setFillColor("#ffffff")
            canvas.setStrokeColor(to_color(pawn.color))
            canvas.setLineWidth(1.6)
            canvas.circle(cx, cy, radius, stroke=1, fill=1)
            canvas.restoreState()
            size = radius * 1.45
            self.index.icons.draw(canvas, pawn.icon, cx - size / 2, cy - size / 2, size, pawn.color)
            if pawn.label:
                self._tag(cx, cy - radius - LABEL_SIZE * 1.1, pawn.label, pawn.color)

    def pawn_centres(self, cell: Cell, pawns: list[Pawn]) -> list[tuple[float, float]]:
        """Where the pawns on a card stand: side by side about their spot."""
        radius = self.pawn_radius()
        cx, cy = self.pawn_spot(cell, pawns[0].spot)
        cx -= (len(pawns) - 1) * radius * 1.1
        return [(cx + (i - (len(pawns) - 1) / 2) * radius * 2.2, cy) for i in range(len(pawns))]

    def label_box(self, label: Label) -> tuple[float, float, float, float]:
        """The white box (x, y, w, h) a label's words stand on, centred under its card."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        x, y, w, _ = self.cell_box(label.at)
        half = stringWidth(label.text, "VeraBd", LABEL_SIZE) / 2 + 2
        return x + w / 2 - half, y - pt(1) - LABEL_SIZE * 1.3, 2 * half, LABEL_SIZE * 1.4

    def _label_box(self, label: Label) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor("#ffffff")  # arrows pass beside a label, never through its words
        canvas.rect(*self.label_box(label), 0, 1)
        canvas.restoreState()

    def _label(self, label: Label) -> None:
        x, y, w, _ = self.cell_box(label.at)
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor("#1a1a1a")
        canvas.setFont("VeraBd", LABEL_SIZE)
        canvas.drawCentredString(x + w / 2, y - pt(1) - LABEL_SIZE, label.text)
        canvas.restoreState()

    def _hidden(self, arrow: Arrow) -> None:
        """Said of an arrow no sideways move takes past the labels: at the label in its way."""
        points = laid_arrow(self, arrow)[0]
        label = next(label for label in self.scene.labels if crosses(points, self.label_box(label)))
        (r0, c0), (r1, c1) = arrow.path[0], arrow.path[-1]
        self._said(
            f"diagram: the label at [{label.at[0]}, {label.at[1]}] lies across the arrow from "
            f"[{r0}, {c0}] to [{r1}, {c1}], and the arrow cannot pass beside it; shorten the "
            "label, or move the cards further apart (a wider gap:, or an empty place between)",
            label.where,
            Severity.WARNING,
        )

    def _tag(self, cx: float, bottom: float, words: str, ink: str) -> None:
        """A short text on a white rounded tag centred at ``cx``."""
        canvas = self.canv
        width = canvas.stringWidth(words, "VeraBd", LABEL_SIZE) + 6
        canvas.saveState()
        canvas.setFillColor("#ffffff")
        canvas.setStrokeColor(to_color(ink))
        canvas.setLineWidth(0.6)
        canvas.roundRect(cx - width / 2, bottom, width, LABEL_SIZE * 1.45, 2.5, stroke=1, fill=1)
        canvas.setFillColor(to_color(ink))
        canvas.setFont("VeraBd", LABEL_SIZE)
        canvas.drawCentredString(cx, bottom + LABEL_SIZE * 0.42, words)
        canvas.restoreState()


class _Nothing(Flowable):  # type: ignore[misc]
    """What stands for a diagram no page can hold: nothing to draw, no room taken."""

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0.0, 0.0

    def draw(self) -> None:
        return None
