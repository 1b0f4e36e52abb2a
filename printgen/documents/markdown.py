"""Markdown (CommonMark + pipe tables, parsed by markdown-it-py) to platypus flowables.

Inline markup becomes printgen text runs, so ``:icon:`` works in documents as on cards.
A blockquote opening with a bold label is a callout: clarifications and worked examples get a
tinted box. A fenced block of kind ``card`` lists card references ``deck/card`` to draw.
Where the prose writes the marker ``<!-- questions-and-answers -->``, every clarification
callout is taken out of the text and collected there, under the section it came from.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import replace

from printgen.documents.flow import RichText, Rule, TextStyle, pipe_table, table
from printgen.documents.inline import inline_runs
from printgen.documents.parsed import Token, parse
from printgen.documents.platypus import Flowable
from printgen.documents.prose_theme import Theme
from printgen.documents.qa_marker import at_top, is_marker, may_hold
from printgen.documents.sections import (
    Collected,
    Heading,
    Marker,
    callout_word,
    first_strong,
    label_alone,
    page_break,
    without_emptied,
    without_label,
)
from printgen.documents.source_lines import fence_name
from printgen.layout import text

_TEXT_ALIGN = re.compile(r"text-align:\s*(left|center|right)")  # a cell of `| ---: |`


# A fenced block ```kind … ``` whose kind has a handler becomes that handler's flowables.
# a fenced block's name → what draws it, from its content and the prose line it opens on
Fences = dict[str, Callable[[str, int], list[Flowable]]]


def to_flowables(
    source: str, theme: Theme, width: float, fences: Fences | None = None
) -> list[Flowable]:
    # the aid is set at several sizes, the rulebook on more than one page size, all from one
    # parse: the converter never changes a token
    tokens = list(parse(source))
    converter = _Converter(theme, width, fences or {})
    # the marker as a block of its own: one in a sentence or in code collects nothing
    converter.collect = bool(theme.clarification) and may_hold(source) and at_top(tokens)
    out = converter.blocks(tokens)
    if converter.collect and converter.collected:  # (none: the marker prints nothing)
        at = next((i for i, f in enumerate(out) if isinstance(f, Marker)), len(out))
        own = _heading_above(out, at) if at < len(out) else []
        start = at - len(own)
        out[start : at + 1] = converter.questions(own)
        out = without_emptied(out)
    # the questions go where the first marker is; a second marker (or one in a document that
    # collects none) marks nothing
    return [flowable for flowable in out if not isinstance(flowable, Marker | Collected)]


def _heading_above(out: list[Flowable], at: int) -> list[Flowable]:
    """A section heading written right above the marker, nothing under it ("## Questions",
    then the marker): the heading the designer gives the clarifications — it printed empty,
    followed by printgen's own."""
    start = at - 1 if at > 0 and isinstance(out[at - 1], Rule) else at
    if start > 0 and isinstance(out[start - 1], Heading) and out[start - 1].level == 2:
        # (a '### Glossary' after the marker stays the section's, after its clarifications:
        # under printgen's heading it read as one more of their groups, and the designer's
        # heading printed empty)
        return out[start - 1 : at]
    return []


