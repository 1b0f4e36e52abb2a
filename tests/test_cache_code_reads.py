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


# a file read only when it exists: one as the module is imported, one as the rule runs
OPTIONAL = """
from pathlib import Path

DATA = Path(__file__).parent.parent.parent / "data"


def text_of(name: str) -> str:
    try:
        return (DATA / name).read_text().strip()
    except FileNotFoundError:
        return ""


EARLY = text_of("banned-early.txt")


@rule("optional-ban")
def optional_ban(ctx: RuleContext) -> Iterator[Problem]:
    for banned in (EARLY, text_of("banned.txt")):
        if banned:
            yield ctx.problem(ctx.cards("main")[0].where("cost"), f"{banned} is banned")
"""


@pytest.fixture
def optional(demo: Path) -> Path:
    """The starter game, whose rules read data/banned-early.txt and data/banned.txt if any."""
    append_to(demo / "cards" / "demo" / "rules.py", OPTIONAL)
    (demo / "data").mkdir()
    return demo


@pytest.mark.parametrize("jobs", ["1", "4"])
@pytest.mark.parametrize("name", ["banned.txt", "banned-early.txt"])
def test_a_file_rules_py_looked_for_and_did_not_find_is_checked_when_made(
    optional: Path, printgen: Callable[..., Run], jobs: str, name: str
) -> None:
    """`echo thief > data/banned.txt`, a file the rules read when it exists, after a build:
    the next said "up to date" (exit 0) while --no-cache failed; it fails as that does."""
    build = ("build", "--jobs", jobs)
    assert printgen(optional, *build).code == 0
    (optional / "data" / name).write_text("thief\n", encoding="utf-8")
    run = printgen(optional, *build)
    assert run.code == 2, run.out
    assert "optional-ban: thief is banned" in run.err
    (optional / "data" / name).unlink()
    assert printgen(optional, *build).code == 0
    assert "nothing changed" in printgen(optional, *build).out


@pytest.mark.parametrize("validate", [False, True])
@pytest.mark.parametrize("name", ["banned.txt", "banned-early.txt"])
def test_watch_checks_a_game_again_when_a_file_its_rules_looked_for_is_made(
    optional: Path, capsys: pytest.CaptureFixture[str], validate: bool, name: str
) -> None:
    """The watcher kept the rules module that found no data/banned-early.txt, and the cache
    its record: making the file built nothing new."""
    rebuild = _watching(optional, validate)
    assert rebuild(None) == 0
    made = optional / "data" / name
    made.write_text("thief\n", encoding="utf-8")
    capsys.readouterr()
    assert rebuild([made]) == 2
    assert "optional-ban: thief is banned" in capsys.readouterr().err
    made.unlink()
    assert rebuild([made]) == 0


def _watching(project: Path, validate: bool) -> Callable[[list[Path] | None], int | None]:
    """What ``printgen watch`` (``--validate``) runs at each save, for the project."""
    args = parser().parse_args(["watch", *(["--validate"] if validate else []), "--jobs", "1"])
    return rebuilder(Project.at(project), [], args)


# the names in a folder: data/ as a rule runs, the project's own as the module is imported
LISTING = """
import os
from pathlib import Path

ROOT = Path(__file__).parent.parent.parent
AT_TOP = sorted(path.name for path in ROOT.glob("*.bad"))


@rule("listing")
def listing(ctx: RuleContext) -> Iterator[Problem]:
    found = AT_TOP + sorted(name for name in os.listdir(ROOT / "data") if name.endswith(".bad"))
    if found:
        yield ctx.problem(ctx.cards("main")[0].where("cost"), f"bad files: {found}")
"""


@pytest.fixture
def listing(demo: Path) -> Path:
    """The starter game, whose rules fail on a file named *.bad at the top or in data/."""
    append_to(demo / "cards" / "demo" / "rules.py", LISTING)
    (demo / "data").mkdir()
    return demo


