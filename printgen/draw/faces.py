"""Stage 4 — render: draw each distinct Face once, as a PDF form the imposer places by reference.

Coordinates: faces are laid out in mm from the trim box's top-left corner; a form's origin is the
trim box's bottom-left corner, in points, with y up (PDF's own convention).
"""

from __future__ import annotations

import hashlib
import io
import math
import warnings
import weakref
from collections.abc import Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printgen.draw.lines import NO_COLORS as NO_COLORS  # re-exported: the themes' default
from printgen.draw.lines import draw_lines
from printgen.draw.pdf import end_form
from printgen.draw.pictures import fitted
from printgen.icons import IconLibrary
from printgen.layout import ink, text
from printgen.layout.color import color as to_color
from printgen.layout.face import Face, Icon, Image, Op, Shape, TextBox, laid_out
from printgen.layout.ink import ASCENT as ASCENT  # re-exported: documents set text alike
from printgen.layout.ink import DESCENT as DESCENT
from printgen.layout.polygons import OUTLINED, placed
from printgen.model.units import pt
from printgen.startup.deferred import pattern

_NOT_NAME = pattern(r"\W|_")  # a form's name keeps letters and digits (str.isalnum)


def form_name(face: Face) -> str:
    return "face_" + _NOT_NAME.sub("_", face.key)


def bleed_box(face: Face) -> tuple[float, float, float, float]:
    """The face's trim box grown by its bleed (left, bottom, right, top), in points from the
    trim box's bottom-left corner: the box of its form, or of its mark when drawn in place."""
    return _box(face.width_mm, face.height_mm, face.bleed_mm)


def _box(width_mm: float, height_mm: float, bleed_mm: float) -> tuple[float, float, float, float]:
    b = pt(bleed_mm)
    return -b, -b, pt(width_mm) + b, pt(height_mm) + b


def marked_box(face: Face) -> str:
    """``bleed_box`` as the PDF text of a card's mark when drawn in place: a few sizes of card
    for thousands of cards. A bleed of 0 and of -0 are one key to a cache but print
    differently ("-0.000", "0.000"): the sign is part of the key."""
    bleed = face.bleed_mm
    return _marked_box(face.width_mm, face.height_mm, bleed, math.copysign(1.0, bleed))


@lru_cache(maxsize=64)
def _marked_box(width_mm: float, height_mm: float, bleed_mm: float, _sign: float) -> str:
    return " ".join(f"{v:.3f}" for v in _box(width_mm, height_mm, bleed_mm))


def render_faces(canvas: Canvas, faces: list[Face]) -> dict[str, str]:
    """Define one form per distinct face; return face key -> form name. A streamed front is
    laid out for its form and let go once drawn."""
    forms: dict[str, str] = {}
    used: set[str] = set()
    for face in faces:
        if face.key in forms:
            continue
        name = form_name(face)
        if name in used:  # keys that differ only by punctuation: war-elephant, war_elephant
            name = f"{name}_{hashlib.sha1(face.key.encode()).hexdigest()[:8]}"
        used.add(name)
        canvas.beginForm(name, *bleed_box(face))
        draw_face(canvas, laid_out(face))
        end_form(canvas)
        forms[face.key] = name
    return forms


@dataclass
class Layers:
    """Forms of the drawing operations a layout draws alike on every card of a deck (its
    background, frame, fixed icons and words: ``LaidOutDeck.shared``), so 10,000 distinct
    cards hold that drawing once and each card only its own text."""

    shared: Container[int]  # the ids of the shared operations
    forms: dict[tuple[Any, ...], str] = field(default_factory=dict)


def render_layers(canvas: Canvas, faces: Iterable[Face], layers: Layers) -> None:
    """Define a form for each run of consecutive shared operations of ``faces`` that has none
    yet: called between pages, for the faces the next sheet draws in place."""
    for face in faces:
        for run in _op_runs(face, layers.shared):
            key = _layer_key(face, run)
            if id(run[0]) not in layers.shared or key in layers.forms:
                continue
            name = f"layer_{len(layers.forms)}"
            canvas.beginForm(name, *bleed_box(face))
            for op in run:
                draw_op(canvas, op, face.height_mm)
            end_form(canvas)
            layers.forms[key] = name


