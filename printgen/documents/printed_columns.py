"""The column where a word, as a document prints it, is written in a line of Markdown: its
character references and backslash escapes read as Markdown reads them."""

from __future__ import annotations

from printgen.startup.deferred import pattern

# what Markdown prints otherwise than written: a character reference, a backslash escape
_WRITTEN = pattern(
    r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"  # &amp; &#38; &#x26;
    r"|\\[!-/:-@\[-`{-~]"  # \* \_ \\ …
)


def column_of(word: str, line: str) -> int | None:
    """The column where ``word``, as printed, begins in ``line`` as written: the line read
    once, as Markdown reads its references (a word of '&amp;' was said at the file's first
    line, looked for as printed), and searched as a text (a pattern a character, for a word of
    10,000, took seconds)."""
    if "&" not in line and "\\" not in line:
        at = line.find(word)
        return at + 1 if at >= 0 else None
    import html  # (only when a word runs past the margin)

    printed: list[str] = []
    columns: list[int] = []  # each printed character's column in the line, from 0
    last = 0
    for found in _WRITTEN.finditer(line):
        token = found.group()
        said = token[1] if token[0] == "\\" else html.unescape(token)
        printed.append(line[last : found.start()])
        columns.extend(range(last, found.start()))
        printed.append(said)
        columns.extend([found.start()] * len(said))
        last = found.end()
    printed.append(line[last:])
    columns.extend(range(last, len(line)))
    at = "".join(printed).find(word)
    return columns[at] + 1 if at >= 0 else None
