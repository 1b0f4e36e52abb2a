"""Files a game's own Python opens itself (not through printgen) are inputs of the game: the
build cache and watch see them change, as they see a deck change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.cli.arguments import parser
from printgen.cli.commands import rebuilder
from printgen.project import Project
from tests.conftest import Run, append_to

# the limit is read as rules.py is imported, the banned name as the rule runs (a helper
# beside rules.py reads it): either way a file outside the game's folder
RULES = """
from pathlib import Path

from helpers import banned

LIMIT = int((Path(__file__).parent.parent.parent / "data" / "limit.txt").read_text())


@rule("limit")
def limit(ctx: RuleContext) -> Iterator[Problem]:
    cards = ctx.cards("main")
    if len(cards) > LIMIT:
        yield ctx.problem(cards[0].where("cost"), f"more than {LIMIT} card types")
    if banned() in [card.id for card in cards]:
        yield ctx.problem(cards[0].where("cost"), f"{banned()} is banned")
"""
HELPERS = """
from pathlib import Path


def banned() -> str:
    return (Path(__file__).parent.parent.parent / "data" / "banned.txt").read_text().strip()
"""


@pytest.fixture
def reading(demo: Path) -> Path:
    """The starter game (four card types) whose rules read data/limit.txt and data/banned.txt."""
    append_to(demo / "cards" / "demo" / "rules.py", RULES)
    (demo / "cards" / "demo" / "helpers.py").write_text(HELPERS, encoding="utf-8")
    (demo / "data").mkdir()
    (demo / "data" / "limit.txt").write_text("5\n", encoding="utf-8")
    (demo / "data" / "banned.txt").write_text("nobody\n", encoding="utf-8")
    return demo


@pytest.mark.parametrize("jobs", ["1", "4"])
def test_a_file_rules_py_reads_itself_is_checked_again_when_it_changes(
    reading: Path, printgen: Callable[..., Run], jobs: str
) -> None:
    """`echo 2 > data/limit.txt` after a build: the next said "up to date … nothing changed"
    (exit 0) while validate and --no-cache failed; it fails as they do."""
    build = ("build", "--jobs", jobs)
    assert printgen(reading, *build).code == 0
    (reading / "data" / "limit.txt").write_text("2\n", encoding="utf-8")
    run = printgen(reading, *build)
    assert run.code == 2, run.out
    assert "limit: more than 2 card types" in run.err
    (reading / "data" / "limit.txt").write_text("5\n", encoding="utf-8")
    assert printgen(reading, *build).code == 0
    (reading / "data" / "banned.txt").write_text("thief\n", encoding="utf-8")
    run = printgen(reading, *build)
    assert run.code == 2 and "limit: thief is banned" in run.err
    (reading / "data" / "banned.txt").write_text("nobody\n", encoding="utf-8")
    assert printgen(reading, *build).code == 0
    assert "nothing changed" in printgen(reading, *build).out


@pytest.mark.parametrize("validate", [False, True])
def test_watch_checks_a_game_again_when_a_file_its_rules_read_is_saved(
    reading: Path, capsys: pytest.CaptureFixture[str], validate: bool
) -> None:
    """The watcher kept the rules module it had imported, and the cache its record: saving
    data/limit.txt built nothing new."""
    project = Project.at(reading)
    args = parser().parse_args(["watch", *(["--validate"] if validate else []), "--jobs", "1"])
    rebuild = rebuilder(project, [], args)
    assert rebuild(None) == 0
    limit = reading / "data" / "limit.txt"
    limit.write_text("2\n", encoding="utf-8")
    capsys.readouterr()
    assert rebuild([limit]) == 2
    assert "limit: more than 2 card types" in capsys.readouterr().err
    limit.write_text("5\n", encoding="utf-8")
    assert rebuild([limit]) == 0
