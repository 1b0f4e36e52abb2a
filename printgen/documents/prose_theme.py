"""The styles a rulebook or player aid sets its prose in (``documents.markdown`` sets the prose,
``documents.theme`` makes the themes)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from printgen.documents.flow import TextStyle
from printgen.documents.sections import callout_word
from printgen.icons import IconLibrary


@dataclass(frozen=True)
class Theme:
    """The styles a rulebook or player aid sets its prose in: headings, body, tables and the tints
    of its callouts."""

    body: TextStyle
    h1: TextStyle
    h2: TextStyle
    h3: TextStyle
    table: TextStyle
    accent: str
    clarification_tint: str = "#e6eef8"
    example_tint: str = "#eaf4e4"
    note_tint: str = "#f1f1f1"
    # a callout's bold label (lower case) -> its tint; the words come from the labels file
    callout_tints: Mapping[str, str] = field(default_factory=dict)
    icons: IconLibrary | None = None  # the game's icons, for :name: in the prose
    clarification: str = ""  # the clarification callout's label, lower case
    questions: str = ""  # the heading of the collected clarifications

    def with_callouts(self, labels: Mapping[str, str]) -> Theme:
        """Clarifications and examples get their tints, named in the document's language."""
        # as a callout's bold words are read: "Clarification:" names the same callouts
        clarification = callout_word(labels.get("clarification", ""))
        tints = {
            clarification: self.clarification_tint,
            callout_word(labels.get("example", "")): self.example_tint,
        }
        return replace(
            self,
            callout_tints={k: v for k, v in tints.items() if k},
            clarification=clarification,
            questions=labels.get("questions", ""),
        )
