"""I Costruttori del Medioevo: every design rule catches a deliberately broken card, the shipped
set passes, and the card and coin PDFs read back with the right counts, sizes and texts."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from printgen.problems import Problem
from tests.conftest import (
    MM,
    ROOT,
    Run,
    manifest,
    printed_in_trim_box,
    rule_context,
    rule_problems,
    rules_module,
)

GAME = "costruttori-del-medioevo"
FOLDER = f"cards/{GAME}"
rules = rules_module(GAME)


# ------------------------------------------------------------------------------- helpers
def edit(project: Path, file: str, old: str, new: str) -> int:
    """Replace the one occurrence of ``old`` in a game file; return the edited line number."""
    path = project / FOLDER / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {file}"
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text[: text.index(new)].count("\n") + 1


def _line_of(project: Path, file: str, text: str) -> int:
    """The line of a game file ``text`` first stands on."""
    written = (project / FOLDER / file).read_text(encoding="utf-8")
    return written[: written.index(text)].count("\n") + 1


def findings(project: Path) -> list[Problem]:
    return list(rules.check(rule_context(project, GAME)))


def named(problems: list[Problem], rule: str, file: str, line: int, card: str) -> list[Problem]:
    """The problems of ``rule`` that name ``card`` at ``file:line``."""
    place = f"{FOLDER}/{file}:{line}:"
    return [
        p
        for p in problems
        if p.message.startswith(f"{rule}:") and card in p.message and str(p).startswith(place)
    ]


# --------------------------------------------------------------------------- shipped set
def test_shipped_set_has_no_findings() -> None:
    assert findings(ROOT) == []


def test_validate_command_passes(project: Path, printgen: Callable[..., Run]) -> None:
    run = printgen(project, "validate", GAME)
    assert run.code == 0, run.err
    assert "warning" not in run.err


def test_a_broken_card_stops_the_command_with_its_place(
    project: Path, printgen: Callable[..., Run]
) -> None:
    line = edit(
        project,
        "decks/workers.yaml",
        "tile: 0, wage: 5}\n  - {id: costruttore-comacino",
        "tile: 0, wage: 4}\n  - {id: costruttore-comacino",
    )
    run = printgen(project, "validate", GAME)
    assert run.code == 2
    assert f"{FOLDER}/decks/workers.yaml:{line}:" in run.err
    assert "wage: card 'capo-muratore' (Capo muratore) has wage 4" in run.err


# ------------------------------------------------------------------------ worker rules
def test_wage_must_equal_the_sum_of_skills(project: Path) -> None:
    line = edit(
        project,
        "decks/workers.yaml",
        'en: "Head Mason"}, stone: 3, wood: 2, compass: 0, tile: 0, wage: 5',
        'en: "Head Mason"}, stone: 3, wood: 2, compass: 0, tile: 0, wage: 4',
    )
    # a check in game.yaml, not Python: validate runs it with the rules
    assert named(rule_problems(project, GAME), "wage", "decks/workers.yaml", line, "capo-muratore")


def test_no_skill_above_three(project: Path) -> None:
    line = edit(
        project,
        "decks/workers.yaml",
        'en: "Quarryman"}, stone: 2, wood: 1, compass: 0, tile: 0, wage: 3',
        'en: "Quarryman"}, stone: 4, wood: 1, compass: 0, tile: 0, wage: 5',
    )
    problems = findings(project)
    assert named(problems, "skill-cap", "decks/workers.yaml", line, "cavatore")
    assert not [p for p in problems if p.message.startswith("wage:")]


def test_skills_follow_the_rank(project: Path) -> None:
    line = edit(
        project,
        "decks/workers.yaml",
        'en: "Blacksmith"}, stone: 1, wood: 1, compass: 1, tile: 1, wage: 4',
        'en: "Blacksmith"}, stone: 2, wood: 2, compass: 1, tile: 0, wage: 5',
    )
    problems = findings(project)
    found = named(problems, "rank", "decks/workers.yaml", line, "fabbro")
    assert found and "must be 3+2" in found[0].message


def test_starting_helpers_have_the_lowest_rank(project: Path) -> None:
    line = edit(
        project,
        "decks/starters.yaml",
        'en: "Mason\'s Helper"}, stone: 1, wood: 0, compass: 0, tile: 1, wage: 2',
        'en: "Mason\'s Helper"}, stone: 2, wood: 0, compass: 0, tile: 1, wage: 3',
    )
    assert named(findings(project), "start", "decks/starters.yaml", line, "garzone-muratore")


def test_one_starting_helper_per_player(project: Path) -> None:
    path = project / FOLDER / "decks/starters.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(x for x in lines if "garzone-copritetto" not in x), encoding="utf-8")
    problems = [p for p in findings(project) if p.message.startswith("start:")]
    assert problems and "3 starting helpers for up to 4 players" in problems[0].message
    assert str(problems[0].where).startswith(f"{FOLDER}/decks/starters.yaml:")


# ---------------------------------------------------------------------- building rules
def test_requirements_stay_within_zero_to_five(project: Path) -> None:
    line = edit(
        project,
        "decks/buildings.yaml",
        'en: "Well"}, stone: 3, wood: 0, compass: 2',
        'en: "Well"}, stone: 6, wood: 0, compass: 2',
    )
    assert named(findings(project), "requirement", "decks/buildings.yaml", line, "pozzo")


def test_every_building_has_a_crew_of_three(project: Path) -> None:
    line = edit(
        project,
        "decks/buildings.yaml",
        'en: "Collegiate Church"}, stone: 4, wood: 3, compass: 4, tile: 3',
        'en: "Collegiate Church"}, stone: 4, wood: 4, compass: 4, tile: 4',
    )
    found = named(findings(project), "crew", "decks/buildings.yaml", line, "collegiata")
    assert found and "still lacks" in found[0].message


def test_a_commercial_card_name_is_refused(project: Path) -> None:
    line = edit(project, "decks/buildings.yaml", 'en: "Coaching House"}', 'en: "Village Tavern"}')
    found = named(findings(project), "original", "decks/buildings.yaml", line, "stazione-di-posta")
    assert found and "'Tavern', a name of the commercial game" in found[0].message


@pytest.mark.parametrize(
    ("card", "old", "new", "word"),
    [
        ("collegiata", '{it: "Collegiata"', '{it: "Duomo vecchio"', "Duomo"),
        ("collegiata", 'en: "Collegiate Church"}', 'en: "Old Minster"}', "Minster"),
        ("stazione-di-posta", '{it: "Stazione di posta"', '{it: "Osteria del ponte"', "Osteria"),
        ("stazione-di-posta", 'en: "Coaching House"}', 'en: "Bridge Alehouse"}', "Alehouse"),
    ],
)
def test_the_synonyms_of_cathedral_and_tavern_are_refused(
    project: Path, card: str, old: str, new: str, word: str
) -> None:
    line = edit(project, "decks/buildings.yaml", old, new)
    found = named(findings(project), "original", "decks/buildings.yaml", line, card)
    assert found and f"'{word}', a name of the commercial game" in found[0].message


def test_an_italian_form_of_master_is_refused_on_a_worker(project: Path) -> None:
    line = edit(project, "decks/workers.yaml", '"Capo muratore"', '"Mastro muratore"')
    found = named(findings(project), "original", "decks/workers.yaml", line, "capo-muratore")
    assert found and "'Mastro', a name of the commercial game" in found[0].message


def test_a_commercial_rank_name_is_refused(project: Path) -> None:
    line = edit(
        project,
        "game.yaml",
        "name: {it: Caposquadra, en: Foreman}",
        "name: {it: Maestro, en: Foreman}",
    )
    found = [p for p in findings(project) if p.message.startswith("original: rank 'Maestro'")]
    assert found and str(found[0].where).startswith(f"{FOLDER}/game.yaml:{line}:")


def test_the_crew_search_uses_each_card_once() -> None:
    one = (((3, 0, 0, 0), 1), ((0, 1, 0, 0), 1))
    assert rules.best_crew((6, 0, 0, 0), one, 3) == ((3, 0, 0, 0),)  # the closest, 3 short
    two = (((3, 0, 0, 0), 2),)
    assert rules.best_crew((6, 0, 0, 0), two, 3) == ((3, 0, 0, 0), (3, 0, 0, 0))


Skills = tuple[int, int, int, int]


def _skills(chance: random.Random, top: int) -> Skills:
    return (
        chance.randint(0, top),
        chance.randint(0, top),
        chance.randint(0, top),
        chance.randint(0, top),
    )


def _closest_crew_by_trying_all(
    need: Skills, pool: tuple[tuple[Skills, int], ...], size: int
) -> tuple[Skills, ...]:
    """Every crew of 1 … size cards the deck holds, smallest first and in pool order; the first
    that leaves the least of ``need`` uncovered."""
    best: tuple[Skills, ...] = ()
    best_gap = sum(need)
    for k in range(1, size + 1):
        for crew in itertools.combinations_with_replacement([v for v, _ in pool], k):
            if any(crew.count(v) > n for v, n in pool):
                continue
            gap = sum(max(0, need[i] - sum(v[i] for v in crew)) for i in range(4))
            if gap < best_gap:
                best, best_gap = crew, gap
    return best


def test_the_crew_search_finds_the_crew_trying_every_crew_finds() -> None:
    """The same crew, not only one as good: the message names its workers."""
    chance = random.Random(14)
    for _ in range(40):
        kinds = sorted({_skills(chance, 3) for _ in range(8)})
        pool = tuple((vector, chance.randint(1, 3)) for vector in kinds)
        size = chance.randint(1, 4)
        need = _skills(chance, 9)
        assert rules.best_crew(need, pool, size) == _closest_crew_by_trying_all(need, pool, size)


def test_rewards_never_fall_as_requirements_rise(project: Path) -> None:
    line = edit(
        project,
        "decks/buildings.yaml",
        'en: "Farmhouse"}, stone: 2, wood: 3, compass: 0, tile: 2, vp: 1, coins: 10',
        'en: "Farmhouse"}, stone: 2, wood: 3, compass: 0, tile: 2, vp: 1, coins: 7',
    )
    found = named(findings(project), "reward-order", "decks/buildings.yaml", line, "casolare")
    assert found and "less than card" in found[0].message and found[0].severity == "error"


def test_reward_outliers_are_warned(project: Path, printgen: Callable[..., Run]) -> None:
    line = edit(
        project,
        "decks/buildings.yaml",
        'en: "Well"}, stone: 3, wood: 0, compass: 2, tile: 0, vp: 0, coins: 8',
        'en: "Well"}, stone: 3, wood: 0, compass: 2, tile: 0, vp: 0, coins: 5',
    )
    found = named(findings(project), "reward-outlier", "decks/buildings.yaml", line, "pozzo")
    assert found and found[0].severity == "warning"
    run = printgen(project, "validate", GAME)
    assert run.code == 0 and "warning: reward-outlier" in run.err


# ----------------------------------------------------------------------- machine rules
@pytest.mark.parametrize(
    ("old", "new", "expect"),
    [
        ('vp: "{{ level }}"', 'vp: "{{ level + 1 }}"', "has vp"),
        ("      coins: 0\n", "      coins: 2\n", "has coins"),
        ('gives: "{{ level + 1 }}"', 'gives: "{{ level + 2 }}"', "has gives"),
        (
            "stone: \"{{ level if skill.next == 'stone' else "
            "(1 if skill.after == 'stone' else 0) }}\"",
            "stone: \"{{ 1 if skill.key == 'stone' else (level if skill.next == 'stone' else "
            "(1 if skill.after == 'stone' else 0)) }}\"",
            "also needs it",
        ),
        # a level the game has no machine for: said at the level the card prints
        ("      level: [1, 2]\n", "      level: [1, 2, 3]\n", "levels are 1, 2"),
    ],
)
def test_machines_are_consistent(project: Path, old: str, new: str, expect: str) -> None:
    line = edit(project, "decks/buildings.yaml", old, new)
    problems = [p for p in findings(project) if p.message.startswith("machine:")]
    said = [p for p in problems if expect in p.message and "macchina-stone-" in p.message]
    assert said, problems
    # generated cards are named at their template in the deck file: at the field edited
    assert all(str(p).startswith(f"{FOLDER}/decks/buildings.yaml:") for p in problems)
    at = _line_of(project, "decks/buildings.yaml", 'level: "{{') if "level: [" in old else line
    assert {p.where.line for p in said} == {at}


def test_one_machine_per_skill_and_level(project: Path) -> None:
    edit(project, "decks/buildings.yaml", "      level: [1, 2]\n", "      level: [1]\n")
    problems = [p for p in findings(project) if p.message.startswith("machine:")]
    assert len(problems) == 4
    assert all("no level-2 machine produces" in p.message for p in problems)


def test_a_deck_without_machines_is_flagged(project: Path) -> None:
    path = project / FOLDER / "decks/buildings.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("\ngenerate:")] + "\n", encoding="utf-8")
    problems = [p for p in findings(project) if p.message.startswith("machine:")]
    assert len(problems) == 8


def test_malformed_data_is_reported_not_crashed(project: Path) -> None:
    edit(
        project,
        "game.yaml",
        "    - {level: 1, need: [1, 1], vp: 1, gives: 2}",
        "    - {level: 1, need: [1, 1], gives: 2}",
    )
    problems = [p for p in findings(project) if p.message.startswith("machine:")]
    assert problems and "malformed" in problems[0].message
    assert str(problems[0].where).startswith(f"{FOLDER}/game.yaml:")


def test_a_building_with_a_machine_field_is_flagged(project: Path) -> None:
    line = edit(
        project,
        "decks/buildings.yaml",
        "tile: 0, vp: 0, coins: 8}",
        "tile: 0, vp: 0, coins: 8, level: 1}",
    )
    assert named(findings(project), "machine", "decks/buildings.yaml", line, "pozzo")


# ------------------------------------------------------------------------ coins and end
@pytest.mark.parametrize(
    ("file", "old", "new", "expect"),
    [
        ("decks/coins-silver.yaml", "count: 25", "count: 24", "has count 24; the game has 25"),
        (
            "decks/coins-gold.yaml",
            "metal: gold, value: 5, fill",
            "metal: gold, value: 4, fill",
            "is worth 4",
        ),
        ("decks/coins-silver.yaml", "shape: circle", "shape: rect", "must be round tokens"),
    ],
)
def test_coin_quantities(project: Path, file: str, old: str, new: str, expect: str) -> None:
    line = edit(project, file, old, new)
    found = [p for p in findings(project) if p.message.startswith("coins:") and expect in p.message]
    assert found
    assert str(found[0].where).startswith(f"{FOLDER}/{file}:")
    # at the value edited; a deck's shape, which the model keeps no line for, at the deck's top
    at = _line_of(project, file, "name:") if "shape" in old else line
    assert [p.where.line for p in found] == [at]


def test_end_must_be_reachable(project: Path) -> None:
    edit(project, "game.yaml", "end_vp: 17 ", "end_vp: 200 ")
    found = [p for p in findings(project) if p.message.startswith("end:")]
    assert found and found[0].severity == "error" and "nobody can reach the 200" in found[0].message


def test_end_too_far_for_four_players_is_warned(project: Path) -> None:
    edit(project, "game.yaml", "end_vp: 17 ", "end_vp: 40 ")
    found = [p for p in findings(project) if p.message.startswith("end:")]
    assert found and found[0].severity == "warning"


def test_names_are_unique(project: Path) -> None:
    line = edit(
        project,
        "decks/buildings.yaml",
        'name: {it: "Pozzo", en: "Well"}',
        'name: {it: "Muratore", en: "Well"}',
    )
    assert named(findings(project), "names", "decks/buildings.yaml", line, "pozzo")


# ---------------------------------------------------------------------- built PDFs
@pytest.fixture(scope="module")
def built(bundled_build: Path) -> Path:
    return bundled_build / GAME


DECK_COUNTS = {"workers": 42, "starters": 4, "buildings": 42}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_coin_tokens_print_no_text_below_six_points(built: Path, lang: str) -> None:
    """'Moneta d'argento' was squeezed to 4 pt on a 24 mm coin: a coin is named by its metal."""
    sizes: list[float] = []
    words: set[str] = set()
    with pdfplumber.open(built / lang / "tokens.pdf") as pdf:
        for face in manifest(built / lang / "tokens.json")["faces"]:  # on the coins, not the
            page = pdf.pages[int(face["page"]) - 1]  # sheet's own label in its margin
            left, bottom = face["x_mm"] * MM, face["y_mm"] * MM
            top = page.height - bottom - face["height_mm"] * MM
            coin = page.within_bbox((left, top, left + face["width_mm"] * MM, page.height - bottom))
            sizes += [char["size"] for char in coin.chars]
            words |= {w["text"] for w in coin.extract_words()}
    assert sizes and min(sizes) >= 6 - 1e-6
    assert ({"Oro", "Argento"} if lang == "it" else {"Gold", "Silver"}) <= words


