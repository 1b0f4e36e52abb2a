"""Morra navale engine: the "Rock 2!" answers, fleets from the symbol deck, termination, bots."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from printgen.simulate.data import load_sim_data
from printgen.simulate.engine import load_engine

ROOT = Path(__file__).resolve().parent.parent
GAME = "morra-navale"
MORRA: Any = load_engine(ROOT, GAME).module


@pytest.fixture(scope="module")
def rules() -> Any:
    return MORRA.prepare(load_sim_data(ROOT, GAME))


@pytest.mark.parametrize(
    ("ship", "answer"),
    [("rock", "miss"), ("scissors", "sunk"), ("paper", "counter")],
)
def test_rock_2_answers(ship: str, answer: str) -> None:
    """ "Rock 2!": a rock answers Miss, scissors Sunk, paper Counterattack."""
    assert MORRA.answer("rock", ship) == answer


def test_every_sign_answers_by_the_reference_card() -> None:
    beats = {("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")}
    for named in ("rock", "paper", "scissors"):
        for ship in ("rock", "paper", "scissors"):
            expected = "miss" if named == ship else "sunk" if (named, ship) in beats else "counter"
            assert MORRA.answer(named, ship) == expected


def test_fleets_come_from_the_symbol_deck(rules: Any) -> None:
    data = load_sim_data(ROOT, GAME)
    assert data.used is not None
    cards = data.used.cards("simboli")
    assert (rules.per_sign, rules.ships) == (3, 4)
    assert rules.signs == ("rock", "paper", "scissors")
    for sign, pool in zip(rules.signs, rules.pools, strict=True):
        assert pool and all(cards[i].values["rps"]["key"] == sign for i in pool)
    assert rules.d4 == tuple(
        c.values["d4"] if isinstance(c.values["d4"], int) else 0 for c in cards
    )


def test_calls_name_only_ships_still_afloat() -> None:
    signs = ("rock", "paper", "scissors")
    me = MORRA.Seat(["rock", "paper", "rock", "scissors"], signs)
    them = MORRA.Seat(["paper", None, "rock", None], signs)
    rng = random.Random(1)
    for _ in range(200):
        sign, position = MORRA.random_call(me, them, signs, rng)
        assert sign in signs and position in (0, 2)


def test_greedy_names_the_sign_that_sinks_a_known_ship() -> None:
    signs = ("rock", "paper", "scissors")
    me = MORRA.Seat(["rock", "paper", "rock", "scissors"], signs)
    them = MORRA.Seat(["paper", "scissors", "rock", "rock"], signs)
    me.known[2] = "rock"  # learnt from a Miss on "rock 3"
    assert MORRA.greedy_call(me, them, signs, random.Random(0), 3) == ("paper", 2)


def test_greedy_plays_the_odds_on_unknown_ships() -> None:
    signs = ("rock", "paper", "scissors")
    me = MORRA.Seat(["rock", "rock", "rock", "paper"], signs)
    me.seen.update(["rock", "rock", "rock", "paper"])  # no rock left for the opponent
    them = MORRA.Seat(["paper", "scissors", "paper", "scissors"], signs)
    # unknown ships: 2 paper, 3 scissors. Sunk minus Counterattack chances:
    # rock 3/5 - 2/5, paper 0 - 3/5, scissors 2/5 - 0: scissors
    sign, _ = MORRA.greedy_call(me, them, signs, random.Random(0), 3)
    assert sign == "scissors"


def test_turn_cap_is_honoured(rules: Any) -> None:
    record = MORRA.play(rules, ["random", "random"], random.Random(5), 2)
    assert (record.finished, record.turns, record.winners) == (False, 2, ())


def test_every_game_ends_with_a_winner(rules: Any) -> None:
    for seed in range(200):
        record = MORRA.play(rules, ["random", "greedy"], random.Random(seed), 1000)
        assert record.finished and len(record.winners) == 1
        assert record.series["ships_afloat"][-1] >= 1  # the winner still has a ship
        assert record.figures["sunk"] + record.figures["counterattacks"] >= rules.ships


def test_greedy_clearly_beats_random(rules: Any) -> None:
    wins: Counter[str] = Counter()
    for game in range(300):
        bots = [("greedy", "random")[(seat + game) % 2] for seat in range(2)]
        wins.update(bots[s] for s in MORRA.play(rules, bots, random.Random(game), 1000).winners)
    assert wins["greedy"] > 3 * wins["random"]
