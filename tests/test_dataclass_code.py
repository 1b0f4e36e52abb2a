"""printgen's dataclasses are made from kept code, exactly as from freshly compiled code, and a
kept file that is damaged or from elsewhere is never trusted."""

from __future__ import annotations

import dataclasses
import marshal
import sys
import types
import typing
from pathlib import Path

import pytest

from printgen.startup import dataclass_code
from printgen.startup.dataclass_code import HEADER, KeptCode

CLASS = """
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Card:
    name: str
    cost: int = 2
    tags: tuple[str, ...] = field(default_factory=tuple)
"""


def _made(kept: KeptCode, module: str, monkeypatch: pytest.MonkeyPatch) -> type:
    """The Card class above, made in a module of that name through ``kept``."""
    namespace = types.ModuleType(module)
    monkeypatch.setitem(sys.modules, module, namespace)
    monkeypatch.setattr(dataclasses, "exec", kept.exec, raising=False)
    exec(compile(CLASS, module, "exec", dont_inherit=True), namespace.__dict__)  # no futures
    card: type = namespace.Card
    return card


def _writing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def test_a_class_made_from_kept_code_behaves_as_a_freshly_compiled_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _writing(monkeypatch)
    first = KeptCode(tmp_path / "kept")
    fresh = _made(first, "printgen.kept_first", monkeypatch)
    assert first.new and len(first.used) == 6  # init, repr, eq, setattr, delattr, hash
    first.save()

    second = KeptCode(tmp_path / "kept")
    assert set(second.codes) == set(first.used)
    kept = _made(second, "printgen.kept_second", monkeypatch)
    assert not second.new  # nothing compiled: every method came from the file

    for card in (fresh, kept):
        one = card("Monk")
        assert repr(one) == "Card(name='Monk', cost=2, tags=())"
        assert one == card("Monk", 2, ()) and one != card("Monk", 3)
        assert hash(one) == hash(card("Monk"))
        with pytest.raises(dataclasses.FrozenInstanceError):
            one.cost = 5
        with pytest.raises(TypeError, match="missing 1 required positional argument"):
            card()


def test_only_printgens_own_classes_and_markdown_its_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in ("printgen.own", "markdown_it.token_like"):
        library = KeptCode(tmp_path / module)
        assert _made(library, module, monkeypatch)("Monk").cost == 2
        assert library.used and library.new
    kept = KeptCode(tmp_path / "kept")
    card = _made(kept, "designer_rules", monkeypatch)
    assert card("Monk").cost == 2
    assert not kept.used and not kept.new
    near = _made(kept, "printgenx", monkeypatch)  # a package whose name merely starts the same
    assert near("Monk").cost == 2 and not kept.used
    # compiled as dataclasses compiles it: annotations stay types (this module's `annotations`
    # future made them strings, and typing.get_type_hints failed on a designer's class)
    init = vars(card)["__init__"]
    assert init.__annotations__["name"] is str
    assert typing.get_type_hints(init)["cost"] is int


def test_nothing_is_written_when_bytecode_writing_is_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    kept = KeptCode(tmp_path / "kept")
    _made(kept, "printgen.kept_off", monkeypatch)
    kept.save()
    assert not (tmp_path / "kept").exists()


def test_a_read_only_folder_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _writing(monkeypatch)
    kept = KeptCode(tmp_path / "file-not-folder" / "kept")
    (tmp_path / "file-not-folder").write_text("")  # its folder cannot be made
    _made(kept, "printgen.kept_ro", monkeypatch)
    kept.save()
    assert kept.new  # still to be written, another time
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file-not-folder"]


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not printgen's file at all",
        HEADER[:-4] + b"\x00\x00\x0d\x0a" + marshal.dumps({}),  # another Python's magic number
        HEADER + b"\xff\x00 damaged",
        HEADER + marshal.dumps(["a list", "not a mapping"]),
        HEADER + marshal.dumps({"def f(): pass": "a text, not code"}),
        HEADER + marshal.dumps({1: compile("x = 1", "<string>", "exec")}),
    ],
    ids=["empty", "foreign", "other-python", "damaged", "list", "text-values", "number-keys"],
)
def test_a_kept_file_of_any_other_shape_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes
) -> None:
    (tmp_path / "kept").write_bytes(content)
    kept = KeptCode(tmp_path / "kept")
    assert kept.codes == {}
    card = _made(kept, "printgen.kept_ignored", monkeypatch)
    assert repr(card("Monk", 1)) == "Card(name='Monk', cost=1, tags=())"
    assert kept.new


def test_printgens_modules_make_their_dataclasses_through_the_kept_code() -> None:
    kept = dataclass_code.install()
    assert dataclasses.exec == kept.exec  # type: ignore[attr-defined]
    from printgen.problems import Problem

    def inner(code: types.CodeType) -> set[types.CodeType]:
        nested = {c for c in code.co_consts if isinstance(c, types.CodeType)}
        return nested.union(*(inner(c) for c in nested))

    # Problem's methods run code the kept file holds (or will hold, once this process saves)
    made = set().union(*(inner(code) for code in kept.used.values()))
    for method in ("__init__", "__eq__", "__setattr__"):  # (__repr__ runs through a wrapper)
        assert vars(Problem)[method].__code__ in made, method
