"""Accent marks piled on one letter, or with no letter at all (a name of a letter and 70
combining acute accents, pasted "glitch" text): one mistake, said once where the text is read,
in plain words — not as the characters the card's font lacks, a box the text overflows and the
characters the rulebook's font lacks, three lines that never name it."""

from __future__ import annotations

import unicodedata

# marks a letter takes in a written language: Vietnamese two, pointed and cantillated Hebrew
# four, an Indic syllable three or four; past this it is no spelling
MAX_MARKS = 8


def stacked_marks(text: str, what: str) -> str | None:
    """The message for ``text`` (``what``: "card 'miner' name") made only of marks, or
    with more than MAX_MARKS marks on one letter; None when its marks are a writing's."""
    # nearly every text: no character as high as the first mark (U+0300), tested in C (an
    # Italian text of 174 characters went down the loop below: 38 µs, 1.1 s a 10,000-card deck)
    if not text or max(text) < "\u0300":
        return None
    run, most, first, start, letters = 0, 0, "", "", False  # first: the longest pile's
    for char in text:
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