@pytest.mark.parametrize("lang", ["it", "en"])
def test_card_sheets_hold_every_card_front_and_back(built: Path, lang: str) -> None:
    data = manifest(built / lang / "cards.json")
    faces = data["faces"]
    for side in ("front", "back"):
        assert Counter(f["deck"] for f in faces if f["side"] == side) == DECK_COUNTS
    for face in faces:
        assert (face["width_mm"], face["height_mm"]) == pytest.approx((63.0, 88.0), abs=0.01)
    reader = PdfReader(built / lang / "cards.pdf")
    assert len(reader.pages) == max(f["page"] for f in faces) == 20  # 88 cards, 9 a sheet, ×2
    box = reader.pages[0].mediabox
    assert sorted((float(box.width) / MM, float(box.height) / MM)) == pytest.approx(
        [210.0, 297.0], abs=0.1
    )


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_card_prints_its_name(built: Path, lang: str) -> None:
    ctx = rule_context(ROOT, GAME)
    names = {}
    for deck in ctx.decks:
        for card in ctx.cards(deck, lang):
            names[card.id] = str(card.values["name"])
    fronts = [f for f in manifest(built / lang / "cards.json")["faces"] if f["side"] == "front"]
    with pdfplumber.open(built / lang / "cards.pdf") as pdf:
        for face in fronts:
            words = " ".join(printed_in_trim_box(pdf, face).split())
            assert names[face["card"]] in words, (face["card"], words)


