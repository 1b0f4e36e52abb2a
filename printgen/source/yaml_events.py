"""Plain located values built straight from PyYAML's event stream (for located_yaml).

Building from events, not from ``yaml.compose``'s node graph, keeps only the values themselves in
memory: a 10,000-card deck file is 170,000 nodes, each with two marks, that the graph held all at
once. The limits are the ones the graph version checked, in the same order of precedence: a
syntax error anywhere wins (the stream is read to its end), then too many values or too deep a
nesting (at the value that crosses the limit: counted, not built, once those built foretell too
many), then an alias bomb (refused as the expansion crosses the limit, before it is copied),
then the first problem with a value, in file order.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

from printgen.limits import MAX_YAML_ALIAS_VALUES, MAX_YAML_DEPTH, MAX_YAML_VALUES
from printgen.problems import Problem, ProjectError, Where, closest, fail
from printgen.source.flow_commas import FlowCommas
from printgen.source.located_yaml import LDict, LList, located_copy
from printgen.source.pyyaml import yaml
from printgen.source.yaml_quotes import unquoted_template
from printgen.source.yaml_scalars import BOOL, INT, STD, STR, ScalarReader

NOTHING = object()  # what an empty stream builds
_SEQ, _MAP, _MERGE = (f"{STD}{t}" for t in ("seq", "map", "merge"))
# a key YAML reads as no text (`null:`, `yes:`, `off:`) is named as YAML writes it, not as
# Python's None or True: "unknown key 'None'" named nothing the designer wrote
_KEY_TEXT: dict[object, str] = {None: "null", True: "true", False: "false"}

ComposerError = yaml.composer.ComposerError
MappingNode, ScalarNode, SequenceNode = yaml.MappingNode, yaml.ScalarNode, yaml.SequenceNode


TWICE_SAID = 30  # as a spreadsheet's problems: a 20,000-card file of them was 20,000 lines
# values built between two looks at how many the rest of the file will hold: a look costs a
# microsecond, and each is made with the text this many values took
FORESEE_EVERY = 1 << 15


class Crowded(Exception):
    """The values built so far foretell more than the limit: building the rest (seconds and
    hundreds of MB for a 6 MB list of numbers) would only end in refusing the file, which
    ``EventBuilder.count`` does without building any."""


@dataclass
class _Open:
    """A mapping or list being built: its value, where it starts, how many values it expands
    to so far, and (in a mapping) the key waiting for its value."""

    value: LDict | LList
    where: Where
    anchor: str | None
    size: int = 1
    key: Any = NOTHING
    key_where: Where | None = None
    merge: bool = False
    item_where: list[Where] = field(default_factory=list)


class EventBuilder:
    def __init__(
        self, rel: str, offset: int = 0, limit: int = MAX_YAML_VALUES, foresee: int = 0
    ) -> None:
        self.rel = rel
        self.offset = offset  # lines before the YAML text in its file
        self.limit = limit
        self.values = limit  # values written in the file
        # the characters of the text, to foretell its values from those built (0: never); a
        # look is made as ``values`` drops below ``look_at`` (0: only to refuse the one too many)
        self.foresee = foresee
        self.look_at = max(limit - FORESEE_EVERY, 0) if foresee else 0
        self.looked = (0, 0)  # values built and characters read at the last look
        self.expanded = limit  # values once aliases are expanded: a bomb stops here
        self.copied = min(limit, MAX_YAML_ALIAS_VALUES)  # ... or sooner: each alias is a copy
        self.anchors: dict[str, tuple[Any, int, Where]] = {}
        self.opened: set[str] = set()  # anchors of collections not yet closed
        self.stack: list[_Open] = []
        self.depth = 0
        self.root: Any = NOTHING
        self.line = 0  # the line of the last position made
        self.problem: ProjectError | None = None  # the first, raised once the stream parsed
        self.scalars = ScalarReader()
        self.misread = self.scalars.misread  # keys and numbers YAML misreads: all said
        self.twice = 0  # keys written twice: the first TWICE_SAID said, then how many more
        self.more_twice: Where | None = None
        self.resolver: Any = yaml.resolver.Resolver()
        self.plain_tags: dict[str, str] = {}
        self.commas = FlowCommas("", rel, offset)  # located_yaml gives it the file's text

    def where(self, mark: Any) -> Where:
        line = mark.line + 1 + self.offset
        if line == self.line:  # the values of one line share one number: a card a line
            line = self.line  # of a 50,000-card deck keeps 150,000 fewer int objects
        self.line = line
        return Where(self.rel, line, mark.column + 1)

    def build(self, events: Any) -> Any:
        """The document's value (NOTHING for an empty stream); ProjectError for a problem."""
        documents = 0
        scalar = yaml.ScalarEvent
        for event in events:
            # most events are plain scalars (a card's keys and values): taken directly while
            # nothing is wrong and the count of values has room (_count has nothing to say)
            if type(event) is scalar and self.problem is None and self.values > self.look_at:
                self.values -= 1
                try:
                    if not self._plain_scalar(event):
                        self._scalar_event(event)
                except ProjectError as exc:  # said after the rest is known to parse
                    self.problem = exc
                continue
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                _one_document(event, documents)
            elif isinstance(event, yaml.NodeEvent):
                self._count(event)
                if self.problem is None:
                    try:
                        self._node(event)
                    except ProjectError as exc:  # said after the rest is known to parse
                        self.problem = exc
            elif isinstance(event, yaml.CollectionEndEvent):
                self.depth -= 1
                self._close()
        if self.twice > TWICE_SAID and self.more_twice is not None:
            more = self.twice - TWICE_SAID
            said = f"{more:,} more key{'s' * (more > 1)} written twice in a mapping of this file"
            self.misread.append(Problem(self.more_twice, said))
        if self.misread:  # every one of the file, in one run (before what they caused)
            raise ProjectError(self.misread + (self.problem.problems if self.problem else []))
        if self.problem is not None:
            raise self.problem
        return self.root

    def count(self, events: Any) -> None:
        """Count a stream's values, building none, to raise at the one past the limit as
        ``build`` would (a syntax error, too deep a nesting or a second document before it
        first); return at its end when they are fewer (``build`` foresaw wrong)."""
        documents = 0
        scalar = yaml.ScalarEvent
        for event in events:
            if type(event) is scalar and self.values > 0:  # most events: counted directly
                self.values -= 1
            elif isinstance(event, yaml.NodeEvent):
                self._count(event)
            elif isinstance(event, yaml.CollectionEndEvent):
                self.depth -= 1
            elif isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                _one_document(event, documents)

    def _count(self, event: Any) -> None:
        self.values -= 1
        if self.values < self.look_at:
            self._look(event)
        if not isinstance(event, yaml.CollectionStartEvent):
            return
        self.depth += 1  # counted apart from the stack, which stops growing after a problem
        if self.depth > MAX_YAML_DEPTH:
            raise fail(
                self.where(event.start_mark),
                f"values nested more than {MAX_YAML_DEPTH} levels deep (the limit); flatten them",
            )

    def _look(self, event: Any) -> None:
        """Refuse the value past the limit; or, building, foretell the file's values: those
        built so far, and the rest of the text as thick with them as the last stretch was."""
        if self.values < 0:
            raise fail(
                self.where(event.start_mark),
                f"file holds more than {self.limit:,} values (the limit for one "
                "YAML file); split it",
            )
        built, read = self.limit - self.values, event.start_mark.index
        last_built, last_read = self.looked
        self.looked = (built, read)
        thick = (built - last_built) / max(read - last_read, 1)
        if built + (self.foresee - read) * thick > self.limit:
            raise Crowded
        self.look_at = max(self.values - FORESEE_EVERY, 0)

    def _expand(self, size: int, where: Where, alias: str | None = None) -> None:
        """Count values as they stand once aliases are expanded; an alias's copy counts against
        the (smaller) budget of repeated values too: a bomb stops at whichever comes first,
        said at the alias (or value) that passes it — the file's first line named no alias."""
        self.expanded -= size
        self.copied -= size if alias is not None else 0
        if self.expanded < 0 or self.copied < 0:
            what = (
                f"the document expands to more than {self.limit:,} values"
                if self.expanded < 0
                else f"aliases repeat more than {MAX_YAML_ALIAS_VALUES:,} values"
            )
            by = "this value" if alias is None else f"this *{alias} ({size:,} values)"
            raise fail(where, f"with {by}, {what} (alias bomb?); remove the repeated aliases")

    def _node(self, event: Any) -> None:
        if isinstance(event, yaml.ScalarEvent):
            self._scalar_event(event)
            return
        where = self.where(event.start_mark)
        if isinstance(event, yaml.AliasEvent):
            self._alias(event, where)
            return
        anchor = event.anchor
        if anchor is not None:
            self._new_anchor(anchor, event)
        self._expand(1, where)
        kind = SequenceNode if isinstance(event, yaml.SequenceStartEvent) else MappingNode
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolver.resolve(kind, None, event.implicit)
        collection: LDict | LList
        # said as written (!!python/object/…), as a plain value's tag is, not as its full URI
        shown = tag.replace(STD, "!!")
        if kind is SequenceNode:
            if tag != _SEQ:
                raise fail(where, f"tag {shown} is not allowed; write a plain list (no YAML tags)")
            collection = LList()
        else:
            if tag != _MAP:
                raise fail(
                    where, f"tag {shown} is not allowed; write a plain mapping (no YAML tags)"
                )
            collection = LDict()
            collection.key_where, collection.value_where = {}, {}
            unquoted_template(self.stack[-1] if self.stack else None, where)  # `{{ x }}`
        collection.where = where
        if anchor is not None:
            self.opened.add(anchor)
        self.stack.append(_Open(collection, where, anchor))

    def _scalar_event(self, event: Any) -> None:
        """A scalar: its value put where it belongs."""
        where = self.where(event.start_mark)
        anchor = event.anchor
        if anchor is not None:
            self._new_anchor(anchor, event)
        self._expand(1, where)
        tag = event.tag
        if tag is None or tag == "!":
            tag = self._plain_tag(event.value) if event.implicit[0] else STR
        value = event.value if tag == _MERGE else self.scalars.value(event, tag, where)
        if tag == BOOL and event.value.lower() not in ("true", "false") and self._awaits_key():
            self.misread.append(  # yes: / on: as a key: never the name written
                Problem(
                    where,
                    f"YAML reads the key '{event.value}' as {_KEY_TEXT[value]}; write it in "
                    f'quotes: "{event.value}":',
                )
            )
        elif value is None and event.value and self._awaits_key():
            value = event.value  # ~: (or Null:) said as written, not as 'null'
        if anchor is not None:
            self.anchors[anchor] = (value, 1, where)
        self._add(value, 1, where, tag == _MERGE)

    def _plain_scalar(self, event: Any) -> bool:
        """``_scalar_event`` for what nearly every value of a file is — a text or a whole
        number, with no anchor, in a mapping or a list, while the budget has room — without
        the checks only other scalars need (a 10,000-card deck file has 100,000); False, having
        changed nothing, for any other scalar."""
        if event.anchor is not None or not self.stack or self.expanded <= 0:
            return False
        tag = event.tag
        if tag is None or tag == "!":
            tag = self._plain_tag(event.value) if event.implicit[0] else STR
        if tag != STR and tag != INT:
            return False
        where = self.where(event.start_mark)
        value = self.scalars.value(event, tag, where)
        self.expanded -= 1  # as _expand(1): the budget has room
        self._add(value, 1, where, False)
        return True

    def _awaits_key(self) -> bool:
        return (
            bool(self.stack)
            and isinstance(self.stack[-1].value, LDict)
            and (self.stack[-1].key is NOTHING)
        )

    def _new_anchor(self, anchor: str, event: Any) -> None:
        if anchor in self.anchors or anchor in self.opened:
            raise ComposerError(
                f"found duplicate anchor {anchor!r}; first occurrence",
                None,
                "second occurrence",
                event.start_mark,
            )

    def _plain_tag(self, value: str) -> str:
        """What an unquoted scalar is (int, bool …); remembered, as values repeat card after
        card and PyYAML's resolver tries a list of patterns on each."""
        tag = self.plain_tags.get(value)
        if tag is None:
            tag = self.resolver.resolve(ScalarNode, value, (True, False))
            if len(self.plain_tags) < 10_000:
                self.plain_tags[value] = tag
        return str(tag)

    def _alias(self, event: Any, where: Where) -> None:
        anchor = str(event.anchor)
        if anchor in self.opened:
            raise fail(
                where,
                f"alias *{anchor} stands inside the value of its own anchor &{anchor}, which "
                "would repeat without end; point it at a value defined before",
            )
        if anchor not in self.anchors:  # PyYAML said 'found undefined alias', naming none
            hint = closest(anchor, self.anchors)
            raise fail(
                where,
                f"alias *{anchor} names no value: none before it in this file is marked "
                f"&{anchor} (an anchor reaches only further down its own file)"
                + (f"; did you mean *{hint[0]}?" if hint else ""),
            )
        value, size, origin = self.anchors[anchor]
        self._expand(size, where, anchor)
        # the copy stands where the anchored value does, as PyYAML's shared node did
        self._add(located_copy(value), size, origin, False)

    def _close(self) -> None:
        if not self.stack:
            return
        done = self.stack.pop()
        if isinstance(done.value, LList):
            done.value.item_where = done.item_where
        if done.anchor is not None:
            self.opened.discard(done.anchor)
            self.anchors[done.anchor] = (done.value, done.size, done.where)
        if self.problem is None:
            try:
                self._add(done.value, done.size, done.where, False)
            except ProjectError as exc:
                self.problem = exc

    def _add(self, value: Any, size: int, where: Where, merge_key: bool) -> None:
        """Put a finished value into the collection being built (or make it the document)."""
        if not self.stack:
            self.root = value
            return
        parent = self.stack[-1]
        parent.size += size
        if isinstance(parent.value, LList):
            parent.value.append(value)
            parent.item_where.append(where)
            return
        if parent.key is NOTHING:  # a key
            parent.key, parent.key_where, parent.merge = value, where, merge_key
            return
        key, key_where, merge = parent.key, parent.key_where, parent.merge
        parent.key, parent.key_where, parent.merge = NOTHING, None, False
        out = parent.value
        if merge:
            _merge(out, value, where)
            return
        # one string for each key however many mappings repeat it ("name" on every card)
        if not isinstance(key, str):  # (1 == True: the bool test comes first)
            key = _KEY_TEXT[key] if key is None or isinstance(key, bool) else str(key)
        key = sys.intern(key)
        if value is None and self.commas.parted(out, key, key_where or where, self.misread):
            return  # {width: 63,5mm}: '5mm' is no key, and the number was said with its fix
        if key in out and key in out.key_where:  # each one said, the file read on: the first kept
            self.twice += 1
            if self.twice <= TWICE_SAID:
                said = f"key '{key}' appears twice in this mapping; keep one"
                self.misread.append(Problem(key_where or where, said))
            elif self.twice == TWICE_SAID + 1:
                self.more_twice = key_where or where
            return
        out[key] = value
        out.key_where[key] = key_where or where
        out.value_where[key] = where


def _one_document(event: Any, documents: int) -> None:
    if documents > 1:
        mark: Any = event.start_mark
        raise ComposerError(
            "expected a single document in the stream", None, "but found another document", mark
        )


def _merge(out: LDict, value: Any, where: Where) -> None:
    """``<<: *anchor`` (or a list of them): the mapping's keys not set explicitly before."""
    sources = (
        [(item, value.at(i)) for i, item in enumerate(value)]
        if isinstance(value, LList)
        else [(value, where)]
    )
    for merged, origin in sources:
        if not isinstance(merged, LDict):
            raise fail(origin, "'<<' merges a mapping; point it at a mapping anchor")
        for key, item in merged.items():
            if key not in out:  # explicit keys win over merged ones, as in YAML 1.1
                out[key] = item
                out.value_where[key] = merged.at(key)
