"""markdown-it-py, imported with every pattern it and mdurl compile left until first used (most
never are: printgen.startup.deferred). printgen.documents.parsed, which every module reading
Markdown goes through, takes ``MarkdownIt`` from here."""

from __future__ import annotations

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
    return parser


def _any_link(url: str) -> bool:
    return True