def test_english_cards_speak_english(built: Path) -> None:
    with pdfplumber.open(built / "en" / "cards.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    for word in (
        "Head Mason",
        "Treadwheel Crane",
        "Collegiate Church",
        "Coaching House",
        "Shipwright",
        "Foreman",
        "wage",
        "Level 2",
        "Starting helper",
    ):
        assert word in text
    assert "Capo muratore" not in text


@pytest.mark.parametrize("lang", ["it", "en"])
def test_coin_tokens(built: Path, lang: str) -> None:
    faces = manifest(built / lang / "tokens.json")["faces"]
    fronts = Counter(f["card"] for f in faces if f["side"] == "front")
    assert fronts == {"argento": 25, "oro": 15}
    assert Counter(f["card"] for f in faces if f["side"] == "back") == fronts
    sizes = {f["card"]: (f["width_mm"], f["height_mm"]) for f in faces}
    assert sizes["argento"] == pytest.approx((24.0, 24.0), abs=0.01)
    assert sizes["oro"] == pytest.approx((28.0, 28.0), abs=0.01)
    with pdfplumber.open(built / lang / "tokens.pdf") as pdf:
        assert len(pdf.pages) == max(f["page"] for f in faces)
        for face in (f for f in faces if f["side"] == "front"):
            value = "1" if face["card"] == "argento" else "5"
            assert value in printed_in_trim_box(pdf, face).split()


