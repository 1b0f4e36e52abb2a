"""Whole numbers an expression makes other than by arithmetic — from a text (``| int``, with a
base or without) or from bytes (``(0).from_bytes(…)``) — held to the bound arithmetic keeps
(printgen.sandbox.sizes.safe_binop): a text of 5,000 hex digits is a 20,000-bit number, which
a check's assert could compute with for as long as it liked."""

from __future__ import annotations

from typing import Any

from printgen import limits
from printgen.sandbox.sizes import Refused


def too_many_bits(made: Any) -> bool:
    """Whether ``made`` is a whole number past the bound (true and false are numbers too)."""
    return type(made) is int and made.bit_length() > limits.MAX_POWER_BITS


def refused_bits(how: str) -> Refused:
    return Refused(
        f"{how} a number of more than {limits.MAX_POWER_BITS} bits (the limit in "
        "expressions); use smaller numbers"
    )


def whole(value: Any, default: Any = 0, base: int = 10) -> Any:
    """Jinja's ``| int``, but a number too large is said, never given as ``default``: Jinja
    takes Python's refusal of a text of 4,300 digits and more, and its float's of "1e400",
    for a text that is no number, and gives 0 in silence."""
    try:
        made = int(value, base) if isinstance(value, str) else int(value)
    except (TypeError, ValueError) as exc:
        if "integer string conversion" in str(exc):  # Python's limit of digits
            raise refused_bits("| int makes") from None
        try:  # "42.23" | int is 42, as Jinja has it
            made = int(float(value))
        except OverflowError:  # "1e400": infinity
            too_large = "| int reads a number too large (over 1.8e308); use smaller numbers"
            raise Refused(too_large) from None
        except (TypeError, ValueError):
            return default
    return made  # its size checked as every filter's result is (printgen.sandbox.jinja)
