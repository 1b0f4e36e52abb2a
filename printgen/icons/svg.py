"""SVG icons drawn as vectors: parsed once per content with svglib, recoloured (recolour.py),
fitted in a box.

svglib is imported only when an SVG is drawn (start-up time of the CLI is measured). A parsed
drawing is cached by the SHA-256 of the file's bytes, so a deck that draws one icon 68 times
parses it once; its recoloured copies are cached per colour. Cached drawings are never mutated.
"""

from __future__ import annotations

import hashlib
import io
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.icons.forms import MARKER, Form, emit, precompiled
from printgen.icons.geometry import Rgb, fit
from printgen.icons.svg_shapes import (
    MAX_SVG_NUMBER,
    draws_something,
    flattening,
    huge_view_box,
    solid_where_dashes_cannot_be,
    wild_number,
)
from printgen.icons.svg_uses import use_counts
from printgen.icons.svg_xml import SvgError as SvgError
from printgen.icons.svg_xml import malformed_at, strict_tree
from printgen.model.units import exact
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfgen.canvas import Canvas


MAX_SVG_ELEMENTS = 50_000  # tags of one SVG: a detailed illustration has a few thousand
MAX_SVG_SIZE = 100_000  # an icon's width and height in SVG units (icons are 24 to 512)
# and at least this: drawn at a card's size, a viewBox of 1e-20 scales every number by 1e21,
# which no PDF can write (with numbers within ±MAX_SVG_NUMBER, this keeps them below 1e16)
MIN_SVG_SIZE = 1e-3
# groups inside groups: svglib draws them by recursion, and past about 270 levels it draws
# nothing of the whole file (it was said as "draws nothing"); a real drawing nests a dozen
MAX_SVG_DEPTH = 250
# numbers of one SVG (coordinates, mostly): one path of two million points is one element, and
# took 20 s and 500 MB to draw; a detailed icon has a few thousand
MAX_SVG_NUMBERS = 200_000
# a <use> copies what it names: 300 of them naming a group of 300 shapes made 90,000 (18 s,
# 275 MB for a 15 kB file); the elements the uses name, counted, bound the copies of uses that
# name no other use, the count of expansions (uses inside the copies too) those that do
MAX_SVG_USE_COPIES = 10_000
# a stylesheet's rules are matched against every element: 20,000 rules over 20,000 elements (a
# 1.6 MB file) ran for minutes; a styled icon has a few rules over a few hundred elements
MAX_SVG_STYLE_WORK = 1_000_000  # rules × elements
_STYLE = pattern(rb"<(?:[\w.-]+:)?style[\s>]", re.IGNORECASE)
MAX_SVG_USE_EXPANSIONS = 2_000
_USE = pattern(rb"<(?:[\w.-]+:)?use[\s/>]", re.IGNORECASE)
# svglib decodes an <image>'s data: URI (a 951 kB SVG held a 13,300² PNG: 2.5 GB) past the
# pixel limit pictures have, and ReportLab then fails to draw it in a form: refused unread
# (or a data: URI of a picture anywhere: <use href="data:image/png…"> is decoded as well)
_EMBEDDED = pattern(rb"<(?:[\w.-]+:)?image[\s/>]|data:\s*image/", re.IGNORECASE)
# every byte of a number (digits, its point) to "1", any other to " ": numbers are runs of "1"
_NUMBER_BYTES = bytes(0x31 if chr(b) in "0123456789." else 0x20 for b in range(256))


def _numbers(data: bytes) -> int:
    """About how many numbers an SVG holds, counted before it is parsed, in one pass with no
    list of them (a small file cannot hold more than the limit: not counted)."""
    if len(data) < MAX_SVG_NUMBERS:
        return 0
    runs = b" " + data.translate(_NUMBER_BYTES)
    return runs.count(b" 1")


_TAG = pattern(rb"<(/?)[A-Za-z][^>]*?(/?)>")
_STYLE_LINK = pattern(rb"""style\s*=\s*["'][^"']*url\([^)]*:""")


def _depth(data: bytes) -> int:
    """How deep the file's elements nest, read off its tags (a comment's or a CDATA section's
    text, rarely holding tags, may count a little too): one pass, no tree made."""
    depth = deepest = 0
    for tag in _TAG.finditer(data):
        if tag.group(1):
            depth -= 1
        elif not tag.group(2):
            depth += 1
            deepest = max(deepest, depth)
    return deepest