def test_coin_sheets_draw_a_cut_circle_per_token(built: Path) -> None:
    faces = manifest(built / "it" / "tokens.json")["faces"]
    with pdfplumber.open(built / "it" / "tokens.pdf") as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            tokens = [f for f in faces if f["page"] == number and f["side"] == "front"]
            sizes = Counter(round(f["width_mm"], 2) for f in tokens)
            for size_mm, count in sizes.items():  # gold and silver share the sheet
                size = size_mm * MM
                cut = [
                    c
                    for c in page.curves
                    if abs(c["width"] - size) < 0.2
                    and abs(c["height"] - size) < 0.2
                    and c.get("stroke")
                ]
                assert len(cut) >= count, (number, size_mm, len(cut), count)


def pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        (
            "it",
            [
                "Preparazione",
                "Il turno",
                "Le macchine",
                "Fine della partita",
                "17 punti",
                "si termina lo svolgimento normale del turno",
                "così che tutti abbiano fatto lo stesso numero di turni",
                "Variante. Chi preferisce la lettura letterale",
                "ha 34 edifici e 8 macchine",
                "Una moneta d'argento vale 1, una d'oro 5",
                "un lavoratore che non copre nulla",
                "Le azioni comprate con le monete e non usate si perdono alla fine del turno",
                "Chiarimento.",
                "Esempio.",
                "5 monete per azione",
                "un punto ogni 10 unità",
            ],
        ),
        (
            "en",
            [
                "Setup",
                "The turn",
                "Machines",
                "End of the game",
                "17 points",
                "the normal course of the turn is completed",
                "so that everyone has had the same number of turns",
                "Variant. Groups who prefer the literal reading",
                "has 34 buildings and 8 machines",
                "A silver coin is worth 1, a gold coin 5",
                "a worker that covers nothing",
                "Actions bought with coins and not used are lost at the end of the turn",
                "Clarification.",
                "Example.",
                "5 coins per action",
                "one point per 10 coins",
            ],
        ),
    ],
)
def test_rulebook_reads_back(built: Path, lang: str, phrases: list[str]) -> None:
    reader = PdfReader(built / lang / "rulebook.pdf")
    assert len(reader.pages) >= 6
    box = reader.pages[0].mediabox
    assert (float(box.width) / MM, float(box.height) / MM) == pytest.approx((210, 297), abs=0.1)
    text = pdf_text(built / lang / "rulebook.pdf")
    for phrase in phrases:
        assert phrase in text, phrase


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        (
            "it",
            [
                "1 azione = 1, 2 azioni = 3, 3 azioni = 6",
                "17 punti",
                "e 10 monete a testa",
                "garzone 2 (1+1), lavorante 3 (2+1)",
                "caposquadra 5 (3+2).",
                "Macchina completata: 1 o 2 punti",
                "con 2 o 3 punti",
                "se la parità resta, la vittoria è condivisa",
                "né macchine da prendere",
            ],
        ),
        (
            "en",
            [
                "1 action = 1, 2 actions = 3, 3 actions = 6",
                "17 points",
                "and 10 coins each",
                "helper 2 (1+1), journeyman 3 (2+1)",
                "5 (3+2).",
                "Machine completed: 1 or 2 points",
                "with 2 or 3 points",
                "if still tied, the win is shared",
                "buildings or machines are left to take",
            ],
        ),
    ],
)
def test_player_aid_one_per_player(built: Path, lang: str, phrases: list[str]) -> None:
    reader = PdfReader(built / lang / "player-aid.pdf")
    assert len(reader.pages) == 2  # four players, two A5 aids per A4 sheet
    text = pdf_text(built / lang / "player-aid.pdf")
    for phrase in phrases:
        assert text.count(phrase) == 4, phrase


