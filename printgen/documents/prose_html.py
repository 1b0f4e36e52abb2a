"""HTML in a prose file (rules, aid), which no document prints: each block, and a paragraph's
first tag, said at its line and column. Nothing markdown-it reads as an HTML block is printed,
so none is passed over without a word: a block of the kinds that run to an end marker
(``<script>``, ``<pre>``, ``<style>``, ``<textarea>``, ``<?``, ``<!DOCTYPE``, ``<![CDATA[``, a
comment) and never meet it takes every line after it along. A comment (``<!-- pagebreak -->``,
a note) is the one block allowed: closed, with nothing after its ``-->`` on that line."""

from __future__ import annotations

import re

from printgen.documents.parsed import parse
from printgen.documents.source_lines import line_texts
from printgen.problems import Problem, Where
from printgen.startup.deferred import pattern

# a tag where HTML may be: what markdown-it reads as HTML (a comment aside) starts so
_HTML_TAG = re.compile(r"<(?:[A-Za-z/?]|!(?!--))")
# the blocks markdown-it reads up to an end marker (CommonMark's kinds 1 to 5), each with that
# marker and the marker as the designer would write it
_ENDED_BY = (
    (
        pattern(r"<(script|pre|style|textarea)(?=\s|>|$)", re.I),
        pattern(r"</(?:script|pre|style|textarea)>", re.I),
        "</{}>",
    ),
    (pattern(r"<!--"), pattern(r"-->"), "-->"),
    (pattern(r"<\?"), pattern(r"\?>"), "?>"),
    (pattern(r"<![A-Za-z]+"), pattern(r">"), ">"),
    (pattern(r"<!\[CDATA\["), pattern(r"\]\]>"), "]]>"),
)
_COMMENTS = pattern(r"(?:\s*<!--.*?-->)*\s*")
_OPENING = pattern(r"</?[^<>\s]*(?:[^<>\n]{0,40}>)?")  # <target name>, <header, </end>
_LINE_END = re.compile(r"(\r\n|\r|\n)")  # as markdown-it counts lines
_TAG_NAME = pattern(r"</?([A-Za-z][A-Za-z0-9]*)")
# elements a designer may write expecting HTML; anything else in <…> is a placeholder to print
_HTML_NAMES = frozenset(
    "a abbr b big blockquote br caption center cite code col dd del details div dl dt em "  # noqa: SIM905
    "figcaption figure font h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp "
    "script section small span strike strong style sub summary sup table tbody td textarea "
    "tfoot th thead tr tt u ul var".split()
)
_HTML_SAID = (
    "{} is not printed as HTML (documents print Markdown only); write it in Markdown "
    "(**bold**, *italic*), or as a comment <!-- … --> if it is a note"
)
_UNCLOSED = (
    "{} opens an HTML block never closed with {}: it and every line after it are left out "
    "(documents print Markdown only); write it in Markdown (**bold**, *italic*), or as a "
    "comment <!-- … --> if it is a note"
)
_UNCLOSED_COMMENT = (
    "a comment <!-- never closed with --> leaves out every line after it; end it with -->"
)
_UNCLOSED_BEFORE = (
    "a comment <!-- not closed with --> before the next comment's <!-- (line {}) leaves out "
    "every line between them; end it with -->"
)
_AFTER_COMMENT = (
    "text after a comment's --> on its line is not printed (the comment{} takes the whole "
    "line); put it on a line of its own"
)
_READ_AS_HTML = (
    "{0} at the start of a line reads as HTML: it and the lines up to the next blank line are "
    "not printed (documents print Markdown only); write \\{0} to print it as written"
)


# a character reference by its number: CommonMark prints U+FFFD for one naming no character
_NUMBERED = pattern(r"&#(?:([0-9]{1,7})|[xX]([0-9a-fA-F]{1,6}));")


def no_characters(text: str) -> list[tuple[str, str]]:
    """The numbered character references of ``text`` that name no character, each once with
    what its number is instead (as markdown-it's isValidEntityCode tells them)."""
    found: dict[str, str] = {}
    for ref in _NUMBERED.finditer(text):
        code = int(ref[1], 10) if ref[1] else int(ref[2], 16)
        if (why := _no_character(code)) and ref[0] not in found:
            found[ref[0]] = why
    return list(found.items())


def _no_character(code: int) -> str:
    if code > 0x10FFFF:
        return "past U+10FFFF, the last code point"
    if 0xD800 <= code <= 0xDFFF:
        return f"U+{code:04X} is a surrogate, half of a pair UTF-16 writes one character with"
    if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFF in (0xFFFE, 0xFFFF):
        return f"U+{code:04X} is a noncharacter"
    if code <= 0x08 or code in (0x0B, 0x7F) or 0x0E <= code <= 0x1F or 0x80 <= code <= 0x9F:
        return f"U+{code:04X} is a control code"
    return ""


def html_problems(written: str, rendered: str, rel: str) -> list[Problem]:
    """HTML in the prose file ``rel`` (as ``written``, and as ``rendered`` by its template): a
    block (<center>, <div>, <script>) was left out without a word, a tag in a line (<b>) printed
    as written — documents print Markdown only. A comment is not printed, as meant; a
    placeholder that only looks like a tag (<target name>) is text in a line."""
    problems = _problems(written, _Lines(written), rel, tags=True)
    if rendered != written:  # the lines of {% … %} gone, what was a paragraph's may be a block
        said = {problem.where for problem in problems}
        again = _problems(rendered, _Lines(written, rendered), rel, tags=False)
        problems += [problem for problem in again if problem.where not in said]
    return problems


