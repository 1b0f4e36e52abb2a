"""A YAML syntax error in a designer's words, at the place to mend: an unclosed bracket or
quote at its opening, a missing colon or a tab at its line, a long key or a text that needs
quotes with the fix written out — rather than PyYAML's own words and marks, which often point
past the mistake (a missing bracket is noticed lines later)."""

from __future__ import annotations

import re

from printgen.limits import MAX_YAML_DEPTH
from printgen.problems import Where, fail
from printgen.source.pyyaml import yaml
from printgen.source.yaml_lookalikes import lookalike_near
from printgen.source.yaml_quotes import unclosed_quote
from printgen.startup.deferred import pattern


def worded(exc: yaml.MarkedYAMLError, rel: str, text: str, offset: int = 0) -> Exception:
    from printgen.source.yaml_brackets import misclosed, never_closed  # (a file that fails)
    from printgen.source.yaml_indent import misaligned

    mark = exc.problem_mark or exc.context_mark
    problem = (exc.problem or "syntax error").strip()
    unclosed = bool(exc.context and "flow" in exc.context and exc.context_mark)
    if unclosed:  # PyYAML notices a missing } or ] only on a later line: point at the opening
        mark = exc.context_mark
    if (bracket := never_closed(exc, text)) is not None:  # its mark may be past the file's end
        mark = yaml.Mark("", 0, bracket.line, bracket.column, None, 0)
    long_key = _long_key(exc, text)
    if long_key is not None:
        mark = long_key
    colonless = None if long_key else _colonless(exc, text)
    if colonless is not None:  # noticed on the line after the key written without its ':'
        mark = colonless
    left_open = None if long_key or colonless else unclosed_quote(exc, text)
    if left_open is not None:  # noticed where YAML found the next quote, or the file's end
        mark = yaml.Mark("", 0, left_open[0], left_open[1], None, 0)
    line = mark.line + 1 if mark else 1
    col = mark.column + 1 if mark else 1
    tab = _tab_near(text, line)
    lookalike = None if tab else lookalike_near(text, line)
    line += offset
    if "nesting depth" in problem:
        message = f"values nested more than {MAX_YAML_DEPTH} levels deep (the limit); flatten them"
    elif "\\t" in problem or "'\\t'" in problem or tab:
        message = "tab character in indentation; YAML needs spaces, replace the tab with spaces"
    elif lookalike is not None:  # a full-width colon, a no-break space: said at it
        line, col, message = lookalike[0] + offset, lookalike[1], lookalike[2]
    elif "another document" in problem or (
        "<document start>" in problem and _ended_above(text, line - offset)
    ):
        # PyYAML's words (the tail of its sentence) for a '---' or '...' line amid the file
        message = (
            "a second YAML document starts here (a '---' or '...' line ends the first); a "
            "file holds one: remove that line and write what follows into the first"
        )
    elif "<document start>" in problem:  # not after '...': a whole value above the keys
        message = (
            "the lines above this one are a whole value of their own (a text, […] or {…} "
            "alone at the file's top), and a file holds one value: make them a key's value "
            "(title: …) or remove them"
        )
    elif long_key is not None:
        message = (
            f"a key is limited to {MAX_YAML_KEY:,} characters (YAML's limit for a plain key): "
            "shorten it"
        )
    elif colonless is not None:
        message = _colon_hint(text, line - offset)
    elif left_open is not None:
        message = (
            "YAML syntax error: this quoted text is never closed, so YAML read the lines below "
            f"as part of it; close its quote: {left_open[2].strip()}"
        )
    elif (unclosed or bracket) and (hidden := _comment_in_flow(text, mark)) is not None:
        col, message = hidden
    elif bracket is not None:
        message = bracket.message
    elif hint := _flow_quote_hint(text, line - offset):
        message = hint
    elif unclosed and (wrong := misclosed(exc, text)) is not None:
        line, col, message = wrong[0].line + 1 + offset, wrong[0].column + 1, wrong[1]
    elif unclosed:
        message = _not_closed(exc, text, offset)
    elif off := misaligned(text, line - offset):
        col, message = off
    elif "mapping values are not allowed" in problem and (hint := _quote_hint(text, line)):
        message = hint
    else:
        message = f"YAML syntax error: {problem}; check the indentation and quoting on this line"
    return fail(Where(rel, line, col), message)