# The names of the commercial game (The Builders: Middle Ages, Bombyx 2013, and its Italian
# edition) that the issue says our cards and ranks must not reuse.
COMMERCIAL = re.compile(
    r"\b(Apprentices?|Labou?rers?|Craftsm[ae]n|Masters?|Taverns?|Cathedrals?|Minsters?|"
    r"Alehouses?|Apprendist[ia]|Manoval[ei]|Artigian[oi]|Maestr[oi]|Tavern[ae]|Cattedral[ei]|"
    r"Duom[oi]|Osteri[ae]|(?:Capo)?mastr[oi])\b",
    re.I,
)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_no_printed_text_reuses_a_commercial_name(built: Path, lang: str) -> None:
    for name in ("cards.pdf", "rulebook.pdf", "player-aid.pdf"):
        text = " ".join(pdf_text(built / lang / name).split())
        assert COMMERCIAL.findall(text) == [], name


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        (
            "it",
            [
                "The Builders: Middle Ages di Frédéric Henry (Bombyx, 2013)",
                "come le ha presentate Moon",
                "Il set di carte è originale",
            ],
        ),
        (
            "en",
            [
                "The Builders: Middle Ages by Frédéric Henry (Bombyx, 2013)",
                "as presented by Moon",
                "The card set is original",
            ],
        ),
    ],
)
def test_credits_name_the_original_game(built: Path, lang: str, phrases: list[str]) -> None:
    text = " ".join(pdf_text(built / lang / "rulebook.pdf").split())
    for phrase in phrases:
        assert phrase in text, phrase


