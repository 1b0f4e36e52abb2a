"""Figli di un Magic minore: the 104-card reminder deck, its player's aid and rulebook.

The shipped game validates and builds; the PDFs read back with the right cards, sizes, numbers
and rules; and every rule of cards/figli-di-un-magic-minore/rules.py catches a deliberately
broken copy of the game.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from pypdf import PdfReader

from printgen.layout.face import TextBox
from printgen.model.game import Game
from printgen.options import BuildOptions
from printgen.problems import Problem, Problems
from printgen.project import Project
from printgen.session import Session
from printgen.source.game import load_game
from tests.conftest import MM, Run, manifest, rule_context, rule_problems, rules_module

GAME = "figli-di-un-magic-minore"
fdm = rules_module(GAME)
ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path("cards") / GAME
SUIT_NAMES = {
    "it": {"cuori": "cuori", "quadri": "quadri", "fiori": "fiori", "picche": "picche"},
    "en": {"cuori": "hearts", "quadri": "diamonds", "fiori": "clubs", "picche": "spades"},
}
RANK_NAMES = {
    "it": {"A": "Asso", "J": "Jack", "Q": "Donna", "K": "Re"},
    "en": {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"},
}


# --- helpers --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(bundled_build: Path) -> Path:
    """The game's outputs (cards, rulebook, aids) in both languages."""
    return bundled_build / GAME


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A scratch copy of this game alone (other games stay out of the way)."""
    shutil.copytree(ROOT / FOLDER, tmp_path / FOLDER)
    return tmp_path


def load(project: Path) -> Game:
    return load_game(Project.at(project), GAME)


def problems_of(project: Path) -> list[Problem]:
    """The game's own rules (schema and constraints first, as `printgen validate` does)."""
    return rule_problems(project, GAME)


def edit(project: Path, name: str, old: str, new: str, count: int = 1) -> None:
    """Replace text in one of the game's files; the old text must be there."""
    path = project / FOLDER / name
    source = path.read_text(encoding="utf-8")
    assert old in source, f"{old!r} is not in {name}"
    path.write_text(source.replace(old, new, count), encoding="utf-8")


def caught(project: Path, *needles: str) -> list[str]:
    """Each needle is in a problem's line, read with or without its rule id."""
    found = problems_of(project)
    messages = [str(p) for p in found]
    messages += [f"{p.where}: {p.message.split(': ', 1)[-1]}" for p in found]
    for needle in needles:
        assert any(needle in m for m in messages), (needle, messages)
    return messages


def squash(text: str) -> str:
    """PDF text without any whitespace: extractors differ in where they put spaces."""
    return re.sub(r"\s+", "", text)


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def data() -> dict[str, Any]:
    return load(ROOT).data


# --- the shipped game -----------------------------------------------------------------------


def test_shipped_game_validates(project: Path, printgen: Callable[..., Run]) -> None:
    run = printgen(project, "validate", GAME)
    assert run.code == 0, run.err
    assert f"{GAME}: ok" in run.out
    assert problems_of(project) == []


def test_deck_is_two_french_decks() -> None:
    game = load(ROOT)
    deck = game.deck("main")
    assert deck is not None
    assert deck.total == 104 == game.data["deck_size"]
    identities = Counter({fdm.card_identity(c): c.count for c in deck.cards})
    assert len(identities) == 52
    assert set(identities) == {(s, r) for s in fdm.SUITS for r in fdm.RANKS}
    assert set(identities.values()) == {2}


