"""Shared fixtures: a scratch copy of the project, the CLI, and PDF readers."""

from __future__ import annotations

import json
import resource
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pdfplumber
import pytest

from printgen.cli.commands import main
from printgen.problems import Problem, Problems
from printgen.project import Project
from printgen.rules import RuleContext
from printgen.rules.discover import load_rules_module
from printgen.session import Session


@pytest.fixture(autouse=True)
def _no_cpu_limit_left() -> Any:
    """A test whose printgen left the kernel's CPU limit set fails here, by name, the limit put
    back: left, it ended the whole run by SIGXCPU minutes later, in whichever test ran then."""
    before = resource.getrlimit(resource.RLIMIT_CPU)
    yield
    after = resource.getrlimit(resource.RLIMIT_CPU)
    if after != before:
        resource.setrlimit(resource.RLIMIT_CPU, before)
        pytest.fail(f"the test left RLIMIT_CPU at {after}, not {before}")


ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the bundled project (cards, fonts) to build or break."""
    for folder in ("cards", "templates", "fonts"):
        if (ROOT / folder).exists():
            shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """A designer's project holding only the starter game ``demo``, in English and Italian."""
    from printgen.starter import new_game

    root = tmp_path / "project"
    new_game(Project.at(root), "demo", ["en", "it"])
    return root


@pytest.fixture
def printgen(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    def run(project: Path, *args: str) -> Run:
        code = main(["--project", str(project), *args])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


@pytest.fixture
def rulebook_from(project: Path, printgen: Callable[..., Run]) -> Callable[[str], Path]:
    """Builds Warriors and Monks' English rulebook with the given prose as its rules.en.md,
    giving the PDF's path."""

    def build(rules: str) -> Path:
        (project / "cards" / "warriors-and-monks" / "rules.en.md").write_text(rules)
        args = ("build", "warriors-and-monks", "--lang", "en", "--only", "rulebook")
        assert (result := printgen(project, *args)).code == 0, result.err
        return project / "build" / "warriors-and-monks" / "en" / "rulebook.pdf"

    return build


@pytest.fixture
def rulebook_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A 1 for each lay-out of a rulebook from here on: how often it was laid out."""
    from printgen.documents.rulebook_document import RulebookDocument

    builds: list[int] = []
    original = RulebookDocument.build

    def counted(self: Any, story: Any) -> None:
        builds.append(1)
        original(self, story)

    monkeypatch.setattr(RulebookDocument, "build", counted)
    return builds


def printed_in_trim_box(pdf: pdfplumber.pdf.PDF, face: dict[str, float]) -> str:
    """The text drawn inside a manifest face's trim box on its page."""
    page = pdf.pages[int(face["page"]) - 1]
    left, bottom = face["x_mm"] * MM, face["y_mm"] * MM
    box = (
        left,
        page.height - bottom - face["height_mm"] * MM,
        left + face["width_mm"] * MM,
        page.height - bottom,
    )
    return page.within_bbox(box).extract_text() or ""


def appended(path: Path, *lines: str) -> Path:
    """``path`` with ``lines`` added at its end (a layout, a game.yaml a test grows)."""
    path.write_text(path.read_text(encoding="utf-8") + "".join(lines), encoding="utf-8")
    return path


def manifest(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="session")
def bundled_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every bundled game built once — both languages, every output — into build/ of a copy of
    the project: the read-back tests of every game share it."""
    root = tmp_path_factory.mktemp("bundled")
    for folder in ("cards", "templates", "fonts", "icons"):
        if (ROOT / folder).exists():
            shutil.copytree(ROOT / folder, root / folder)
    assert main(["--project", str(root), "build", "--booklet"]) == 0
    return root / "build"


@pytest.fixture(scope="session")
def wm_build(bundled_build: Path) -> Path:
    """Warriors and Monks' outputs (cards, rulebook, aid) in both languages."""
    return bundled_build / "warriors-and-monks"


def rules_module(game_id: str, root: Path = ROOT) -> ModuleType:
    """A game's cards/<game>/rules.py, imported as printgen imports it."""
    module = load_rules_module(root / "cards" / game_id, f"cards/{game_id}/rules.py")
    assert module is not None, f"{game_id} has no rules.py"
    return module


def rule_context(root: Path, game_id: str) -> RuleContext:
    """The context a game's rules get in a build of the project at ``root``."""
    session = Session(Project.at(root))
    return session.rule_context(session.game(game_id), Problems())


def rule_problems(root: Path, game_id: str) -> list[Problem]:
    """What the game's rules (constraints, checks:, rules.py) report, as validate runs them."""
    from printgen.rules.run import run_rules

    session = Session(Project.at(root))
    problems = Problems()
    run_rules(
        session.rule_context(session.game(game_id), problems),
        session.rules_module(game_id),
        problems,
    )
    return list(problems)


def unlistable(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """``folder`` as one that can be entered but not read (chmod 311), which the tests, run as
    root, cannot make: listing it is refused, its files still open."""
    listing = Path.iterdir

    def refused(self: Path) -> Any:
        if self == folder:
            raise PermissionError(13, "Permission denied", str(self))
        return listing(self)

    monkeypatch.setattr(Path, "iterdir", refused)


def add_check(game_yaml: Path, check: str) -> None:
    """``check`` (a check's YAML, indented as a list item) first under game.yaml's checks:."""
    text = game_yaml.read_text(encoding="utf-8")
    assert "checks:\n" in text
    game_yaml.write_text(text.replace("checks:\n", "checks:\n" + check, 1), encoding="utf-8")


def append_to(path: Path, text: str) -> None:
    """``text`` at the end of the file (a layout, a deck, a prose file)."""
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
