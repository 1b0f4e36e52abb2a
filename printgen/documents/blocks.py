"""What a document's lay-out failure is said as: the block it could not place, found by its
text, in the designer's words rather than ReportLab's."""

from __future__ import annotations

from typing import Any

from printgen.documents.flow import RichText

_DEPTH = 6  # a callout's table holding a paragraph: a few levels at most


def block_text(flowable: Any, depth: int = 0) -> str:
    """The first text a block holds (a paragraph's, a table cell's, a kept-together group's),
    to find its line in the prose; "" when it holds none."""
    if isinstance(flowable, RichText):
        return flowable.plain()
    if depth >= _DEPTH:
        return ""
    if isinstance(flowable, list | tuple):
        parts: list[Any] = list(flowable)
    else:
        cells = getattr(flowable, "_cellvalues", None)  # a platypus Table
        content = getattr(flowable, "_content", None)  # KeepTogether and its kind
        parts = [cell for row in cells for cell in row] if cells else list(content or [])
    for part in parts:
        if text := block_text(part, depth + 1):
            return text
    return ""


TOO_MANY_PAGES = "the document runs past"  # said by the documents that count their pages


def layout_said(message: str) -> str:
    """ReportLab's LayoutError in a designer's words."""
    if "without content" in message:  # its text goes on to say "too large" too
        return (
            "more than 10 pages in a row with nothing on them; are there page breaks one after "
            "another?"
        )
    if TOO_MANY_PAGES in message:  # after platypus's own words on where it was raised
        return (
            f"{message[message.index(TOO_MANY_PAGES) :]}: shorten it (a deck of many card types "
            "shown card by card takes pages: reference: gallery in its deck file shows it in few)"
        )
    if "too large" in message:
        return "a block is taller than a page and cannot be split; shorten it or split it in two"
    return f"{message}; shorten that block"