def test_data_holds_the_seeds_numbers() -> None:
    d = data()
    seed = {
        "deck_size": 104,
        "start_life": 20,
        "opening_hand": 7,
        "hand_limit": 7,
        "face_power": 10,
        "ace_power": 1,
        "effect_cards": 3,
        "effect_draw": 3,
        "effect_life": 5,
        "queen_draw": 3,
        "spade_damage": 1,
        "heart_life": 2,
        "diamond_toughness": 1,
        "queen_damage": 1,
        "queen_toughness": 5,
        "king_bonus": 3,
        "king_damage": 3,
        "king_toughness": 3,
    }
    assert {k: d[k] for k in seed} == seed
    # the seed's "2 for spades" / "6 for diamonds" (queen), "4" / "4" (king) follow from them
    assert fdm.face_table(d)["Q"] == [1, 2, 5, 6]
    assert fdm.face_table(d)["K"] == [3, 4, 3, 4]
    # a 10 or a Jack of spades deals 11, of diamonds needs 11: the aid says so on their rows too
    assert fdm.face_table(d)["10"] == fdm.face_table(d)["J"] == [10, 11, 10, 11]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_fronts_read_back_two_of_each(built: Path, lang: str) -> None:
    """104 fronts on the sheets, two of each suit × rank, each showing its name, index, power
    and its reminders; 63 × 88 mm; a back behind every front."""
    m = manifest(built / lang / "cards.json")
    fronts = [f for f in m["faces"] if f["side"] == "front"]
    backs = [f for f in m["faces"] if f["side"] == "back"]
    assert len(fronts) == len(backs) == 104
    assert Counter(f["card"] for f in fronts) == {
        f"{s}-{r.lower()}": 2 for s in fdm.SUITS for r in fdm.RANKS
    }
    assert {(f["width_mm"], f["height_mm"]) for f in m["faces"]} == {(63.0, 88.0)}
    d = data()
    with pdfplumber.open(built / lang / "cards.pdf") as pdf:
        assert len(pdf.pages) == 24  # 12 front sheets of 9, each followed by its backs
        for face in fronts:
            page = pdf.pages[face["page"] - 1]
            assert abs(page.width - m["page_mm"][0] * MM) < 0.1
            box = (
                face["x_mm"] * MM,
                page.height - (face["y_mm"] + 88) * MM,
                (face["x_mm"] + 63) * MM,
                page.height - face["y_mm"] * MM,
            )
            text = squash(page.crop(box).extract_text() or "")
            suit, rank = face["card"].split("-")
            rank = rank.upper()
            name = (
                f"{RANK_NAMES[lang].get(rank, rank)}{'di' if lang == 'it' else 'of'}"
                f"{SUIT_NAMES[lang][suit]}"
            )
            assert name in text, (face, text)
            power = fdm.expected_power(d, rank)
            assert str(power) in text
            assert fdm.SUIT_WORDS[lang][suit] in text
            kind = fdm.KIND_OF_RANK[rank]
            if kind != "number":
                for word in fdm.RANK_WORDS[lang][kind]:
                    assert squash(word) in text, (face["card"], word)


def test_the_second_corner_index_is_upside_down(built: Path) -> None:
    """Classic corner indices: the rank at the bottom right reads from the other end."""
    m = manifest(built / "en" / "cards.json")
    face = next(f for f in m["faces"] if f["card"] == "cuori-q" and f["side"] == "front")
    with pdfplumber.open(built / "en" / "cards.pdf") as pdf:
        page = pdf.pages[face["page"] - 1]
        top = page.height - (face["y_mm"] + 88) * MM  # the card's top edge, from the page's top
        queens = [c for c in page.chars if c["text"] == "Q" and c["size"] > 10]
        queens = [c for c in queens if face["x_mm"] * MM < c["x0"] < (face["x_mm"] + 63) * MM]
        corner = sorted(queens, key=lambda c: c["top"])
        assert len(corner) == 2 and corner[0]["top"] < top + 15 * MM
        assert corner[0]["matrix"][0] > 0 and corner[0]["matrix"][3] > 0  # upright
        assert corner[1]["matrix"][0] < 0 and corner[1]["matrix"][3] < 0  # turned 180°


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_reminder_fits_at_6pt_or_more(lang: str) -> None:
    session = Session(Project.at(ROOT))
    problems = Problems()
    checked = session.check(GAME, BuildOptions(languages=(lang,)), problems)
    assert [str(p) for p in problems] == []
    assert checked is not None
    sizes: dict[str, float] = {}
    for laid in checked.decks[lang]:
        assert laid.deck.total == 104
        for card, face in laid.fronts:
            boxes = [op for op in face.ops if isinstance(op, TextBox)]
            assert boxes, card.id
            for box in boxes:
                sizes[card.id] = min(sizes.get(card.id, 99.0), box.block.size)
                assert box.block.lines
    assert len(sizes) == 52
    assert min(sizes.values()) >= 6.0, sorted(sizes.items(), key=lambda kv: kv[1])[:5]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_card_numbers_equal_the_data(lang: str) -> None:
    game = load(ROOT)
    deck = game.deck("main")
    assert deck is not None
    d = game.data
    ctx = rule_context(ROOT, GAME)
    printed = {p.card.id: p.values for p in fdm.printed_cards(ctx, deck) if p.lang == lang}
    assert fdm.numbers_in(printed["picche-q"]["rule"]) == [2, 5]
    assert fdm.numbers_in(printed["quadri-q"]["rule"]) == [1, 6, d["queen_draw"]]
    assert fdm.numbers_in(printed["picche-k"]["rule"])[-2:] == [4, 3]
    assert fdm.numbers_in(printed["quadri-k"]["rule"])[-2:] == [3, 4]
    assert fdm.numbers_in(printed["cuori-a"]["rule"]) == [1, 3, 5]
    assert fdm.numbers_in(printed["cuori-7"]["suit_rule"]) == [d["heart_life"]]
    assert printed["fiori-j"]["power"] == 10 and printed["fiori-a"]["power"] == 1


