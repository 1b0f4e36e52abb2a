"""What is wrong with a value YAML read as no text where a number (or another kind) is wanted,
in a designer's words: "not None", "not True" and "not {'en': 0, 'it': 1}" were Python's."""

from __future__ import annotations

from typing import Any

from printgen.model.game import is_language_code


def yes_no(value: bool) -> str:
    """A yes/no value as YAML writes it (the designer may have written yes or on: YAML's
    own word for it is what the message can say)."""
    return f"a yes/no value ({'true' if value else 'false'})"


def number_refused(what: str, value: Any, kind: str, *, field: bool = True) -> str | None:
    """The message for ``value`` of ``what`` that is no number of ``kind`` ('integer' or
    'number'), when YAML read it as no text (a text's own mistakes are the caller's to word):
    None otherwise. ``field``: a card's field, where a text may be written per language."""
    wanted = "a whole number" if kind == "integer" else "a number"
    if value is None:  # `cost:` left empty
        return f"{what} is empty; write {wanted}"
    if isinstance(value, dict) and value and all(is_language_code(key) for key in value):
        translated = "only a text field is" if field else "only a text is"
        return f"{what} is a mapping of languages: {translated} translated; write one number"
    tail = ""
    if isinstance(value, bool):
        shown = yes_no(value)
    elif isinstance(value, float):  # 1.5 where a whole number is wanted: itself says it
        shown = repr(value)
        if value.is_integer() and abs(value) < 10**15:  # 2.0: the whole number it is
            tail = f"; write {int(value)}"
    elif isinstance(value, dict):
        shown = "a mapping"
    elif isinstance(value, list):
        shown = "a list"
    else:
        return None
    return f"{what} must be {wanted}, not {shown}{tail}"


def as_written(value: Any) -> str:
    """A value a message quotes after "not": a text in quotes, yes/no and numbers as YAML
    writes them, an empty value, a list or a mapping said so."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return yes_no(value)
    if isinstance(value, int | float):
        return str(value)
    if value is None:
        return "an empty value"
    if isinstance(value, dict):
        return "a mapping"
    return "a list" if value else "an empty list"