@lru_cache(maxsize=1024)
def digest(data: bytes) -> str:
    """The SHA-256 of an SVG's bytes; remembered, because a deck draws the same few icon files
    (the same bytes objects, whose hash Python keeps) thousands of times."""
    return hashlib.sha256(data).hexdigest()


@lru_cache(maxsize=512)
def _parsed(key: str, data: bytes, root: str) -> Drawing:
    """The drawing of one SVG content; `root` is the only folder it may reference files in."""
    elements = data.count(b"<")  # counted before parsing: 300,000 shapes took 47 s and 1.4 GB
    if elements > MAX_SVG_ELEMENTS:
        raise SvgError(
            f"it holds about {elements:,} elements, over {MAX_SVG_ELEMENTS:,} (the limit for a "
            "vector picture); simplify it, or export it as a PNG"
        )
    if elements > MAX_SVG_DEPTH and (depth := _depth(data)) > MAX_SVG_DEPTH:
        raise SvgError(
            f"its elements nest {depth:,} levels deep (groups inside groups), over "
            f"{MAX_SVG_DEPTH} (the limit for a vector picture); ungroup them, or export it as "
            "a PNG"
        )
    if _EMBEDDED.search(data):
        raise SvgError(
            "it embeds a raster image (an <image>, or a data:image/ link), which printgen does "
            "not draw inside "
            "an SVG; use the PNG or JPEG itself as the picture, or remove the image from the SVG"
        )
    if _USE.search(data):
        counts = use_counts(data, MAX_SVG_USE_EXPANSIONS)
        if counts.copies > MAX_SVG_USE_COPIES:
            raise SvgError(
                f"its <use> elements copy {counts.copies:,} elements, over "
                f"{MAX_SVG_USE_COPIES:,} (the limit for a vector picture); simplify it, or "
                "export it as a PNG"
            )
        # counted before svglib spends seconds on them; uses side by side are bounded by what
        # they copy, above
        if counts.nested and counts.expansions > MAX_SVG_USE_EXPANSIONS:
            raise _too_many_uses()
    if _STYLE.search(data) and (rules := data.count(b"{")) * elements > MAX_SVG_STYLE_WORK:
        raise SvgError(
            f"its stylesheet has about {rules:,} rules for {elements:,} elements, over "
            f"{MAX_SVG_STYLE_WORK:,} rules × elements (the limit for a vector picture); save it "
            "with styles applied to the shapes (presentation attributes), or export it as a PNG"
        )
    numbers = _numbers(data)
    if numbers > MAX_SVG_NUMBERS:
        raise SvgError(
            f"it holds about {numbers:,} numbers (coordinates), over {MAX_SVG_NUMBERS:,} (the "
            "limit for a vector picture); simplify its paths, or export it as a PNG"
        )
    huge = huge_view_box(data)
    if huge is not None:  # svglib scales it to the width: said as a transform flattening shapes
        raise SvgError(
            f"its viewBox ({huge}) is far outside any drawing: a viewBox's numbers must stay "
            f"within ±{MAX_SVG_NUMBER:.0e}; give it a viewBox around what it draws, "
            'viewBox="0 0 WIDTH HEIGHT"'
        )
    # svglib's parser recovers from broken XML: a file saved only in part, or with a tag left
    # open, drew the shapes before the break and none after, and said nothing (an entity bomb,
    # cut at its first entity, was said as "draws nothing"); a strict parse finds the break
    malformed_at(strict_tree(data))
    from printgen.startup.deferred import import_platypus

    # svglib's drawing shapes import platypus: through printgen's import, which leaves its two
    # whole-Unicode patterns (60 ms) to compile when a paragraph needs them, if ever
    import_platypus()
    # svglib logs each unsupported attribute, and its errors, on stderr with no file named: an
    # icon that still draws is not the user's problem, and one that does not is reported below
    # (but for the one that says it stopped expanding <use>s: the icon would miss shapes)
    import logging

    import svglib.svglib as converter
    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.CRITICAL + 1)
    # svglib counts every use against its limit, nested or not: 2,001 uses side by side were
    # refused as nesting. Those that nest are bounded above; those that do not are no more
    # than the file's elements
    converter.MAX_USE_EXPANSIONS = MAX_SVG_ELEMENTS
    said: list[str] = []
    log = logging.getLogger(converter.__name__)
    log.setLevel(logging.ERROR)
    log.propagate = False  # its records are ours alone, never a root handler's
    handler = logging.Handler(logging.ERROR)
    handler.emit = lambda record: said.append(str(record.msg))  # type: ignore[method-assign]
    log.addHandler(handler)
    try:
        drawing = svg2rlg(io.BytesIO(data), external_reference_root=root, font_map=_vera_only())
    except Exception as exc:  # lxml and svglib raise many kinds for a malformed file
        from printgen.problems import without_addresses

        if _STYLE_LINK.search(data):  # svglib splits a style at every ':', a link's too
            raise SvgError(
                "a style= attribute holds a url(…) with a ':' in it (a link to another file?), "
                "which printgen does not follow; use url(#id) of a gradient or pattern in the "
                "same file"
            ) from None
        if isinstance(exc, RecursionError):  # Python's words: "maximum recursion depth …"
            raise SvgError(
                "not a readable SVG file (its styles or elements nest too deeply)"
            ) from None
        raise SvgError(f"not a readable SVG file ({without_addresses(str(exc))})") from None
    finally:
        log.removeHandler(handler)
    if any("Too many <use>" in message for message in said):
        raise _too_many_uses()
    if drawing is None:
        raise SvgError("not a readable SVG file (no drawing)")
    if not drawing.width > 0 or not drawing.height > 0:
        # a browser shows such an <svg> at a size of its own; printgen has none to scale from
        raise SvgError(
            "its <svg> has no size (no viewBox, nor a width and height, or one of them 0): "
            'give it a viewBox around what it draws, viewBox="0 0 WIDTH HEIGHT"'
        )
    if not (drawing.width >= MIN_SVG_SIZE and drawing.height >= MIN_SVG_SIZE):
        raise SvgError(
            f"it is too small to draw (a width or height under {MIN_SVG_SIZE:g} units): give it "
            'a viewBox around what it draws, viewBox="0 0 WIDTH HEIGHT"'
        )
    if not (drawing.width <= MAX_SVG_SIZE and drawing.height <= MAX_SVG_SIZE):  # NaN too
        raise SvgError(
            f"its width and height ({exact(drawing.width)} × {exact(drawing.height)}) must be at "
            f"most {MAX_SVG_SIZE:,} units; set a viewBox and a sensible width and height"
        )
    if not draws_something(drawing):
        raise SvgError("it draws nothing (no path or shape); draw in it, or remove it")
    if flattening(drawing):
        raise SvgError(
            "a transform in it flattens its shapes to nothing (scale(0), a matrix of "
            "determinant 0), which a PDF cannot draw; remove it, or the shapes it holds"
        )
    wild = wild_number(drawing)
    if wild is not None:
        raise SvgError(
            f"a number in it ({wild:g}) is far outside any drawing: coordinates, sizes and "
            f"transforms must stay within ±{MAX_SVG_NUMBER:.0e}"
        )
    solid_where_dashes_cannot_be(drawing)
    return drawing


