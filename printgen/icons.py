"""Vector icon set for printgen: bold board-game pictograms drawn with ReportLab paths.

Every icon is designed in a 100 x 100 unit square (y up) and scaled into the caller's
box, so one drawing serves 3 mm inline icons and 20 mm card icons alike.  Icons are
silhouettes in the requested colour; inner details are white (or a light tint of the
colour) and always lie inside the silhouette, so an icon reads the same on white and
on pastel card backgrounds.  A clip to the box guarantees nothing is drawn outside it.

Import cost matters (the CLI start-up time is measured), so this module imports no
ReportLab code at import time: the canvas is duck-typed and ``stringWidth`` is
imported lazily, only when a label is drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
    from typing_extensions import TypeIs
else:  # the annotation is only for readers and type checkers
    Canvas = Any

__all__ = ["ICON_NAMES", "LABEL_ICONS", "draw_icon", "has_icon"]

# reportlab.pdfgen.canvas.FILL_NON_ZERO; copied so importing this module stays free.
# Non-zero winding lets a shape be a union of same-direction sub-paths, with holes
# cut by sub-paths of the opposite direction (see _Shape.outline).
_NON_ZERO = 1
_ROUND = 1  # PDF round line cap / line join

Pt = tuple[float, float]
Curve = tuple[Pt, Pt, Pt]  # control 1, control 2, end point of a cubic Bézier
Seg = Pt | Curve
Rgb = tuple[float, float, float]
_Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: _Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
WHITE: Rgb = (1.0, 1.0, 1.0)


def _is_curve(seg: Seg) -> TypeIs[Curve]:
    return isinstance(seg[0], tuple)


def _compose(m: _Matrix, n: _Matrix) -> _Matrix:
    """Matrix m after n (apply n first)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def _on(cx: float, cy: float, rx: float, ry: float, deg: float) -> Pt:
    """Point at angle `deg` (counter-clockwise from +x) on an ellipse."""
    t = math.radians(deg)
    return (cx + rx * math.cos(t), cy + ry * math.sin(t))


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> list[Seg]:
    """Bézier segments of an elliptic arc from a0 to a1 degrees (start point excluded)."""
    n = max(1, math.ceil(abs(a1 - a0) / 90.0 - 1e-9))
    step = (a1 - a0) / n
    k = 4.0 / 3.0 * math.tan(math.radians(step) / 4.0)
    segs: list[Seg] = []
    for i in range(n):
        t0 = math.radians(a0 + i * step)
        t1 = math.radians(a0 + (i + 1) * step)
        x0, y0 = cx + rx * math.cos(t0), cy + ry * math.sin(t0)
        x1, y1 = cx + rx * math.cos(t1), cy + ry * math.sin(t1)
        c1 = (x0 - k * rx * math.sin(t0), y0 + k * ry * math.cos(t0))
        c2 = (x1 + k * rx * math.sin(t1), y1 - k * ry * math.cos(t1))
        segs.append((c1, c2, (x1, y1)))
    return segs


def _regular(cx: float, cy: float, r: float, n: int, start: float = 90.0) -> list[Pt]:
    """Vertices of a regular n-gon, the first at angle `start`."""
    return [_on(cx, cy, r, r, start + 360.0 * i / n) for i in range(n)]


def _star(cx: float, cy: float, r_out: float, r_in: float, n: int, start: float = 90.0) -> list[Pt]:
    pts: list[Pt] = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        pts.append(_on(cx, cy, r, r, start + 180.0 * i / n))
    return pts


def _lerp(p: Pt, q: Pt, t: float) -> Pt:
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def _mirror(start: Pt, segs: Sequence[Seg], axis: float = 50.0) -> list[Seg]:
    """The other half of a symmetric outline.

    `start` + `segs` trace one half (say the right one, top to bottom); the result
    traces the mirror image back from the bottom to the top, so that
    ``outline(start, segs + _mirror(start, segs))`` closes the whole shape.
    """
    _, back = _reverse(start, list(segs))

    def flip(p: Pt) -> Pt:
        return (2 * axis - p[0], p[1])

    return [(flip(s[0]), flip(s[1]), flip(s[2])) if _is_curve(s) else flip(s) for s in back]


class _Shape:
    """A compound path; sub-paths are normalised so that fills are unions (non-zero
    winding, all counter-clockwise) and `hole=True` sub-paths are cut out."""

    def __init__(self, canvas: Canvas) -> None:
        self.path: Any = canvas.beginPath()
        self._m = _IDENTITY

    @contextmanager
    def at(
        self,
        dx: float = 0.0,
        dy: float = 0.0,
        rot: float = 0.0,
        sx: float = 1.0,
        sy: float | None = None,
    ) -> Iterator[None]:
        """Place what is added inside the block: scale, then rotate (degrees), then move."""
        old = self._m
        t = math.radians(rot)
        co, si = math.cos(t), math.sin(t)
        ys = sx if sy is None else sy
        self._m = _compose(old, (co * sx, si * sx, -si * ys, co * ys, dx, dy))
        try:
            yield
        finally:
            self._m = old

    def _map(self, p: Pt) -> Pt:
        a, b, c, d, e, f = self._m
        return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)

    def outline(self, start: Pt, segs: Sequence[Seg], hole: bool = False) -> _Shape:
        """Add a closed sub-path: start point, then line end points or Bézier curves."""
        p0 = self._map(start)
        mapped: list[Seg] = []
        for s in segs:
            if _is_curve(s):
                mapped.append((self._map(s[0]), self._map(s[1]), self._map(s[2])))
            else:
                mapped.append(self._map(s))
        verts = [p0] + [q for s in mapped for q in ((s[0], s[1], s[2]) if _is_curve(s) else (s,))]
        pairs = zip(verts, verts[1:] + verts[:1], strict=True)
        area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs)
        if (area < 0) != hole:  # wrong direction for what we want: reverse the sub-path
            p0, mapped = _reverse(p0, mapped)
        self.path.moveTo(*p0)
        for s in mapped:
            if _is_curve(s):
                self.path.curveTo(*s[0], *s[1], *s[2])
            else:
                self.path.lineTo(*s)
        self.path.close()
        return self

    def open(self, start: Pt, segs: Sequence[Seg]) -> _Shape:
        """Add an open sub-path (for stroking only)."""
        self.path.moveTo(*self._map(start))
        for s in segs:
            if _is_curve(s):
                self.path.curveTo(*self._map(s[0]), *self._map(s[1]), *self._map(s[2]))
            else:
                self.path.lineTo(*self._map(s))
        return self

    def poly(self, pts: Sequence[Pt], hole: bool = False) -> _Shape:
        return self.outline(pts[0], pts[1:], hole)

    def rpoly(self, pts: Sequence[Pt], r: float, hole: bool = False) -> _Shape:
        """Polygon with corners rounded off by about r."""
        n = len(pts)
        ins: list[Pt] = []
        outs: list[Pt] = []
        for i, v in enumerate(pts):
            prev, nxt = pts[i - 1], pts[(i + 1) % n]
            lp = math.dist(prev, v)
            ln = math.dist(nxt, v)
            ins.append(_lerp(v, prev, min(0.45, r / lp)))
            outs.append(_lerp(v, nxt, min(0.45, r / ln)))
        segs: list[Seg] = []
        for i in range(1, n + 1):
            j = i % n
            segs.append(ins[j])
            segs.append((_lerp(ins[j], pts[j], 0.55), _lerp(outs[j], pts[j], 0.55), outs[j]))
        return self.outline(outs[0], segs, hole)

    def rect(self, x: float, y: float, w: float, h: float, hole: bool = False) -> _Shape:
        return self.poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], hole)

    def rrect(self, x: float, y: float, w: float, h: float, r: float, hole: bool = False) -> _Shape:
        r = min(r, w / 2, h / 2)
        segs: list[Seg] = [(x + w - r, y)]
        segs += _arc(x + w - r, y + r, r, r, -90, 0)
        segs.append((x + w, y + h - r))
        segs += _arc(x + w - r, y + h - r, r, r, 0, 90)
        segs.append((x + r, y + h))
        segs += _arc(x + r, y + h - r, r, r, 90, 180)
        segs.append((x, y + r))
        segs += _arc(x + r, y + r, r, r, 180, 270)
        return self.outline((x + r, y), segs, hole)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, hole: bool = False) -> _Shape:
        return self.outline((cx + rx, cy), _arc(cx, cy, rx, ry, 0, 360), hole)

    def circle(self, cx: float, cy: float, r: float, hole: bool = False) -> _Shape:
        return self.ellipse(cx, cy, r, r, hole)

    def capsule(self, p: Pt, q: Pt, w: float, hole: bool = False) -> _Shape:
        """A thick line from p to q with round ends (total width w)."""
        r = w / 2
        a = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))
        segs: list[Seg] = list(_arc(q[0], q[1], r, r, a - 90, a + 90))
        segs.append(_on(p[0], p[1], r, r, a + 90))
        segs += _arc(p[0], p[1], r, r, a + 90, a + 270)
        return self.outline(_on(q[0], q[1], r, r, a - 90), segs, hole)

    def band(
        self, cx: float, cy: float, r: float, w: float, a0: float, a1: float, hole: bool = False
    ) -> _Shape:
        """A thick circular arc (annulus sector) of centre-line radius r and width w."""
        ro, ri = r + w / 2, r - w / 2
        segs: list[Seg] = list(_arc(cx, cy, ro, ro, a0, a1))
        segs.append(_on(cx, cy, ri, ri, a1))
        segs += _arc(cx, cy, ri, ri, a1, a0)
        return self.outline(_on(cx, cy, ro, ro, a0), segs, hole)


