"""The one place PDFs are opened: reproducible (ReportLab's invariant mode), compressed, titled."""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from printgen.layout.fonts import vera

# Binary (Flate only) streams: a third smaller than ASCII85-armoured ones and quicker to write
rl_config.useA85 = 0

# ReportLab opens every page in Helvetica, a bare standard-14 font; start in embedded Vera
vera()
EMBEDDED_START = {"initialFontName": "Vera", "initialFontSize": 10}


def new_canvas(buffer: io.BytesIO, title: str, author: str, subject: str) -> Canvas:
    canvas = Canvas(buffer, invariant=1, pageCompression=1, **EMBEDDED_START)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setSubject(subject)
    canvas.setCreator("printgen")
    return canvas
