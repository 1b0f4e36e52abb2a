"""The Costruttori del Medioevo rules engine: the rulebook's examples, legal moves, the end of
the game, and a broken card that must show in the results."""

from __future__ import annotations

import pickle
import random
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from printgen.simulate.data import load_sim_data
from printgen.simulate.engine import load_engine
from tests.conftest import ROOT

GAME = "costruttori-del-medioevo"


eng: Any = load_engine(ROOT, GAME).module


@pytest.fixture(scope="module")
def rules() -> Any:
    return eng.prepare(load_sim_data(ROOT, GAME))


def _unit(rules: Any, card_id: str) -> int:
    return int(rules.unit_ids.index(card_id))


def _building(rules: Any, card_id: str) -> int:
    return int(rules.b_ids.index(card_id))


def _position(rules: Any, building: str, crew: list[str], coins: int) -> tuple[Any, Any]:
    """A 2-player game where seat 0 starts its turn with one site, a crew and coins."""
    game = eng.Game(rules, 2, random.Random(0))
    pl = game.players[0]
    bi = _building(rules, building)
    pl.sites = [eng.Site(bi, rules.b_need[bi])]
    pl.free = [_unit(rules, w) for w in crew]
    pl.coins = coins
    pl.free_actions = rules.actions
    return game, pl


def test_the_rules_travel_to_worker_processes(rules: Any) -> None:
    # --jobs sends the prepared rules to other processes: they must pickle, and stay equal
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert set(eng.BOTS) >= {"random", "greedy"}


def test_anna_builds_the_casolare(rules: Any) -> None:
    # Rulebook: Carpentiere navale (1 action, 5 coins), then Conciatetti on the same building in
    # the same turn (2 actions, 3 coins); the Casolare gives 1 VP and 10 coins and frees both.
    game, pl = _position(rules, "casolare", ["carpentiere-navale", "conciatetti"], 10)
    shipwright, conciatetti = _unit(rules, "carpentiere-navale"), _unit(rules, "conciatetti")
    game.apply(0, (eng.SEND, shipwright, 0))
    assert (pl.free_actions, pl.coins, len(pl.sites)) == (2, 5, 1)
    assert (eng.SEND, conciatetti, 0) in game.legal(0)  # the second worker costs 2 actions
    game.apply(0, (eng.SEND, conciatetti, 0))
    assert pl.free_actions == 0  # 3 actions spent
    assert pl.coins == 10 - 8 + 10  # 8 coins of wages spent, 10 earned
    assert pl.vp == 1
    assert pl.sites == []
    assert sorted(pl.free) == sorted([shipwright, conciatetti])
    assert pl.played["casolare"] == 1


def test_bruno_builds_the_argano_and_it_works_for_free(rules: Any) -> None:
    game, pl = _position(rules, "macchina-stone-1", ["garzone-carpentiere"], 10)
    game.apply(0, (eng.SEND, _unit(rules, "garzone-carpentiere"), 0))
    assert (pl.free_actions, pl.coins, pl.vp) == (2, 8, 1)  # 1 action, 2 coins; 1 VP
    argano = _unit(rules, "macchina-stone-1")
    assert argano in pl.free
    assert rules.unit_wage[argano] == 0
    assert rules.unit_skills[argano][rules.skills.index("stone")] == 2
    # it works on the next site like a worker, with no wage
    bi = _building(rules, "pozzo")
    pl.sites.append(eng.Site(bi, rules.b_need[bi]))
    coins = pl.coins
    game.apply(0, (eng.SEND, argano, 0))
    assert pl.coins == coins
    stone = rules.skills.index("stone")
    assert pl.sites[0].need[stone] == rules.b_need[bi][stone] - 2


def test_coin_actions_give_1_then_2_then_3(rules: Any) -> None:
    game, pl = _position(rules, "casolare", [], 0)
    for _ in range(3):
        game.apply(0, (eng.COINS, 0, 0))
    assert pl.coins == 6
    assert (eng.COINS, 0, 0) not in game.legal(0)  # no action left


def test_a_bought_action_may_take_coins(rules: Any) -> None:
    """The rulebook: "An action bought with coins (see below) may be spent this way too, but it
    never pays" — it is a legal move (the random bot's), counted among the turn's coin actions."""
    game, pl = _position(rules, "casolare", [], 10)
    pl.free_actions = 0
    game.apply(0, (eng.BUY, 0, 0))
    assert (eng.COINS, 0, 0) in game.legal(0)
    game.apply(0, (eng.COINS, 0, 0))
    assert (pl.coins, pl.bought, pl.coin_actions) == (10 - rules.extra_action_cost + 1, 0, 1)
    assert (eng.COINS, 0, 0) not in game.legal(0)  # the bought action is spent


