"""``str.format`` and ``str.format_map`` in a template, as Jinja's sandbox runs them (a field's
attributes and items looked up through the sandbox), but a field that would print a list or
mapping as Python writes it (``'{}'.format(card)``) refused as ``{{ card }}`` is; a field of one
of its values (``'{name}'.format_map(card)``) prints as ever. Imported when a template first
reads a text's ``format``: no bundled template does."""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from typing import Any

from jinja2.sandbox import SandboxedEscapeFormatter, SandboxedFormatter
from markupsafe import Markup

from printgen.sandbox.printing import refuse_written


class _Formatter(SandboxedFormatter):
    def convert_field(self, value: Any, conversion: str | None) -> Any:
        refuse_written(value)  # before !r or !s makes it a text
        return super().convert_field(value, conversion)


class _EscapeFormatter(_Formatter, SandboxedEscapeFormatter):
    """A safe text's format (``('{}' | safe).format(…)``) escapes what it prints."""


def checked_format(env: Any, method: Any) -> Callable[..., str]:
    """What Jinja's ``wrap_str_format`` gives for ``method``, a text's ``format`` or
    ``format_map``, with this module's formatter."""
    text = method.__self__
    formatter = _EscapeFormatter(env, escape=text.escape) if isinstance(text, Markup) else None
    vformat = (formatter or _Formatter(env)).vformat
    mapping = method.__name__ == "format_map"

    def wrapper(*args: Any, **kwargs: Any) -> str:
        if mapping and (kwargs or len(args) != 1):  # as str.format_map says a wrong call
            raise TypeError(f"format_map() takes exactly one argument ({len(args)} given)")
        made: str = type(text)(
            vformat(text, (), args[0]) if mapping else vformat(text, args, kwargs)
        )
        return made  # a safe text's stays safe

    return update_wrapper(wrapper, method)
