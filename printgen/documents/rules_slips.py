"""What a rulebook's rules say that its reader would trip on, said as warnings: a section the
rulebook already makes from the game's data (the reader meets it twice), and the
questions-and-answers marker collecting nothing — no callout opens with the clarification
label (misspelt in labels.yaml, or the callouts labelled otherwise), so the clarifications stay
where they are and the marker's section prints empty; and the error of a marker written where
it cannot collect (``qa_marker.misplaced``)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from printgen.documents.parsed import parse
from printgen.documents.qa_marker import at_top, marker_line, may_hold, misplaced
from printgen.documents.sections import callout_word, first_strong
from printgen.problems import Problem, Severity, Where

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")


def rules_slips(rel: str, prose: str, source: str, labels: Mapping[str, str]) -> list[Problem]:
    """The warnings of the rules file ``rel`` (``prose`` as written), set into the rulebook's
    Markdown ``source``."""
    return (
        misplaced(rel, prose)
        + _said_twice(rel, prose, labels)
        + _collects_nothing(rel, prose, source, labels)
    )


def _said_twice(rel: str, prose: str, labels: Mapping[str, str]) -> list[Problem]:
    """A heading of the rules that the rulebook already has, computed from the data (its
    components, card reference, credits): the reader would meet the section twice."""
    computed = {
        str(labels.get(key, "")).strip().casefold()
        for key in ("components", "card_reference", "credits")
    } - {""}
    return [
        Problem(
            Where(rel, number, 1),
            f"the rulebook already has a section '{found.group(1).strip()}', made from the "
            "game's data; rename this heading, or leave its content to that section",
            Severity.WARNING,
        )
        for number, line in enumerate(prose.splitlines(), start=1)
        if (found := _HEADING.match(line)) and found.group(1).strip().casefold() in computed
    ]


def _collects_nothing(
    rel: str, prose: str, source: str, labels: Mapping[str, str]
) -> list[Problem]:
    label = str(labels.get("clarification", "")).strip()
    if not label or not may_hold(source):
        return []
    tokens = parse(source)
    if not at_top(tokens):  # the comment as a block of its own, not the word in a sentence
        return []
    for at, token in enumerate(tokens):
        opening = list(tokens[at + 1 : at + 4])
        if token.type == "blockquote_open" and callout_word(first_strong(opening)) == (
            callout_word(label)
        ):
            return []
    return [
        Problem(
            Where(rel, marker_line(prose), 1),
            f"the questions-and-answers marker collects nothing: no callout opens with "
            f"'**{label}.**', the label 'clarification' in this language; write the "
            f"clarifications as '> **{label}.** …' (or mend the label), or remove the marker",
            Severity.WARNING,
        )
    ]
