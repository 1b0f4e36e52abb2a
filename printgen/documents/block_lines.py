"""Where a block of cards (``card``, ``cardrow``, ``cardfan``, ``cardgallery``) is written, so
that a reference naming no card is said at its own line and column: in the prose file (its
fence's line marked before templating) or in the project's own document template (found by
its lines as written), each line's '> ' or list indent counted, as a diagram's are. A block
Jinja printed is said where it is written too: its lines' ``{{ … }}`` (a ``{% for %}`` round
a fence), or the expression holding its fence (``{{ "```card\\nmain/miner\\n```" }}``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from printgen.documents.source_lines import editor_lines, fences
from printgen.documents.written_lines import JINJA, Found, WrittenLines
from printgen.problems import Where
from printgen.startup.deferred import pattern

CARD_BLOCKS = {"card", "cardrow", "cardfan", "cardgallery", "quickref"}
# a fence written in an expression's text, and the word after it: a card block's name, or
# none where the expression joins the name on ("```" ~ kind)
_FENCE_IN_TAG = pattern(r"(?:`{3,}|~{3,})[ \t]*(\w*)")
_WORD = pattern(r"[^\s,]+")  # as the blocks read their references


@dataclass(frozen=True)
class BlockSources:
    """The texts a document's blocks are written in, as the designer wrote them."""

    rel: str  # the prose file
    prose: str
    template: tuple[str, str] | None = None  # the project's own template: path and text

    # split once, not for each block of each lay-out pass
    @cached_property
    def prose_lines(self) -> list[str]:
        return editor_lines(self.prose)

    @cached_property
    def template_blocks(self) -> tuple[list[str], list[int]]:
        """The template's lines, and the lines of its card blocks' fences."""
        text = self.template[1] if self.template is not None else ""
        lines = editor_lines(text)
        return lines, [fence.line for fence in fences(text) if fence.name in CARD_BLOCKS]

    @cached_property
    def prose_written(self) -> WrittenLines:
        return WrittenLines(self.prose)

    @cached_property
    def template_written(self) -> WrittenLines:
        return WrittenLines(self.template[1] if self.template is not None else "")


@dataclass(frozen=True)
class Placed:
    """A block's content as written: its file, its fence's line, each line's container — or,
    the block printed by Jinja, each line as its ``{{ … }}`` printed it, or the expression that
    printed the whole block."""

    rel: str
    line: int  # the fence's, from 1: the content's first line follows it
    shifts: tuple[int, ...]  # the characters before each content line ('> ', an indent)
    printed: tuple[Found | None, ...] = ()  # each content line as its line printed it
    tag: tuple[int, int, str] | None = None  # the line, column and text of the expression

    def where(self, index: int, col: int, word: str) -> Where:
        """Where the content's line ``index`` (from 0) writes ``word``, at its column ``col``
        (from 0)."""
        if self.tag is not None:
            return _in_tag(self.rel, self.tag, word)
        found = self.printed[index] if index < len(self.printed) else None
        if found is not None:
            return Where(self.rel, found.line, found.col(col))
        shift = self.shifts[index] if index < len(self.shifts) else 0
        return Where(self.rel, self.line + index + 1, shift + col + 1)


def placed(sources: BlockSources, content: str, line: int) -> Placed | None:
    """Where ``content``, a block whose fence the prose marked at ``line`` (0: none, a block a
    template or an expression wrote), is written; None where it is not found."""
    own = editor_lines(content)
    if line:
        written = sources.prose_lines[line : line + len(own)]
        if (shifts := _shifts(own, written)) is not None:
            return Placed(sources.rel, line, shifts)
        printed = _printed(sources.prose_written, line, own)
        return Placed(sources.rel, line, (0,) * len(own), printed or ())
    found: list[tuple[int, Placed]] = []  # each with how much of the block it writes as is
    if sources.template is not None:
        lines, at = sources.template_blocks
        for fence_line in at:
            shifts = _shifts(own, lines[fence_line : fence_line + len(own)])
            if shifts is not None:
                return Placed(sources.template[0], fence_line, shifts)
        found += _looped(sources, own)
    texts = [sources.template] if sources.template else []
    for rel, text in [*texts, (sources.rel, sources.prose)]:
        if (tag := _printing_tag(text, own)) is not None:
            found.append((tag[0], Placed(rel, tag[1], (), tag=tag[1:])))
    # the first of those writing most of it: a fence round a lone {{ name }} prints any block
    return max(found, key=lambda pair: pair[0], default=(0, None))[1]


