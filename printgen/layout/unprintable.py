"""What a text holds that would not print: an ``:icon:`` name no library has, a character its
font has no glyph for (it would print as an empty box), a right-to-left script (it would print
reversed)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from printgen.layout.accents import composed
from printgen.layout.fonts import Family
from printgen.layout.text import ICON_NAME, ICON_TOKEN, MARKUP, Run
from printgen.problems import shown as shown  # (re-exported: text checks quote with it)
from printgen.startup.deferred import pattern

# An icon name misspelt with a capital or an underscore (':Star:', ':my_icon:'): parse leaves it
# as text, which would print the name between its colons — said as an unknown icon, with the
# lower-case name it was meant as (one letter alone, 'A:B:C', is not meant as an icon)
_MISWRITTEN = pattern(r":([A-Za-z][A-Za-z0-9_-]*[A-Z_][A-Za-z0-9_-]*|[A-Z_][A-Za-z0-9_-]+):")


def icon_names(markup: str) -> list[str]:
    """The name of every ``:name:`` token ``parse`` would find in ``markup``, known or not: a
    whole document's, without making its runs."""
    return ICON_TOKEN.findall(markup)


# The white space a text is laid out by, never drawn as a glyph: a space between words, a
# line's end. Any other space (a narrow no-break space before a French ';', a thin space, a
# tab inside a card's text) is drawn as a character, and a font without it prints an empty box.
_LAID_OUT = frozenset(" \n\r")
# Markdown also reads a tab, as indentation (a nested list's)
_LAID_OUT_IN_PROSE = _LAID_OUT | {"\t"}


def missing_chars(markup: str, font_name: str) -> list[str]:
    """The characters of ``markup`` (a whole Markdown document: each once, in order) the font
    has no glyph for, the white space it is laid out by aside: one set difference, which
    nearly always leaves nothing."""
    markup = composed(markup)  # as drawn
    drawable = _drawable(font_name)
    lacking = set(markup).difference(drawable, _LAID_OUT_IN_PROSE)
    if "-" in drawable:  # a soft hyphen prints "-" or nothing
        lacking.discard("\xad")
    return [char for char in dict.fromkeys(markup) if char in lacking] if lacking else []


def unknown_icon_names(markup: str, known: Callable[[str], bool]) -> list[str]:
    """``unknown_icons`` of ``markup``'s runs, read off the text itself."""
    names = [name for name in icon_names(markup) if _said(name) and not known(name)]
    return names + _MISWRITTEN.findall(markup)


def unknown_icons(runs: list[Run]) -> list[str]:
    """``:name:`` tokens that ``parse`` left as text because no icon has that name, and names
    no icon can have (a capital, an underscore) written as one."""
    names: list[str] = []
    for run in runs:
        if run.icon or run.newline or run.text.count(":") < 2:
            continue
        if (m := ICON_TOKEN.fullmatch(run.text)) and _said(m[1]):
            names.append(m[1])
        else:
            names.extend(_MISWRITTEN.findall(run.text))
    return names


_ESCAPE = pattern(r"\\u[0-9a-fA-F]{4}")


def typed_escapes(markup: str) -> list[str]:
    """``\\u00ad`` and its like typed into a text YAML does not read escapes in (plain or
    single-quoted), each once: it prints as those six characters."""
    return list(dict.fromkeys(_ESCAPE.findall(markup))) if "\\u" in markup else []


def escape_said(escape: str, in_sheet: bool) -> str:
    """What is said of ``escape`` typed into a YAML text or (``in_sheet``) a spreadsheet's
    cell: one wording wherever a card's field prints — on the card, or in a rulebook or aid —
    so that one mistake is one problem, said once."""
    fix = (
        "a spreadsheet reads no \\u…: type the character itself"
        if in_sheet
        else 'YAML reads \\u… only in a double-quoted text ("Donau\\u00addampf"), and \\\\u '
        "as a backslash; write the text in double quotes, or type the character itself"
    )
    return f"'{escape}' prints as its {len(escape)} characters: {fix}"


# the escapes of a double-quoted YAML string that write a character without typing it
_NAMED_ESCAPES = {
    "\t": "\\t",
    "\n": "\\n",
    "\r": "\\r",
    "\x00": "\\0",
    "\x07": "\\a",
    "\x08": "\\b",
    "\x0b": "\\v",
    "\x0c": "\\f",
    "\x1b": "\\e",
    "\x85": "\\N",
    "\xa0": "\\_",
    "\u2028": "\\L",
    "\u2029": "\\P",
}


def yaml_escapes(char: str) -> list[str]:
    """How a double-quoted YAML text may write ``char`` without typing it: where a problem
    with a character nobody typed as itself is found in the file."""
    code = ord(char)
    escapes = [f"\\u{code:04x}", f"\\u{code:04X}", f"\\U{code:08x}", f"\\U{code:08X}"]
    if code < 0x100:
        escapes += [f"\\x{code:02x}", f"\\x{code:02X}"]
    if char in _NAMED_ESCAPES:
        escapes.append(_NAMED_ESCAPES[char])
    return escapes


