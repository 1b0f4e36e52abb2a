"""Jinja expressions in card fields and layouts ("{{ card.name }}"), evaluated in Jinja's sandbox.

Most expressions are a plain dotted lookup; those are answered directly, because importing Jinja
costs more than drawing a whole deck (see bench/). Anything else goes to the sandboxed Jinja.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

_LOOKUP = re.compile(r"^\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}$")
_PLAIN_PART = re.compile(r"\{\{|\{%|\{#")


class ExpressionError(Exception):
    """An expression that cannot be evaluated; the message says what to fix."""


def is_expression(value: object) -> bool:
    return isinstance(value, str) and _PLAIN_PART.search(value) is not None


def evaluate(value: Any, context: dict[str, Any]) -> Any:
    """Evaluate a field value: non-strings and plain strings come back as they are.

    A value that is exactly one lookup ("{{ rank.power }}") keeps its type (a number stays a
    number); anything else renders to a string.
    """
    if not is_expression(value):
        return value
    match = _LOOKUP.match(value)
    if match:
        return _lookup(match.group(1), context)
    return render_template(value, context)


def render_template(source: str, context: dict[str, Any]) -> str:
    from jinja2 import TemplateError, UndefinedError

    try:
        return str(_compiled(source).render(context))
    except UndefinedError as exc:
        raise ExpressionError(f"{exc.message}; check the name in '{source}'") from None
    except TemplateError as exc:
        raise ExpressionError(f"{exc}; in '{source}'") from None
    except Exception as exc:  # e.g. "10" + 1 inside the expression: still the designer's input
        raise ExpressionError(f"{type(exc).__name__}: {exc}; in '{source}'") from None


@cache
def _environment() -> Any:
    from jinja2 import StrictUndefined
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    return ImmutableSandboxedEnvironment(undefined=StrictUndefined, autoescape=False)


@lru_cache(maxsize=4096)
def _compiled(source: str) -> Any:
    return _environment().from_string(source)


def _lookup(dotted: str, context: dict[str, Any]) -> Any:
    value: Any = context
    walked: list[str] = []
    for part in dotted.split("."):
        walked.append(part)
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif not isinstance(value, dict) and not part.startswith("_") and hasattr(value, part):
            value = getattr(value, part)
        else:
            raise ExpressionError(
                f"'{'.'.join(walked)}' is undefined; check the name in '{{{{ {dotted} }}}}'"
            )
    return value
