"""Lengths as designers write them ("63mm", "2.5in", 3) and the named card and paper sizes."""

from __future__ import annotations

import math
import re

from printgen.limits import MAX_LENGTH_MM
from printgen.startup.deferred import pattern

MM = 72 / 25.4  # PDF points per millimetre
INCH_MM = 25.4

CARD_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
    "mini-euro": (44.0, 68.0),
    "mini-american": (41.0, 63.0),
    "square": (70.0, 70.0),
    # paper sizes, portrait, for a player board or a large tile: named as --paper names them
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "a6": (105.0, 148.0),
    "a7": (74.0, 105.0),
    "a8": (52.0, 74.0),
    "letter": (215.9, 279.4),
}

PAPER_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a5": (148.0, 210.0),
}

# a number as YAML and Python read it, ".125" and "3." too: "bleed: .125" was a length and
# "bleed: .125in", as printers write an eighth of an inch, was refused. A decimal comma is a
# decimal mark ("gutter: 2,5mm", as Italian, French or German designers write it), but for
# three digits after it (_GROUPED)
_LENGTH = re.compile(r"^\s*(-?(?:\d+(?:\.\d*|,\d+)?|\.\d+))\s*(mm|cm|in|pt)?\s*$")
# 1,000 or 12,500: a thousand (1000 pt is 353 mm), or 1.0 with a decimal comma — never
# guessed, as a spreadsheet's number is not (0,125 is a decimal: no thousand starts with 0)
_GROUPED = re.compile(r"-?[1-9]\d{0,2},\d{3}")
_FACTOR = {"mm": 1.0, "cm": 10.0, "in": INCH_MM, "pt": 25.4 / 72, None: 1.0}


def parse_length(value: object) -> float:
    """Return millimetres; a bare number means millimetres. Raises ValueError with a hint."""
    if isinstance(value, bool):
        raise ValueError("expected a length such as 3, 3mm or 0.125in")
    if value is None or value == "":  # "gutter:" left empty: YAML reads None, said as such
        raise ValueError("an empty value; write a length such as 3 mm")
    number: float | None = None
    if isinstance(value, (int, float)):
        number = float(value) if abs(value) < 1e300 else math.inf
    elif isinstance(value, str):
        match = _LENGTH.match(value) if len(value) < 400 else None
        if match:
            number = _number(match) * _FACTOR[match.group(2)]
    if number is None:
        shown = repr(value) if len(repr(value)) < 40 else "that"
        hint = unit_hint(value) if isinstance(value, str) else ""
        raise ValueError(f"expected a length such as 3, 3mm or 0.125in, not {shown}{hint}")
    if not math.isfinite(number) or abs(number) > MAX_LENGTH_MM:
        raise ValueError(
            f"a length must be a finite number within ±{MAX_LENGTH_MM:g} mm (1 m), "
            f"not {exact(number)}"
        )
    return number + 0.0  # -0 is 0: '--gutter -0' wrote "gutter_mm": -0.0 in the manifest


# a unit as designers spell it, to the one printgen reads ('px': none, a pixel has no size)
_UNIT_WORDS = {
    **dict.fromkeys(("mm", "millimeter", "millimeters", "millimetre", "millimetres"), "mm"),
    **dict.fromkeys(("cm", "centimeter", "centimeters", "centimetre", "centimetres"), "cm"),
    **dict.fromkeys(("in", "inch", "inches", '"', "''"), "in"),
    **dict.fromkeys(("pt", "pts", "point", "points"), "pt"),
    **dict.fromkeys(("px", "pixel", "pixels"), ""),
}
_SPELLED = pattern(r"^\s*(-?\d+(?:[.,]\d+)?)\s*([A-Za-z\"']+)\.?\s*$")
PIXEL_DPI = 300  # the resolution a print-and-play file is made at


def unit_hint(value: str, points: bool = False) -> str:
    """What to write for a length with a unit printgen does not read as it is written: "63 MM",
    "2.5 inches", 2.5" — or in pixels, which have no printed size (a designer of Squib's or a
    drawing program's layouts, where they do at its dpi); ``points``: a font's or a stroke's
    size, which a bare number gives in points."""
    found = _SPELLED.match(value) if len(value) < 40 else None
    unit = _UNIT_WORDS.get(found.group(2).lower()) if found else None
    if found is None or unit is None or _GROUPED.fullmatch(found.group(1)):
        return ""  # (1,000 px: a thousand, or 1.0 with a decimal comma — never guessed)
    number = found.group(1).replace(",", ".")
    if unit:
        return f"; write {number}{unit}"
    if points:
        return "; a pixel has no printed size: write the size in points (9 or 9pt)"
    mm = float(number) * INCH_MM / PIXEL_DPI
    return (
        f"; a pixel has no printed size: write the length in mm, cm, in or pt ({number} px "
        f"at {PIXEL_DPI} dpi is {mm:.2f}mm)"
    )


# a size measured in points (a font's, a stroke's): a bare number is points, not mm
_POINTS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0, None: 1.0}


def points_of(value: str) -> float | str:
    """A size in points as written ("9", "9pt", or "0.125in" converted: 9), or the text as it
    was when it is no length, for the caller to refuse; Ambiguous for '1,000'."""
    match = _LENGTH.match(value) if len(value) < 400 else None
    if not match:
        return value
    return _number(match) * _POINTS[match.group(2)]


_DECIMAL = pattern(r"^\s*(-?\d+,\d+)\s*$")


def decimal(value: str) -> float | str:
    """A plain number written with a decimal comma ("1,5", which float() refuses) as 1.5;
    any other text as it is, for float() to read or refuse; Ambiguous for '1,000'."""
    match = _DECIMAL.match(value) if len(value) < 400 else None
    return _number(match) if match else value


class Ambiguous(ValueError):
    """A number written '1,000', a thousand or 1.0: the message asks which."""


def _number(match: re.Match[str]) -> float:
    written = match.group(1)
    if _GROUPED.fullmatch(written):
        shown = match.group(0).strip()
        whole, point = shown.replace(",", ""), shown.replace(",", ".")
        raise Ambiguous(
            f"'{shown}' may be {whole} or {point} (a comma parts thousands or decimals): "
            f"write {whole}, or {point} with a point"
        )
    return float(written.replace(",", "."))


def exact(number: float) -> str:
    """A number as a message shows it beside a limit: short, as {:g} writes it, unless that
    rounds it — 1000.0000001 mm shown as 1000 said "within ±1000 mm, not 1000" — when every
    digit telling it from the limit is shown (Python's shortest exact form)."""
    short = f"{number:g}"
    return short if float(short) == number else repr(number)


def pt(mm: float) -> float:
    return mm * MM
