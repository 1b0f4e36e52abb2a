"""What a template that extends another writes where nothing of it prints: Jinja renders the
parent alone, so a block the parent lacks ('{% block thanks %}' over printgen's rulebook) and
text outside every block are dropped without a word — said at their line instead."""

from __future__ import annotations

from typing import Any

from printgen.problems import Problem, Where
from printgen.source.readers import did_you_mean

MAX_DEPTH = 20  # templates extending templates: no real chain is longer (a cycle is said later)


def unprinted(env: Any, source: str, path: str) -> list[Problem]:
    """The blocks and text of a project template that extends another and would not print."""
    from jinja2 import nodes

    tree = env.parse(source)
    extends = tree.find(nodes.Extends)
    if extends is None or not isinstance(extends.template, nodes.Const):
        return []  # a name worked out while rendering: nothing to compare with here
    parent = str(extends.template.value)
    known = _blocks(env, parent, 0)
    if known is None:
        return []  # a parent that cannot be read is said when the template renders
    lines = source.splitlines()
    problems = []
    nested = {
        id(inner) for outer in tree.find_all(nodes.Block) for inner in outer.find_all(nodes.Block)
    }
    for block in tree.find_all(nodes.Block):
        if id(block) in nested or block.name in known:
            continue
        listed = ", ".join(known) if known else ""
        tail = did_you_mean(block.name, known, f"; its blocks are {listed}" if listed else "")
        if not known:
            tail = f'; it has no blocks: {{% include "{parent}" %}} prints it, your text around it'
        problems.append(
            Problem(
                _at(lines, block.lineno, "block", path),
                f"block '{block.name}' is not a block of {parent}, so nothing of it prints{tail}",
            )
        )
    for node in tree.body:
        if isinstance(node, nodes.Output) and node.lineno >= extends.lineno and _prints(node):
            problems.append(
                Problem(
                    Where(path, node.lineno, 1),
                    f"this text is outside every block of a template that extends {parent}, "
                    "so it never prints; put it in one of its blocks ({{ super() }} prints "
                    "what the block held)",
                )
            )
            break  # one line says it: the rest is the same mistake
    return sorted(problems, key=lambda problem: problem.where.line)


def _blocks(env: Any, name: str, depth: int) -> list[str] | None:
    """The blocks a template and those it extends define, in the order written; None when
    one of them cannot be read or parsed."""
    from jinja2 import TemplateError, nodes

    if depth > MAX_DEPTH:
        return None
    try:
        tree = env.parse(env.loader.get_source(env, name)[0])
    except (TemplateError, OSError):
        return None
    names = [block.name for block in tree.find_all(nodes.Block)]
    extends = tree.find(nodes.Extends)
    if extends is not None:
        if not isinstance(extends.template, nodes.Const):
            return None
        above = _blocks(env, str(extends.template.value), depth + 1)
        if above is None:
            return None
        names = above + names
    return list(dict.fromkeys(names))


def _prints(node: Any) -> bool:
    """Whether an output node prints more than white space."""
    from jinja2 import nodes

    return any(not isinstance(part, nodes.TemplateData) or part.data.strip() for part in node.nodes)


def _at(lines: list[str], line: int, tag: str, path: str) -> Where:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    column = text.find(tag)
    return Where(path, line, text.rfind("{", 0, column) + 1 if column > 0 else 1)