def _not_closed(exc: yaml.MarkedYAMLError, text: str, offset: int) -> str:
    """A '{' or '[' PyYAML read past its line without finding its closer."""
    opened, stopped = exc.context_mark, exc.problem_mark
    opener = text[opened.index] if opened and opened.index < len(text) else ""
    if opener not in ("{", "[") or stopped is None:
        return "YAML syntax error: this {…} or […] is not closed; close it"
    kind, end = ("list", "]") if opener == "[" else ("mapping", "}")
    return (
        f"YAML syntax error: this '{opener}' is not closed (YAML read on to line "
        f"{stopped.line + 1 + offset} looking for its '{end}'): end the {kind} with '{end}'"
    )


# PyYAML stops looking for a key's ':' this many characters past its start, then says a
# misleading "could not find expected ':'" or "mapping values are not allowed here" at the ':'
MAX_YAML_KEY = 1024


def _long_key(exc: yaml.MarkedYAMLError, text: str) -> yaml.Mark | None:
    """The start of a key too long for PyYAML, when that is what it stumbled on: its mark is
    on the ':' after the key."""
    mark = exc.problem_mark
    if mark is None or mark.index >= len(text) or text[mark.index] != ":":
        return None
    line_start = text.rfind("\n", 0, mark.index) + 1
    before = text[line_start : mark.index]
    # a one-line mapping's key starts after its '{' or ','; a block key after its indent
    start = max(before.rfind("{"), before.rfind(",")) + 1 if "{" in before else 0
    key = before[start:]
    written = key.lstrip(" -?")
    if ": " in written and written[:1] not in "'\"":  # a text holding ': ': _quote_hint's
        return None
    if len(key.strip()) <= MAX_YAML_KEY:
        return None
    column = start + len(key) - len(written)
    return yaml.Mark("", mark.index, mark.line, column, None, 0)


def _colonless(exc: yaml.MarkedYAMLError, text: str) -> yaml.Mark | None:
    """Where a key was written without its ':' (``icon seal`` among ``key: value`` lines), when
    that is what PyYAML stumbled on, one line late: the key it was scanning ("could not find
    expected ':'"), or, for a line it read on as one text with the next, that line."""
    problem = exc.problem or ""
    if "could not find expected ':'" in problem and exc.context_mark is not None:
        return exc.context_mark
    mark = exc.problem_mark
    if "mapping values are not allowed" not in problem or mark is None or mark.line == 0:
        return None
    lines = text.splitlines()
    here = lines[mark.line] if mark.line < len(lines) else ""
    above = _meaningful_above(lines, mark.line)
    if above < 0 or ":" in lines[above] or not _KEY_WORDS.match(lines[above]):
        return None
    indent = len(lines[above]) - len(lines[above].lstrip(" -"))
    if indent != len(here) - len(here.lstrip()) or not _ONE_KEY.match(here):
        return None  # the next line no 'key: value' of its own: a text run on over lines
    opener = _meaningful_above(lines, above)
    if opener < 0 or not lines[opener].split(" #")[0].rstrip().endswith(":"):
        return None  # "effect: Gain 2 coins, then" going on below: a text, not a key
    return yaml.Mark("", 0, above, indent, None, 0)  # (no buffer: its text is not shown)


def _meaningful_above(lines: list[str], line: int) -> int:
    """The index of the last line above ``line`` that is neither blank nor a comment (-1)."""
    above = line - 1
    while above >= 0 and (not lines[above].strip() or lines[above].lstrip().startswith("#")):
        above -= 1
    return above


_KEY_WORDS = pattern(r"^\s*(?:-\s+)?[A-Za-z_][\w.-]*\s+\S")  # ``icon seal``: a key, a value
_ONE_KEY = pattern(r"^\s*[\w.-]+:(?:\s|$)")  # ``color: red``: one word before its colon


def _colon_hint(text: str, line: int) -> str:
    """The line written as ``key: value``, its first word taken as the key."""
    lines = text.splitlines()
    written = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    dash = "- " if written.startswith("- ") else ""
    key, _, value = written.removeprefix("- ").partition(" ")
    fixed = f"; write {dash}{key}: {value.strip()}" if key and value.strip() else ""
    return f"YAML syntax error: this line has no ':' after its key{fixed}"


