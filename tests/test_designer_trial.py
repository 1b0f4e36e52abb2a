"""What a designer's trial of the starter game found: simulate playing a game its checks reject
without a word, a check's fallback message naming no card, a contrast warning blaming the layout
for a card's missing colour, and BOTS declared as a list."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

GAME = "lanterns"
DECK = f"cards/{GAME}/decks/main.yaml"
ENGINE = f"cards/{GAME}/simulate.py"
Printgen = Callable[..., Run]


def engine(bots: str = '("greedy", "random")') -> str:
    return f"""\
from collections import Counter

from printgen.simulate.contract import GameRecord

BOTS = {bots}


def prepare(data):
    return [card.values["cost"] for card in data.cards("main")]


def play(rules, bots, rng, turn_cap):
    return GameRecord(True, 3, (rng.randrange(len(bots)),), [Counter() for _ in bots])
"""


@pytest.fixture
def lanterns(tmp_path: Path, printgen: Printgen) -> Path:
    """The starter game in English and Italian, as the trial made it, with an engine."""
    root = tmp_path / "games"
    assert printgen(root, "new", GAME, "--lang", "en", "--lang", "it").code == 0
    (root / ENGINE).write_text(engine(), encoding="utf-8")
    return root


def edit(root: Path, path: str, old: str, new: str) -> int:
    """Replace the first ``old`` in a project file; the line it was on."""
    text = (root / path).read_text(encoding="utf-8")
    assert old in text, old
    (root / path).write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_simulate_warns_of_a_game_that_fails_its_checks(lanterns: Path, printgen: Printgen) -> None:
    edit(lanterns, DECK, "cost: 2\n", "cost: 5\n")  # the merchant, past cost-limit
    said = printgen(lanterns, "validate", GAME)
    line = edit(lanterns, DECK, "id: merchant", "id: merchant")  # where the check says it
    assert said.err == (
        f"{DECK}:{line}:5: cost-limit: Merchant costs 5; no card may cost more than 3\n"
    )
    run = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert run.code == 0  # played all the same: a designer may try a change before the check
    assert run.err == (
        f"{DECK}:{line}:5: warning: {GAME} fails one of its design checks (cost-limit: "
        "Merchant costs 5; no card may cost more than 3): the simulation plays it as it is; "
        "fix the cards, or change the check\n"
    )
    assert (lanterns / "build" / GAME / "playtest.pdf").is_file()
    edit(lanterns, DECK, "cost: 1\n", "cost: 7\n")  # and the thief
    again = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert (
        "fails 2 of its design checks (cost-limit: Merchant costs 5; no card may cost more "
        "than 3; `printgen validate lanterns` says the other)"
    ) in again.err


def test_simulate_says_nothing_of_checks_a_game_passes(lanterns: Path, printgen: Printgen) -> None:
    run = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert run.code == 0 and run.err == ""


def test_an_error_rule_of_rules_py_is_a_failed_check_too(
    lanterns: Path, printgen: Printgen
) -> None:
    edit(lanterns, f"cards/{GAME}/rules.py", "Severity.WARNING)", "Severity.ERROR)")
    line = edit(lanterns, DECK, "cost: 0\n", "cost: 1\n")  # no card costs nothing now
    run = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert run.code == 0
    assert run.err.startswith(
        f"{DECK}:{line}:11: warning: {GAME} fails one of its design checks (a-free-card: no "
        "card costs 0)"
    )


def test_a_broken_rules_py_is_said_as_broken_not_as_a_failed_check(
    lanterns: Path, printgen: Printgen
) -> None:
    """A syntax error in rules.py, or a rule that raises, was said as "lanterns fails one of
    its design checks (…): fix the cards, or change the check" — the cards were never found
    wanting: rules.py is what to fix, and its checks were not made."""
    rules = f"cards/{GAME}/rules.py"
    line = edit(lanterns, rules, '    cards = ctx.cards("main")', "    1 / 0")
    run = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert run.code == 0
    assert run.err == (
        f"{rules}:{line}:1: warning: rules.py is broken (a-free-card: the rule failed: "
        "ZeroDivisionError: division by zero): the simulation ran without checking lanterns "
        "against that rule; fix rules.py\n"
    )
    line = edit(lanterns, rules, "def a_free_card(ctx: RuleContext) -> Iterator[Problem]:", "def (")
    run = printgen(lanterns, "simulate", GAME, "-n", "20")
    assert run.code == 0
    said = run.err.splitlines()
    assert len(said) == 1 and said[0].startswith(f"{rules}:{line}:"), run.err
    assert ": warning: rules.py is broken (Python syntax error: " in said[0]
    assert said[0].endswith(
        "): it does not load, so the simulation ran without its checks (game.yaml's checks: "
        "still ran); fix rules.py"
    )
    assert "design checks" not in run.err and "fix the cards" not in run.err


def test_validate_simulate_does_not_say_the_failed_checks_twice(
    lanterns: Path, printgen: Printgen
) -> None:
    edit(lanterns, DECK, "cost: 2\n", "cost: 5\n")
    run = printgen(lanterns, "validate", "--simulate", GAME)
    assert run.code == 2
    assert run.err.count("Merchant costs 5") == 1 and "design checks" not in run.err


MOONS = """
generate:
  - product:
      rank: [10, 11, 12, 13]
    count: 1
    card:
      id: "moon-{{ rank }}"
      rank: "{{ rank }}"
      name: "Moon {{ rank }}"
      cost: 1