@pytest.mark.parametrize("lang", ["it", "en"])
def test_aids_one_per_player_with_the_datas_numbers(built: Path, lang: str) -> None:
    reader = PdfReader(built / lang / "player-aid.pdf")
    assert len(reader.pages) == 2  # 4 aids (players max), two A5 per A4 sheet
    d = data()
    with pdfplumber.open(built / lang / "player-aid.pdf") as pdf:
        for page in pdf.pages:
            assert abs(page.width - 297 * MM) < 0.5 and abs(page.height - 210 * MM) < 0.5
            for half in (0, 1):
                aid = (
                    page.crop(
                        (half * page.width / 2, 0, (half + 1) * page.width / 2, page.height)
                    ).extract_text()
                    or ""
                )
                rows = {
                    line.split()[0]: [int(n) for n in re.findall(r"\d+", line.split(" ", 1)[1])]
                    for line in aid.splitlines()
                    if re.match(r"^(10|J|Q|K) ", line)
                }
                table = fdm.face_table(d)
                assert rows["Q"] == table["Q"] and rows["K"] == table["K"], aid
                assert rows["J"] == table["J"] and rows["10"] == table["10"], aid
                flat = squash(aid)
                assert f"{d['start_life']}" in flat and f"+{d['effect_life']}" in flat
                assert f"+{d['spade_damage']}" in flat and f"+{d['heart_life']}" in flat
                ex = 10 + d["spade_damage"]
                assert f"10infligge{ex}" in flat or f"10deals{ex}" in flat