def _ended_above(text: str, line: int) -> bool:
    """Whether a '...' line ends the document above ``line`` (comments and blank lines apart).
    PyYAML says the same '<document start>' of a file whose first line is a whole value
    ("[draft, v2]", a quoted title) and its keys below: no line there to remove."""
    above = text.splitlines()[: max(line - 1, 0)]
    meaningful = (kept for kept in map(str.strip, reversed(above)) if kept and kept[0] != "#")
    return next(meaningful, "").split(" #")[0].rstrip() == "..."


_KEY_VALUE = pattern(r"^\s*(?:-\s+)?(?P<key>[\w.-]+):\s+(?P<value>[^'\"{[].*?)\s*$")


def _quote_hint(text: str, line: int) -> str | None:
    """An unquoted text holding ': ' (often after an :icon:) reads as a second key: say so."""
    lines = text.splitlines()
    found = _KEY_VALUE.match(lines[line - 1]) if 0 < line <= len(lines) else None
    if found is None or ": " not in found["value"]:
        return None
    # the :icon: note only where an icon's closing colon is what YAML stumbled on
    icon = (
        " (an :icon: followed by a space does this)"
        if re.search(r":\w[\w-]*: ", found["value"])
        else ""
    )
    return (
        f"YAML syntax error: this text holds ': ', which YAML reads as a new key{icon}; put "
        f"the text in quotes: {_quoted(found['key'], found['value'])}"
    )


def _quoted(key: str, value: str) -> str:
    """``key: "value"``, the value escaped as a double-quoted YAML text."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'{key}: "{escaped}"'


_FLOW_KEY = pattern(r"[{,]\s*(?P<key>[\w.-]+):\s+")
_FLOW_NEXT = pattern(r",\s*[\w.-]+:\s|\}")


def _flow_quote_hint(text: str, line: int) -> str | None:
    """The same in a one-line mapping, ``{en: Gain 2 :coin: now, it: …}``: a text holding a
    colon that ends a word reads as a new key, or ends the mapping early."""
    lines = text.splitlines()
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    if "{" not in source:  # a block value's own line: _quote_hint's
        return None
    for found in _FLOW_KEY.finditer(source, source.index("{")):
        after = _FLOW_NEXT.search(source, found.end())
        value = source[found.end() : after.start() if after else len(source)].rstrip()
        if value[:1] in ("'", '"', "{", "[") or not re.search(r":(?:\s|$)", value):
            continue
        icon = " (an :icon: does this)" if re.search(r":\w[\w-]*:", value) else ""
        return (
            f"YAML syntax error: a text in this {{…}} holds a ':' that ends a word, which YAML "
            f"reads as a new key{icon}; put the text in quotes: {_quoted(found['key'], value)}"
        )
    return None


def _tab_near(text: str, line: int) -> bool:
    lines = text.splitlines()
    return any("\t" in lines[i] for i in range(max(0, line - 2), min(len(lines), line)))


_HASH = pattern(r"(?<=\s)#(\S*)")  # a comment's start: a '#' after a space (a colour unquoted)


def _comment_in_flow(text: str, mark: yaml.Mark | None) -> tuple[int, str] | None:
    """(column, message) when the line of an unclosed ``{`` or ``[`` holds a '#' after it that
    starts a comment: ``{fill: #ff0000}`` hides its own '}' (a colour unquoted, as in CSS)."""
    if mark is None:
        return None
    lines = text.splitlines()
    if mark.line >= len(lines):
        return None
    line = lines[mark.line]
    found = _HASH.search(line, mark.column)
    if found is None or not any(closer in line[found.start() :] for closer in "]}"):
        return None  # a comment the designer meant, after a bracket left open: not this
    word = found.group(0)  # the colour, up to the space or the end of the line
    return found.start() + 1, (
        f"YAML syntax error: this '#' starts a comment, which hides the rest of the line and "
        f'the bracket\'s closing one with it; put the value in quotes: "{word.rstrip(",}]")}"'
    )
