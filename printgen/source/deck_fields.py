"""A deck's fields: the types its ``fields:`` declares, and a card's value checked against
its field's type (a colour, an icon, a number…) — for a card written in YAML, a spreadsheet's
cell and the game's own values alike.

Kept apart from decks.py, which reads a deck's cards.
"""

from __future__ import annotations

import re
from typing import Any

from printgen.problems import Where
from printgen.sandbox import expressions as expr
from printgen.source.control_chars import without_controls
from printgen.source.located_yaml import LDict
from printgen.source.readers import Checker, kind_of

CARD_KEYS = {"id", "count", "layout"}  # every card's own keys: no field may take their names
FIELD_TYPES = ("text", "string", "number", "integer", "color", "icon", "any")
COLOR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def declared_fields(checker: Checker, node: LDict, what: str) -> dict[str, str] | None:
    """The declared fields by type (None when fields: is no mapping); a field of an unknown
    type is taken as `any`, said once here rather than at every card that gives it."""
    fields = node.get("fields", LDict())
    if "fields" in node and checker.mapping(fields, node.at("fields"), f"{what} fields") is None:
        return None
    types: dict[str, str] = {}
    for name, kind in fields.items():
        if name in CARD_KEYS:
            checker.error(fields.key_at(name), f"field name '{name}' is reserved; choose another")
        elif not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
            checker.error(  # card.NAME in a layout, NAME.en a spreadsheet column
                fields.key_at(name),
                f"field name {str(name)!r} cannot be used as card.NAME: start it with a letter, "
                "then letters, digits or _",
            )
            types[str(name)] = "any"  # (its cards' values are no "unknown key" besides)
        elif hasattr(dict, name):  # card.items is the mapping's own method, not the field
            checker.error(
                fields.key_at(name),
                f"field name '{name}' cannot be used as card.{name}, which names what every "
                "card has already; choose another",
            )
            types[name] = "any"
        elif kind not in FIELD_TYPES:
            checker.error(
                fields.at(name),
                f"field '{name}' has unknown type {kind!r}; use one of {', '.join(FIELD_TYPES)}",
            )
            types[name] = "any"
        else:
            types[name] = str(kind)
    return types


def check_field(
    checker: Checker, value: Any, where: Where, kind: str, what: str, *, cell: bool = False
) -> Any:
    """A field's value as written, its problems said against ``kind`` (a text's without its
    control characters); ``cell``: a spreadsheet's, which is written without YAML's quotes."""
    if expr.is_expression(value):
        return value  # checked when laid out, once its variables are known
    if kind == "text":
        return without_controls(checker, checker.text(value, where, what), where, what)
    if kind == "string" and not isinstance(value, str):
        checker.error(where, f"{what} must be a text")
    elif kind in ("number", "integer") and (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (kind == "integer" and not isinstance(value, int))
    ):
        from printgen.source.cells import deck_number  # with decimal: only for this mistake

        checker.error(where, deck_number(what, value, kind))  # 4,5 1,000 1e3: texts to YAML
    elif kind == "color" and value is None:  # `color: #8a5a00`: YAML read a comment
        checker.error(
            where,
            f"{what} is empty: YAML reads an unquoted #… as a comment; write the colour in "
            'quotes, like "#a83232"',
        )
    elif kind == "color" and not (isinstance(value, str) and COLOR.match(value)):
        from printgen.model.colour_names import colour_hint  # only for this mistake

        hint = _hash_hint(value, cell) or colour_hint(value, quoted=not cell)
        shown = repr(value) if isinstance(value, str) else kind_of(value)  # not True, not 5
        checker.error(where, f'{what} must be a colour like "#a83232", not {shown}{hint}')
    elif kind == "icon":
        from printgen.icons import builtin_library

        icons = checker.icons or builtin_library()
        named = isinstance(value, str) and (icons.has(value) or icons.refused(value))
        if not named:  # (a refused icon is said at its file or folder)
            checker.error(where, f"{what}: {icons.unknown_message(str(value))}")
    return value


_HEX = re.compile(r"^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def _hash_hint(value: Any, cell: bool) -> str:
    """A colour written without its '#' (`1f5f8b`, as a colour picker copies it; `112233`,
    which YAML reads as a number): the colour meant. In a deck file it goes in quotes, where
    an unquoted '#' begins a comment."""
    digits = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    if not _HEX.match(digits) or (isinstance(value, int) and len(digits) != 6):
        return ""  # a number of 3 digits may have been 4 (0123): no colour to name for it
    if cell:
        return f"; add the '#': '#{digits}'"
    return f"; add the '#', in quotes (YAML reads an unquoted # as a comment): \"#{digits}\""


def undeclared_fields(checker: Checker, node: LDict, what: str) -> bool:
    """A deck with no ``fields:`` whose cards give fields all the same: one error at its
    ``cards:`` naming them, with a ``fields:`` to write (each card's each key was an "unknown
    key" of its own); whether it was said."""
    cards = node.get("cards")
    if "fields" in node or not isinstance(cards, list):
        return False
    given: dict[str, str] = {}
    for card in cards:
        if not isinstance(card, dict):
            continue
        for key, value in card.items():
            if isinstance(key, str) and key not in CARD_KEYS and key != "back":
                given.setdefault(key, _kind_of_value(value))
    if not given:
        return False
    written = ", ".join(f"{key}: {kind}" for key, kind in list(given.items())[:8])
    more = ", …" if len(given) > 8 else ""
    checker.error(
        node.key_at("cards"),
        f"{what} declares no fields, yet its cards give {len(given)}: declare them with their "
        f"types, e.g. fields: {{{written}{more}}}",
    )
    return True


def _kind_of_value(value: Any) -> str:
    """The field type a card's value suggests: the deck's fields: to write."""
    if isinstance(value, bool) or value is None:
        return "any"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str) and COLOR.match(value):
        return "color"
    return "text"  # a text, or one per language
