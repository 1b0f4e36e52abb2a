"""Markdown (CommonMark + pipe tables, parsed by markdown-it-py) to platypus flowables.

Inline markup becomes printgen text runs, so ``:icon:`` works in documents as on cards.
A blockquote opening with a bold label is a callout: clarifications and worked examples get a
tinted box. A fenced block of kind ``card`` lists card references ``deck/card`` to draw.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from reportlab.platypus import Flowable, PageBreak

from printgen.documents.flow import RichText, Rule, TextStyle, table
from printgen.icons import has_icon
from printgen.layout import text


@dataclass(frozen=True)
class Theme:
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

    def with_callouts(self, labels: Mapping[str, str]) -> Theme:
        """Clarifications and examples get their tints, named in the document's language."""
        tints = {
            labels.get("clarification", "").lower(): self.clarification_tint,
            labels.get("example", "").lower(): self.example_tint,
        }
        return replace(self, callout_tints={k: v for k, v in tints.items() if k})


class Heading(RichText):
    """A heading; ``level`` feeds the table of contents."""

    def __init__(self, runs: list[text.Run], style: TextStyle, level: int) -> None:
        super().__init__(runs, style, keep_with_next=True)
        self.level = level


# A fenced block ```kind … ``` whose kind has a handler becomes that handler's flowables.
Fences = dict[str, Callable[[str], list[Flowable]]]


def parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


def to_flowables(
    source: str, theme: Theme, width: float, fences: Fences | None = None
) -> list[Flowable]:
    tokens = parser().parse(source)
    return _Converter(theme, width, fences or {}).blocks(tokens)


def inline_runs(token: Token, bold: bool = False) -> list[text.Run]:
    """The runs of an inline token: emphasis, strong, code, breaks and :icon: names."""
    runs: list[text.Run] = []
    strong, em = bold, False
    for child in token.children or []:
        kind = child.type
        if kind == "strong_open":
            strong = True
        elif kind == "strong_close":
            strong = bold
        elif kind == "em_open":
            em = True
        elif kind == "em_close":
            em = False
        elif kind == "softbreak":
            runs.append(text.Run(" ", strong, em))
        elif kind == "hardbreak":
            runs.append(text.Run(newline=True))
        elif kind in ("text", "code_inline", "html_inline"):
            runs.extend(_with_icons(child.content, strong, em))
    return runs


def _with_icons(content: str, bold: bool, italic: bool) -> list[text.Run]:
    out = []
    for run in text.parse(content.replace("*", "\x00"), has_icon):
        out.append(text.Run(run.text.replace("\x00", "*"), bold, italic, run.icon, run.newline))
    return out


