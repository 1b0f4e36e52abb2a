"""The rulebooks' worked examples are true: each example is replayed here by the rules it
illustrates (the arena's geometry, the card data, the seed's arithmetic), and the rulebook in
both languages is checked to tell that same story."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pdfplumber
import pytest

from printgen.project import Project
from printgen.source.game import load_game
from tests.conftest import ROOT, rule_context

Cell = tuple[int, int]  # (column, row) of the arena, row 0 at the top


def prose(game: str, kind: str, lang: str) -> str:
    """A game's rulebook or aid source with its line breaks and '> ' quote marks flattened."""
    text = (ROOT / "cards" / game / f"{kind}.{lang}.md").read_text(encoding="utf-8")
    return " ".join(text.replace("\n> ", " ").split())


def says(game: str, lang: str, *phrases: str) -> None:
    text = prose(game, "rules", lang)
    for phrase in phrases:
        assert phrase in text, phrase


# ------------------------------------------------------------------------------------ arena
GRID: frozenset[Cell] = frozenset((c, r) for c in range(3) for r in range(3))
WIND = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "W": (-1, 0)}
CORNERS = {(0, 0), (2, 0), (0, 2), (2, 2)}
SIDE_MIDDLES = {(1, 0), (0, 1), (2, 1), (1, 2)}


def knight(cards: Iterable[Cell], at: Cell) -> set[Cell]:
    jumps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    here = set(cards)
    return {(at[0] + dx, at[1] + dy) for dx, dy in jumps} & here


def rook(cards: Iterable[Cell], at: Cell) -> set[Cell]:
    here, reach = set(cards), set()
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y = at[0] + dx, at[1] + dy
        while (x, y) in here:  # an empty place stops the Rook
            reach.add((x, y))
            x, y = x + dx, y + dy
    return reach


def free_move(cards: Iterable[Cell], at: Cell, arrow: str) -> Cell | None:
    dx, dy = WIND[arrow]
    to = (at[0] + dx, at[1] + dy)
    return to if to in set(cards) else None


def adjacent(a: Cell, b: Cell) -> bool:
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def connected(cards: set[Cell]) -> bool:
    start = next(iter(cards))
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for other in cards - seen:
            if adjacent(here, other):
                seen.add(other)
                todo.append(other)
    return seen == cards


def test_knight_clarification_matches_the_3x3_geometry() -> None:
    """ "From a corner, the two middle cards of the far sides; from the middle of a side, the two
    corners of the opposite side; from the centre it has no move.\""""
    for corner in CORNERS:
        far = {m for m in SIDE_MIDDLES if abs(m[0] - corner[0]) + abs(m[1] - corner[1]) == 3}
        assert knight(GRID, corner) == far and len(far) == 2
        assert (1, 1) not in knight(GRID, corner)  # the issue: no knight from corner to centre
    for middle in SIDE_MIDDLES:
        opposite = {c for c in CORNERS if abs(c[0] - middle[0]) + abs(c[1] - middle[1]) == 3}
        assert knight(GRID, middle) == opposite and len(opposite) == 2
    assert knight(GRID, (1, 1)) == set()
    says(
        "blaster-e-spade-laser",
        "en",
        "the Knight reaches, from a corner, the two middle cards of the far sides; from the "
        "middle of a side, the two corners of the opposite side; from the centre it has no move",
    )
    says(
        "blaster-e-spade-laser",
        "it",
        "il Cavallo da un angolo raggiunge le due carte centrali dei lati lontani; dal centro di "
        "un lato raggiunge i due angoli del lato opposto; dal centro non ha mosse",
    )


