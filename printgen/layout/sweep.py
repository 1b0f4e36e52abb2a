"""Which boxes of a face can meet: the pairs the print checks (``layout.overlap``) measure.

Comparing every text with every other box of a face is quadratic: 480 text boxes on one
layout made 114,960 comparisons a card. Sorted by their left edges, a box can only meet the
boxes whose left edge comes before its right edge, so each is compared with its neighbours
along the width of the card only. The pairs found are a superset the caller tests again with
its own exact rule (sharing area, or touching), so what is found is exactly what comparing
every pair found.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.layout.ink import Box


def near_pairs(
    firsts: Sequence[Box], seconds: Sequence[Box] | None = None
) -> list[tuple[int, int]]:
    """Every (index in `firsts`, index in `seconds`) whose boxes overlap or touch across the
    width and the height, sorted; without `seconds`, every (a, b) of `firsts` with a < b. A box
    with a coordinate not a number meets nothing, as every comparison with it is false."""
    marked = [(box.left, 0, n, box) for n, box in enumerate(firsts) if _measured(box)]
    if seconds is not None:
        marked += [(box.left, 1, n, box) for n, box in enumerate(seconds) if _measured(box)]
    marked.sort(key=lambda item: item[0])
    # the boxes met so far that may still meet one further right, by side (one side alone
    # without `seconds`): a box is compared only with the other side's, so ten boxes checked
    # against 480 are 4,800 comparisons, not the 120,000 of all of them with each other
    active: tuple[list[tuple[int, Box]], list[tuple[int, Box]]] = ([], [])
    found: list[tuple[int, int]] = []
    for left, side, n, box in marked:
        other = 0 if seconds is None else 1 - side
        # ended before this box's left edge: it ends before every box still to come
        still = [(m, seen) for m, seen in active[other] if seen.right >= left]
        active[other][:] = still
        for m, seen in still:
            if seen.top > box.bottom or box.top > seen.bottom:
                continue
            if seconds is None:
                found.append((min(n, m), max(n, m)))
            else:
                found.append((n, m) if side == 0 else (m, n))
        active[side].append((n, box))
    found.sort()
    return found


def _measured(box: Box) -> bool:
    # NaN is the one number unequal to itself (compared inline: the sweep's most frequent call)
    left, top, right, bottom = box.left, box.top, box.right, box.bottom
    return left == left and top == top and right == right and bottom == bottom
