"""The ``diagram`` fence handler of a document: each block's scene read with its problems at
the prose file's own lines and columns, then drawn (diagram.py)."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace

from printgen.documents.cards import CardIndex
from printgen.documents.diagram import Diagram
from printgen.documents.flow import TextStyle
from printgen.documents.platypus import Flowable
from printgen.documents.scene import read_scene
from printgen.documents.source_lines import fences
from printgen.problems import SAME_PLACE, SHOWN_CARDS, Problem, ProjectError, Where
from printgen.startup.deferred import pattern

# a cell naming no card: its name, then the fix (alike for cells needing the same one)
_NO_CARD = pattern(r"diagram: no card '([^']*)'(.*)\Z", re.DOTALL)


@dataclass
class DiagramBlocks:
    """The fence handler of one document: each ``diagram`` block's problems point at the
    prose file's own lines (its fence's line, marked before templating: source_lines.marked)."""

    index: CardIndex
    rel: str
    source: str  # the prose file's text, before templating
    caption: TextStyle
    scale: float = 1.0  # of each diagram's card width: TIGHT where a rulebook is tightened
    count: int = 0
    problems: list[Problem] = field(default_factory=list)
    # each problem said, however often its block is laid out: a set, as a diagram of 60,000
    # cells naming no card made a list's look-ups quadratic (over a minute)
    said: set[Problem] = field(default_factory=set)
    # the cells naming no card, by their fix: names, and where their one line for the rest is
    unknown: dict[str, _Unknown] = field(default_factory=dict)
    # the project's own document template (its path and text), whose blocks follow the prose's
    template: tuple[str, str] | None = None

    def __call__(self, content: str, line: int = 0) -> list[Flowable]:
        """The block's flowables; ``line``: the prose line its fence opens on (0: unknown, as
        for a fence a template wrote — then the n-th block drawn is taken for the n-th in the
        file, and those past the prose's for the project's own template's)."""
        rel, source = self.rel, self.source
        if not line:
            written = [f.line for f in fences(source) if f.name == "diagram"]
            line = written[self.count] if self.count < len(written) else 0
            if not line and self.template is not None:
                more = [f.line for f in fences(self.template[1]) if f.name == "diagram"]
                if (at := self.count - len(written)) < len(more):
                    (rel, source), line = self.template, more[at]
        self.count += 1
        first = line + 1 if line else 1
        if line:
            content = _as_written(content, source.splitlines()[first - 1 :])
        try:
            scene = read_scene(content, rel, first, self.index)
        except ProjectError as exc:
            for problem in exc.problems:
                self._say(problem)
            return []
        where = Where(rel, max(first - 1, 1), 1)
        return [Diagram(scene, self.index, self.caption, where, self.problems, self.scale)]

    def _say(self, problem: Problem) -> None:
        """``problem`` said once; cells naming no card alike (the same fix) said for the first
        SAME_PLACE, then on one line, at the next cell, for the rest — as printgen.folding
        says many cards alike, but of cells: folding would read "no card 'Foo'" as a card."""
        if problem in self.said:
            return
        self.said.add(problem)
        found = _NO_CARD.match(problem.message)
        if found is None:
            self.problems.append(problem)
            return
        unknown = self.unknown.setdefault(found.group(2), _Unknown())
        unknown.count += 1
        if unknown.count <= SAME_PLACE:
            self.problems.append(problem)
            return
        unknown.names.setdefault(found.group(1))
        if unknown.at < 0:
            unknown.at = len(self.problems)
            self.problems.append(problem)
        # the line for the rest stays at the first of them, counting one more
        rest = replace(self.problems[unknown.at], message=unknown.said(found.group(2)))
        self.problems[unknown.at] = rest


@dataclass
class _Unknown:
    """The cells of a document naming no card that one fix is told for."""

    count: int = 0
    names: dict[str, None] = field(default_factory=dict)  # those past SAME_PLACE, once each
    at: int = -1  # the index in the problems of the line said for them

    def said(self, fix: str) -> str:
        """One line for the cells past the first SAME_PLACE: "diagram: 1,995 more cells name
        no card ('Foo', 'Bar' and 3 more; 2,000 in all); write deck/card, …"."""
        rest = self.count - SAME_PLACE
        names = list(itertools.islice(self.names, SHOWN_CARDS))
        shown = ", ".join(f"'{name}'" for name in names)
        if len(self.names) > SHOWN_CARDS:
            shown += f" and {len(self.names) - SHOWN_CARDS:,} more"
        cells = f"{rest:,} more cells name" if rest > 1 else "1 more cell names"
        return f"diagram: {cells} no card ({shown}; {self.count:,} in all){fix}"


def _as_written(content: str, written: list[str]) -> str:
    """The block's YAML indented as the file's ``written`` lines are: a block in a quote or a
    list item reaches the handler without its '> ' or its indent, and every problem's column
    was that much short of the mistake. One indent for every line, or none (YAML's own
    indentation kept)."""
    lines = content.splitlines()
    shifts = set()
    for own, line in zip(lines, written, strict=False):
        if own.strip():
            prefix = line[: len(line) - len(own)]
            if not line.endswith(own) or prefix.strip(" >"):  # templated: columns unknown
                return content
            shifts.add(len(prefix))
    if len(shifts) != 1:
        return content
    indent = " " * shifts.pop()
    return "".join(indent + line if line.strip() else line for line in content.splitlines(True))
