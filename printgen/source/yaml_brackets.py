"""A ``[`` or ``{`` never closed before a YAML file's end: which one, and what to write.

PyYAML notices it only at the end of the file. After a last item ending in ',' or ':' (``tags:
[a, b,``), or a bracket alone (``tags: [``), its own mark is there too — the line after the
file's last — so the designer was sent past the end of the file; and its words ("did not find
expected node content") name neither the bracket nor its closer."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.source.pyyaml import yaml

try:
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

_OPENERS = (yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken)
_CLOSERS = (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)


@dataclass(frozen=True)
class NeverClosed:
    """The innermost bracket still open at the file's end (0-based, as PyYAML's marks)."""

    line: int
    column: int
    list: bool  # a '[' (else a '{')

    @property
    def message(self) -> str:
        if self.list:
            return "YAML syntax error: this '[' is never closed: end the list with ']'"
        return "YAML syntax error: this '{' is never closed: end the mapping with '}'"


def never_closed(exc: yaml.MarkedYAMLError, text: str) -> NeverClosed | None:
    """The bracket PyYAML's error is about when it reached the file's end inside it, else None
    (a bracket closed by the wrong one, ``[1, 2}``, is said where that one stands)."""
    mark = exc.problem_mark
    if mark is None or not (exc.context and "flow" in exc.context):
        return None
    open_ones: list[yaml.Token] = []
    scanner = _Loader(text)
    try:  # the tokens only (not the parser that failed): the scanner reads on to the end
        while not scanner.check_token(yaml.StreamEndToken):
            token = scanner.get_token()
            if isinstance(token, _OPENERS):
                open_ones.append(token)
            elif isinstance(token, _CLOSERS) and open_ones:
                open_ones.pop()
        end = scanner.peek_token()
    except yaml.YAMLError:  # a scanner error: said by PyYAML's own words, as before
        return None
    finally:
        scanner.dispose()
    place = (end.start_mark.line, end.start_mark.column) if end is not None else None
    at_end = place == (mark.line, mark.column)  # PyYAML stopped at the file's end, not before
    if not (open_ones and at_end):
        return None
    bracket = open_ones[-1]
    start = bracket.start_mark
    return NeverClosed(start.line, start.column, isinstance(bracket, yaml.FlowSequenceStartToken))


_ENDS = {"{": "}", "[": "]"}


def misclosed(exc: yaml.MarkedYAMLError, text: str) -> tuple[yaml.Mark, str] | None:
    """Where a one-line ``{…}`` or ``[…]`` went wrong, and what to write, when PyYAML stopped
    inside it on a character of its own line: the other bracket closing it (``[1, 2}``), or
    two entries with no comma between them (``{en: "Miner" it: "Minatore"}``) — PyYAML says
    "did not find expected ',' or '}'" for both, which read as a bracket never closed."""
    opened, stopped = exc.context_mark, exc.problem_mark
    if opened is None or stopped is None or not (exc.context and "flow" in exc.context):
        return None
    if max(opened.index, stopped.index) >= len(text) or text[opened.index] not in _ENDS:
        return None
    opener, found = text[opened.index], text[stopped.index]
    wanted = _ENDS[opener]
    if found in "]}" and found != wanted:
        return stopped, (
            f"YAML syntax error: this '{found}' closes the '{opener}' at column "
            f"{opened.column + 1}; write '{wanted}'"
        )
    if stopped.line != opened.line or found in ",#" or found.isspace():
        return None
    # the entry with no comma after it: where a key's ':' was met, it began the key's word
    # ("Miner it: Minatore", one text to YAML until its ':'); else where PyYAML stopped
    start = stopped.index
    if found == ":":
        start = max(text.rfind(" ", 0, stopped.index), text.rfind(opener, 0, stopped.index)) + 1
        if start <= opened.index or text[start - 1] != " ":
            return None  # no word after a space before the ':': no comma left out
    word = text[start : start + 40].split(":")[0].split(",")[0].split()[0]
    where = yaml.Mark("", start, stopped.line, stopped.column - (stopped.index - start), None, 0)
    kind = "list" if opener == "[" else "mapping"
    return where, (
        f"YAML syntax error: a ',' is missing before '{word}': the entries of a one-line "
        f"{kind} are parted by commas; write ', {word}'"
    )
