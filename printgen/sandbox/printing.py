"""What a template prints for players: data only — a number as its language writes it, never a
list or mapping as Python writes it ({'a': 1}), nothing for a value a card leaves out — whether
``{{ }}`` prints it, ``~`` joins it into a text, or a filter (``|string``), ``%`` or
``str.format`` turns it into one (printgen.sandbox.jinja's environment)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from printgen.sandbox.numbers import for_players, printed
from printgen.sandbox.sizes import PERCENT, Refused, checked_join, checked_value, made

_SCALARS = frozenset({str, int, float, bool, type(None)})


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


def refuse_written(value: Any) -> None:
    """A value a filter (``|string``, ``|upper``), ``%`` or ``str.format`` turns into a text:
    a list or mapping (its keys, a range) would read there as Python writes it, as surely as
    ``{{ card }}`` alone — a text in several languages too, as no language is picked there."""
    if type(value) in _SCALARS:  # nearly every value: a text or a number
        return
    from jinja2 import Undefined

    if isinstance(value, Undefined):  # a misspelt name ({{ data.goall | upper }}): Jinja's
        # StrictUndefined is a Collection too; made a text, it says its own error, naming the
        # name — as |pprint, which writes its repr, never would ("Undefined" on the card)
        str(value)
        return
    if isinstance(value, Collection) and not isinstance(value, (str, bytes)):
        if made.folding:  # a template's code serves texts for players and others alike
            raise Refused("left to run time")
        if for_players():  # a check's message is the designer's: Python's writing may stay
            raise Refused(printed_as_python(value))


def refuse_percent(form: str, values: Any) -> None:
    """``form % values`` (and |format): the values its conversions print, a mapping whole
    where a conversion names none of its keys ('%s' % card)."""
    if isinstance(values, tuple):
        for value in values:
            refuse_written(value)
    elif isinstance(values, dict):
        for key, _, kind in (found.groups() for found in PERCENT.finditer(form)):
            if key:
                refuse_written(values.get(key[1:-1]))
            elif kind != "%":
                refuse_written(values)
    else:
        refuse_written(values)


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
