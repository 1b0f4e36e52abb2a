"""Spreadsheet columns (``cards_from:``): which card field, and language, each one fills —
the deck's fields (``name``, ``name.en``) and the cards' own backs (``back.layout``,
``back.region``, ``back.region.en``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from printgen.model.game import CardBack
from printgen.problems import Where, closest, shown
from printgen.source.cells import BOM, NOTES, as_number, as_text, blank
from printgen.source.readers import Checker, did_you_mean
from printgen.source.tables import Table

BACK = "back."  # a column of the card's own back: back.layout, back.region, back.region.en
LANG_COLUMN = re.compile(r"^(?P<field>.+)\.(?P<lang>[a-z]{2})$")


@dataclass(frozen=True)
class Column:
    """A spreadsheet column: which card field (and language) it fills."""

    index: int  # 1-based, as the spreadsheet counts
    field: str  # "id", "count", "layout" or a field of the deck
    lang: str | None  # the language of a translated text's column
    ignored: bool = False  # a language the game does not declare: its texts are not printed


def back_column(checker: Checker, where: Where, name: str, index: int) -> Column | None:
    """A column of the cards' own backs: ``back.layout``, ``back.FIELD`` (a value the back's
    layout sees as card.FIELD) or ``back.FIELD.en`` (its text in one language)."""
    rest = name.removeprefix(BACK)
    found = LANG_COLUMN.match(rest)
    lang = found["lang"] if found else None
    field = found["field"] if found and found["field"].isidentifier() else rest
    if field == rest:
        lang = None
    if lang is not None and lang not in checker.languages and field != "layout":
        # a language taken out of the game (or not in it yet): its texts stay, unprinted, as
        # a field's column in that language does (printgen.source.sheet_header)
        languages = ", ".join(checker.languages)
        checker.warn(
            where,
            f"column '{name}' is not printed: the game declares only {languages}; add "
            f"'{lang}' to languages in game.yaml to print it",
        )
        return Column(index, BACK + field, lang, ignored=True)
    if not field.isidentifier() or field.startswith("_"):
        checker.error(
            where,
            f"column '{name}': after 'back.' comes layout, or a back field's name (letters, "
            "digits or _), then optionally a language: back.region, back.region.en",
        )
        return None
    if field == "layout" and lang:
        checker.error(where, f"column '{name}': a back's layout is one name; call it back.layout")
        return None
    return Column(index, BACK + field, lang)


def back_translations(checker: Checker, table: Table, number: int, columns: list[Column]) -> bool:
    """A back field given per language (back.region.en) needs a column for every language."""
    ok = True
    given = [c for c in columns if c.field.startswith(BACK) and c.lang and not c.ignored]
    fields = {c.field: c.index for c in given}
    langs_of = {field: {c.lang for c in given if c.field == field} for field in fields}
    misspelt: set[str] = set()
    for field, index in fields.items():
        missing = [lang for lang in checker.languages if lang not in langs_of[field]]
        if missing and field not in misspelt and (twin := _twin(field, langs_of, missing)):
            # back.region.en beside back.regoin.it: one field's languages, its name written
            # two ways — which one its back's layout prints is said when it is laid out
            misspelt.add(twin)
            firsts = (next(c for c in given if c.field == f) for f in (field, twin))
            first, second = sorted(firsts, key=lambda c: c.index)
            a, b = first.field.removeprefix(BACK), second.field.removeprefix(BACK)
            checker.error(
                table.where(number, second.index),
                f"columns '{first.field}.{first.lang}' and '{second.field}.{second.lang}' are "
                f"one back field's languages, its name written two ways: call both "
                f"back.{a} or both back.{b}",
            )
            ok = False
        elif missing and field not in misspelt:
            slip = misspelt_language(columns, field, missing)  # 'back.region.ti' for .it
            checker.error(
                table.where(number, slip.index if slip else index),
                f"missing translation: no column "
                f"{', '.join(repr(f'{field}.{lang}') for lang in missing)} "
                f"(the game declares {', '.join(checker.languages)})"
                + (f"; is '{field}.{slip.lang}' it, misspelt?" if slip else ""),
            )
            ok = False
    return ok


def _twin(field: str, langs_of: dict[str, set[str | None]], missing: list[str]) -> str | None:
    """Another back field written close to ``field`` that has the languages it misses, and
    none of those it has: the same field, one of its columns misspelt."""
    others = [f for f in langs_of if f != field and not langs_of[f] & langs_of[field]]
    found = closest(field, others, 0.75)
    if found and set(missing) & langs_of[found[0]]:
        return found[0]
    return None


def card_back(
    checker: Checker,
    table: Table,
    by_field: dict[str, list[Column]],
    number: int,
    cell: Callable[[Column], Any],
) -> CardBack | None:
    """A row's own back, from its back.… cells; None where they are all empty (the card prints
    the deck's back). A value is a number where it reads as one, else a text; a text given
    per language needs every language's cell, as a card's own field does."""
    fields: dict[str, Any] = {}
    field_where: dict[str, Where] = {}
    layout, layout_where, first = None, None, None
    for field, group in by_field.items():
        filled = [c for c in group if field.startswith(BACK) and not blank(cell(c))]
        if not filled:
            continue
        name, where = field.removeprefix(BACK), table.where(number, filled[0].index)
        first = first or where
        if name == "layout":
            layout, layout_where = as_text(cell(filled[0])).strip(), where
        elif group[0].lang is None:
            number_value = as_number(cell(filled[0]), table.comma)
            fields[name] = as_text(cell(filled[0])) if number_value is None else number_value
            field_where[name] = where
        else:
            for column in group:
                if blank(cell(column)):
                    checker.error(
                        table.where(number, column.index),
                        f"missing translation: this row's back has no '{column.lang}' text for "
                        f"{name}; fill this cell",
                    )
            fields[name] = {c.lang: as_text(cell(c)) for c in group if c.lang}
            field_where[name] = where
    if first is None:
        return None
    return CardBack(layout, fields, first, field_where, layout_where)


def invisible_in(name: str) -> tuple[str, str] | None:
    """``name`` without the characters no editor shows (a zero-width space, a no-break space
    pasted from a web page), and those characters said by name and place — "an invisible
    U+200B (zero width space) before its name: delete it", not "unknown column '\u200bid'; did
    you mean 'id'?" of two names that look the same; None when it holds none."""
    hidden = {c: shown(c) for c in name if not c.isprintable() or c == BOM}
    if not hidden:
        return None
    visible = "".join(c for c in name if c not in hidden)
    place = "inside its name"
    if not visible:
        place = "alone for a name"
    elif name.endswith(visible):
        place = "before its name"
    elif name.startswith(visible):
        place = "after its name"
    them = "them" if len(hidden) > 1 else "it"
    return visible, f"an invisible {' and '.join(hidden.values())} {place}: delete {them}"


