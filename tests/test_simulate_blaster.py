"""The Blaster e spade laser rules engine: the rulebook's examples (free movement, the blaster
shot, the sword, the knight), legal moves, deadlocks, the end of the game, and a changed card."""

from __future__ import annotations

import pickle
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from printgen.simulate.data import load_sim_data
from printgen.simulate.engine import load_engine
from tests.conftest import ROOT

GAME = "blaster-e-spade-laser"


eng: Any = load_engine(ROOT, GAME).module
Pick = Callable[[int], bool]


@pytest.fixture(scope="module")
def rules() -> Any:
    return eng.prepare(load_sim_data(ROOT, GAME))


def arena(rules: Any, wanted: dict[tuple[int, int], Pick], default: Pick | None = None) -> Any:
    """A game whose 3×3 arena has, at each given place, a symbol card the test asks for."""
    used: set[int] = set()
    cells: dict[tuple[int, int], int] = {}
    for cell, pick in wanted.items():
        c = next(c for c in range(len(rules.ids)) if c not in used and pick(c))
        used.add(c)
        cells[cell] = c
    for y in range(3):
        for x in range(3):
            if (x, y) not in cells:
                ok = default or (lambda c: True)
                c = next(c for c in range(len(rules.ids)) if c not in used and ok(c))
                used.add(c)
                cells[(x, y)] = c
    order = [cells[(i % 3, i // 3)] for i in range(9)]
    return eng.Game(rules, random.Random(0), cards=order)


def test_the_arena_is_read_from_the_symbol_deck(rules: Any) -> None:
    assert len(rules.ids) == 54
    assert rules.side == 3 and rules.life_points == 10
    assert sum(rules.on) == 27
    assert sum(1 for v in rules.d4 if v == 0) == 2  # the D4's two dashes
    assert sum(1 for p in rules.piece if p == eng.KNIGHT) == 9


def test_the_rules_travel_to_worker_processes(rules: Any) -> None:
    # --jobs sends the prepared rules to other processes: they must pickle, and stay equal
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert set(eng.BOTS) >= {"random", "greedy"}


def test_free_movement_example(rules: Any) -> None:
    # Rulebook: from the bottom-left corner (wind NE) to the centre (wind E), on to the right
    # centre card (a rook), whose chess move reaches the top-right corner.
    r = rules
    g = arena(
        r,
        {
            (0, 0): lambda c: r.wind[c] == (1, 1),
            (1, 1): lambda c: r.wind[c] == (1, 0),
            # a rook whose arrow leads out of the arena (or a dash)
            (2, 1): lambda c: r.piece[c] == eng.ROOK and r.wind[c] in (None, (1, 0), (1, 1)),
        },
    )
    reach = g.reach(0)
    assert reach[g.at[(1, 1)]] is False and reach[g.at[(2, 1)]] is False  # free moves only
    assert reach[g.at[(2, 2)]] is True  # the rook's move is needed
    assert g.at[(2, 2)] in g.chess_targets(g.at[(2, 1)], 0)
    assert g.free_step(g.at[(2, 1)]) is None  # its arrow points out of the arena


def test_blaster_shot_example_and_moving_a_card(rules: Any) -> None:
    # Rulebook: Anna on the centre card (ON, D4 = 3), Bruno on the top-left corner: diagonal
    # neighbours, so the blaster hits and Bruno goes from 10 to 7 LP. Then Anna moves the
    # bottom-right card just right of the top-right corner: it still touches a card.
    r = rules
    g = arena(r, {(1, 1): lambda c: r.on[c] and r.d4[c] == 3})
    g.pawn = [g.at[(1, 1)], g.at[(0, 2)]]
    assert g.attacks_from(g.at[(1, 1)], 0) == [eng.BLASTER]
    assert g.attack(0, eng.BLASTER) == 3
    assert g.lp == [10, 7]
    moves = g.card_moves()
    corner = g.at[(2, 0)]
    assert (corner, (3, 2)) in moves
    assert (corner, (4, 2)) not in moves  # touches nothing
    assert (g.at[(2, 2)], (3, 3)) not in moves  # touching only its own old place
    assert all(cell not in g.at for _, cell in moves)
    g.move_card(corner, (3, 2))
    assert g.at[(3, 2)] == corner and (2, 0) not in g.at


def test_a_moved_card_may_split_the_arena(rules: Any) -> None:
    # The original asks only that the moved card touch another card: once the left column's
    # middle card and the centre have gone to the right, moving the bottom middle card away too
    # leaves the bottom-left corner on its own, and that is allowed.
    g = arena(rules, {})
    g.move_card(g.at[(0, 1)], (3, 1))
    g.move_card(g.at[(1, 1)], (3, 0))
    corner = g.at[(0, 0)]
    cut = (g.at[(1, 0)], (3, 2))
    assert cut in g.card_moves()
    g.move_card(*cut)
    around = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
    assert g.pos[corner] == (0, 0) and not any(cell in g.at for cell in around)


def test_no_blaster_from_an_off_card_or_from_afar(rules: Any) -> None:
    r = rules
    g = arena(r, {(1, 1): lambda c: not r.on[c], (0, 0): lambda c: r.on[c]})
    g.pawn = [g.at[(1, 1)], g.at[(0, 2)]]
    assert g.attacks_from(g.at[(1, 1)], 0) == []  # OFF
    assert g.attacks_from(g.at[(0, 0)], 0) == []  # ON but two cards away


def test_knight_moves_and_the_corner_clarification(rules: Any) -> None:
    r = rules
    knight: Pick = lambda c: r.piece[c] == eng.KNIGHT  # noqa: E731
    g = arena(r, {(0, 0): knight, (1, 0): knight, (1, 1): knight})
    at = g.at
    assert sorted(g.chess_targets(at[(0, 0)], 0)) == sorted([at[(1, 2)], at[(2, 1)]])
    assert at[(1, 1)] not in g.chess_targets(at[(0, 0)], 0)  # never the centre from a corner
    assert sorted(g.chess_targets(at[(1, 0)], 0)) == sorted([at[(0, 2)], at[(2, 2)]])
    assert g.chess_targets(at[(1, 1)], 0) == []


def test_sword_example(rules: Any) -> None:
    # Rulebook: Bruno's card has the knight; its L move ends on Anna's card, ON with D6 = 5.
    r = rules
    g = arena(
        r,
        {
            (2, 2): lambda c: r.piece[c] == eng.KNIGHT,
            (1, 0): lambda c: r.on[c] and r.d6[c] == 5,
        },
    )
    g.pawn = [g.at[(1, 0)], g.at[(2, 2)]]
    assert g.reach(1).get(g.at[(1, 0)]) is not None
    g.pawn[1] = g.at[(1, 0)]
    assert g.attacks_from(g.at[(1, 0)], 1) == [eng.SWORD]
    assert g.attack(1, eng.SWORD) == 5
    assert g.lp == [5, 10]


def test_chess_pawn_goes_forward_and_takes_diagonally(rules: Any) -> None:
    r = rules
    pawn: Pick = lambda c: r.piece[c] == eng.PAWN  # noqa: E731
    g = arena(r, {(1, 0): pawn, (1, 2): pawn})
    at = g.at
    g.pawn = [at[(1, 0)], at[(2, 2)]]
    assert g.chess_targets(at[(1, 0)], 0) == [at[(1, 1)]]  # north for seat 0
    g.pawn[1] = at[(2, 1)]
    assert sorted(g.chess_targets(at[(1, 0)], 0)) == sorted([at[(1, 1)], at[(2, 1)]])
    assert g.chess_targets(at[(1, 2)], 0) == []  # last row: no move
    assert g.chess_targets(at[(1, 2)], 1) == [at[(1, 1)]]  # south for seat 1
    g.pawn[1] = at[(1, 1)]  # straight ahead: as in chess, never onto it, and no double step
    assert g.chess_targets(at[(1, 0)], 0) == []


def test_the_opponents_token_stops_queen_rook_and_bishop_as_in_chess(rules: Any) -> None:
    """The seed moves a token "by the rules of chess" of its card's piece: the opponent's
    token is a piece on the way, onto whose card a Rook may move, never past it (the rules
    said it never blocked)."""
    r = rules
    rook: Pick = lambda c: r.piece[c] == eng.ROOK  # noqa: E731
    g = arena(r, {(0, 0): rook})
    at = g.at
    g.pawn = [at[(0, 0)], at[(0, 1)]]
    assert sorted(g.chess_targets(at[(0, 0)], 0)) == sorted([at[(0, 1)], at[(1, 0)], at[(2, 0)]])


def test_a_dash_draws_from_the_pile(rules: Any) -> None:
    r = rules
    g = arena(r, {(0, 0): lambda c: r.d4[c] == 0})
    g.pawn = [g.at[(0, 0)], g.at[(1, 1)]]
    pile = list(g.pile)
    drawn = []
    for c in reversed(pile):  # the top of the pile is the end of the list
        drawn.append(c)
        if r.d4[c]:
            break
    assert g.attack(0, eng.BLASTER) == r.d4[drawn[-1]]
    assert g.dash_draws == len(drawn) and g.dash_attacks == 1
    assert g.pile[: len(drawn)] == drawn[::-1]  # the drawn cards went under the pile
    assert len(g.pile) == len(pile)


def test_first_player_has_the_higher_d20(rules: Any) -> None:
    r = rules
    g = arena(r, {(0, 0): lambda c: r.d20[c] == 3, (2, 2): lambda c: r.d20[c] == 18})
    assert g.first_player() == 1 and g.d20_draws == 0


def test_deadlock_when_no_attack_can_ever_happen(rules: Any) -> None:
    r = rules
    g = arena(r, {}, default=lambda c: not r.on[c])
    assert g.deadlocked()
    g2 = arena(r, {(1, 1): lambda c: r.on[c]}, default=lambda c: not r.on[c])
    g2.pawn = [g2.at[(1, 1)], g2.at[(2, 2)]]
    assert not g2.deadlocked()


def test_a_deadlock_ends_the_game_more_lp_winning(
    rules: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rulebook: when no attack can ever be declared again the game ends at once; more LP wins,
    # equal LP is a draw. An arena of OFF cards is deadlocked from the start.
    for lp, winners in (([10, 7], (0,)), ([4, 9], (1,)), ([6, 6], ())):
        with monkeypatch.context() as patched:
            g = arena(rules, {}, default=lambda c: not rules.on[c])
            g.lp = list(lp)
            patched.setattr(eng, "Game", lambda rules, rng, g=g: g)
            rec = eng.play(rules, ["greedy", "greedy"], random.Random(1), 1000)
        assert rec.finished and rec.turns == 0
        assert rec.winners == winners
        assert rec.figures["deadlock"] == 1.0


def test_turns_in_a_row_without_an_attack_end_the_game_more_lp_winning(
    rules: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rulebook: data.quiet_turns turns in a row without an attack end the game, as a deadlock
    # does. Pawns kept out of each other's reach dueled to the 1,000-turn cap (6 % of games).
    assert rules.quiet_turns == 20  # game.yaml's data, which the rulebook and aid print
    monkeypatch.setattr(eng.GreedyBot, "attack", lambda self, g, seat: None)
    for lp, winners in (([10, 7], (0,)), ([4, 9], (1,)), ([6, 6], ())):
        with monkeypatch.context() as patched:
            g = arena(rules, {})
            g.lp = list(lp)
            patched.setattr(eng.Game, "deadlocked", lambda self: False)
            patched.setattr(eng, "Game", lambda rules, rng, g=g: g)
            rec = eng.play(rules, ["greedy", "greedy"], random.Random(1), 1000)
        assert rec.finished and rec.turns == 20
        assert rec.winners == winners
        assert rec.figures["quiet_end"] == 1.0 and rec.figures["deadlock"] == 0.0


def test_games_end_replay_and_honour_the_turn_cap(rules: Any) -> None:
    rec = eng.play(rules, ["greedy", "random"], random.Random(4), 2)
    assert rec.turns == 2 and not rec.finished and rec.winners == ()
    for bots in (["greedy", "greedy"], ["random", "random"]):
        a = eng.play(rules, bots, random.Random(21), 300)
        b = eng.play(rules, bots, random.Random(21), 300)
        assert a == b
        assert len(a.series["lp_0"]) == a.turns
        if a.finished and not (a.figures["quiet_end"] or a.figures["deadlock"]):
            loser = 1 - a.winners[0]
            assert a.series[f"lp_{loser}"][-1] == 0
        elif a.finished:  # ended by the rulebook with LP left: the one with more wins
            lp = (a.series["lp_0"][-1], a.series["lp_1"][-1])
            assert a.winners == (() if lp[0] == lp[1] else (0 if lp[0] > lp[1] else 1,))
        else:
            assert a.turns == 300


def test_greedy_beats_random(rules: Any) -> None:
    rng = random.Random(2026)
    wins = 0
    for i in range(120):
        bots = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        rec = eng.play(rules, bots, rng, 200)
        wins += sum(1 for w in rec.winners if bots[w] == "greedy")
    assert wins > 90


def test_a_stronger_blaster_shows_in_the_damage(tmp_path: Path, rules: Any) -> None:
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    path = tmp_path / "cards" / "mazzo-dei-simboli" / "decks" / "simboli.yaml"
    text = path.read_text(encoding="utf-8")
    assert "d4: [1, 2, 3, 4]" in text
    path.write_text(text.replace("d4: [1, 2, 3, 4]", "d4: [7, 8, 9, 10]"), "utf-8")
    strong = eng.prepare(load_sim_data(tmp_path, GAME))
    assert sorted(set(strong.d4)) == [0, 7, 8, 9, 10]

    def per_shot(r: Any) -> float:
        rng = random.Random(8)
        damage = shots = 0.0
        for _ in range(60):
            rec = eng.play(r, ["greedy", "greedy"], rng, 200)
            damage += rec.figures["blaster_damage"]
            shots += rec.figures["blaster"]
        return damage / shots

    assert per_shot(rules) <= 4
    assert per_shot(strong) > 5


def test_the_record_names_the_seat_the_d20_chose_to_start(rules: Any) -> None:
    # the D20 under the pawns picks who starts, not the seat order: the report's first-player
    # advantage is about that seat (it read 46 % while the starting player won 76 %)
    records = [eng.play(rules, ["greedy", "greedy"], random.Random(n), 200) for n in range(40)]
    assert {r.first for r in records} == {0, 1}
    for record in records:
        assert record.first == int(record.figures["first_seat"])
        if record.winners:
            assert (record.winners[0] == record.first) == bool(record.figures["first_won"])
