"""A page left less than half full because the block after it did not fit: where that block
holds a diagram, the diagram is drawn smaller so the block stays on the page — a rulebook's
pages but the last are never less than half full."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from reportlab.platypus.flowables import KeepTogether


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
        return list(super().split(avail_width, avail_height))
