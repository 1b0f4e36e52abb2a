"""Values of a layout file checked as it is read: a failed file's styles, read for their
colours (the cards are never laid out with those layouts, where each value is checked, so a
colour written wrong would wait for a second run), a ``when:`` written as a word, a text
written as a list or mapping, a position or size left empty, and a type printgen has not."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printgen.problems import closest
from printgen.source.located_yaml import LDict
from printgen.source.readers import Checker, kind_of
from printgen.startup.deferred import pattern


def style_colours(checker: Checker, raw: dict[str, LDict]) -> None:
    """Each colour a layout's styles write as a constant that is no colour, said as the cards'
    lay-out would say it."""
    for body in raw.values():
        styles = body.get("styles")
        if not isinstance(styles, LDict):
            continue
        for name, style in styles.items():
            value = style.get("color") if isinstance(style, LDict) else None
            if not isinstance(value, str) or value in ("", "none") or "{" in value:
                continue
            if not _COLOUR.match(value):
                checker.error(
                    style.at("color"),
                    f"style '{name}' color: expected a colour like \"#a83232\" (or none), not "
                    f"{value!r}{_colour_hint(value)}",
                )


_COLOUR = pattern(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")  # as printgen/layout/props.py reads
_HEX = pattern(r"^#[0-9a-fA-F]*$")


def layout_defaults(checker: Checker, written: LDict | None, name: str) -> dict[str, Any]:
    """``defaults:``: a field's value on the cards of a deck that does not declare it — one
    text, number or colour, the same on every such card. A colour written wrong ("#1f4e7") is
    said at its own line, not at each element that paints with it (card-base's frame, band,
    disc … all at the extends: line), and its parent's default stands."""
    found: dict[str, Any] = {}
    if written is None:
        return found
    for field_name, value in written.items():
        said = f"layout '{name}' default of '{field_name}'"
        if isinstance(value, (dict, list)) or value is None:
            wrong = "nothing" if value is None else "a list or mapping"
            checker.error(
                written.at(field_name), f"{said}: one text, number or colour, not {wrong}"
            )
        elif isinstance(value, str) and _HEX.match(value) and not _COLOUR.match(value):
            like = 'expected a colour like "#a83232"'
            hint = _colour_hint(value)
            checker.error(written.at(field_name), f"{said}: {like}, not {value!r}{hint}")
        else:
            found[str(field_name)] = value
    return found


WHEN_WORDS = ("true", "yes", "1", "false", "no", "none", "0", "")  # what a when: may say in words


def when_word(checker: Checker, props: LDict, element_name: str) -> None:
    """A ``when:`` written as a word must be one printgen reads as yes or no: any other word
    ('nein', 'never') is a non-empty text, so the element would be drawn on every card."""
    from printgen.sandbox.expressions import is_expression

    when = props.get("when")
    if isinstance(when, list | dict):  # not empty, so read as yes: drawn on every card
        checker.error(
            props.at("when"),
            f"element '{element_name}' when: is {kind_of(when)}; write true or false, or an "
            'expression whose value decides, in quotes (when: "{{ card.icon }}": unquoted, YAML '
            "reads {{ … }} as a mapping)",
        )
    elif (
        isinstance(when, str) and not is_expression(when) and when.strip().lower() not in WHEN_WORDS
    ):
        checker.error(
            props.at("when"),
            f"element '{element_name}' when: {when!r} is neither yes nor no; write true or false, "
            "or an expression whose value decides ({{ card.icon }})",
        )


PRINTED = ("text", "label")  # what an element prints for players


def printed_words(checker: Checker, props: LDict, element_name: str) -> None:
    """A text or label written as a list or mapping ([1, 2], {a: 1}) printed Python's picture
    of it on every card: YAML reads brackets and braces as structure, not text."""
    for key in PRINTED:
        value = props.get(key)
        if isinstance(value, list | dict):
            checker.error(
                props.at(key),
                f"element '{element_name}' {key}: is {kind_of(value)}, not a text; write one text "
                "(in quotes when it starts with [ or {, or holds ': ')",
            )
        elif isinstance(value, bool):  # 'text: No' printed False on every card
            checker.error(
                props.at(key),
                f"element '{element_name}' {key}: YAML reads yes, no, on, off, true and false "
                "as a truth value, not a text; put the text in quotes",
            )


LENGTHS = ("x", "y", "w", "h", "x2", "y2")  # an element's position and size, in mm


def empty_lengths(checker: Checker, props: LDict, element_name: str) -> None:
    """A position or size written with no value (``x:``) was taken as not written — 0, or what
    the layout it extends says — and the element drawn there without a word: most often a
    number forgotten, said as the other lengths of printgen's files say it."""
    for key in LENGTHS:
        if key in props and props[key] is None:
            checker.error(
                props.at(key),
                f"element '{element_name}' {key}: an empty value; write a length such as 5 "
                "(mm), or leave the key out",
            )


def unknown_type(
    checker: Checker, props: LDict, kind: Any, element_name: str, kinds: Mapping[str, set[str]]
) -> bool:
    """Whether the element's ``kind`` is none of the ``kinds`` printgen draws (said at its
    ``type:``, with its other keys checked as the type meant's, said in the same run)."""
    if isinstance(kind, str) and kind in kinds:
        return False
    meant = closest(kind, kinds) if isinstance(kind, str) else []
    tail = f"did you mean '{meant[0]}'?" if meant else f"use one of {', '.join(kinds)}"
    said = f"has unknown type {kind!r}" if isinstance(kind, str) else f"type: is {kind_of(kind)}"
    checker.error(props.at("type"), f"element '{element_name}' {said}; {tail}")
    for other in meant:
        checker.keys(props, kinds[other], set(), f"{other} element '{element_name}'")
    return True


def _colour_hint(value: object) -> str:
    from printgen.model.colour_names import colour_hint  # only for a colour refused

    return colour_hint(value)
