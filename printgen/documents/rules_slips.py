"""What a rulebook's rules say that its reader would trip on, said as warnings: a section the
rulebook already makes from the game's data (the reader meets it twice), and the
questions-and-answers marker collecting nothing — no callout opens with the clarification
label (misspelt in labels.yaml, or the callouts labelled otherwise), so the clarifications stay
where they are and the marker's section prints empty; and the error of a marker written where
it cannot collect (``qa_marker.misplaced``)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from printgen.documents.parsed import Token, parse
from printgen.documents.qa_marker import at_top, marker_line, may_hold, misplaced
from printgen.documents.sections import callout_word, first_strong, label_alone
from printgen.documents.source_lines import line_texts
from printgen.problems import Problem, Severity, Where

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")


def rules_slips(rel: str, prose: str, source: str, labels: Mapping[str, str]) -> list[Problem]:
    """The warnings of the rules file ``rel`` (``prose`` as written), set into the rulebook's
    Markdown ``source``."""
    return (
        misplaced(rel, prose)
        + _said_twice(rel, prose, labels)
        + _collects_nothing(rel, prose, source, labels)
        + _label_alone(rel, prose, labels)
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


def _label_alone(rel: str, prose: str, labels: Mapping[str, str]) -> list[Problem]:
    """Each clarification holding nothing after its label: collected, it printed its section's
    group heading over nothing; where it is, a box of the label alone. Read from the tokens the
    rulebook drops it by, so every way of writing it ('__…__', in a list item) is said, at its
    label."""
    label = str(labels.get("clarification", "")).strip()
    if not callout_word(label) or ">" not in prose:  # parsed only where a callout may be
        return []
    lines = line_texts(prose)
    tokens = parse(prose)
    problems = []
    for at, token in enumerate(tokens):
        if token.type != "blockquote_open":
            continue
        inner = _quoted(tokens, at)
        if callout_word(first_strong(inner)) == callout_word(label) and label_alone(inner):
            problems.append(
                Problem(
                    _label_at(rel, lines, inner),
                    f"this clarification holds nothing after its label "
                    f"'**{label.rstrip(' .:')}.**'; write the clarification after it, or "
                    "remove the callout",
                    Severity.WARNING,
                )
            )
    return problems


def _label_at(rel: str, lines: list[str], inner: list[Token]) -> Where:
    """Where a callout's label is written: its first line of text ends the source line it is
    on (after the '>' and any list marker), so the line's end says its column."""
    inline = next(token for token in inner if token.type == "inline")
    first = inline.map[0] if inline.map else 0
    line = lines[first] if first < len(lines) else ""
    start = line.rfind(inline.content.split("\n", 1)[0]) if inline.content else -1
    return Where(rel, first + 1, max(start, 0) + 1)


def _quoted(tokens: tuple[Token, ...], at: int) -> list[Token]:
    """The blocks of the quote that opens at ``at``."""
    depth = 0
    for end in range(at, len(tokens)):
        depth += tokens[end].nesting
        if depth == 0:
            return list(tokens[at + 1 : end])
    return list(tokens[at + 1 :])
