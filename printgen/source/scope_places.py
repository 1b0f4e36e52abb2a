"""Where a generated card's value was written among its generator's variables.

A product axis entry ``{key: wave, name: Waves, icon: wave}`` holds "wave" twice: a bad icon made
by ``"{{ suit.icon }}"`` is said at the ``icon`` key's value, the one the template reads, not at
the first scalar that happens to match.
"""

from __future__ import annotations

from printgen.problems import Where
from printgen.source.located_yaml import LDict, LList
from printgen.startup.deferred import pattern

# a variable and the keys it is read through: suit.icon, suit['icon'], symbols.colour, row[0]
_READ = pattern(
    r"""(?<![\w.'"])([A-Za-z_]\w*)((?:\s*\.\s*\w+|\s*\[\s*(?:'[^'\]]*'|"[^"\]]*"|\d+)\s*\])+)"""
)
_STEP = pattern(r"""\.\s*(\w+)|\[\s*(?:'([^']*)'|"([^"]*)")\s*\]|\[\s*(\d+)\s*\]""")


def written_at(scope: dict[str, object], raw: object, value: object) -> Where | None:
    """Where ``scope`` holds ``value`` as written: first where the template ``raw`` reads it,
    else wherever the variables hold it (None if nowhere with a place in the file)."""
    if isinstance(raw, str):
        for match in _READ.finditer(raw):
            where = _read_at(scope, match.group(1), match.group(2), value)
            if where is not None:
                return where
    return _anywhere(scope, value)


def _read_at(scope: dict[str, object], name: str, path: str, value: object) -> Where | None:
    """The place of the value ``name`` + ``path`` reads, if it is ``value`` and has one."""
    if name not in scope:
        return None
    node: object = scope[name]
    where: Where | None = None
    for step in _STEP.finditer(path):
        dotted, single, double, index = step.groups()
        key = next((k for k in (dotted, single, double) if k is not None), None)
        if isinstance(node, LDict) and key is not None and key in node:
            where, node = node.at(key), node[key]
        elif isinstance(node, LList) and index is not None and int(index) < len(node):
            where, node = node.at(int(index)), node[int(index)]
        elif isinstance(node, dict) and key is not None and key in node:
            where, node = None, node[key]  # a plain mapping (a generator's own): no place
        else:
            return None
    if node == value and isinstance(node, str) and where is not None and where.line:
        return where
    return None


def _anywhere(scope: object, value: object) -> Where | None:
    """Where the variables (located YAML) hold ``value`` as written, if they do."""
    if isinstance(scope, LDict):
        pairs: list[tuple[object, Where]] = [(v, scope.at(k)) for k, v in scope.items()]
    elif isinstance(scope, LList):
        pairs = [(v, scope.at(i)) for i, v in enumerate(scope)]
    elif isinstance(scope, dict):
        pairs = [(v, Where("", 0, 0)) for v in scope.values()]
    else:
        return None
    for item, where in pairs:
        if isinstance(item, str) and item == value and where.line:
            return where
        if (found := _anywhere(item, value)) is not None:
            return found
    return None
