"""Where a block of cards (``card``, ``cardrow``, ``cardfan``, ``cardgallery``) is written, so
that a reference naming no card is said at its own line and column: in the prose file (its
fence's line marked before templating) or in the project's own document template (found by
its lines as written), each line's '> ' or list indent counted, as a diagram's are."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from printgen.documents.source_lines import editor_lines, fences

CARD_BLOCKS = {"card", "cardrow", "cardfan", "cardgallery", "quickref"}


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


@dataclass(frozen=True)
class Placed:
    """A block's content as written: its file, its fence's line, each line's container."""

    rel: str
    line: int  # the fence's, from 1: the content's first line follows it
    shifts: tuple[int, ...]  # the characters before each content line ('> ', an indent)


def placed(sources: BlockSources, content: str, line: int) -> Placed | None:
    """Where ``content``, a block whose fence the prose marked at ``line`` (0: none, a block a
    template wrote), is written; None where it is not (a template's block printing values)."""
    own = editor_lines(content)
    if line:
        written = sources.prose_lines[line : line + len(own)]
        return Placed(sources.rel, line, _shifts(own, written) or (0,) * len(own))
    if sources.template is None:
        return None
    lines, at = sources.template_blocks
    for fence_line in at:
        shifts = _shifts(own, lines[fence_line : fence_line + len(own)])
        if shifts is not None:
            return Placed(sources.template[0], fence_line, shifts)
    return None


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