KEY_RULES = {
    "it": {
        "rules": [
            "20 punti vita",
            # the King's bonus: the original quoted as it is, the decisions said as such
            "«tutte le carte dello stesso seme di un re ed in gioco per lo stesso giocatore "
            "che ha giocato il re»",
            "Qui si decide così: un Re non dà il bonus a se stesso",
            "7 carte a ogni giocatore",
            "cimitero",
            "carte fuori dal gioco",
            "in senso orario",
            "oltre la 7ª",
            "dello stesso seme",
            "3 carte o l'asso di quadri",
            "pescare 3 carte",
            "5 punti vita",
            "Donna di quadri",
            "Donna di picche",
            "Donna di cuori",
            "Donna di fiori",
            "1 danno in più del suo potere",
            "guadagna 2 punti vita",
            "almeno una delle carte che bloccano una carta di fiori",
            "1 danno in più rispetto al suo potere",
            "potere 10 e non possono mai bloccare",
            "infliggono 1 danno (2 quella di picche)",
            "5 danni per scartarle (6 per quella",
            "potenza +3",
            "infligge 3 danni (4 quello di picche)",
            "Il 10 infligge 11 danni",
            "7 servono a scartare il 6 di quadri",
            "asso di denari",
            "asso di quadri",
            "il mazzo è finito",
            "Donna di picche che blocca, giocata da chi ha giocato anche un Re di picche",
            "asso di picche giocato da chi ha giocato anche un Re di picche",
            # the original's owner rules: the player who put the card in play, not who has it
            "nel cimitero del giocatore che l'ha messa in gioco, anche se",
            "messe in gioco dal giocatore che ha giocato il Re",
            # where the original is silent, decided as the simulator plays: effects in combat,
            # and the cards of a player who is out
            "Una carta in attacco che un effetto toglie dal gioco non infligge danni",
            "resta bloccata anche se tutte le carte che la bloccano lasciano il gioco",
            "manderebbe nel cimitero di un giocatore eliminato va invece fra le carte fuori",
            "Jack (tutti e otto)",
            "Chiarimento.",
            "Esempio.",
        ],
        "aid": [
            "Turno (in ordine)",
            "Raddrizza le tue carte girate",
            "pesca 1 carta",
            "3 carte del seme o il suo asso",
            "senso orario",
            "pronte",
            "l'eccesso passa",
            "Il 10 infligge 11",
        ],
    },
    "en": {
        "rules": [
            "20 life points",
            '"all cards of the same suit as a King that are in play for the same player '
            'who played the King"',
            "This rulebook decides: a King does not give the bonus to itself",
            "An attacking card that an effect removes from play deals no damage",
            "stays blocked even if every card blocking it leaves play",
            "would send to an eliminated player's graveyard goes to the out-of-game pile",
            "deal 7 cards to each player",
            "graveyard",
            "out-of-game pile",
            "clockwise",
            "beyond the 7th",
            "of the same suit",
            "3 cards or the Ace of diamonds",
            "draw 3 cards",
            "5 life points",
            "Queen of diamonds",
            "Queen of spades",
            "Queen of hearts",
            "Queen of clubs",
            "1 more damage than its power",
            "gains 2 life points",
            "at least one of the cards blocking a club",
            "1 more damage than its power to be discarded",
            "power 10 and can never block",
            "deal 1 damage (2 for the Queen of spades)",
            "5 damage is needed to discard them (6 for the Queen of diamonds)",
            "power +3",
            "deals 3 damage (4 for the King of spades)",
            "The 10 deals 11 damage",
            "7 are needed to discard the 6 of diamonds",
            "asso di denari",
            "Ace of diamonds",
            "the deck is empty",
            "Queen of spades blocking, played by the player who also played a King of spades",
            "Ace of spades played by the player who also played a King of spades",
            "to the graveyard of the player who put it into play, even if",
            "put into play by the player who played the King",
            "Jack (all eight)",
            "Untap and draw",
            "Clarification.",
            "Example.",
        ],
        "aid": [
            "Turn (in order)",
            "Untap your tapped cards",
            "draw 1 card",
            "3 cards of the suit or its Ace",
            "clockwise",
            "ready",
            "excess goes through",
            "The 10 deals 11",
        ],
    },
}


@pytest.mark.parametrize(
    ("lang", "goal"),
    [
        ("it", "Scopo del gioco Restare l'ultimo giocatore in partita:"),
        ("en", "Goal Be the last player left in the game:"),
    ],
)
def test_the_goal_section_opens_with_the_goal(built: Path, lang: str, goal: str) -> None:
    """ "Goal" held the forum's pitch (not everyone can afford Magic cards) and the winner was
    told only in a clarification: the section opens with what a player plays for."""
    rulebook = " ".join(pdf_text(built / lang / "rulebook.pdf").split())
    assert goal in rulebook, rulebook[:600]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_rulebook_and_aid_hold_the_seeds_key_rules(built: Path, lang: str) -> None:
    rulebook = squash(pdf_text(built / lang / "rulebook.pdf"))
    aid = squash(pdf_text(built / lang / "player-aid.pdf"))
    for phrase in KEY_RULES[lang]["rules"]:
        assert squash(phrase) in rulebook, phrase
    for phrase in KEY_RULES[lang]["aid"]:
        assert squash(phrase) in aid, phrase
    # the worked example's cards are drawn beside it, and the card anatomy beside its text
    title = "Donnadipicche" if lang == "it" else "Queenofspades"
    assert title in rulebook


