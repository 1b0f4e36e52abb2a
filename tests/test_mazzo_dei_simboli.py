"""The symbol deck (seed 003) and its two games: data, validator rules, built PDFs.

Every validator rule of cards/mazzo-dei-simboli/rules.py (and of the two games' modules) has
a test that breaks a temporary copy of the project and expects the rule's message.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
import yaml
from pypdf import PdfReader

from printgen.problems import Problem
from tests.conftest import MM, ROOT, Run, manifest, rule_context, rules_module

DECK = "mazzo-dei-simboli"
deck_rules = rules_module(DECK)
MORRA = "morra-navale"
ARENA = "blaster-e-spade-laser"
DECK_FILE = Path("cards") / DECK / "decks" / "simboli.yaml"
CARDS = 54
# element -> number of values, as the issue states it
SIZES = {
    "switch": 2,
    "rps": 3,
    "suit": 4,
    "chess": 6,
    "wind": 8,
    "d4": 4,
    "d6": 6,
    "d8": 8,
    "d10": 10,
    "d12": 12,
    "d20": 20,
}
Printgen = Callable[..., Run]


def _symbol_deck(root: Path) -> Any:

    ctx = rule_context(root, DECK)
    problems: list[Problem] = []
    deck = deck_rules.symbol_deck(ctx.game, ctx, problems)
    assert deck is not None and not problems
    return deck


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# The shipped data


def test_shipped_games_validate_clean(printgen: Printgen) -> None:
    run = printgen(ROOT, "validate", DECK, MORRA, ARENA)
    assert run.code == 0, run.err
    assert "warning" not in run.err


def test_odds_counted_from_the_data_match_the_rule() -> None:
    deck = _symbol_deck(ROOT)
    assert deck.total == CARDS
    assert [e.key for e in deck.elements] == list(SIZES)
    for key, size in SIZES.items():
        counts = Counter(deck.columns[key])
        each, dashes = CARDS // size, CARDS % size
        assert counts.pop(deck_rules.DASH_KEY, 0) == dashes, key
        assert len(counts) == size, key
        assert set(counts.values()) == {each}, key
    # the issue's own numbers
    assert Counter(deck.columns["switch"]) == {"on": 27, "off": 27}
    assert set(Counter(deck.columns["chess"]).values()) == {9}
    assert Counter(deck.columns["wind"])["-"] == 6
    assert Counter(deck.columns["d20"])["-"] == 14


def test_same_yaml_same_deck() -> None:
    assert _symbol_deck(ROOT).columns == _symbol_deck(ROOT).columns


def test_every_pair_of_elements_is_within_one_card_of_independence() -> None:
    """Each pair of values of two elements (dash cells left out) is on as many cards as
    independence predicts — count(a) · count(b) / 54 — give or take less than one card (what
    the issue asks and the rulebook promises)."""
    deck = _symbol_deck(ROOT)
    keys = list(SIZES)
    far = []
    for i, first in enumerate(keys):
        for second in keys[i + 1 :]:
            a, b = deck.columns[first], deck.columns[second]
            cells = Counter(zip(a, b, strict=True))
            for x, cx in Counter(a).items():
                for y, cy in Counter(b).items():
                    if "-" in (x, y):
                        continue
                    observed = cells[x, y]
                    if abs(observed - cx * cy / CARDS) > 1:
                        far.append((first, x, second, y, observed, cx * cy / CARDS))
    assert far == []


def test_a_deck_within_one_card_of_independence_everywhere_exists() -> None:
    """printgen/source/pairwise.py says strict balance (every value cell within ONE card of
    count(a) · count(b) / 54) exists for the shipped elements: its witness deck, checked here
    against the YAML's own value lists, keeps every value count and meets it in every cell."""
    rule = yaml.safe_load((ROOT / DECK_FILE).read_text(encoding="utf-8"))["generate"][0]
    symbols = {
        name: [str(v["key"]) if isinstance(v, dict) else str(v) for v in values]
        for name, values in rule["balanced"]["symbols"].items()
    }
    text = (ROOT / "bench" / "pairwise" / "witness.txt").read_text(encoding="utf-8")
    rows = [line.split() for line in text.splitlines() if not line.startswith("#")]
    columns = {name: [row[k] for row in rows] for k, name in enumerate(symbols)}
    assert len(rows) == CARDS
    for name, values in symbols.items():
        assert Counter(columns[name]) == {
            **dict.fromkeys(values, CARDS // len(values)),
            **({"-": CARDS % len(values)} if CARDS % len(values) else {}),
        }
    names = list(symbols)
    far = [
        (first, x, second, y)
        for i, first in enumerate(names)
        for second in names[i + 1 :]
        for (x, y), n in _joint(columns[first], columns[second], symbols, first, second).items()
        if abs(n - (CARDS // len(symbols[first])) * (CARDS // len(symbols[second])) / CARDS) > 1
    ]
    assert far == []


def _joint(
    a: list[str], b: list[str], symbols: dict[str, list[str]], first: str, second: str
) -> dict[tuple[str, str], int]:
    """Every value cell of two elements (dash cells left out), empty cells included."""
    seen = Counter(zip(a, b, strict=True))
    return {(x, y): seen[x, y] for x in symbols[first] for y in symbols[second]}


def test_rulebook_example_of_independence_is_true() -> None:
    """The rulebook: "in the deck every D4 value appears on 6 or 7 ON cards" (27 × 13 ÷ 54)."""
    deck = _symbol_deck(ROOT)
    on_d4 = Counter(
        d
        for s, d in zip(deck.columns["switch"], deck.columns["d4"], strict=True)
        if s == "on" and d != "-"
    )
    assert set(on_d4) == {1, 2, 3, 4} and set(on_d4.values()) <= {6, 7}
    for lang, claim in (("it", "6 o 7 carte ON"), ("en", "6 or 7 ON cards")):
        text = (ROOT / "cards" / DECK / f"rules.{lang}.md").read_text(encoding="utf-8")
        assert claim in text and "27 × 13 ÷ 54 = 6" in text


def test_dice_labels_match_their_values() -> None:
    deck = _symbol_deck(ROOT)
    for key in ("d4", "d6", "d8", "d10", "d12", "d20"):
        assert set(deck.columns[key]) - {"-"} == set(range(1, SIZES[key] + 1))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_prose_odds_table_matches_the_deck(lang: str) -> None:
    """The rulebook's odds table is written out for translators; it must agree with the data."""
    deck = _symbol_deck(ROOT)
    text = (ROOT / "cards" / DECK / f"rules.{lang}.md").read_text(encoding="utf-8")
    labels = {e.label: e.key for e in deck.elements}
    rows = re.findall(r"^\| ([0-9D]+)\b[^|]* \| (\d+) \| (\d+) \| (\d+) \|$", text, re.M)
    assert len(rows) == len(SIZES)
    for label, values, copies, dashes in rows:
        counts = Counter(deck.columns[labels[label]])
        assert int(dashes) == counts.pop("-", 0), label
        assert int(values) == len(counts), label
        assert {int(copies)} == set(counts.values()), label


# ---------------------------------------------------------------------------------------------
# Validator rules, each on a deliberately broken copy


def test_skewed_distribution_is_caught(project: Path, printgen: Printgen) -> None:
    """A value listed twice comes up twice as often: both the label and the odds rule object."""
    deck_file = project / DECK_FILE
    _searched(deck_file)
    text = deck_file.read_text(encoding="utf-8")
    rock = next(line for line in text.splitlines() if "{key: rock," in line)
    _edit(deck_file, rock, rock + "\n" + rock)
    run = printgen(project, "validate", DECK)
    assert run.code == 2
    assert "element 3 (rps): value rock is listed more than once" in run.err
    assert "element 3 (rps): odds are not exact over 54 cards — rock ×26" in run.err
    assert "simboli.yaml:" in run.err  # names the file and line of the rule


def _arranged() -> list[list[int]]:
    """The shipped arrangement file, read as the generator reads it."""
    from printgen.source.arrangement import read_arrangement
    from printgen.source.readers import Checker

    rule = yaml.safe_load((ROOT / DECK_FILE).read_text(encoding="utf-8"))["generate"][0]
    spec = rule["balanced"]
    keys = {
        name: [str(v["key"]) if isinstance(v, dict) else str(v) for v in values]
        for name, values in spec["symbols"].items()
    }
    path = (ROOT / DECK_FILE).parent / spec["arrangement"]
    text = path.read_text(encoding="utf-8")
    columns = read_arrangement(Checker(), text, path.name, spec["cards"], keys, "-")
    assert columns is not None
    return columns


def _searched(deck_file: Path) -> None:
    """Drop the deck's arrangement file, so that printgen's own search deals the changed rule."""
    text = deck_file.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if "arrangement:" in line)
    deck_file.write_text(text.replace(line + "\n", ""), encoding="utf-8")


def test_skewed_columns_unit() -> None:
    deck = _symbol_deck(ROOT)
    column = deck.columns["rps"]
    column[column.index("paper")] = "rock"  # one card changed by hand
    problems = deck_rules.check_odds(deck)
    assert len(problems) == 1
    assert "rock ×19" in problems[0].message and "paper ×17" in problems[0].message


def test_dependent_elements_are_caught(project: Path, printgen: Printgen) -> None:
    """D6 printed from the chess piece: exact odds for both, but one predicts the other."""
    deck_file = project / DECK_FILE
    for die, piece in enumerate(("king", "queen", "rook", "bishop", "knight", "pawn"), start=1):
        _edit(deck_file, f"{{key: {piece}, ", f"{{key: {piece}, die: {die}, ")
    _edit(deck_file, 'd6: "{{ symbols.d6 }}"', 'd6: "{{ symbols.chess.die }}"')
    run = printgen(project, "validate", DECK)
    assert run.code == 2
    # all 9 kings show D6 = 1, where independence predicts 9 × 9 / 54 = 1.5
    assert "element 6 (chess) and element D6 (d6) are not independent: 9 cards show" in run.err
    assert "predicts 1.50" in run.err
    assert "odds are not exact" not in run.err  # the odds are still exact: only the pair fails
    line = (
        deck_file.read_text(encoding="utf-8").splitlines().index("        d6: [1, 2, 3, 4, 5, 6]")
    )
    assert f"simboli.yaml:{line + 1}:" in run.err  # at the D6 element of the rule


def _hand_written_deck(project: Path, d4_on_ones: int) -> list[dict[str, Any]]:
    """The shipped deck written out card by card, with `d4_on_ones` ON cards showing D4 = 1.

    Cards swap their D4 values (ON cards take the 1s from OFF cards), so every element keeps
    its exact odds and only the ON × D4 pair changes.
    """
    import yaml

    from printgen.source import generate

    deck_file = project / DECK_FILE
    spec = yaml.safe_load(deck_file.read_text(encoding="utf-8"))
    rule = spec["generate"][0]["balanced"]
    cards = generate.balanced(
        rule["cards"], rule["seed"], rule["symbols"], rule["dash"], rule["first"], _arranged()
    )
    values = [dict(c.scope["symbols"]) for c in cards]
    on = [v for v in values if v["switch"]["key"] == "on"]
    off = [v for v in values if v["switch"]["key"] == "off"]
    while sum(v["d4"] == 1 for v in on) < d4_on_ones:
        taker = next(v for v in on if v["d4"] not in (1, rule["dash"]))
        giver = next(v for v in off if v["d4"] == 1)
        taker["d4"], giver["d4"] = giver["d4"], taker["d4"]
    del spec["generate"]
    spec["cards"] = [
        {"id": f"card-{n}", "count": 1, "name": str(n), "number": n, **v}
        for n, v in enumerate(values, start=1)
    ]
    deck_file.write_text(yaml.safe_dump(spec, allow_unicode=True, sort_keys=False), "utf-8")
    return values


def test_hand_written_deck_within_bound_passes(project: Path, printgen: Printgen) -> None:
    _hand_written_deck(project, 0)  # no swaps: the shipped values, written by hand
    run = printgen(project, "validate", DECK, MORRA, ARENA)
    assert run.code == 0, run.err


def test_hand_written_unbalanced_deck_is_reported(project: Path, printgen: Printgen) -> None:
    """The issue's case: D4 = 1 on 10 of the 27 ON cards, where independence predicts 6.5."""
    values = _hand_written_deck(project, 10)
    run = printgen(project, "validate", DECK)
    assert run.code == 2
    assert (
        "element 2 (switch) and element D4 (d4) are not independent: "
        "10 cards show 2 = on with D4 = 1, where independence predicts 6.50"
    ) in run.err
    assert "odds are not exact" not in run.err
    # it names a card of that cell: the first ON card with D4 = 1
    first = next(
        n for n, v in enumerate(values, start=1) if v["switch"]["key"] == "on" and v["d4"] == 1
    )
    lines = (project / DECK_FILE).read_text(encoding="utf-8").splitlines()
    assert f"simboli.yaml:{lines.index(f'- id: card-{first}') + 1}:" in run.err


def test_the_arrangement_file_is_read_only_from_inside_the_project(
    project: Path, printgen: Printgen, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A link to a file outside the project is refused, never read (it was: its lines were
    even quoted back in errors); a file that is not UTF-8 is one line at its place."""
    arrangement = project / DECK_FILE.with_name("simboli-arrangement.txt")
    outside = tmp_path_factory.mktemp("outside") / "arrangement.txt"
    outside.write_text(arrangement.read_text(encoding="utf-8"), encoding="utf-8")
    arrangement.unlink()
    arrangement.symlink_to(outside)
    run = printgen(project, "validate", DECK)
    assert run.code == 2
    rel = arrangement.relative_to(project).as_posix()
    assert run.err.splitlines() == [
        f"{rel}:1:1: {rel} leads outside the project folder (a symlink?); printgen reads only "
        "files whose real place is inside the project"
    ]
    arrangement.unlink()
    arrangement.write_bytes(b"1 2 \xff\n")
    run = printgen(project, "validate", DECK)
    assert run.code == 2 and run.err.splitlines() == [
        f"{rel}:1:1: file is not UTF-8 text; save it as UTF-8"
    ]


def test_card_numbers_must_be_1_to_n(project: Path, printgen: Printgen) -> None:
    _edit(project / DECK_FILE, "first: 1", "first: 2")
    run = printgen(project, "validate", DECK)
    assert run.code == 2
    assert "must be numbered 1–54, each once; missing 1; outside 1–54: 55" in run.err


def test_duplicate_card_number_is_caught(project: Path, printgen: Printgen) -> None:
    deck_file = project / DECK_FILE
    # a hand-written 55th card reusing number 7
    deck_file.write_text(
        deck_file.read_text(encoding="utf-8")
        + ('cards:\n  - id: extra\n    count: 1\n    name: "7"\n    number: 7\n'),
        encoding="utf-8",
    )
    run = printgen(project, "validate", DECK)
    assert run.code == 2
    assert "card number 7 is printed twice" in run.err


def test_label_must_be_the_number_of_values(project: Path, printgen: Printgen) -> None:
    deck_file = project / DECK_FILE
    _searched(deck_file)
    text = deck_file.read_text(encoding="utf-8")
    nw = next(line for line in text.splitlines() if "{key: nw," in line)
    _edit(deck_file, nw + "\n", "")
    run = printgen(project, "validate", DECK)
    assert run.code == 2
    assert "element 8 (wind) has 7 values in the deck's rule but its label promises 8" in run.err


def test_die_must_roll_1_to_n(project: Path, printgen: Printgen) -> None:
    _searched(project / DECK_FILE)
    _edit(project / DECK_FILE, "d4: [1, 2, 3, 4]", "d4: [0, 1, 2, 3]")
    run = printgen(project, "validate", DECK)
    assert run.code == 2
    assert "element D4 (d4) must roll 1–4" in run.err


# ---------------------------------------------------------------------------------------------
# The games' needs


def test_needs_the_deck_cannot_meet(project: Path, printgen: Printgen) -> None:
    _edit(project / "cards" / MORRA / "game.yaml", "rock: 3,", "rock: 19,")
    _edit(project / "cards" / MORRA / "game.yaml", "cards: 9 ", "cards: 25 ")
    run = printgen(project, "validate", MORRA)
    assert run.code == 2
    assert (
        "the game needs 19 cards with 'rock' on element 3 (rps), but the deck "
        "'mazzo-dei-simboli' has only 18"
    ) in run.err


def test_needs_more_cards_than_the_deck(project: Path, printgen: Printgen) -> None:
    _edit(project / "cards" / ARENA / "game.yaml", "life-points: 20", "life-points: 60")
    _edit(project / "cards" / ARENA / "game.yaml", "life_points: 10 ", "life_points: 30 ")
    run = printgen(project, "validate", ARENA)
    assert run.code == 2
    assert "the game needs 69 cards but the deck 'mazzo-dei-simboli' has only 54" in run.err


def test_needs_an_element_the_deck_lacks(project: Path, printgen: Printgen) -> None:
    _edit(project / "cards" / ARENA / "game.yaml", "[switch, chess,", "[switch, chess, colour,")
    _edit(project / "cards" / MORRA / "game.yaml", "rps: {rock", "rsp: {rock")
    run = printgen(project, "validate", ARENA, MORRA)
    assert run.code == 2
    assert (
        "the game reads element 'colour', which the deck 'mazzo-dei-simboli' does not have"
        in run.err
    )
    assert "has no element 'rsp'; did you mean 'rps'?" in run.err


def test_needs_name_an_existing_deck(project: Path, printgen: Printgen) -> None:
    _edit(project / "cards" / MORRA / "game.yaml", "deck: mazzo-dei-simboli", "deck: mazzo")
    run = printgen(project, "validate", MORRA)
    assert run.code == 2
    assert "uses deck 'mazzo', which cannot be loaded" in run.err


def test_values_must_fit_the_cards_needed(project: Path, printgen: Printgen) -> None:
    _edit(project / "cards" / MORRA / "game.yaml", "cards: 9 ", "cards: 8 ")
    _edit(project / "cards" / MORRA / "game.yaml", "needs:", "needs:\n    card: 3")
    run = printgen(project, "validate", MORRA)
    assert run.code == 2
    assert "values.rps asks for 9 cards but the game needs only 8" in run.err
    assert "unknown need 'card'; did you mean 'cards'?" in run.err


def test_arena_numbers_agree_with_needs(project: Path, printgen: Printgen) -> None:
    _edit(project / "cards" / ARENA / "game.yaml", "life_points: 10 ", "life_points: 12 ")
    _edit(project / "cards" / ARENA / "game.yaml", "max_life_points: 20", "max_life_points: 23")
    run = printgen(project, "validate", ARENA)
    assert run.code == 2
    assert (
        "the rules use 24 cards for 'life-points' but uses.needs.cards.life-points says 20"
        in run.err
    )
    assert "2 × 23 life points + 9 arena cards use 55 of the deck's 54 cards" in run.err


def test_morra_fleet_numbers_agree_with_the_rulebook(project: Path, printgen: Printgen) -> None:
    """data.ships / data.per_sign (what the simulator plays) and uses.needs (what the deck is
    asked for) changed in silence while the rulebook still printed 3 sets and 4 ships each."""
    game_yaml = project / "cards" / MORRA / "game.yaml"
    _edit(game_yaml, "ships: 4 ", "ships: 3 ")
    run = printgen(project, "validate", MORRA)
    assert run.code == 2
    assert (
        "fleet: 3 signs × 3 cards, one discarded unseen, leave 8 to deal, but 2 players × 3 "
        "ships take 6; the rulebook deals every card but the discarded one"
    ) in run.err
    _edit(game_yaml, "ships: 3 ", "ships: 7 ")
    _edit(game_yaml, "per_sign: 3 ", "per_sign: 5 ")
    run = printgen(project, "validate", MORRA)
    assert run.code == 2
    assert "a fleet of 7 ships, but a Counterattack's random discard reads the D4" in run.err
    assert "uses.needs.values gives 'rock' 3; make them agree" in run.err
    assert "the rules select 15 cards but uses.needs.cards says 9; make them agree" in run.err


# ---------------------------------------------------------------------------------------------
# Built PDFs, read back


@pytest.fixture(scope="module")
def built(bundled_build: Path) -> Path:
    return bundled_build


@pytest.mark.parametrize("lang", ["it", "en"])
def test_deck_pdf_has_54_fronts_and_backs(built: Path, lang: str) -> None:
    folder = built / DECK / lang
    faces = manifest(folder / "cards.json")["faces"]
    fronts = [f for f in faces if f["side"] == "front"]
    assert len(fronts) == CARDS
    assert sum(1 for f in faces if f["side"] == "back") == CARDS
    assert sorted(f["card"] for f in fronts) == sorted(f"card-{n}" for n in range(1, CARDS + 1))
    for face in faces:
        assert face["width_mm"] == pytest.approx(63.0, abs=0.05)
        assert face["height_mm"] == pytest.approx(88.0, abs=0.05)
    assert len(PdfReader(folder / "cards.pdf").pages) == 2 * -(-CARDS // 9)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_deck_pdf_prints_numbers_1_to_54_once(built: Path, lang: str) -> None:
    """Read the number badge of every front (top-left 3.5–16.5 × 3.5–12.5 mm of the trim)."""
    folder = built / DECK / lang
    faces = [f for f in manifest(folder / "cards.json")["faces"] if f["side"] == "front"]
    printed: list[int] = []
    with pdfplumber.open(folder / "cards.pdf") as pdf:
        for face in faces:
            page = pdf.pages[face["page"] - 1]
            left = face["x_mm"] * MM
            top = page.height - (face["y_mm"] + face["height_mm"]) * MM
            badge = page.crop((left + 3.5 * MM, top + 3.5 * MM, left + 16.5 * MM, top + 12.5 * MM))
            text = badge.extract_text().strip()
            assert text == face["card"].removeprefix("card-"), face
            printed.append(int(text))
    assert sorted(printed) == list(range(1, CARDS + 1))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("it", ["Mazzo dei simboli", "Sasso", "Cavallo", "pesca ancora", "D20"]),
        ("en", ["Symbol deck", "Rock", "Knight", "draw again", "D20"]),
    ],
)
def test_deck_pdf_texts(built: Path, lang: str, words: list[str]) -> None:
    reader = PdfReader(built / DECK / lang / "cards.pdf")
    text = " ".join(page.extract_text() for page in reader.pages)
    for word in words:
        assert word in text, word


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_front_labels_its_eleven_elements(built: Path, lang: str) -> None:
    with pdfplumber.open(built / DECK / lang / "cards.pdf") as pdf:
        words = Counter(w["text"] for w in pdf.pages[0].extract_words())
    per_page = 9
    for label in ("D4", "D6", "D8", "D10", "D12", "D20"):
        assert words[label] == per_page, label


@pytest.mark.parametrize(
    ("lang", "names"), [("it", ["Pedina A", "Pedina B"]), ("en", ["Token A", "Token B"])]
)
def test_arena_pawns_pdf(built: Path, lang: str, names: list[str]) -> None:
    folder = built / ARENA / lang
    faces = manifest(folder / "pawns.json")["faces"]
    assert sorted(f["card"] for f in faces) == ["pawn-a", "pawn-b"]
    assert all(f["side"] == "front" for f in faces)  # fold-over: printed on one side
    for face in faces:
        assert face["width_mm"] == pytest.approx(44.0, abs=0.05)
        assert face["height_mm"] == pytest.approx(48.0, abs=0.05)
    text = PdfReader(folder / "pawns.pdf").pages[0].extract_text()
    for name in names:
        assert text.count(name) == 2, name  # once on each half of the standee


def test_the_english_pawn_is_the_chess_piece_alone(built: Path) -> None:
    """English called both the chess piece of element 6 and the players' two standees "Pawn"
    ("The Pawn moves … onto the card of the opponent's pawn"); Italian keeps Pedone and pedine
    apart. The standees are tokens now, on their sheet, in the rulebook and in the aid."""
    folder = built / ARENA / "en"
    for name in ("pawns.pdf", "rulebook.pdf", "player-aid.pdf"):
        text = " ".join(p.extract_text() for p in PdfReader(folder / name).pages)
        assert not re.search(r"\bpawns?\b|Pawns|Pawn [AB]", text), (name, text)
    sheet = PdfReader(folder / "pawns.pdf").pages[0].extract_text()
    assert "Token A" in sheet and "· tokens ·" in sheet, sheet
    aid = " ".join(PdfReader(folder / "player-aid.pdf").pages[0].extract_text().split())
    assert "Pawn 1 forward towards the opponent, diagonally only onto their token" in aid, aid


@pytest.mark.parametrize("lang", ["it", "en"])
def test_morra_reference_cards(built: Path, lang: str) -> None:
    faces = manifest(built / MORRA / lang / "cards.json")["faces"]
    assert Counter(f["side"] for f in faces) == {"front": 2, "back": 2}


@pytest.mark.parametrize(("lang", "name"), [("it", "Carta di riepilogo"), ("en", "Reference card")])
def test_morra_reference_card_has_one_name(built: Path, lang: str, name: str) -> None:
    """The components said '2 × Reference card' where the card reference and the aid said
    'Morra navale × 2' (the card's printed title): one name on the card and in every list."""
    folder = built / MORRA / lang
    rulebook = " ".join(
        " ".join(p.extract_text() for p in PdfReader(folder / "rulebook.pdf").pages).split()
    )
    aid = " ".join(PdfReader(folder / "player-aid.pdf").pages[0].extract_text().split())
    card = PdfReader(folder / "cards.pdf").pages[0].extract_text()
    assert f"2 × {name}." in rulebook and f"{name} × 2" in rulebook, rulebook
    assert aid.count(f"{name} × 2 —") == 2, aid  # two aids on the sheet
    assert card.count(name) == 2, card  # the title of both cards
    for text in (rulebook, aid, card):
        assert "Morra navale ×" not in text, text


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_card_alone_in_the_card_reference_is_set_across_the_page(built: Path, lang: str) -> None:
    """Morra navale's one reference card had its text run down a column a quarter of the page
    wide, the right half of the page white: a card alone takes the whole width."""
    with pdfplumber.open(built / MORRA / lang / "rulebook.pdf") as pdf:
        page = pdf.pages[-1]
        words = page.extract_words()
    heading = "carte" if lang == "it" else "reference"
    top = next(w["bottom"] for w in words if w["text"] == heading)
    end = next(w["top"] for w in words if w["text"] in ("Riconoscimenti", "Credits"))
    right = max(w["x1"] for w in words if top < w["top"] < end)
    assert right > page.width * 0.6, right


@pytest.mark.parametrize(
    ("lang", "heading", "not_said"),
    [("it", "I pezzi in breve", "Le carte in breve"), ("en", "Pieces at a glance", "Cards")],
)
def test_an_aid_of_pawns_alone_calls_them_pieces(
    built: Path, lang: str, heading: str, not_said: str
) -> None:
    """Blasters' aid listed its two pawns under 'Cards at a glance', where its components
    list (and printgen's template) calls pawns pieces, never cards."""
    text = PdfReader(built / ARENA / lang / "player-aid.pdf").pages[0].extract_text()
    assert text.count(heading) == 2, text  # two aids on the sheet
    assert not_said not in text


RULEBOOK_WORDS = {
    (MORRA, "it"): [
        "Sasso 2!",
        "Mancato",
        "Affondato",
        "Contrattacco",
        "Chiarimento.",
        "Esempio.",
        "elemento 3",
    ],
    (MORRA, "en"): [
        "Rock 2!",
        "Miss",
        "Sunk",
        "Counterattack",
        "Clarification.",
        "Example.",
        "element 3",
    ],
    (ARENA, "it"): [
        "Colpo di blaster, in un’arena diversa da quella dell’esempio precedente.",
        "Colpo di spada",
        "Cavallo",
        "adiacenti",
        "D20",
        "Chiarimento.",
        "trattino",
        "le carte punti vita scartate si mettono da parte, coperte, fuori dal gioco",
        "La partita finisce anche quando passano 20 turni di fila (10 a testa) senza un attacco",
        "il Primo Giocatore vince circa 3 partite su 4",
    ],
    (ARENA, "en"): [
        "A blaster shot, in a different arena from the one above.",
        "A sword hit",
        "Knight",
        "adjacent",
        "D20",
        "Clarification.",
        "dash",
        "discarded life-point cards are set aside, face down, out of the game",
        "The game also ends when 20 turns in a row (10 each) pass without an attack",
        "the First Player wins about 3 games in 4",
    ],
    (DECK, "it"): ["pesca ancora", "Probabilità esatte", "Indipendenza"],
    (DECK, "en"): ["draw again", "Exact odds", "Independence"],
}


@pytest.mark.parametrize(("game", "lang"), sorted(RULEBOOK_WORDS))
def test_rulebook_reads_back(built: Path, game: str, lang: str) -> None:
    reader = PdfReader(built / game / lang / "rulebook.pdf")
    text = " ".join(page.extract_text() for page in reader.pages)
    text = re.sub(r"\s+", " ", text)
    for word in RULEBOOK_WORDS[(game, lang)]:
        assert word in text, word
    width, height = (float(v) / MM for v in reader.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (210, 297)


@pytest.mark.parametrize(("lang", "last_words"), [("it", "Impaginato"), ("en", "Typeset")])
def test_the_arena_rulebook_prints_no_page_for_its_last_lines(
    built: Path, lang: str, last_words: str
) -> None:
    """Set as it came, the arena rulebook ran the last lines of its credits onto a ninth page
    (two lines on it in Italian): set with less air and its diagrams a tenth smaller, the
    credits end on page 8, their heading with them, the type the same size."""
    with pdfplumber.open(built / ARENA / lang / "rulebook.pdf") as pdf:
        assert len(pdf.pages) == 8
        last = pdf.pages[-1]
        text = last.extract_text() or ""
        assert last_words in text and ("Riconoscimenti" in text or "Credits" in text)
        body = [c for c in last.chars if c["bottom"] < last.height - 20 * MM]  # not the foot
        printed = (max(c["bottom"] for c in body) - 20 * MM) / (last.height - 40 * MM)
        assert printed > 0.5  # a page worth printing
        assert 10.0 in {round(c["size"], 1) for c in body}  # the body's type, not smaller


@pytest.mark.parametrize(
    ("lang", "credited"), [("it", "Gioco originale di"), ("en", "Original game by")]
)
def test_the_deck_credits_no_one_as_its_author(built: Path, lang: str, credited: str) -> None:
    """The original text names the authors of the two games, not who devised the deck: the
    deck's cover and credits name no author; each game's own rulebook credits its author."""
    deck = PdfReader(built / DECK / lang / "rulebook.pdf")
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in deck.pages))
    assert credited not in text and "Green, Marco Baglioni" not in text
    for game, author in ((MORRA, "Francis Green"), (ARENA, "Marco Baglioni")):
        cover = PdfReader(built / game / lang / "rulebook.pdf").pages[0].extract_text()
        assert f"{credited}: {author}" in re.sub(r"\s+", " ", cover)


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("game", [DECK, MORRA, ARENA])
def test_player_aid_is_one_sheet_of_two_aids(built: Path, game: str, lang: str) -> None:
    reader = PdfReader(built / game / lang / "player-aid.pdf")
    assert len(reader.pages) == 1  # 2 players: two A5 aids on one A4 sheet
    text = reader.pages[0].extract_text()
    key = {DECK: "D20", MORRA: "3", ARENA: "D20"}[game]
    assert text.count(key) >= 2


def test_clarifications_the_issue_asks_for() -> None:
    """Each decision the issue lists is written down, in both languages."""
    topics = {
        "it": [
            "sono uguali",
            "trattino sull’elemento 8",
            "fuori dall’arena",
            "Pedone",
            "Cavallo",
            "**adiacenti**",
            "punti vita finiscono",
        ],
        "en": [
            "are equal",
            "dash on element 8",
            "out of the arena",
            "Pawn",
            "Knight",
            "**adjacent**",
            "life-point cards run out",
        ],
    }
    for lang, words in topics.items():
        text = (ROOT / "cards" / ARENA / f"rules.{lang}.md").read_text(encoding="utf-8")
        clarifications = [
            b
            for b in text.split("\n\n")
            if b.startswith("> **Chiarimento.**") or b.startswith("> **Clarification.**")
        ]
        joined = " ".join(clarifications)
        for word in words:
            assert word in joined, (lang, word)


@pytest.mark.parametrize(
    ("game", "lang", "phrase"),
    [
        (
            MORRA,
            "it",
            "9 carte — Mazzo dei simboli: 3 carte con il sasso, 3 con la carta e 3 con la "
            "forbice sull’elemento 3; dal resto del mazzo si pesca per scegliere chi comincia "
            "e per lo scarto a caso del Contrattacco",
        ),
        (
            MORRA,
            "en",
            "9 cards — Symbol deck (Mazzo dei simboli): 3 cards with rock, 3 with paper "
            "and 3 with scissors on element 3; the rest of the deck is drawn from to choose who "
            "starts and for a Counterattack's random discard",
        ),
        (
            ARENA,
            "en",
            "29 cards — Symbol deck (Mazzo dei simboli): any 9 cards for the arena and 20 as "
            "life points (10 each); the other cards form the draw pile.",
        ),
    ],
)
def test_components_say_which_symbol_cards_a_game_takes(
    built: Path, game: str, lang: str, phrase: str
) -> None:
    reader = PdfReader(built / game / lang / "rulebook.pdf")
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert phrase in text.replace(" :", ":")  # the italic title reads back with a space


def test_the_quick_search_alone_is_a_warning_not_an_error(
    project: Path, printgen: Printgen
) -> None:
    """Without its arrangement the deck is dealt by printgen's own search: within 1.5 cards of
    independence everywhere, so a warning (more than one card off somewhere), never an error."""
    _searched(project / DECK_FILE)
    run = printgen(project, "validate", DECK, "--only", "cards")
    assert run.code == 0, run.err
    assert "warning: symbol-deck:" in run.err and "nearly independent" in run.err


def test_a_stale_arrangement_is_an_error_at_its_line(project: Path, printgen: Printgen) -> None:
    """An element that loses a value no longer fits the arrangement: said at the file's line."""
    deck_file = project / DECK_FILE
    text = deck_file.read_text(encoding="utf-8")
    _edit(deck_file, "d6: [1, 2, 3, 4, 5, 6]", "d6: [1, 2, 3, 4, 5]")
    arrangement = deck_file.parent / "simboli-arrangement.txt"
    rows = arrangement.read_text(encoding="utf-8").splitlines()
    d6 = list(SIZES).index("d6")  # the arrangement's columns follow the symbols' order
    first = next(
        n for n, row in enumerate(rows, 1) if not row.startswith("#") and row.split()[d6] == "6"
    )
    run = printgen(project, "validate", DECK, "--only", "cards")
    assert run.code == 2
    assert f"decks/simboli-arrangement.txt:{first}:" in run.err
    assert "stale: remove `arrangement:`" in run.err
    assert text  # the deck itself was read


def test_renamed_values_keep_the_arrangement(project: Path, printgen: Printgen) -> None:
    """Positions, not names: a die with other faces keeps its place on every card."""
    _edit(project / DECK_FILE, "d4: [1, 2, 3, 4]", "d4: [5, 6, 7, 8]")
    renamed = _symbol_deck_at(project)
    shipped = _symbol_deck(ROOT)
    assert [str(int(v) + 4) if v != "-" else v for v in shipped.columns["d4"]] == [
        str(v) for v in renamed.columns["d4"]
    ]


def _symbol_deck_at(root: Path) -> Any:
    ctx = rule_context(root, DECK)
    problems: list[Problem] = []
    deck = deck_rules.symbol_deck(ctx.game, ctx, problems)
    assert deck is not None
    return deck


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [("it", "(vedi il regolamento)", "Preparazione)"), ("en", "(see the rulebook)", "Setup)")],
)
def test_arena_aid_sends_the_pawns_folding_to_the_rulebook(
    built: Path, lang: str, said: str, not_said: str
) -> None:
    """The aid's Setup does not say how to fold a pawn; the rulebook's does."""
    page = PdfReader(built / ARENA / lang / "player-aid.pdf").pages[0]
    text = re.sub(r"\s+", " ", page.extract_text())
    assert text.count(said) >= 4 and not_said not in text  # two pawns on each of two aids


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "1. Muovi la tua pedina (facoltativo; mai dopo l’attacco):"),
        ("en", "1. Move your token (optional; never after the attack):"),
    ],
)
def test_arena_aid_forbids_every_move_after_the_attack(built: Path, lang: str, said: str) -> None:
    """The aid limited the chess move alone ('— never after the attack'), the arrow's 'repeat
    at will' had no limit, while the rulebook says 'After the attack you no longer move': the
    limit heads the Move step now, for both kinds of movement."""
    text = " ".join(
        PdfReader(built / ARENA / lang / "player-aid.pdf").pages[0].extract_text().split()
    )
    assert text.count(said) == 2, text  # two aids on the sheet
    assert "freccia — mai" not in text and "moves — never" not in text, text  # said once, above
