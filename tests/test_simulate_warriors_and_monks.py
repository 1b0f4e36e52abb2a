"""Warriors and Monks engine: the rulebook's attack example, legal moves, termination, bots."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from printgen.simulate.data import load_sim_data
from printgen.simulate.engine import load_engine

ROOT = Path(__file__).resolve().parent.parent
GAME = "warriors-and-monks"
WM: Any = load_engine(ROOT, GAME).module


@pytest.fixture(scope="module")
def rules() -> Any:
    return WM.prepare(load_sim_data(ROOT, GAME))


def table(rules: Any, players: int = 2, bots: str = "greedy") -> Any:
    """A fresh table with empty hands (cards dealt back to the deck)."""
    state = WM.State(rules, [bots] * players, random.Random(0))
    for hand in state.hands:
        for card, count in enumerate(hand):
            state.deck.extend([card] * count)
            hand[card] = 0
    return state


def test_numbers_come_from_the_yaml(rules: Any) -> None:
    assert rules.counts == (18, 18, 8, 6, 6, 6, 6)  # monk, warrior, war, peace, truce, death, wine
    assert (rules.goal, rules.hand) == (12, 2)
    assert (rules.monk_beans, rules.loot, rules.wine_monk_beans, rules.wine_loot) == (1, 1, 2, 2)


def test_rulebook_attack_example(rules: Any) -> None:
    """Anna attacks Bruno with 4 Warriors; Bruno, 2 Monks (one with Wine) and 5 beans, defends
    with 1: the Monk with Wine dies for nothing, the other Monk for 1 bean, the third Warrior
    loots 1 bean; 5 Warriors, 2 Monks and the Wine are discarded, Bruno gives Anna 2 beans."""
    state = table(rules)
    anna, bruno = 0, 1
    state.hands[anna][WM.WARRIOR] = 4
    state.hands[bruno][WM.WARRIOR] = 1
    state.monks[bruno], state.wmonks[bruno], state.beans[bruno] = 2, 1, 5
    state.war = bruno  # it is War time
    WM.attack(state, anna, bruno, 4)
    assert state.beans == [2, 3]
    assert (state.monks[bruno], state.wmonks[bruno]) == (0, 0)
    assert Counter(state.discard) == {WM.WARRIOR: 5, WM.MONK: 2, WM.WINE: 1}
    assert state.war == anna  # the War card moves in front of Anna: Peace at her next turn
    assert state.hands[bruno][WM.WARRIOR] == 0


@pytest.mark.parametrize(
    ("attackers", "wines", "defenders", "monks", "wine_monks", "beans", "loot", "killed"),
    [
        (4, 0, 1, 2, 1, 5, 2, 2),  # the rulebook's example
        (2, 1, 0, 0, 0, 9, 3, 0),  # Wine on a surviving Warrior loots 2 even with no Monk
        (1, 1, 0, 1, 1, 9, 1, 1),  # Wine faces Wine: both cancel, a plain 1-bean loot
        (2, 2, 1, 0, 0, 9, 2, 0),  # the defender cancels the Warrior with Wine first
        (3, 0, 0, 1, 0, 2, 2, 1),  # no more beans than the defender has
        (2, 0, 3, 2, 0, 9, 0, 0),  # every attacker cancelled
    ],
)
def test_attack_resolution(
    rules: Any,
    attackers: int,
    wines: int,
    defenders: int,
    monks: int,
    wine_monks: int,
    beans: int,
    loot: int,
    killed: int,
) -> None:
    outcome = WM.resolve(rules, attackers, wines, defenders, monks, wine_monks, beans)
    assert (outcome.loot, outcome.monks_killed) == (loot, killed)


def test_legal_moves_follow_when_each_card_is_playable(rules: Any) -> None:
    state = table(rules, players=3)
    hand = state.hands[0]
    hand[WM.MONK], hand[WM.WARRIOR], hand[WM.TRUCE], hand[WM.PEACE] = 2, 2, 1, 1
    state.monks[1] = 1
    peace = WM.legal_moves(state, 0, True)
    assert ("monk",) in peace and ("peace",) in peace
    assert not [m for m in peace if m[0] == "attack"]  # Warriors only in War time
    assert {m for m in peace if m[0] == "truce"} == {("truce", 1), ("truce", 2)}
    before_production = WM.legal_moves(state, 0, False)
    assert ("monk",) not in before_production  # a Monk is put into play in step 3
    state.war = 0
    state.truce[2] = 0  # player 2's Truce points at player 0
    war = WM.legal_moves(state, 0, True)
    assert {m for m in war if m[0] == "attack"} == {("attack", 1, 1), ("attack", 1, 2)}
    WM.apply(state, 0, ("monk",))
    assert ("monk",) not in WM.legal_moves(state, 0, True)  # at most one Monk a turn


def test_no_monk_is_put_into_play_after_the_turns_attack(rules: Any) -> None:
    """The seed's steps keep their order ("può calare in gioco un Monaco", then "può effettuare
    un attacco"; the rulebook: "The steps happen in this order"): after attacking, no Monk."""
    state = table(rules)
    state.hands[0][WM.MONK], state.hands[0][WM.WARRIOR] = 1, 1
    state.monks[1], state.war = 1, 1
    assert ("monk",) in WM.legal_moves(state, 0, True)
    WM.apply(state, 0, ("attack", 1, 1))
    assert ("monk",) not in WM.legal_moves(state, 0, True)
    state.hands[0][WM.WARRIOR] = 1  # whatever it still holds, its attack is made
    assert ("monk",) not in WM.legal_moves(state, 0, True)