def test_legal_moves_in_a_constructed_position(rules: Any) -> None:
    game, pl = _position(rules, "casolare", ["carpentiere-navale", "conciatetti"], 7)
    shipwright, conciatetti = _unit(rules, "carpentiere-navale"), _unit(rules, "conciatetti")
    moves = game.legal(0)
    assert (eng.SEND, shipwright, 0) in moves and (eng.SEND, conciatetti, 0) in moves
    assert (eng.BUY, 0, 0) in moves  # 7 coins pay an extra action (5)
    assert sum(1 for m in moves if m[0] == eng.WORKER) == rules.market
    assert sum(1 for m in moves if m[0] == eng.BUILDING) == rules.market
    game.apply(0, (eng.SEND, shipwright, 0))  # 2 coins left
    moves = game.legal(0)
    assert (eng.SEND, conciatetti, 0) not in moves  # wage 3 > 2 coins
    assert (eng.BUY, 0, 0) not in moves
    pl.coins, pl.free_actions, pl.bought = 20, 0, 1
    moves = game.legal(0)
    assert (eng.COINS, 0, 0) in moves  # a bought action may take coins too
    assert (eng.SEND, conciatetti, 0) not in moves  # the second worker needs 2 actions
    pl.bought = 2
    assert (eng.SEND, conciatetti, 0) in game.legal(0)


def test_the_round_is_completed_after_the_end_vp(rules: Any) -> None:
    for seed in range(20):
        rec = eng.play(rules, ["greedy"] * 3, random.Random(seed), 300)
        assert rec.finished
        assert rec.turns % 3 == 0
        if "end_vp_round" in rec.figures:
            # ended in the round the end VP was reached, with every seat's turn played
            assert rec.turns == rec.figures["end_vp_round"] * 3
            assert rec.turns - 3 < rec.figures["end_vp_turn"] <= rec.turns


def test_carla_and_davide_tie_and_davide_wins_on_coins(rules: Any) -> None:
    # Rulebook: Carla 18 points and 27 coins (20), Davide 16 and 41 (20): Davide has more coins.
    assert eng.final_winners(rules, [(18, 27), (16, 41)]) == (1,)
    assert eng.final_winners(rules, [(18, 19), (18, 19)]) == (0, 1)  # 19 coins are 1 point
    assert eng.final_winners(rules, [(17, 9), (16, 19)]) == (1,)  # 17 each, more coins


def test_turn_cap_is_honoured_and_a_seed_replays_the_game(rules: Any) -> None:
    rec = eng.play(rules, ["greedy", "random"], random.Random(3), 5)
    assert (rec.finished, rec.turns, rec.winners) == (False, 5, ())
    for bots in (["greedy", "greedy"], ["random", "random", "random"]):
        a = eng.play(rules, bots, random.Random(11), 400)
        b = eng.play(rules, bots, random.Random(11), 400)
        assert a == b
        assert a.finished  # random games end too: the buildings run out


def _greedy_share(rules: Any, games: int) -> float:
    rng = random.Random(2026)
    wins = 0.0
    for i in range(games):
        bots = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        rec = eng.play(rules, bots, rng, 400)
        wins += sum(1 for w in rec.winners if bots[w] == "greedy") / max(len(rec.winners), 1)
    return wins / games


def test_greedy_beats_random(rules: Any) -> None:
    assert _greedy_share(rules, 200) > 0.9


def _completions(rules: Any, card: str, games: int) -> int:
    rng = random.Random(7)
    total = 0
    for _ in range(games):
        rec = eng.play(rules, ["greedy", "greedy"], rng, 400)
        total += sum(seat[card] for seat in rec.played)
    return total


def test_a_building_no_crew_can_finish_is_never_completed(tmp_path: Path, rules: Any) -> None:
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    path = tmp_path / "cards" / GAME / "decks" / "buildings.yaml"
    text = path.read_text(encoding="utf-8")
    line = re.search(r"^.*id: collegiata,.*$", text, re.M)
    assert line is not None
    path.write_text(text.replace(line[0], line[0].replace("stone: 4,", "stone: 60,")), "utf-8")
    broken = eng.prepare(load_sim_data(tmp_path, GAME))
    assert broken.b_need[_building(broken, "collegiata")][0] == 60
    assert _completions(rules, "collegiata", 150) > 10
    assert _completions(broken, "collegiata", 150) == 0


def test_the_yaml_numbers_drive_the_game(tmp_path: Path, rules: Any) -> None:
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    path = tmp_path / "cards" / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("end_vp: 17 ", "end_vp: 8 "), "utf-8")
    short = eng.prepare(load_sim_data(tmp_path, GAME))
    assert short.end_vp == 8

    def mean_turns(r: Any) -> float:
        rng = random.Random(5)
        return float(sum(eng.play(r, ["greedy"] * 2, rng, 400).turns for _ in range(60))) / 60

    assert mean_turns(short) < 0.75 * mean_turns(rules)


def test_played_counts_hired_workers_and_completed_buildings(rules: Any) -> None:
    rec = eng.play(rules, ["greedy", "greedy"], random.Random(1), 400)
    kinds: Counter[str] = Counter()
    for seat in rec.played:
        for card in seat:
            kinds["building" if card in rules.b_ids else "worker"] += seat[card]
    assert kinds["building"] == rec.figures["buildings_built"]
    # hired only: the starting apprentices are dealt, not chosen (never the "most played")
    assert kinds["worker"] == rec.figures["workers_taken"]
    apprentices = {card.id for card in load_sim_data(ROOT, GAME).cards("starters")}
    assert not any(seat[card] for seat in rec.played for card in apprentices)
