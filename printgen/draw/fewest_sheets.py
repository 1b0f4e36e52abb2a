"""Of the ways a deck's cards can be packed, the one printed: the fewest sheets, each keeping
its label and scale bar where a way can."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from printgen.draw.blocks import SheetPlan


class _Labelled(Protocol):
    @property
    def labels(self) -> Sequence[object]: ...


Sheet = TypeVar("Sheet", bound=_Labelled)  # an imposed side (printgen.draw.sheets.Sheet)


def fewest(
    ways: list[list[SheetPlan]], impose: Callable[[list[SheetPlan]], list[Sheet]]
) -> tuple[list[SheetPlan], list[Sheet]]:
    """The first way of packing, or one of fewer sheets whose every side keeps as many labels
    (its label and scale bar) as the first way's worst side; where the first way lost a label,
    one of as many sheets that keeps more (a Letter fold sheet printed unlabelled, without its
    scale bar, where another order of the same sheets kept both); and its sheets."""
    first = impose(ways[0])
    labelled = _fewest_labels(first)
    best = (ways[0], first)
    for plans in sorted(ways[1:], key=len):
        if len(plans) > len(ways[0]):
            break
        if len(plans) == len(ways[0]) and labelled >= _fewest_labels(first, most=True):
            break  # the first way lost no label: it stays, as long as another
        sheets = impose(plans)
        kept = _fewest_labels(sheets)
        if len(plans) < len(ways[0]) and kept >= labelled:
            return plans, sheets
        if len(plans) == len(ways[0]) and kept > _fewest_labels(best[1]):
            best = (plans, sheets)
    return best


def _fewest_labels(sheets: list[Sheet], most: bool = False) -> int:
    """The labels (label, scale bar) of the side keeping fewest — or, ``most``, the most."""
    counts = [len(sheet.labels) for sheet in sheets]
    return (max if most else min)(counts, default=0)
