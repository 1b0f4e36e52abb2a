"""Type-size checks of laid-out documents: nothing a reader must read under a floor size."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.documents.flow import CardPicture, RichText
from printgen.documents.platypus import Table
from printgen.problems import Where


@dataclass(frozen=True)
class SmallText:
    """Text printed under the floor: what it says, its size (pt), and where its block is
    written when the block knows (a gallery's fence: a card's face text is in no prose)."""

    what: str
    size: float
    where: Where | None = None


def smallest_text(flowable: Any, floor: float) -> list[SmallText]:
    """(what, size) for each text under ``floor`` pt in a flowable or the cells of a table:
    paragraphs, table cells, and card faces drawn to be read (``CardPicture.legible``).
    A card drawn as a picture (the cover's fan, a diagram) is an illustration: the scene's own
    labels and caption carry what must be read."""
    if isinstance(flowable, RichText):
        size = flowable.style.size
        small = size < floor - 1e-6 and flowable.plain()
        return [SmallText(flowable.plain(), size)] if small else []
    if isinstance(flowable, CardPicture):
        if not getattr(flowable, "legible", False):
            return []
        from printgen.documents.card_gallery import smallest_face_text

        smallest = smallest_face_text(flowable.face)
        if smallest is not None and smallest * flowable.scale < floor - 1e-6:
            where = getattr(flowable, "where", None)
            return [SmallText(f"card {flowable.face.name}", smallest * flowable.scale, where)]
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
