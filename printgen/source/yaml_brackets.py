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
