"""Accent marks piled on one letter, or with no letter at all (a name of a letter and 70
combining acute accents, pasted "glitch" text): one mistake, said once where the text is read,
in plain words — not as the characters the card's font lacks, a box the text overflows and the
characters the rulebook's font lacks, three lines that never name it."""

from __future__ import annotations

import unicodedata

from printgen.startup.deferred import pattern

# (written as what they are not, or as small ranges: a class up to U+10FFFF costs its
# compiling 85 million instructions, more than a whole card build's start)
_HIGH = pattern("[^\\x00-\u02ff]+")  # characters from the first combining mark (U+0300) up
_LOW_VISIBLE = pattern("[!-\x84\x86-\x9f\xa1-\u02ff]")  # one below it that is no space

# marks a letter takes in a written language: Vietnamese two, pointed and cantillated Hebrew
# four, an Indic syllable three or four; past this it is no spelling
MAX_MARKS = 8


def stacked_marks(text: str, what: str) -> str | None:
    """The message for ``text`` (``what``: "card 'miner' name") made only of marks, or
    with more than MAX_MARKS marks on one letter; None when its marks are a writing's."""
    # marks are U+0300 and up: only the runs of such characters are looked at, letter by
    # letter (an Italian text's em dash or a suit's ♠ sent every character of it down a loop
    # of unicodedata calls: 38 µs a text, 1.1 s a 10,000-card deck)
    runs = _HIGH.findall(text)
    if not runs:
        return None
    letters = _LOW_VISIBLE.search(text) is not None  # a letter a mark can sit on, below U+0300
    run, most, first, start = 0, 0, "", ""  # first: the longest pile's first mark
    for high in runs:
        run = 0  # a character below U+0300 between two runs: no mark
        for char in high:
            if unicodedata.category(char).startswith("M"):
                run, start = run + 1, start if run else char
                if run > most:
                    most, first = run, start
            else:
                run = 0
                letters = letters or not char.isspace()
    if not first:
        return None
    mark = f"U+{ord(first):04X} {unicodedata.name(first, 'combining mark').lower()}"
    if not letters:
        return (
            f"{what} is made only of accent marks (combining characters such as {mark}), "
            "with no letter for them to sit on, so it prints as nothing readable; write it "
            "in letters"
        )
    if most > MAX_MARKS:
        return (
            f"{what} piles {most} accent marks (combining characters such as {mark}) on one "
            f"letter, which print stacked over each other far above the line; a letter takes "
            f"a few at most: write it with plain letters"
        )
    return None
