"""A problem met alike many times said a few times, then once for the rest: a build's stderr
stays a few lines long however many cards share one mistake (a generate rule's 100,000 cards,
a sheet's 10,000 rows), and each line still says where to look."""

from __future__ import annotations

import re
from collections.abc import Iterable

from printgen.problems import SAME_PLACE, SHOWN_CARDS, Problem, Severity, Where, file_of
from printgen.startup.deferred import pattern

_CARD = pattern(r"\bcard '([^']*)'(?: \([^()]*\))?")
# a language a message is about: a code of languages: refused, a text in a language not declared
_LANGUAGE = pattern(r"\blanguage '([^']*)'")

# a label of labels.yaml nothing prints; an icon name no library has (thousands of them, each
# written once, are a few lines too)
_LABEL = pattern(r"\blabel '([^']*)'")
_ICON = pattern(r"\bunknown (?:inline )?icon '([^']*)'")

# what makes problems alike: their file (a workbook's sheet), their severity, their message with
# its first card (or language) left out ("card …"), and whether one (or else a place) tells
# them apart
_Key = tuple[str, Severity, str, bool]


def cards_merged(problems: Iterable[Problem]) -> list[Problem]:
    """The same problem in many languages of a game (10,000 codes refused, a text lacking 670
    translations), then on many cards of one file, said a few times: see ``merged``. By language
    first, so a card lacking 670 translations is six lines, and 10,000 such cards six more."""
    merged_ = merged(merged(problems, _LANGUAGE), _CARD)
    return merged(merged(merged_, _LABEL), _ICON)


def merged(problems: Iterable[Problem], subject: re.Pattern[str]) -> list[Problem]:
    """The same problem on many cards of one file — a text too long on 20 cards of a generate
    rule (which share its template's line), on the 10,000 rows of a sheet — said for the first
    SAME_PLACE cards, then once, at the next card's place, for the rest, naming them: "text of
    15 more cards ('b', 'c', … and 5 more; 20 in all) …". The card that tells them apart is
    the first the message names: a name shared with another card says the other card too
    ("card 'c7' is named 'Same' as card 'c0' is"). A message naming no card, met at many places
    of one file ('**' never ended on 2,000 cards' texts), is folded alike, naming the places."""
    alike: dict[_Key, list[tuple[Problem, str]]] = {}
    kept: list[_Key] = []
    for problem in dict.fromkeys(problems):  # one said alike by two languages is one
        key, told_by = _alike(problem, subject)
        if key not in alike:
            alike[key] = []
            kept.append(key)
        alike[key].append((problem, told_by))
    merged: list[Problem] = []
    for key in kept:
        said = alike[key]
        merged += [problem for problem, _ in said[:SAME_PLACE]]
        if len(said) > SAME_PLACE:
            merged.append(_the_rest(said, subject, by_card=key[3]))
    return merged


def _alike(problem: Problem, subject: re.Pattern[str]) -> tuple[_Key, str]:
    """What the problem has in common with those it is folded with, and what sets it apart
    from them: its first card (language), else its place in its file. A language is quoted
    again in the fix ("add 'aa: ...'"): left out there too."""
    file = file_of(problem.where)
    found = subject.search(problem.message)
    if found is None:
        return (file, problem.severity, problem.message, False), _place(problem.where)
    after = problem.message[found.end() :]
    if subject is _LANGUAGE:
        after = after.replace(f"'{found.group(1)}", "'…")
    alike = problem.message[: found.start()] + "card …" + after
    return (file, problem.severity, alike, True), found.group(1)


def _place(where: Where) -> str:
    """A place within its file, as a line of folded places names it: ``12:9``, a cell ``C7``."""
    if where.line == 0:
        return where.path[len(file_of(where)) + 1 :] or where.path
    return f"{where.line}:{where.col}"


def _the_rest(said: list[tuple[Problem, str]], subject: re.Pattern[str], by_card: bool) -> Problem:
    """One problem for those past the first SAME_PLACE, at the next one's place."""
    rest = [told_by for _, told_by in said[SAME_PLACE:]]
    next_ = said[SAME_PLACE][0]  # where the rest start: a row of a sheet's
    if not by_card:
        return _elsewhere(next_, rest[1:], len(said))
    named = _named([f"'{card}'" for card in rest])
    found = subject.search(next_.message)
    assert found is not None  # merged by card only when it names one
    # what the subject names, before its quote: "card", "language", "unknown inline icon"
    noun = found.group(0)[: found.start(1) - found.start(0) - 1].rstrip()
    many = (
        f"{len(rest):,} more {noun}{'s' if len(rest) > 1 else ''} ({named}; {len(said):,} in all)"
    )
    message = _many(next_.message, subject, many, rest)
    return Problem(next_.where, message, next_.severity)


def _named(names: list[str]) -> str:
    """The first SHOWN_CARDS names, and how many more."""
    shown = ", ".join(names[:SHOWN_CARDS])
    return shown + (f" and {len(names) - SHOWN_CARDS:,} more" if len(names) > SHOWN_CARDS else "")


def _elsewhere(problem: Problem, places: list[str], total: int) -> Problem:
    """``problem``, said once more for the ``places`` after it in its file."""
    if not places:
        return problem
    more = f"{len(places):,} more place{'s' if len(places) > 1 else ''} of this file"
    message = f"{problem.message} (here and at {more}: {_named(places)}; {total:,} in all)"
    return Problem(problem.where, message, problem.severity)


# the verb after "card 'x'" when it becomes "7 more cards (…)"
_PLURAL_VERBS = {" is ": " are ", " has ": " have ", " was ": " were ", " does ": " do "}

# the fix a message tells "the card", told to many
_PLURAL_FIXES = {
    " give the card a ": " give each card a ",
    " no template or prose here reads it": " no template or prose here reads them",
}

# what a message says of one language's text, said of many: the fix quoting the first of them
# ("add 'af: ...'") is each one's
_PLURAL_TEXTS = {
    " has a text in ": " has texts in ",
    ", which is not printed": ", which are not printed",
    "at its first text": "at their first texts",
    "; add it to ": "; add them to ",
    "print its texts": "print their texts",
}
_QUOTED_FIX = pattern(r"; add '[^']*: \.\.\.'")


def _many(message: str, subject: re.Pattern[str], many: str, rest: list[str]) -> str:
    """``message`` said of the ``rest`` of the cards: "7 more cards (…) are missing"."""
    found = subject.search(message)
    assert found is not None  # merged by card only when it names one
    before, after = message[: found.start()], message[found.end() :]
    if subject is _LANGUAGE and len(rest) > 1:
        after = _QUOTED_FIX.sub("; add a text in each", after)
        for one, all_ in _PLURAL_TEXTS.items():
            before, after = before.replace(one, all_), after.replace(one, all_)
    if len(rest) == 1:
        return before + many + after
    # the cards are the subject unless a noun leads ("text of card 'x' is"); a check's id
    # before them ("coste-pv: card 'x' has no cost") is only a label
    verb = next((v for v in _PLURAL_VERBS if after.startswith(v)), None)
    if verb is not None and (not before or before.endswith(": ")):
        after = _PLURAL_VERBS[verb] + after[len(verb) :]
    for one, all_ in _PLURAL_FIXES.items():
        after = after.replace(one, all_)
    return before + many + after
