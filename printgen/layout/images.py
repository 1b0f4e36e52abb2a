"""Image elements: the file read once through the project's confinement, checked from its header
(pixel cap) before any decoding; SVG pictures parsed to be drawn as vectors."""

from __future__ import annotations

import io
import math
import os
import re
import unicodedata
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from printgen import inputs
from printgen.layout.face import Image
from printgen.layout.props import Props
from printgen.limits import MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS
from printgen.problems import (
    Problem,
    ProjectError,
    Severity,
    Where,
    closest,
    fail,
    in_spreadsheet,
    without_addresses,
)
from printgen.project import Project
from printgen.sandbox import expressions as expr

if TYPE_CHECKING:
    from printgen.layout.evaluate import LayoutContext


# how a picture takes its box: whole, as large as fits (its box's spare room left empty), or
# covering it, centred, what passes the box cut off (full-bleed art of other proportions)
FITS = ("contain", "cover")


def lay_out_image(
    ctx: LayoutContext, props: Props, box: tuple[float, float, float, float]
) -> Image | None:
    raw = props.value("path")
    if not raw:
        if not props.computed("path"):  # (a card's empty value: that card has no picture)
            _no_path(ctx, props)
        return None
    cover = props.choice("fit", FITS, "contain") == "cover"
    where = props.where("path")
    shown = str(raw) if len(str(raw)) <= 80 else str(raw)[:77] + "…"
    # a path worked out from a card's value: each problem names the card it is first met on
    who = props.first_card() if props.computed("path") else ""
    path: Path | None = None
    try:
        path = ctx.project.inside(str(raw), where)
        if not (path.exists() or path.is_symlink()):
            raise ProjectError([])
        real = ctx.project.file(path, where, MAX_IMAGE_BYTES, f"image '{shown}'")
        info = real.stat()
        try:  # read once for every card that shows it
            data = _image_bytes(ctx.project, real, inputs.version(info))
        except ProjectError as exc:
            raise fail(where, f"image '{shown}': {exc.problems[0].message}") from None
    except ProjectError as exc:
        if path is not None and ctx.project.confined(path) and path.is_dir():
            _folder(ctx, props, shown, who)
            return None
        # a folder written wrong (absolute, backslashed, relative to the game): every card's
        # picture fails alike, one mistake said once at the path, not once per picture
        alike = bool(who) and _folder_written_wrong(ctx.project, str(props.source("path")))
        if alike:
            who = who[:-1] + "; the same on every card)"
        for problem in exc.problems or [
            Problem(
                where,
                f"image '{shown}' not found"
                + (
                    missing_hint(ctx.project, str(raw), ctx.game.folder)
                    or "; put the file there (paths are relative to the project folder)"
                ),
            )
        ]:
            # once per place that names the file, not once per file: two elements naming one
            # missing picture are two lines to fix, both said in the one run
            once = ("image", str(where)) if alike else ("image", str(raw), str(where))
            ctx.report(problem.where, problem.message + who, once=once)
        return None
    if real.suffix.lower() == ".svg":
        why = _unreadable_svg(data, real.parent)
        if why:
            ctx.report(where, f"'{shown}' {why}{who}", once=("image", str(raw)))
            return None
        if _undrawn(data):  # it draws, its hole filled: said once for the element
            from printgen.icons.unfollowed import UNDRAWN_SAID

            said = f"'{shown}': {UNDRAWN_SAID}"
            ctx.problems.add(where, said, Severity.WARNING, ("undrawn", str(where)))
        return Image(*box, data, real.parent, cover=cover)
    trouble = image_trouble(data)
    if trouble:
        if trouble.endswith(_LIMIT):  # the pixels its box prints at 300 dpi: plenty for a card
            wide, high = (max(1, math.ceil(side / 25.4 * 300)) for side in box[2:])
            advice = (
                f"scale it down: its {box[2]:g}×{box[3]:g} mm box prints {wide}×{high} "
                "pixels at 300 dpi"
            )
        else:
            trouble, advice = f"is not an image printgen can place ({trouble})", "save it as PNG"
            advice += ", JPEG or SVG"
        ctx.report(where, f"'{shown}' {trouble}; {advice}{who}", once=("image", str(raw)))
        return None
    placed, turn, pixels = placeable(data)
    dpi = _dpi(pixels, box, cover)
    # said at the path, once for each element naming the picture (each picture a card's value
    # names, with the first card showing it); a picture of one colour has no detail to lose,
    # and prints alike at any dpi
    if dpi < LOW_DPI and not _one_colour(placed):
        said = _low_dpi(shown, dpi, pixels, box[2:] if cover else None) + who
        once = ("dpi", str(where), str(raw) if who else "")
        ctx.problems.add(where, said, Severity.WARNING, once)
    return Image(*box, placed, exif=turn, pixels=pixels, cover=cover)


