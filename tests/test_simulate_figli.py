"""The Figli di un Magic minore rules engine: the rulebook's examples, legal choices, the
original's Ace and King rules, the end of the game, and a broken card that shows."""

from __future__ import annotations

import pickle
import random
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from printgen.simulate.data import load_sim_data
from printgen.simulate.engine import load_engine
from tests.conftest import ROOT

GAME = "figli-di-un-magic-minore"


eng: Any = load_engine(ROOT, GAME).module


@pytest.fixture(scope="module")
def rules() -> Any:
    return eng.prepare(load_sim_data(ROOT, GAME))


class Table:
    """An empty table for ``players``: cards are dealt by hand, by card id."""

    def __init__(self, rules: Any, players: int = 2) -> None:
        self.rules = rules
        self.game = eng.Game(rules, players, random.Random(0), deal=False)
        self.used: set[int] = set()

    def card(self, type_id: str) -> int:
        c = next(c for c in self.rules.cards_of(type_id) if c not in self.used)
        self.used.add(c)
        self.game.deck.remove(c)
        return int(c)

    def in_play(self, seat: int, type_id: str) -> int:
        c = self.card(type_id)
        self.game.enter_play(c, seat)
        return c

    def in_hand(self, seat: int, type_id: str) -> int:
        c = self.card(type_id)
        self.game.hand[seat].append(c)
        return c


def test_the_deck_is_read_from_the_yaml(rules: Any) -> None:
    assert len(rules.type_id) == 104
    assert sum(1 for k in rules.kind if k == eng.JACK) == 8
    assert {rules.power[c] for c in rules.cards_of("fiori-j")} == {10}
    assert {rules.power[c] for c in rules.cards_of("cuori-a")} == {1}


def test_the_rules_travel_to_worker_processes(rules: Any) -> None:
    # --jobs sends the prepared rules to other processes: they must pickle, and stay equal
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert set(eng.BOTS) >= {"random", "greedy"}


@pytest.mark.parametrize(("life", "alive", "after"), [(20, True, 20), (2, False, 0)])
def test_ten_of_spades_example(rules: Any, life: int, alive: bool, after: int) -> None:
    # Rulebook: a 10 of spades blocked by a 6 of diamonds and a 2 of hearts deals 11: 7 discard
    # the 6, 2 the 2 of hearts, 2 go to the defender, who then gets back 2 for the heart —
    # unless the 2 damage eliminated them first. The 10 takes 6 + 2 = 8 and stays in play.
    t = Table(rules)
    g = t.game
    ten = t.in_play(0, "picche-10")
    six = t.in_play(1, "quadri-6")
    two = t.in_play(1, "cuori-2")
    g.life[1] = life
    assert (g.damage(ten), g.toughness(six), g.toughness(two)) == (11, 7, 2)
    attacks = [(ten, 1)]
    assert sorted(g.block_options(1, {}, attacks)) == sorted([(six, ten), (two, ten)])
    g.tapped[ten] = True
    g.resolve(0, attacks, {six: ten, two: ten}, {ten: [six, two]})
    assert g.alive[1] is alive
    assert max(g.life[1], 0) == after
    assert g.play[0] == [ten]
    assert g.play[1] == []
    if alive:
        assert sorted(g.grave[1]) == sorted([six, two])


def test_paying_for_the_eight_of_clubs(rules: Any) -> None:
    # Rulebook: the 4 and the 5 of clubs pay for the 8, so does a 9 alone or 5 + 2 + Ace.
    t = Table(rules)
    g = t.game
    eight = t.in_hand(0, "fiori-8")
    four, five, nine = t.in_hand(0, "fiori-4"), t.in_hand(0, "fiori-5"), t.in_hand(0, "fiori-9")
    t.in_hand(0, "cuori-10")  # another suit never pays
    pays = [sorted(p) for p in g.payments(0, eight)]
    assert sorted([four, five]) in pays
    assert [nine] in pays
    assert all(all(rules.suit[c] == rules.suit[eight] for c in p) for p in pays)
    assert eight in g.playable(0)
    t2 = Table(rules)
    eight2 = t2.in_hand(0, "fiori-8")
    five2, two2, ace2 = t2.in_hand(0, "fiori-5"), t2.in_hand(0, "fiori-2"), t2.in_hand(0, "fiori-a")
    assert [sorted([five2, two2, ace2])] == [sorted(p) for p in t2.game.payments(0, eight2)]
    t3 = Table(rules)
    eight3 = t3.in_hand(0, "fiori-8")
    t3.in_hand(0, "fiori-4")
    t3.in_hand(0, "fiori-3")
    assert t3.game.payments(0, eight3) == []  # 7 < 8
    with pytest.raises(ValueError):
        t3.game.put_in_play(0, eight3, t3.game.hand[0][1:])


