"""A spreadsheet's header row (``cards_from:``): which column fills which card field, said
where the header is not the sheet's first row, names a column no field declares, or lacks one
a card needs (``id``, ``count``, a language's translation)."""

from __future__ import annotations

from printgen.problems import closest, file_of
from printgen.source.cells import blank, header_name, names_cards
from printgen.source.columns import (
    BACK,
    LANG_COLUMN,
    Column,
    back_column,
    back_translations,
    invisible_in,
    misspelt_language,
    unknown_column_tail,
)
from printgen.source.readers import Checker
from printgen.source.tables import Table

MAX_PROBLEMS = 30  # a sheet with a shifted column would otherwise list every row
RESERVED = ("id", "count", "layout")

_TITLE_ROWS = 10  # rows a title or a note above the header may take


def header_below(table: Table) -> int | None:
    """The row that names the columns when it is not the first (a sheet with a title above its
    header, as a printed list has), else None: that first row was said as three mistakes —
    an unknown column, no id, no count — none of them the one to fix."""

    if names_cards(table.rows[0][1]):
        return None
    return next((n for n, cells in table.rows[1 : _TITLE_ROWS + 1] if names_cards(cells)), None)


def wrong_sheet(table: Table, value: str) -> str | None:
    """Where a workbook named without a sheet has no cards on its first (notes kept before
    them, a cover), the sheet to name instead: one line, not "unknown column 'notes'", "no
    'id' column", "no 'count' column" at the notes sheet's A1. None where the first row names
    id and count, or one like them and no other sheet has cards (its header misspelt)."""
    if not table.other_sheets or (table.rows and names_cards(table.rows[0][1])):
        return None
    if table.rows and header_below(table) is not None:  # the cards' sheet, a title above them
        return None
    cards = [name for name, has_cards in table.other_sheets if has_cards]
    first = (
        {header_name(c).lower() for c in table.rows[0][1] if not blank(c)} if table.rows else set()
    )
    if not cards and any(closest(name, ["id", "count"]) for name in first):
        return None  # the cards' sheet, its header misspelt ('ID', 'cont'): said cell by cell
    file, sheet = value.strip(), table.label.rpartition("#")[2]
    said = f"{file}: its first sheet, '{sheet}', " + (
        "has no header row naming id and count" if table.rows else "is empty"
    )
    if cards:
        more = cards[1:]
        return f"{said}; write 'cards_from: {file}#{cards[0]}' to read the sheet '{cards[0]}'" + (
            f" (sheets with cards too: {', '.join(repr(m) for m in more)})" if more else ""
        )
    names = [name for name, _ in table.other_sheets]
    return (
        f"{said}; name the sheet of the cards after '#' (cards_from: {file}#{names[0]}); its "
        f"other sheets: {', '.join(repr(n) for n in names)}"
    )


