"""Helpers for the print-production tests: shared builds, and what a PDF page places where,
read from its content stream (not from our manifest)."""

from __future__ import annotations

import math
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printgen.cli.commands import main
from tests.conftest import MM, ROOT

_BUILDS: dict[tuple[str, ...], Path] = {}
_PROJECT: list[Path] = []


def build(tmp_root: Path, *args: str) -> Path:
    """The build folder of ``printgen build ARGS`` on one shared copy of the project; each set of
    arguments is built once per test session."""
    if not _PROJECT:
        project = tmp_root / "project"
        for folder in ("cards", "templates", "fonts"):
            if (ROOT / folder).exists():
                shutil.copytree(ROOT / folder, project / folder)
        _PROJECT.append(project)
    if args not in _BUILDS:
        out = _PROJECT[0] / f"build-{len(_BUILDS)}"
        code = main(["--project", str(_PROJECT[0]), "build", *args, "--out", str(out)])
        assert code == 0, f"build {args} failed"
        _BUILDS[args] = out
    return _BUILDS[args]


@dataclass(frozen=True)
class Placed:
    """A card face drawn on a page (a form, or in place inside a marked /Card): its trim box
    in mm, from the page's bottom-left."""

    name: str  # the form's name: face_<deck>_<side>_<card>
    x: float
    y: float
    width: float
    height: float
    bleed: tuple[float, float, float, float]  # drawn bleed: left, bottom, right, top

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    @property
    def side(self) -> str:
        return "back" if "_back_" in self.name else "front"

    @property
    def deck(self) -> str:
        return self.name.removeprefix("face_").split(f"_{self.side}_")[0]


def _multiply(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    ]


def placements(pdf: Path) -> list[list[Placed]]:
    """Every page's placed faces, in drawing order."""
    reader = PdfReader(pdf)
    pages = []
    for page in reader.pages:
        resources: Any = page["/Resources"]
        forms: Any = resources.get("/XObject", {})
        ctm = [1.0, 0, 0, 1, 0, 0]
        stack: list[tuple[list[float], tuple[float, float, float, float] | None]] = []
        clip: tuple[float, float, float, float] | None = None
        rect: tuple[float, float, float, float] | None = None
        placed = []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"q":
                stack.append((ctm, clip))
            elif op == b"Q":
                ctm, clip = stack.pop()
            elif op == b"cm":
                ctm = _multiply([float(v) for v in operands], ctm)
            elif op == b"re":
                rect = tuple(float(v) for v in operands)  # type: ignore[assignment]
            elif op in (b"W", b"W*") and rect is not None:
                clip = rect
            elif (op == b"Do" and str(operands[0]).startswith("/FormXob.face_")) or (
                op == b"BDC" and operands[0] == "/Card"
            ):
                # a face is a form placed by name, or drawn in place inside a marked /Card
                if op == b"Do":
                    name, box = str(operands[0]), forms[str(operands[0])].get_object()["/BBox"]
                else:
                    name, box = "/FormXob." + str(operands[1]["/Name"])[1:], operands[1]["/BBox"]
                x1, y1, x2, y2 = (float(v) for v in box)
                width, height = x2 + x1, y2 + y1  # the box runs from -bleed to size + bleed
                bleed = (-x1, -y1, -x1, -y1)
                if clip is not None:
                    cx, cy, cw, ch = clip
                    bleed = (-cx, -cy, cx + cw - width, cy + ch - height)
                # the trim box's corners where the matrix puts them (a back printed upside
                # down has its origin at the top right)
                a, b, c, d, e, f = ctm
                xs = (e, e + a * width + c * height)
                ys = (f, f + b * width + d * height)
                placed.append(
                    Placed(
                        name.removeprefix("/FormXob."),
                        min(xs) / MM,
                        min(ys) / MM,
                        width / MM,
                        height / MM,
                        tuple(round(b / MM, 4) for b in bleed),  # type: ignore[arg-type]
                    )
                )
        pages.append(placed)
    return pages


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    return [
        (float(p.mediabox.width) / MM, float(p.mediabox.height) / MM) for p in PdfReader(pdf).pages
    ]


Line = tuple[float, float, float, float]


WHITE = {(1.0,), (1.0, 1.0, 1.0)}


def _colour(value: Any) -> tuple[float, ...]:
    """A stroke colour as pdfplumber gives it (a grey as one number, or a tuple) as a tuple."""
    if value is None:
        return ()
    return (float(value),) if isinstance(value, (int, float)) else tuple(map(float, value))


def lines(pdf: Path, pages: list[int] | None = None) -> list[list[Line]]:
    """The straight lines in mm (x1, y1, x2, y2), y up, of every page (or of ``pages``): those
    drawn in ink — not the white edge a crop mark over a dark bleed gets."""
    found = []
    with pdfplumber.open(pdf) as document:
        for index in range(len(document.pages)) if pages is None else pages:
            page = document.pages[index]
            found.append(
                [
                    (
                        ln["x0"] / MM,
                        (page.height - ln["bottom"]) / MM,
                        ln["x1"] / MM,
                        (page.height - ln["top"]) / MM,
                    )
                    for ln in page.lines
                    if _colour(ln.get("stroking_color")) not in WHITE
                ]
            )
    return found


def half_turn(
    point: tuple[float, float], through: tuple[float, float], axis: tuple[float, float]
) -> tuple[float, float]:
    """Where a point of the sheet lies after the sheet (or part of it) turns half a turn in
    space about an axis in its plane (Rodrigues' rotation formula), seen from the same side."""
    ux, uy = axis
    norm = math.hypot(ux, uy)
    k = (ux / norm, uy / norm, 0.0)
    v = (point[0] - through[0], point[1] - through[1], 0.0)
    cos, sin = math.cos(math.pi), math.sin(math.pi)
    dot = sum(a * b for a, b in zip(k, v, strict=True))
    cross = (k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0])
    x, y, _z = (v[i] * cos + cross[i] * sin + k[i] * dot * (1 - cos) for i in range(3))
    return x + through[0], y + through[1]


def turned(
    point: tuple[float, float], paper: tuple[float, float], over: str
) -> tuple[float, float]:
    """Where a point printed on the front is, in the back page's frame, once the sheet is turned
    over its long or short edge: a duplex printer prints the back so that it reads upright after
    exactly that half turn about the axis through the sheet's centre along that edge."""
    width, height = paper
    long_axis = (1.0, 0.0) if width >= height else (0.0, 1.0)
    axis = long_axis if over == "long" else (long_axis[1], long_axis[0])
    return half_turn(point, (width / 2, height / 2), axis)
