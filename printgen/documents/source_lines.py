"""Where a block of a laid-out document came from in its prose file, so that what the lay-out
finds (a table too wide, text too small) points at the designer's line, not the file's start."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.documents.parsed import Token, parse
from printgen.layout.text import ICON_NAME
from printgen.startup.deferred import pattern

_WORD = pattern(r"\w+")
_ICON = pattern(rf":{ICON_NAME}:")  # an inline icon: no word of the text laid out
OPENING_WORDS = 4  # words of a block that find its line: fewer would match too many lines
_BREAK = pattern(r"\r\n?|\n")


def editor_lines(text: str) -> list[str]:
    """``text``'s lines as an editor, Markdown and Jinja count them: broken at \\n, \\r\\n and
    \\r only. str.splitlines also breaks at U+2028, U+0085, a form feed, which a text pasted
    from a web page or a word processor may hold: every later problem was said a line on."""
    lines = text.split("\n") if "\r" not in text else _BREAK.split(text)
    if lines[-1] == "":  # as splitlines: no line after the last line break
        lines.pop()
    return lines


def prose_line(prose: str, text: str, loose: bool = True) -> int:
    """The first line of ``prose`` holding the opening words of ``text``, in order, markup and
    icons between them ignored (a table row, a list item, a paragraph's first line); a shorter
    text (a table cell) only where one line alone holds it; 1 when no line does (text the
    rulebook makes itself, a card's, or one a template wrote). ``loose``: else the one line
    holding only the text's first two words (a text cut short in the prose)."""
    words = _words(text)
    if not words:  # icons alone (':coin::coin:…'): the first line holding them as written
        written = (n for n, line in enumerate(editor_lines(prose), start=1) if text in line)
        return next(written, 1) if text.strip() else 1
    lines = [_words(line) for line in editor_lines(prose)]
    tries = (words[:OPENING_WORDS], words[:2]) if loose else (words[:OPENING_WORDS],)
    for wanted in tries:
        found = [number for number, line in enumerate(lines, start=1) if _holds(line, wanted)]
        if found and len(wanted) == OPENING_WORDS:
            return found[0]
        if len(found) == 1:
            return found[0]
    return 1


def opens_with(value: str, text: str) -> bool:
    """Whether ``value`` holds the opening words of ``text``, in order (markup and icons
    between them ignored): a card's field a laid-out block was printed from."""
    words = _words(text)[:OPENING_WORDS]
    return len(words) >= 2 and _holds(_words(value), words)


def holds_word(value: str, text: str) -> bool:
    """Whether ``text`` is one word that ``value`` holds (a long word too wide for its column
    is all a laid-out block may hold: too few words for ``opens_with``)."""
    words = _words(text)
    return len(words) == 1 and words[0] in _words(value)


def _words(written: str) -> list[str]:
    """The words of a text or a line as written, its icons left out: the laid-out block's
    words have none ('Nimm 2 :coin:. Die …' printed 'Nimm 2 . Die …' was found on no card)."""
    return _WORD.findall(_ICON.sub(" ", written).casefold())


def _holds(words: list[str], wanted: list[str]) -> bool:
    size = len(wanted)
    return any(words[i : i + size] == wanted for i in range(len(words) - size + 1))


@dataclass(frozen=True)
class Fence:
    """A fenced block of a prose file, as CommonMark reads it."""

    line: int  # its opening line, from 1
    col: int  # where its info string's first word starts, from 1
    name: str  # that word: "diagram", "card", "python"…


MARK = "printgen-line="  # added to a block's info string: the line it opens on
# the blocks the documents draw, whose problems are said at their lines
MARKED = {"diagram", "card", "cardrow", "cardfan", "cardgallery", "quickref", "legend"}


def fences(prose: str) -> list[Fence]:
    """The fenced blocks of ``prose``: a fence shown inside a longer fence, or in an indented
    code block, is text, not a block (markdown-it's block rules decide)."""
    if "```" not in prose and "~~~" not in prose:
        return []
    lines = line_texts(prose)
    found = []
    for token in block_tokens(prose):
        if token.type == "fence" and token.map and token.info.split():
            name = token.info.split()[0]
            line = lines[token.map[0]] if token.map[0] < len(lines) else ""
            found.append(Fence(token.map[0] + 1, max(line.find(name), 0) + 1, name))
    return found


def marked(prose: str) -> str:
    """``prose`` with each drawn block's opening line marked with that line (in its info
    string: ``diagram printgen-line=12``), so that the block as the rendered document holds
    it — even one a ``{% for %}`` repeats — points at the prose file's own lines; and each
    ``# Heading`` a section (``##``), as the prose's headings are. Every change stays on its
    line: Jinja's line numbers do not move."""
    wanted = {fence.line for fence in fences(prose) if fence.name in MARKED}
    titles = title_headings(prose)
    if not wanted and not titles:
        return prose
    lines = line_texts(prose)
    for line in wanted:
        lines[line - 1] += f" {MARK}{line}"
    for first, last in titles:  # a section, as "##": "#" is the document's title, cover-sized
        if first == last:
            lines[first - 1] = lines[first - 1].replace("#", "##", 1)
        else:  # a title underlined with "===": underlined with "---"
            lines[last - 1] = lines[last - 1].replace("=", "-")
    if "\r" not in prose:
        return "\n".join(lines)
    parts = _LINE_END.split(prose)  # each line, then the line break after it
    parts[::2] = lines
    return "".join(parts)


def fence_name(info: str) -> tuple[str, int]:
    """A rendered fence's name and the prose line ``marked`` gave it (0: none)."""
    words = info.split()
    if not words:
        return "", 0
    mark = next((w for w in words[1:] if w.startswith(MARK)), "")
    line = mark.removeprefix(MARK)
    return words[0], int(line) if line.isdigit() and len(line) < 10 else 0


def title_headings(prose: str) -> list[tuple[int, int]]:
    """The first and last lines (from 1) of the prose's level-1 headings (``# Title``, or a
    title underlined with ``===``): the document's own title's size."""
    if "#" not in prose and "=" not in prose:
        return []
    return [
        (token.map[0] + 1, token.map[1])
        for token in block_tokens(prose)
        if token.type == "heading_open" and token.tag == "h1" and token.map
    ]


_LINE_END = pattern(r"(\r\n|\r|\n)")  # as markdown-it counts lines


def line_texts(text: str) -> list[str]:
    """``text``'s lines as markdown-it counts them (broken at \\r\\n, \\r and \\n), without
    their breaks. A text with no \\r (nearly every file) is split by str.split: the pattern
    took 60–80 µs on a 10 kB rulebook, a dozen times a validate; str.split takes 6."""
    return text.split("\n") if "\r" not in text else _LINE_END.split(text)[::2]


def block_tokens(prose: str) -> tuple[Token, ...]:
    """The block tokens of a prose file (rendering and linting read the same text), their
    inline text not parsed: a tenth of the time."""
    return parse(prose, blocks_only=True)


def unclosed_fence(prose: str) -> Fence | None:
    """The fence of ``prose`` that is never closed and so runs to its end (at its top level: one
    in a list or a quote ends with it), named by its mark (```` ``` ```` or ``~~~``); None if
    every fence closes."""
    if "```" not in prose and "~~~" not in prose:
        return None
    lines = line_texts(prose)
    depth = 0
    for token in block_tokens(prose):
        depth += token.nesting
        if token.type != "fence" or depth or not token.map:
            continue
        first, end = token.map
        opening = lines[first] if first < len(lines) else ""
        body = opening.lstrip(" ")
        mark = body[: len(body) - len(body.lstrip(body[:1]))] if body[:1] in "`~" else ""
        last = lines[end - 1].strip() if first < end - 1 and end <= len(lines) else ""
        if mark and not (last.startswith(mark) and not last.lstrip(mark[0])):
            return Fence(first + 1, opening.find(mark) + 1, mark)
    return None
