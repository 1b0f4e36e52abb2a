"""Safe YAML reading that remembers where every value came from.

PyYAML only composes a node graph here (no Python tags can ever be constructed); we build plain
dicts, lists and scalars from it ourselves so that every key and value keeps its file position for
``path:line:col`` messages. Aliases are expanded with a budget, so an alias bomb stops at once.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from printgen.limits import MAX_YAML_DEPTH, MAX_YAML_VALUES
from printgen.problems import Where, fail

if TYPE_CHECKING:
    from printgen.project import Project

try:  # libyaml is several times faster at composing; fall back silently where absent
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the PyYAML build
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

_STD = "tag:yaml.org,2002:"
_STR = f"{_STD}str"
_SCALAR_TAGS = {f"{_STD}{t}" for t in ("str", "int", "float", "bool", "null")}


class LDict(dict[str, Any]):
    """A mapping that knows where it and each of its keys and values stand in the file."""

    where: Where
    key_where: dict[str, Where]
    value_where: dict[str, Where]

    def at(self, key: str) -> Where:
        return self.value_where.get(key, self.where)

    def key_at(self, key: str) -> Where:
        return self.key_where.get(key, self.where)


class LList(list[Any]):
    where: Where
    item_where: list[Where]

    def at(self, index: int) -> Where:
        return self.item_where[index] if index < len(self.item_where) else self.where


def place(node: object, key: str | int, fallback: Where) -> Where:
    """Where a key's value (or a list item) stands in its file; ``fallback`` for plain values.
    The one helper every stage uses to find a place."""
    if isinstance(node, LDict) and isinstance(key, str):
        return node.value_where.get(key, node.where)
    if isinstance(node, LList) and isinstance(key, int):
        return node.at(key)
    return getattr(node, "where", fallback)


def read_yaml(path: Path, rel: str, project: Project | None = None) -> Any:
    """Load one YAML file safely; raise ProjectError naming ``rel`` and the line on any problem.
    The file is read through the project's confinement (its own folder's without one)."""
    from printgen.project import Project

    owner = project or Project.at(path.parent)
    raw = owner.read_bytes(path, Where(rel, 1, 1), what=rel)
    return parse_yaml(raw, rel)


def parse_yaml(raw: bytes, rel: str) -> Any:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise fail(Where(rel, line, 1), "file is not UTF-8 text; save it as UTF-8") from None
    if not text.strip():
        raise fail(
            Where(rel, 1, 1), "file is empty; write the YAML mapping described in the README"
        )
    try:
        _count_events(text, rel)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, rel, text) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        before = text[: exc.position]
        where = Where(rel, before.count("\n") + 1, len(before) - before.rfind("\n"))
        code = (
            exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "?")
        )
        raise fail(where, f"character U+{code:04X} is not allowed in YAML; remove it") from None
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise fail(Where(rel, 1, 1), f"YAML error: {first}") from None
    if node is None:
        raise fail(
            Where(rel, 1, 1), "file has no content; write the YAML mapping described in the README"
        )
    return _Builder(rel).build_checked(node)


def _count_events(text: str, rel: str) -> None:
    """Stream the file's events first: a file with too many values is refused before any node
    of it is built (building them would take the memory the limit protects)."""
    budget = MAX_YAML_VALUES
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_YAML_DEPTH:
                raise fail(
                    _at(rel, event),
                    f"values nested more than {MAX_YAML_DEPTH} levels deep (the limit); "
                    "flatten them",
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if isinstance(event, yaml.NodeEvent):
            budget -= 1
            if budget < 0:
                raise fail(
                    _at(rel, event),
                    f"file holds more than {MAX_YAML_VALUES:,} values (the limit for one "
                    "YAML file); split it",
                )


def _at(rel: str, event: yaml.Event) -> Where:
    mark = event.start_mark
    return Where(rel, mark.line + 1 if mark else 1, mark.column + 1 if mark else 1)


def read_yaml_text(text: str, rel: str, first_line: int) -> Any:
    """YAML embedded in another file (a ``diagram`` block in Markdown): positions are counted
    from ``first_line`` of ``rel``, so messages point into the file the designer edits."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, rel, text, first_line - 1) from None
    except yaml.YAMLError as exc:
        raise fail(Where(rel, first_line, 1), f"YAML error: {exc}") from None
    if node is None:
        raise fail(Where(rel, first_line, 1), "block is empty; write a YAML mapping")
    return _Builder(rel, first_line - 1).build(node)


def _syntax_error(exc: yaml.MarkedYAMLError, rel: str, text: str, offset: int = 0) -> Exception:
    mark = exc.problem_mark or exc.context_mark
    problem = (exc.problem or "syntax error").strip()
    unclosed = bool(exc.context and "flow" in exc.context and exc.context_mark)
    if unclosed:  # PyYAML notices a missing } or ] only on a later line: point at the opening
        mark = exc.context_mark
    line = mark.line + 1 if mark else 1
    col = mark.column + 1 if mark else 1
    tab = _tab_near(text, line)
    line += offset
    if "nesting depth" in problem:
        message = f"values nested more than {MAX_YAML_DEPTH} levels deep (the limit); flatten them"
    elif "\\t" in problem or "'\\t'" in problem or tab:
        message = "tab character in indentation; YAML needs spaces, replace the tab with spaces"
    elif unclosed:
        message = f"YAML syntax error: this {{…}} or […] is not closed ({problem}); close it"
    elif "mapping values are not allowed" in problem and (hint := _quote_hint(text, line)):
        message = hint
    else:
        message = f"YAML syntax error: {problem}; check the indentation and quoting on this line"
    return fail(Where(rel, line, col), message)