def _reverse(p0: Pt, segs: list[Seg]) -> tuple[Pt, list[Seg]]:
    ends = [p0] + [s[2] if _is_curve(s) else s for s in segs]
    out: list[Seg] = []
    for k in range(len(segs) - 1, -1, -1):
        s, target = segs[k], ends[k]
        out.append((s[1], s[0], target) if _is_curve(s) else target)
    return ends[-1], out


class _Ink:
    """What an icon function gets: the canvas (already in unit space), its colour, label."""

    def __init__(self, canvas: Canvas, rgb: Rgb, label: str | None, font: str) -> None:
        self.c = canvas
        self.rgb = rgb
        self.label = label
        self.font = font

    def shape(self) -> _Shape:
        return _Shape(self.c)

    def tint(self, t: float) -> Rgb:
        """The colour mixed with white: t = 0 is the colour, 1 is white."""
        r, g, b = self.rgb
        return (r + (1 - r) * t, g + (1 - g) * t, b + (1 - b) * t)

    def fill(self, s: _Shape, rgb: Rgb | None = None) -> None:
        self.c.setFillColorRGB(*(rgb or self.rgb))
        self.c.drawPath(s.path, stroke=0, fill=1, fillMode=_NON_ZERO)

    def stroke(self, s: _Shape, width: float, rgb: Rgb | None = None, cap: int = _ROUND) -> None:
        self.c.setStrokeColorRGB(*(rgb or self.rgb))
        self.c.setLineWidth(width)
        self.c.setLineCap(cap)
        self.c.setLineJoin(_ROUND)
        self.c.drawPath(s.path, stroke=1, fill=0)

    def line(
        self, pts: Sequence[Seg], width: float, rgb: Rgb | None = None, cap: int = _ROUND
    ) -> None:
        """Stroke an open polyline/curve; the first item must be a point."""
        first = pts[0]
        assert not _is_curve(first)
        self.stroke(self.shape().open(first, pts[1:]), width, rgb, cap)

    @contextmanager
    def clipped(self, s: _Shape) -> Iterator[None]:
        """Everything drawn in the block stays inside `s` (keeps white details inside)."""
        self.c.saveState()
        self.c.clipPath(s.path, stroke=0, fill=0, fillMode=_NON_ZERO)
        try:
            yield
        finally:
            self.c.restoreState()

    @contextmanager
    def zoom(self, centre: Pt, k: float) -> Iterator[None]:
        """Draw the block scaled by k, with `centre` moved to the middle of the box."""
        self.c.saveState()
        self.c.translate(50 - centre[0] * k, 50 - centre[1] * k)
        self.c.scale(k, k)
        try:
            yield
        finally:
            self.c.restoreState()

    def over(self, back: _Shape, front: _Shape, gap: float = 3.0) -> None:
        """Fill `back`, then `front` on top of it with a white gap where they overlap."""
        self.fill(back)
        with self.clipped(back):
            self.stroke(front, 2 * gap, WHITE)
        self.fill(front)

    def text(self, cx: float, cy: float, w: float, h: float, on_fill: bool = True) -> None:
        """Draw the label centred at (cx, cy), as large as fits a w x h box."""
        if not self.label:
            return
        from reportlab.pdfbase.pdfmetrics import stringWidth  # lazy: keeps import cheap

        digit_h = 0.73  # cap/digit height of Vera Bold per unit of font size
        width_at_1 = float(stringWidth(self.label, self.font, 1.0)) or 1.0
        size = min(h / digit_h, w / width_at_1)
        if on_fill:  # white on the silhouette, black if the colour itself is light
            lum = 0.2126 * self.rgb[0] + 0.7152 * self.rgb[1] + 0.0722 * self.rgb[2]
            ink: Rgb = (0.0, 0.0, 0.0) if lum > 0.62 else WHITE
        else:
            ink = self.rgb
        self.c.setFillColorRGB(*ink)
        self.c.setFont(self.font, size)
        self.c.drawCentredString(cx, cy - size * digit_h / 2, self.label)


# ---------------------------------------------------------------------------------
# Shared pieces


def _person(s: _Shape, cx: float, y0: float, k: float) -> None:
    """Head-and-shoulders figure standing on y0, k units tall (about 0.93 k drawn)."""
    s.circle(cx, y0 + 0.76 * k, 0.17 * k)
    hw = 0.33 * k
    top = y0 + 0.55 * k
    s.outline(
        (cx - hw, y0),
        [
            (cx + hw, y0),
            (cx + hw, y0 + 0.30 * k),
            ((cx + hw, y0 + 0.47 * k), (cx + 0.22 * k, top), (cx, top)),
            ((cx - 0.22 * k, top), (cx - hw, y0 + 0.47 * k), (cx - hw, y0 + 0.30 * k)),
        ],
    )


