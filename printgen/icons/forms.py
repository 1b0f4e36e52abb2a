"""Built-in and Font Awesome icons as ready PDF operators, so a build draws them without svglib.

svglib, and the reportlab.graphics and platypus modules it imports, take longer to import than
a whole card build takes to draw (0.2 s), and it parses each icon (2–3 ms). The built-in SVGs
and Font Awesome Free's never change between releases, so their drawings are rendered once
(``python -m printgen.icons cards/*/icons`` writes ``icons/forms.json`` — with the repository's
games' icons — and, for Font Awesome's 2,000 icons,
``icons/forms-fontawesome.json.gz``, read only by a build that draws one; tests keep both
current) into the operators ReportLab's renderPDF writes for them, in a marker
colour that drawing swaps for the icon's colour. The PDF is byte for byte the one svglib gives.

Each entry is keyed by the SHA-256 of the SVG's bytes and the file names the ReportLab version
that rendered it: a changed icon, another ReportLab or a damaged file only means svglib draws
(``precompiled`` answers None), never a wrong picture. (svglib's version is not checked: reading
it costs the import this module saves; a test fails when the stored forms differ from what the
installed svglib draws.) An opacity is stored as the setting it makes, so that the canvas names
it as renderPDF's call does, and the form lists it in its own resources (``draw.pdf.end_form``);
icons whose operators would name any other resource (a font, an image) are not stored.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.icons.geometry import Rgb
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

FORMS_FILE = Path(__file__).parent / "forms.json"
FONTAWESOME_FILE = Path(__file__).parent / "forms-fontawesome.json.gz"
# A colour no icon uses: its operators are found and replaced by the icon's colour
MARKER: Rgb = (0.123457, 0.234568, 0.345679)
FILL, STROKE = "%fill", "%stroke"  # stand-ins in the stored operators (a % line is a comment)
STATE = "%gs "  # "%gs ca 0.5": an opacity setting (ExtGState key and value), not an operator
_STATE_LINE = pattern(r"^/(gRLs\d+) gs$")
_OPACITY = ("ca", "CA")


@dataclass(frozen=True)
class Form:
    """One icon's drawing: its size in points, its operators (colours as FILL and STROKE,
    opacities as STATE lines) and whether it needs PDF 1.4's transparency."""

    width: float
    height: float
    code: tuple[str, ...]
    transparency: bool

    @cached_property
    def states(self) -> tuple[int, ...]:
        """Where the STATE lines are in ``code``: the rest is copied as it stands."""
        return tuple(i for i, line in enumerate(self.code) if line.startswith(STATE))


def precompiled(key: str, fontawesome: bool = False) -> Form | None:
    """The stored form of the SVG whose bytes have SHA-256 ``key``, if there is a usable one;
    ``fontawesome``: a Font Awesome icon, whose forms are kept in a file of their own (2,000
    icons, read only by a build that draws one)."""
    found = _stored().get(key)
    if found is None and fontawesome:
        found = _stored_fontawesome().get(key)
    return found


def emit(canvas: Canvas, name: str, form: Form, rgb: Rgb) -> None:
    """Define form ``name`` on ``canvas``: ``form``'s operators in colour ``rgb``."""
    from reportlab.lib.rl_accel import fp_str

    from printgen.draw.pdf import end_form

    fill, stroke = f"{fp_str(rgb)} rg", f"{fp_str(rgb)} RG"
    if form.transparency:  # what renderPDF's colour calls do, whether or not they emit a state
        canvas._doc.ensureMinPdfVersion("transparency")
    canvas.beginForm(name, 0, 0, form.width, form.height)
    # what addLiteral appends to, a stretch of lines at a time without its call a line: an
    # icon of 49,000 shapes is half a million lines, emitted in every colour of every PDF
    code, start = canvas._code, 0
    for end in (*form.states, len(form.code)):
        code.extend(
            fill if line == FILL else stroke if line == STROKE else line
            for line in form.code[start:end]
        )
        if end < len(form.code):
            key, value = form.code[end][len(STATE) :].split(" ", 1)
            # a fresh state in each form: the same settings get the same names as in renderPDF
            canvas._extgstate.set(canvas, key, float(value))
        start = end + 1
    end_form(canvas)


@lru_cache(maxsize=1)
def _stored() -> dict[str, Form]:
    """The forms of ``forms.json``; none when it is missing, damaged or for another ReportLab."""
    try:
        return _forms(FORMS_FILE.read_bytes())
    except OSError:
        return {}


@lru_cache(maxsize=1)
def stored_keys() -> frozenset[str]:
    """The keys (each icon file's SHA-256) of the icons ``forms.json`` holds a drawing of,
    whatever ReportLab made it: printgen's own icons and its games' (``printgen.icons.drawn``)."""
    try:
        return frozenset(json.loads(FORMS_FILE.read_bytes())["forms"])
    except (OSError, ValueError, KeyError, TypeError):
        return frozenset()