class _Converter:
    def __init__(self, theme: Theme, width: float, fences: Fences) -> None:
        self.theme = theme
        self.width = width
        self.fences = fences

    def blocks(self, tokens: list[Token]) -> list[Flowable]:
        out: list[Flowable] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            end = _closing(tokens, i)
            kind = token.type
            if kind == "heading_open":
                out.extend(self._heading(tokens[i + 1], int(token.tag[1])))
            elif kind == "paragraph_open":
                out.append(RichText(inline_runs(tokens[i + 1]), self.theme.body))
            elif kind in ("bullet_list_open", "ordered_list_open"):
                out.extend(self._list(tokens[i + 1 : end], kind == "ordered_list_open", 0))
            elif kind == "blockquote_open":
                out.append(self._callout(tokens[i + 1 : end]))
            elif kind == "table_open":
                out.append(self._table(tokens[i + 1 : end]))
            elif kind == "fence" and token.info.strip() in self.fences:
                if out:  # pictures illustrate what precedes them: never a page apart
                    out[-1].keepWithNext = True
                out.extend(self.fences[token.info.strip()](token.content))
            elif kind == "html_block" and "pagebreak" in token.content:
                out.append(PageBreak())
            elif kind == "hr":
                out.append(Rule("#bbbbbb", 0.5, 6))
            elif kind in ("fence", "code_block"):
                out.append(RichText([text.Run(token.content.rstrip())], self.theme.body))
            i = end + 1
        return out

    def _heading(self, inline: Token, level: int) -> list[Flowable]:
        style = {1: self.theme.h1, 2: self.theme.h2}.get(level, self.theme.h3)
        flows: list[Flowable] = [Heading(inline_runs(inline), style, level)]
        if level <= 2:
            flows.append(Rule(self.theme.accent, 0.8 if level == 2 else 1.5, 3))
        return flows

    def _list(self, tokens: list[Token], ordered: bool, depth: int) -> list[Flowable]:
        out: list[Flowable] = []
        number = 0
        i = 0
        indent = self.theme.body.size * (1.6 + 1.4 * depth)
        style = TextStyle(
            **{
                **self.theme.body.__dict__,
                "indent": indent,
                "space_after": self.theme.body.space_after * 0.5,
            }
        )
        while i < len(tokens):
            token = tokens[i]
            end = _closing(tokens, i)
            if token.type == "list_item_open":
                number += 1
                bullet = f"{number}." if ordered else "•"
                first = True
                j = i + 1
                while j < end:
                    inner = tokens[j]
                    inner_end = _closing(tokens, j)
                    if inner.type == "paragraph_open":
                        out.append(
                            RichText(inline_runs(tokens[j + 1]), style, bullet if first else None)
                        )
                        first = False
                    elif inner.type in ("bullet_list_open", "ordered_list_open"):
                        out.extend(
                            self._list(
                                tokens[j + 1 : inner_end],
                                inner.type == "ordered_list_open",
                                depth + 1,
                            )
                        )
                    j = inner_end + 1
            i = end + 1
        return out

    def _callout(self, tokens: list[Token]) -> Flowable:
        inner = self.blocks(tokens)
        label = _first_strong(tokens).lower().strip(" .:")
        tint = self.theme.callout_tints.get(label, self.theme.note_tint)
        pad = 5
        box = table(
            [[inner]],
            [self.width - 2],
            [
                ("BACKGROUND", (0, 0), (-1, -1), tint),
                ("LINEBEFORE", (0, 0), (0, -1), 2, self.theme.accent),
                ("LEFTPADDING", (0, 0), (-1, -1), pad + 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), pad),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ],
        )
        box.spaceAfter = self.theme.body.space_after + 2
        box.spaceBefore = 2
        return box

    def _table(self, tokens: list[Token]) -> Flowable:
        rows: list[list[list[text.Run]]] = []
        header_rows = 0
        in_head = False
        for token in tokens:
            if token.type == "thead_open":
                in_head = True
            elif token.type == "thead_close":
                in_head = False
            elif token.type == "tr_open":
                rows.append([])
                header_rows += int(in_head)
            elif token.type == "inline" and rows:
                rows[-1].append(inline_runs(token, bold=False))
        columns = max((len(r) for r in rows), default=1)
        weights = [
            max((math.sqrt(len(text.plain(r[c]))) if c < len(r) else 1.0) for r in rows) + 1.0
            for c in range(columns)
        ]
        # a column narrower than its padding cannot be laid out at all; too many columns then
        # make the table wider than the page, which the document reports at its file
        widths = [max(self.width * w / sum(weights), 12.0) for w in weights]
        base = self.theme.table
        head = TextStyle(**{**base.__dict__, "bold": True})
        data: list[list[Any]] = [
            [RichText(cell, head if r < header_rows else base) for cell in row]
            + [""] * (columns - len(row))
            for r, row in enumerate(rows)
        ]
        commands: list[tuple[Any, ...]] = [
            ("GRID", (0, 0), (-1, -1), 0.4, "#9a9a9a"),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ]
        if header_rows:
            commands.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), "#ece6da"))
        grid = table(data, widths, commands, header_rows)
        grid.spaceAfter = self.theme.body.space_after + 2
        return grid


def _closing(tokens: list[Token], start: int) -> int:
    """Index of the token that closes tokens[start] (itself for self-contained tokens)."""
    if tokens[start].nesting != 1:
        return start
    depth = 0
    for index in range(start, len(tokens)):
        depth += tokens[index].nesting
        if depth == 0:
            return index
    return len(tokens) - 1


def _first_strong(tokens: list[Token]) -> str:
    for token in tokens:
        if token.type == "inline":
            children = token.children or []
            for a, b in itertools.pairwise(children):
                if a.type == "strong_open":
                    return b.content
            return ""
    return ""
