"""Text past a rulebook page's margin, said where the designer mends it: a long word of the
rules at its own line and column, quoted; a too-wide table at its row; a card's text at the
card."""

from __future__ import annotations

from collections.abc import Callable

from printgen.documents.flow import RichText
from printgen.documents.source_lines import editor_lines
from printgen.layout.text import NO_GAP, Line
from printgen.problems import Problem, Where

OVERFLOWS_SHOWN = 5  # overflowing blocks named one by one; the rest are counted
QUOTED = 50  # characters of a text quoted: a row of a thousand cells is not said whole


def overflow_problems(
    overflowing: list[RichText], rel: str, prose: str, where_of: Callable[[str], Where]
) -> list[Problem]:
    """Text past the margin, one problem a line of the rules (a too-wide table row is one
    line to mend, however many of its cells overflow), the first few lines named. ``rel`` and
    ``prose``: the rules file and its text; ``where_of``: where a block's text is written."""
    by_line: dict[tuple[Where, int], list[str]] = {}
    found: dict[str, Where] = {}  # a row's cells share its words: looked up once a row
    words: set[tuple[Where, int]] = set()  # problems quoting the word that does not fit
    for number, flow in enumerate(overflowing):
        said = flow.row or flow.plain() or flow.written()
        # a block that knows where its text is written (a card's name in the card reference)
        # is said there: the same words in a paragraph that fits are not the mistake
        line = flow.source or found.get(said) or found.setdefault(said, where_of(said))
        word = "" if flow.row else too_wide(flow)
        if word and line.path == rel and flow.source is None:  # the word may be lines on
            line = word_at(prose, word, line) or line
        # a text found on no line is said at the file's start: blocks from anywhere (a long
        # word written twice), not cells of one line, each its own problem
        key = (line, number if line == Where(rel) else 0)
        if word:
            words.add(key)
        by_line.setdefault(key, []).append(word if key in words else flow.written())
    problems = [
        Problem(line, _said(texts, (line, n) in words, line.path == rel))
        for (line, n), texts in list(by_line.items())[:OVERFLOWS_SHOWN]
    ]
    rest = sum(len(texts) for texts in list(by_line.values())[OVERFLOWS_SHOWN:])
    if rest:  # one too-wide table would fill the screen
        problems.append(
            Problem(
                Where(rel),
                f"text runs past the margin in {rest} more blocks of the rulebook; break the "
                "long words or tables",
            )
        )
    return problems


def _said(texts: list[str], word: bool, in_rules: bool) -> str:
    first = texts[0]
    if word:  # the word itself, whole unless very long
        quoted = first if len(first) <= QUOTED else f"{first[:QUOTED]}…"
        said = f"text runs past the margin in the rulebook: the word '{quoted}' is wider than "
        if in_rules:
            return said + "the column; break it (&shy; where it may break) or shorten it"
        return said + f"the column; shorten it, or mark where it may break with {_SOFT_HYPHEN}"
    return (
        f"text runs past the margin in the rulebook: '{first[:QUOTED]}…'"
        + (f" and {_more(len(texts) - 1)} of its line" if len(texts) > 1 else "")
        + (
            "; break the long word (&shy; where it may break) or table"
            if in_rules
            else f"; mark where the long word may break with {_SOFT_HYPHEN}"
        )
    )


# a card's name or text, which its card shrinks to fit: a soft hyphen says where the word may
# break (it prints nothing within a line)
_SOFT_HYPHEN = 'a soft hyphen (U+00AD: "\\u00ad" in a double-quoted YAML text)'


def too_wide(flow: RichText) -> str:
    """The first line of ``flow`` wider than its column, as written: the word that does not
    fit (a line is broken at spaces, so a too-wide one is a word alone); "" when none is (a
    cell of a table too wide for the page, itself fitting its column)."""
    room = flow.avail - flow.style.indent + 0.5
    line = next((line for line in flow.lines if line.width > room), None)
    return "" if line is None else _written(line).strip()


def _written(line: Line) -> str:
    said, end = "", None
    for piece in line.pieces:
        if end is not None and piece.x - end > NO_GAP:
            said += " "
        said += f":{piece.icon}:" if piece.icon else piece.text
        end = piece.x + piece.width
    return said


def word_at(prose: str, word: str, paragraph: Where) -> Where | None:
    """Where ``word`` is written in the paragraph starting at ``paragraph``'s line — or on the
    one line of the file holding it, the paragraph's opening words being written twice (found
    at the other place) — None when it is not there as printed (markup inside it, or a
    template's value)."""
    lines = editor_lines(prose)
    for number in range(paragraph.line, len(lines) + 1):
        text = lines[number - 1]
        if not text.strip():  # the paragraph's end
            break
        if (at := text.find(word)) >= 0:
            return Where(paragraph.path, number, at + 1)
    holding = [number for number, text in enumerate(lines, start=1) if word in text]
    if len(holding) != 1:
        return None
    return Where(paragraph.path, holding[0], lines[holding[0] - 1].find(word) + 1)


def _more(cells: int) -> str:
    return f"{cells} more cell" if cells == 1 else f"{cells} more cells"
