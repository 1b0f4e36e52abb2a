"""The mistakes designers make in a rules.py — two rules of one id, a misspelt place — are each
one line at the designer's line, never silently taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_rules_api import line_of
from tests.test_rules_misbehaving import RULES, Printgen, problem_lines, write_rules


@pytest.mark.parametrize(
    ("declared", "said"),
    [
        (
            '@rule("cap")\ndef one(ctx):\n    return []\n\n\n'
            '@rule("cap")\ndef two(ctx):\n    return []\n',
            "ValueError: @rule id 'cap' is the id of the rule at line 4 already; give each "
            "rule its own id",
        ),
        (
            '@rule("cap")\ndef cap(ctx):\n    return []\n\n\n'
            '@rule("cap-two")\ndef cap(ctx):\n    return []\n',
            "ValueError: a second function named cap replaces the rule 'cap' at line 4, which "
            "would never run; give each rule function its own name",
        ),
    ],
)
def test_two_rules_of_one_id_or_one_name_are_an_error_at_the_second(
    demo: Path, printgen: Printgen, declared: str, said: str
) -> None:
    write_rules(demo, declared)
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert problem_lines(run) == [f"{RULES}:9:1: rules.py failed to load: {said}"]


def test_a_rule_id_is_written_as_a_check_s_id(demo: Path, printgen: Printgen) -> None:
    write_rules(demo, '@rule("my rule")\ndef mine(ctx):\n    return []\n')
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    [line] = problem_lines(run)
    assert line == (
        f"{RULES}:4:1: rules.py failed to load: ValueError: @rule id 'my rule' must be "
        "lower-case letters a–z, digits, - or _ (e.g. 'cargo-cap'), as a check's id: it heads "
        "each of the rule's messages"
    )


def test_a_rule_id_with_an_umlaut_is_told_a_z_and_the_id_to_write(
    demo: Path, printgen: Printgen
) -> None:
    """'ladung-prüfen' was told to be "lower-case letters", which ü is to a German designer;
    a check's id 'straßen-maß' alike."""
    write_rules(demo, '@rule("ladung-prüfen")\ndef mine(ctx):\n    return []\n')
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert problem_lines(run) == [
        f"{RULES}:4:1: rules.py failed to load: ValueError: @rule id 'ladung-prüfen' must be "
        "lower-case letters a–z, digits, - or _ (e.g. 'cargo-cap'), as a check's id: it heads "
        "each of the rule's messages; write 'ladung-prufen' (no accents)"
    ]
    write_rules(demo, "")
    game = demo / "cards" / "demo" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "  - id: cost-limit\n" in text
    game.write_text(text.replace("  - id: cost-limit\n", "  - id: straßen-maß\n"), "utf-8")
    line = text[: text.index("  - id: cost-limit")].count("\n") + 1
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert (
        f"cards/demo/game.yaml:{line}:9: check id 'straßen-maß' must be lower-case letters "
        "a–z, digits, - or _; write 'strassen-mass' (no accents)" in run.err.splitlines()
    ), run.err
    game.write_text(text.replace("  - id: cost-limit\n", "  - id: cœur-læst\n"), "utf-8")
    run = printgen(demo, "validate", "demo")
    assert (  # œ and æ are letters of their own, not o and a with a mark: dropped, 'cur-lst'
        f"cards/demo/game.yaml:{line}:9: check id 'cœur-læst' must be lower-case letters "
        "a–z, digits, - or _; write 'coeur-laest' (no accents)" in run.err.splitlines()
    ), run.err