_KEY_VALUE = re.compile(r"^\s*(?:-\s+)?(?P<key>[\w.-]+):\s+(?P<value>[^'\"{[].*?)\s*$")


def _quote_hint(text: str, line: int) -> str | None:
    """An unquoted text holding ': ' (often after an :icon:) reads as a second key: say so."""
    lines = text.splitlines()
    found = _KEY_VALUE.match(lines[line - 1]) if 0 < line <= len(lines) else None
    if found is None or ": " not in found["value"]:
        return None
    quoted = found["value"].replace("\\", "\\\\").replace('"', '\\"')
    return (
        "YAML syntax error: this text holds ': ', which YAML reads as a new key (an :icon: "
        f'followed by a space does this); put the text in quotes: {found["key"]}: "{quoted}"'
    )


def _tab_near(text: str, line: int) -> bool:
    lines = text.splitlines()
    return any("\t" in lines[i] for i in range(max(0, line - 2), min(len(lines), line)))


class _Builder:
    def __init__(self, rel: str, offset: int = 0) -> None:
        self.rel = rel
        self.offset = offset  # lines before the YAML text in its file
        self.budget = MAX_YAML_VALUES  # aliases included: an alias bomb stops here
        self.constructor = yaml.SafeLoader("")  # only its scalar constructors are used

    def where(self, node: yaml.Node) -> Where:
        return Where(self.rel, node.start_mark.line + 1 + self.offset, node.start_mark.column + 1)

    def build_checked(self, node: yaml.Node) -> Any:
        """An alias bomb is measured before anything is built: each node's expanded size is
        computed once, so a billion values cost a few hundred steps to refuse."""
        sizes: dict[int, int] = {}

        def size(item: yaml.Node) -> int:
            key = id(item)
            if key not in sizes:
                sizes[key] = 1  # a node that refers to itself counts once
                children: list[yaml.Node] = []
                if isinstance(item, yaml.SequenceNode):
                    children = list(item.value)
                elif isinstance(item, yaml.MappingNode):
                    children = [part for pair in item.value for part in pair]
                sizes[key] = 1 + sum(size(child) for child in children)
            return sizes[key]

        if size(node) > MAX_YAML_VALUES:
            raise fail(
                self.where(node),
                f"document expands to more than {MAX_YAML_VALUES:,} values (alias bomb?); "
                "remove the repeated aliases",
            )
        return self.build(node)

    def build(self, node: yaml.Node) -> Any:
        self.budget -= 1
        if self.budget < 0:
            raise fail(
                self.where(node),
                f"document expands to more than {MAX_YAML_VALUES:,} values (alias bomb?); "
                "remove the repeated aliases",
            )
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node)
        if isinstance(node, yaml.SequenceNode):
            return self._sequence(node)
        return self._scalar(node)

    def _scalar(self, node: yaml.Node) -> Any:
        if node.tag == _STR:  # most values: skip PyYAML's (pure Python) constructor
            return node.value
        if node.tag not in _SCALAR_TAGS:
            raise fail(
                self.where(node),
                f"tag {node.tag.replace(_STD, '!!')} is not allowed; "
                "write a plain value (no YAML tags)",
            )
        try:
            value = self.constructor.construct_object(node, deep=True)
        except ValueError:  # e.g. an integer of 5000 digits (Python's limit is 4300)
            raise fail(
                self.where(node), f"number '{node.value[:20]}…' is too long; write a smaller one"
            ) from None
        except yaml.YAMLError as exc:
            raise fail(self.where(node), f"bad value: {str(exc).splitlines()[0]}") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise fail(
                self.where(node),
                f"'{node.value[:20]}' is not a finite number; write an ordinary number",
            )
        return value

    def _sequence(self, node: yaml.SequenceNode) -> LList:
        if node.tag != f"{_STD}seq":
            raise fail(self.where(node), f"tag {node.tag} is not allowed; write a plain list")
        out = LList(self.build(item) for item in node.value)
        out.where = self.where(node)
        out.item_where = [self.where(item) for item in node.value]
        return out

    def _mapping(self, node: yaml.MappingNode) -> LDict:
        if node.tag != f"{_STD}map":
            raise fail(self.where(node), f"tag {node.tag} is not allowed; write a plain mapping")
        out = LDict()
        out.where = self.where(node)
        out.key_where, out.value_where = {}, {}
        for key_node, value_node in node.value:
            if key_node.tag == f"{_STD}merge":
                self._merge(out, value_node)
                continue
            key = self.build(key_node)
            if not isinstance(key, str):
                key = str(key)
            if key in out and key in out.key_where:
                raise fail(
                    self.where(key_node), f"key '{key}' appears twice in this mapping; keep one"
                )
            out[key] = self.build(value_node)
            out.key_where[key] = self.where(key_node)
            out.value_where[key] = self.where(value_node)
        return out

    def _merge(self, out: LDict, value_node: yaml.Node) -> None:
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for source in sources:
            merged = self.build(source)
            if not isinstance(merged, LDict):
                raise fail(
                    self.where(source), "'<<' merges a mapping; point it at a mapping anchor"
                )
            for key, value in merged.items():
                if key not in out:  # explicit keys win over merged ones, as in YAML 1.1
                    out[key] = value
                    out.value_where[key] = merged.at(key)
