"""Where a word of a rendered prose file was printed by one of its ``{{ … }}`` expressions (a
long word the expression gives, written nowhere in the file): at the expression's own line
and column, rather than at the paragraph's first line or the file's start."""

from __future__ import annotations

from printgen.documents.printed_columns import column_of
from printgen.documents.source_lines import line_texts
from printgen.documents.written_lines import WrittenLines
from printgen.problems import Where


def printing_tag(rel: str, written: str, rendered: str, word: str) -> Where | None:
    """The ``{{ … }}`` of ``written`` (the prose file ``rel``) that printed ``word`` where
    ``rendered`` (that file as Jinja rendered it) first holds it; None when no expression did
    (the word written as it prints, or a tag spanning no line found)."""
    if not word or "{{" not in written:
        return None
    source: WrittenLines | None = None
    for number, line in enumerate(line_texts(rendered)):
        if (at := column_of(word, line)) is None:
            continue
        source = source or WrittenLines(written)
        found = source.find(line, range(len(source.lines)), number)
        if found is not None and (col := found.tag_over(at - 1, at - 1 + len(word))):
            return Where(rel, found.line, col)
    return None