def _sword(s: _Shape, length: float = 1.0) -> None:
    """A straight sword pointing up, centred on the origin, about 92 units long."""
    with s.at(sx=length, sy=length):
        s.poly([(-5.5, -16), (5.5, -16), (5.5, 34), (0, 46), (-5.5, 34)])
        s.rrect(-17, -23, 34, 7, 3)
        s.rect(-3.5, -38, 7, 16)
        s.circle(0, -40, 6)


def _arrow_head(tip: Pt, deg: float, length: float, half_w: float) -> list[Pt]:
    """Triangle with its tip at `tip`, pointing towards angle `deg`."""
    back = _on(tip[0], tip[1], length, length, deg + 180)
    left = _on(back[0], back[1], half_w, half_w, deg + 90)
    right = _on(back[0], back[1], half_w, half_w, deg - 90)
    return [tip, left, right]


# ---------------------------------------------------------------------------------
# Warriors and Monks


def _bean(ink: _Ink) -> None:
    """Kidney bean: convex below, a dip in the middle of the top edge."""
    s = ink.shape()
    with s.at(50, 50, -8):
        s.outline(
            (-46, 6),
            [
                ((-48, -16), (-26, -26), (0, -26)),
                ((26, -26), (48, -16), (46, 6)),
                ((45, 21), (36, 27), (26, 26)),
                ((15, 25), (8, 13), (0, 13)),
                ((-8, 13), (-15, 25), (-26, 26)),
                ((-36, 27), (-45, 21), (-46, 6)),
            ],
        )
    ink.fill(s)
    detail = ink.shape()
    with detail.at(50, 50, -8):
        detail.open((-36, -2), [((-34, -12), (-24, -17), (-12, -17))])
    ink.stroke(detail, 4.5, ink.tint(0.55))
    hilum = ink.shape()
    with hilum.at(50, 50, -8):
        hilum.ellipse(0, 7, 5, 2.2)
    ink.fill(hilum, WHITE)


def _monk(ink: _Ink) -> None:
    s = ink.shape()
    # robe: rounded shoulders, widening to the ground
    s.outline(
        (10, 6),
        [
            (90, 6),
            ((84, 30), (80, 44), (74, 54)),
            ((68, 60), (32, 60), (26, 54)),
            ((20, 44), (16, 30), (10, 6)),
        ],
    )
    # hood with a slight point, narrower than the shoulders
    s.outline((31, 50), [(69, 50), ((73, 70), (63, 88), (50, 94)), ((37, 88), (27, 70), (31, 50))])
    ink.fill(s)
    ink.fill(ink.shape().ellipse(50, 66, 10.5, 13.5), WHITE)
    ink.fill(ink.shape().ellipse(50, 63.5, 7.5, 10.5))  # face in the hood's shadow
    with ink.clipped(s):  # sleeves meeting over the belly
        sleeves: list[Seg] = [
            (27, 50),
            ((34, 36), (42, 30), (50, 30)),
            ((58, 30), (66, 36), (73, 50)),
        ]
        ink.line(sleeves, 3.5, WHITE)


def _warrior(ink: _Ink) -> None:
    """Corinthian helmet, front view: dome, eye slits, nose guard, open mouth, crest."""
    s = ink.shape()
    s.outline(
        (16, 6),
        [
            (16, 46),
            ((16, 66), (32, 78), (50, 78)),
            ((68, 78), (84, 66), (84, 46)),
            (84, 6),
            (58, 10),
            (58, 34),
            ((66, 36), (72, 40), (76, 46)),
            ((68, 54), (60, 55), (55, 52)),
            (55, 38),
            (45, 38),
            (45, 52),
            ((40, 55), (32, 54), (24, 46)),
            ((28, 40), (34, 36), (42, 34)),
            (42, 10),
        ],
    )
    # horsehair crest fanning out above the dome
    s.outline(
        (44, 70),
        [
            (56, 70),
            ((60, 80), (68, 86), (66, 92)),
            ((60, 96), (40, 96), (34, 92)),
            ((32, 86), (40, 80), (44, 70)),
        ],
    )
    ink.fill(s)


def _war(ink: _Ink) -> None:
    a = ink.shape()
    b = ink.shape()
    for s, rot in ((a, -45), (b, 45)):
        with s.at(50, 58, rot), s.at(0, -11):  # the blades cross near their middle
            _sword(s, 1.02)
    ink.over(a, b, 2.5)


def _peace(ink: _Ink) -> None:
    """Dove with an olive twig, flying left."""
    s = ink.shape()
    with s.at(100, 0, sx=-1, sy=1):  # drawn facing right, mirrored
        s.outline(
            (8, 40),
            [
                ((28, 26), (58, 24), (72, 40)),
                ((76, 46), (80, 52), (92, 56)),
                (82, 62),
                ((78, 72), (66, 73), (62, 63)),
                ((52, 56), (30, 60), (6, 64)),
                (18, 52),
            ],
        )
        wing = [
            (64, 58),
            (63, 74),
            (54, 88),
            (36, 96),
            (42, 87),
            (26, 90),
            (35, 80),
            (19, 80),
            (31, 71),
            (17, 68),
            (36, 56),
        ]
        s.rpoly(wing, 2.5)
    ink.fill(s)
    ink.fill(ink.shape().circle(30, 64, 2.6), WHITE)
    ink.line([(10, 56), ((9, 48), (12, 40), (18, 32))], 2.5)
    leaves = ink.shape()
    for x, y, rot in ((10, 48, 235), (12, 40, 320), (18, 32, 265)):
        with leaves.at(x, y, rot):
            leaves.outline((0, 0), [((3, 3), (8, 3.5), (11, 0)), ((8, -3.5), (3, -3), (0, 0))])
    ink.fill(leaves)


def _truce(ink: _Ink) -> None:
    pole = ink.shape().rrect(14, 6, 8, 82, 3).circle(18, 89, 6)
    ink.fill(pole)
    flag = ink.shape().outline(
        (26, 84),
        [
            ((42, 94), (58, 78), (88, 86)),
            (88, 48),
            ((58, 40), (42, 56), (26, 46)),
        ],
    )
    ink.fill(flag, WHITE)
    ink.stroke(flag, 6)


def _death(ink: _Ink) -> None:
    s = ink.shape()
    s.circle(50, 58, 36)
    s.rrect(30, 8, 40, 34, 8)
    ink.fill(s)
    eyes = ink.shape().ellipse(36, 54, 10, 11).ellipse(64, 54, 10, 11)
    ink.fill(eyes, WHITE)
    ink.fill(ink.shape().poly([(50, 42), (44, 31), (56, 31)]), WHITE)
    with ink.clipped(s):
        for x in (41, 50, 59):
            ink.line([(x, 6), (x, 20)], 3.5, WHITE)


def _wine(ink: _Ink) -> None:
    s = ink.shape()
    s.outline((20, 92), [(80, 92), ((82, 64), (70, 50), (50, 48)), ((30, 50), (18, 64), (20, 92))])
    s.rect(45, 16, 10, 34)
    s.outline((26, 6), [(74, 6), ((72, 12), (62, 16), (50, 17)), ((38, 16), (28, 12), (26, 6))])
    ink.fill(s)
    ink.line([(28, 80), ((28, 70), (33, 62), (40, 58))], 4.5, ink.tint(0.6))


