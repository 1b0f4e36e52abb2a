"""What the prose prints as typed because it is written in other Markdowns' way —
~~strikethrough~~, a footnote[^1] — or in no Markdown at all (a typed \\u00ad): warnings, said
at the line of the prose file that writes them, outside its code, or at the card's field the
prose prints them from ({{ card.flavour }}). The document is made all the same (unlike
``prose_lint``'s problems, which stop it)."""

from __future__ import annotations

from printgen.documents.parsed import parse
from printgen.documents.prose_lint import line_of
from printgen.documents.source_lines import editor_lines
from printgen.layout.face import LaidOutDeck
from printgen.layout.unprintable import escape_said, typed_escapes
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, ProjectError, Severity, Where, in_spreadsheet
from printgen.project import Project
from printgen.startup.deferred import pattern


def other_markdowns(
    project: Project, rel: str, rendered: str, decks: list[LaidOutDeck], lang: str
) -> list[Problem]:
    """Warnings of what the prose file ``rel``, rendered as ``rendered``, prints as typed
    because it is other Markdowns' way — ~~strikethrough~~, a footnote[^1] — or no Markdown
    (a \\u00ad): each said once, at the line of the file that writes it first outside code;
    one the game's data writes, which the prose prints through an expression, at the field of
    each card of ``decks`` (in ``lang``) that holds it (``from_the_cards``).
    A warning: the document is made (``lint_prose``'s problems stop it)."""
    if "~~" not in rendered and "[^" not in rendered and "\\u" not in rendered:  # nearly all
        return []
    texts = [
        child.content
        for token in parse(rendered)
        for child in token.children or ()
        if child.type == "text"  # what prints: never code, a {# comment #}, an unused text
    ]
    found: list[tuple[str, str, str]] = []  # (its text, what is written, what is said of it)
    if strike := next((t for t in texts if "~~" in t), None):
        found.append((strike, "~~", _STRUCK))
    for t in texts:
        if footnote := _FOOTNOTE.search(t):
            found.append((t, footnote[0], _footnote_said(footnote[0])))
            break
    for escape in dict.fromkeys(e for t in texts for e in typed_escapes(t)):
        said = (
            f"'{escape}' prints as its {len(escape)} characters: Markdown reads no \\u…; write "
            "the character itself, or an entity (a soft hyphen is &shy;)"
        )
        found.append((next(t for t in texts if escape in t), escape, said))
    try:
        written = project.read_text(project.root / rel, Where(rel), MAX_PROSE_BYTES)
    except ProjectError:  # said by what reads it
        return []
    lines = outside_code(editor_lines(written))
    said_here = [
        Problem(_place(lines, text, needle, rel), said, Severity.WARNING)
        for text, needle, said in found
        if any(needle in line for line in lines)
    ]
    if found:
        # what the file does not write came from the game's data ({{ card.flavour }}): the
        # data's mistake, said where that is written (a deck's line, a sheet's cell)
        said_here += from_the_cards(decks, lang, rendered, texts)
    if not any(needle.startswith("[^") for _, needle, _ in found):
        # a note of one word ("[^1]: Note.") is a link definition to Markdown: it vanishes,
        # and the mark that cites it prints as a link (its "Note." in brackets after it)
        for number, line in enumerate(lines, start=1):
            if definition := _FOOTNOTE_NOTE.match(line):
                said = (
                    f"a footnote ('{definition[1]}') is not printed as one: its note does not "
                    "print; put the note in the text, or in a clarification"
                )
                where = Where(rel, number, definition.start(1) + 1)
                said_here.append(Problem(where, said, Severity.WARNING))
                break
    return said_here


def from_the_cards(
    decks: list[LaidOutDeck], lang: str, rendered: str, texts: list[str]
) -> list[Problem]:
    """Warnings of the marks (a typed \\u…, ``~~``, a footnote) that the prose, rendered as
    ``rendered`` with ``texts`` printed, prints from a card's field: at the field of each card
    that holds one, in ``lang``. A typed \\u… is said as the card's own layout says it (the
    same problem, so said once when the layout prints the field too); a card's text reads
    neither ~~ nor a footnote either, so those are said only here."""
    held = [
        (card, field, value)
        for laid in decks
        for card, _ in laid.fronts
        for field, value in laid.values.get(card.id, {}).items()
        if isinstance(value, str) and _MARKED.search(value)  # nearly none
    ]
    printed = _printed(
        {line for _, _, value in held for _, line, _ in _marks(value, False)}, rendered
    )
    said: list[Problem] = []
    for card, field, value in held:
        where = card.where_of(field, lang)
        said += [
            Problem(where, message, Severity.WARNING)
            for mark, line, message in _marks(value, in_spreadsheet(where))
            # printed, not in code; and from this value, not only from a longer one holding it
            if line in printed and any(mark in text for text in texts)
        ]
    return said


