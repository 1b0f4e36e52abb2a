"""The captions of an engine's series and figures in the playtest report: its ``LABELS``, else
the key made readable, a seat's curve named after its figure."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


def name(key: str, labels: Mapping[str, str], players: int) -> dict[str, Any]:
    """A series' or figure's caption: the engine's LABELS, else its key made readable.

    ``vp_2`` is seat 3's ``vp`` (the engine's label of ``vp`` names it); ``vp_max`` belongs with
    the ``vp`` curves when there are such per-seat ones."""
    match = re.fullmatch(r"(.+)_(\d+)", key)
    if match and int(match[2]) < players:
        figure, seat = match[1], int(match[2]) + 1
        figure_label = labels.get(figure) or readable(figure)
        return {
            "label": labels.get(key) or f"{figure_label}, seat {seat}",
            "named": key in labels or figure in labels,
            "figure": figure,
            "figure_label": figure_label,
            "seat": seat,
        }
    label = labels.get(key) or readable(key)
    return {
        "label": label,
        "named": key in labels,
        "figure": key,
        "figure_label": label,
        "seat": None,
    }


def readable(key: str) -> str:
    return key.replace("_", " ").strip()