def _folder_written_wrong(project: Project, template: str) -> bool:
    """Whether the folder a path template names before its first ``{{ … }}`` is itself no
    folder of the project (``/home/me/art/``, ``art\\``, ``art/`` for the game's art/)."""
    fixed = re.split(r"\{[{%]", template, maxsplit=1)[0]
    folder = fixed[: max(fixed.rfind("/"), fixed.rfind("\\")) + 1]
    if not folder:
        return False
    if "\\" in folder or Path(folder).is_absolute():
        return True
    try:
        return not project.inside(folder, Where(folder)).is_dir()
    except ProjectError:
        return True


def _no_path(ctx: LayoutContext, props: Props) -> None:
    """``path: ""`` (or none): the element drew nothing on any card, and nothing was said."""
    where = props.where("path")
    said = "path is empty" if props.source("path") is not None else "an image needs a path"
    ctx.report(
        where,
        f"{said}: name an image file (relative to the project folder, as "
        f"{ctx.game.folder}/art/picture.png), or remove the element '{props.element.name}'",
        once=("image-no-path", str(where)),
    )


def _folder(ctx: LayoutContext, props: Props, shown: str, who: str) -> None:
    """A picture's path naming a folder: most often one a card's empty value left unfinished
    ("art/{{ card.art }}" on a card with no art), said at that card's row or line."""
    card = props.variables.get("card")
    empty = expr.left_out(str(props.source("path")), card, blank=True) if who else []
    if empty and isinstance(card, dict) and props.card_where is not None:
        field = empty[0]
        fill = (
            f"fill its {field} cell" if in_spreadsheet(props.card_where) else f"give it a {field}"
        )
        element = props.element.name
        ctx.report(
            props.card_where,
            f"card '{card.get('id')}' has no {field}: its path '{shown}' (layout "
            f"'{props.layout.name}' element '{element}') names the folder; {fill}, or draw the "
            f'picture only on cards that have one with when: "{{{{ card.{field} }}}}" under '
            f"'{element}'",
            once=("image-empty", str(props.card_where), props.layout.name, element),
        )
        return
    where = props.where("path")
    ctx.report(
        where,
        f"image '{shown}' is a folder, not a file; name a picture file in it{who}",
        once=("image", shown, str(where)),
    )


# Under this a picture prints visibly soft or blocky; print shops ask for 300 dpi, and 150 is
# where most eyes at reading distance begin to see the pixels.
LOW_DPI = 150
WANTED_DPI = 300


def _dpi(pixels: tuple[int, int], box: tuple[float, float, float, float], cover: bool) -> float:
    """The pixels per inch a picture prints at: it is drawn as large as its box allows keeping
    its proportions (see draw.faces) — or, to cover its box, as small as fills it — so its
    pixels spread over that drawn size."""
    width, height = pixels
    scale = (max if cover else min)(box[2] / width, box[3] / height)  # mm per pixel
    return 25.4 / scale if scale > 0 else float("inf")


@lru_cache(maxsize=16)
def _one_colour(data: bytes) -> bool:
    """Whether every pixel of a (checked) PNG or JPEG is of one colour and opacity."""
    import warnings

    from PIL import Image as PILImage

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # damaged EXIF: as image_trouble says nothing of it
        with PILImage.open(io.BytesIO(data), formats=["PNG", "JPEG"]) as image:
            extrema = image.getextrema()
    bands = extrema if isinstance(extrema[0], tuple) else (extrema,)
    return all(low == high for low, high in bands)


def _low_dpi(
    shown: str, dpi: float, pixels: tuple[int, int], box: tuple[float, float] | None = None
) -> str:
    """What a picture printing under LOW_DPI is said to need; ``box``: the size of the box it
    covers (fit: cover), what prints of it — a picture of other proportions is cut, and the
    pixels wanted are the box's, not its whole drawn size's."""
    width, height = pixels
    drawn = 25.4 / dpi
    seen = (width * drawn, height * drawn) if box is None else box
    wanted = (
        [round(width * WANTED_DPI / dpi), round(height * WANTED_DPI / dpi)]
        if box is None
        else [round(mm * WANTED_DPI / 25.4) for mm in box]
    )
    over = "over" if box is None else "covering"
    return (
        f"'{shown}' prints at {dpi:.0f} dpi ({width}×{height} pixels {over} "
        f"{seen[0]:.1f}×{seen[1]:.1f} mm), under {LOW_DPI}: it will print blurred or blocky; "
        f"use a picture of about {WANTED_DPI} dpi ({wanted[0]}×{wanted[1]} pixels"
        f"{' where it shows, in the box it covers' if box is not None else ''}), or an SVG"
    )


def _unreadable_svg(data: bytes, folder: Path) -> str:
    """Why an SVG picture cannot be drawn ('' when it can)."""
    from printgen.icons.svg import SvgError, parse

    try:
        parse(data, folder)
    except SvgError as exc:
        said = str(exc)
        if said.startswith("it is ") and "not an SVG drawing" in said:  # what it is, and the fix
            return said.removeprefix("it ")
        return f"is not an SVG picture printgen can draw ({said}); save it again as plain SVG"
    return ""