def test_peace_before_production_lets_the_monks_produce(rules: Any) -> None:
    state = table(rules)
    state.hands[0][WM.PEACE] = 1
    state.monks[0] = 3
    state.war = 1
    WM.GreedyBot.window(state, 0, False)
    assert state.war == WM.NOBODY
    assert Counter(state.discard) == {WM.PEACE: 1, WM.WAR: 1}


def test_turn_cap_is_honoured(rules: Any) -> None:
    record = WM.play(rules, ["greedy"] * 4, random.Random(3), 5)
    assert (record.finished, record.turns, record.winners) == (False, 5, ())


def test_games_end_with_one_winner_at_the_goal(rules: Any) -> None:
    for seed in range(50):
        record = WM.play(rules, ["random"] * 5, random.Random(seed), 2000)
        assert record.finished and len(record.winners) == 1
        assert record.series["leader_beans"][-1] >= rules.goal


def test_greedy_clearly_beats_random(rules: Any) -> None:
    wins: Counter[str] = Counter()
    for game in range(300):
        bots = [("greedy", "random")[(seat + game) % 2] for seat in range(4)]
        record = WM.play(rules, bots, random.Random(game), 1000)
        wins.update(bots[seat] for seat in record.winners)
    assert wins["greedy"] > 3 * wins["random"]  # half the seats each: even would be 1×


def test_war_is_played_at_the_start_of_an_opponents_turn_to_stop_a_winning_production(
    rules: Any,
) -> None:
    # War is "playable at any time": before player 1 produces, player 0 stops the Monks that
    # would give player 1 the game
    state = table(rules)
    state.turn_seat = 1
    state.monks[1] = 3
    state.beans[1] = rules.goal - 3 * rules.monk_beans
    state.hands[0][WM.WAR] = 1
    WM.GreedyBot.interrupt(state, 0)
    assert state.war == 1 and state.hands[0][WM.WAR] == 0  # in front of the player whose turn it is
    # and player 1 may answer with Peace before producing
    state.hands[1][WM.PEACE] = 1
    WM.GreedyBot.window(state, 1, False)
    assert state.war == WM.NOBODY
    # a production that neither wins nor keeps the richest ahead is left alone
    calm = table(rules)
    calm.turn_seat, calm.monks[1], calm.beans[0] = 1, 1, 5
    calm.hands[0][WM.WAR] = 1
    WM.GreedyBot.interrupt(calm, 0)
    assert calm.war == WM.NOBODY and calm.hands[0][WM.WAR] == 1


def test_every_player_may_play_at_the_start_of_another_players_turn(rules: Any) -> None:
    wars_by_others = 0
    original = WM.apply

    def watched(state: Any, seat: int, move: Any) -> None:
        nonlocal wars_by_others
        wars_by_others += move[0] == "war" and seat != state.turn_seat
        original(state, seat, move)

    WM.apply = watched
    try:
        for seed in range(100):
            WM.play(rules, ["greedy"] * 4, random.Random(seed), 1000)
    finally:
        WM.apply = original
    assert wars_by_others > 20  # the game's central interaction happens
