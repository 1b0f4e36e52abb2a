"""A designer's own game, kept outside this repository, with a rules.py and game.yaml checks:.

Every rule's finding is reported at the right file and line, warnings never stop a build, and
broken rules are clear errors rather than crashes.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.options import BuildOptions
from printgen.problems import Problems
from printgen.project import Project
from printgen.session import Session
from tests.conftest import ROOT, Run

Printgen = Callable[..., Run]

GAME_YAML = """\
title: Harbour
languages: [en]
players: {min: 2, max: 4}
author: A. Designer
data:
  points_to_win: 12
checks:
  - id: ship-cost
    each: ships
    assert: "{{ card.cost <= card.cargo + 1 }}"
    message: "{{ card.name }} costs {{ card.cost }} but carries {{ card.cargo }};
      a ship may cost at most its cargo + 1"
  - id: enough-points
    assert: "{{ decks.ships.cards | sum(attribute='cargo') >= data.points_to_win }}"
    message: "the ships carry only {{ decks.ships.cards | sum(attribute='cargo') }} cargo"
  - id: pricey
    each: ships
    assert: "{{ card.cost < 5 }}"
    severity: warning
    message: "{{ card.name }} is expensive"
"""

DECK_YAML = """\
name: Ships
size: poker
layout: ship
fields: {name: text, cost: integer, cargo: integer}
cards:
  - id: sloop
    count: 3
    name: Sloop
    cost: 1
    cargo: 1
  - id: galleon
    count: 1
    name: Galleon
    cost: 9
    cargo: 2
  - id: junk
    count: 2
    name: Junk
    cost: 2
    cargo: 2
"""

LAYOUT_YAML = """\
ship:
  elements:
    frame:
      {type: rect, x: 0, y: 0, w: 63, h: 88, bleed: "{{ false }}", decor: true, stroke: "#000"}
    title: {type: text, x: 5, y: 5, w: 53, h: 10, text: "{{ card.name }}"}
"""

RULES_PY = '''\
from collections.abc import Iterator

from printgen.rules import Problem, RuleContext, Severity, rule


@rule("cargo-cap")
def cargo_cap(ctx: RuleContext) -> Iterator[Problem]:
    """No ship carries more than the game's largest cargo, data.max_cargo (default 3)."""
    limit = ctx.data().get("max_cargo", 3)
    for card in ctx.cards("ships"):
        cargo = card.number("cargo")
        if cargo is not None and cargo > limit:
            yield ctx.problem(card.where("cargo"), f"{card.label} carries {cargo} > {limit}")


@rule("fleet-size")
def fleet_size(ctx: RuleContext) -> Iterator[Problem]:
    deck = ctx.deck("ships")
    if deck is not None and deck.total < 4:
        yield ctx.problem(ctx.where_data("points_to_win"), "too few ships", Severity.WARNING)