"""


def moons(root: Path) -> None:
    """Four cards made by a generate rule, beside the starter's four written by hand."""
    edit(root, DECK, "  tint: color\n", "  tint: color\n  rank: integer\n")
    with (root / DECK).open("a", encoding="utf-8") as deck:
        deck.write(MOONS)


def test_a_check_whose_message_fails_names_each_card_that_fails_it(
    lanterns: Path, printgen: Printgen
) -> None:
    """The fallback read alike for every generated card, all at the template's line: two
    failing cards were said as one line, naming neither."""
    moons(lanterns)
    with (lanterns / f"cards/{GAME}/game.yaml").open("a", encoding="utf-8") as game:
        game.write(
            '  - id: bad-msg\n    each: main\n    assert: "{{ (card.rank or 0) < 12 }}"\n'
            '    message: "{{ card.nope.deeper }} too high"\n'
        )
    run = printgen(lanterns, "validate", GAME)
    template = edit(lanterns, DECK, 'id: "moon-', 'id: "moon-')
    assert run.code == 2
    fails = "bad-msg: the assert {{ (card.rank or 0) < 12 }} does not hold for card"
    lines = run.err.splitlines()
    assert "bad-msg: the message cannot be evaluated: card has no 'nope'" in lines[0]
    assert lines[1:] == [
        f"{DECK}:{template}:7: {fails} 'moon-{rank}' (made by the generate rule here)"
        for rank in (12, 13)
    ]


def test_a_hand_written_card_failing_a_check_whose_message_fails_is_named(
    lanterns: Path, printgen: Printgen
) -> None:
    edit(
        lanterns,
        f"cards/{GAME}/game.yaml",
        'message: "{{ card.name }} costs',
        'message: "{{ card.nme.x }} costs',
    )
    edit(lanterns, DECK, "cost: 2\n", "cost: 5\n")
    run = printgen(lanterns, "validate", GAME)
    card = edit(lanterns, DECK, "id: merchant", "id: merchant")
    assert (
        f"{DECK}:{card}:5: cost-limit: the assert {{{{ card.cost <= 3 }}}} does not hold for "
        "card 'merchant'\n"
    ) in run.err


def test_a_rule_finds_a_generated_cards_count_at_its_rules_count_line(
    lanterns: Path, printgen: Printgen
) -> None:
    moons(lanterns)
    with (lanterns / f"cards/{GAME}/rules.py").open("a", encoding="utf-8") as rules:
        rules.write(
            '\n\n@rule("moon-count")\ndef moon_count(ctx: RuleContext) -> Iterator[Problem]:\n'
            '    for card in ctx.cards("main"):\n'
            '        if card.id == "moon-13":\n'
            '            yield ctx.problem(card.where("count"), "one copy", Severity.WARNING)\n'
        )
    run = printgen(lanterns, "validate", GAME)
    count = edit(lanterns, DECK, "    count: 1\n", "    count: 1\n")
    assert run.code == 0
    assert f"{DECK}:{count}:12: warning: moon-count: one copy\n" in run.err


MOON_13 = """
  - id: moon-13
    count: 1
    name: {en: "Moon", it: "Luna"}
    cost: 1
    effect: {en: "Gain 1 :vp:.", it: "Guadagni 1 :vp:."}
"""


