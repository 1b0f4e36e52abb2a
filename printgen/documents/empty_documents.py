"""A rulebook or aid that would print nothing of the designer's, said before it is built: an
empty ``rules.<lang>.md`` made a rulebook of no rules, an empty ``templates/rulebook.md.j2`` a
blank page, each with exit 0 and no word, as if that were what was meant."""

from __future__ import annotations

from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, ProjectError, Severity, Where
from printgen.project import Project

# what each template left writing nothing makes, for the words of its warning
_DOCUMENTS = {
    "rulebook.md.j2": "the rulebook will be a blank page",
    "player-aid.md.j2": "each player aid will be empty under its title band",
}


def no_rules(project: Project, rel: str, printed: str) -> list[Problem]:
    """A warning at the rules file that prints no text (``printed``, as Jinja rendered it):
    written empty, or all of it tags and comments that print nothing."""
    if printed.strip():
        return []
    written = _text(project, rel)
    what = "is empty" if not written.strip() else "prints no text (its tags leave none)"
    return [
        Problem(
            Where(rel, 1, 1),
            f"this file {what}: the rulebook will have no rules; write them here in Markdown "
            "(## sections, paragraphs, lists: see the README's 'Rulebooks and player aids')",
            Severity.WARNING,
        )
    ]


def blank_template(project: Project, template: str, printed: str) -> list[Problem]:
    """A warning at the project's own ``template`` that writes nothing (``printed``): it
    replaces printgen's, so the document prints nothing of its own."""
    from printgen.documents.loader import PACKAGED_PREFIX

    found = project.template(template)
    if printed.strip() or found is None or not found.is_relative_to(project.root):
        return []
    rel = project.rel(found)
    what = "is empty" if not _text(project, rel).strip() else "writes nothing"
    return [
        Problem(
            Where(rel, 1, 1),
            f"this template {what}: {_DOCUMENTS.get(template, 'its document will be blank')}; "
            f'write it (it may start with {{% include "{PACKAGED_PREFIX}{template}" %}}), or '
            "delete it to print printgen's own",
            Severity.WARNING,
        )
    ]


def _text(project: Project, rel: str) -> str:
    """The file as written (read before: a mistake reading it was said then)."""
    try:
        return project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES)
    except ProjectError:
        return ""