def test_one_number_changed_in_data_reaches_cards_aid_and_rulebook(
    project: Path, printgen: Callable[..., Run]
) -> None:
    """One source: a new queen toughness shows on the queens, in the aid and in the rulebook."""
    path = project / FOLDER / "game.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("queen_toughness: 5 ", "queen_toughness: 7 "),
        encoding="utf-8",
    )
    run = printgen(project, "build", GAME, "--lang", "en")
    assert run.code == 0, run.err
    out = project / "build" / GAME / "en"
    assert "7damageisneededtodiscardthem(8fortheQueenofdiamonds)" in squash(
        pdf_text(out / "rulebook.pdf")
    )
    with pdfplumber.open(out / "player-aid.pdf") as pdf:
        aid = pdf.pages[0].extract_text() or ""
    assert re.search(r"\bQ no yes 1 \( ?2\) 7 \( ?8\)", aid), aid
    cards = squash(pdf_text(out / "cards.pdf"))
    assert "needs7tobediscarded" in cards and "needs8tobediscarded" in cards


# --- every rule catches a broken copy -------------------------------------------------------


def test_rule_data_key_missing(project: Path) -> None:
    edit(project, "game.yaml", "  heart_life: 2 ", "  heart_lives: 2 ")
    caught(project, "data is missing 'heart_life'")


def test_rule_data_not_a_whole_number(project: Path, printgen: Callable[..., Run]) -> None:
    edit(project, "game.yaml", "king_bonus: 3 ", "king_bonus: three ")
    caught(project, "data.king_bonus must be a whole number")
    run = printgen(project, "validate", GAME)
    assert run.code == 2
    assert "cards/figli-di-un-magic-minore/game.yaml:" in run.err


def test_rule_deck_size_not_a_rummy_deck(project: Path) -> None:
    edit(project, "game.yaml", "deck_size: 104 ", "deck_size: 100 ")
    caught(
        project,
        "data.deck_size 100 is not 4 suits × 13 ranks",
        "deck 'main' has 104 cards; data.deck_size says 100",
    )


def test_rule_wrong_number_of_copies(project: Path, printgen: Callable[..., Run]) -> None:
    edit(project, "decks/main.yaml", "    count: 2 ", "    count: 3 ")
    caught(
        project,
        "card 'cuori-a' has 3 copies; the rummy deck has 2 of each card",
        "deck 'main' has 156 cards",
    )
    run = printgen(project, "validate", GAME)
    assert run.code == 2 and "decks/main.yaml:" in run.err


def test_rule_missing_rank(project: Path) -> None:
    edit(
        project,
        "decks/main.yaml",
        "        - {key: k, index: K, kind: king, name: {it: Re, en: King}}\n",
        "",
    )
    caught(project, "lacks 4 card(s): K of cuori, K of quadri, K of fiori, K of picche")


def test_rule_hand_made_card_is_not_a_rummy_card(project: Path) -> None:
    edit(
        project,
        "decks/main.yaml",
        "generate:\n",
        "cards:\n  - {id: joker, count: 2, name: Jolly, index: JK, power: 0}\n\ngenerate:\n",
    )
    caught(project, "card 'joker' is not one of the rummy deck's cards")


def test_rule_repeated_card(project: Path) -> None:
    with (project / FOLDER / "decks/main.yaml").open("a", encoding="utf-8") as deck:
        deck.write(
            "  - product:\n"
            "      rank: [{key: a, index: A, kind: ace, name: Asso}]\n"
            "      suit: [{key: cuori, name: cuori, icon: heart, color: '#c1121f'}]\n"
            "    count: 2\n"
            "    card: {id: 'extra-{{ suit.key }}-{{ rank.key }}'}\n"
        )
    caught(
        project,
        "card 'extra-cuori-a' repeats A of cuori (already 'cuori-a')",
        "deck 'main' has 106 cards; data.deck_size says 104",
    )


def test_rule_rank_kind(project: Path) -> None:
    edit(
        project,
        "decks/main.yaml",
        '{key: "10", index: "10", kind: ten,',
        '{key: "10", index: "10", kind: number,',
    )
    caught(project, "rank 10 must have kind 'ten', not 'number'")


def test_rule_printed_power(project: Path) -> None:
    edit(
        project,
        "decks/main.yaml",
        "{{ data.ace_power if rank.kind == 'ace'",
        "{{ 11 if rank.kind == 'ace'",
    )
    caught(
        project,
        "card 'picche-a' prints power 11; the seed's rules give 1 [it]",
        "its cost line must print its power 1",
    )


