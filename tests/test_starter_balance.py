"""The starter game of `printgen new` is fair under its own simulator: a designer's first
playtest run said the template game was broken (the first of four players won 82 %, Thief was
never worth playing) while the starter declared no `balance:` for `validate --simulate`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

GAME = "harbour"
# each starter language's words for "finish the round", in its rulebook's End of the game
ROUND_PLAYED_OUT = {
    "en": "finish the round",
    "it": "si completa il giro",
    "fr": "terminez le tour de table",
    "de": "spielt die Runde zu Ende",
    "es": "completad la ronda",
}


@pytest.fixture
def starter(tmp_path: Path, printgen: Callable[..., Run]) -> Path:
    made = printgen(tmp_path, "new", GAME, "--lang", "en")
    assert made.code == 0, made.err
    return tmp_path


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_of_the_starter_wins_its_fair_share(
    starter: Path, printgen: Callable[..., Run], players: int
) -> None:
    """The game ended the moment a player reached the goal, in a race every seat ran at the
    same pace: the first player won 69 % of duels and 82 % of four-player games, seat 4 1 %,
    and Thief (a coin paid to take one) was never worth playing. Now the round is played out
    and the most VP wins: each seat within a few points of a fair share, every card played
    and none clearly more by seats that lose, every game a whole number of rounds."""
    run = printgen(starter, "simulate", GAME, "-n", "1000", "--players", str(players))
    assert run.code == 0, run.err
    summary = json.loads((starter / "build" / GAME / "playtest.json").read_text())
    fair = summary["first_player"]["fair"]
    rates = [seat["rate"] for seat in summary["seats"]]
    assert all(abs(rate - fair) < 0.04 for rate in rates), (rates, fair)
    assert summary["finished"]["share"] == 1.0
    assert summary["finished"]["shared"] < 0.2 * 1000  # ties are broken by coins first
    assert summary["never_worth"] == [], summary["never_worth"]
    turns = summary["turns"]
    assert turns["min"] % players == 0 and turns["max"] % players == 0, turns
    assert 6 * players <= turns["p10"] and turns["p90"] <= 14 * players, turns
    assert "Every card type is played, and none clearly more by seats that lose." in run.out


def test_the_starter_checks_its_balance_out_of_the_box(
    starter: Path, printgen: Callable[..., Run]
) -> None:
    """The starter had no `balance:`: `validate --simulate` checked nothing of it."""
    game = (starter / "cards" / GAME / "game.yaml").read_text(encoding="utf-8")
    assert "\nbalance:\n" in game and "max_first_player_advantage: 0.05" in game
    run = printgen(starter, "validate", "--simulate", "--strict", GAME)
    assert run.code == 0, run.err
    assert run.out == f"{GAME}: 300 simulated games, 5 of 5 balance thresholds met\n{GAME}: ok\n"


@pytest.mark.parametrize("lang", sorted(ROUND_PLAYED_OUT))
def test_the_starter_rulebook_plays_the_round_out_as_its_engine_does(
    tmp_path: Path, printgen: Callable[..., Run], lang: str
) -> None:
    """The rules said the game ends at once, that player winning: now, in every language the
    starter is written in, the round is played out and the most VP wins, ties broken by
    coins — as simulate.py plays it (every game a whole number of rounds, above)."""
    assert printgen(tmp_path, "new", GAME, "--lang", lang).code == 0
    folder = tmp_path / "cards" / GAME
    rules = (folder / f"rules.{lang}.md").read_text(encoding="utf-8")
    assert ROUND_PLAYED_OUT[lang] in rules, rules
    assert "{{ data.goal }} :vp:" in rules and ":coin:" in rules.split("##")[-1]
    aid = (folder / f"aid.{lang}.md").read_text(encoding="utf-8")
    assert ":coin:" in aid.split("{{ data.goal }} :vp:", 1)[1], aid  # the tie-break too