# ---------------------------------------------------------------------------------
# Costruttori del Medioevo


def _stone(ink: _Ink) -> None:
    def block(x: float, y: float, w: float, h: float) -> list[Pt]:
        c = 7
        return [
            (x + c, y),
            (x + w - c, y),
            (x + w, y + c),
            (x + w, y + h - c),
            (x + w - c, y + h),
            (x + c, y + h),
            (x, y + h - c),
            (x, y + c),
        ]

    s = ink.shape()
    for b in (block(6, 8, 42, 38), block(52, 8, 42, 38), block(27, 50, 46, 40)):
        s.rpoly(b, 2)
    ink.fill(s)


def _wood(ink: _Ink) -> None:
    s = ink.shape()
    s.outline((12, 21), [(71, 21), (71, 79), (12, 79), ((5, 73), (4, 27), (12, 21))])
    s.ellipse(71, 50, 22, 29)
    s.capsule((32, 77), (24, 92), 9)
    ink.fill(s)
    ink.fill(ink.shape().ellipse(71, 50, 16.5, 23.5), ink.tint(0.6))
    ink.stroke(ink.shape().ellipse(71, 50, 9.5, 13.5), 3.5)
    ink.fill(ink.shape().circle(71, 50, 3.2))
    with ink.clipped(s):
        for y, x0, x1 in ((64, 16, 40), (44, 28, 54), (33, 12, 26)):
            ink.line([(x0, y), (x1, y)], 3, WHITE)


def _compass(ink: _Ink) -> None:
    """Drafting compass: handle, hinge, two tapering legs and the adjusting arc."""
    hinge = (50.0, 76.0)

    def leg(tip: Pt) -> list[Pt]:
        length = math.dist(hinge, tip)
        ux, uy = (tip[0] - hinge[0]) / length, (tip[1] - hinge[1]) / length
        base = (tip[0] - 9 * ux, tip[1] - 9 * uy)

        def side(p: Pt, half: float) -> tuple[Pt, Pt]:
            return (p[0] - uy * half, p[1] + ux * half), (p[0] + uy * half, p[1] - ux * half)

        (h1, h2), (b1, b2) = side(hinge, 7.0), side(base, 3.5)
        return [h1, b1, tip, b2, h2]

    s = ink.shape()
    s.rrect(45, 80, 10, 15, 3)
    s.circle(*hinge, 11)
    s.poly(leg((21, 7)))
    s.poly(leg((79, 7)))
    s.band(50, 76, 44, 7, 236, 304)
    ink.fill(s)
    ink.fill(ink.shape().circle(*hinge, 4.5), WHITE)


def _tile(ink: _Ink) -> None:
    """Roof tiles in overlapping rows (scales), each row's lower edge scalloped."""
    w = 27.0
    rows = [(48.0, 8.0, 0.0), (70.0, 30.0, w / 2), (92.0, 52.0, 0.0)]  # top, bottom, shift

    def tiles(top: float, bottom: float, shift: float) -> _Shape:
        t = ink.shape()
        r = w / 2
        x = 9.0 + shift - (w if shift else 0)
        while x < 91:
            scallop = _arc(x + r, bottom + r, r, r, 180, 360)
            t.outline((x, top), [(x, bottom + r), *scallop, (x + w, top)])
            x += w
        return t

    frame = ink.shape().rect(9, 0, 82, 100)
    with ink.clipped(frame):
        for top, bottom, shift in rows:  # lowest row first: upper rows lie over it
            row = tiles(top, bottom, shift)
            if bottom > 10:
                with ink.clipped(tiles(top - 22, bottom - 22, w / 2 - shift)):
                    ink.stroke(row, 5, WHITE)
            ink.fill(row)
            x = 9.0 + shift - (w if shift else 0)
            while x < 91:  # joints between the tiles of this row
                if 9 < x < 91:
                    ink.line([(x, bottom + w / 2 + 2), (x, top - 2)], 2.5, WHITE, cap=0)
                x += w


def _coin(ink: _Ink) -> None:
    ink.fill(ink.shape().circle(50, 50, 45))
    ink.stroke(ink.shape().circle(50, 50, 37), 3.5, WHITE)
    if ink.label:
        ink.text(50, 50, 52, 40)
    else:
        ink.fill(ink.shape().poly(_star(50, 50, 18, 8, 5)), WHITE)


def _vp(ink: _Ink) -> None:
    """Laurel wreath; a label goes in the middle."""
    s = ink.shape()
    for side in (1, -1):
        with s.at(50, 0, sx=side, sy=1):
            s.band(0, 52, 32, 4, 262, 142)
            for a in (250, 224, 198, 172):
                x, y = _on(0, 52, 32, 32, a)
                # leaves in pairs, pointing up the branch (its tangent is a - 90)
                for lean in (38, -38):
                    with s.at(x, y, a - 90 + lean):
                        s.outline(
                            (0, 0), [((5, 5), (12, 5.5), (17, 0)), ((12, -5.5), (5, -5), (0, 0))]
                        )
            with s.at(*_on(0, 52, 32, 32, 146), 146 - 90):
                s.outline((0, 0), [((5, 5.5), (14, 6), (21, 0)), ((14, -6), (5, -5.5), (0, 0))])
    ink.fill(s)
    if ink.label:
        ink.text(50, 52, 34, 30, on_fill=False)


def _machine(ink: _Ink) -> None:
    """Gear with eight teeth."""
    pts: list[Pt] = []
    for i in range(8):
        c = 45.0 * i
        pts += [
            _on(50, 50, 36, 36, c - 14),
            _on(50, 50, 45, 45, c - 8),
            _on(50, 50, 45, 45, c + 8),
            _on(50, 50, 36, 36, c + 14),
        ]
    s = ink.shape().rpoly(pts, 1.5)
    s.circle(50, 50, 13, hole=True)
    ink.fill(s)


def _worker(ink: _Ink) -> None:
    body = ink.shape()
    _person(body, 40, 5, 92)
    hammer = ink.shape()
    hammer.capsule((56, 14), (76, 64), 8)
    with hammer.at(76, 64, -22):
        hammer.rrect(-14, -2, 28, 14, 3)
    ink.over(body, hammer, 2.5)


def _building(ink: _Ink) -> None:
    s = ink.shape()
    s.rect(16, 8, 68, 46)
    s.rpoly([(6, 50), (50, 90), (94, 50)], 3)
    s.rect(66, 62, 11, 24)
    s.rrect(42, 8, 16, 26, 7, hole=True)
    s.rect(23, 28, 12, 12, hole=True)
    s.rect(65, 28, 12, 12, hole=True)
    ink.fill(s)


# Hands: a palm with four finger slots (index on the left, next to the thumb).
_SLOT_X = (31.25, 43.75, 56.25, 68.75)
_FINGER_W = 10.5
_FINGER_LEN = (31.0, 35.0, 32.0, 24.0)


