"""What a document's lay-out failure is said as: the block it could not place, found by its
text, in the designer's words rather than ReportLab's."""

from __future__ import annotations

from typing import Any

from printgen.documents.flow import RichText
from printgen.documents.sections import Heading

_DEPTH = 6  # a callout's table holding a paragraph: a few levels at most


def block_text(flowable: Any) -> str:
    """The first text a block holds (a paragraph's, a table cell's, a kept-together group's),
    to find its line in the prose; "" when it holds none."""
    first = _first_text(flowable)
    return first.plain() if first is not None else ""


def is_heading(flowable: Any) -> bool:
    """Whether a block is, or starts with, a heading."""
    return isinstance(_first_text(flowable), Heading)


def _first_text(flowable: Any, depth: int = 0) -> RichText | None:
    if isinstance(flowable, RichText):
        return flowable
    if depth >= _DEPTH:
        return None
    if isinstance(flowable, list | tuple):
        parts: list[Any] = list(flowable)
    else:
        cells = getattr(flowable, "_cellvalues", None)  # a platypus Table
        content = getattr(flowable, "_content", None)  # KeepTogether and its kind
        parts = [cell for row in cells for cell in row] if cells else list(content or [])
    for part in parts:
        if (found := _first_text(part, depth + 1)) is not None and found.plain():
            return found
    return None


TOO_MANY_PAGES = "the document runs past"  # said by the documents that count their pages


def layout_said(message: str, heading: bool = False) -> str:
    """ReportLab's LayoutError in a designer's words (``heading``: the block is one)."""
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
    if "too large" in message and heading:
        return (
            "a heading is taller than a page; shorten it (a paragraph with a line of --- or "
            "=== right under it is a heading: leave a blank line between them)"
        )
    if "too large" in message:
        return "a block is taller than a page and cannot be split; shorten it or split it in two"
    return f"{message}; shorten that block"
