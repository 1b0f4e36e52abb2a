"""Accents typed apart from their letters."""

from __future__ import annotations

import unicodedata


def composed(words: str) -> str:
    """``words`` with each letter and the accents typed apart after it (``a`` + U+0301, as
    some editors and macOS file names write them) as the one character the fonts have (NFC):
    drawn apart, the accent is a glyph no bundled font has, and prints as an empty box. Only
    what is measured, drawn and checked is composed, never the texts as read: a problem's
    column counts the characters as written."""
    return words if words.isascii() else unicodedata.normalize("NFC", words)