class _Converter:
    def __init__(self, theme: Theme, width: float, fences: Fences) -> None:
        self.theme = theme
        self.width = width
        self.fences = fences
        self.collect = False  # clarifications go to the questions and answers
        self.section = ""  # the current level-2 heading, for a collected clarification
        self.collected: list[tuple[str, list[Token]]] = []
        self.nested = 0  # inside a callout or a list: no place for the questions

    def questions(self, own: list[Flowable]) -> list[Flowable]:
        """The collected clarifications under the section each belongs to: a subheading per
        section, said once however many it has; all under the designer's ``own`` heading, if
        they wrote one for them, else the label's."""
        out: list[Flowable] = list(own) or list(self._heading_text(self.theme.questions, 2))
        for section, group in itertools.groupby(self.collected, key=lambda item: item[0]):
            if section:
                out.extend(self._heading_text(section, 3))
            for _, tokens in group:
                out.extend(self.blocks(without_label(tokens)))
        return out

    def _heading_text(self, words: str, level: int) -> list[Flowable]:
        return self._heading_runs([text.Run(words)], level)

    def _heading_runs(self, runs: list[text.Run], level: int) -> list[Flowable]:
        if level >= 4:  # italic too: in the aid, whose ### is hardly larger than its body
            runs = [replace(run, italic=True) for run in runs]
        flows: list[Flowable] = [Heading(runs, self._heading_style(level), level)]
        if level <= 2:
            flows.append(Rule(self.theme.accent, 0.8 if level == 2 else 1.5, 3))
        return flows

    def _heading_style(self, level: int) -> TextStyle:
        """``####`` and deeper a step below ``###``: the body's size, bold italic. As ``###``,
        a subsection could not be told from the subsection it belongs to."""
        h3 = self.theme.h3
        if level >= 4:
            return replace(
                h3,
                size=self.theme.body.size,
                space_before=h3.space_before * 0.75,
                space_after=h3.space_after * 0.5,
            )
        return {1: self.theme.h1, 2: self.theme.h2}.get(level, h3)

    def blocks(self, tokens: list[Token]) -> list[Flowable]:
        out: list[Flowable] = []
        i = 0
        previous: tuple[int, int, int] | None = None  # the last block: tokens i..end, flows
        # the Markdown tables (not boxes, not pairs) and lists' last lines among them: where
        # they fit they stay, a picture after them going on alone
        stays: list[Flowable] = []
        while i < len(tokens):
            token = tokens[i]
            end = _closing(tokens, i)
            kind = token.type
            before = len(out)
            if kind == "heading_open":
                if token.tag == "h2":
                    self.section = text.plain(inline_runs(tokens[i + 1], icons=self.theme.icons))
                out.extend(self._heading(tokens[i + 1], int(token.tag[1])))
            elif kind == "paragraph_open":
                out.append(
                    RichText(inline_runs(tokens[i + 1], icons=self.theme.icons), self.theme.body)
                )
                after = tokens[end + 1].type if end + 1 < len(tokens) else "heading_open"
                if i > 0 and tokens[i - 1].type == "heading_close" and after != "heading_open":
                    # a heading and one line at a page's foot, its section going on over the
                    # page, read as a heading left alone: the line keeps with what follows
                    # in its section (a section of one line keeps to itself)
                    self._lead_in(out[-1])
            elif kind in ("bullet_list_open", "ordered_list_open"):
                if previous is not None and tokens[previous[0]].type == "paragraph_open":
                    self._lead_in(out[-1])
                out.extend(self._list(token, tokens[i + 1 : end], 0))
                self._list_end(out[-1])
                stays.append(out[-1])
            elif kind == "blockquote_open":
                inner = tokens[i + 1 : end]
                if self.collect and callout_word(first_strong(inner)) == (self.theme.clarification):
                    if not label_alone(inner):  # (its label alone printed an empty group)
                        self.collected.append((self.section, inner))
                    out.append(Collected())  # its heading may be left with nothing
                else:
                    out.append(self._callout(inner))
            elif kind == "table_open":
                if previous is not None and tokens[previous[0]].type == "paragraph_open":
                    self._lead_in(out[-1])  # "A wide table:" is not left alone above it either
                out.append(self._table(tokens[i + 1 : end]))
                stays.append(out[-1])
            elif kind == "fence" and (fence := fence_name(token.info))[0] in self.fences:
                made = self.fences[fence[0]](token.content, fence[1])
                narrow = made[0].narrow_width(self.width) if _is_narrow(made) else None
                if narrow is not None and made[0].wrap(narrow, 1e9)[1] > self.width:
                    # a tall narrow scene goes below: a table cell cannot break across pages,
                    # and below it is said at its fence when no page can hold it
                    narrow = None
                if narrow is not None and previous is not None and len(out) - previous[2] == 1:
                    # a narrow picture goes beside the paragraph or callout it illustrates
                    first, last, _ = previous
                    out[-1] = self._beside(tokens[first : last + 1], made[0], narrow)
                    made = []
                elif (
                    above := next((f for f in out[::-1] if not isinstance(f, Collected)), None)
                ) and not any(above is stay for stay in stays):
                    # pictures illustrate what precedes them: never a page apart — but a table
                    # that fits where it stands stays there, the picture going on alone (the
                    # two moved as one left a quarter of a French rulebook's page blank), and
                    # so does a list (its one-line last item was carried alone to the next
                    # page's top, with a card row after it)
                    above.keepWithNext = True
                out.extend(made)
            elif kind == "html_block" and "pagebreak" in token.content:
                page_break(out)
            elif kind == "html_block" and is_marker(token.content):
                if not self.nested:  # (in a box or a list it was never taken out: a crash)
                    out.append(Marker())
            elif kind == "hr":
                out.append(Rule("#bbbbbb", 0.5, 6))
            elif kind in ("fence", "code_block"):
                out.append(RichText([text.Run(token.content.rstrip())], self.theme.body))
            shown = len(out) > before and not isinstance(out[-1], Collected)
            beside = kind in ("paragraph_open", "blockquote_open") and shown
            previous = (i, end, before) if beside else None
            i = end + 1
        return out

    def _beside(self, tokens: list[Token], picture: Flowable, width: float) -> Flowable:
        gap = 8.0
        narrower = _Converter(self.theme, self.width - width - gap, self.fences)
        text_flows = narrower.blocks(tokens)
        pair = table(
            [[text_flows, picture]],
            [self.width - width - gap, width + gap],
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("LEFTPADDING", (1, 0), (1, 0), gap),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ],
        )
        pair.spaceAfter = self.theme.body.space_after + 2
        return pair

    def _heading(self, inline: Token, level: int) -> list[Flowable]:
        return self._heading_runs(inline_runs(inline, icons=self.theme.icons), level)

    def _list(self, opening: Token, tokens: list[Token], depth: int) -> list[Flowable]:
        self.nested += 1
        try:
            return self._items(opening, tokens, depth)
        finally:
            self.nested -= 1

    def _items(self, opening: Token, tokens: list[Token], depth: int) -> list[Flowable]:
        out: list[Flowable] = []
        ordered = opening.type == "ordered_list_open"
        # a list goes on from the number its first item is written with: steps 3 and 4 after
        # a callout that follows steps 1 and 2 are a list of their own, starting at 3
        number = int(opening.attrGet("start") or 1) - 1
        i = 0
        items: list[int] = []  # where each item's flowables end in ``out``
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
                            RichText(
                                inline_runs(tokens[j + 1], icons=self.theme.icons),
                                style,
                                bullet if first else None,
                            )
                        )
                        first = False
                    elif inner.type in ("bullet_list_open", "ordered_list_open"):
                        if tokens[j - 1].type == "paragraph_close":
                            self._lead_in(out[-1])  # the item's own line above its sub-items
                        out.extend(self._list(inner, tokens[j + 1 : inner_end], depth + 1))
                    else:  # a callout, a diagram, a table … inside an item: set as anywhere
                        out.extend(self.blocks(tokens[j : inner_end + 1]))
                    j = inner_end + 1
                items.append(len(out))
            i = end + 1
        # as a paragraph's lines: a one-line first item is not left alone at a page's foot,
        # nor a one-line last item carried alone to the next page's top (a list of three
        # short steps moves on whole); a longer item breaks as its paragraph does. A pair is
        # two lines in a row, whatever item holds them: an item's first line and its own
        # first sub-item, a last item and the sub-item that ends the item before it. The
        # first keeps with the next however long that is (Figli's 'Spades (all): …' was left
        # alone under its heading, the longer Hearts item over the page): the page's foot
        # keeps the next item's first lines where breaking it leaves that page under half
        # full, as a heading keeps its paragraph's
        if len(items) >= 2:
            last = items[-2]  # where the last item starts
            if self._one_line(out[0]):
                out[0].keepWithNext = True
            if items[-1] - last == 1 and all(map(self._one_line, out[last - 1 : last + 1])):
                out[last - 1].keepWithNext = True
        return out

    def _list_end(self, flow: Flowable) -> None:
        """A list's last line is followed by a paragraph's space, not an item's: "Total
        cards: 88" right under the last bullet read as part of that item. Only the list's own
        end: a sub-list's last item, another item under it, keeps an item's space."""
        if isinstance(flow, RichText):
            flow.style = replace(flow.style, space_after=self.theme.body.space_after)

    def _lead_in(self, flow: Flowable) -> None:
        """A one-line paragraph just above a list ("Your turn has three steps:") or a table
        is not left alone at a page's foot, what it opens on the next page: it keeps with the
        first item or row. A longer one breaks as any paragraph does."""
        if self._one_line(flow):
            flow.keepWithNext = True

    def _one_line(self, flow: Flowable) -> bool:
        return isinstance(flow, RichText) and not flow.wrap(self.width, 1e9)[1] > flow._height(1)

    def _callout(self, tokens: list[Token]) -> Flowable:
        pad = 5
        # what it holds is set inside the box (a table, a quote in it): within its padding
        width, self.width = self.width, self.width - 2 - (2 * pad + 2)
        self.nested += 1
        try:
            inner = self.blocks(tokens)
        finally:
            self.width = width
            self.nested -= 1
        label = callout_word(first_strong(tokens))
        tint = self.theme.callout_tints.get(label, self.theme.note_tint)
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
        aligns: list[list[str]] = []  # each cell's, from the delimiter row (`| ---: |`)
        header_rows = 0
        in_head = False
        for token in tokens:
            if token.type == "thead_open":
                in_head = True
            elif token.type == "thead_close":
                in_head = False
            elif token.type == "tr_open":
                rows.append([])
                aligns.append([])
                header_rows += int(in_head)
            elif token.type in ("th_open", "td_open") and aligns:
                found = _TEXT_ALIGN.search(str(token.attrGet("style") or ""))
                aligns[-1].append(found[1] if found else "")  # pipe_table's to choose
            elif token.type == "inline" and rows:
                rows[-1].append(inline_runs(token, bold=False, icons=self.theme.icons))
        grid = pipe_table(rows, aligns, header_rows, self.width, self.theme.table)
        grid.spaceBefore = 2  # apart from a list above it too, whose last item keeps no space
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


def _is_narrow(made: list[Flowable]) -> bool:
    return len(made) == 1 and callable(getattr(made[0], "narrow_width", None))