_BOLD = {"bold", "bolder", "600", "700", "800", "900"}  # SVG's font-weight values


def _vera_only() -> Any:
    """svglib's font lookup for an SVG's <text>, kept to Vera (embedded, as every font printgen
    prints): its own would open any ``font-family`` given as a path — a file outside the
    project, a FIFO that never ends, /dev/zero — and ask fontconfig (``fc-match``) for a
    system font, making the PDF depend on the machine's fonts."""
    from svglib.fonts import FontMap

    from printgen.layout.fonts import family

    vera = family("vera")

    class VeraOnly(FontMap):
        def find_font(
            self, font_name: str, weight: str = "normal", style: str = "normal"
        ) -> tuple[str, bool]:
            bold = str(weight).lower() in _BOLD
            italic = str(style).lower() in ("italic", "oblique")
            return vera.face(bold, italic), False

    return VeraOnly()


def _too_many_uses() -> SvgError:
    return SvgError(
        f"its <use> elements nest into more than {MAX_SVG_USE_EXPANSIONS:,} copies (the "
        "limit for a vector picture); simplify it, or export it as a PNG"
    )


def parse(data: bytes, root: Path) -> Drawing:
    """The (shared, read-only) drawing of an SVG's bytes."""
    return _parsed(digest(data), data, str(root))