def _hand(ink: _Ink, extended: Sequence[float | None], thumb_out: bool) -> None:
    """extended[i] = tilt in degrees of finger i if stretched out, None if curled."""
    back = ink.shape()
    back.rrect(26, 14, 48, 46, 12)
    back.rrect(35, 3, 30, 10, 2)  # cuff
    if thumb_out:
        back.capsule((32, 28), (11, 52), 12)
    for i, tilt in enumerate(extended):
        if tilt is not None:
            with back.at(_SLOT_X[i], 50, tilt):
                back.capsule((0, 0), (0, _FINGER_LEN[i]), _FINGER_W)
        else:
            back.rrect(_SLOT_X[i] - _FINGER_W / 2, 40, _FINGER_W, 28, 5.2)
    ink.fill(back)
    with ink.clipped(back):
        ink.line([(34, 13.5), (66, 13.5)], 2.5, WHITE, cap=0)  # cuff seam
        for i in range(3):  # separate neighbouring curled fingers
            if extended[i] is None and extended[i + 1] is None:
                x = (_SLOT_X[i] + _SLOT_X[i + 1]) / 2
                ink.line([(x, 46), (x, 70)], 2.0, WHITE, cap=0)
    if not thumb_out:  # folded across the curled fingers, tip rounded
        thumb = ink.shape().outline(
            (21, 34),
            [(50, 38), ((60, 39), (62, 51), (52, 51)), (24, 50), ((17, 49), (15, 36), (21, 34))],
        )
        with ink.clipped(back):
            ink.stroke(thumb, 5, WHITE)
        ink.fill(thumb)


def _rock(ink: _Ink) -> None:
    with ink.zoom((44.5, 35.5), 1.33):  # a fist is compact: enlarge it to fill the box
        _hand(ink, (None, None, None, None), thumb_out=False)


def _paper(ink: _Ink) -> None:
    _hand(ink, (12, 3, -5, -14), thumb_out=True)


def _scissors(ink: _Ink) -> None:
    _hand(ink, (14, -10, None, None), thumb_out=False)


def _action(ink: _Ink) -> None:
    _hand(ink, (0, None, None, None), thumb_out=False)


def _wage(ink: _Ink) -> None:
    """A stack of coins (side view) with one coin standing in front."""
    stack = ink.shape()
    for i, dx in enumerate((0, 3, -2, 2, 0)):
        stack.rrect(8 + dx, 8 + 13 * i, 54, 11.5, 5.5)
    ink.fill(stack)
    coin = ink.shape().circle(68, 30, 24)
    with ink.clipped(stack):
        ink.stroke(coin, 6, WHITE)
    ink.fill(coin)
    ink.stroke(ink.shape().circle(68, 30, 17.5), 3, WHITE)


# ---------------------------------------------------------------------------------
# Figli di un Magic minore

_HEART: tuple[Pt, list[Seg]] = (
    (50, 8),
    [
        ((38, 22), (8, 40), (8, 64)),
        ((8, 82), (20, 92), (32, 92)),
        ((42, 92), (48, 86), (50, 78)),
        ((52, 86), (58, 92), (68, 92)),
        ((80, 92), (92, 82), (92, 64)),
        ((92, 40), (62, 22), (50, 8)),
    ],
)


def _heart(ink: _Ink) -> None:
    ink.fill(ink.shape().outline(*_HEART))
    ink.text(50, 60, 46, 34)


def _diamond(ink: _Ink) -> None:
    right: list[Seg] = [((60, 84), (72, 66), (84, 50)), ((72, 34), (60, 16), (50, 6))]
    ink.fill(ink.shape().outline((50, 94), right + _mirror((50, 94), right)))


def _club(ink: _Ink) -> None:
    s = ink.shape()
    s.circle(50, 71, 19.5)
    s.circle(29, 42, 19.5)
    s.circle(71, 42, 19.5)
    s.circle(50, 50, 12)
    stem: list[Seg] = [
        (55, 48),
        ((56, 24), (60, 12), (68, 6)),
        (32, 6),
        ((40, 12), (44, 24), (45, 48)),
    ]
    s.outline((45, 48), stem)
    ink.fill(s)


def _spade(ink: _Ink) -> None:
    right: list[Seg] = [
        ((58, 80), (91, 64), (91, 42)),
        ((91, 26), (79, 18), (67, 18)),
        ((58, 18), (53, 23), (51, 29)),
    ]
    s = ink.shape().outline((50, 94), right + _mirror((50, 94), right))
    stem: list[Seg] = [
        (54, 36),
        ((55, 20), (60, 11), (68, 6)),
        (32, 6),
        ((40, 11), (45, 20), (46, 36)),
    ]
    s.outline((46, 36), stem)
    ink.fill(s)


def _life(ink: _Ink) -> None:
    ink.fill(ink.shape().outline(*_HEART))
    plus = ink.shape().rect(44, 43, 12, 34).rect(33, 54, 34, 12)
    ink.fill(plus, WHITE)


def _damage(ink: _Ink) -> None:
    """Sharp impact burst; a label (the amount) goes in the middle."""
    radii = (46, 40, 45, 38, 46, 41, 44, 39, 46, 40)
    pts: list[Pt] = []
    for i, r in enumerate(radii):
        a = 90 + 36.0 * i
        pts.append(_on(50, 50, r, r, a))
        pts.append(_on(50, 50, 25, 25, a + 18))
    ink.fill(ink.shape().poly(pts))
    if ink.label:
        ink.text(50, 50, 34, 28)
    else:
        inner = [_lerp((50, 50), p, 0.45) for p in pts]
        ink.fill(ink.shape().poly(inner), WHITE)


_SHIELD: tuple[Pt, list[Seg]] = (
    (50, 6),
    [
        ((64, 14), (86, 28), (86, 56)),
        (86, 88),
        ((70, 92), (60, 94), (50, 94)),
        ((40, 94), (30, 92), (14, 88)),
        (14, 56),
        ((14, 28), (36, 14), (50, 6)),
    ],
)


def _block(ink: _Ink) -> None:
    s = ink.shape().outline(*_SHIELD)
    ink.fill(s)
    inner = ink.shape()
    with inner.at(50, 51, sx=0.8):
        inner.outline((0, -45), _shifted(_SHIELD[1], -50, -51))
    ink.stroke(inner, 3.5, WHITE)
    ink.text(50, 55, 40, 34)


def _shifted(segs: Sequence[Seg], dx: float, dy: float) -> list[Seg]:
    out: list[Seg] = []
    for s in segs:
        if _is_curve(s):
            c1, c2, end = s
            out.append(
                ((c1[0] + dx, c1[1] + dy), (c2[0] + dx, c2[1] + dy), (end[0] + dx, end[1] + dy))
            )
        else:
            out.append((s[0] + dx, s[1] + dy))
    return out


def _tombstone(s: _Shape, x: float, y: float, w: float, h: float) -> None:
    r = w / 2
    s.outline((x, y), [(x + w, y), (x + w, y + h - r), *_arc(x + r, y + h - r, r, r, 0, 180)])


def _graveyard(ink: _Ink) -> None:
    s = ink.shape()
    _tombstone(s, 24, 14, 52, 80)
    s.rrect(10, 6, 80, 12, 4)
    ink.fill(s)
    cross = ink.shape().rect(46, 32, 8, 42).rect(36, 56, 28, 8)
    ink.fill(cross, WHITE)


