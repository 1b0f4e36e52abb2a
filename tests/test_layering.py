"""The package tree is the pipeline, data flowing one way: an earlier stage never imports a
later one — at the top of a module, inside a function (a lazy import) or for type checking
alike, since each ties the earlier stage to the later one's code. The edges that still run
backwards are listed below, each with what would need to move; a new one fails this test."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "printgen"

# Each part of the package (a folder, or a module at its top) and its place: a part may
# import its own and those of a lower rank, never a higher one.
RANK = {
    "limits": 0,  # numbers every part bounds itself by
    "startup": 0,  # how a command starts (deferred imports, confinement)
    "problems": 1,  # the one collector every stage reports into
    "inputs": 1,  # the one record of files read, every stage that reads one notes it
    "folding": 2,  # problems alike on many cards said for five, then once for the rest
    "folders": 1,  # which files are there, which names are never inputs
    "kept_values": 1,  # what a process keeps for the next, in memory (building/kept: files)
    "write": 1,  # outputs replaced all or none
    "staged": 1,  # exported images held on disk until written
    "file_kinds": 1,  # what a file is by its first bytes (a text file named Junk.ttf)
    "model": 2,
    "options": 3,
    "sandbox": 3,  # runs what a designer writes, for every stage that reads it
    "project": 3,  # the one door every project file passes through
    "icons": 4,  # the icon library the source stage reads and every later stage draws from
    "source": 5,
    "settings": 6,  # printgen.yaml
    "resolve": 6,
    "layout_defaults": 6,  # what a card's layout gives the fields its deck does not declare
    "rules": 7,
    "layout": 8,
    "draw": 9,
    "documents": 10,
    "outputs": 11,
    # around the stages: what runs them
    "session": 12,
    "building": 13,
    "simulate": 14,
    "starter": 14,
    "watch": 14,
    "cli": 15,
    "__main__": 16,
}

# Backward edges not moved yet: importing module -> imported module, and why it stays.
KNOWN = {
    # the model's Game holds the game's IconLibrary (and falls back on the built-in one)
    ("printgen.model.game", "printgen.icons"),
    # the icon library draws its SVGs as PDF forms itself, with the draw stage's canvas and
    # the layout stage's fonts: splitting names (what source needs) from drawing is a redesign
    ("printgen.icons.forms", "printgen.draw.pdf"),
    ("printgen.icons.svg", "printgen.draw.pdf"),
    ("printgen.icons.svg", "printgen.layout.fonts"),
    # 'printgen new' names where projects are as the command line does
    ("printgen.starter.command", "printgen.cli.game_folders"),
}


def _part(module: str) -> str:
    """The part a module belongs to: its folder, or itself at the top; the package's own
    ``__init__`` is the part "__init__"."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module or a package of printgen's (not a name inside one)."""
    where = ROOT.parent / Path(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def _imported(path: Path, module: str) -> set[str]:
    """Every printgen module ``module`` imports, wherever the import stands: ``import a.b``,
    ``from a import b`` (b a module, a package or a name in a) and relative imports alike."""
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            levels = package.split(".")
            base = levels[: len(levels) - node.level + 1] if node.level else []
            origin = ".".join([*base, node.module or ""]).strip(".")
            for alias in node.names:  # 'from printgen import outputs' imports printgen.outputs
                sub = f"{origin}.{alias.name}"
                found.add(sub if _is_module(sub) else origin)
    return {name for name in found if name.startswith("printgen.")}


def _rank(module: str) -> int:
    part = _part(module)
    if part == "__init__":  # the package's own start-up: nothing but what every part may use
        return 0
    assert part in RANK, f"{module}: its part '{part}' has no rank in RANK"
    return RANK[part]


def _backward() -> set[tuple[str, str]]:
    edges = set()
    for path in sorted(ROOT.rglob("*.py")):
        module = _module(path)
        for target in _imported(path, module):
            if _rank(target) > _rank(module):
                edges.add((module, target))
    return edges


def test_the_import_reader_sees_every_form_of_import(tmp_path: Path) -> None:
    """The reader above is all that keeps the stages in order: an import it misses is an
    edge never checked."""
    source = ROOT / "source" / "cells.py"
    written = tmp_path / "cells.py"
    written.write_text(
        "import printgen.draw.marks\n"
        "from printgen import outputs\n"
        "from printgen.documents import blocks\n"
        "from .. import cli\n"
        "from ..layout.text import split\n"
        "from . import readers\n",
        encoding="utf-8",
    )
    assert _imported(written, _module(source)) == {
        "printgen.draw.marks",
        "printgen.outputs",
        "printgen.documents.blocks",
        "printgen.cli",
        "printgen.layout.text",
        "printgen.source.readers",
    }


def test_every_part_has_a_rank() -> None:
    parts = {p.stem if p.is_file() else p.name for p in ROOT.iterdir() if p.suffix in ("", ".py")}
    unranked = parts - set(RANK) - {"__init__", "py", "templates", "__pycache__"}
    assert not unranked


def test_no_stage_imports_a_later_one() -> None:
    assert sorted(_backward() - KNOWN) == []


def test_known_backward_edges_are_still_there() -> None:
    """One moved is taken off the list, so that it cannot come back unseen."""
    assert sorted(KNOWN - _backward()) == []
