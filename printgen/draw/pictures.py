"""Pictures embedded no finer than a printer prints them.

A 4,000-pixel picture drawn 24 mm wide prints at 4,233 dpi, seven times what any printer shows.
ReportLab embeds what it is given, and keeps each picture's pixels decoded until the PDF is
written: 140 MB and 5 s a picture, so ten such pictures on a card ran a build out of memory.
A picture finer than MAX_DPI where it is drawn is embedded at PRINT_DPI instead, decoded once
and let go; one drawn at a print's resolution, or under it, is embedded as it is, byte for byte.
"""

from __future__ import annotations

import io
import warnings
from functools import lru_cache

MAX_DPI = 1200.0  # finer than this where drawn, a picture is embedded at PRINT_DPI
PRINT_DPI = 600.0  # what a home printer or a print service can show, and more
# Pillow modes resized as they are (a palette made RGB, with its transparency RGBA; a bitmap
# grey); CMYK stays CMYK, saved again as a JPEG (a PNG has no CMYK), whose inks ReportLab
# reads as it read the designer's
_REDUCIBLE = frozenset({"1", "L", "LA", "P", "PA", "RGB", "RGBA", "CMYK"})
CMYK_QUALITY = 95


def fitted(
    data: bytes, seen: tuple[int, int] | None, width: float, height: float, cover: bool
) -> bytes:
    """The PNG or JPEG ``data`` to embed for a picture of ``seen`` pixels (as seen, EXIF turns
    applied; as the layout measured it) drawn in a ``width`` × ``height`` point box, as large
    as it allows (``cover``: as small as fills it)."""
    if seen is None:
        return data
    points = (max if cover else min)(width / seen[0], height / seen[1])  # a pixel's size drawn
    if points <= 0 or 72 / points <= MAX_DPI:
        return data
    return _reduced(data, PRINT_DPI * points / 72)


@lru_cache(maxsize=16)
def _reduced(data: bytes, factor: float) -> bytes:
    """``data`` resampled by ``factor`` (under 1), as PNG — CMYK as JPEG — the same bytes at
    every build; as it is where its mode is none printgen resizes."""
    from PIL import Image as PILImage

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with PILImage.open(io.BytesIO(data), formats=["PNG", "JPEG"]) as image:
            if image.mode not in _REDUCIBLE:
                return data
            stored_w, stored_h = image.size
            size = (max(1, round(stored_w * factor)), max(1, round(stored_h * factor)))
            if image.format == "JPEG":  # decoded at a fraction of its size: far less work
                image.draft(image.mode, size)
            if image.mode in ("P", "PA"):
                clear = image.mode == "PA" or "transparency" in image.info
                source = image.convert("RGBA" if clear else "RGB")
            else:
                source = image.convert("L") if image.mode == "1" else image
            small = source.resize(size, PILImage.Resampling.LANCZOS, reducing_gap=3.0)
    made = io.BytesIO()
    if small.mode == "CMYK":
        small.save(made, "JPEG", quality=CMYK_QUALITY)
    else:
        small.save(made, "PNG")
    return made.getvalue()
