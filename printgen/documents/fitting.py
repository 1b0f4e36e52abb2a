"""A page left less than half full because the block after it did not fit: where that block
holds a diagram, the diagram is drawn smaller so the block stays on the page; where it ends in
a table or paragraph that breaks, it breaks there; where a diagram does not fit even at its
smallest, it goes on alone to the next page — a rulebook's pages but the last are never less
than half full."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from reportlab.platypus.flowables import KeepTogether, _listWrapOn

from printgen.documents.platypus import Table
from printgen.documents.sections import Heading


@runtime_checkable
class Shrinkable(Protocol):
    """A flowable that can be drawn smaller (a diagram): by at least ``excess`` points of
    height at ``avail_width``, or not at all (False, and it stays as it was)."""

    def shrink_by(self, excess: float, avail_width: float) -> bool: ...

    def unshrink(self) -> None: ...


def page_would_be_left_half_empty(flowable: Any, avail_height: float) -> bool:
    """What is left of the frame ``flowable`` is being placed in is more than half of it."""
    frame = getattr(flowable, "_frame", None)
    return frame is not None and avail_height > frame._height / 2


class FittingKeepTogether(KeepTogether):  # type: ignore[misc]
    """Flowables kept with the next (a heading, its first paragraph, a diagram): when they do
    not fit and moving them would leave the page less than half full, a diagram among them is
    drawn smaller if that makes them fit; else they move, as platypus moves them."""

    def split(self, avail_width: float, avail_height: float) -> list[Any]:
        if getattr(self, "_wrapInfo", None) != (avail_width, avail_height):
            self.wrap(avail_width, avail_height)
        if avail_height < self._H and page_would_be_left_half_empty(self, avail_height):
            for flow in self._content:
                if isinstance(flow, Shrinkable) and flow.shrink_by(
                    self._H - avail_height, avail_width
                ):
                    self.wrap(avail_width, avail_height)
                    if avail_height >= self._H:
                        return list(self._content)
                    flow.unshrink()
                    self.wrap(avail_width, avail_height)
            if broken := self._last_broken(avail_width, avail_height):
                return broken
            if parted := self._diagram_parted(avail_width, avail_height):
                return parted
        return list(super().split(avail_width, avail_height))

    def _diagram_parted(self, avail_width: float, avail_height: float) -> list[Any]:
        """The kept flowables set apart before their last diagram, what precedes it staying
        here and the diagram going on to the next page, when even at its smallest it does not
        fit below them: a heading, its table and a card row kept with a diagram moved as one
        block and left the page before less than half full; else nothing."""
        content = self._content
        for at in range(len(content) - 1, 0, -1):
            if isinstance(content[at], Shrinkable):
                if isinstance(content[at - 1], Heading):  # a heading alone at a page's foot
                    return []
                _, above = _listWrapOn(content[:at], avail_width, self.canv)
                return list(content) if above <= avail_height else []
        return []

    def _last_broken(self, avail_width: float, avail_height: float) -> list[Any]:
        """The kept flowables here, the last broken where the page ends — a heading and the
        first rows of its long table, or lines of its long paragraph, the rest going on over
        the next page — when it breaks there as it would anywhere (two lines at least, a
        table's header and a row); else nothing, and they move as one block."""
        *kept, last = self._content
        if not kept:
            return []
        _, above = _listWrapOn(kept, avail_width, self.canv)
        # set apart from the last kept by the larger of its space after and this one's space
        # before, as a frame sets them (a heading's 4 pt over a table's 2): counted as the
        # space before alone, the first part was a row or a line too tall and split again
        room = avail_height - above - max(kept[-1].getSpaceAfter(), last.getSpaceBefore())
        if room <= 0:
            return []
        parts = last.splitOn(self.canv, avail_width, room)
        return [*kept, *parts] if len(parts) > 1 and all(map(_rows_enough, parts)) else []


def _rows_enough(part: Any) -> bool:
    """A table's part holds two rows at least besides its header, as a paragraph broken
    across pages leaves two lines on each (platypus would leave one: 'Helper' alone at the
    page's foot, its three fellow ranks on the next); anything else breaks as it does."""
    if not isinstance(part, Table):
        return True
    rows: int = len(part._cellvalues) - part.repeatRows
    return rows >= 2
