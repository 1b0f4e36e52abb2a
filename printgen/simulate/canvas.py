"""The PDF helpers the playtest report borrows from the card builds: one place to re-point.

Every page is opened reproducibly (ReportLab's invariant mode) in embedded Vera, as card PDFs are.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from printgen.draw.pdf import new_canvas
from printgen.layout.fonts import vera

_family = vera()
REGULAR = _family.regular
BOLD = _family.bold
ITALIC = _family.italic


def open_canvas(buffer: io.BytesIO, title: str, subject: str) -> Canvas:
    return new_canvas(buffer, title, "printgen simulate", subject)


def drawable(words: str) -> bool:
    """Whether the report's font draws every character of ``words``: one it lacks prints as a
    blank, and a Japanese title as "Playtest:    "."""
    from printgen.layout import text, unprintable

    return not unprintable.missing_glyphs([text.Run(words)], _family)
