"""Jinja expressions in card fields and layouts ("{{ card.name }}"), evaluated in Jinja's sandbox.

Most expressions are a plain dotted lookup; those are answered directly, because importing Jinja
costs more than drawing a whole deck (see bench/). Anything else goes to the sandboxed Jinja.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from printgen.problems import closest
from printgen.sandbox.alarm import (
    TemplateTimeout,
    budget_spent,
    note_overtime,
    overtime,
    time_limit,
)
from printgen.sandbox.jinja import _RANDOM as RANDOM_REFUSED
from printgen.sandbox.jinja import sandboxed
from printgen.sandbox.sizes import Refused, checked_value
from printgen.startup.deferred import pattern

_LOOKUP = re.compile(r"^\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}$")
_PLAIN_PART = re.compile(r"\{\{|\{%|\{#")
_LITERALS = {"true", "false", "none", "True", "False", "None"}  # Jinja's, not names


class ExpressionError(Exception):
    """An expression that cannot be evaluated; the message says what to fix."""

    def __init__(
        self,
        message: str,
        *,
        undefined: str = "",
        suggests: bool = False,
        of_none: bool = False,
        written: str = "",
    ) -> None:
        super().__init__(message)
        self.undefined = undefined  # the dotted name a plain lookup did not find ("card.cots")
        self.suggests = suggests  # the message names the likely name meant: no other hint
        # Python's words for a value that is None ("… of type 'NoneType'"): a card's empty
        # value, most often, which the designer is told of by its name (see left_out)
        self.of_none = of_none
        # the text itself is wrong, whatever it runs on (no card to name): "syntax" (an operator
        # missing, a bracket left open) or "name" (an unknown filter or test, |random)
        self.written = written


class BudgetSpent(ExpressionError):
    """The build's whole time budget for expressions is spent: said once, not per field."""

    once = ("expression-budget",)


def is_expression(value: object) -> bool:
    return isinstance(value, str) and _PLAIN_PART.search(value) is not None


def evaluate(value: Any, context: dict[str, Any]) -> Any:
    """Evaluate a field value: non-strings and plain strings come back as they are.

    A value that is exactly one lookup ("{{ rank.power }}") keeps its type (a number stays a
    number); anything else renders to a string.
    """
    if not is_expression(value):
        return value
    dotted = _LOOKUPS.get(value, _UNKNOWN)
    if dotted is _UNKNOWN:
        match = _LOOKUP.match(value)
        # none.x is Jinja's null's attribute, not a name 'none' to look up
        plain_name = match and match.group(1).partition(".")[0] not in _LITERALS
        dotted = match.group(1) if match and plain_name else None
        if len(_LOOKUPS) < 4096:  # a game's expressions are its layouts' and fields' few
            _LOOKUPS[value] = dotted
    if dotted is not None:
        try:
            return checked_value(_lookup(dotted, context))
        except Refused as exc:
            raise ExpressionError(f"{exc}; in '{value}'") from None
    return render_template(value, context)


# Each expression's dotted name where it is one plain lookup, else None: matched once, not
# again for each card and field that evaluates it (a 1,000-card build 3,001 → 2,986 million
# instructions)
_LOOKUPS: dict[str, str | None] = {}
_UNKNOWN = ""


_SINGLE = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)


def is_single_expression(value: object) -> bool:
    """Exactly one ``{{ … }}`` and nothing around it: a value with its own type (a check's
    assert: "{{ card.cost }} <= 3" is the text "9 <= 3", which is never false)."""
    if not isinstance(value, str):
        return False
    match = _SINGLE.match(value)
    return match is not None and "}}" not in match.group(1) and "{{" not in match.group(1)


def evaluate_native(source: str, context: dict[str, Any]) -> Any:
    """A value with its own type: "{{ card.cost <= 3 }}" gives True or False, not text.

    A source that is one ``{{ … }}`` is compiled as a Jinja expression; anything else renders
    to text."""
    match = _SINGLE.match(source)
    if match is None or "}}" in match.group(1):
        return render_template(source, context)
    return _guarded(source, lambda: _compiled_expression(match.group(1))(**context), context)


def render_template(source: str, context: dict[str, Any]) -> str:
    return str(_guarded(source, lambda: _compiled(source).render(context), context))


def _guarded(source: str, run: Any, context: dict[str, Any]) -> Any:
    """Run a template or an expression within the time limits; every failure is
    ExpressionError, and what it gives must be a value a card can print."""
    if (said := overtime(source)) is not None:  # ran past its limit on an earlier card
        raise ExpressionError(said)
    try:
        with time_limit(TIME_LIMIT):
            return checked_value(run())
    except (Exception, TemplateTimeout) as exc:  # e.g. "10" + 1: still the designer's input
        failure = _failure(exc, source, context)
        if isinstance(exc, TemplateTimeout) and not isinstance(failure, BudgetSpent):
            note_overtime(source, str(failure))
        raise failure from None