def unclosed_marks(markup: str) -> list[str]:
    """The marks (``**``, ``*``) ``parse`` finds opened and never closed, which it prints as
    stars: a bold or italic the writer meant and forgot to end."""
    if "*" not in markup:
        return []
    open_marks: dict[str, bool] = {"**": False, "*": False}
    for found in MARKUP.finditer(markup):
        if not found["text"] and (mark := found.group()) in open_marks:
            open_marks[mark] = not open_marks[mark]
    return [mark for mark, still_open in open_marks.items() if still_open]


# ':coin less' — an icon name after a colon that starts the word, its closing colon forgotten
_OPENED_ICON = re.compile(f"(?<![^\\s(])[:]({ICON_NAME})(?![:a-z0-9-])")


def unclosed_icons(runs: list[Run], known: Callable[[str], bool]) -> list[str]:
    """Icon names written with their opening colon only (':coin less'): printed as text."""
    names: list[str] = []
    for run in runs:
        if run.icon or run.newline or ":" not in run.text:
            continue
        # ':coin-Münzen' (German joins a word with a hyphen): the name read is 'coin-', an
        # icon's name followed by the hyphen the designer meant after its closing colon
        found = (name.rstrip("-") for name in _OPENED_ICON.findall(run.text))
        names += [n for n in found if n and _said(n) and known(n)]
    return names


def _said(name: str) -> bool:
    """Whether an unknown ``:name:`` is said as an unknown icon: one starting with a digit is
    not meant as one (10:30:45)."""
    return not name[0].isdigit()


def missing_glyphs(runs: list[Run], family: Family) -> list[str]:
    """Characters the run's font cannot draw (they would print as empty boxes)."""
    missing: dict[str, None] = {}
    for run in runs:
        if run.icon or run.newline:
            continue
        font = family.face(run.bold, run.italic)
        words = composed(run.text)  # as drawn
        if words.isascii() and words.isprintable() and _has_ascii(font):
            continue  # nearly every text: two scans in C, not a set lookup a character (1 µs)
        drawable = _drawable(font)
        if drawable.issuperset(words):  # most others: one set operation
            continue
        for char in dict.fromkeys(words):  # each character once, in order
            drawn = "-" if char == "\xad" else char  # a soft hyphen prints "-" or nothing
            if char not in _LAID_OUT and drawn not in drawable:
                missing[char] = None
    return list(missing)


# The blocks of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko …, their
# presentation forms, and the historic ones past U+10800): a quick test before Unicode's own
_RIGHT_TO_LEFT_BLOCKS = pattern(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]"
)


def right_to_left(runs: list[Run], missing: list[str]) -> str | None:
    """The first letter of a right-to-left script the font has (one it lacks is said as such).
    ReportLab draws every text left to right, one glyph after the next: a Hebrew word printed
    with its letters in reverse order, an Arabic one reversed and its letters unjoined."""
    for run in runs:
        if run.icon or run.newline or run.text.isascii():  # (a flag of the string's: no scan)
            continue
        if not _RIGHT_TO_LEFT_BLOCKS.search(run.text):
            continue
        for char in run.text:
            if unicodedata.bidirectional(char) in ("R", "AL") and char not in missing:
                return char
    return None


def lacking(char: str, font: str, of: str = "") -> str:
    """What a document's problem says of ``char``, a character ``font`` has no glyph for, in a
    text (``of``: " of the caption"; "" for the text the line points into). A control
    character (a bell, an escape) means no glyph at all: it is to be removed — said so in every
    document, where labels said to write it another way and diagrams to remove it."""
    if unicodedata.category(char) == "Cc" and not char.isspace():
        return f"control character {shown(char)}{of} prints as an empty box; remove it"
    return (
        f"character {shown(char)}{of} is not in the document font ({font}); write it another "
        "way" + space_hint(char)
    )


def not_in_font(chars: list[str], font: str) -> str:
    """What a card's text says of the characters ``chars`` its font lacks: one line for all."""
    hint = next((space_hint(char) for char in chars if char.isspace()), "")
    if len(chars) == 1:
        return (
            f"character {shown(chars[0])} is not in font {font}; write it another way or use "
            f"a font that has it{hint}"
        )
    listed = ", ".join(shown(char) for char in chars)
    return (
        f"characters {listed} are not in font {font}; write them another way or use a font "
        f"that has them{hint}"
    )


def space_hint(char: str) -> str:
    """What to write instead of a space the font lacks (said after the message about it)."""
    if not char.isspace():
        return ""
    return (
        " (a space the font has no glyph for: write a plain space, or a no-break space, "
        "U+00A0, where the line must not break)"
    )


_DRAWABLE: dict[str, frozenset[str]] = {}
_PRINTABLE_ASCII = frozenset(map(chr, range(0x20, 0x7F)))
_ASCII: dict[str, bool] = {}


def _has_ascii(font_name: str) -> bool:
    """Whether a font has a glyph for every printable ASCII character (space to tilde)."""
    if font_name not in _ASCII:
        _ASCII[font_name] = _drawable(font_name).issuperset(_PRINTABLE_ASCII)
    return _ASCII[font_name]


def _drawable(font_name: str) -> frozenset[str]:
    """The characters a font has glyphs for."""
    if font_name not in _DRAWABLE:
        from reportlab.pdfbase.pdfmetrics import getFont

        _DRAWABLE[font_name] = frozenset(map(chr, getFont(font_name).face.charToGlyph))
    return _DRAWABLE[font_name]
