"""A soft hyphen written into an autolink (``<https://…/2026/&shy;night…>``, as the advice for
a long word once said): Markdown reads no entity between its brackets, so the address prints
``&shy;`` as written. Said at its line and column, a warning: the document is made all the
same, and the address breaks after its '/' by itself (``printgen.layout.url_breaks``)."""

from __future__ import annotations

from printgen.documents.source_lines import editor_lines
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, ProjectError, Severity, Where
from printgen.project import Project
from printgen.startup.deferred import pattern

# an autolink (CommonMark's: a scheme, a colon, no space or bracket) holding a soft hyphen
# written as Markdown writes one elsewhere
_SOFT_IN_AUTOLINK = pattern(
    r"<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*?(&shy;|&#173;|&#[xX]0*[aA][dD];)[^<>\s]*>"
)


def soft_hyphens_in_autolinks(project: Project, rel: str, rendered: str) -> list[Problem]:
    """Warnings of each soft hyphen written into an autolink of the prose file ``rel`` that
    its text, rendered as ``rendered``, prints."""
    if "&" not in rendered or "<" not in rendered:  # nearly every prose: no autolink's entity
        return []
    try:
        written = project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES)
    except ProjectError:  # said by what reads it
        return []
    problems = []
    for number, line in enumerate(editor_lines(written), start=1):
        for found in _SOFT_IN_AUTOLINK.finditer(line) if "&" in line else ():
            if found[0] not in rendered:  # a template left it out
                continue
            problems.append(
                Problem(
                    Where(rel, number, found.start(1) + 1),
                    f"'{found[1]}' is not read inside an autolink <…>: the address prints it "
                    "as written; remove it (an address breaks after its '/' by itself)",
                    Severity.WARNING,
                )
            )
    return problems