def test_arena_examples_follow_the_rules() -> None:
    # 1. Anna: bottom-left, arrow NE to the centre, arrow E to the right middle, Rook up.
    anna = free_move(GRID, (0, 2), "NE")
    assert anna == (1, 1)
    anna = free_move(GRID, anna, "E")
    assert anna == (2, 1)
    assert (2, 0) in rook(GRID, anna)
    # 2. Blaster: Anna on the centre (ON, D4 = 3), Bruno on the top-left corner.
    life = load_game(Project.at(ROOT), "blaster-e-spade-laser").data["life_points"]
    anna, bruno = (1, 1), (0, 0)
    assert adjacent(anna, bruno)
    bruno_lp = life - 3  # the D4 of the attacker's card
    # … then Anna moves the bottom-right card just right of the top-right corner.
    arena = set(GRID) - {(2, 2)} | {(3, 0)}
    assert any(adjacent((3, 0), c) for c in arena - {(3, 0)}) and connected(arena)
    assert (2, 2) not in (anna, bruno)  # no pawn travelled with it
    # 3. Sword: Bruno, still top-left with a Knight, cannot reach the centre in one jump …
    assert anna not in knight(arena, bruno)
    # … jumps to the bottom-side middle, whose arrow points North, and walks onto Anna.
    assert (1, 2) in knight(arena, bruno)
    assert free_move(arena, (1, 2), "N") == anna
    says(
        "blaster-e-spade-laser",
        "en",
        "Anna is on the bottom-left corner; her card has the arrow pointing North-East",
        "whose arrow points East, and goes on to the middle card of the right side",
        "There element 6 is a Rook: with the chess move she goes up to the top-right corner",
        f"Bruno discards 3 LP (from {life} to {bruno_lp})",
        "moves the bottom-right card just to the right of the top-right corner",
        "he is on the top-left corner, and his card has the Knight on element 6",
        "From a corner the Knight cannot reach the centre: with the “L” move Bruno jumps to "
        "the middle card of the bottom side. That card’s arrow points North",
        "D6 = 6: Bruno attacks with the sword and Anna discards 6 LP",
    )
    says(
        "blaster-e-spade-laser",
        "it",
        "Anna è sull’angolo in basso a sinistra; la sua carta ha la freccia verso Nord-Est",
        "la cui freccia punta a Est, e prosegue sulla carta centrale di destra",
        "Lì l’elemento 6 è una Torre: con la mossa degli scacchi sale sull’angolo in alto a destra",
        f"Bruno scarta 3 PV (da {life} a {bruno_lp})",
        "sposta la carta in basso a destra subito a destra dell’angolo in alto a destra",
        "è sull’angolo in alto a sinistra e la sua carta ha il Cavallo sull’elemento 6",
        "Dall’angolo il Cavallo non raggiunge il centro: con la mossa a “L” Bruno salta sulla "
        "carta centrale del lato in basso. La freccia di quella carta punta a Nord",
        "D6 = 6: Bruno attacca con la spada e Anna scarta 6 PV",
    )


# ---------------------------------------------------------------------------- Costruttori
CDM = "costruttori-del-medioevo"
SKILLS = ("stone", "wood", "compass", "tile")


@pytest.fixture(scope="module")
def cdm() -> dict[str, dict[str, object]]:
    """Every Costruttori card's printed values (Italian), by card id."""
    ctx = rule_context(ROOT, CDM)
    return {card.id: dict(card.values) for deck in ctx.decks for card in ctx.cards(deck, "it")}


def need(card: dict[str, object]) -> tuple[int, ...]:
    return tuple(int(str(card[s])) for s in SKILLS)


def covers(workers: Iterable[tuple[int, ...]], building: tuple[int, ...]) -> bool:
    total = [sum(w[i] for w in workers) for i in range(4)]
    return all(t >= n for t, n in zip(total, building, strict=True))


def test_costruttori_building_example(cdm: dict[str, dict[str, object]]) -> None:
    farmhouse, shipwright, roofer = cdm["casolare"], cdm["carpentiere-navale"], cdm["conciatetti"]
    assert need(farmhouse) == (2, 3, 0, 2) and (farmhouse["vp"], farmhouse["coins"]) == (1, 10)
    assert need(shipwright) == (2, 3, 0, 0) and shipwright["wage"] == 5
    assert need(roofer) == (0, 1, 0, 2) and roofer["wage"] == 3
    assert not covers([need(shipwright)], need(farmhouse))  # one worker is not enough
    assert covers([need(shipwright), need(roofer)], need(farmhouse))
    actions = 1 + 2  # the second worker on the same building this turn costs 2 actions
    assert actions == 3  # the three free actions of a turn
    assert int(str(shipwright["wage"])) + int(str(roofer["wage"])) == 8
    says(
        CDM,
        "en",
        "Anna took the Farmhouse (2 stone, 3 wood, 2 tile; 1 victory point and 10 coins)",
        "She sends the Shipwright (2 stone, 3 wood; wage 5): 1 action and 5 coins",
        "the Roofer (1 wood, 2 tile; wage 3)",
        "it costs 2 actions and 3 coins",
        "She spent 3 actions and 8 coins, and earned 10",
    )
    says(
        CDM,
        "it",
        "Anna ha preso il Casolare (2 pietra, 3 legno, 2 tegola; 1 punto vittoria e 10 monete)",
        "Manda il Carpentiere navale (2 pietra, 3 legno; salario 5): 1 azione e 5 monete",
        "il Conciatetti (1 legno, 2 tegola; salario 3)",
        "costa 2 azioni e 3 monete",
        "Ha speso 3 azioni e 8 monete, ne ha guadagnate 10",
    )