def test_rule_cost_line(project: Path) -> None:
    edit(
        project, "decks/main.yaml", "di potere totale ≥ {{ card.power }}.", "di potere totale ≥ 9."
    )
    caught(project, "its cost line must print its power 10 (a card costs its power)")


def test_rule_hard_coded_number_on_queens(project: Path) -> None:
    edit(
        project,
        "decks/main.yaml",
        "ne servono\n          {{ data.queen_toughness + plus_t }}",
        "ne servono\n          5",
    )
    caught(
        project,
        "card 'quadri-q' rule prints the numbers [1, 5, 3]; its rules call for "
        "[1, 6, 3] (from data:) [it]",
    )


def test_rule_hard_coded_number_on_suits(project: Path) -> None:
    edit(
        project,
        "decks/main.yaml",
        "'+' ~ data.spade_damage ~ ' ai danni che infligge.'",
        "'+2 ai danni che infligge.'",
    )
    caught(project, "card 'picche-7' suit_rule prints the numbers [2]; its rules call for [1]")


def test_rule_suit_reminder_missing(project: Path) -> None:
    edit(project, "decks/main.yaml", "**Hearts:** if combat sends it", "If combat sends it")
    caught(project, "card 'cuori-5' lacks the reminder of its suit (Hearts) [en]")


def test_rule_rank_reminder_missing(project: Path) -> None:
    edit(project, "decks/main.yaml", "Non può mai bloccare.", "Può bloccare.")
    caught(project, "card 'fiori-j' lacks part of its rank's reminder (missing: mai bloccare)")


def test_rule_queen_power_missing(project: Path) -> None:
    edit(
        project,
        "decks/main.yaml",
        "{%- elif suit.key == 'cuori' %}take possession of a card another player has in play.",
        "{%- elif suit.key == 'cuori' %}take a card another player has in play.",
    )
    caught(project, "card 'cuori-q' lacks part of its rank's reminder (missing: possession) [en]")


def test_rule_number_cards_have_no_rank_rule(project: Path) -> None:
    edit(
        project,
        "decks/main.yaml",
        "          {%- endif -%}\n        en: >-",
        "          {%- else -%}Carta semplice.\n          {%- endif -%}\n        en: >-",
    )
    caught(project, "card 'cuori-2': a number card has no rank rule")


def test_rule_aid_number_not_from_data(project: Path) -> None:
    edit(project, "aid.it.md", "+{{ data.effect_life }} punti vita", "+5 punti vita")
    caught(project, "aid.it.md:1:1: these rule numbers are not taken from data: effect_life")


def test_rule_aid_face_table(project: Path) -> None:
    edit(
        project,
        "aid.en.md",
        "{{ data.queen_toughness }} (:diamond: "
        "{{ data.queen_toughness + data.diamond_toughness }})",
        "{{ data.queen_toughness }} (:diamond: {{ data.queen_toughness }})",
    )
    caught(project, "the aid's row 'Q' shows [1, 2, 5, 5]; the data gives [1, 2, 5, 6]")


def test_rule_aid_face_table_row_missing_is_said_where_it_goes(project: Path) -> None:
    """A row taken out of the aid's table was said with no line, and nothing of what to add."""
    source = (project / FOLDER / "aid.en.md").read_text(encoding="utf-8")
    row = next(line for line in source.splitlines() if line.startswith("| 10 |"))
    edit(project, "aid.en.md", row + "\n", "")
    first = source.splitlines().index(row) + 1  # the J row takes its place, the table's first
    caught(
        project,
        f"aid.en.md:{first}:1: the aid's face-card table has no row '10': add '| 10 | … |' with "
        "its figures [10, 11, 10, 11] (deals, of spades; discarded by, of diamonds)",
    )


def test_rule_rulebook_number_not_from_data(project: Path) -> None:
    edit(project, "rules.en.md", "{{ data.start_life }} life points", "20 life points", 2)
    caught(project, "rules.en.md:1:1: these rule numbers are not taken from data: start_life")


def test_rule_prose_must_render(project: Path) -> None:
    edit(project, "rules.it.md", "{{ data.queen_draw }}", "{{ data.queen_draws }}")
    caught(project, "rules.it.md does not render")


def test_rule_prose_file_missing(project: Path) -> None:
    (project / FOLDER / "aid.en.md").unlink()
    caught(project, "missing aid.en.md")
