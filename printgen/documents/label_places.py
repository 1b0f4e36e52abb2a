"""Where a text a document prints is written: its prose file's line, a card's field, or the
designer's labels file at the label's line (an over-long "Players" on the cover is theirs to
shorten, not the rules')."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printgen.documents.labels import Labels, label_line
from printgen.documents.source_lines import prose_line
from printgen.problems import Where
from printgen.project import Project

if TYPE_CHECKING:
    from printgen.documents.cards import CardIndex

MIN_HELD = 2  # a one-character label (the colon) is in most texts, and names none of them


def label_holding(project: Project, words: Labels, text: str) -> Where | None:
    """The line of the designer's labels file writing the longest of their labels ``text``
    holds; None when it holds none of them (printgen's own labels are no designer's line)."""
    held = [
        (len(said), name)
        for name in words.written
        if len(said := words.get(name, "").strip()) >= MIN_HELD and said in text
    ]
    if not held:
        return None
    _, name = max(held)
    return label_line(project, name, words.written[name])


def text_written_at(
    project: Project,
    rel: str,
    prose: str,
    text: str,
    index: CardIndex,
    words: Labels,
    template: tuple[str, str] | None = None,
) -> Where:
    """The line of the prose file ``rel`` a laid-out block's text comes from — or of the
    card's field, for a card's text the document prints (or of game.yaml's title, the
    rulebook cover's), or of the project's own document ``template`` (its path and text) that
    writes it: found there before a prose line holding only its first two words; else of the
    designer's label it holds (the cover's "Players"), rather than the prose's start."""
    line = prose_line(prose, text, loose=False)
    if line != 1:
        return Where(rel, line)
    found = index.written_at(text, words.lang)
    if found is None and template is not None:
        written = prose_line(template[1], text, loose=False)
        found = Where(template[0], written) if written != 1 else None
    line = prose_line(prose, text)
    if found is None and line == 1:
        found = label_holding(project, words, text)
    return found or Where(rel, line)


def own_template(project: Project, name: str) -> tuple[str, str] | None:
    """The project's own document template ``name`` (its path and text), where it has one."""
    path = project.template(name)
    if path is None or not path.is_relative_to(project.root) or not project.confined(path):
        return None
    rel = project.rel(path)
    return rel, project.read_text(path, Where(rel))
