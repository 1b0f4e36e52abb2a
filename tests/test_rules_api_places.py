"""The rules API reaches inside game.yaml's data and a deck's own file, with the line of every
value, and the bundled games' rules use nothing of printgen but that API."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.test_rules_api import Printgen, error_lines, harbour, line_of

__all__ = ["harbour"]  # the fixture, shared with the rules API's other tests

DATA = """\
data:
  points_to_win: 12
  prices:
    silver: 1
    gold: 4
  rates: [2, 3]
  label: twelve
"""

RULES_PY = """\
from collections.abc import Iterator

from printgen.rules import Problem, RuleContext, Severity, rule, where_in


@rule("places")
def places(ctx: RuleContext) -> Iterator[Problem]:
    gold = ctx.number("prices.gold")
    yield ctx.problem(ctx.where_data("prices.gold"), f"gold {gold}", Severity.WARNING)
    rate = ctx.number("rates.1")
    yield ctx.problem(ctx.where_data("rates.1"), f"rate {rate}", Severity.WARNING)
    absent = ctx.number("prices.copper", 7)
    text = ctx.number("label", 5)
    yield ctx.problem(ctx.where_data("prices.copper"), f"copper {absent} {text}", Severity.WARNING)
    deck = ctx.deck_file("ships")
    cards = deck.get("cards") if deck is not None else None
    if isinstance(cards, list):
        yield ctx.problem(where_in(cards[1], "cost", ctx.game.meta.where), "galleon cost",
                          Severity.WARNING)
"""


def test_rules_find_numbers_and_lines_inside_data_and_deck_files(
    harbour: Path, printgen: Printgen
) -> None:
    game = harbour / "cards" / "harbour"
    yaml_path = game / "game.yaml"
    text = yaml_path.read_text(encoding="utf-8")
    yaml_path.write_text(text.replace("data:\n  points_to_win: 12\n", DATA), encoding="utf-8")
    (game / "rules.py").write_text(RULES_PY, encoding="utf-8")
    run = printgen(harbour, "validate", "harbour")
    assert run.code == 2  # the fixture's own checks fail; the warnings are said beside them
    said = error_lines(run)
    deck = game / "decks" / "ships.yaml"
    galleon_cost = line_of(deck, "cost: 9")
    expected = [
        f"cards/harbour/game.yaml:{line_of(yaml_path, 'gold: 4')}:11: warning: places: gold 4",
        f"cards/harbour/game.yaml:{line_of(yaml_path, 'rates:')}:14: warning: places: rate 3",
        # an absent key: the line of the mapping it would be in; a text is not a number
        f"cards/harbour/game.yaml:{line_of(yaml_path, 'silver: 1')}:5: warning: places: copper 7 5",
        f"cards/harbour/decks/ships.yaml:{galleon_cost}:11: warning: places: galleon cost",
    ]
    for line in expected:
        assert line in said, (line, said)


def test_bundled_rules_import_nothing_of_printgen_but_its_rules_api() -> None:
    """They are the examples a designer reads: what they import, a designer's rules.py can."""
    bundled = sorted((ROOT / "cards").glob("*/rules.py"))
    assert len(bundled) >= 4
    for path in bundled:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                if name.split(".")[0] == "printgen":
                    assert name == "printgen.rules", f"{path.relative_to(ROOT)}:{node.lineno}"


def test_the_package_says_it_is_typed() -> None:
    """A designer's type checker reads printgen's types only when the package ships py.typed."""
    assert (ROOT / "printgen" / "py.typed").is_file()
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"py.typed"' in pyproject  # package data: installed with the package


HELPED_RULES = """\
from collections.abc import Iterator

from printgen.rules import Problem, RuleContext, Severity, rule

from helpers import LIMIT
from .helpers import LIMIT as SAME


@rule("helped")
def helped(ctx: RuleContext) -> Iterator[Problem]:
    yield ctx.problem(ctx.where_data("points_to_win"), f"limit {LIMIT} {SAME}", Severity.WARNING)
"""


def test_rules_py_imports_a_module_beside_it_as_a_script_does(
    harbour: Path, printgen: Printgen
) -> None:
    """`from helpers import …` found nothing: the README says rules.py runs like any script."""
    import sys

    game = harbour / "cards" / "harbour"
    (game / "helpers.py").write_text("LIMIT = 7\n", encoding="utf-8")
    (game / "rules.py").write_text(HELPED_RULES, encoding="utf-8")
    run = printgen(harbour, "validate", "harbour")
    assert "warning: helped: limit 7 7" in run.err, run.err
    assert "helpers" not in sys.modules  # forgotten: another game's helpers.py is its own
    (game / "helpers.py").write_text("LIMIT = 8  # edited, as under printgen watch\n")
    again = printgen(harbour, "validate", "harbour")
    assert "warning: helped: limit 8 8" in again.err, again.err