def test_queens_and_kings_numbers_with_the_kings_bonus(rules: Any) -> None:
    # Rulebook clarifications: a Queen of spades blocking beside its player's King of spades
    # deals 1 + 1 + 3 = 5 and needs 5 + 3 = 8; an Ace of spades with the King deals 5, needs 4.
    t = Table(rules)
    g = t.game
    queen = t.in_play(0, "picche-q")
    ace = t.in_play(0, "picche-a")
    king = t.in_play(0, "picche-k")
    assert (g.damage(queen), g.toughness(queen)) == (5, 8)
    assert (g.damage(ace), g.toughness(ace)) == (5, 4)
    assert (g.damage(king), g.toughness(king)) == (4, 3)  # no bonus to itself
    assert (g.damage(t.in_play(0, "quadri-k")), g.toughness(g.play[0][-1])) == (3, 4)


def test_two_kings_of_a_suit_add_up_and_neither_boosts_itself(rules: Any) -> None:
    # Rulebook clarification (the original is silent): a King gives no bonus to itself; two
    # Kings of one suit add up: each gets the other's +3, the suit's other cards +6.
    t = Table(rules)
    g = t.game
    first, second = t.in_play(0, "fiori-k"), t.in_play(0, "fiori-k")
    five = t.in_play(0, "fiori-5")
    bonus = rules.king_bonus
    for king in (first, second):
        assert (g.damage(king), g.toughness(king)) == (
            rules.king_damage + bonus,
            rules.king_toughness + bonus,
        )
    assert (g.damage(five), g.toughness(five)) == (5 + 2 * bonus, 5 + 2 * bonus)


def test_the_kings_bonus_and_the_aces_follow_who_put_the_card_in_play(rules: Any) -> None:
    # The original: the bonus counts cards put in play by the King's player, and the Ace of
    # spades sends a card to the graveyard of the player who put it in play.
    t = Table(rules, 2)
    g = t.game
    t.in_play(0, "picche-k")
    five = t.in_play(0, "picche-5")
    seven = t.in_play(0, "cuori-7")
    assert g.damage(five) == 5 + 1 + 3
    queen = t.in_hand(1, "cuori-q")
    g.hand[1].remove(queen)
    g.enter_play(queen, 1)
    assert five in g.queen_targets(1, queen)
    g.queen_power(1, queen, five)  # the Queen of hearts takes the 5 of spades
    g.queen_power(1, queen, seven)  # … and the 7 of hearts
    assert g.controller[five] == 1 and g.played_by[five] == 0
    assert g.damage(five) == 5 + 1 + 3  # still put in play by the King's player
    g.grave[1].append(t.card("picche-a"))
    assert (eng.SPADES, seven) in g.effect_options(1)
    assert (eng.SPADES, five) not in g.effect_options(1)  # never a spade
    g.use_effect(1, (eng.SPADES, seven))
    assert seven in g.grave[0]  # the graveyard of who put it in play, not of seat 1
    assert g.played_by[seven] == -1 and seven not in g.play[1]


def test_an_attacked_player_answers_with_the_ace_of_clubs(rules: Any) -> None:
    # Special effects may be used in the opponents' turns: the Ace of clubs from the attacked
    # player's graveyard sends the attacking Jack to the graveyard of who put it in play.
    t = Table(rules)
    g = t.game
    jack = t.in_play(0, "cuori-j")
    ace = t.card("fiori-a")
    g.grave[1].append(ace)
    eng.play_turn(g, [eng.GreedyBot(), eng.GreedyBot()], 0)
    assert jack in g.grave[0] and ace in g.exile
    assert g.life[1] == rules.start_life
    assert g.effects == 1


def test_who_may_attack_and_block(rules: Any) -> None:
    t = Table(rules, 3)
    g = t.game
    jack = t.in_play(0, "cuori-j")
    club = t.in_play(0, "fiori-6")
    t.in_play(0, "cuori-q")
    t.in_play(0, "cuori-k")
    tapped = t.in_play(0, "quadri-3")
    g.tapped[tapped] = True
    # Queens, Kings and turned cards never attack; each attacks one living player
    assert sorted(g.attack_options(0)) == sorted([(jack, 1), (jack, 2), (club, 1), (club, 2)])
    g.alive[2] = False
    assert sorted(g.attack_options(0)) == sorted([(jack, 1), (club, 1)])
    j1 = t.in_play(1, "picche-j")
    heart = t.in_play(1, "cuori-5")
    club1 = t.in_play(1, "fiori-2")
    attacks = [(jack, 1), (club, 1)]
    options = g.block_options(1, {}, attacks)
    assert all(b != j1 for b, _ in options)  # Jacks never block
    # a club attacker: only once a club blocks it may a non-club join
    assert (heart, club) not in options and (club1, club) in options
    assert (heart, club) in g.block_options(1, {club1: club}, attacks)