@lru_cache(maxsize=16)
def _undrawn(data: bytes) -> bool:
    """Whether an SVG picture asks for a mask or filter: looked for once, not on every card
    that shows it (the bytes are _image_bytes' one object, whose hash Python keeps)."""
    from printgen.icons.unfollowed import undrawn

    return undrawn(data)


@lru_cache(maxsize=16)
def _image_bytes(project: Project, real: Path, now: inputs.Version) -> bytes:
    return project.read_bytes(real, Where(project.rel(real)), MAX_IMAGE_BYTES)


_LIMIT = "printgen places in one picture"  # what ends a picture's trouble of too many pixels


@lru_cache(maxsize=64)
def image_trouble(data: bytes) -> str:
    """What is wrong with an image file ('' when nothing): its header is read first, and its
    pixels are decoded only when there are not too many of them."""
    import warnings

    from PIL import Image as PILImage
    from PIL import UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # a photo's damaged EXIF ("Corrupt EXIF data") was Pillow's warning on stderr, a
            # line no editor reads, with the picture drawn all the same
            warnings.simplefilter("ignore")
            warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            # PNG and JPEG only: Pillow would read any format it knows, and run Ghostscript on
            # an EPS file named .png
            with PILImage.open(io.BytesIO(data), formats=["PNG", "JPEG"]) as image:
                width, height = image.size
                if width * height > MAX_IMAGE_PIXELS:
                    over = f"more than the {MAX_IMAGE_PIXELS:,} {_LIMIT}"
                    return f"is {width}×{height} pixels, {over}"
                image.load()  # a truncated or corrupt file fails here, not in the PDF
    except (PILImage.DecompressionBombError, PILImage.DecompressionBombWarning):
        return f"has more than {MAX_IMAGE_PIXELS:,} pixels, the most {_LIMIT}"
    except UnidentifiedImageError:
        return "it is neither PNG nor JPEG"
    except Exception as exc:  # Pillow raises many kinds for a broken file
        text = without_addresses(str(exc)).strip()
        return text.splitlines()[0][:100] if text else type(exc).__name__
    return ""


@lru_cache(maxsize=64)
def placeable(data: bytes) -> tuple[bytes, int, tuple[int, int]]:
    """A checked PNG or JPEG as it is placed, opened once: its bytes — 16-bit greys made 8-bit,
    since ReportLab has Pillow turn a picture into RGB, which clips 16-bit greys at 255 (every
    grey but the darkest printed white) — its EXIF orientation, 1 (as stored) when it has
    none or a wrong one, and its width and height in pixels as it is seen (turned)."""
    import warnings

    from PIL import Image as PILImage

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # damaged EXIF: as stored (see image_trouble)
        with PILImage.open(io.BytesIO(data), formats=["PNG", "JPEG"]) as image:
            turn = image.getexif().get(0x0112, 1)  # read from the header: no pixel decoded
            turn = turn if isinstance(turn, int) and 1 <= turn <= 8 else 1
            width, height = image.size
            seen = (height, width) if turn >= 5 else (width, height)  # 5 to 8 swap its sides
            if not image.mode.startswith("I"):  # I;16 (and I, as older Pillows read them)
                return data, turn, seen
            grey = image.convert("I").point(lambda value: value * (1 / 257)).convert("L")
    made = io.BytesIO()
    grey.save(made, "PNG")  # the same pixels at every build: the PDF names it by its bytes
    return made.getvalue(), turn, seen


def missing_hint(project: Project, relative: str, folder: str) -> str:
    """Why a file named by a path relative to the project may not be found: the path is
    relative to the game's ``folder`` instead, is written with Windows' backslashes, or
    misspells a file next to it."""
    if re.match(r"[A-Za-z]:[\\/]", relative):  # C:\Users\me\art\ship.png: another computer's
        name = re.split(r"[\\/]", relative)[-1]
        return (
            "; it names a place on a Windows computer, outside the project: copy the picture "
            f"into the project and write its path from the project folder ('{folder}/art/{name}')"
        )
    if "\\" in relative:  # art\ship.png, from Windows: one odd file name on Linux or macOS
        fixed = relative.replace("\\", "/")
        return f"; write / between folders, as on every system: '{fixed}'"
    beside = project.root / folder / relative
    if project.confined(beside) and beside.is_file():
        return f"; paths are relative to the project folder: write '{folder}/{relative}'"
    written = Path(relative)
    try:
        parent = project.inside(written.parent.as_posix(), Where(folder))
        with os.scandir(parent) as entries:
            names = [entry.name for entry in islice(entries, 2000) if entry.is_file()]
    except (ProjectError, OSError):
        return ""
    wanted = unicodedata.normalize("NFC", written.name)
    if twin := next((n for n in names if unicodedata.normalize("NFC", n) == wanted), None):
        # the same letters, its accents stored as separate marks (as macOS names files):
        # "did you mean 'grün.svg'?" named what was written
        return (
            f"; a file '{twin}' is there, its accented letters stored another way (as macOS "
            "may name files): rename the file, typing its name anew"
        )
    close = closest(written.name, names)
    return f"; did you mean '{(written.parent / close[0]).as_posix()}'?" if close else ""
