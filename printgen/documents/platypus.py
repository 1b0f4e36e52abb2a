"""ReportLab's platypus, imported without compiling its two whole-Unicode patterns up front.

Importing ``reportlab.platypus`` compiles ``paragraph.uri_pat`` (a case-insensitive pattern over
``\\xa1-\\uffff``, used only to break long URLs across lines) and ``textsplit.rx`` (used only to
wrap CJK text): 60–70 ms, more than laying out a whole rulebook. Every module of printgen takes
platypus from here, so both are compiled the first time a paragraph needs them, if ever, and the
patterns behave exactly as ReportLab wrote them.
"""

from __future__ import annotations

import re
import sys
from functools import cached_property
from typing import Any


class DeferredPattern:
    """A compiled pattern that is compiled when first used."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self.flags = flags

    @cached_property
    def compiled(self) -> re.Pattern[str]:
        return _compile(self.pattern, self.flags)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled, name)


_compile = re.compile


def _deferring(pattern: Any, flags: int = 0) -> Any:
    if isinstance(pattern, str) and "\uffff" in pattern:
        return DeferredPattern(pattern, flags)
    return _compile(pattern, flags)


def _import_platypus() -> None:
    if "reportlab.platypus" in sys.modules:
        return
    re.compile = _deferring  # only for the length of this import, in this thread's import
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        re.compile = _compile


_import_platypus()

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
