"""An element's properties in one card's context: evaluated, typed, and checked."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from printgen.limits import MAX_STROKE_PT
from printgen.model.units import Ambiguous, decimal, exact, parse_length, points_of, unit_hint
from printgen.problems import Where
from printgen.sandbox import expressions as expr
from printgen.sandbox import numbers
from printgen.sandbox.sizes import Refused
from printgen.source.layouts import Element, Layout
from printgen.source.number_words import as_written

if TYPE_CHECKING:
    from printgen.layout.evaluate import LayoutContext
    from printgen.model.game import Deck


class Props:
    """An element's properties in one card's context: evaluated, typed, and every bad value
    reported once at the line that sets it (a style's line when the style sets it)."""

    def __init__(
        self,
        ctx: LayoutContext,
        layout: Layout,
        element: Element,
        variables: dict[str, Any],
        results: dict[str, Any],
        style: dict[str, Any] | None = None,
        style_where: Where | None = None,
        back_of: Deck | None = None,
        card_where: Where | None = None,
    ) -> None:
        self.ctx, self.layout, self.element, self.variables = ctx, layout, element, variables
        self.back_of = back_of  # the deck whose back this face is (its fields: are the back's)
        self.card_where = card_where  # the card's own line (its row, in a spreadsheet)
        self.results = results  # expression -> value, shared by the elements of one face
        self.style = style or {}
        self.style_where = style_where
        self.style_key_where: dict[str, Where] = {}  # each of the style's keys
        self.style_name = ""
        self.reported = 0  # bad values found (each said once, but counted every time)

    def where(self, key: str) -> Where:
        if key in self.element.where:
            return self.element.where[key]
        if key in self.style and self.style_where is not None:
            return self.style_key_where.get(key, self.style_where)
        return self.element.origin

    def report(self, key: str, message: str) -> None:
        self.reported += 1
        if key not in self.element.where and key in self.style:
            # a style's mistake, shared by every layout that inherits it: say it once
            owner, which = f"style '{self.style_name}'", f"style {self.style_name}"
        else:
            owner = f"layout '{self.layout.name}' element '{self.element.name}'"
            which = self.element.name  # a packaged layout's elements share their one place
        where = self.where(key)
        self.ctx.report(where, f"{owner} {key}: {message}", once=("prop", str(where), which, key))

    def printed(self, key: str) -> Any:
        """A text for players (a text's ``text:``, an icon's ``label:``): a number in it, or
        the number it is, as the card's language writes it (1,5)."""
        raw = self.element.props.get(key, self.style.get(key))
        if type(raw) is str and "{" not in raw:  # a plain text, most often: no number to write
            return raw
        mark = self.ctx.resolved.mark
        with numbers.printing(mark, self.ctx.lang):
            value = self.value(key, printed=True)
            if isinstance(value, list | tuple | dict):  # one lookup keeps its type: [1.5, 2]
                # (a translation was picked when the values were localized: a mapping left is
                # none of this language)
                from printgen.sandbox.printing import printed_as_python

                self.report(key, f"{printed_as_python(value)}{self.first_card()}")
                return None
            if type(value) is not float:
                return value
            try:
                return numbers.printed(value)
            except Refused as exc:  # the language's labels give no decimal mark
                self.report(key, str(exc) + self.first_card())
                return None

    def value(self, key: str, default: Any = None, printed: bool = False) -> Any:
        raw = self.element.props.get(key, self.style.get(key, default))
        if not isinstance(raw, str) or raw in _PLAIN:  # most properties are constants
            return raw
        if not expr.is_expression(raw):
            if len(_PLAIN) < _PLAIN_MAX:
                _PLAIN.add(raw)
            return raw
        # a face's elements often repeat an expression (one colour for a box, its icon and its
        # number): with the same variables it gives the same value, so it runs once a face —
        # once as a value (a position) and once as a text printed in its language
        slot = f"\0{raw}" if printed else raw  # (no YAML text a designer writes starts so)
        if slot in self.results:
            return self.results[slot]
        try:
            value = self.results[slot] = expr.evaluate(raw, self.variables)
        except expr.BudgetSpent as exc:
            self.ctx.report(self.where(key), f"{self.element.name} {key}: {exc}", once=exc.once)
            self.reported += 1  # a value not worked out: no box to check ("at 0 mm …")
            return None
        except expr.ExpressionError as exc:  # reported at each property that uses it
            if self.ctx.quiet:  # the card's own field failed, and was said: this follows from it
                return None
            if self._back_field_missing(exc):
                return None
            empty = expr.left_out(raw, self.variables.get("card")) if exc.of_none else []
            if empty:
                self.report(key, self._without(key, empty, exc))
            else:
                self.report(key, str(exc) + self._field_hint(exc) + self.first_card())
            return None
        return value

    def _without(self, key: str, empty: list[str], exc: expr.ExpressionError) -> str:
        """An expression that fails on a card's empty value (a number cell left empty, which a
        deck allows): said as a design check says it, naming the card and the value."""
        card = self.variables.get("card")
        name = card.get("id") if isinstance(card, dict) else None
        first = empty[0]
        whose = f"card '{name}'" if name else "the card"
        place = f" ({self.card_where}, the first card without one)" if self.card_where else ""
        return (
            f"{whose} has no {' and '.join(empty)}{place}, so its {key} cannot be worked out "
            f"({exc}); give the card a {first}, or let the {key} allow none, e.g. "
            f"(card.{first} or 0)"
        )

    def first_card(self) -> str:
        """Which card failed first (said once for the element, whichever cards fail too): a
        layout shared by decks, or a spreadsheet's row, is otherwise a search."""
        card = self.variables.get("card")
        name = card.get("id") if isinstance(card, dict) else None
        if not name or self.card_where is None:
            return ""
        return f" (first on card '{name}', {self.card_where})"

    def source(self, key: str) -> Any:
        """The property as written (its expression, not its value on this card)."""
        return self.element.props.get(key, self.style.get(key))

    def computed(self, key: str) -> bool:
        """Whether the property is an expression: its value may differ from card to card."""
        return expr.is_expression(self.source(key))

    def _back_field_missing(self, exc: expr.ExpressionError) -> bool:
        """A back's layout printing a field the deck's back: fields: does not give (often a
        misspelt key there): said at the deck's back:, with the closest key it gives."""
        name = _card_field(exc)
        deck = self.back_of
        if not name or deck is None:
            return False
        import difflib

        given = [str(key) for key in deck.back_fields]
        whose, where = f"deck '{deck.id}'", deck.back_where
        card = self.ctx.back_card  # a card's own back: said at its back:, which it may give
        if card is not None and card.back is not None:
            given += [str(key) for key in card.back.fields if key not in given]
            whose, where = f"card '{card.id}'", card.back.where
        close = difflib.get_close_matches(name, given, 1, 0.7)
        fix = (
            f"it gives '{close[0]}': rename that '{name}'"
            if close
            else f"add '{name}' there (it gives {', '.join(given) or 'none'})"
        )
        self.ctx.report(
            where,
            f"the back of {whose}: layout '{self.layout.name}' element "
            f"'{self.element.name}' prints card.{name}, which the back's fields: do not give; "
            f"{fix}, or leave the element out with {self._leave_out()}",
            once=("back-field", str(where), name),
        )
        return True

    def _leave_out(self) -> str:
        if self.layout.packaged:  # printgen's own file: the designer's layout extends it
            return (
                f"'{self.element.name}: {{when: false}}' under the elements of a layout of "
                f"your own that says 'extends: {self.layout.name}'"
            )
        return f"'{self.element.name}: {{when: false}}' under the layout's elements"

    def _field_hint(self, exc: expr.ExpressionError) -> str:
        """A layout (often printgen's card-base) printing a field the deck never declared."""
        name = _card_field(exc)
        card = self.variables.get("card")
        if not name or not isinstance(card, dict) or name in card:
            return ""
        if exc.suggests:  # a misspelt field the deck has: that is the fix
            return ""
        if name.startswith("_"):  # no field may be named so (card.__class__): never to declare
            return "; a field's name starts with a letter"
        leave_out = self._leave_out()
        return (
            f"; the layout prints card.{name}: declare '{name}' under the deck's "
            "fields: (a card that leaves it out prints nothing there), or leave the element "
            f"out with {leave_out}"
        )

    def number(
        self,
        key: str,
        default: float,
        minimum: float = 0.0,
        maximum: float = 1000.0,
        points: bool = False,
    ) -> float:
        """A finite number in [minimum, maximum]; the maximum is a named limit. ``points``: a
        size in points, which may be written with its unit as the lengths are ("9pt", or
        "0.125in" for 9) — "size: 14pt" was refused as no number. Any may be written with a
        decimal comma ("leading: 1,2")."""
        raw = self.value(key, default)
        try:
            if isinstance(raw, bool):  # `leading: true` is no 1
                raise TypeError
            if isinstance(raw, str):
                raw = points_of(raw) if points else decimal(raw)
            number = float(default if raw is None else raw)
        except Ambiguous as exc:  # '1,000': a thousand, or 1.0
            self.report(key, str(exc))
            return default
        except (TypeError, ValueError, OverflowError):
            shown = as_written(raw) if len(repr(raw)) <= 40 else "that"
            unit = " (of points: 9 or 9pt)" if points else ""
            hint = unit_hint(raw, points=True) if points and isinstance(raw, str) else ""
            self.report(key, f"expected a number{unit}, not {shown}{hint}")
            return default
        if not math.isfinite(number):
            self.report(key, f"must be a finite number, not {number}")
            return default
        if number < minimum:
            self.report(key, f"must be at least {minimum:g}, not {exact(number)}")
            return default
        if number > maximum:
            self.report(key, f"must be at most {maximum:g} (the limit), not {exact(number)}")
            return default
        return number

    def length(self, key: str, default: float, minimum: float | None = None) -> float:
        raw = self.value(key, default)
        try:
            value = _length(default if raw is None else raw)
        except ValueError as exc:
            self.report(key, str(exc))
            return default
        if raw is not None and key in self.element.stretched:  # an expression's, resized
            a, b = self.element.stretched[key]
            value = a * value + b
        if minimum is not None and value < minimum:
            self.report(key, f"must be at least {minimum:g} mm, not {exact(value)}")
            return default
        return value

    def color(self, key: str, default: str | None = None) -> str | None:
        raw = self.value(key, default)
        if raw is None or raw is False or raw in ("", "none"):  # never 0 (000000 unquoted)
            return None
        if isinstance(raw, str) and _COLOR.match(raw):
            return raw
        from printgen.model.colour_names import colour_hint  # only for this mistake

        hint = colour_hint(raw, quoted=not self.computed(key))  # an expression's: no quotes
        said = as_written(raw)
        self.report(key, f'expected a colour like "#a83232" (or none), not {said}{hint}')
        return default

    def choice(self, key: str, options: tuple[str, ...], default: str) -> str:
        raw = self.value(key, default)
        if raw in options:
            return str(raw)
        self.report(key, f"must be one of {', '.join(options)}, not {as_written(raw)}")
        return default

    def flag(self, key: str) -> bool:
        raw = self.value(key, False)
        if isinstance(raw, bool) or raw is None:
            return bool(raw)
        if isinstance(raw, str) and raw.strip().lower() in _FLAGS:
            return _FLAGS[raw.strip().lower()]
        self.report(key, f"must be true or false, not {as_written(raw)}")
        return False

    def dash(self, key: str) -> tuple[float, ...]:
        raw = self.value(key)
        if raw in (None, "", False):
            return ()
        items = raw if isinstance(raw, list) else [raw]
        if len(items) > _MOST_DASHES:  # each may be in range: the count is what is wrong
            self.report(
                key,
                f"expected at most {_MOST_DASHES} dash lengths (a pattern repeats along the "
                f"line: [3, 2] is dash, gap), not {len(items):,}; keep the one cycle",
            )
            return ()
        try:
            pattern = tuple(number_of(item) for item in items)
        except Ambiguous as exc:  # ["1,000", 2]: a thousand, or 1.0
            self.report(key, str(exc))
            return ()
        except (TypeError, ValueError, OverflowError):
            pattern = ()
        if not pattern or any(not 0.1 <= v <= MAX_STROKE_PT * 10 for v in pattern):
            self.report(
                key,
                f"expected dash lengths in points such as [3, 2], each from 0.1 (finer "
                f"prints as a solid line, and a PDF viewer stalls drawing it) to "
                f"{MAX_STROKE_PT * 10:g}, not {as_written(raw)}",
            )
            return ()
        return pattern


_MOST_DASHES = 16  # lengths of one dash pattern: dash, gap, dash, gap … of one cycle

# Layout strings that are not expressions (a layout has a few hundred): known plain, they skip
# the expression check each card would otherwise repeat for each of its elements' properties.
_PLAIN: set[str] = set()
_PLAIN_MAX = 100_000


@lru_cache(maxsize=4096)
def _parsed_length(raw: str | int | float) -> float:
    return parse_length(raw)


def _length(raw: Any) -> float:
    """``parse_length``, remembered for the few lengths a layout writes (a bad one raises)."""
    if isinstance(raw, (str, int, float)) and not isinstance(raw, bool):
        return _parsed_length(raw)
    return parse_length(raw)


_COLOR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_FLAGS = {"true": True, "yes": True, "false": False, "no": False, "": False, "none": False}


def number_of(raw: Any) -> float:
    """``float`` of a layout's number, which may be written with a decimal comma ("1,5")."""
    return float(decimal(raw) if isinstance(raw, str) else raw)


def truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in ("", "false", "no", "none", "0")
    return bool(value)


def _card_field(exc: expr.ExpressionError) -> str:
    """The card field a plain lookup did not find ("cots" of card.cots), else ""."""
    owner, _, field = exc.undefined.partition(".")
    return field if owner == "card" and field.isidentifier() else ""
