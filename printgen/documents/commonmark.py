"""markdown-it-py, imported with every pattern it and mdurl compile left until first used (most
never are: printgen.startup.deferred). printgen.documents.parsed, which every module reading
Markdown goes through, takes ``MarkdownIt`` from here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from printgen.startup.deferred import import_deferring_patterns

import_deferring_patterns("markdown_it", every_pattern_of=("markdown_it", "mdurl"))

from markdown_it import MarkdownIt  # noqa: E402  (imported above: this only names it)

from printgen.limits import MAX_PROSE_NESTING  # noqa: E402

__all__ = ["MarkdownIt", "commonmark"]


def commonmark() -> MarkdownIt:
    """CommonMark with tables, as documents read prose: nesting past markdown-it's own limit
    (which drops the rest of the file) is left to prose_lint to refuse, at its line."""
    parser = MarkdownIt("commonmark", {"maxNesting": 4 * MAX_PROSE_NESTING + 10}).enable("table")
    # a document prints a link's address and follows none: markdown-it's filter of links a
    # browser should not open (file:, javascript:, data:) left such a link, or a picture, as
    # its Markdown source on the page ("[our rules](file:///…)"), unsaid
    parser.validateLink = _any_link  # type: ignore[method-assign]
    # an escaped colon (\:) is text, never half of an :icon: name: joined to the text around
    # it, "\:coin:" drew the coin (a label printed as written, "Gain :coin:", drew it too)
    parser.core.ruler.before("text_join", "escaped_colons", _escaped_colons_apart)
    parser.core.ruler.after("text_join", "escaped_colons_text", _escaped_colons_text)
    return parser


def _any_link(url: str) -> bool:
    return True


_ESCAPED_COLON = "escaped_colon"  # an escaped colon's token, kept from the text around it


def _escaped_colons_apart(state: Any) -> None:
    for token in _inline_children(state):
        if token.type == "text_special" and token.markup == "\\:":
            token.type = _ESCAPED_COLON  # text_join joins text and text_special only


def _escaped_colons_text(state: Any) -> None:
    """The colon a text token of its own, next to the text before and after it."""
    for token in _inline_children(state):
        if token.type == _ESCAPED_COLON:
            token.type = "text"


def _inline_children(state: Any) -> Iterator[Any]:
    for block in state.tokens:
        for child in block.children or () if block.type == "inline" else ():
            yield child
            yield from child.children or ()  # an image's words
