"""Safe YAML reading that remembers where every value came from.

PyYAML only parses here (no Python tags can ever be constructed): we build plain dicts, lists and
scalars from its event stream ourselves (printgen.source.yaml_events), so that every key and value
keeps its file position for ``path:line:col`` messages, no node graph of the whole file is held in
memory (a 10,000-card deck is millions of nodes), and aliases are expanded with a budget, so an
alias bomb stops at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.limits import MAX_YAML_BYTES, MAX_YAML_VALUES
from printgen.problems import Where, fail
from printgen.source.pyyaml import yaml
from printgen.startup.deferred import pattern

if TYPE_CHECKING:
    from printgen.project import Project
    from printgen.source.yaml_events import EventBuilder

try:  # libyaml is several times faster at composing; fall back silently where absent
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the PyYAML build
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


class LDict(dict[str, Any]):
    """A mapping that knows where it and each of its keys and values stand in the file."""

    __slots__ = ("key_where", "value_where", "where")  # no __dict__ each: a deck has 10,000

    where: Where
    key_where: dict[str, Where]
    value_where: dict[str, Where]

    def at(self, key: str) -> Where:
        return self.value_where.get(key, self.where)

    def key_at(self, key: str) -> Where:
        return self.key_where.get(key, self.where)


class LList(list[Any]):
    """A list that knows where it and each of its items stand in the file."""

    __slots__ = ("item_where", "where")

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


def located_copy(value: Any) -> Any:
    """A fresh copy of a located value, positions included (each alias of an anchored value
    gets one)."""
    if isinstance(value, LDict):
        out = LDict((key, located_copy(item)) for key, item in value.items())
        out.where = value.where
        out.key_where, out.value_where = dict(value.key_where), dict(value.value_where)
        return out
    if isinstance(value, LList):
        items = LList(located_copy(item) for item in value)
        items.where, items.item_where = value.where, list(value.item_where)
        return items
    return value


_NULL = pattern(r"(?m)^[\s-]*(?:~|null|Null|NULL)\s*(?:#.*)?$")


def read_yaml(path: Path, rel: str, project: Project | None = None) -> Any:
    """Load one YAML file safely; raise ProjectError naming ``rel`` and the line on any problem.
    The file is read through the project's confinement (its own folder's without one)."""
    from printgen.project import Project

    owner = project or Project.at(path.parent)
    raw = owner.read_bytes(path, Where(rel, 1, 1), MAX_YAML_BYTES, what=rel)
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
    _odd_break(text, rel)
    try:
        found, value = _build(text, rel)
    except yaml.MarkedYAMLError as exc:
        raise syntax_error(exc, rel, text) from None
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
    if not found or value is None:  # `~` alone would be a file printgen skips unsaid
        held = "holds only a null value (~ or null)" if _NULL.search(text) else "has no content"
        raise fail(Where(rel, 1, 1), f"file {held}; write the YAML mapping described in the README")
    return value


# YAML 1.1 reads these as line breaks, where an editor shows none: a comment holding one went
# on as YAML past it (its words said as an unknown key), and every later line was said one off
_ODD_BREAKS = {"\x85": "next line", "\u2028": "line separator", "\u2029": "paragraph separator"}


def _odd_break(text: str, rel: str, offset: int = 0) -> None:
    """Refuse the first line break an editor does not show, at its place as an editor counts."""
    found = [at for at in (text.find(char) for char in _ODD_BREAKS) if at >= 0]
    if not found:
        return
    at = min(found)
    before = text[:at]
    where = Where(rel, offset + before.count("\n") + 1, at - before.rfind("\n"))
    raise fail(
        where,
        f"character U+{ord(text[at]):04X} ({_ODD_BREAKS[text[at]]}) is not allowed in YAML, "
        "which reads it as a line break an editor does not show; remove it",
    )


def _build(text: str, rel: str, offset: int = 0) -> tuple[bool, Any]:
    """Whether the text holds a document, and its located value."""
    from printgen.source.yaml_events import NOTHING, Crowded, EventBuilder

    try:
        value = _parsed(text, _builder(text, rel, offset, len(text)).build)
        return value is not NOTHING, value
    except Crowded:  # (the traceback holds what was built: let go before reading again)
        pass
    # a file of more values than the limit is refused at the one past it, counted, not built:
    # a 31 MB list of 15 million numbers took 8 s and 470 MB to build up to it
    _parsed(text, EventBuilder(rel, offset, MAX_YAML_VALUES).count)
    value = _parsed(text, _builder(text, rel, offset).build)  # fewer after all
    return value is not NOTHING, value


def _builder(text: str, rel: str, offset: int, foresee: int = 0) -> EventBuilder:
    """A builder that reads the text again where YAML parted a number at its comma."""
    from printgen.source.flow_commas import FlowCommas
    from printgen.source.yaml_events import EventBuilder

    builder = EventBuilder(rel, offset, MAX_YAML_VALUES, foresee)
    builder.commas = FlowCommas(text, rel, offset)
    return builder


def _parsed(text: str, take: Callable[[Iterator[Any]], Any]) -> Any:
    """What ``take`` makes of the text's parser events. They are taken one by one until it has
    none (``yaml.parse`` asks twice an event, through a generator: 120,000 events in a
    10,000-card deck)."""
    parser = _Loader(text)
    try:
        return take(iter(parser.get_event, None))
    finally:
        parser.dispose()


def read_yaml_text(text: str, rel: str, first_line: int) -> Any:
    """YAML embedded in another file (a ``diagram`` block in Markdown): positions are counted
    from ``first_line`` of ``rel``, so messages point into the file the designer edits."""
    _odd_break(text, rel, first_line - 1)
    try:
        found, value = _build(text, rel, first_line - 1)
    except yaml.MarkedYAMLError as exc:
        raise syntax_error(exc, rel, text, first_line - 1) from None
    except yaml.YAMLError as exc:
        raise fail(Where(rel, first_line, 1), f"YAML error: {exc}") from None
    if not found:
        raise fail(Where(rel, first_line, 1), "block is empty; write a YAML mapping")
    return value


def syntax_error(exc: yaml.MarkedYAMLError, rel: str, text: str, offset: int = 0) -> Exception:
    """A file that does not read as YAML, said in a designer's words (only for a file that
    fails: the wording's helpers are not imported otherwise)."""
    from printgen.source.yaml_syntax import worded

    return worded(exc, rel, text, offset)