def _failure(exc: BaseException, source: str, context: dict[str, Any]) -> ExpressionError:
    """What a failed template or expression tells the designer (Jinja's errors looked up only
    when one happens: a card field that renders pays for no import statement)."""
    from jinja2 import TemplateError, UndefinedError

    shown = source if len(source) <= 120 else source[:117] + "…"
    if isinstance(exc, TemplateTimeout):
        kind = BudgetSpent if budget_spent() else ExpressionError
        return kind(f"{exc}; simplify the loops in '{shown}'")
    if isinstance(exc, Refused):
        return ExpressionError(f"{exc}; in '{shown}'")
    if isinstance(exc, UndefinedError):
        from printgen.sandbox.python_words import EMPTY, empty_list, of_a_value

        if said := empty_list(exc.message or ""):  # [] | first: no name to check
            return ExpressionError(f"{said}; in '{shown}'")
        if said := of_a_value(exc.message or ""):  # none.x, card.cost.x of a number
            return ExpressionError(f"{said}; in '{shown}'", of_none=said.startswith(EMPTY))
        keys = getattr(exc, "mapping_keys", None)  # the mapping's, set by the sandbox
        said, _, suggests = named_plainly(plain(exc.message or ""), source, context, keys)
        if suggests:
            return ExpressionError(said, suggests=True)
        return ExpressionError(f"{said}; check the name in '{shown}'")
    if isinstance(exc, TemplateError):
        from jinja2 import TemplateAssertionError, TemplateSyntaxError

        from printgen.sandbox.jinja_words import in_plain_words

        said = in_plain_words(_short(exc), source, _environment(), getattr(exc, "lineno", None))
        mistake, _, fix = said.partition("; ")  # "…; did you mean 'length'?" after the text
        written = ""
        if isinstance(exc, TemplateSyntaxError):  # found compiling: whatever it runs on
            # an unknown filter or test, |random refused: a name, not the text's syntax
            named = isinstance(exc, TemplateAssertionError) or str(exc) == RANDOM_REFUSED
            written = "name" if named else "syntax"
        text = f"{mistake} in '{shown}'; {fix}" if fix else f"{said}; in '{shown}'"
        return ExpressionError(text, written=written)
    if isinstance(exc, RecursionError):
        return ExpressionError(f"it nests too deeply; simplify '{shown}'")
    if isinstance(exc, MemoryError):
        return ExpressionError(f"it needs too much memory; simplify '{shown}'")
    if isinstance(exc, TypeError) and str(exc) == "no loader for this environment specified":
        return ExpressionError(  # Jinja's words for {% include %}, import, extends in a text
            f"a card's text cannot include, import or extend other templates; in '{shown}'"
        )
    from printgen.sandbox.python_words import in_words

    said = f"{in_words(exc, _short(exc))}; in '{shown}'"
    # Python's own words for an operation on None (a designer's text holding the word is no
    # such failure: only a TypeError's or AttributeError's message is read)
    of_none = isinstance(exc, TypeError | AttributeError) and "NoneType" in str(exc)
    return ExpressionError(said, of_none=of_none)


_CARD_FIELD = pattern(r"\bcard\.([A-Za-z_]\w*)")  # for what a failure says: compiled if one is


def fields_named(source: str) -> list[str]:
    """The card fields an expression's text names (``card.cost``), each once, in order."""
    return list(dict.fromkeys(_CARD_FIELD.findall(source)))


def left_out(source: str, card: Any, blank: bool = False) -> list[str]:
    """The card's fields ``source`` names that have no value (None): a card that leaves one
    out (an empty cell), or whose value was refused; with ``blank``, an empty text too."""
    if not isinstance(card, dict):
        return []
    named = fields_named(source)
    empty = (None, "") if blank else (None,)
    return [field for field in named if field in card and card[field] in empty]


_NO_ATTRIBUTE = pattern(r"the mapping has no attribute '(\w+)'")


def named_plainly(
    message: str, source: str, context: dict[str, Any], keys: tuple[str, ...] | None = None
) -> tuple[str, str, bool]:
    """Jinja's "the mapping has no attribute 'cots'" in the designer's words: which name lacks
    what, and the closest key it has ("card has no 'cots'; did you mean 'card.cost'?"); with
    the name lacking it ("card", or "" when not found) and whether a name meant is said.
    ``keys`` are the mapping's own, when the error holds them (a loop's card is in no
    context)."""
    found = _NO_ATTRIBUTE.search(message)
    if found is None:
        return _undefined_name(message, context)
    key = found.group(1)
    owner = re.search(rf"\b([A-Za-z_]\w*)\s*\.\s*{re.escape(key)}\b", source)
    value = dict.fromkeys(keys) if keys is not None else context.get(owner[1]) if owner else None
    if not isinstance(value, dict):
        return message, "", False
    name = owner.group(1) if owner else ""
    if name and (hyphened := _hyphened_key(key, name, source, value)):  # data.my-goal: minus
        hint = f"; Jinja reads the hyphen as a minus: write {name}['{hyphened}']"
        return message.replace(found.group(0), f"{name} has no '{key}'{hint}"), name, True
    close = _closest_key(key, value, KEY_CUTOFF)
    meant = f"{name}.{close}" if name else close
    hint = f"; did you mean '{meant}'?" if close else _keys_listed(value)
    lacking = f"{name} has no '{key}'" if name else f"the mapping has no '{key}'"
    return message.replace(found.group(0), f"{lacking}{hint}"), name, bool(close)


