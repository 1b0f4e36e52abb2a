"""A spreadsheet cell's value, as a CSV (text) or a workbook (text, whole or decimal number)
stores it: read as text, as a whole number, as a number — and quoted in a message."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from printgen.source.formula_text import formula_hint

if TYPE_CHECKING:
    from printgen.problems import Where
    from printgen.source.readers import Checker

NOTES = "#"  # a column named '#…' holds the designer's own notes: its cells never read
# longer is no count or score (and int() refuses 4300+ digits)
_INTEGER = re.compile(r"^[+-]?\d{1,18}$")
_DIGITS = re.compile(r"^[+-]?\d+$")
# 1,000 or 12,500: a thousand in English, 1.0 where ',' is the decimal mark — never guessed
_GROUPED = re.compile(r"^[+-]?[1-9]\d{0,2},\d{3}$")  # 0,125 is a decimal comma
# 12.345 where ',' is the decimal mark: Italian Excel's twelve thousand, or 12.345 — never guessed
_DOTTED = re.compile(r"^[+-]?[1-9]\d{0,2}\.\d{3}$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d*,\d+$")
# 1e9 or 1.5E+3, as a spreadsheet shows a long number in a narrow column
_EXPONENT = re.compile(r"^[+-]?(?:\d+\.?\d*|\.\d+)[eE][+-]?\d{1,6}$")


def as_text(cell: Any) -> str:
    """A cell as text: a workbook's whole number without its '.0', a truth value as the
    spreadsheet shows it and a CSV export writes it (TRUE, not Python's True)."""
    if cell is None:
        return ""
    if isinstance(cell, bool):
        return "TRUE" if cell else "FALSE"
    if isinstance(cell, float) and cell.is_integer() and abs(cell) < 1e16:
        return str(int(cell))  # a workbook stores 3 as 3.0 (1e300 stays 1e+300, not 301 digits)
    return str(cell)


def as_truth(cell: Any) -> bool | None:
    """A workbook's truth value, or a CSV cell's words for one: those YAML reads as true and
    false (true, yes, on / false, no, off, in any case, as in a deck file), and TRUE and FALSE
    as Excel and LibreOffice write them in the languages printgen has labels in (a Spanish
    sheet's CSV holds VERDADERO and FALSO); None for any other cell."""
    if isinstance(cell, bool):
        return cell
    if not isinstance(cell, str):
        return None
    text = cell.strip()
    return _SPREADSHEET_TRUTH.get(text, _YAML_TRUTH.get(text.lower()))


_YAML_TRUTH = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
# the spreadsheets' own words, written in capitals: "Vero" or "Faux" in a cell is a text
_SPREADSHEET_TRUTH = {
    **dict.fromkeys(("VERO", "VRAI", "WAHR", "VERDADERO", "VERDADEIRO"), True),
    **dict.fromkeys(("FALSO", "FAUX", "FALSCH"), False),
}


def quoted(cell: Any) -> str:
    """A cell as a message quotes it: whole when short, else its start (a message is a line)."""
    text = as_text(cell)
    return repr(text) if len(text) <= 40 else f"{text[:30]!r}… ({len(text):,} characters)"


def as_integer(cell: Any) -> int | None:
    if isinstance(cell, bool):
        return None
    if isinstance(cell, int):
        return cell
    if isinstance(cell, float):
        if not cell.is_integer():
            return None
        # past 2**53 a workbook's number is the digits it shows (1E+30), not the double's
        # exact value (1000000000000000019884624838656)
        return int(cell) if abs(cell) < 2**53 else int(Decimal(repr(cell)))
    text = as_text(cell).strip()
    return int(text) if _INTEGER.match(text) else None


def as_long(cell: Any) -> int | None:
    """A whole number too long for ``as_integer``, as a message says it (past 30 digits, 10**30:
    "a number of more than 30 digits"); None for a cell that is no whole number."""
    text = as_text(cell).strip()
    if not _DIGITS.match(text):
        return None
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-")
    return sign * (int(digits) if len(digits) <= 30 else 10**30)


def decimal_comma(cell: Any) -> bool:
    """Whether a cell writes a number with a decimal comma beyond doubt ('2,5', '0,125'; not
    '1,000', a thousand in English): the sheet's program writes decimals so."""
    text = cell.strip() if isinstance(cell, str) else ""
    return bool(_DECIMAL_COMMA.match(text)) and not _GROUPED.match(text)


NUMERIC = ("number", "any")  # the fields whose cells may be numbers with decimals


def first_decimal_comma(rows: list[tuple[int, list[Any]]], columns: list[int]) -> str | None:
    """The first cell of ``columns`` (numbers from 1) that writes a decimal comma ('2,5'),
    quoted: the sheet's program writes every number so, and a point there may part thousands
    (Italian Excel's '12.345' is twelve thousand) — None for a sheet with none."""
    for _, cells in rows:
        for index in columns:
            if index <= len(cells) and decimal_comma(cells[index - 1]):
                return quoted(cells[index - 1].strip())
    return None


def as_whole(cell: Any) -> tuple[int | None, bool]:
    """A cell's whole number however long (see ``as_long``), and whether the cell writes it
    with an exponent ('1e9': a number with decimals may be written so, a whole one is not)."""
    value = as_integer(cell)
    if value is None:
        value = as_long(cell)
    if value is not None:
        return value, False
    if isinstance(cell, float) and math.isinf(cell):  # a workbook's 1E400: past 30 digits
        return (10**30 if cell > 0 else -(10**30)), False
    text = cell.strip() if isinstance(cell, str) else ""
    if not _EXPONENT.match(text):
        return None, False
    number = Decimal(text)
    if number.adjusted() >= 30:
        return (10**30 if number > 0 else -(10**30)), True
    return (int(number), True) if number == number.to_integral_value() else (None, False)


_QUOTED_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")  # ASCII digits: '１２' is no number to unquote
_SPACED = re.compile(r"[+-]?[1-9][0-9]{0,2}(?:([' _\u00a0])[0-9]{3})(?:\1[0-9]{3})*")
_MARKED = re.compile(r"[+-]?[1-9][0-9]{0,2}(?:([,.])[0-9]{3})(?:\1[0-9]{3})*")


def whole_hint(text: str, minimum: int | None = None, in_quotes: bool = True) -> str:
    """How to write a whole number a text writes otherwise — '1e3' with an exponent, '10 000'
    with a thousands separator, '6' in quotes (``in_quotes``: a deck file's, where quotes make
    any value a text) — as the tail of the message refusing it; '' when the text is no such
    number, or one under ``minimum`` (the hint would lead to another error). '1,000' may be a
    thousand or 1 with three decimals: it asks which."""
    text = text.strip()
    whole, exponent = as_whole(text)
    if exponent and whole is not None and abs(whole) < 10**18:
        hint, value = f"; write it in digits: {whole}", whole
    elif _SPACED.fullmatch(text):
        value = int(re.sub(r"[^0-9+-]", "", text))
        hint = f"; write it in digits alone: {value}"
    elif found := _MARKED.fullmatch(text):
        value = int(re.sub(r"[^0-9+-]", "", text))
        decimal = Decimal(text.replace(found[1], ".")) if text.count(found[1]) == 1 else None
        if decimal is None or decimal != decimal.to_integral_value():
            hint = f"; write it in digits alone: {value}"  # 1,000,000 or 1,500: one reading
        else:
            hint = (
                f"; it may be {value} or {int(decimal)} (a comma or a point parts thousands or "
                f"decimals): write {value}, or {int(decimal)}"
            )
    elif in_quotes and _QUOTED_WHOLE.fullmatch(text):
        value = int(text)
        hint = f"; write it without quotes: {value}"
        if text.lstrip("+-")[:1] == "0" and len(text.lstrip("+-")) > 1:  # 09: YAML's octal
            hint = f"; write {value}, without quotes or a leading zero"
    else:
        return ""
    return "" if minimum is not None and value < minimum else hint


def in_exponent_form(what: str, cell: Any, value: int, holder: str) -> str:
    """Why a whole number written with an exponent is refused, and how to write it."""
    return (
        f"{what} is {quoted(cell)}, a whole number written with an exponent, which {holder} "
        f"does not read; write it in digits: {value}"
    )


def as_number(cell: Any, comma: str | None = None) -> int | float | None:
    """A cell's number; ``comma``: a cell of the sheet holding a decimal comma, if any (a
    point may then part thousands)."""
    if isinstance(cell, bool):
        return None
    if isinstance(cell, int):
        return cell
    if isinstance(cell, float):  # a workbook may store 1E999 as infinity
        return cell if math.isfinite(cell) else None
    text = as_text(cell).strip()
    if _INTEGER.match(text):
        return int(text)
    if _GROUPED.match(text) or (comma and _DOTTED.match(text)):
        return None
    try:
        number = float(text.replace(",", ".")) if text else None  # 2,5 where ',' is decimal
    except ValueError:
        return None
    return number if number is not None and math.isfinite(number) else None


def blank(cell: Any) -> bool:
    return cell is None or (isinstance(cell, str) and not cell.strip())


BOM = "\ufeff"


def header_name(cell: Any) -> str:
    """A header cell's column name: without the spaces around it, nor byte order marks (a file
    saved twice with one keeps the second as its first header's first character, which no
    editor shows and no column name means)."""
    return str(cell).strip().strip(BOM).strip()


def names_cards(cells: list[Any]) -> bool:
    """Whether a row names the columns of a card sheet: an id and a count (in any case)."""
    return {"id", "count"} <= {header_name(cell).lower() for cell in cells if not blank(cell)}


def typed(
    checker: Checker, raw: Any, kind: str, where: Where, what: str, comma: str | None = None
) -> Any:
    """A cell's value as its field's type says; a spreadsheet cell is text or a number.
    ``comma``: a cell of the sheet holding a decimal comma, if any (see ``as_number``)."""
    from printgen.source.deck_fields import check_field

    if isinstance(raw, float) and math.isinf(raw) and kind != "integer":
        below = ", below 0" if raw < 0 else ""  # a workbook reads 1E400 as infinity
        checker.error(
            where,
            f"{what} is a number too large to read (of more than 308 digits{below}); write a "
            "number nearer 0",
        )
        return None
    if kind == "integer":
        return _integer(checker, raw, where, what)
    if kind == "number":
        return _number(checker, raw, where, what, comma)
    if kind == "any":  # read as YAML reads a value: a number, a truth value, or a text
        truth = as_truth(raw)
        if truth is not None:  # "FALSE" kept as a text is true in every check
            return truth
        number = as_number(raw, comma)
        return as_text(raw) if number is None else number
    text = as_text(raw)
    if kind in ("color", "icon"):  # a name, as " 1 " is a number: its spaces are none
        text = text.strip()
    return check_field(checker, text, where, kind, what, cell=True)


def _integer(checker: Checker, raw: Any, where: Where, what: str) -> int | None:
    from printgen.source.readers import big

    value = as_integer(raw)
    whole, exponent = as_whole(raw)
    if value is None and exponent and whole is not None and abs(whole) < 10**18:
        checker.error(where, in_exponent_form(what, raw, whole, "a whole-number field"))
    elif value is None and whole is not None:  # too long to read: said as a number
        checker.error(where, f"{what} is {big(whole)}; write a number nearer 0")
    elif value is None:
        hint = whole_hint(raw, in_quotes=False) if isinstance(raw, str) else ""
        hint = hint or formula_hint(raw)
        checker.error(where, f"{what} must be a whole number, not {quoted(raw)}{hint}")
    return value


def _number(
    checker: Checker, raw: Any, where: Where, what: str, comma: str | None
) -> int | float | None:
    number = as_number(raw, comma)
    if number is None and comma and _GROUPED.match(text := as_text(raw).strip()):
        # '3,125' in a sheet that writes its decimals with a comma ('2,5'): 3.125, as the
        # sheet's program wrote it (a field of any kind keeps it as the text it may be)
        return float(text.replace(",", "."))
    if number is None and comma and _DOTTED.match(text := as_text(raw).strip()):
        whole, point = text.replace(".", ""), text.replace(".", ",")
        checker.error(
            where,
            f"{what} is {quoted(raw)}, which may be {whole} or {point}: the sheet writes "
            f"decimals with a comma ({comma}), where a point parts thousands; write {whole}, "
            f"or {point} with a comma",
        )
    elif number is None and _GROUPED.match(text := as_text(raw).strip()):
        checker.error(where, _grouped(what, text))
    elif number is None:
        checker.error(where, f"{what} must be a number, not {quoted(raw)}{formula_hint(raw)}")
    return number


def _grouped(what: str, text: str) -> str:
    """A number written '1,000': a thousand in English, 1.0 where ',' is the decimal mark."""
    whole, point = text.replace(",", ""), text.replace(",", ".", 1)
    return (
        f"{what} is {quoted(text)}, which may be {whole} or {point} (a comma parts "
        f"thousands or decimals): write {whole}, or {point} with a point"
    )


def deck_number(what: str, value: Any, kind: str) -> str:
    """What is wrong with a deck file's value of a number or whole-number field that is none,
    and how to write it: YAML reads 4,5, 1,000 and 1e3 as texts (its exponent wants a point and
    a sign: 1.0e+3), as a spreadsheet's cell would be read."""
    from printgen.source.number_words import number_refused

    if (refused := number_refused(what, value, kind)) is not None:  # None, true, 1.5, {en: 0}
        return refused
    text = str(value).strip()
    if kind == "integer":
        whole, exponent = as_whole(text) if isinstance(value, str) else (None, False)
        if exponent and whole is not None and abs(whole) < 10**18:
            return in_exponent_form(what, text, whole, "a whole-number field")
        return f"{what} must be a whole number, not {value!r}{whole_hint(text)}"
    said = f"{what} must be a number, not {value!r}"
    if not isinstance(value, str):
        return said
    if _GROUPED.match(text):
        return _grouped(what, text)
    if decimal_comma(text):  # 4,5 as French or Italian write it
        return f"{said}; write {text.replace(',', '.')}"
    if _EXPONENT.match(text) and math.isfinite(float(text)):
        return (
            f"{said} (YAML reads {text} as a text: a number with an exponent wants a point and a "
            f"sign there); write {_in_yaml(text)}"
        )
    return said


def _in_yaml(text: str) -> str:
    """An exponent's number as YAML reads it: in digits where they are few, and with a point
    and a signed exponent (1.0e+3)."""
    mantissa, _, exponent = text.lower().partition("e")
    mantissa += "" if "." in mantissa else ".0"
    signed = f"{mantissa}e{exponent if exponent[0] in '+-' else '+' + exponent}"
    number = Decimal(text)
    digits = format(number, "f") if number else "0"  # 0e5 is 0, not 000000
    return f"{digits}, or {signed}" if len(digits) <= 16 else signed


def cut_column(cells: list[str], width: int) -> int | None:
    """The column (from 1) of the first of a raw CSV row's cells under the header's ``width``
    names that seems to hold the words after an unquoted comma, the text before them in the
    cell before it; None for a row with none."""
    spaced = [index for index, cell in enumerate(cells[:width]) if index and cell[:1] == " "]
    for index in spaced:
        if index == 1 and len(spaced) > 1:
            continue  # `sloop, 2, Sloop`: a file written with a space after every separator
        if cut_between(cells[index - 1 : index + 1]):
            return index + 1
    return None


def cut_between(pair: list[str]) -> bool:
    """Whether a text seems cut between these two raw CSV cells by an unquoted comma: a text
    ("Gain 1"), then words after the comma's space (" then draw") — not a file written with a
    space after every separator, a colour or a number, nor a sentence that ended."""
    before, after = pair if len(pair) == 2 else ("", "")
    return (
        after[:1] == " "
        and before[:1] not in (" ", "#")
        and before[-1:] not in (".", "!", "?")
        and _LETTER.search(before) is not None
    )


_LETTER = re.compile(r"[^\W\d_]")


def count_problem(card_id: str, raw: Any) -> str | None:
    """What is wrong with a spreadsheet row's count cell, or None. A whole number too long to
    read is one all the same: over the limit, said at its cell, where the deck file's checks
    could not point."""
    from printgen.limits import MAX_COUNT
    from printgen.source.readers import big

    count, exponent = as_whole(raw)
    what = f"count of card '{card_id}'"
    if count is None or count < 1:
        hint = whole_hint(raw, 1, in_quotes=False) if isinstance(raw, str) else ""
        hint = hint or formula_hint(raw)
        shown = "nothing" if blank(raw) else quoted(raw)
        return f"{what} must be a whole number of copies, 1 or more, not {shown}{hint}"
    if count > MAX_COUNT:
        return f"{what} is {big(count)}, over {MAX_COUNT:,} (the limit for one deck)"
    if exponent:
        return in_exponent_form(what, raw, count, "a count")
    return None
