"""Headings and the sections they open, and the clarifications taken out of them to the
questions and answers: where they were, what a callout's bold label says, the callout
without it."""

from __future__ import annotations

import itertools

from printgen.documents.flow import RichText, Rule, TextStyle
from printgen.documents.parsed import Token
from printgen.documents.platypus import Flowable
from printgen.layout import text


class Heading(RichText):
    """A heading; ``level`` feeds the table of contents."""

    def __init__(self, runs: list[text.Run], style: TextStyle, level: int) -> None:
        super().__init__(runs, style, keep_with_next=True)
        self.level = level


class Marker(Flowable):  # type: ignore[misc]
    """Where the questions and answers go; replaced before lay-out."""


class Collected(Flowable):  # type: ignore[misc]
    """Where a clarification was taken out to the questions and answers."""


def without_emptied(flows: list[Flowable]) -> list[Flowable]:
    """Without the headings whose every block was a clarification taken to the questions: a
    section 'About the turn' of questions alone printed as a bare heading, nothing under it.
    A section left with no more than such headings goes too; one written empty stays."""
    out = list(flows)
    at = 0
    while at < len(out):
        own = at + 1 + int(at + 1 < len(out) and isinstance(out[at + 1], Rule))
        body = _section(out, at, own)
        if body and all(isinstance(f, Collected) for f in body):
            del out[at:own]
            at = 0  # the section above may be left with nothing now
        else:
            at += 1
    return out


def _section(flows: list[Flowable], at: int, own: int) -> list[Flowable]:
    """What the heading at ``at`` heads (after its own rule, from ``own``) up to the next
    heading of its level or above; nothing for a flowable that is no heading."""
    heading = flows[at]
    if not isinstance(heading, Heading):
        return []
    body = []
    for flow in flows[own:]:
        if isinstance(flow, Heading) and flow.level <= heading.level:
            break
        body.append(flow)
    return body


def without_label(tokens: list[Token]) -> list[Token]:
    """A callout's blocks without its bold label (the section name leads instead)."""
    out = list(tokens)
    for k, token in enumerate(out):
        if token.type == "inline":
            children = [c for c in token.children or [] if c.type != "text" or c.content]
            if len(children) >= 3 and children[0].type == "strong_open":
                rest = children[3:]
                if rest and rest[0].type == "text":
                    rest[0] = rest[0].copy(content=rest[0].content.lstrip())
                out[k] = token.copy(children=tuple(rest))
            break
    return out


def first_strong(tokens: list[Token]) -> str:
    for token in tokens:
        if token.type == "inline":
            children: tuple[Token, ...] = token.children or ()
            for a, b in itertools.pairwise(children):
                if a.type == "strong_open":
                    return b.content
            return ""
    return ""