def unknown_column_tail(name: str, allowed: list[str], types: dict[str, str]) -> str:
    """What to do about a column no field declares. Close to a declared field, either name may
    be the misspelt one — the column's or the field's in the deck file — so both are offered."""
    hint = closest(name, allowed)
    field = hint[0].partition(".")[0] if hint else ""
    if field not in types:  # nothing close, or a column every sheet has (id, count)
        return did_you_mean(
            name,
            allowed,
            f"; declare it under 'fields:' in the deck file, or name it '{NOTES}{name}' to keep "
            "it as notes of your own (never read)",
        )
    if "." in hint[0] or not name.isidentifier() or name.startswith("_"):
        # 'name_it' beside name.it is the language's column misspelt, and 'effect (en)' no
        # field name at all: renaming the field to either is no way out
        return f"; did you mean '{hint[0]}'?"
    return (
        f"; did you mean '{hint[0]}'? (the deck file's fields: declare '{field}': rename the "
        f"column, or that field to '{name.partition('.')[0]}')"
    )


def misspelt_language(columns: list[Column], field: str, missing: list[str]) -> Column | None:
    """A column of ``field`` in a language the game lacks, written like one it misses ('ti'
    for 'it', 'en' typed 'em'): the sheet's translation, its header misspelt."""

    def alike(a: str, b: str) -> bool:
        return len(a) == len(b) and (
            sorted(a) == sorted(b) or sum(x != y for x, y in zip(a, b, strict=True)) <= 1
        )

    return next(
        (
            c
            for c in columns
            if c.field == field and c.lang and c.ignored and any(alike(c.lang, m) for m in missing)
        ),
        None,
    )
