"""The ``diagram`` fence handler of a document: each block's scene read with its problems at
the prose file's own lines and columns, then drawn (diagram.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.documents.cards import CardIndex
from printgen.documents.diagram import Diagram
from printgen.documents.flow import TextStyle
from printgen.documents.platypus import Flowable
from printgen.documents.scene import read_scene
from printgen.documents.source_lines import fences
from printgen.problems import Problem, ProjectError, Where


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

    def __call__(self, content: str, line: int = 0) -> list[Flowable]:
        """The block's flowables; ``line``: the prose line its fence opens on (0: unknown, as
        for a fence a template wrote — then the n-th block drawn is taken for the n-th in the
        file)."""
        if not line:
            written = [f.line for f in fences(self.source) if f.name == "diagram"]
            line = written[self.count] if self.count < len(written) else 0
        self.count += 1
        first = line + 1 if line else 1
        if line:
            content = _as_written(content, self.source.splitlines()[first - 1 :])
        try:
            scene = read_scene(content, self.rel, first, self.index)
        except ProjectError as exc:
            self.problems.extend(p for p in exc.problems if p not in self.problems)
            return []
        where = Where(self.rel, max(first - 1, 1), 1)
        return [Diagram(scene, self.index, self.caption, where, self.problems, self.scale)]


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
