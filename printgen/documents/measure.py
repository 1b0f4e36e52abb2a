"""Lay-out without drawing: a frame that places flowables exactly as platypus's own does
(the same space, splitting and page breaks) but draws none of them, so a pass that only needs
page numbers, heights or the checks of what was placed costs the wrapping, not the drawing."""

from __future__ import annotations

import io
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printgen.documents.platypus import Flowable, Frame
from printgen.draw.pdf import EMBEDDED_START


def _not_drawn(*args: Any, **kwargs: Any) -> None:
    return None


class MeasuringFrame(Frame):  # type: ignore[misc]
    """A frame whose ``dry`` mode skips each flowable's drawing (and so everything nested in
    it: table cells, card pictures, icons); placement is Frame's own code either way."""

    def __init__(self, *args: Any, dry: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.dry = dry

    def _add(self, flowable: Flowable, canv: Any, trySplit: int = 0) -> int:
        if not self.dry:
            return int(super()._add(flowable, canv, trySplit))
        flowable.drawOn = _not_drawn  # shadows the method for this one placement
        try:
            return int(super()._add(flowable, canv, trySplit))
        finally:
            del flowable.drawOn

    add = _add


def scratch_canvas() -> Canvas:
    """A canvas for flowables to measure text on; never saved."""
    return Canvas(io.BytesIO(), **EMBEDDED_START)
