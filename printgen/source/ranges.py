"""A range of numbers as a designer writes it on a box (players: 2-4, "2 – 4", 2..4, 2 to 4):
its two numbers, so the message refusing it can write the mapping game.yaml takes instead."""

from __future__ import annotations

import re
from typing import Any

# a hyphen, an en or em dash, two dots, or "to" between two whole numbers
_RANGE = re.compile(r"\s*(\d{1,6})\s*(?:-|–|—|\.\.|to)\s*(\d{1,6})\s*")


def written_range(value: Any) -> tuple[int, int] | None:
    """The two numbers of a range written as a text, else None."""
    found = _RANGE.fullmatch(value) if isinstance(value, str) else None
    return (int(found[1]), int(found[2])) if found else None