def test_unblocked_cards_hit_and_hearts_give_life_after_eliminations(rules: Any) -> None:
    t = Table(rules)
    g = t.game
    jack = t.in_play(0, "picche-j")
    two = t.in_play(0, "cuori-2")
    blocker = t.in_play(1, "quadri-9")
    g.resolve(0, [(jack, 1), (two, 1)], {blocker: two}, {})
    assert g.life[1] == 20 - 11  # the Jack of spades: 10 + 1
    assert two in g.grave[0] and g.life[0] == 20 + 2  # the heart's owner gains 2
    assert g.play[1] == [blocker]  # 2 damage do not discard a 9 of diamonds


def test_games_end_replay_and_honour_the_turn_cap(rules: Any) -> None:
    rec = eng.play(rules, ["greedy", "random", "greedy"], random.Random(4), 3)
    assert (rec.finished, rec.turns, rec.winners) == (False, 3, ())
    for bots in (["greedy", "greedy"], ["random"] * 4):
        a = eng.play(rules, bots, random.Random(9), 500)
        b = eng.play(rules, bots, random.Random(9), 500)
        assert a == b
        assert a.finished and len(a.winners) == 1
        assert len(a.series["life_0"]) == a.turns
    ended = sum(eng.play(rules, ["greedy"] * 4, random.Random(s), 400).finished for s in range(40))
    assert ended >= 38


def test_greedy_beats_random(rules: Any) -> None:
    rng = random.Random(2026)
    wins = 0
    for i in range(200):
        bots = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        rec = eng.play(rules, bots, rng, 400)
        wins += sum(1 for w in rec.winners if bots[w] == "greedy")
    assert wins > 150


def test_a_weak_jack_shows_in_the_face_card_figures(tmp_path: Path, rules: Any) -> None:
    # Face cards of power 1: Jacks hit for 1 (and cost 1), Queens and Kings cost 1.
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    path = tmp_path / "cards" / GAME / "decks" / "main.yaml"
    text = path.read_text(encoding="utf-8")
    assert "else data.face_power }}" in text
    path.write_text(text.replace("else data.face_power }}", "else 1 }}"), "utf-8")
    broken = eng.prepare(load_sim_data(tmp_path, GAME))
    assert {broken.power[c] for c in broken.cards_of("fiori-j")} == {1}

    def mean(r: Any, figure: str) -> float:
        rng = random.Random(3)
        games = [eng.play(r, ["greedy"] * 2, rng, 400) for _ in range(100)]
        return float(sum(g.figures[figure] for g in games)) / len(games)

    assert mean(broken, "face_damage_share") < 0.5 * mean(rules, "face_damage_share")
    assert mean(broken, "face_played") > 1.5 * mean(rules, "face_played")


def test_payments_are_every_minimal_set_in_the_order_of_their_masks(rules: Any) -> None:
    """As trying every subset found them (the random bot draws one by its place), in a time
    that does not double with each card of a suit in hand."""
    rng = random.Random(7)
    for _ in range(200):
        t = Table(rules)
        for type_id in rng.sample([f"fiori-{v}" for v in (*range(2, 11), "a", "j", "q", "k")], 9):
            t.in_hand(0, type_id)
        hand = t.game.hand[0]
        c = rng.choice(hand)
        same = [x for x in hand if x != c]
        minimal = []
        for mask in range(1, 1 << len(same)):
            chosen = [x for i, x in enumerate(same) if mask >> i & 1]
            total = sum(rules.power[x] for x in chosen)
            if total >= rules.power[c] > total - min(rules.power[x] for x in chosen):
                minimal.append(chosen)
        assert t.game.payments(0, c) == minimal


def test_payments_do_not_try_every_subset_of_a_suit(rules: Any) -> None:
    """Every subset of a suit tried for every card: a hand of the whole deck played a game for
    over 60 s. The search's steps (Python calls) for a whole suit in hand stay few."""
    t = Table(rules)
    for value in (*range(2, 11), "a", "j", "q", "k"):
        t.in_hand(0, f"fiori-{value}")
    hand = t.game.hand[0]
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        calls += event == "call"

    sys.setprofile(count)
    try:
        found = [t.game.payments(0, c) for c in hand]
    finally:
        sys.setprofile(None)
    assert all(found)  # each card can be paid for by the rest of its suit
    assert calls < 20_000, calls  # every subset tried: over 500,000
