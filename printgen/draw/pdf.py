"""The one place PDFs are opened: reproducible (ReportLab's invariant mode), compressed, titled."""

from __future__ import annotations

import io
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFBase85Encode,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
    PDFZCompress,
    xObjectName,
)
from reportlab.pdfgen.canvas import Canvas

from printgen.layout.fonts import vera
from printgen.options import Duplex
from printgen.startup.deferred import pattern

# Binary (Flate only) streams: a third smaller than ASCII85-armoured ones and quicker to write
rl_config.useA85 = 0

# ReportLab opens every page in Helvetica, a bare standard-14 font; start in embedded Vera
vera()
_SHADING = pattern(rb"/(Sh\d+) sh\b")
EMBEDDED_START = {"initialFontName": "Vera", "initialFontSize": 10}


# how the print dialog should turn a double-sided document's sheets (PDF's names)
TURNED = {
    Duplex.LONG: "DuplexFlipLongEdge",
    Duplex.SHORT: "DuplexFlipShortEdge",
    Duplex.FOLD: "Simplex",  # fronts and backs on one side
    Duplex.NONE: "Simplex",
}


def new_canvas(
    buffer: io.BytesIO,
    title: str,
    author: str,
    subject: str,
    duplex: Duplex | None = None,
    lang: str = "",
) -> Canvas:
    """A reproducible PDF whose print dialog opens at actual size — "fit to page", the commonest
    home-printing mistake, would shrink every card — and, for ``duplex``, set to turn the
    sheets over the edge the backs were placed for. ``lang``, the language its text is in (the
    catalogue's /Lang), is what a screen reader reads it aloud in."""
    canvas = Canvas(buffer, invariant=1, pageCompression=1, lang=lang or None, **EMBEDDED_START)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setSubject(subject)
    canvas.setCreator("printgen")
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex is not None:
        canvas.setViewerPreference("Duplex", TURNED[duplex])
    return canvas


# pages compressed together: one at a time, between the drawing of sheets, cost 3 % more CPU
COMPRESSED_TOGETHER = 32


def end_page(canvas: Canvas) -> None:
    """``canvas.showPage()``, with the content of the pages ended so far compressed now rather
    than when the file is written. ReportLab keeps every page's content as text until then: for
    a deck of 50,000 cards, 11,112 sheets' worth (44 MB, four times their compressed size) at
    the moment a build needs the most memory. The last pages are left to ReportLab."""
    canvas.showPage()
    pages = canvas._doc.Pages.pages
    if len(pages) % COMPRESSED_TOGETHER == 0:
        for page in pages[-COMPRESSED_TOGETHER:]:
            _compress(page)


def _compress(page: Any) -> None:
    """The page's contents, made as ReportLab makes them when the file is written (the same
    filters, applied the same way: the file's bytes are the same), and its text let go."""
    if not page.compression or not page.stream or page.Contents:
        return  # ReportLab makes its contents when the file is written, as it would
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    content = page.stream
    for step in reversed(filters):  # applied in reverse order, as PDFStream.format applies them
        content = step.encode(content)
    stream = PDFStream(content=content)
    stream.dictionary["Filter"] = PDFArray([PDFName(step.pdfname) for step in filters])
    stream.__Comment__ = "page stream"
    page.Contents = stream  # PDFPage.check_format uses it, as the stream it would make
    page.stream = None


def end_form(canvas: Canvas) -> None:
    """``canvas.endForm()``, with the opacity settings the form uses named in its own resources.
    ReportLab gives only a page an ExtGState dictionary: in a form, an opacity (``/gRLs0 gs``)
    named a state its resources lack, which viewers skip — an icon's translucent parts printed
    solid — and a strict reader reports."""
    name = canvas._formData[0]
    canvas.endForm()
    form = canvas._doc.idToObject[xObjectName(name)]
    # a gradient (an SVG picture's) is a shading, likewise named only in a page's resources
    stream = form.stream.encode("latin-1") if isinstance(form.stream, str) else form.stream
    shadings = {found.decode(): found.decode() for found in _SHADING.findall(stream or b"")}
    if form.ExtGState or shadings:
        # the resources ReportLab would make for the form, and the states
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()  # a form always declares them (PDFFormXObject.hasImages)
        if form.XObjects:
            resources.XObject = form.XObjects
        if form.ExtGState:
            resources.ExtGState = form.ExtGState
        resources.setShading(shadings)
        form.Resources = resources