def _op_runs(face: Face, shared: Container[int]) -> Iterator[list[Op]]:
    """The face's operations in runs that are all shared or all the face's own, in order."""
    run: list[Op] = []
    for op in face.ops:
        if run and (id(op) in shared) != (id(run[0]) in shared):
            yield run
            run = []
        run.append(op)
    if run:
        yield run


def _layer_key(face: Face, run: list[Op]) -> tuple[Any, ...]:
    return (face.width_mm, face.height_mm, face.bleed_mm, *(id(op) for op in run))


def draw_face(
    canvas: Canvas, face: Face, layers: Layers | None = None, clipped: bool = False
) -> None:
    """Draw a face with its trim box's bottom-left corner at the current origin; what it shares
    with other faces comes from their ``layers``' forms. ``clipped``: the caller has saved the
    canvas's state and clipped it to a rectangle no larger than the face's bleed box (a sheet
    drawing a card in place does), so a rectangular face's own clip would change nothing — a
    round one still clips itself."""
    own_clip = not clipped or face.shape == "circle"
    if own_clip:
        canvas.saveState()
        _clip_to_bleed(canvas, face)
    height = face.height_mm
    for run in _op_runs(face, layers.shared) if layers else [face.ops]:
        form = layers.forms.get(_layer_key(face, run)) if layers else None
        if form is not None:
            canvas.doForm(form)
            continue
        for op in run:
            draw_op(canvas, op, height)
    if own_clip:
        canvas.restoreState()


def _clip_to_bleed(canvas: Canvas, face: Face) -> None:
    b = pt(face.bleed_mm)
    path = canvas.beginPath()
    if face.shape == "circle":
        path.ellipse(-b, -b, pt(face.width_mm) + 2 * b, pt(face.height_mm) + 2 * b)
    else:
        path.rect(-b, -b, pt(face.width_mm) + 2 * b, pt(face.height_mm) + 2 * b)
    canvas.clipPath(path, stroke=0, fill=0)


def draw_op(canvas: Canvas, op: Op, face_height_mm: float) -> None:
    # the op's top-left corner in points, converted to a bottom-left PDF rectangle
    left = pt(op.x)
    bottom = pt(face_height_mm - op.y - op.h)
    width, height = pt(op.w), pt(op.h)
    if isinstance(op, Shape) or not op.turned:
        _draw_op(canvas, op, left, bottom, width, height)
        return
    canvas.saveState()  # upside down about its box's centre
    canvas.translate(2 * left + width, 2 * bottom + height)
    canvas.rotate(180)
    _draw_op(canvas, op, left, bottom, width, height)
    canvas.restoreState()


def _draw_op(
    canvas: Canvas, op: Op, left: float, bottom: float, width: float, height: float
) -> None:
    if isinstance(op, Shape):
        _shape(canvas, op, left, bottom, width, height)
    elif isinstance(op, TextBox):
        draw_block(
            canvas,
            op.block,
            left,
            bottom + height,
            width,
            height,
            op.color,
            op.align,
            op.valign,
            op.icon_colors,
            op.icons,
        )
    elif isinstance(op, Icon):
        size = min(width, height)
        op.library.draw(
            canvas,
            op.name,
            left + (width - size) / 2,
            bottom + (height - size) / 2,
            size,
            op.color,
            op.label,
        )
    elif isinstance(op, Image) and op.svg_folder is not None:
        from printgen.icons.svg import draw_svg

        # a picture keeps its own colours, drawn as vectors and as large as the box allows
        draw_svg(canvas, op.data, op.svg_folder, left, bottom, width, height, None, cover=op.cover)
    elif isinstance(op, Image) and (op.exif != 1 or op.cover):
        _oriented(canvas, op, left, bottom, width, height)
    elif isinstance(op, Image):
        canvas.drawImage(
            _reader(
                canvas, fitted(op.data, op.pixels, width, height, cover=False)
            ),  # named by a digest of its pixels
            left,
            bottom,
            width,
            height,
            preserveAspectRatio=True,
            anchor="c",
            mask="auto",
        )


# EXIF orientations 2 to 8 as the (a, b, c, d) of a PDF transform about the picture's centre
# (y up): its stored pixels mirrored or turned as a viewer shows them; 5 to 8 swap its sides
_EXIF = {
    2: (-1, 0, 0, 1),  # mirrored left to right
    3: (-1, 0, 0, -1),  # upside down
    4: (1, 0, 0, -1),  # mirrored top to bottom
    5: (0, -1, -1, 0),  # mirrored along its diagonal
    6: (0, -1, 1, 0),  # a quarter turn clockwise (a phone held upright)
    7: (0, 1, 1, 0),  # mirrored along its other diagonal
    8: (0, 1, -1, 0),  # a quarter turn anticlockwise
}


