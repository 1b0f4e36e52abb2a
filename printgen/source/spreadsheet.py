"""Cards from a spreadsheet: a deck's ``cards_from: ships.csv`` (UTF-8) or ``ships.xlsx``
(its first sheet, or ``ships.xlsx#Sheet``), next to the deck file.

The header row names the columns: ``id``, ``count``, optionally ``layout``, then one column per
field of the deck's ``fields:``; a translated text has one column per language (``name.en``,
``name.it``), a text in one column serves every language (and ``back.…`` columns a card's own
back, printgen.source.columns). Values are typed by ``fields:``.
Every problem is one line at its cell: ``decks/ships.csv:ROW:COL: …`` or
``decks/ships.xlsx#Sheet!C7: …`` (rows and columns counted as the spreadsheet shows them).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from printgen.limits import MAX_COUNT, MAX_ID_CHARS
from printgen.model.game import CardType
from printgen.problems import Where, closest, file_of
from printgen.project import Project
from printgen.source.cells import (
    NUMERIC,
    as_text,
    as_whole,
    blank,
    count_problem,
    first_decimal_comma,
    quoted,
    typed,
)
from printgen.source.columns import (
    BACK,
    LANG_COLUMN,
    Column,
    back_column,
    back_translations,
    card_back,
    header_name,
    invisible_in,
    misspelt_language,
    unknown_column_tail,
)
from printgen.source.control_chars import without_controls
from printgen.source.id_spelling import bad_card_id
from printgen.source.readers import (
    Checker,
    id_too_long,
)
from printgen.source.split_rows import cut_row, moved_on, quote_hint, usual_width
from printgen.source.tables import Table, open_table

MAX_PROBLEMS = 30  # a sheet with a shifted column would otherwise list every row
RESERVED = ("id", "count", "layout")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def read_cards(
    checker: Checker,
    project: Project,
    value: Any,
    where: Where,
    deck_rel: str,
    types: dict[str, str],
    default_layout: tuple[str, Where],
) -> list[CardType]:
    """The card types of the sheet named by ``cards_from:`` (problems go to ``checker``)."""
    before = len(checker.problems)
    table = open_table(checker, project, value, where, deck_rel)
    if table is None:
        return []
    opened = len(checker.problems)
    if not table.rows:
        checker.error(
            table.where(1, 1) if table.workbook else Where(table.label, 1, 1),
            "the spreadsheet is empty; its first row names the columns: id, count, "
            "then one per field",
        )
        return []
    if (header := _header_below(table)) is not None:
        first, cells = table.rows[0]
        col = next(i for i, c in enumerate(cells, start=1) if not blank(c))
        checker.error(
            table.where(first, col),
            f"the header must be the sheet's first row, but {'row' if table.workbook else 'line'} "
            f"{header} names the columns (id, count …) and this row above it holds "
            f"{quoted(cells[col - 1])}; delete the rows above the header",
        )
        return []
    columns = _columns(checker, table, types)
    if columns is None:
        return []
    # a column whose cells may be numbers with decimals
    numeric = [c.index for c in columns if not c.ignored and types.get(c.field) in NUMERIC]
    table = replace(table, comma=first_decimal_comma(table.rows[1:], numeric))
    cards: list[CardType] = []
    first_row: dict[str, int] = {}
    usual = usual_width(table)
    for number, cells in table.rows[1:]:
        if len(checker.problems) - before >= MAX_PROBLEMS:
            checker.error(
                table.where(number, 1),
                f"stopped reading {table.label} after {MAX_PROBLEMS} problems; fix those first",
            )
            break
        said = len(checker.problems)
        card = _card(checker, table, columns, types, default_layout, number, cells)
        if cut := cut_row(table, number, cells, usual):
            moved_on(checker, table, number, said, cut)
        checker.kept(card.id if card else None, said)
        if card is None:
            continue
        if card.id in first_row:
            checker.error(
                card.where,
                f"card id '{card.id}' is used twice in {table.label} (first on row "
                f"{first_row[card.id]}); give each card type its own id",
            )
            continue
        first_row[card.id] = number
        cards.append(card)
    if not cards and len(checker.problems) == before:
        checker.error(
            table.where(table.rows[0][0], 1),
            "the spreadsheet has a header row but no cards below it; add one row per card type",
        )
    if table.said_cells or table.said_ranges:  # a cell the workbook's reading said is not
        checker.problems[opened:] = [  # said again by its card
            p for p in checker.problems[opened:] if not table.said(p.where)
        ]
    return cards


_TITLE_ROWS = 10  # rows a title or a note above the header may take


def _header_below(table: Table) -> int | None:
    """The row that names the columns when it is not the first (a sheet with a title above its
    header, as a printed list has), else None: that first row was said as three mistakes —
    an unknown column, no id, no count — none of them the one to fix."""

    def names(cells: list[Any]) -> set[str]:
        return {header_name(cell).lower() for cell in cells if not blank(cell)}

    if {"id", "count"} <= names(table.rows[0][1]):
        return None
    return next(
        (n for n, cells in table.rows[1 : _TITLE_ROWS + 1] if {"id", "count"} <= names(cells)),
        None,
    )


def _columns(checker: Checker, table: Table, types: dict[str, str]) -> list[Column] | None:
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
    before = len(checker.problems)
    # a field the sheet has a column for is no way out ('costs' beside 'cost': two of one field)
    free = [a for a in allowed if a not in {header_name(c) for c in header if not blank(c)}]
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
            checker.error(where, _unknown_column(name, free, types))
            seen.setdefault(name, index)
            if hidden := invisible_in(name):  # 'id' as meant, but for what hides in it: no
                seen.setdefault(hidden[0], index)  # "no 'id' column" besides
            if closest(name, free):  # a declared field's column misspelt: every card lacks it,
                checker.column_misnamed = True  # and its layouts' failures would follow
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
        if required not in seen:
            checker.error(
                table.where(number, 1),
                f"the header row has no '{required}' column; the first row names the columns: "
                "id, count, then one per field",
            )
            ok = False
    for field, kind in types.items():
        langs = [c.lang for c in columns if c.field == field and c.lang and not c.ignored]
        missing = [lang for lang in languages if lang not in langs]
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
            ok = False
        if field in seen and langs:
            checker.error(
                table.where(number, seen[field]),
                f"column '{field}' and per-language columns '{field}.…' both given; keep one",
            )
            ok = False
    ok = back_translations(checker, table, number, columns) and ok
    if ok and not unknown:  # a field without its column is likely the one misspelt there
        given = {c.field for c in columns if not c.ignored}
        _fields_without_column(checker, table, number, types, given)
    return columns if ok else None


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


def _card(
    checker: Checker,
    table: Table,
    columns: list[Column],
    types: dict[str, str],
    default_layout: tuple[str, Where],
    number: int,
    cells: list[Any],
) -> CardType | None:
    def cell(column: Column) -> Any:
        return cells[column.index - 1] if column.index <= len(cells) else None

    named = {column.index for column in columns}
    for index, value in enumerate(cells, start=1):
        if index not in named and not blank(value):
            message = "this cell has a value but its column has no name in the header row"
            if not table.workbook and index > max(named, default=0):
                # most often a text with a comma that is not in quotes: it became two cells
                message += quote_hint(table, len(cells), len(named))
            checker.error(table.where(number, index), message)
            return None
    by_field: dict[str, list[Column]] = {}
    for column in columns:
        if not column.ignored:
            by_field.setdefault(column.field, []).append(column)
    id_column = by_field["id"][0]
    card_id = as_text(cell(id_column)).strip()
    where = table.where(number, id_column.index)
    if not card_id:
        checker.error(where, "missing id: every row needs an id (e.g. mage)")
        return None
    if not _ID.match(card_id):
        checker.error(where, f"id '{card_id}' {bad_card_id(card_id)}")
        return None
    if len(card_id) > MAX_ID_CHARS:
        checker.error(where, id_too_long(card_id))
        return None
    count_column = by_field["count"][0]
    raw_count = cell(count_column)
    count, exponent = as_whole(raw_count)
    if said := count_problem(card_id, raw_count):  # with the row's other mistakes: all said
        checker.error(table.where(number, count_column.index), said)
    layout, layout_where = default_layout
    fields: dict[str, Any] = {}
    field_where = {"count": table.where(number, count_column.index)}  # where a constraint says it
    back = card_back(checker, table, by_field, number, cell)
    for field, group in by_field.items():
        if field.startswith(BACK):
            continue
        if field in RESERVED:
            if field == "layout" and not blank(cell(group[0])):
                layout = as_text(cell(group[0])).strip()
                layout_where = table.where(number, group[0].index)
            continue
        kind = types[field]
        if group[0].lang is None:
            raw = cell(group[0])
            if blank(raw):
                continue
            cell_where = table.where(number, group[0].index)
            what = f"card '{card_id}' {field}"
            value = typed(checker, raw, kind, cell_where, what, table.comma)
            fields[field], field_where[field] = value, cell_where
            continue
        texts = {c.lang: cell(c) for c in group if c.lang}
        if all(blank(t) for t in texts.values()):
            continue
        for column in group:
            column_where = table.where(number, column.index)
            if blank(cell(column)):
                checker.error(
                    column_where,
                    f"missing translation: card '{card_id}' has no '{column.lang}' text for "
                    f"{field}; fill this cell",
                )
            field_where[f"{field}/{column.lang}"] = column_where
            without_controls(
                checker, as_text(cell(column)), column_where, f"card '{card_id}' {field}"
            )
        fields[field] = {lang: as_text(t) for lang, t in texts.items() if lang}
        field_where[field] = table.where(number, group[0].index)
    if count is None or exponent or not 1 <= count <= MAX_COUNT:
        return None
    return CardType(
        id=card_id,
        count=count,
        fields=fields,
        field_where=field_where,
        where=where,
        layout=layout,
        layout_where=layout_where,
        back=back,
    )