'''


@pytest.fixture
def harbour(tmp_path: Path) -> Path:
    """A project of its own, outside the repository: one game with rules.py and checks:."""
    root = tmp_path / "harbour-project"
    assert not root.is_relative_to(ROOT)
    game = root / "cards" / "harbour"
    (game / "decks").mkdir(parents=True)
    (root / "templates" / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (game / "decks" / "ships.yaml").write_text(DECK_YAML, encoding="utf-8")
    (game / "rules.py").write_text(RULES_PY, encoding="utf-8")
    (root / "templates" / "layouts" / "ship.yaml").write_text(LAYOUT_YAML, encoding="utf-8")
    return root


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first line holding ``text``: an independent reading of the file."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in {path}")


def error_lines(run: Run) -> list[str]:
    return [line for line in run.err.splitlines() if line.strip()]


def test_each_check_is_reported_at_the_cards_own_line(harbour: Path, printgen: Printgen) -> None:
    run = printgen(harbour, "validate", "--only", "cards")
    deck = harbour / "cards/harbour/decks/ships.yaml"
    galleon = line_of(deck, "- id: galleon")
    assert run.code == 2
    assert (
        f"cards/harbour/decks/ships.yaml:{galleon}:5: ship-cost: Galleon costs 9 but carries 2; "
        "a ship may cost at most its cargo + 1" in error_lines(run)
    )
    # the sloop and the junk keep to the rule: nothing said of them
    assert not [line for line in error_lines(run) if "Sloop" in line or "Junk" in line]


def test_a_game_level_check_is_reported_at_the_checks_line(
    harbour: Path, printgen: Printgen
) -> None:
    run = printgen(harbour, "validate", "--only", "cards")
    check = line_of(harbour / "cards/harbour/game.yaml", "- id: enough-points")
    assert f"cards/harbour/game.yaml:{check}:5: enough-points: the ships carry only 5 cargo" in (
        error_lines(run)
    )


def test_warnings_are_shown_and_do_not_stop_a_build(harbour: Path, printgen: Printgen) -> None:
    game_yaml = harbour / "cards/harbour/game.yaml"
    deck = harbour / "cards/harbour/decks/ships.yaml"
    # mend both errors; the galleon stays expensive, which is only a warning
    game_yaml.write_text(
        game_yaml.read_text().replace("points_to_win: 12", "max_cargo: 9\n  points_to_win: 12")
    )
    deck.write_text(deck.read_text().replace("cost: 9\n    cargo: 2", "cost: 5\n    cargo: 9"))
    run = printgen(harbour, "build", "--only", "cards")
    galleon = line_of(deck, "- id: galleon")
    assert run.code == 0, run.err
    assert error_lines(run) == [
        f"cards/harbour/decks/ships.yaml:{galleon}:5: warning: pricey: Galleon is expensive"
    ]
    assert (harbour / "build/harbour/en/cards.pdf").is_file()
    checked = printgen(harbour, "validate", "--only", "cards")  # "ok" alone read as all clear
    assert checked.code == 0 and checked.out == "harbour: ok, 1 warning\n", checked.out


def test_a_python_rule_reports_at_the_field_it_names(harbour: Path, printgen: Printgen) -> None:
    deck = harbour / "cards/harbour/decks/ships.yaml"
    deck.write_text(deck.read_text().replace("cost: 2\n    cargo: 2", "cost: 2\n    cargo: 7"))
    run = printgen(harbour, "validate", "--only", "cards")
    cargo = line_of(deck, "cargo: 7")
    assert (
        f"cards/harbour/decks/ships.yaml:{cargo}:12: cargo-cap: card 'junk' (Junk) carries 7 > 3"
        in (error_lines(run))
    )
    assert run.code == 2


def test_a_check_that_cannot_be_evaluated_is_an_error_at_its_line(
    harbour: Path, printgen: Printgen
) -> None:
    game_yaml = harbour / "cards/harbour/game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("card.cost < 5", "card.prize < 5"))
    run = printgen(harbour, "validate", "--only", "cards")
    line = line_of(game_yaml, "card.prize < 5")
    [found] = [x for x in error_lines(run) if x.startswith(f"cards/harbour/game.yaml:{line}:")]
    assert "pricey: the assert cannot be evaluated" in found and "prize" in found
    assert "Traceback" not in run.err and run.code == 2


def test_a_check_naming_an_unknown_deck_suggests_the_right_one(
    harbour: Path, printgen: Printgen
) -> None:
    game_yaml = harbour / "cards/harbour/game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("each: ships", "each: shipz", 1))
    run = printgen(harbour, "validate", "--only", "cards")
    line = line_of(game_yaml, "each: shipz")
    assert (
        f"cards/harbour/game.yaml:{line}:11: ship-cost: each names deck 'shipz', which this game "
        "does not have; did you mean 'ships'?" in error_lines(run)
    )


def test_a_broken_rules_py_is_an_error_at_its_line(harbour: Path, printgen: Printgen) -> None:
    rules = harbour / "cards/harbour/rules.py"
    rules.write_text(rules.read_text().replace("limit = ctx.data()", "limit = ctx.dataa()"))
    run = printgen(harbour, "validate", "--only", "cards")
    line = line_of(rules, "ctx.dataa()")
    assert f"cards/harbour/rules.py:{line}:1: cargo-cap: the rule failed: AttributeError" in run.err
    assert run.code == 2 and "Traceback" not in run.err

    rules.write_text("def broken(:\n")
    run = printgen(harbour, "validate", "--only", "cards")
    assert re.search(r"^cards/harbour/rules\.py:1:\d+: Python syntax error", run.err, re.M)
    assert run.code == 2


def test_an_expression_in_bleed_is_evaluated_like_every_property(harbour: Path) -> None:
    """``bleed: "{{ false }}"`` means no bleed: the frame keeps its own box."""
    session = Session(Project.at(harbour))
    checked = session.check("harbour", BuildOptions(), Problems())
    assert checked is not None
    _, face = checked.decks["en"][0].fronts[0]
    frame = face.ops[0]
    assert (frame.x, frame.y, frame.w, frame.h) == (0, 0, 63, 88)


def test_validate_checks_the_paper_a_build_would_use(harbour: Path, printgen: Printgen) -> None:
    """A card that fits on A4 (297 mm) but not on Letter (279.4 mm) is refused for Letter only."""
    deck = harbour / "cards/harbour/decks/ships.yaml"
    deck.write_text(
        textwrap.dedent(deck.read_text()).replace(
            "size: poker", "size: {width: 150mm, height: 270mm}"
        )
    )
    game_yaml = harbour / "cards/harbour/game.yaml"
    game_yaml.write_text(game_yaml.read_text().split("checks:")[0])
    (harbour / "cards/harbour/rules.py").unlink()
    layout = harbour / "templates/layouts/ship.yaml"
    layout.write_text(layout.read_text().replace("w: 63, h: 88", "w: 150, h: 270"))
    assert printgen(harbour, "validate", "--only", "cards").code == 0
    run = printgen(harbour, "validate", "--only", "cards", "--paper", "letter")
    assert run.code == 2
    assert "does not fit" in run.err and "215.9×279.4" in run.err


@pytest.mark.parametrize(
    ("old", "new", "rule", "at"),
    [
        ("    beans: 1\n", "    beans: 0\n", "monks-produce", "- id: monk"),
        ('    color: "#9b1c1c"\n', '    color: "#7a4a12"\n', "own-colour", "- id: own-colour"),
        ("  hand: 2 ", "  hand: 20 ", "opening-hands", "- id: opening-hands"),
        ("  short_goal: 10 ", "  short_goal: 14 ", "short-goal", "- id: short-goal"),
    ],
)
def test_warriors_and_monks_deck_rules_are_checks(
    project: Path, printgen: Printgen, old: str, new: str, rule: str, at: str
) -> None:
    """Each of the game's checks: catches its own mistake, at the card's or the check's line."""
    game = project / "cards/warriors-and-monks"
    for path in (game / "game.yaml", game / "decks/main.yaml"):
        text = path.read_text(encoding="utf-8")
        if old in text:
            path.write_text(text.replace(old, new, 1), encoding="utf-8")
            break
    else:
        raise AssertionError(f"{old!r} is in neither file")
    run = printgen(project, "validate", "warriors-and-monks", "--only", "cards")
    where = game / ("decks/main.yaml" if rule == "monks-produce" else "game.yaml")
    line = line_of(where, at)
    found = [x for x in error_lines(run) if f": {rule}: " in x]
    assert found and found[0].startswith(f"{where.relative_to(project)}:{line}:"), run.err
    assert run.code == (0 if rule == "short-goal" else 2)  # short-goal is a warning


def test_a_check_may_run_over_several_decks(harbour: Path, printgen: Printgen) -> None:
    """``each: [a, b]`` checks the card types of both decks, each at its own line."""
    game = harbour / "cards/harbour"
    (game / "decks/boats.yaml").write_text(
        (game / "decks/ships.yaml").read_text().replace("id: sloop", "id: dinghy"), "utf-8"
    )
    game_yaml = game / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text().replace("each: ships\n", "each: [ships, boats]\n", 1)
    )
    run = printgen(harbour, "validate", "--only", "cards")
    galleons = [x for x in error_lines(run) if "ship-cost: Galleon costs 9" in x]
    assert sorted(x.split(":")[0] for x in galleons) == [
        "cards/harbour/decks/boats.yaml",
        "cards/harbour/decks/ships.yaml",
    ]