def test_a_misspelt_place_in_data_warns_at_the_rule_s_line(demo: Path, printgen: Printgen) -> None:
    rules = write_rules(
        demo,
        """\
        @rule("places")
        def places(ctx):
            yield Problem(ctx.where_data("gaol"), "goal", Severity.WARNING)  # misspelt
            yield Problem(ctx.where_key("playres"), "players", Severity.WARNING)  # key
            yield Problem(ctx.where_data("zebra"), "add it", Severity.WARNING)  # absent
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    lines = problem_lines(run)
    assert (
        f"{RULES}:{line_of(rules, '# misspelt')}:1: warning: places: game.yaml's data has no "
        "'gaol' (the place given is the nearest line); did you mean 'goal'?"
    ) in lines
    assert (
        f"{RULES}:{line_of(rules, '# key')}:1: warning: places: game.yaml has no 'playres' "
        "(the place given is the nearest line); did you mean 'players'?"
    ) in lines
    # a key close to none is where the rule says to add it: its mapping's line, no warning
    assert not any(line.startswith(f"{RULES}:{line_of(rules, '# absent')}:") for line in lines)


def test_a_misspelt_number_in_data_warns_at_the_rule_s_line_not_its_default(
    demo: Path, printgen: Printgen
) -> None:
    """``ctx.number("gaol", 9)`` gave its default without a word, where a card's misspelt
    field and a misspelt place are each a warning with "did you mean": the rule checked
    against 9, not the data's 7. A key close to none is what the default is for: silent."""
    rules = write_rules(
        demo,
        """\
        @rule("numbers")
        def numbers(ctx):
            goal = ctx.number("gaol", 9)  # default
            hand = ctx.number("hadn")  # none
            extra = ctx.number("zebra", 3)  # absent
            if goal != 9 or hand is not None or extra != 3:
                yield Problem(ctx.where_data("goal"), "read", Severity.WARNING)
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0, run.err
    assert problem_lines(run) == [
        f"{RULES}:{line_of(rules, '# default')}:1: warning: numbers: game.yaml's data has no "
        "'gaol' (the rule reads its default, 9); did you mean 'goal'?",
        f"{RULES}:{line_of(rules, '# none')}:1: warning: numbers: game.yaml's data has no "
        "'hadn' (the rule reads None); did you mean 'hand'?",
    ]


def test_a_rule_writing_the_values_it_reads_fails_at_that_line(
    demo: Path, printgen: Printgen
) -> None:
    # a rule 'tidying' a value (card.values["name"] = ...) changed what every card printed and
    # what the next rule read, without a word; the values a rule is handed are to read
    rules = write_rules(
        demo,
        """\
        @rule("tidies")
        def tidies(ctx):
            for card in ctx.cards("main"):
                card.values["name"] = "CHANGED"  # names
            return []


        @rule("sets-data")
        def sets_data(ctx):
            ctx.data()["goal"] = 99  # data
            return []


        @rule("copies")
        def copies(ctx):
            for card in ctx.cards("main"):
                values = dict(card.values)
                values["name"] = "mine"
            return []
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    hint = "(a rule reads the values it is handed: change a copy, dict(card.values))"
    assert problem_lines(run) == [
        f"{RULES}:{line_of(rules, '# names')}:1: tidies: the rule failed: TypeError: "
        f"'mappingproxy' object does not support item assignment {hint}",
        f"{RULES}:{line_of(rules, '# data')}:1: sets-data: the rule failed: TypeError: "
        f"'mappingproxy' object does not support item assignment {hint}",
    ]


def test_a_helper_imported_inside_a_rule_says_to_import_it_at_the_top(
    demo: Path, printgen: Printgen
) -> None:
    # the game's folder is where Python looks while rules.py is read; a rule running later
    # failed with a bare "No module named 'helpers'", the file plainly there beside it
    (demo / "cards" / "demo" / "helpers.py").write_text("LIMIT = 3\n", encoding="utf-8")
    rules = write_rules(
        demo,
        """\
        @rule("late")
        def late(ctx):
            import helpers  # late
            return []
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert problem_lines(run) == [
        f"{RULES}:{line_of(rules, '# late')}:1: late: the rule failed: ModuleNotFoundError: "
        "No module named 'helpers'; helpers is beside rules.py: import it at the top of "
        "rules.py, as it is read"
    ]


def test_a_misspelt_field_read_by_a_rule_is_said_with_the_field_meant(
    demo: Path, printgen: Printgen
) -> None:
    """``c.values["cots"]`` failed with a bare KeyError: 'cots', where the same mistake in
    simulate.py's prepare() is told "did you mean 'cost'?"."""
    rules = write_rules(
        demo,
        """\
        @rule("costs")
        def costs(ctx):
            return [c.values["cots"] for c in ctx.cards("main")]  # misspelt
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert problem_lines(run) == [
        f"{RULES}:{line_of(rules, '# misspelt')}:1: costs: the rule failed: KeyError: 'cots'; "
        "did you mean 'cost'?"
    ]


def test_a_rule_emptying_the_decks_it_reads_leaves_the_games(
    demo: Path, printgen: Printgen
) -> None:
    # ctx.decks.sort(...) or .pop() in a rule reordered or dropped the decks every output and
    # later rule saw
    write_rules(
        demo,
        """\
        @rule("empties")
        def empties(ctx):
            ctx.decks.pop()
            return []


        @rule("counts")
        def counts(ctx):
            yield Problem(Where(RULES, 1, 1), f"{len(ctx.decks)} decks", Severity.WARNING)
        """.replace("RULES", repr(RULES)),
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    assert problem_lines(run) == [f"{RULES}:1:1: warning: counts: 1 decks"]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("RuleContex", "; did you mean 'RuleContext'?"),
        (
            "Card",
            "; it offers BALANCED_BOUND, CardType, CardView, Deck, did_you_mean, ExpressionError, "
            "Game, localize, Problem, ProjectError, render_template, Rule, rule, RuleContext, "
            "Severity, Where, where_in",
        ),
    ],
)
def test_a_name_printgen_rules_does_not_have_is_said_without_printgens_install_path(
    demo: Path, printgen: Printgen, name: str, said: str
) -> None:
    """`from printgen.rules import Card` said where printgen is installed
    ('(/home/…/site-packages/printgen/rules/__init__.py)'), no place of the designer's, and
    nothing of what to import instead: the name meant, else the names it offers."""
    write_rules(demo, f"from printgen.rules import {name}\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert problem_lines(run) == [
        f"{RULES}:{line_of(demo / RULES, name)}:1: rules.py failed to load: ImportError: cannot "
        f"import name '{name}' from 'printgen.rules'{said}"
    ]


def test_a_name_imported_from_another_module_of_printgen_is_told_printgen_rules(
    demo: Path, printgen: Printgen
) -> None:
    """`from printgen.rules.run import rule` was told "did you mean 'Rule'?", a class of that
    module: the module a rules.py imports it from is said instead."""
    write_rules(demo, "from printgen.rules.run import rule as _rule\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert problem_lines(run) == [
        f"{RULES}:{line_of(demo / RULES, 'printgen.rules.run')}:1: rules.py failed to load: "
        "ImportError: cannot import name 'rule' from 'printgen.rules.run'; write: from "
        "printgen.rules import rule"
    ]


def test_an_expression_too_deep_for_pythons_parser_is_said_so_at_its_line(
    demo: Path, printgen: Printgen
) -> None:
    """x = ----…1 (100,000 signs) was said as "MemoryError: it ran out of memory, past the 2 GiB
    … does it keep adding to a list or a text forever?", at line 1, after 34 MB: it is Python's
    parser that gives up on it, at that line."""
    write_rules(demo, "x = " + "-" * 100_000 + "1\ny = 2\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert problem_lines(run) == [
        f"{RULES}:{line_of(demo / RULES, 'x = ---')}:1: rules.py failed to load: Python cannot "
        "read it: an expression is nested too deeply for its parser (thousands of signs or "
        "brackets in a row?); write it in steps"
    ]


def test_a_name_printgens_objects_lack_is_told_the_name_meant(
    demo: Path, printgen: Printgen
) -> None:
    """ctx.game.players_max — the README's `game` is the model, whose players are under
    `meta` — failed with Python's "'Game' object has no attribute 'players_max'" alone."""
    rules = write_rules(
        demo,
        """\
        @rule("seats")
        def seats(ctx):
            return [] if ctx.game.players_max else []  # game


        @rule("context")
        def context(ctx):
            return ctx.crads("main")  # context


        @rule("own")
        def own(ctx):
            class Mine:
                players_max = 4
            return Mine().playrs_max  # own
        """,
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert problem_lines(run) == [
        f"{RULES}:{line_of(rules, '# game')}:1: seats: the rule failed: AttributeError: 'Game' "
        "object has no attribute 'players_max'; did you mean 'meta.players_max'?",
        f"{RULES}:{line_of(rules, '# context')}:1: context: the rule failed: AttributeError: "
        "'RuleContext' object has no attribute 'crads'; did you mean 'cards'?",
        # a class of the designer's: Python's words alone
        f"{RULES}:{line_of(rules, '# own')}:1: own: the rule failed: AttributeError: 'Mine' "
        "object has no attribute 'playrs_max'",
    ]
