"""A {% … %} (or {# … #}) alone on a line of a Markdown quote: ``> {% for c in cards %}``.

Documents are rendered dropping the line break after a tag (Jinja's ``trim_blocks``), and the
spaces before one (``lstrip_blocks``) but not the quote's '>'. So that '>' is printed at the
start of the next line, before its own: ``> > ```card``, a quote one level deeper, where a
```card block opened ends at the next line (still one level up). The block drew nothing and
its card id printed as a word, and a project's template said nothing of it (its blocks may be
empty on purpose). Said at the tag, with the way to write it."""

from __future__ import annotations

from pathlib import Path

from printgen.documents.source_lines import editor_lines
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, Where
from printgen.project import Project
from printgen.startup.deferred import pattern

_QUOTE = pattern(r"[ \t]*>[ \t>]*")  # a quote's marks, at any depth, after any indent
# nothing but tags; one never runs over its end into the next (no backtracking through them)
_TAGS = pattern(r"(?:(?:\{%(?:[^%]|%(?!\}))*%\}|\{#(?:[^#]|#(?!\}))*#\})[ \t]*)+")
_NAME = pattern(r"\{%[-+]?\s*(\w+)")


def tags_in_quotes(project: Project, path: Path) -> list[Problem]:
    """The first line of the file at ``path`` (a project's template, a game's prose) holding
    tags alone after a quote's '>'."""
    rel = project.rel(path)
    written = project.read_text(path, Where(rel), MAX_PROSE_BYTES)
    if ">" not in written or ("{%" not in written and "{#" not in written):
        return []
    for number, line in enumerate(editor_lines(written), start=1):
        quote = _QUOTE.match(line)
        if quote is None or not _TAGS.fullmatch(line, quote.end()):
            continue
        if line.rstrip().endswith(("+%}", "+#}")):  # its line break kept: the next line alone
            continue
        start = quote.end()
        name = _NAME.match(line, start)
        shown = f"{{% {name.group(1)} %}}" if name else "{# … #}"
        return [
            Problem(
                Where(rel, number, start + 1),
                f"this {shown} stands alone on a line of a quote: the line break after a tag "
                "is dropped, so the '>' before it joins the next line's and nests the quote a "
                "level deeper (a ```card block in it draws nothing); write the tag at the "
                "start of its line, without the '>'",
            )
        ]
    return []