# a mapping's own keys are few and the designer's (a generator's axis: key, nom), so a name
# two letters off a short key is still the one meant ('nme' for 'nom', ratio 0.67)
KEY_CUTOFF = 0.6
SHOWN_KEYS = 12  # a mapping of more keys (a card's fields) is not listed whole


def _keys_listed(value: dict[str, Any]) -> str:
    """ " (its keys: key, nom)" when nothing is close: the names the text may write instead."""
    keys = sorted(str(k) for k in value)
    return f" (its keys: {', '.join(keys)})" if 0 < len(keys) <= SHOWN_KEYS else ""


def _hyphened_key(key: str, owner: str, source: str, value: dict[str, Any]) -> str | None:
    """The key with a hyphen the text meant where Jinja read a subtraction ("data.my-goal" is
    data.my minus goal): the longest of the mapping's keys the text writes after the dot."""
    written = re.search(rf"\b{re.escape(owner)}\s*\.\s*({re.escape(key)}(?:-\w+)+)", source)
    if written is None:
        return None
    parts = written.group(1).split("-")
    for end in range(len(parts), 1, -1):
        if (candidate := "-".join(parts[:end])) in value:
            return candidate
    return None


_UNDEFINED = pattern(r"^'(\w+)' is undefined$")


def _undefined_name(message: str, context: dict[str, Any]) -> tuple[str, str, bool]:
    """Jinja's "'siut' is undefined" with the closest name the text sees ("suit", a
    generator's axis), if one is close."""
    from printgen.sandbox.python_words import empty_list

    if said := empty_list(message):  # [] | first: no name to check
        return said, "", True
    found = _UNDEFINED.match(message)
    close = _closest_key(found.group(1), context) if found else None
    if close is None:
        return message, "", False
    if found and close == found.group(1):  # the text has it: a template imported without it
        return (
            f"{message} in a template brought in without the document's names ({{% import %}} "
            "and {% from %} leave them out): add 'with context' to the tag that imports it",
            "",
            True,
        )
    return f"{message}; did you mean '{close}'?", "", True


def _closest_key(name: str, value: Any, cutoff: float = 0.7) -> str | None:
    """The key of a mapping closest to a misspelt one, if any is close."""
    if not isinstance(value, dict):
        return None
    close = closest(name, [str(k) for k in value], cutoff)
    return close[0] if close else None


def _short(exc: BaseException) -> str:
    text = plain(str(exc))
    return text if len(text) <= 200 else text[:197] + "…"


TIME_LIMIT = 2.0  # seconds one template may run: a card or a page never needs more


def plain(message: str) -> str:
    """Jinja's messages name Python types; a designer wrote a mapping."""
    return re.sub(r"'(?:[\w.]+\.)?(LDict|dict|LList|list) object'", "the mapping", message)


@cache
def _environment() -> Any:
    return sandboxed()


def sandbox_ready() -> None:
    """Import Jinja and make the sandbox now (a parent process, before its workers fork)."""
    _environment()


def _compiled(source: str) -> Any:
    return _templates()(source)


@cache
def _templates() -> Any:
    from printgen.sandbox.template_code import Memo

    return Memo(_environment(), 4096)


def _compiled_expression(source: str) -> Any:
    return _expressions()(source)


@cache
def _expressions() -> Any:
    from printgen.sandbox.template_code import Memo

    return Memo(_environment(), 1024, expressions=True)


def _lookup(dotted: str, context: dict[str, Any]) -> Any:
    value: Any = context
    walked: list[str] = []
    for part in dotted.split("."):
        walked.append(part)
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif not isinstance(value, dict) and not part.startswith("_") and hasattr(value, part):
            value = getattr(value, part)
        elif value is None:  # card.cost.x of a card without a cost: no name to check
            said = f"an empty value (none) has no '{part}' to look up"  # as Jinja's is said
            raise ExpressionError(f"{said}; in '{{{{ {dotted} }}}}'", of_none=True)
        else:
            said = ".".join(walked)
            close = _closest_key(part, value)
            if close is not None:
                meant = ".".join([*walked[:-1], close])
                raise ExpressionError(
                    f"'{said}' is undefined; did you mean '{meant}'?", undefined=said, suggests=True
                )
            raise ExpressionError(
                f"'{said}' is undefined; check the name in '{{{{ {dotted} }}}}'", undefined=said
            )
    return value
