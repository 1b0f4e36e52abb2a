"""ReportLab's platypus, imported without compiling its two whole-Unicode patterns up front.

Importing ``reportlab.platypus`` compiles ``paragraph.uri_pat`` (a case-insensitive pattern over
``\\xa1-\\uffff``, used only to break long URLs across lines) and ``textsplit.rx`` (used only to
wrap CJK text): 60–70 ms, more than laying out a whole rulebook. Every module of printgen takes
platypus from here, so both are compiled the first time a paragraph needs them, if ever
(printgen.startup.deferred).
"""

from __future__ import annotations

from printgen.startup.deferred import import_platypus

import_platypus()

from reportlab.platypus import (  # noqa: E402
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import ActionFlowable, LayoutError  # noqa: E402

__all__ = [
    "ActionFlowable",
    "BaseDocTemplate",
    "Flowable",
    "Frame",
    "LayoutError",
    "PageBreak",
    "PageTemplate",
    "Paragraph",
    "Table",
    "TableStyle",
]
