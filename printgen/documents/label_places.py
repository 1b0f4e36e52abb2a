"""Where a label's text the documents print is written: the designer's labels file, at the
label's line (an over-long "Players" on the cover is theirs to shorten, not the rules')."""

from __future__ import annotations

from printgen.documents.labels import Labels, label_line
from printgen.problems import Where
from printgen.project import Project

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