def test_faint_text_from_a_colour_the_card_leaves_out_is_said_at_the_card(
    lanterns: Path, printgen: Printgen
) -> None:
    """The band and the cost disc fill with the card's colour: a card written without one
    printed white on the paper, said at the layout's line as the layout's contrast."""
    with (lanterns / DECK).open("a", encoding="utf-8") as deck:
        deck.write(MOON_13)
    run = printgen(lanterns, "validate", GAME)
    card = edit(lanterns, DECK, "id: moon-13", "id: moon-13")
    assert run.code == 0
    assert run.err == "".join(
        f"{DECK}:{card}:5: warning: card 'moon-13' has no color, so '{shape}' (fill: "
        f"{{{{ card.color }}}}) is not filled and the text of box '{box}' in layout "
        "'lanterns-card' prints #ffffff on #ffffff (the paper): a contrast of 1.0:1, hard to "
        "read [en, it]; give the card a color\n"
        for shape, box in (("band", "title"), ("cost_disc", "cost"))
    )


def test_faint_text_is_said_beside_a_warning_of_another_kind_in_every_language(
    lanterns: Path, printgen: Printgen
) -> None:
    """A '**' never ended on another card silenced the faint-text warning in English (its
    first language) and left it tagged [it] alone; only an error explains faint text."""
    with (lanterns / DECK).open("a", encoding="utf-8") as deck:
        deck.write(MOON_13.replace('"Gain 1 :vp:."', '"Gain 1 **vp."'))
    card = edit(lanterns, DECK, "id: moon-13", "id: moon-13")
    for asked in ((), ("--lang", "en")):
        run = printgen(lanterns, "validate", GAME, *asked)
        assert run.code == 0, run.err
        faint = [line for line in run.err.splitlines() if "hard to read" in line]
        tag = "[en, it]" if not asked else "[en]"
        assert len(faint) == 2, run.err
        assert all(
            line.startswith(f"{DECK}:{card}:5: warning: card 'moon-13' has no color")
            for line in faint
        ), run.err
        assert all(f"hard to read {tag};" in line for line in faint), run.err
        assert "'**' starts bold text" in run.err


def test_faint_text_from_a_text_colour_the_card_leaves_out_is_said_at_the_card(
    lanterns: Path, printgen: Printgen
) -> None:
    edit(lanterns, DECK, "  tint: color\n", "  tint: color\n  ink: color\n")
    edit(
        lanterns,
        f"cards/{GAME}/layouts/{GAME}.yaml",
        "    cost_disc:",
        ('    title: {color: "{{ card.ink }}"}\n    cost_disc:'),
    )
    edit(lanterns, DECK, '    color: "#8a5a00"', '    color: "#111111"')  # the miner's band
    run = printgen(lanterns, "validate", GAME)
    card = edit(lanterns, DECK, "id: miner", "id: miner")
    assert run.err == (
        f"{DECK}:{card}:5: warning: card 'miner' has no ink, so its colour ({{{{ card.ink }}}}) "
        "falls back to #000000 and the text of box 'title' in layout 'lanterns-card' prints "
        "#000000 on #111111 ('band'): a contrast of 1.1:1, hard to read [en, it]; give the "
        "card an ink\n"
    )


def test_a_pale_colour_the_card_gives_is_still_the_layouts_contrast(
    lanterns: Path, printgen: Printgen
) -> None:
    edit(lanterns, DECK, '    color: "#8a5a00"', '    color: "#f6f6f6"')
    run = printgen(lanterns, "validate", GAME)
    assert run.code == 0
    said = [line for line in run.err.splitlines() if "box 'title'" in line]
    assert len(said) == 1 and said[0].startswith(f"cards/{GAME}/layouts/{GAME}.yaml:")
    assert "prints #ffffff on #f6f6f6 ('band') on card 'miner' (Miner)" in said[0]


def test_bots_and_played_decks_may_be_lists(lanterns: Path, printgen: Printgen) -> None:
    """The README's contract and the engine's check agree: a list is a designer's first
    thought, and plays as a tuple does, in worker processes too."""
    text = engine('["greedy", "random"]') + 'PLAYED_DECKS = ["main"]\n'
    (lanterns / ENGINE).write_text(text, encoding="utf-8")
    args = ("-n", "20", "--bots", "greedy,random", "--jobs", "2")
    run = printgen(lanterns, "simulate", GAME, *args)
    assert run.code == 0 and run.err == ""
    summary = json.loads((lanterns / "build" / GAME / "playtest.json").read_text("utf-8"))
    assert summary["settings"]["bots"] == summary["engine_bots"] == ["greedy", "random"]