@pytest.mark.parametrize("module", ["helpers", ".helpers"])
def test_a_name_misspelt_in_an_import_from_a_helper_is_said_with_the_name_meant(
    harbour: Path, printgen: Printgen, module: str
) -> None:
    """`from helpers import LIMT` said a bare "cannot import name", where the same mistake in
    an import from Python's own modules (or in simulate.py) says "did you mean": helpers.py
    was forgotten before the message was worded. `from .helpers import LIMT` named printgen's
    own name for the game's folder ('printgen_rules_harbour_09c6db1714dd.helpers'), which the
    designer never wrote."""
    game = harbour / "cards" / "harbour"
    (game / "helpers.py").write_text("LIMIT = 7\n", encoding="utf-8")
    rules = HELPED_RULES.replace("from helpers import LIMIT\n", f"from {module} import LIMT\n")
    (game / "rules.py").write_text(rules, encoding="utf-8")
    run = printgen(harbour, "validate", "harbour")
    assert run.code == 2
    assert (
        f"cards/harbour/rules.py:{line_of(game / 'rules.py', 'LIMT')}:1: rules.py failed to "
        f"load: ImportError: cannot import name 'LIMT' from '{module}'; did you mean 'LIMIT'?"
    ) in error_lines(run), run.err


def test_a_helper_that_fails_as_rules_py_imports_it_is_said_at_its_own_line(
    harbour: Path, printgen: Printgen
) -> None:
    """A syntax error or an exception at the top of helpers.py was said at rules.py's import
    line (a rule failing inside a helper is said in the helper, at its line)."""
    game = harbour / "cards" / "harbour"
    (game / "rules.py").write_text(HELPED_RULES, encoding="utf-8")
    (game / "helpers.py").write_text("LIMIT = 7\n\ndef broken(:\n", encoding="utf-8")
    run = printgen(harbour, "validate", "harbour")
    assert "cards/harbour/helpers.py:3:12: Python syntax error: invalid syntax" in run.err, run.err
    (game / "helpers.py").write_text("LIMIT = 7\nSHARE = LIMIT / 0\n", encoding="utf-8")
    again = printgen(harbour, "validate", "harbour")
    assert (
        "cards/harbour/helpers.py:2:1: rules.py failed to load: ZeroDivisionError: division by zero"
    ) in again.err, again.err


def test_a_helper_package_of_one_game_is_not_another_games(
    harbour: Path, printgen: Printgen
) -> None:
    import shutil
    import sys

    game = harbour / "cards" / "harbour"
    (game / "lib").mkdir()
    (game / "lib" / "__init__.py").write_text("WHO = 'harbour'\n")
    rules = HELPED_RULES.replace(
        "from helpers import LIMIT\nfrom .helpers import LIMIT as SAME",
        "from lib import WHO as LIMIT\nSAME = LIMIT",
    )
    (game / "rules.py").write_text(rules, encoding="utf-8")
    other = harbour / "cards" / "dock"
    shutil.copytree(game, other)
    text = (other / "game.yaml").read_text().replace("title: Harbour", "title: Dock")
    (other / "game.yaml").write_text(text)
    (other / "lib" / "__init__.py").write_text("WHO = 'dock'\n")
    run = printgen(harbour, "validate")
    assert "cards/harbour/game.yaml" in run.err and "limit harbour harbour" in run.err, run.err
    assert "limit dock dock" in run.err, run.err
    assert "lib" not in sys.modules


def test_a_helper_linked_from_outside_the_project_is_refused(
    harbour: Path, printgen: Printgen, tmp_path: Path
) -> None:
    """A helpers.py (or a helper package) that was a link to a file outside the project was
    imported, although printgen reads nothing outside the project, and the build cache never
    saw it change: `build` said 'up to date' while `validate` failed."""
    game = harbour / "cards" / "harbour"
    (game / "rules.py").write_text(HELPED_RULES, encoding="utf-8")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "helpers.py").write_text("LIMIT = 7\n", encoding="utf-8")
    (game / "helpers.py").symlink_to(outside / "helpers.py")
    run = printgen(harbour, "validate", "harbour")
    assert run.code == 2, run.err
    assert "limit 7" not in run.err, run.err
    assert "cards/harbour/rules.py:5:1: cards/harbour/helpers.py " in run.err
    assert "is a link to a place outside the project folder" in run.err, run.err
    (game / "helpers.py").unlink()
    (outside / "lib").mkdir()
    (outside / "lib" / "__init__.py").write_text("WHO = 'outside'\n")
    (game / "lib").symlink_to(outside / "lib")
    rules = HELPED_RULES.replace(
        "from helpers import LIMIT\nfrom .helpers import LIMIT as SAME",
        "from .lib import WHO as LIMIT\nSAME = LIMIT",
    )
    (game / "rules.py").write_text(rules, encoding="utf-8")
    again = printgen(harbour, "validate", "harbour")
    assert again.code == 2 and "limit outside" not in again.err, again.err
    assert "cards/harbour/lib/__init__.py is a link to a place outside" in again.err, again.err
    (game / "lib").unlink()
    (game / "shared").mkdir()
    (game / "shared" / "helpers.py").write_text("LIMIT = 9\n", encoding="utf-8")
    (game / "helpers.py").symlink_to(game / "shared" / "helpers.py")  # inside: fine
    (game / "rules.py").write_text(HELPED_RULES, encoding="utf-8")
    inside = printgen(harbour, "validate", "harbour")
    assert "warning: helped: limit 9 9" in inside.err, inside.err
