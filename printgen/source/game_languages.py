"""game.yaml's ``languages:``: the two-letter codes the game's texts are written in, each
mistake said at its item in the designer's own words (what they wrote, not Python's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.model.game import is_language_code, not_a_language_code
from printgen.source.located_yaml import LDict, LList
from printgen.source.readers import Checker, kind_of
from printgen.startup.deferred import pattern

# a bare word YAML reads as yes/no, at the item's place: [en, no], [en, true]
_BARE_WORD = pattern(r"[A-Za-z]+")


def read_languages(checker: Checker, node: LDict, source: Path) -> tuple[str, ...]:
    """The languages the game's texts are written in: the game's own choice, one or more."""
    if "languages" not in node:
        return ()  # the schema reports the missing required key
    items = checker.sequence(node["languages"], node.at("languages"), "languages")
    if items is None:
        return ()
    langs = tuple(item if isinstance(item, str) else None for item in items)
    for index, lang in enumerate(langs):
        if lang is None:
            checker.error(items.at(index), _not_a_text(items, index, source))
        elif not is_language_code(lang):
            checker.error(items.at(index), not_a_language_code(lang))
        elif lang in langs[:index]:
            checker.error(
                items.at(index), f"language '{lang}' is named twice in languages; name each once"
            )
    if not langs:
        checker.error(node.at("languages"), "languages must name at least one, e.g. [en]")
    # a misspelt code is said once, here: its texts (rules.ger.md, {en:, ger:}) are not asked for;
    # with none named, no text is judged by its languages either
    valid = tuple(dict.fromkeys(str(lang) for lang in langs if is_language_code(lang)))
    checker.languages_unsure = len(valid) != len(langs) or not langs
    return valid or tuple(str(item) for item in items)


def _not_a_text(items: LList, index: int, source: Path) -> str:
    """An item that is no text: a bare no (Norwegian) read as yes/no is to be quoted, as the
    designer wrote it; a bare true, nothing or a list is no code at all, said in their words
    (it was "language 'None'", "language '['en']'")."""
    item: Any = items[index]
    if not isinstance(item, bool):
        return (
            f"language is {kind_of(item)}, not a code: write a two-letter code such as en, it or fr"
        )
    word = _written_at(source, items.at(index).line, items.at(index).col)
    said = f"language was read as {kind_of(item)}, not a code"
    if word is None:
        return f"{said}: write it in quotes; YAML reads a bare no, on, yes or off as yes/no"
    if is_language_code(word.lower()):
        return f'{said}: write it in quotes ("{word.lower()}"); YAML reads a bare {word} as yes/no'
    return f"{said}: YAML reads a bare {word} as yes/no; write a two-letter code such as en or it"


def _written_at(source: Path, line: int, col: int) -> str | None:
    """The bare word at a place of the file (1-based), as the designer wrote it."""
    try:
        with source.open(encoding="utf-8-sig") as lines:
            for number, text in enumerate(lines, 1):
                if number == line:
                    found = _BARE_WORD.match(text, col - 1)
                    return found[0] if found else None
    except (OSError, UnicodeDecodeError):
        pass  # changed since it was read: said without the word
    return None
