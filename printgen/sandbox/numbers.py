"""Numbers as a language prints them: what ``{{ … }}`` (and ``~``) prints in a text for players
— a card's text field, a layout's text or label, the rulebook and the aids — is written with
that language's decimal mark, the label ``decimal_mark`` (``1,5`` where players read a comma).

Only those texts: an expression whose text becomes a value (a position, a number field, an id,
a check's message for the designer) prints its numbers as Python does, so "26.5" still reads
as a number. No language is known here; the caller says which mark, from the labels.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass

DECIMAL_MARK = "decimal_mark"  # the label that gives a language's mark
TINY = 1e-12  # nearer 0 than this, a number printed is 0
DIGITS = 6  # significant digits printed, as printf's %g: 0.1 + 0.2 is 0.3, 100 / 3 is 33.3333


@dataclass(frozen=True)
class Printing:
    """A text for players under way: its language and that language's mark (None: its labels
    give none, said when a number with decimals is printed)."""

    mark: str | None
    lang: str


_now: ContextVar[Printing | None] = ContextVar("printing", default=None)
_styles: dict[tuple[str | None, str], Printing] = {}


def printing(mark: str | None, lang: str) -> _Printing:
    """Numbers printed meanwhile (in this thread) are written in ``lang``'s way."""
    style = _styles.get((mark, lang))
    if style is None:
        style = _styles.setdefault((mark, lang), Printing(mark, lang))
    return _Printing(style)


class _Printing:
    """``printing``'s context: a class, not a generator — it is entered for every text field of
    every card, where a generator's context cost 3 % of a 1,000-card build."""

    __slots__ = ("_style", "_token")

    def __init__(self, style: Printing) -> None:
        self._style = style

    def __enter__(self) -> None:
        self._token = _now.set(self._style)

    def __exit__(self, *exc: object) -> None:
        _now.reset(self._token)


def for_players() -> bool:
    """Whether a text for players is under way (a card's text, a layout's, the prose), not a
    value or a message for the designer."""
    return _now.get() is not None


def printed(value: float) -> str:
    """A float as the text under way prints it: whole (2.0) as 2, noise (0.30000000000000004)
    rounded away, with the language's mark; outside such a text, as Python writes it."""
    now = _now.get()
    if now is None:
        return str(value)
    text = number_text(value, now.mark or ".")
    if now.mark is None and "." in text:
        from printgen.sandbox.sizes import Refused  # (sizes joins texts with printed())

        raise Refused(
            f"it prints {text}, a number with decimals, and the labels give no decimal mark "
            f'for \'{now.lang}\'; add {DECIMAL_MARK}: {{{now.lang}: ","}} (or ".") to '
            "templates/labels.yaml"
        )
    return text


def number_text(value: float, mark: str) -> str:
    """``value`` with ``mark`` between its whole part and its decimals, to DIGITS significant
    digits (as many as its whole part has, if more: 1234567.5 is 1234568), without trailing
    zeros nor an exponent (0.000015, never 1.5e-05)."""
    if value.is_integer():
        return str(int(value))
    if abs(value) < TINY:  # 0.1 + 0.2 - 0.3, noise: never 0.0000000000000000555
        return "0"
    from decimal import Decimal  # (only for a number that is not whole)

    digits = max(DIGITS, len(str(int(abs(value)))))
    text = format(Decimal(f"{value:.{digits}g}"), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", mark)
