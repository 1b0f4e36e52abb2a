"""Card faces as images, rasterised by pypdfium2 from a PDF drawn with the same forms as the
print sheets (so an image matches the printed card exactly). Imported only by the exports.

Pixel sizes are decided here, not by the rasteriser's rounding: an image is rendered at the
wanted scale, then cropped or extended to the exact size by repeating its outermost pixels, so
a card is never scaled to fit.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pypdfium2
from PIL import Image

from printgen.draw.faces import render_faces
from printgen.draw.pdf import new_canvas
from printgen.layout.face import Face
from printgen.model.units import INCH_MM, pt


def faces_pdf(faces: list[Face], bleed: bool) -> bytes:
    """One page per face: its trim box, with its bleed around it when ``bleed``."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, "card faces", "printgen", "card faces for images")
    forms = render_faces(canvas, faces)
    for face in faces:
        b = face.bleed_mm if bleed else 0.0
        canvas.setPageSize((pt(face.width_mm + 2 * b), pt(face.height_mm + 2 * b)))
        canvas.translate(pt(b), pt(b))
        canvas.doForm(forms[face.key])
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def render_pages(pdf: bytes, px_per_mm: float) -> Iterator[Image.Image]:
    """Every page as an RGB image at ``px_per_mm``, one at a time (each is made when the one
    before has been used)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            page = document[index]
            bitmap = page.render(scale=px_per_mm * INCH_MM / 72)
            image = bitmap.to_pil().convert("RGB")
            bitmap.close()
            page.close()
            yield image
    finally:
        document.close()


def exact(
    image: Image.Image, size: tuple[int, int], drawn: tuple[float, float] | None = None
) -> Image.Image:
    """``image`` centred on ``size`` pixels: cropped, or extended by repeating its edge pixels.

    ``drawn`` is the page's exact size in pixels, of which the rendered image covers the top-left
    (the rasteriser rounds a partly covered last row or column up): the page, not the rounded
    image, is centred.
    """
    width, height = size
    page_w, page_h = drawn or image.size
    left = round((width - page_w) / 2)
    top = round((height - page_h) / 2)
    window = (
        max(0, -left),
        max(0, -top),
        min(image.width, width - left),
        min(image.height, height - top),
    )
    image = image.crop(window)
    left, top = max(0, left), max(0, top)
    if image.size == size:
        return image
    canvas = Image.new("RGB", size)
    canvas.paste(image, (left, top))
    right = width - left - image.width
    bottom = height - top - image.height
    if left:
        canvas.paste(image.crop((0, 0, 1, image.height)).resize((left, image.height)), (0, top))
    if right:
        column = image.crop((image.width - 1, 0, image.width, image.height))
        canvas.paste(column.resize((right, image.height)), (left + image.width, top))
    if top:
        row = canvas.crop((0, top, width, top + 1))
        canvas.paste(row.resize((width, top)), (0, 0))
    if bottom:
        row = canvas.crop((0, top + image.height - 1, width, top + image.height))
        canvas.paste(row.resize((width, bottom)), (0, top + image.height))
    return canvas


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """PNG with no time stamp or other varying chunk: the same pixels give the same bytes."""
    buffer = io.BytesIO()
    if dpi:
        image.save(buffer, "PNG", dpi=(dpi, dpi))
    else:
        image.save(buffer, "PNG")
    return buffer.getvalue()
