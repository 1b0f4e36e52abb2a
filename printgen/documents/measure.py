"""Lay-out without drawing: a frame that places flowables exactly as platypus's own does
(the same space, splitting and page breaks) but draws none of them, so a pass that only needs
page numbers, heights or the checks of what was placed costs the wrapping, not the drawing."""

from __future__ import annotations

import io
from copy import deepcopy
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

    def __deepcopy__(self, memo: dict[int, Any]) -> MeasuringFrame:
        """The copy ``copy.deepcopy`` makes, made without its generic machinery for each
        value: platypus deep-copies the document's frame for every kept-together block it
        measures (25 numbers and names, one list), 50 µs each — a tenth of a rulebook's
        measuring. Anything but a plain number, text or None is deep-copied as before."""
        twin = object.__new__(type(self))
        memo[id(self)] = twin  # as deepcopy does, for a value that refers back to the frame
        state = self.__dict__.copy()
        for name, value in state.items():
            if type(value) not in _ATOMIC:
                state[name] = deepcopy(value, memo)
        twin.__dict__.update(state)
        return twin


# values deepcopy returns as they are (copy._deepcopy_atomic's plain types)
_ATOMIC = frozenset({int, float, bool, str, type(None)})


def scratch_canvas() -> Canvas:
    """A canvas for flowables to measure text on; never saved."""
    return Canvas(io.BytesIO(), **EMBEDDED_START)