def test_costruttori_machine_example(cdm: dict[str, dict[str, object]]) -> None:
    winch, helper = cdm["macchina-stone-1"], cdm["garzone-carpentiere"]
    assert need(winch) == (0, 1, 1, 0)
    assert (winch["vp"], winch["produces"], winch["gives"]) == (1, "stone", 2)
    assert need(helper) == (0, 1, 1, 0) and helper["wage"] == 2
    assert covers([need(helper)], need(winch))
    says(
        CDM,
        "en",
        "Bruno completes the Winch (1 wood, 1 compass) by sending his Carpenter's Helper to it: "
        "1 action and 2 coins. He gains 1 victory point",
        "as a worker with 2 stone",
    )
    says(
        CDM,
        "it",
        "Bruno completa l'Argano (1 legno, 1 compasso) mandandovi il suo Garzone carpentiere: "
        "1 azione e 2 monete. Guadagna 1 punto vittoria",
        "come un lavoratore con 2 pietra",
    )


def test_costruttori_end_example() -> None:
    game = load_game(Project.at(ROOT), CDM)
    end_vp, per_vp = game.data["end_vp"], game.data["coins_per_vp"]
    carla, davide = (18, 27), (16, 41)  # (card points, coins)
    assert carla[0] >= end_vp > davide[0]  # Carla ends the game, Davide still plays
    bonus = [coins // per_vp for _, coins in (carla, davide)]
    scores = [points + extra for (points, _), extra in zip((carla, davide), bonus, strict=True)]
    assert scores[0] == scores[1]  # a tie …
    assert davide[1] > carla[1]  # … that goes to the player with more coins
    (c, d), (cb, db), (cs, ds) = (carla[1], davide[1]), bonus, scores
    says(
        CDM,
        "en",
        f"Carla has {c} coins (+{cb} points, total {cs}), Davide {d} (+{db} points, total {ds})",
    )
    says(
        CDM,
        "it",
        f"Carla ha {c} monete (+{cb} punti, totale {cs}), Davide {d} (+{db} punti, totale {ds})",
    )


# ---------------------------------------------------------------------------------- Figli
def test_figli_cost_example() -> None:
    data = load_game(Project.at(ROOT), "figli-di-un-magic-minore").data
    eight = 8
    assert eight <= 4 + 5 and eight <= 5 + 2 + data["ace_power"]
    assert min(9, 10, data["face_power"]) >= eight  # "a nine, a ten or any face card"
    says(
        "figli-di-un-magic-minore",
        "en",
        "I can discard the four and the five of clubs",
        "for example a five, a two and the Ace",
    )


def test_figli_combat_example_leaves_the_ten_in_play() -> None:
    data = load_game(Project.at(ROOT), "figli-di-un-magic-minore").data
    dealt = 10 + data["spade_damage"]
    to_discard = (6 + data["diamond_toughness"]) + 2  # the 6 of diamonds and the 2 of hearts
    assert dealt - to_discard > 0  # left-over damage reaches the defending player
    taken = 6 + 2  # blockers deal their power; neither is a spade
    assert taken < 10  # the 10 of spades is not a diamond: 10 damage discards it
    for lang, phrase in (
        ("en", f"takes 6 + 2 = {taken} damage: not enough to discard it"),
        ("it", f"subisce 6 + 2 = {taken} danni: non bastano a scartarlo"),
    ):
        says("figli-di-un-magic-minore", lang, phrase)


# ------------------------------------------------------------------------ Warriors and Monks
def test_warriors_and_monks_attack_example(wm_build: Path) -> None:
    """Replayed with the deck's loot (a card field the prose prints), and checked in the built
    rulebook: the numbers of the example are worked out from that field there too."""
    ctx = rule_context(ROOT, "warriors-and-monks")
    loot = int(str(ctx.values("main", "warrior", "en")["loot"]))
    attackers, defenders, monks, beans = 4, 1, ["wine", "plain"], 5
    surviving = attackers - defenders
    looted: list[int] = []
    for hit in range(surviving):
        target = monks[hit] if hit < len(monks) else None  # Monks with Wine are hit first
        looted.append(0 if target == "wine" else min(loot, beans - sum(looted)))
    assert (surviving, attackers + defenders) == (3, 5)
    assert looted[0] == 0  # the Monk with Wine: no loot
    second, third, total = looted[1], looted[2], sum(looted)

    def beans_en(n: int) -> str:
        return f"{n} bean" if n == 1 else f"{n} beans"

    def beans_it(n: int) -> str:
        return f"{n} fagiolo" if n == 1 else f"{n} fagioli"

    for lang, phrases in (
        (
            "en",
            [
                "he defends with 1 Warrior, which cancels one attacker. Anna has 3 Warriors left",
                f"the second kills the other Monk and loots {beans_en(second)}; the third finds "
                f"no Monk left, but still loots {beans_en(third)}.",
                "The 5 Warriors, the 2 Monks and the Wine are discarded; "
                f"Bruno gives Anna {beans_en(total)}",
                f"Anna loots {beans_en(total)}.",  # the diagram's caption
            ],
        ),
        (
            "it",
            [
                "si difende con 1 Guerriero, che neutralizza un attaccante. "
                "Restano 3 Guerrieri di Anna",
                f"il secondo uccide l'altro Monaco e saccheggia {beans_it(second)}; il terzo "
                f"non trova più Monaci, ma saccheggia comunque {beans_it(third)}.",
                "Vanno negli scarti i 5 Guerrieri, i 2 Monaci e il Vino; "
                f"Bruno dà {beans_it(total)} ad Anna",
                f"Anna saccheggia {beans_it(total)}.",
            ],
        ),
    ):
        with pdfplumber.open(wm_build / lang / "rulebook.pdf") as pdf:
            text = " ".join(" ".join(page.extract_text() or "" for page in pdf.pages).split())
        for phrase in phrases:
            assert phrase in text, (lang, phrase)


# ------------------------------------------------------------------------------ Morra navale
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


def answer(named: str, ship: str) -> str:
    if ship == named:
        return "miss"
    return "sunk" if BEATS[named] == ship else "counter"


def test_morra_examples_follow_rock_paper_scissors() -> None:
    assert answer("rock", "rock") == "miss"
    assert answer("rock", "scissors") == "sunk"
    assert answer("rock", "paper") == "counter"
    assert answer("paper", "rock") == "sunk"  # the tip: name the sign that beats a known ship
    says(
        "morra-navale",
        "en",
        "It is a **rock**: Bruno answers “Miss!”",
        "It is **scissors**: Bruno answers “Sunk!”",
        "It is **paper**: Bruno answers “Counterattack!”",
    )
    says(
        "morra-navale",
        "it",
        "È un **sasso**: Bruno risponde “Mancato!”",
        "È una **forbice**: Bruno risponde “Affondato!”",
        "È una **carta**: Bruno risponde “Contrattacco!”",
    )


def test_examples_live_in_every_language() -> None:
    games = ("blaster-e-spade-laser", CDM, "figli-di-un-magic-minore", "morra-navale")
    for game in (*games, "warriors-and-monks"):
        counts = [
            prose(game, "rules", lang).count("**Example.**" if lang == "en" else "**Esempio.**")
            for lang in ("en", "it")
        ]
        assert counts[0] == counts[1] > 0, game


@pytest.mark.parametrize(
    "path", sorted((ROOT / "cards").glob("*/*.md")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_one_apostrophe_per_document(path: Path) -> None:
    """The arena's and Morra navale's rulebooks printed "l’angolo" in their prose and
    "dall'angolo" in their diagrams' captions: a document keeps to one apostrophe."""
    text = path.read_text(encoding="utf-8")
    # a letter, the mark, a letter: an apostrophe (not a quote)
    kinds = {mark for mark in "'’" if re.search(f"[^\\W\\d_]{mark}[^\\W\\d_]", text)}
    assert len(kinds) <= 1, f"{path.relative_to(ROOT)} mixes {' and '.join(sorted(kinds))}"


# ------------------------------------------------------------------------- symbol deck
def test_symbol_deck_example_cards_show_the_dashes_it_names() -> None:
    """ "card 10 has a dash on element 8, card 2 on the D20" — the generated deck decides."""
    from tests.test_mazzo_dei_simboli import _symbol_deck

    deck = _symbol_deck(ROOT)

    def dashes(number: int) -> list[str]:
        return [key for key, column in deck.columns.items() if column[number - 1] == "-"]

    # each card shows that one dash and no other, so the pictures show what the sentence says
    assert dashes(10) == ["wind"] and dashes(2) == ["d20"]
    says("mazzo-dei-simboli", "en", "card 10 has a dash on element 8, card 2 on the D20")
    says(
        "mazzo-dei-simboli", "it", "la carta 10 ha un trattino sull’elemento 8, la carta 2 sul D20"
    )
    for lang in ("en", "it"):
        assert "simboli/card-10 simboli/card-2" in prose("mazzo-dei-simboli", "rules", lang)
