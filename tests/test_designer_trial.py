"""What a designer's trial of the starter game found: simulate playing a game its checks reject
without a word, a check's fallback message naming no card, a contrast warning blaming the layout
for a card's missing colour, and BOTS declared as a list."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

GAME = "lanterns"
DECK = f"cards/{GAME}/decks/main.yaml"
ENGINE = f"cards/{GAME}/simulate.py"
Printgen = Callable[..., Run]


def engine(bots: str = '("greedy", "random")') -> str:
    return f"""\
from collections import Counter

from printgen.simulate.contract import GameRecord

BOTS = {bots}


def prepare(data):
    return [card.values["cost"] for card in data.cards("main")]


def play(rules, bots, rng, turn_cap):
    return GameRecord(True, 3, (rng.randrange(len(bots)),), [Counter() for _ in bots])
"""


@pytest.fixture
def lanterns(tmp_path: Path, printgen: Printgen) -> Path:
    """The starter game in English and Italian, as the trial made it, with an engine."""
    root = tmp_path / "games"
    assert printgen(root, "new", GAME, "--lang", "en", "--lang", "it").code == 0
    (root / ENGINE).write_text(engine(), encoding="utf-8")
    return root


def edit(root: Path, path: str, old: str, new: str) -> int:
    """Replace the first ``old`` in a project file; the line it was on."""
    text = (root / path).read_text(encoding="utf-8")
    assert old in text, old
    (root / path).write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_simulate_warns_of_a_game_that_fails_its_checks(lanterns: Path, printgen: Printgen) -> None:
    edit(lanterns, DECK, "cost: 3\n", "cost: 5\n")  # the merchant, past cost-limit
    said = printgen(lanterns, "validate", GAME)
    line = edit(lanterns, DECK, "id: merchant", "id: merchant")  # where the check says it
    assert said.err == (
        f"{DECK}:{line}:5: cost-limit: Merchant costs 5; no card may cost more than 3\n"
    )
    run = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert run.code == 0  # played all the same: a designer may try a change before the check
    assert run.err == (
        f"{DECK}:{line}:5: warning: {GAME} fails one of its design checks (cost-limit: "
        "Merchant costs 5; no card may cost more than 3): the simulation plays it as it is; "
        "fix the cards, or change the check\n"
    )
    assert (lanterns / "build" / GAME / "playtest.pdf").is_file()
    edit(lanterns, DECK, "cost: 1\n", "cost: 7\n")  # and the thief
    again = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert (
        "fails 2 of its design checks (cost-limit: Merchant costs 5; no card may cost more "
        "than 3; `printgen validate lanterns` says the other)"
    ) in again.err


def test_simulate_says_nothing_of_checks_a_game_passes(lanterns: Path, printgen: Printgen) -> None:
    run = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert run.code == 0 and run.err == ""


def test_an_error_rule_of_rules_py_is_a_failed_check_too(
    lanterns: Path, printgen: Printgen
) -> None:
    edit(lanterns, f"cards/{GAME}/rules.py", "Severity.WARNING)", "Severity.ERROR)")
    line = edit(lanterns, DECK, "cost: 0\n", "cost: 1\n")  # no card costs nothing now
    run = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert run.code == 0
    assert run.err.startswith(
        f"{DECK}:{line}:11: warning: {GAME} fails one of its design checks (a-free-card: no "
        "card costs 0)"
    )


def test_validate_simulate_does_not_say_the_failed_checks_twice(
    lanterns: Path, printgen: Printgen
) -> None:
    edit(lanterns, DECK, "cost: 3\n", "cost: 5\n")
    run = printgen(lanterns, "validate", "--simulate", GAME)
    assert run.code == 2
    assert run.err.count("Merchant costs 5") == 1 and "design checks" not in run.err