def draw_svg(
    canvas: Canvas,
    data: bytes,
    root: Path,
    x: float,
    y: float,
    width: float,
    height: float,
    rgb: Rgb | None,
    fontawesome: bool = False,
    cover: bool = False,
) -> None:
    """Draw an SVG centred in the box (x, y, width, height), as large as fits, never outside it
    — or, to ``cover`` the box (a picture's `fit: cover`), as small as fills it, clipped to it.

    `rgb` None keeps the SVG's own colours (pictures); a colour recolours it (icons).
    `fontawesome`: a Font Awesome icon (its stored form is looked up among theirs too).
    """

    key, folder = digest(data), str(root)
    # One form XObject per file and colour in each PDF: a deck that shows an icon 68 times
    # holds its paths once, and the form's bounding box keeps the icon inside its box.
    shade = "own" if rgb is None else "".join(f"{round(c * 255):02x}" for c in rgb)
    form = f"icon-{key[:20]}-{shade}"
    ready = precompiled(key, fontawesome) if rgb is not None else None
    if ready is None:  # the project's icon or picture: rendered once, then as a built-in
        ready = _compiled_here(key, data, folder, rgb is None)
    if ready is not None:  # a built-in or Font Awesome icon: no svglib
        if not canvas.hasForm(form):
            emit(canvas, form, ready, MARKER if rgb is None else rgb)  # a picture's own
        size = ready.width, ready.height
    else:
        from printgen.icons.recolour import recoloured

        drawing = _parsed(key, data, folder) if rgb is None else recoloured(key, data, folder, rgb)
        if not canvas.hasForm(form):
            define_form(canvas, form, drawing)
        size = drawing.width, drawing.height
    left, bottom, scale = fit(*size, x, y, width, height, cover)
    canvas.saveState()
    try:
        if cover:
            box = canvas.beginPath()
            box.rect(x, y, width, height)
            canvas.clipPath(box, stroke=0, fill=0)
        canvas.translate(left, bottom)
        canvas.scale(scale, scale)
        canvas.doForm(form)
    finally:
        canvas.restoreState()


@lru_cache(maxsize=256)
def _compiled_here(key: str, data: bytes, root: str, own_colours: bool) -> Form | None:
    """A project's icon (or, in its ``own_colours``, picture) as a built-in's stored form:
    svglib's operators, kept with a stand-in colour (None when they name a resource). Drawn
    anew in every colour and every PDF, an icon of 49,000 shapes on four card types kept a
    build busy for minutes."""
    from printgen.icons.forms import compile_form

    form = compile_form(data, Path(root), own_colours)  # `key` names the content here
    # an opacity's state is set again after each Q by renderPDF, not by emit: kept as drawn
    return form if form is not None and not form.states else None


def define_form(
    canvas: Canvas,
    form: str,
    drawing: Drawing,
    captured: list[str] | None = None,
    states: dict[str, tuple[str, Any]] | None = None,
) -> None:
    """Define ``form`` as ``drawing``; ``captured`` receives its operators and ``states``
    what each graphics state they name sets (see forms.py)."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.shapes import Drawing

    from printgen.draw.pdf import end_form

    canvas.beginForm(form, 0, 0, drawing.width, drawing.height)
    # renderPDF starts every drawing by selecting a font; a wrapper that names the canvas's
    # current one keeps a bare Helvetica (never embedded) out of the PDF's resources
    wrapper = Drawing(drawing.width, drawing.height, drawing)
    wrapper.initialFontName = canvas._fontname
    wrapper.initialFontSize = canvas._fontsize
    renderPDF.draw(wrapper, canvas, 0, 0, showBoundary=False)
    if captured is not None:
        captured.extend(canvas._code)
    if states is not None:
        states.update({name: setting for setting, name in canvas._extgstate._c.items()})
    end_form(canvas)
