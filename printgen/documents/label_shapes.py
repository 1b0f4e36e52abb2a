"""What can be wrong with one label of a labels.yaml, said at its line: a value that is no text
(a list, yes read as true, a language left empty), a language code that is none, a decimal mark
that is no mark, a text too long for a label."""

from __future__ import annotations

from typing import Any

from printgen.limits import MAX_LABEL_CHARS
from printgen.problems import Where
from printgen.source.located_yaml import LDict

ANY_LANGUAGE = "_"  # {_: ":", fr: " :"}: the text of every language not given its own


def shape(data: LDict, key: str, value: Any) -> list[tuple[Where, str]]:
    """What is wrong with one label's value: it is a text (a number is read as one), or one
    text per language."""
    if _word(value):
        return _mark_shape(key, {key: value}, data) + _long(key, {key: value}, data)
    if not isinstance(value, LDict):
        return [(data.at(key), f"label '{key}' must be a text, or one text per language")]
    from printgen.source.game import LANGUAGE_CODE

    return (
        [
            (
                value.key_at(lang),
                f"label '{key}': '{lang}' is not a language code; write it as two "
                "lower-case letters, such as en or it",
            )
            for lang in value
            if lang != ANY_LANGUAGE and not LANGUAGE_CODE.fullmatch(str(lang))
        ]
        + [
            (value.at(lang), f"label '{key}' '{lang}' {_not_a_word(text)}")
            for lang, text in value.items()
            if not _word(text)
        ]
        + _mark_shape(key, {lang: text for lang, text in value.items() if _word(text)}, value)
        + _long(key, value, value)
    )


def _long(key: str, texts: dict[str, Any], node: LDict) -> list[tuple[Where, str]]:
    """Texts of a label (by language, or its one text under its own name) past the limit."""
    return [
        (
            node.at(at),
            f"label '{key}'{'' if at == key else f' {at!r}'} is {len(text):,} characters long, "
            f"over {MAX_LABEL_CHARS:,} (a label is a word, a sentence or a paragraph); shorten "
            "it, or write long text in the rulebook's prose",
        )
        for at, text in texts.items()
        if isinstance(text, str) and len(text) > MAX_LABEL_CHARS
    ]


def _word(value: Any) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _not_a_word(value: Any) -> str:
    """What a language's text that is none is, said so: `it:` left empty was called a list."""
    if value is None:
        return "has no text; write it, or leave the language out"
    if isinstance(value, bool):  # yes, no, on, off
        return "is read by YAML as true or false; put the word in quotes"
    return "must be a text, not a list or a mapping"


def _mark_shape(key: str, texts: dict[str, Any], node: LDict) -> list[tuple[Where, str]]:
    """What is wrong with a decimal mark (``texts``: by language, or the label's one text under
    its own name): any text was taken, and 2.5 printed as "255" or "2xx5"."""
    from printgen.sandbox.numbers import DECIMAL_MARK

    if key != DECIMAL_MARK:
        return []
    return [
        (
            node.at(at),
            f"label '{key}'{'' if at == key else f' {at!r}'} is {str(text)!r}, but a decimal "
            "mark is one character that is not a digit, a letter, a space or a mark of the "
            "texts' own (*, `, _, :, \\, [, ], <, >, {, }); write the one its readers use: "
            '"." (2.5) or "," (2,5), else "·" or "٫"',
        )
        for at, text in texts.items()
        if not _is_mark(str(text))
    ]


# what card texts and Markdown read as marks of their own: "2*5" printed 25, the star taken
# for an emphasis ending further on
_MARKUP = frozenset("*`_:\\[]<>{}#|~")


def _is_mark(text: str) -> bool:
    return (
        len(text) == 1
        and text.isprintable()
        and not (text.isalnum() or text.isspace())
        and text not in _MARKUP
    )
