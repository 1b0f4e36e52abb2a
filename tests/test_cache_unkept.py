"""A build cache that cannot be kept is passed over, as a damaged record is, but said: one
warning line at what stands in its way, and what to do. It was silent: every later build
made every game again ("0 files written", never "up to date")."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.building import kept
from printgen.building.cache import FOLDER
from tests.conftest import Run

CACHE = f"build/{FOLDER}"


def _file(root: Path) -> str:
    shutil.rmtree(root / CACHE)
    (root / CACHE).write_text("x\n")
    return f"{CACHE}:1:1: warning: a file stands where the build cache's folder goes"


def _link(root: Path) -> str:
    shutil.rmtree(root / CACHE)
    (root.parent / "elsewhere").mkdir()
    (root / CACHE).symlink_to(root.parent / "elsewhere")
    return f"{CACHE}:1:1: warning: the build cache is a link"


def _record_folder(root: Path) -> str:
    (record,) = (root / CACHE).glob("demo.*.record")
    record.unlink()
    record.mkdir()
    return f"{CACHE}/{record.name}:1:1: warning: a folder stands where the build cache keeps demo's"


@pytest.mark.parametrize("spoil", [_file, _link, _record_folder])
def test_a_cache_that_cannot_be_kept_is_said(
    demo: Path, printgen: Callable[..., Run], spoil: Callable[[Path], str]
) -> None:
    build = ("build", "--lang", "en", "--only", "cards")
    assert printgen(demo, *build).code == 0
    said = spoil(demo)
    for _ in range(2):  # every build says it, until it is fixed
        run = printgen(demo, *build)
        assert run.code == 0
        (line,) = run.err.splitlines()
        assert line.startswith(said), line
        assert "so every build makes" in line and "; remove " in line
        assert "1 warning" in run.out


def test_no_key_to_seal_records_with_is_said(
    demo: Path,
    tmp_path: Path,
    printgen: Callable[..., Run],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "not-a-folder").write_text("x\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "not-a-folder"))
    monkeypatch.setattr(kept, "_KEY", [])
    run = printgen(demo, "build", "--lang", "en", "--only", "cards")
    assert run.code == 0
    (line,) = run.err.splitlines()
    assert line.startswith(f"{tmp_path / 'not-a-folder' / 'printgen'}:1:1: warning: the build")
    assert "(Not a directory)" in line and "set XDG_CACHE_HOME to a folder you can write" in line