class _Lines:
    """The lines of a text parsed for HTML, and where each is in the prose file: the file's own
    lines, or those of the text rendered from it, each found in the file by its words."""

    def __init__(self, written: str, rendered: str | None = None) -> None:
        self.file = line_texts(written)
        self.rows = self.file if rendered is None else line_texts(rendered)

    def row(self, index: int) -> str:
        return self.rows[index] if index < len(self.rows) else ""

    def at(self, index: int, col: int) -> tuple[int, int]:
        """The file's line and column (from 1) of row ``index``'s column ``col`` (from 1)."""
        if self.rows is self.file:
            return index + 1, col
        row = self.row(index)
        if row in self.file:
            return self.file.index(row) + 1, col
        text, indent = row.strip(), len(row) - len(row.lstrip())
        for size in (len(text), 24, 12, 4):  # its opening, where {{ … }} printed the rest
            for number, line in enumerate(self.file, start=1):
                if text and text[:size] in line:
                    return number, max(line.index(text[:size]) + col - indent, 1)
        return 1, 1


def _problems(text: str, lines: _Lines, rel: str, tags: bool) -> list[Problem]:
    """The HTML blocks of ``text`` (and, with ``tags``, a paragraph's first tag)."""
    if not _HTML_TAG.search(text) and _plain_comments(text):  # parsed only where HTML may be
        return []  # (a full parse of each prose file was a tenth of a validate)
    problems = []
    for token in parse(text):
        first = token.map[0] if token.map else 0
        if token.type == "html_block":
            problems += _block(token.content.lstrip(), lines, first, rel)
        for tag in (token.children or ()) if tags else ():
            if tag.type == "html_inline" and _is_html(tag.content):
                line, col = _found(lines.file, first, tag.content)
                problems.append(Problem(Where(rel, line, col), _HTML_SAID.format("an HTML tag")))
                break  # one a paragraph
    return problems


def _block(markup: str, lines: _Lines, first: int, rel: str) -> list[Problem]:
    """What an HTML block starting ``markup`` (from row ``first``, from 0) leaves out."""
    at = Where(rel, *lines.at(first, max(lines.row(first).find("<"), 0) + 1))  # after > or -
    for start, end, closer in _ENDED_BY:
        if not (opened := start.match(markup)):
            continue
        if opened[0] == "<!--":
            return _comment(markup, at, lines, first)
        if not end.search(markup):
            name = opened.group(1) if opened.lastindex else ""
            said = f"<{name}>" if name else opened[0]
            return [Problem(at, _UNCLOSED.format(said, closer.format(name)))]
        return [Problem(at, _HTML_SAID.format("an HTML block"))]
    if _is_html(markup):
        return [Problem(at, _HTML_SAID.format("an HTML block"))]
    opening = _OPENING.match(markup)
    return [Problem(at, _READ_AS_HTML.format(opening[0] if opening else "<"))]


def _comment(markup: str, at: Where, lines: _Lines, first: int) -> list[Problem]:
    """What a comment block leaves out besides the note: every line after a ``<!--`` never
    closed, or closed only by the next comment's ``-->`` (comments do not nest), and text after
    its ``-->`` on that line."""
    closed = markup.find("-->", 2)
    if closed < 0:
        return [Problem(at, _UNCLOSED_COMMENT)]
    if (inner := markup.find("<!--", 4, closed)) >= 0:
        line, _ = lines.at(first + markup.count("\n", 0, inner), 1)
        return [Problem(at, _UNCLOSED_BEFORE.format(line))]
    rest = markup[closed + 3 :].split("\n", 1)[0]
    if _COMMENTS.fullmatch(rest):
        return []
    number = first + markup.count("\n", 0, closed)
    row, text = lines.row(number), rest.lstrip()
    col = len(row) - len(text) + 1 if row.endswith(text) else 1
    opened = f" from line {at.line}" if number > first else ""
    return [Problem(Where(at.path, *lines.at(number, col)), _AFTER_COMMENT.format(opened))]


def _plain_comments(written: str) -> bool:
    """Whether each comment in ``written`` starts a line and ends one, as a note or the
    ``<!-- pagebreak -->`` marker does: then, with no tag either, no HTML is left out."""
    start = written.find("<!--")
    while start >= 0:
        closed = written.find("-->", start + 2)
        if closed < 0 or written[start - 1 : start] not in ("", "\n", "\r"):
            return False
        if written.find("<!--", start + 4, closed) >= 0:  # closed by the next one's -->
            return False
        line_end = _LINE_END.search(written, closed)
        if written[closed + 3 : line_end.start() if line_end else len(written)].strip():
            return False
        start = written.find("<!--", closed + 3)
    return True


def _found(rows: list[str], first: int, needle: str) -> tuple[int, int]:
    """Where (line and column, from 1) ``needle`` is first written from line ``first`` on."""
    for number in range(first, len(rows)):
        if needle in rows[number]:
            return number + 1, rows[number].index(needle) + 1
    return first + 1, 1


def _is_html(markup: str) -> bool:
    found = _TAG_NAME.match(markup.lstrip())
    return found is not None and found[1].lower() in _HTML_NAMES