def _shifts(own: list[str], written: list[str]) -> tuple[int, ...] | None:
    """What precedes each of the block's ``own`` lines in the ``written`` ones ('> ', a list
    item's indent); None when they are not the same lines."""
    if len(written) < len(own):
        return None
    shifts = []
    for line, text in zip(own, written, strict=False):
        prefix = text[: len(text) - len(line)]
        if not text.endswith(line) or prefix.strip(" \t>"):
            return None
        shifts.append(len(prefix) if line.strip() else 0)
    return tuple(shifts)


def _printed(written: WrittenLines, fence: int, own: list[str]) -> tuple[Found | None, ...] | None:
    """Each of the block's ``own`` lines as the lines after the ``fence`` line (from 1) printed
    it, their ``{{ … }}`` giving what they print; None when they could not have."""
    found: list[Found | None] = []
    for index, row in enumerate(own):
        number = fence + index
        if not row.strip():
            blank = number < len(written.lines) and not written.lines[number].strip(" \t>")
            if not blank:
                return None
            found.append(None)
        elif (line := written.printed(number, row)) is not None:
            found.append(line)
        else:
            return None
    return tuple(found)


def _looped(sources: BlockSources, own: list[str]) -> list[tuple[int, Placed]]:
    """The template's card blocks whose lines, their ``{{ … }}`` printing what they print,
    could have written ``own`` (a ``{% for %}`` round one, a macro's), each with the length of
    their own text in it."""
    assert sources.template is not None
    found = []
    for fence_line in sources.template_blocks[1]:
        printed = _printed(sources.template_written, fence_line, own)
        if printed is not None:
            kept = sum(len(p.text) for f in printed if f for p in f.pieces if not p.tag)
            shifts = (0,) * len(own)
            found.append((kept, Placed(sources.template[0], fence_line, shifts, printed)))
    return found


def _printing_tag(text: str, own: list[str]) -> tuple[int, int, int, str] | None:
    """The expression of ``text`` that holds a card block's fence (the block written in a
    string) and most of the block's words: how many of their characters it holds, its line
    and column (from 1) and its text."""
    if "{" not in text or ("```" not in text and "~~~" not in text):
        return None
    words = {word.group() for row in own for word in _WORD.finditer(row)}
    best: tuple[int, int, int, str] | None = None
    for tag in JINJA.finditer(text):
        said = tag.group()
        if not _prints_a_fence(said):
            continue
        held = sum(len(word) for word in words if word in said)
        if best is None or held > best[0]:
            line = text.count("\n", 0, tag.start()) + 1
            col = tag.start() - (text.rfind("\n", 0, tag.start()) + 1) + 1
            best = (held, line, col, said)
    return best


def _prints_a_fence(said: str) -> bool:
    """Whether ``said`` writes a card block's fence, or one whose name it joins on and no
    other block's: not a diagram's or a code block's (each also has a closing fence alone)."""
    names = {found.group(1) for found in _FENCE_IN_TAG.finditer(said)}
    return bool(names & CARD_BLOCKS) or names == {""}


def _in_tag(rel: str, tag: tuple[int, int, str], word: str) -> Where:
    """Where the expression ``tag`` (its line, column and text) writes ``word`` (a reference of
    the block it prints, in its string); the expression itself when it does not."""
    line, col, said = tag
    at = _word_in(said, word)
    if at < 0:
        return Where(rel, line, col)
    before = said.count("\n", 0, at)
    if not before:
        return Where(rel, line, col + at)
    return Where(rel, line + before, at - said.rfind("\n", 0, at))


def _word_in(said: str, word: str) -> int:
    """Where ``said`` writes ``word`` whole (not 'main/mine' in 'main/miner'), else where it
    first holds it; -1 when it does not (what the expression computes: 'main/' ~ name)."""
    first = at = said.find(word)
    while at >= 0:
        end = at + len(word)
        if end == len(said) or not (said[end].isalnum() or said[end] in "_/-=&"):
            return at
        at = said.find(word, at + 1)
    return first