def _exile(ink: _Ink) -> None:
    stone = ink.shape()
    _tombstone(stone, 8, 12, 44, 66)
    stone.rrect(4, 6, 56, 10, 3)
    arrow = ink.shape()
    arrow.capsule((34, 42), (72, 80), 12)
    arrow.poly(_arrow_head((93, 93), 45, 30, 18))
    ink.over(stone, arrow, 3)


def _draw(ink: _Ink) -> None:
    """A deck with the top card slid out, a white arrow on it pointing down."""
    deck = ink.shape().rrect(40, 30, 48, 64, 7)
    card = ink.shape()
    with card.at(36, 44, 14):
        card.rrect(-24, -34, 48, 68, 7)
    ink.over(deck, card, 3)
    arrow = ink.shape()
    with arrow.at(36, 44, 14):
        arrow.rect(-4.5, -4, 9, 24)
        arrow.poly(_arrow_head((0, -20), -90, 17, 13))
    ink.fill(arrow, WHITE)


def _tap(ink: _Ink) -> None:
    """A card and a quarter-turn clockwise arrow."""
    ink.fill(ink.shape().rrect(8, 8, 34, 48, 6))
    cx, cy, r, end = 32.0, 32.0, 44.0, 12.0
    s = ink.shape().band(cx, cy, r, 12, 112, end)
    base = _on(cx, cy, r, r, end)
    s.poly(_arrow_head(_on(base[0], base[1], 22, 22, end - 90), end - 90, 22, 17))
    ink.fill(s)


# ---------------------------------------------------------------------------------
# Symbol deck


def _switch_on(ink: _Ink) -> None:
    ink.fill(ink.shape().rrect(6, 24, 88, 52, 26))
    ink.fill(ink.shape().circle(68, 50, 19), WHITE)


def _switch_off(ink: _Ink) -> None:
    ink.stroke(ink.shape().rrect(9.5, 27.5, 81, 45, 22.5), 7)
    ink.fill(ink.shape().circle(32, 50, 14))


def _chess_base(s: _Shape) -> None:
    s.rrect(16, 6, 68, 11, 4)
    s.rrect(24, 15, 52, 8, 3)


def _chess_body(s: _Shape, neck: float, top: float) -> None:
    """Concave column from the base up to a collar at height `top`."""
    s.outline(
        (27, 22),
        [
            (73, 22),
            ((63, 30), (50 + neck, 40), (50 + neck, top)),
            (50 - neck, top),
            ((50 - neck, 40), (37, 30), (27, 22)),
        ],
    )


def _chess_pawn(ink: _Ink) -> None:
    s = ink.shape()
    _chess_base(s)
    _chess_body(s, 9, 54)
    s.rrect(33, 50, 34, 8, 4)
    s.circle(50, 71, 17)
    ink.fill(s)


def _chess_rook(ink: _Ink) -> None:
    s = ink.shape()
    _chess_base(s)
    s.poly([(30, 22), (70, 22), (66, 68), (34, 68)])
    s.rrect(26, 64, 48, 14, 2)
    for x in (26, 44, 62):
        s.rect(x, 76, 12, 15)
    ink.fill(s)
    with ink.clipped(s):
        ink.line([(28, 64), (72, 64)], 3, WHITE, cap=0)


def _chess_bishop(ink: _Ink) -> None:
    s = ink.shape()
    _chess_base(s)
    _chess_body(s, 8, 52)
    s.rrect(32, 48, 36, 8, 4)
    right: list[Seg] = [((62, 80), (67, 70), (64, 63)), ((61, 57), (55, 55), (50, 55))]
    s.outline((50, 88), right + _mirror((50, 88), right))
    s.circle(50, 90, 5)
    ink.fill(s)
    with ink.clipped(s):
        ink.line([(53, 80), (62, 68)], 4, WHITE)


def _chess_queen(ink: _Ink) -> None:
    s = ink.shape()
    _chess_base(s)
    _chess_body(s, 8, 58)
    s.rrect(33, 54, 34, 8, 4)
    crown = [
        (38, 61),
        (62, 61),
        (75, 82),
        (63, 73),
        (60, 86),
        (55, 74),
        (50, 88),
        (45, 74),
        (40, 86),
        (37, 73),
        (25, 82),
    ]
    s.rpoly(crown, 1)
    for x, y in ((25, 82), (40, 86), (50, 89), (60, 86), (75, 82)):
        s.circle(x, y, 4.2)
    ink.fill(s)


def _chess_king(ink: _Ink) -> None:
    s = ink.shape()
    _chess_base(s)
    _chess_body(s, 8, 58)
    s.rrect(33, 54, 34, 8, 4)
    s.outline((38, 61), [(62, 61), (72, 78), ((62, 83), (38, 83), (28, 78))])
    s.rect(46, 78, 8, 17)
    s.rect(40, 84, 20, 6)
    ink.fill(s)
    with ink.clipped(s):
        ink.line([(30, 75), ((40, 79), (60, 79), (70, 75))], 2.5, WHITE)


def _chess_knight(ink: _Ink) -> None:
    s = ink.shape()
    _chess_base(s)
    s.outline(
        (26, 22),
        [
            (74, 22),
            ((80, 46), (78, 70), (62, 84)),
            (58, 95),
            (51, 86),
            ((40, 84), (26, 74), (13, 56)),
            ((10, 51), (12, 44), (18, 42)),
            ((26, 42), (34, 46), (42, 52)),
            ((46, 48), (30, 36), (26, 22)),
        ],
    )
    ink.fill(s)
    ink.fill(ink.shape().ellipse(46, 70, 3.5, 3), WHITE)
    with ink.clipped(s):
        ink.line([(66, 80), ((74, 66), (76, 46), (70, 26))], 3, WHITE)


def _wind(deg: float) -> Callable[[_Ink], None]:
    """Compass needle pointing `deg` degrees clockwise from north (up)."""

    def draw(ink: _Ink) -> None:
        ink.stroke(ink.shape().circle(50, 50, 41.5), 6)
        head = ink.shape()
        tail = ink.shape()
        with head.at(50, 50, -deg):
            head.poly([(0, 35), (12.5, 0), (-12.5, 0)])
        with tail.at(50, 50, -deg):
            tail.poly([(0, -30), (12.5, 0), (-12.5, 0)])
        ink.fill(tail, ink.tint(0.6))
        ink.fill(head)
        ink.fill(ink.shape().circle(50, 50, 4), WHITE)

    return draw


_DIE_LINE = 2.6
_DIE_RIM = 5.0  # the outline stroke that rounds a die's corners and caps its edges


def _die(
    ink: _Ink, outer: Sequence[Pt], face: Sequence[Pt], edges: Sequence[tuple[Pt, Pt]]
) -> None:
    """A die seen corner-on: silhouette, front face, edges from the face to the rim.

    The rim is stroked last, in the colour, so edges end cleanly on it and corners round.
    """
    shape = ink.shape().poly(outer)
    ink.fill(shape)
    ink.stroke(ink.shape().poly(face), _DIE_LINE, WHITE)
    for p, q in edges:  # stop just short of the corner: the rim covers the rest
        ink.line([p, _lerp(q, p, 2.0 / math.dist(p, q))], _DIE_LINE, WHITE, cap=0)
    ink.stroke(shape, _DIE_RIM)