def header_columns(
    checker: Checker, table: Table, types: dict[str, str], merged: bool = False
) -> list[Column] | None:
    """The columns the header row names, each checked; None when the rows cannot be read by
    them. ``merged``: header cells merged across columns (said at the merge), the columns past
    its first read as unnamed — what they would have named is not said missing."""
    number, header = table.rows[0]
    notes = table.notes()
    languages = checker.languages
    allowed = [*RESERVED, *types] + [
        f"{f}.{lang}" for f, k in types.items() if k == "text" for lang in languages
    ]
    columns: list[Column] = []
    seen: dict[str, int] = {}
    ok = True
    unknown = False  # a column no field declares (an error, said at its header cell)
    meant: set[str] = set()  # the columns such a one was likely meant to be ('cont': count)
    before = len(checker.problems)
    # a field the sheet has a column for is no way out ('costs' beside 'cost': two of one field)
    free = [a for a in allowed if a not in {header_name(c) for c in header if not blank(c)}]
    capitals = _capitalised(header, notes, free)
    if capitals:  # one habit ('ID', 'Count', 'Name' …), said once, not once for each column
        checker.error(table.where(number, min(capitals)), _capitals_said(capitals))
    for index, cell in enumerate(header, start=1):
        if len(checker.problems) - before >= MAX_PROBLEMS:  # a header of 500 wrong names
            checker.error(
                table.where(number, index),
                f"stopped reading the header of {table.label} after {MAX_PROBLEMS} problems; "
                "fix those first",
            )
            return None
        name = "" if blank(cell) else header_name(cell)
        if not name:
            continue  # an unnamed column (often a trailing one) holds no field
        if index in notes:  # the designer's own: its cells never read
            columns.append(Column(index, name, None, ignored=True))
            continue
        where = table.where(number, index)
        found = LANG_COLUMN.match(name)
        field, lang = (found["field"], found["lang"]) if found else (name, None)
        if name.startswith(BACK) and "back" not in types and name not in seen:
            back = back_column(checker, where, name, index)
            ok = ok and back is not None
            if back is not None:
                seen[name] = index
                columns.append(back)
            continue
        if name in seen:
            checker.error(
                where, f"column '{name}' appears twice (also column {seen[name]}); keep one"
            )
            ok = False
        elif field not in types and field not in RESERVED:
            if index not in capitals:
                checker.error(where, _unknown_column(name, free, types))
            seen.setdefault(name, index)
            if hidden := invisible_in(name):  # 'id' as meant, but for what hides in it: no
                seen.setdefault(hidden[0], index)  # "no 'id' column" besides
            if hint := closest(name, free):  # a declared field's column misspelt: every card
                checker.column_misnamed = True  # lacks it, and its layouts' failures would follow
                meant.add(hint[0])  # … nor is the column it was meant to be said missing
            # its cells are left out, the others' still read: a notes column added to the
            # sheet hid every bad number and colour of the rows until it was dealt with
            unknown = True
            columns.append(Column(index, name, None, ignored=True))
            continue
        elif lang is not None and types.get(field) != "text":
            checker.error(
                where,
                f"column '{name}': only a text field has one column per language; "
                f"name the column '{field}'",
            )
            ok = False
        elif lang is not None and lang not in languages:
            # a language taken out of the game (or not in it yet): its texts stay, unprinted
            checker.warn(
                where,
                f"column '{name}' is not printed: the game declares only "
                f"{', '.join(languages)}; add '{lang}' to languages in game.yaml to print it",
            )
            seen.setdefault(name, index)
            columns.append(Column(index, field, lang, ignored=True))
            continue
        seen.setdefault(name, index)
        columns.append(Column(index, field, lang))
    for required in ("id", "count"):
        if required not in seen and not merged:
            ok = False
            if required in meant:  # its header cell's "did you mean" said it
                continue
            checker.error(
                table.where(number, 1),
                f"the header row has no '{required}' column; the first row names the columns: "
                "id, count, then one per field",
            )
    for field, kind in types.items():
        langs = [c.lang for c in columns if c.field == field and c.lang and not c.ignored]
        missing = [lang for lang in languages if lang not in langs]
        if kind == "text" and langs and missing:
            ok = False
            missing = [] if merged else missing
            # a language's column misspelt ('Name.en') said it, with "did you mean", at its cell
            missing = [lang for lang in missing if f"{field}.{lang}" not in meant]
        if kind == "text" and langs and missing:
            first = next(c.index for c in columns if c.field == field and c.lang and not c.ignored)
            slip = misspelt_language(columns, field, missing)
            checker.error(
                table.where(number, slip.index if slip else first),
                f"missing translation: no column "
                f"{', '.join(repr(f'{field}.{lang}') for lang in missing)} "
                f"(the game declares {', '.join(languages)})"
                + (f"; is '{field}.{slip.lang}' it, misspelt?" if slip else ""),
            )
        if field in seen and langs:
            checker.error(
                table.where(number, seen[field]),
                f"column '{field}' and per-language columns '{field}.…' both given; keep one",
            )
            ok = False
    ok = back_translations(checker, table, number, columns) and ok
    if ok and not unknown and not merged:  # a field without its column: the one misspelt?
        given = {c.field for c in columns if not c.ignored}
        _fields_without_column(checker, table, number, types, given)
    return columns if ok else None


def _capitalised(header: list[object], notes: set[int], free: list[str]) -> dict[int, str]:
    """The header's columns named as a field or id/count is but in capitals, by their
    places, when there are two or more: a sheet written so (Squib's and nanDECK's data take
    any case), not one name misspelt, which its own "did you mean" says."""
    found = {}
    for index, cell in enumerate(header, start=1):
        name = "" if blank(cell) or index in notes else header_name(cell)
        if name and name != name.lower() and name.lower() in free:
            found[index] = name
    return found if len(found) > 1 else {}


def _capitals_said(capitals: dict[int, str]) -> str:
    names = list(capitals.values())
    shown = names if len(names) <= 8 else [*names[:7], "…"]
    lower = [name.lower() if name != "…" else name for name in shown]
    return (
        f"columns {', '.join(repr(n) if n != '…' else n for n in shown)} are written with "
        "capitals, and a column is named as fields: names its field (id and count in lower "
        f"case): write {', '.join(lower)}"
    )


def _unknown_column(name: str, free: list[str], types: dict[str, str]) -> str:
    hidden = invisible_in(name)
    if hidden is None:
        return f"unknown column '{name}'{unknown_column_tail(name, free, types)}"
    visible, said = hidden
    if not visible:
        return f"this column has {said}, or name the column"
    if visible in free or visible in RESERVED:  # the column meant, but for what hides in it
        return f"column '{visible}' has {said}"
    return f"unknown column '{visible}' ({said}){unknown_column_tail(visible, free, types)}"


def _fields_without_column(
    checker: Checker, table: Table, number: int, types: dict[str, str], named: set[str]
) -> None:
    """A field the deck declares that no column fills: every card prints it empty, which a
    designer who declared it meant otherwise (a column forgotten, or named in another sheet).
    Said once, here: the deck notes it, and no card of the sheet is told it lacks the field."""
    languages = checker.languages
    for field, kind in types.items():
        if field in named:
            continue
        where = table.where(number, 1)
        checker.columnless[field] = file_of(where)
        column = f"'{field}'"
        if kind == "text" and len(languages) > 1:
            each = " and ".join(f"'{field}.{lang}'" for lang in languages)
            column = f"{each} (or one {column} for every language)"
        # without a name the cards are called by their ids; no name is no way out
        tail = (
            "a name: none prints, and the rulebook, the aid and cards.json use the cards' ids "
            f"instead; add the column {column}"
            if field == "name"
            else f"one; add the column {column}, or remove '{field}' from 'fields:'"
        )
        checker.warn(
            where,
            f"the deck declares field '{field}' but the header row has no '{field}' column, "
            f"so no card has {tail}",
        )