def _oriented(
    canvas: Canvas, op: Image, left: float, bottom: float, width: float, height: float
) -> None:
    """A photo whose EXIF orientation says it is seen turned or mirrored, drawn as seen and as
    large as its box allows (ReportLab places the stored pixels: a phone's portrait photo was
    printed lying on its side) — or covering its box (``fit: cover``), clipped to it."""
    a, b, c, d = _EXIF.get(op.exif, (1, 0, 0, 1))
    reader = _reader(canvas, fitted(op.data, op.pixels, width, height, op.cover))
    stored_w, stored_h = reader.getSize()
    seen_w, seen_h = (stored_h, stored_w) if a == 0 else (stored_w, stored_h)
    scale = (max if op.cover else min)(width / seen_w, height / seen_h)
    canvas.saveState()
    if op.cover:  # what passes the box is cut off
        box = canvas.beginPath()
        box.rect(left, bottom, width, height)
        canvas.clipPath(box, stroke=0, fill=0)
    canvas.transform(a, b, c, d, left + width / 2, bottom + height / 2)
    w, h = stored_w * scale, stored_h * scale
    canvas.drawImage(reader, -w / 2, -h / 2, w, h, mask="auto")
    canvas.restoreState()


_readers: weakref.WeakKeyDictionary[Canvas, dict[bytes, Any]] = weakref.WeakKeyDictionary()


def _reader(canvas: Canvas, data: bytes) -> Any:
    """One image reader a picture and PDF: it decodes the picture once, however many cards
    print it (a reader each time decoded a 4,000² JPEG for every card: 5 GB for four)."""
    from reportlab.lib.utils import ImageReader

    readers = _readers.setdefault(canvas, {})
    if data not in readers:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # damaged EXIF, drawn all the same (image_trouble)
            readers[data] = ImageReader(io.BytesIO(data))
    return readers[data]


def _shape(
    canvas: Canvas, op: Shape, left: float, bottom: float, width: float, height: float
) -> None:
    canvas.saveState()
    if op.fill:
        canvas.setFillColor(to_color(op.fill))
    if op.stroke:
        canvas.setStrokeColor(to_color(op.stroke))
        canvas.setLineWidth(op.stroke_width)
    if op.dash:
        canvas.setDash(list(op.dash))
    fill, stroke = int(op.fill is not None), int(op.stroke is not None and op.stroke_width > 0)
    if op.kind == "line":
        if stroke:
            # a line's h is its downward extent in mm: y grows down in layouts, up in PDF
            canvas.line(left, bottom + height, left + width, bottom)
    elif op.kind == "ellipse":
        canvas.ellipse(left, bottom, left + width, bottom + height, stroke=stroke, fill=fill)
    elif op.kind in OUTLINED:
        path, corners = canvas.beginPath(), placed(op, left, bottom, width, height)
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        path.close()
        canvas.drawPath(path, stroke=stroke, fill=fill)
    elif op.radius > 0:
        canvas.roundRect(left, bottom, width, height, pt(op.radius), stroke=stroke, fill=fill)
    else:
        canvas.rect(left, bottom, width, height, stroke=stroke, fill=fill)
    canvas.restoreState()


def draw_block(
    canvas: Canvas,
    block: text.Block,
    left: float,
    top: float,
    width: float,
    height: float,
    color: str,
    align: str = "left",
    valign: str = "top",
    icon_colors: Mapping[str, str] = NO_COLORS,
    icons: IconLibrary | None = None,
) -> None:
    """Draw fitted lines in a box given by its top-left corner (points, y up); lines sit where
    `printgen.layout.ink` says, so the lay-out checks see what prints.

    Its colour is set inside the text object, with no graphics state saved around it: a face's
    every other operation sets the colours it paints with, and the face itself is drawn within
    a saved state or a form (two states saved for each card's texts were a twentieth of a
    10,000-card build)."""
    baseline = top - ink.first_baseline(block, height, valign)
    placed = []
    for line in block.lines:
        placed.append((line, left + ink.line_offset(line, width, align), baseline))
        baseline -= block.leading
    draw_lines(canvas, placed, block.size, color, icon_colors, icons, own_color=True)