def _d4(ink: _Ink) -> None:
    ink.fill(ink.shape().rpoly([(50, 96), (96, 12), (4, 12)], 6))
    ink.text(50, 40, 36, 28)


def _d6(ink: _Ink) -> None:
    ink.fill(ink.shape().rrect(8, 8, 84, 84, 15))
    if ink.label:
        ink.text(50, 50, 58, 50)
    else:
        ink.fill(ink.shape().circle(30, 70, 8).circle(50, 50, 8).circle(70, 30, 8), WHITE)


def _d8(ink: _Ink) -> None:
    north, east, south, west = (50, 92), (89, 50), (50, 8), (11, 50)
    top, left, right = (50, 76), (32, 40), (68, 40)
    _die(
        ink,
        [north, east, south, west],
        [top, left, right],
        [(top, north), (left, west), (right, east), (left, south), (right, south)],
    )
    ink.text(50, 51, 22, 17)


def _d10(ink: _Ink) -> None:
    north, east, south, west = (50, 92), (89, 56), (50, 8), (11, 56)
    right, bottom, left = (71, 50), (50, 26), (29, 50)
    _die(
        ink,
        [north, east, south, west],
        [north, right, bottom, left],
        [(right, east), (left, west), (bottom, south)],
    )
    ink.text(50, 52, 24, 18)


def _d12(ink: _Ink) -> None:
    outer = _regular(50, 48, 45, 5)
    face = _regular(50, 48, 25, 5)
    _die(ink, outer, face, list(zip(face, outer, strict=True)))
    ink.text(50, 48, 26, 19)


def _d20(ink: _Ink) -> None:
    o = _regular(50, 50, 44, 6)  # corners at 90, 150, 210, 270, 330, 30 degrees
    top, left, right = _regular(50, 50, 29, 3)  # front face, pointing up
    # each corner of the front face joins three corners of the rim
    edges = [
        (top, o[5]),
        (top, o[0]),
        (top, o[1]),
        (left, o[1]),
        (left, o[2]),
        (left, o[3]),
        (right, o[3]),
        (right, o[4]),
        (right, o[5]),
    ]
    _die(ink, o, [top, left, right], edges)
    ink.text(50, 45, 22, 16)


def _dash(ink: _Ink) -> None:
    ink.fill(ink.shape().rrect(8, 38, 84, 24, 6))


def _blaster(ink: _Ink) -> None:
    """Retro ray gun pointing right."""
    s = ink.shape()
    s.ellipse(36, 58, 27, 15)
    s.poly([(22, 50), (40, 50), (34, 12), (16, 12)])
    s.rrect(54, 53, 26, 10, 3)
    s.rrect(64, 44, 6, 28, 3)
    s.rrect(74, 47, 5, 22, 2.5)
    s.poly([(80, 51), (90, 46), (90, 70), (80, 65)])
    s.poly([(12, 62), (22, 72), (8, 82)])
    s.band(44, 48, 8, 4, 200, 330)
    ink.fill(s)
    with ink.clipped(s):
        ink.line([(24, 64), (50, 64)], 3, WHITE)
        ink.line([(22, 40), (34, 40)], 2.5, WHITE)
        ink.line([(20, 30), (32, 30)], 2.5, WHITE)


def _laser_sword(ink: _Ink) -> None:
    blade_a, blade_b = (38, 38), (86, 86)
    ink.fill(ink.shape().capsule(blade_a, blade_b, 17), ink.tint(0.55))
    ink.fill(ink.shape().capsule(blade_a, blade_b, 7))
    hilt = ink.shape().capsule((12, 12), (36, 36), 13)
    with hilt.at(37, 37, -45):
        hilt.rrect(-11, -3, 22, 6, 2)
    ink.fill(hilt)
    with ink.clipped(hilt):
        for t in (0.25, 0.45, 0.65):
            c = _lerp((12, 12), (36, 36), t)
            ink.line([(c[0] - 8, c[1] + 8), (c[0] + 8, c[1] - 8)], 2.2, WHITE)


def _pawn_a(ink: _Ink) -> None:
    """Ludo-style pawn: smooth cone and a big round head."""
    s = ink.shape()
    cone: list[Seg] = [
        (82, 6),
        ((80, 20), (60, 36), (58, 56)),
        (42, 56),
        ((40, 36), (20, 20), (18, 6)),
    ]
    s.outline((18, 6), cone)
    s.circle(50, 70, 21)
    ink.fill(s)


def _pawn_b(ink: _Ink) -> None:
    """Meeple-style pawn: a stocky person with arms out."""
    right: list[Seg] = [
        ((58, 94), (64, 88), (64, 81)),
        ((64, 75), (62, 71), (59, 68)),
        ((72, 68), (86, 66), (90, 61)),
        ((94, 56), (92, 49), (85, 48)),
        ((76, 47), (68, 46), (66, 40)),
        ((66, 30), (78, 16), (84, 10)),
        ((86, 7), (84, 6), (80, 6)),
        (62, 6),
        ((60, 18), (56, 27), (50, 27)),
    ]
    ink.fill(ink.shape().outline((50, 94), right + _mirror((50, 94), right)))


def _ship(ink: _Ink) -> None:
    """Warship, side view, bow to the right."""
    s = ink.shape()
    s.poly([(6, 40), (95, 40), (80, 16), (14, 16)])
    s.rect(34, 38, 30, 14)
    s.rect(44, 50, 16, 12)
    s.poly([(26, 38), (36, 38), (34, 62), (25, 62)])
    s.capsule((52, 60), (52, 82), 3)
    s.capsule((44, 76), (60, 76), 3)
    s.rrect(68, 38, 14, 9, 3)
    s.capsule((76, 44), (93, 48), 3.5)
    s.rrect(12, 38, 12, 9, 3)
    s.capsule((18, 44), (5, 48), 3.5)
    ink.fill(s)
    portholes = ink.shape()
    for x in (28, 40, 52, 64):
        portholes.circle(x, 29, 3)
    ink.fill(portholes, WHITE)
    waves: list[Seg] = [
        (6, 8),
        ((16, 13), (22, 3), (32, 8)),
        ((42, 13), (48, 3), (58, 8)),
        ((68, 13), (74, 3), (84, 8)),
        (94, 8),
    ]
    ink.line(waves, 3.5, ink.tint(0.45))


def _hit(ink: _Ink) -> None:
    """Explosion: an irregular jagged burst around a white flash."""
    radii = (46, 36, 44, 40, 46, 35, 43, 41, 46, 37, 44, 39)
    pts: list[Pt] = []
    for i, r in enumerate(radii):
        a = 97 + 30.0 * i
        pts.append(_on(50, 48, r, r, a))
        pts.append(_on(50, 48, 27, 27, a + 15 + (4 if i % 2 else -3)))
    ink.fill(ink.shape().poly(pts))
    ink.fill(ink.shape().poly([_lerp((50, 48), p, 0.62) for p in pts]), WHITE)
    ink.fill(ink.shape().poly([_lerp((50, 48), p, 0.3) for p in pts]))


