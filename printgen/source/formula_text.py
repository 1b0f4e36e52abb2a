"""A spreadsheet cell holding a formula's text ('=SUM(A1)') where its result belongs: a CSV file
written by hand, or exported with its formulas shown, keeps what the designer typed, and a
card printed '=SUM(A1)' (or a cost said "must be a whole number, not '=1+1'", with no word of
formulas). A text may start with '=' on purpose, rarely: a text cell is warned of, a number
cell's error says it."""

from __future__ import annotations

import re
from typing import Any

# '=' then what a formula starts with: a function or cell name, a number, a bracket, a sign,
# a quote ('= 3 gold', '==>' and a lone '=' are no formulas)
_FORMULA = re.compile(r"=[A-Za-z_$(+\-0-9.\"']")
_EXPORT = (
    "export the values instead: save the sheet as CSV from the spreadsheet program, which "
    "writes the formulas' results"
)


def formula_text(cell: Any) -> bool:
    """Whether a cell holds what a formula is written as, not a value."""
    return isinstance(cell, str) and _FORMULA.match(cell.strip()) is not None


def formula_hint(cell: Any) -> str:
    """The tail of a number cell's error when the cell holds a formula's text ('' if not)."""
    return f"; it is a formula's text, not its result; {_EXPORT}" if formula_text(cell) else ""


def formula_warning(what: str, cell: str) -> str:
    """The warning at a text cell holding a formula's text, printed as it is on the card."""
    shown = cell.strip() if len(cell.strip()) <= 40 else cell.strip()[:39] + "…"
    return (
        f"{what} is '{shown}', a formula's text, not its result, and prints so on the card; "
        f"{_EXPORT} (a text meant to start with '=' may stay)"
    )