@lru_cache(maxsize=1)
def _stored_fontawesome() -> dict[str, Form]:
    """The forms of every Font Awesome Free icon (``forms-fontawesome.json.gz``), alike."""
    import gzip
    import zlib

    try:
        return _forms(gzip.decompress(FONTAWESOME_FILE.read_bytes()))
    except (OSError, EOFError, zlib.error):
        return {}


def _forms(data: bytes) -> dict[str, Form]:
    import reportlab

    try:
        raw = json.loads(data)
        if raw.get("reportlab") != reportlab.Version:
            return {}
        return {
            key: Form(
                float(entry["width"]),
                float(entry["height"]),
                tuple(entry["code"]),
                bool(entry["transparency"]),
            )
            for key, entry in raw["forms"].items()
            if all(isinstance(line, str) for line in entry["code"])
        }
    except (ValueError, KeyError, TypeError, AttributeError):
        return {}


def compile_form(data: bytes, root: Path, own_colours: bool = False) -> Form | None:
    """Render one SVG the way ``svg.draw_svg`` does and keep its operators; None for an SVG
    whose operators name a resource (or would not find its colours again). ``own_colours``:
    a picture, not recoloured."""
    from reportlab.lib.rl_accel import fp_str

    from printgen.draw.pdf import new_canvas
    from printgen.icons.recolour import recoloured
    from printgen.icons.svg import define_form, digest, parse

    drawing = (
        parse(data, root) if own_colours else recoloured(digest(data), data, str(root), MARKER)
    )
    canvas = new_canvas(io.BytesIO(), "", "", "")
    before = canvas._doc._pdfVersion
    captured: list[str] = []
    states: dict[str, tuple[str, Any]] = {}
    define_form(canvas, "probe", drawing, captured, states)
    colours = {f"{fp_str(MARKER)} rg": FILL, f"{fp_str(MARKER)} RG": STROKE}
    code = []
    for line in captured:
        state = _STATE_LINE.match(line)
        if state is not None:
            key, value = states[state[1]]
            if key not in _OPACITY:
                return None
            line = f"{STATE}{key} {float(value)!r}"
        code.append(colours.get(line, line))
    marker = fp_str(MARKER).split()[0]
    if any(("/" in line and not line.startswith(STATE)) or marker in line for line in code):
        return None
    transparency = canvas._doc._pdfVersion != before
    return Form(float(drawing.width), float(drawing.height), tuple(code), transparency)


def compile_builtin(folders: Iterable[Path] = ()) -> dict[str, Any]:
    """What ``forms.json`` holds for the installed ReportLab: every built-in SVG's form, and
    those of the SVGs in ``folders`` (the repository's games' icons: stored by content, so any
    copy of one draws without svglib, and an edited one with it)."""
    from printgen.folders import listed
    from printgen.icons.library import BUILTIN_DIR, LABELLED_DIR

    return _compiled(
        (path.read_bytes(), folder)
        for folder in (BUILTIN_DIR, LABELLED_DIR, *folders)
        for path in listed(folder, "*.svg")
    )


def compile_fontawesome() -> dict[str, Any]:
    """What ``forms-fontawesome.json.gz`` holds: every Font Awesome Free icon's form."""
    from printgen.icons import fontawesome
    from printgen.icons.library import BUILTIN_DIR

    return _compiled(
        (data, BUILTIN_DIR) for name in fontawesome.names() if (data := fontawesome.svg(name))
    )


def _compiled(svgs: Iterable[tuple[bytes, Path]]) -> dict[str, Any]:
    import reportlab

    from printgen.icons.svg import digest

    forms: dict[str, Any] = {}
    for data, folder in svgs:
        key = digest(data)
        if key in forms:  # an outline name and its style's name are one SVG
            continue
        form = compile_form(data, folder)
        if form is not None:
            forms[key] = {
                "width": form.width,
                "height": form.height,
                "code": list(form.code),
                "transparency": form.transparency,
            }
    return {"reportlab": reportlab.Version, "forms": dict(sorted(forms.items()))}


def _text(compiled: dict[str, Any]) -> str:
    return json.dumps(compiled, indent=0, sort_keys=True) + "\n"


def main(folders: Iterable[Path] = ()) -> None:
    import gzip

    FORMS_FILE.write_text(_text(compile_builtin(folders)), encoding="utf-8")
    # mtime 0: the same icons give the same bytes, whenever they are written
    packed = gzip.compress(_text(compile_fontawesome()).encode("utf-8"), 9, mtime=0)
    FONTAWESOME_FILE.write_bytes(packed)
    _stored.cache_clear()
    stored_keys.cache_clear()
    _stored_fontawesome.cache_clear()