def _drop(s: _Shape, cx: float, cy: float, r: float, deg: float) -> None:
    """Teardrop: a round end at (cx, cy) and a point 2.3 r away towards `deg`."""
    with s.at(cx, cy, deg - 90):
        tip = (0.0, 2.3 * r)
        s.outline(
            tip,
            [
                ((r * 0.6, 1.3 * r), (r, 0.6 * r), (r, 0)),
                *_arc(0, 0, r, r, 0, -180),
                ((-r, 0.6 * r), (-r * 0.6, 1.3 * r), tip),
            ],
        )


def _miss(ink: _Ink) -> None:
    """Splash: a drop over rippling water, spray flying off."""
    s = ink.shape()
    _drop(s, 50, 56, 15, 90)
    for x, y, r in ((22, 44, 4.5), (78, 44, 4.5), (28, 62, 3.2), (72, 62, 3.2)):
        s.circle(x, y, r)
    s.ellipse(50, 20, 20, 5.5)
    ink.fill(s)
    ink.stroke(ink.shape().ellipse(50, 20, 41, 12), 5)


def _counter(ink: _Ink) -> None:
    """U-turn arrow: the attack comes back."""
    s = ink.shape()
    s.rect(10, 62, 54, 16)
    s.band(64, 50, 20, 16, 90, -90)
    s.rect(36, 22, 28, 16)
    s.poly(_arrow_head((6, 30), 180, 30, 22))
    ink.fill(s)


# ---------------------------------------------------------------------------------
# Generic


def _star_icon(ink: _Ink) -> None:
    ink.fill(ink.shape().rpoly(_star(50, 46, 48, 21, 5), 1.5))
    ink.text(50, 46, 26, 20)


def _check(ink: _Ink) -> None:
    ink.line([(13, 50), (38, 22), (87, 80)], 15)


def _cross(ink: _Ink) -> None:
    ink.fill(ink.shape().capsule((17, 17), (83, 83), 16).capsule((17, 83), (83, 17), 16))


def _arrow_right(ink: _Ink) -> None:
    pts = [(7, 39), (52, 39), (52, 18), (93, 50), (52, 82), (52, 61), (7, 61)]
    ink.fill(ink.shape().rpoly(pts, 2))


def _players(ink: _Ink) -> None:
    back = ink.shape()
    _person(back, 66, 8, 76)
    front = ink.shape()
    _person(front, 38, 6, 86)
    ink.over(back, front, 2.5)


def _clock(ink: _Ink) -> None:
    ink.fill(ink.shape().circle(50, 50, 45))
    ink.line([(50, 78), (50, 50), (70, 50)], 7, WHITE)
    ticks = ink.shape()
    for a in range(0, 360, 30):
        if a % 90:
            ticks.circle(*_on(50, 50, 37, 37, a), 2.2)
    ink.fill(ticks, WHITE)


def _age(ink: _Ink) -> None:
    s = ink.shape()
    _person(s, 38, 6, 86)
    s.rect(73, 56, 9, 36).rect(60, 69.5, 35, 9)
    ink.fill(s)


_ICONS: dict[str, Callable[[_Ink], None]] = {
    # Warriors and Monks
    "bean": _bean,
    "monk": _monk,
    "warrior": _warrior,
    "war": _war,
    "peace": _peace,
    "truce": _truce,
    "death": _death,
    "wine": _wine,
    # Costruttori del Medioevo
    "stone": _stone,
    "wood": _wood,
    "compass": _compass,
    "tile": _tile,
    "coin": _coin,
    "vp": _vp,
    "machine": _machine,
    "worker": _worker,
    "building": _building,
    "action": _action,
    "wage": _wage,
    # Figli di un Magic minore
    "heart": _heart,
    "diamond": _diamond,
    "club": _club,
    "spade": _spade,
    "life": _life,
    "damage": _damage,
    "block": _block,
    "graveyard": _graveyard,
    "exile": _exile,
    "draw": _draw,
    "tap": _tap,
    # Symbol deck and its games
    "switch-on": _switch_on,
    "switch-off": _switch_off,
    "rock": _rock,
    "paper": _paper,
    "scissors": _scissors,
    "chess-king": _chess_king,
    "chess-queen": _chess_queen,
    "chess-rook": _chess_rook,
    "chess-bishop": _chess_bishop,
    "chess-knight": _chess_knight,
    "chess-pawn": _chess_pawn,
    "wind-n": _wind(0),
    "wind-ne": _wind(45),
    "wind-e": _wind(90),
    "wind-se": _wind(135),
    "wind-s": _wind(180),
    "wind-sw": _wind(225),
    "wind-w": _wind(270),
    "wind-nw": _wind(315),
    "d4": _d4,
    "d6": _d6,
    "d8": _d8,
    "d10": _d10,
    "d12": _d12,
    "d20": _d20,
    "dash": _dash,
    "blaster": _blaster,
    "laser-sword": _laser_sword,
    "pawn-a": _pawn_a,
    "pawn-b": _pawn_b,
    "ship": _ship,
    "hit": _hit,
    "miss": _miss,
    "counter": _counter,
    # Generic
    "star": _star_icon,
    "check": _check,
    "cross": _cross,
    "arrow-right": _arrow_right,
    "players": _players,
    "clock": _clock,
    "age": _age,
}

ICON_NAMES: tuple[str, ...] = tuple(sorted(_ICONS))

# Icons that draw `label` (a number: die roll, coin value, damage, ...); others ignore it.
LABEL_ICONS: frozenset[str] = frozenset(
    {"d4", "d6", "d8", "d10", "d12", "d20", "coin", "vp", "heart", "damage", "block", "star"}
)


def has_icon(name: str) -> bool:
    return name in _ICONS


def _parse_hex(color: str) -> Rgb:
    """'#rrggbb' (or '#rgb') to RGB floats in 0..1."""
    h = color[1:] if color.startswith("#") else ""
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    try:
        if len(h) != 6:
            raise ValueError
        r, g, b = (int(h[i : i + 2], 16) / 255.0 for i in (0, 2, 4))
    except ValueError:
        raise ValueError(f"icon colour must be '#rrggbb', got {color!r}") from None
    return (r, g, b)


def draw_icon(
    canvas: Canvas,
    name: str,
    x: float,
    y: float,
    size: float,
    color: str = "#000000",
    label: str | None = None,
    label_font: str = "VeraBd",
) -> None:
    """Draw icon `name` centred in the size x size box whose bottom-left is (x, y).

    Units are PDF points. The canvas state (colours, line style, font, transform)
    is left as it was. Raises KeyError for an unknown name, ValueError for a bad
    colour or a non-positive size.
    """
    try:
        fn = _ICONS[name]
    except KeyError:
        raise KeyError(name) from None
    rgb = _parse_hex(color)
    if not size > 0:
        raise ValueError(f"icon size must be positive, got {size!r}")
    canvas.saveState()
    try:
        canvas.translate(x, y)
        canvas.scale(size / 100.0, size / 100.0)
        box = canvas.beginPath()
        box.rect(0, 0, 100, 100)
        canvas.clipPath(box, stroke=0, fill=0, fillMode=_NON_ZERO)  # never paint outside the box
        fn(_Ink(canvas, rgb, label, label_font))
    finally:
        canvas.restoreState()
