"""The one place PDFs are opened: reproducible (ReportLab's invariant mode), compressed, titled."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas


def new_canvas(buffer: io.BytesIO, title: str, author: str, subject: str) -> Canvas:
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setSubject(subject)
    canvas.setCreator("printgen")
    return canvas
