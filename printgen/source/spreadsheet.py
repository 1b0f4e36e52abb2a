"""Cards from a spreadsheet: a deck's ``cards_from: ships.csv`` (UTF-8) or ``ships.xlsx``
(its first sheet, or ``ships.xlsx#Sheet``), next to the deck file.

The header row names the columns: ``id``, ``count``, optionally ``layout``, then one column per
field of the deck's ``fields:``; a translated text has one column per language (``name.en``,
``name.it``), a text in one column serves every language (and ``back.…`` columns a card's own
back, printgen.source.columns; the header is read by printgen.source.sheet_header). Values are
typed by ``fields:``.
Every problem is one line at its cell: ``decks/ships.csv:ROW:COL: …`` or
``decks/ships.xlsx#Sheet!C7: …`` (rows and columns counted as the spreadsheet shows them).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from printgen.limits import MAX_COUNT, MAX_ID_CHARS
from printgen.model.game import CardType
from printgen.problems import Where, card_device
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
from printgen.source.columns import BACK, Column, card_back
from printgen.source.control_chars import without_controls
from printgen.source.csv_separators import other_separator, unread_separator
from printgen.source.formula_text import formula_text, formula_warning
from printgen.source.id_spelling import bad_card_id
from printgen.source.readers import Checker, id_too_long
from printgen.source.sheet_header import (
    MAX_PROBLEMS,
    RESERVED,
    header_below,
    header_columns,
    wrong_sheet,
)
from printgen.source.split_rows import cut_row, moved_on, quote_hint, usual_width
from printgen.source.tables import Table, open_table

_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_TEXTS = ("text", "string", "any")  # the fields whose cells print as they are written
# (a workbook keeps a formula as one: its text cell holding "=SUM(A1)" was typed as a text)


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
    if (sheet := wrong_sheet(table, value)) is not None:  # a sheet of notes before the cards'
        checker.problems[before:] = [  # its cells' problems are none of the cards'
            p for p in checker.problems[before:] if not p.where.path.startswith(f"{table.label}!")
        ]
        checker.error(where, sheet)
        return []
    if not table.rows:
        checker.error(
            table.where(1, 1) if table.workbook else Where(table.label, 1, 1),
            "the spreadsheet is empty; its first row names the columns: id, count, "
            "then one per field",
        )
        return []
    if (header := header_below(table)) is not None:
        first, cells = table.rows[0]
        col = next(i for i, c in enumerate(cells, start=1) if not blank(c))
        checker.error(
            table.where(first, col),
            f"the header must be the sheet's first row, but {'row' if table.workbook else 'line'} "
            f"{header} names the columns (id, count …) and this row above it holds "
            f"{quoted(cells[col - 1])}; delete the rows above the header",
        )
        return []
    header_row = table.rows[0][0]
    if (unread := unread_separator(table)) is not None:
        checker.error(Where(table.label, header_row, 1), unread)
        return []
    # header cells merged across columns, said at their first: the rest of the header is still
    # checked (a misspelt column), but not its rows, read by columns the merge hid
    merged = any(
        top <= header_row <= bottom and left < right
        for left, top, right, bottom in table.said_ranges
    )
    columns = header_columns(checker, table, types, merged)
    if columns is None or merged:
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
        if (mixed := other_separator(table, cells)) is not None:
            checker.error(table.where(number, 1), mixed)
            checker.kept(None, said)
            continue
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
    if device := card_device(card_id):
        checker.error(where, device)
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
            if kind in _TEXTS and not table.workbook and formula_text(raw):
                checker.warn(cell_where, formula_warning(what, raw))
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
            if not table.workbook and formula_text(cell(column)):
                checker.warn(
                    column_where, formula_warning(f"card '{card_id}' {field}", cell(column))
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
