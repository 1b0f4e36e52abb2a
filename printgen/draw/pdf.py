"""The one place PDFs are opened: reproducible (ReportLab's invariant mode), compressed, titled."""

from __future__ import annotations

import io
import re

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import Canvas

from printgen.layout.fonts import vera
from printgen.options import Duplex

# Binary (Flate only) streams: a third smaller than ASCII85-armoured ones and quicker to write
rl_config.useA85 = 0

# ReportLab opens every page in Helvetica, a bare standard-14 font; start in embedded Vera
vera()
_SHADING = re.compile(rb"/(Sh\d+) sh\b")
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
