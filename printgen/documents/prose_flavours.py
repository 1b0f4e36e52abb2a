"""What the prose prints as typed because it is written in other Markdowns' way —
~~strikethrough~~, a footnote[^1] — or in no Markdown at all (a typed \\u00ad): warnings, said
at the line of the prose file that writes them, outside its code. The document is made all
the same (unlike ``prose_lint``'s problems, which stop it)."""

from __future__ import annotations

from printgen.documents.parsed import parse
from printgen.documents.prose_lint import line_of
from printgen.documents.source_lines import editor_lines
from printgen.layout.unprintable import typed_escapes
from printgen.limits import MAX_PROSE_BYTES
from printgen.problems import Problem, ProjectError, Severity, Where
from printgen.project import Project
from printgen.startup.deferred import pattern


def other_markdowns(project: Project, rel: str, rendered: str) -> list[Problem]:
    """Warnings of what the prose file ``rel``, rendered as ``rendered``, prints as typed
    because it is other Markdowns' way — ~~strikethrough~~, a footnote[^1] — or no Markdown
    (a \\u00ad): each said once, at the line of the file that writes it first outside code —
    never one only the game's data writes, which the prose prints through an expression.
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
        said = (
            "'~~' (strikethrough) is not printed as such: the tildes print as written; remove them"
        )
        found.append((strike, "~~", said))
    for t in texts:
        if footnote := _FOOTNOTE.search(t):
            said = (
                f"a footnote ('{footnote[0]}') is not printed as one: it prints as written; put "
                "the note in the text, or in a clarification"
            )
            found.append((t, footnote[0], said))
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
        # one the file does not write came from the game's data ({{ card.name }}): it is the
        # data's mistake, said where that is written (a deck's line, a sheet's cell)
        if any(needle in line for line in lines)
    ]
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
