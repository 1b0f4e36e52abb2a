"""A label's words set into a document's Markdown so that they print as written: a label is
plain words, and one holding ``**``, ``_``, ``[``, a backtick, an ``:icon:`` name or a line
break bolded, linked or drew an icon in the rulebook — or opened a list or a new paragraph.
The game's title, subtitle and author are plain words too (its credits are Markdown)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from printgen.documents.labels import Labels
from printgen.startup.deferred import pattern

# what Markdown reads as a mark anywhere in a line (an emphasis, a code span, a link, an HTML
# tag or entity, a table's cell, a heading's closing #) and a colon that opens an :icon: name
# (one in "https://" opens none, and stays unescaped: an address breaks after its '/')
_MARK = pattern(r"[\\`*_\[\]<>&|#!~]|:(?=[a-z0-9][a-z0-9-]*:)")
# what opens a block at a line's start, as a label may be: a list's item (- + * or 1. 1)),
# a quote, a setext heading's rule (=)
_OPENING = pattern(r"^(\d*)([-+=.)])")
_LINE_BREAKS = pattern(r"[ \t]*[\r\n][ \t\r\n]*")


@lru_cache(maxsize=4096)  # a long watch sees a few versions of each label
def as_written(words: str) -> str:
    """``words`` as Markdown that prints them as written, on one line: a line break is a space,
    as Markdown reads one within a paragraph (a blank line began a new one)."""
    words = _LINE_BREAKS.sub(" ", words)
    words = _MARK.sub(lambda found: "\\" + found.group(), words)
    return _OPENING.sub(lambda found: f"{found.group(1)}\\{found.group(2)}", words)


class _AsWritten(Labels):
    """The labels as a template prints them (``t.players``): each escaped as the template
    reads it — a document reads a few of its language's 300 labels, and escaping them all
    for each document rendered was 5 ms of a validate."""

    def __getitem__(self, name: str) -> str:
        return as_written(super().__getitem__(name))

    def get(self, name: str, default: Any = None) -> Any:
        found = super().get(name)
        return default if found is None else as_written(found)


PLAIN_GAME_TEXTS = ("title", "subtitle", "author")  # game.yaml's; `credits:` is Markdown


def game_as_written(game: dict[str, Any]) -> dict[str, Any]:
    """The game's facts as a template prints them (``game.title``): its plain texts as written
    — "Dice *and* Cards" lost its asterisks on the cover and kept them on the player aid."""
    plain = {key: game[key] for key in PLAIN_GAME_TEXTS if isinstance(game.get(key), str)}
    return {**game, **{key: as_written(text) for key, text in plain.items()}}


def labels_as_written(words: Labels) -> Labels:
    """The labels as a template prints them (``t.players``): each as written."""
    return _AsWritten(words, words.lang, words.untranslated, words.written)
