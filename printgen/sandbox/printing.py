"""What a template prints for players: data only — a number as its language writes it, never a
list or mapping as Python writes it ({'a': 1}), nothing for a value a card leaves out — whether
``{{ }}`` prints it or ``~`` joins it into a text (printgen.sandbox.jinja's environment)."""

from __future__ import annotations

from typing import Any

from printgen.sandbox.numbers import for_players, printed
from printgen.sandbox.sizes import Refused, checked_join, checked_value, made


def joined(pieces: Any) -> str:
    """``a ~ b``: as ``{{ }}`` prints each piece — a list or mapping joined into a text for
    players would print as Python writes it, as surely as ``{{ data }}`` alone (a text in
    several languages too: joined, it is no longer said where it is used)."""
    pieces = tuple(pieces)
    for piece in pieces:
        if isinstance(piece, (list, tuple, set, frozenset, dict)):
            if made.folding:
                raise Refused("left to run time")
            if for_players():
                raise Refused(printed_as_python(piece))
    return checked_join(pieces)


def printable(value: Any) -> Any:
    """What ``{{ … }}`` prints: data only (Jinja's finalize hook). A field a card leaves out
    is None, and prints nothing, as it does where it is the whole text — never "None"."""
    from jinja2 import Undefined

    if value is None:
        return ""
    if isinstance(value, Undefined):
        return value
    if isinstance(value, (list, tuple, set, frozenset, dict)) and not translated_text(value):
        if made.folding:  # a template's code serves texts for players and others alike
            raise Refused("left to run time")
        if for_players():  # never Python's [1.5, 2] on a card or a page (a check's message may)
            checked_value(value, text=True)  # one too long to print is said as that
            raise Refused(printed_as_python(value))
    if type(value) is float:  # in a text for players, as its language writes it (1,5)
        if made.folding:  # never at compile time: a template's code serves every language
            raise Refused("left to run time")
        return printed(checked_value(value))
    return checked_value(value, text=True)


def translated_text(value: object) -> bool:
    """A text in several languages ({en: Cups, it: Coppe}): said where it is used, which knows
    whether one language's text was meant (an id's is the same in every language)."""
    from printgen.model.game import is_language_code

    return isinstance(value, dict) and bool(value) and all(map(is_language_code, value))


def printed_as_python(value: Any) -> str:
    """Why a list or mapping is not printed: a player would read it as Python writes it."""
    if isinstance(value, dict):
        key = next((str(k) for k in value), "name")
        return (
            "it prints a mapping as Python writes it ({'…': …}); print one of its values, "
            f"e.g. {{{{ ….{key} }}}}"
        )
    return (
        "it prints a list as Python writes it ([…, …]); print its items, e.g. "
        "{{ … | join(', ') }}, or one of them, {{ …[0] }}"
    )