@pytest.mark.parametrize(
    ("lang", "listed"),
    [
        ("it", "Edifici e macchine (42) 42 carte, tutte diverse. Pezzi • Monete d'argento (25)"),
        ("en", "Buildings and machines (42) 42 cards, all different. Pieces • Silver coins (25)"),
    ],
)
def test_the_coins_are_listed_under_a_heading_of_their_own(
    built: Path, lang: str, listed: str
) -> None:
    """The components list printed the coins as bullets right under "Buildings and machines
    (42)": a reader took them for part of that deck. After a deck with its heading, the
    one-kind decks come under their own ("Pieces"), before the total of the cards."""
    page = " ".join(PdfReader(built / lang / "rulebook.pdf").pages[1].extract_text().split())
    assert listed in page, page[:400]


@pytest.mark.parametrize(
    ("lang", "decks", "first_card"),
    [
        (
            "it",
            ["Lavoratori", "Garzoni iniziali", "Edifici e macchine", "Monete d'argento"],
            "Garzone muratore",
        ),
        (
            "en",
            ["Workers", "Starting helpers", "Buildings and machines", "Silver coins"],
            "Mason's Helper",
        ),
    ],
)
def test_the_card_reference_names_every_deck_it_shows(
    built: Path, lang: str, decks: list[str], first_card: str
) -> None:
    """The starting helpers were drawn card by card under no heading, the galleries after them
    each under its deck's name: every deck the reference shows now has its heading, in the
    decks' order (game.yaml's decks:), its cards under it."""
    pages = PdfReader(built / lang / "rulebook.pdf").pages
    lines = [line.strip() for page in pages for line in page.extract_text().splitlines()]
    start = len(lines) - lines[::-1].index("Card reference" if lang == "en" else "Le carte")
    gold = "Gold coins" if lang == "en" else "Monete d'oro"
    headings = [line for line in lines[start:] if line in {*decks, gold}]
    assert headings == [*decks, gold], headings
    helpers = lines[lines.index(decks[1], start) : lines.index(decks[2], start)]
    assert first_card in " ".join(helpers), helpers  # its title, wrapped or not
    assert "× 1" not in " ".join(helpers), helpers  # a single copy's count read as a sum