@pytest.mark.parametrize("jobs", ["1", "4"])
@pytest.mark.parametrize("where", ["data", "."])
def test_a_folder_rules_py_lists_is_checked_again_when_a_file_is_put_in_it(
    listing: Path, printgen: Callable[..., Run], jobs: str, where: str
) -> None:
    """`touch data/x.bad` after a build: the next said "up to date" (exit 0) while validate
    reported the rule's problem; it fails as validate does."""
    build = ("build", "--jobs", jobs)
    # twice: the first made build/ in the project folder the rules list, which they now see
    assert printgen(listing, *build).code == printgen(listing, *build).code == 0
    assert "nothing changed" in printgen(listing, *build).out
    (listing / where / "x.bad").touch()
    run = printgen(listing, *build)
    assert run.code == 2, run.out
    assert "listing: bad files: ['x.bad']" in run.err
    (listing / where / "x.bad").unlink()
    assert printgen(listing, *build).code == 0
    assert "nothing changed" in printgen(listing, *build).out


@pytest.mark.parametrize("validate", [False, True])
@pytest.mark.parametrize("where", ["data", "."])
def test_watch_checks_a_game_again_when_a_file_is_put_in_a_folder_its_rules_list(
    listing: Path, capsys: pytest.CaptureFixture[str], validate: bool, where: str
) -> None:
    """The watcher kept the rules module that listed the project's folder, and the cache
    its record: a file put there built nothing new."""
    rebuild = _watching(listing, validate)
    assert rebuild(None) == 0
    made = listing / where / "x.bad"
    made.touch()
    capsys.readouterr()
    assert rebuild([made]) == 2
    assert "listing: bad files: ['x.bad']" in capsys.readouterr().err
    made.unlink()
    assert rebuild([made]) == 0


@pytest.fixture
def shared(reading: Path) -> Path:
    """The project of ``reading``, whose data/limit.txt and data/banned.txt are links to
    files outside it (shared by several projects)."""
    elsewhere = reading.parent / "shared"
    elsewhere.mkdir()
    for name in ("limit.txt", "banned.txt"):
        (reading / "data" / name).rename(elsewhere / name)
        (reading / "data" / name).symlink_to(elsewhere / name)
    return reading


@pytest.mark.parametrize("jobs", ["1", "4"])
def test_a_file_rules_py_reads_through_a_link_out_is_checked_again_when_saved(
    shared: Path, printgen: Callable[..., Run], jobs: str
) -> None:
    """data/limit.txt a link to ../shared/limit.txt: `echo 2 > ../shared/limit.txt` after a
    build, the next said "up to date" (exit 0) while --no-cache failed; it fails as that
    does — and so does pointing the link at another file."""
    build = ("build", "--jobs", jobs)
    assert printgen(shared, *build).code == 0
    limit = shared.parent / "shared" / "limit.txt"
    limit.write_text("2\n", encoding="utf-8")
    run = printgen(shared, *build)
    assert run.code == 2 and "limit: more than 2 card types" in run.err, run.out
    limit.write_text("5\n", encoding="utf-8")
    assert printgen(shared, *build).code == 0
    banned = shared.parent / "shared" / "thief.txt"
    banned.write_text("thief\n", encoding="utf-8")
    (shared / "data" / "banned.txt").unlink()
    (shared / "data" / "banned.txt").symlink_to(banned)
    run = printgen(shared, *build)
    assert run.code == 2 and "limit: thief is banned" in run.err, run.out
    assert str(shared.parent) not in run.err  # where outside the project it leads is not said


@pytest.mark.parametrize("validate", [False, True])
def test_watch_checks_a_game_again_when_a_file_read_through_a_link_out_is_saved(
    shared: Path, capsys: pytest.CaptureFixture[str], validate: bool
) -> None:
    """The watcher kept the rules module that read ../shared/limit.txt through data/, and
    the cache its record: saving the file (told the link) built nothing new."""
    rebuild = _watching(shared, validate)
    assert rebuild(None) == 0
    (shared.parent / "shared" / "limit.txt").write_text("2\n", encoding="utf-8")
    capsys.readouterr()
    assert rebuild([shared / "data" / "limit.txt"]) == 2
    assert "limit: more than 2 card types" in capsys.readouterr().err
    (shared.parent / "shared" / "limit.txt").write_text("5\n", encoding="utf-8")
    assert rebuild([shared / "data" / "limit.txt"]) == 0
