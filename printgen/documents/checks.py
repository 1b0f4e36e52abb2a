"""Type-size checks of laid-out documents: nothing a reader must read under a floor size."""

from __future__ import annotations

from typing import Any

from printgen.documents.flow import CardPicture, RichText
from printgen.documents.platypus import Table


def smallest_text(flowable: Any, floor: float) -> list[tuple[str, float]]:
    """(what, size) for each text under ``floor`` pt in a flowable or the cells of a table:
    paragraphs, table cells, and card faces drawn to be read (``CardPicture.legible``).
    A card drawn as a picture (the cover's fan, a diagram) is an illustration: the scene's own
    labels and caption carry what must be read."""
    if isinstance(flowable, RichText):
        size = flowable.style.size
        return [(flowable.plain(), size)] if size < floor - 1e-6 and flowable.plain() else []
    if isinstance(flowable, CardPicture):
        if not getattr(flowable, "legible", False):
            return []
        from printgen.documents.card_gallery import smallest_face_text

        smallest = smallest_face_text(flowable.face)
        if smallest is not None and smallest * flowable.scale < floor - 1e-6:
            return [(f"card {flowable.face.name}", smallest * flowable.scale)]
        return []
    if isinstance(flowable, Table):
        cells = [cell for row in flowable._cellvalues for cell in row]
        return [found for cell in cells for found in smallest_text(cell, floor)]
    if isinstance(flowable, (list, tuple)):
        return [found for item in flowable for found in smallest_text(item, floor)]
    inner = getattr(flowable, "text_flowables", None)
    if callable(inner):
        return [found for item in inner() for found in smallest_text(item, floor)]
    return []
