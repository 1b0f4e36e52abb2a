"""Headings and the sections they open, and the clarifications taken out of them to the
questions and answers: where they were, what a callout's bold label says, the callout
without it."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any

from printgen.documents.flow import RichText, Rule, TextStyle
from printgen.documents.parsed import Token
from printgen.documents.platypus import Flowable, PageBreak
from printgen.layout import text

MIN_SHRINK = 0.6  # of its size: how far a heading shrinks to fit a word wider than the column


class Shrinking(RichText):
    """Text whose word wider than the column (a long game title on the cover,
    "Supercalifragilisticexpialidocious", a German card name in the card reference) sets it
    smaller, to the half point that fits, as a designer would set it by hand — down to
    MIN_SHRINK of its size; past that it runs past the margin, which the rulebook reports."""

    def __init__(self, runs: list[text.Run], style: TextStyle, **kwargs: Any) -> None:
        super().__init__(runs, style, **kwargs)
        self.own_style = style

    def restyle(self, style: TextStyle) -> None:
        self.style = self.own_style = style

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.style = self.own_style
        wrapped = super().wrap(avail_width, avail_height)
        if not self.overflows() or self.widest <= 0:
            return wrapped
        room = avail_width - self.style.indent
        size = math.floor(self.style.size * room / self.widest * 2) / 2
        if size >= self.own_style.size * MIN_SHRINK:
            self.style = replace(self.own_style, size=size)
            wrapped = super().wrap(avail_width, avail_height)
        return wrapped


class Heading(Shrinking):
    """A heading, set smaller where a word is wider than the column (see Shrinking);
    ``level`` feeds the table of contents."""

    def __init__(self, runs: list[text.Run], style: TextStyle, level: int) -> None:
        super().__init__(runs, style, keep_with_next=True)
        self.level = level

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """Never: a heading moves on whole. Its lines past a page's foot were no heading, and
        one taller than a page (a paragraph made a heading by a --- under it) printed over
        three pages and was left out of the contents: now it cannot be placed, said at it."""
        return []

    def listed(self) -> bool:
        """Whether the heading has an entry in the contents: a section's, with words (an empty
        one, or an icon alone, printed a page number with nothing before it)."""
        return self.level == 2 and bool(self.entry())

    def entry(self) -> str:
        """The words of the heading's entry in the contents and the PDF's outline: the words
        alone (an inline icon, ## :star: Scoring, left a space before them)."""
        return " ".join(self.plain().split())


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
    for k in range(own, len(flows)):  # not a copy of the rest for each heading
        flow = flows[k]
        if isinstance(flow, Heading) and flow.level <= heading.level:
            break
        body.append(flow)
    return body


def without_label(tokens: list[Token]) -> list[Token]:
    """A callout's blocks without its bold label (the section name leads instead)."""
    out = list(tokens)
    for k, token in enumerate(out):
        if token.type == "inline":
            children = _printed(token)
            if end := _label(children)[1]:
                rest = children[end:]
                if rest and rest[0].type == "text":
                    rest[0] = rest[0].copy(content=rest[0].content.lstrip())
                out[k] = token.copy(children=tuple(rest))
            break
    return out


def label_alone(tokens: list[Token]) -> bool:
    """Whether a callout's blocks hold nothing but its bold label ('> **Clarification.**')."""
    return all(
        token.type in ("paragraph_open", "paragraph_close")
        or (token.type == "inline" and not any(_written(c) for c in token.children or ()))
        for token in without_label(tokens)
    )


def _written(child: Token) -> bool:
    """Whether an inline child prints anything: not a line break, nor blank text."""
    return child.type not in ("text", "softbreak", "hardbreak") or bool(child.content.strip())


def callout_word(words: str) -> str:
    """A callout's bold words, or a label naming them, as they are compared: "Clarification.",
    "Clarification:" and "clarification" are one callout."""
    return words.lower().strip(" .:")


def first_strong(tokens: list[Token]) -> str:
    """A callout's bold label: the bold words it opens with ("" when its first words are not
    bold). A bold word further on ('A rule about **clarification** words') is no label: the
    callout was taken for a clarification."""
    inline = next((token for token in tokens if token.type == "inline"), None)
    return _label(_printed(inline))[0] if inline else ""


_CLOSING = {"strong_open": "strong_close", "em_open": "em_close"}


def _label(children: list[Token]) -> tuple[str, int]:
    """The bold words a callout's first line opens with, bold or bold italic
    ('**Clarification.**', '__…__', '***…***': this last opens in italic, and was left in
    place), and how many of its inline ``children`` they take; ("", 0) when none."""
    opens = list(itertools.takewhile(lambda child: child.type in _CLOSING, children))
    end = 2 * len(opens) + 1
    words = children[len(opens)] if len(opens) < len(children) else None
    closes = [child.type for child in children[len(opens) + 1 : end]]
    if (
        words is None
        or words.type != "text"
        or all(child.type != "strong_open" for child in opens)
        or closes != [_CLOSING[child.type] for child in reversed(opens)]
    ):
        return "", 0
    return words.content, end


def _printed(inline: Token) -> list[Token]:
    """An inline token's children without the empty texts markdown-it leaves around markup."""
    return [child for child in inline.children or () if child.type != "text" or child.content]


def page_break(out: list[Flowable]) -> None:
    """A ``<!-- pagebreak -->`` added to the flowables ``out`` as a designer means it: before
    the headings right above it, which it left alone at a page's foot with their text on the
    next page; and none right after another, which made a blank page."""
    at = len(out)
    below = 7  # the level of the heading last passed: only a higher one (its chapter) goes too
    while at:
        above = at - 2 if at > 1 and isinstance(out[at - 1], Rule) else at - 1
        heading = out[above]
        if not isinstance(heading, Heading) or heading.level >= below:
            break  # (an empty section's heading keeps its own page: 600 of them, 600 pages)
        below, at = heading.level, above
    if at and isinstance(out[at - 1], PageBreak):
        return
    out.insert(at, PageBreak())
