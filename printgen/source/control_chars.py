"""A control character in a card's text (a NUL or a bell pasted from elsewhere, a "\\x00" YAML
escape): said once where the text is read, not once by the card's layout (as a character the
font lacks) and again by the rulebook's card reference (as a control character). Accent marks
piled on a letter (``stacked_marks``) are said here too, for the same reason."""

from __future__ import annotations

from typing import Any

from printgen.problems import Where, shown
from printgen.source.readers import Checker
from printgen.source.stacked_marks import stacked_marks
from printgen.startup.deferred import pattern

# Unicode's control characters (Cc) but the spaces among them (tab, line breaks, U+001C–U+001F,
# U+0085), which print as a space or break the line
_CONTROL = pattern("[\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f]")


def without_controls(checker: Checker, text: Any, where: Where, what: str) -> Any:
    """``text`` (a text, or one per language), its first control character an error; so are
    accent marks piled up or on no letter (``stacked_marks``), said here for the same reason."""
    texts = text.values() if isinstance(text, dict) else [text]
    for one in texts:
        found = _CONTROL.search(one) if isinstance(one, str) else None
        if found is not None:
            checker.error(
                where,
                f"control character {shown(found[0])} of {what} prints as an empty box; remove it",
            )
            break
        if isinstance(one, str) and (piled := stacked_marks(one, what)) is not None:
            checker.error(where, piled)
            break
    return text