def _marks(value: str, in_sheet: bool) -> list[tuple[str, str, str]]:
    """The marks a field's ``value`` holds that print as typed: each with the line of the value
    that holds it (stripped, as the prose prints it) and what is said of it."""
    found = [(escape, escape_said(escape, in_sheet)) for escape in typed_escapes(value)]
    if "~~" in value:
        found.append(("~~", _STRUCK))
    if footnote := _FOOTNOTE.search(value):
        found.append((footnote[0], _footnote_said(footnote[0])))
    lines = value.splitlines()
    return [
        (mark, next(line for line in lines if mark in line).strip(), said) for mark, said in found
    ]


def _printed(lines: set[str], rendered: str) -> set[str]:
    """The ``lines`` that ``rendered`` holds of their own, not only inside a longer one of them
    (a flavour 'Donau\\u00addampf' the prose does not print, in an effect '… a
    Donau\\u00addampf.' it does): each place one is found, longest first where two start alike,
    is its own unless a place before it reaches as far."""
    places = sorted(
        ((at, at + len(line), line) for line in lines for at in _places(line, rendered)),
        key=lambda place: (place[0], -place[1]),
    )
    printed: set[str] = set()
    reach = -1
    for _, end, line in places:
        if end > reach:
            printed.add(line)
        reach = max(reach, end)
    return printed


def _places(line: str, rendered: str) -> list[int]:
    found, at = [], rendered.find(line)
    while at >= 0:
        found.append(at)
        at = rendered.find(line, at + 1)
    return found


_STRUCK = "'~~' (strikethrough) is not printed as such: the tildes print as written; remove them"


def _footnote_said(mark: str) -> str:
    return (
        f"a footnote ('{mark}') is not printed as one: it prints as written; put the note in "
        "the text, or in a clarification"
    )


def _place(lines: list[str], text: str, needle: str, rel: str) -> Where:
    """Where ``needle`` stands in the line that writes ``text`` (its printed words, as one
    line of the file holds them: not an inline code span holding the same mark); else where
    the needle is first written outside code; else the file."""
    for number, line in enumerate(lines, start=1):
        if text.strip() and text.strip() in line:
            start = line.index(text.strip())
            return Where(
                rel, number, line.index(needle, start) + 1 if needle in line[start:] else start + 1
            )
    return line_of(lines, needle, rel)


_FOOTNOTE = pattern(r"\[\^[^\]\s]+\]")
_MARKED = pattern(r"\\u[0-9a-fA-F]{4}|~~|\[\^[^\]\s]+\]")  # what _marks finds, at once
_FOOTNOTE_NOTE = pattern(r" {0,3}(\[\^[^\]\s]+\]):")  # a footnote's note, opening a line
# a fence's opening line, in a quote or a list item too: its mark after what contains it
_FENCE = pattern(r"^(?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?[ \t]*(`{3,}|~{3,})")
_CODE_SPAN = pattern(r"(`+)(?:(?!\1).)+?\1")


def outside_code(lines: list[str]) -> list[str]:
    """The file's lines with those of fenced code blocks emptied and code spans blanked (their
    numbers and columns kept): a fence ends at a line of its own mark, as long as the one
    that opened it or longer."""
    out, fence = [], ""
    for line in lines:
        opened = _FENCE.match(line)
        if fence:
            out.append("")
            mark = opened[1] if opened else ""
            rest = line[opened.end(1) :] if opened else ""
            if mark[:1] == fence[0] and len(mark) >= len(fence) and not rest.strip():
                fence = ""
        elif opened:
            out.append("")
            fence = opened[1]
        else:
            out.append(_CODE_SPAN.sub(lambda span: " " * len(span[0]), line))
    return out
