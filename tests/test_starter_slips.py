"""A designer's slips in the starter game (`printgen new`) said once, at the line to change."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run, append_to

DATA = re.compile(r"^data:.*\n(?:  .*\n)*", re.M)  # the starter's data: and its lines


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "data: 7\n",
            "cards/demo/game.yaml:11:7: data must be a mapping of names to values, not a number "
            "(7): write each name on its own line under data:, indented (goal: 7)",
        ),
        (
            "data:\n  - goal: 7\n",
            "cards/demo/game.yaml:12:3: data must be a mapping of names to values, not a list: "
            "write each name under data: without the '- ' (goal: 7)",
        ),
    ],
)
def test_data_not_a_mapping_is_said_at_game_yaml_alone(
    demo: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """Said at the prose's {{ data.goal }} ('int object' has no attribute 'goal'), it blamed the
    rulebook, twice a language, for game.yaml's mistake."""
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(DATA.sub(written, text, count=1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [said]


@pytest.mark.parametrize(
    ("written", "where"),
    [("bare: {size: poker}\n", "16:7"), ("bare:\n  elements: {}\n", "17:3")],
)
def test_a_layout_drawing_nothing_is_warned_of_at_its_line(
    demo: Path, printgen: Callable[..., Run], written: str, where: str
) -> None:
    """Its deck's every front printed blank, and validate said ok, build nothing."""
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    append_to(layouts, written)
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("layout: demo-card", "layout: bare", 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 0
    assert run.err.splitlines() == [
        f"cards/demo/layouts/demo.yaml:{where}: warning: layout 'bare' draws nothing: it has no "
        "elements, so the fronts of deck 'main' print blank, none of its fields on them; give "
        "it elements:, or build on printgen's card layout with extends: card-base"
    ]


def test_a_layout_of_no_elements_of_its_own_draws_what_it_extends(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    append_to(demo / "cards" / "demo" / "layouts" / "demo.yaml", "bare:\n  extends: card-base\n")
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("layout: demo-card", "layout: bare", 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert (run.code, run.err) == (0, "")


ASSERT = '    assert: "{{ card.cost <= 3 }}"\n'  # the starter's first check, at line 31


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            '    assert: "{{ card.cost <= 3 && card.cost >= 0 }}"\n',
            "31:32: assert of check 'cost-limit' writes '&&', which Jinja writes 'and': "
            '"{{ card.cost <= 3 and card.cost >= 0 }}"',
        ),
        (
            "    assert: '{{ card.name == \"A || B\" || card.cost <= 3 }}'\n",
            "31:39: assert of check 'cost-limit' writes '||', which Jinja writes 'or': "
            '"{{ card.name == "A || B" or card.cost <= 3 }}"',
        ),
        (
            "    assert: >-\n      {{ card.cost != 9 and !(card.cost > 3) }}\n",
            "32:29: assert of check 'cost-limit' writes '!', which Jinja writes 'not': "
            '"{{ card.cost != 9 and not (card.cost > 3) }}"',
        ),
    ],
)
def test_c_logic_words_in_an_assert_are_said_at_them_with_jinjas(
    demo: Path, printgen: Callable[..., Run], written: str, said: str
) -> None:
    """Jinja's "unexpected char '&'" told no designer that it writes and, or, not."""
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert text.splitlines()[30] + "\n" == ASSERT
    game_yaml.write_text(text.replace(ASSERT, written, 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [f"cards/demo/game.yaml:{said}"]


@pytest.mark.parametrize(
    ("written", "gave"),
    [
        ("{{ card.name }}", "a text ('Miner'), which holds unless it is empty"),
        ("{{ card.cost * 10 }}", "a number (0), which holds unless it is 0"),
        ("{{ [card.cost] }}", "a list, which holds unless it is empty"),
    ],
)
def test_an_assert_giving_no_true_or_false_is_warned_of_at_it(
    demo: Path, printgen: Callable[..., Run], written: str, gave: str
) -> None:
    """'{{ card.name }}' held for every card: validate said ok of a check that could not fail."""
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text.replace(ASSERT, f'    assert: "{written}"\n', 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    said = run.err.splitlines()
    assert said[0] == (
        "cards/demo/game.yaml:31:13: warning: cost-limit: the assert should give true or false, "
        f"e.g. {{{{ card.cost <= 3 }}}}; it gave {gave}"
    )
    # read as before: a cost of 0 fails it, said at the card as ever
    assert run.code == (2 if "0" in gave else 0)
    assert len(said) == (2 if "0" in gave else 1), said


@pytest.mark.parametrize(
    "written",
    [
        "{{ card.playable and card.effect }}",  # Warriors and Monks' own: both texts there
        "{{ card.effect not in (none, '') }}",
        "{{ card.cost <= 3 or card.name }}",
    ],
)
def test_an_assert_asking_yes_or_no_is_not_warned_of(
    demo: Path, printgen: Callable[..., Run], written: str
) -> None:
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text.replace(ASSERT, f'    assert: "{written}"\n', 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert (run.code, run.err) == (0, "")


def test_tests_in_two_braces_joined_by_c_logic_are_shown_as_one(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """'write the whole test inside one {{ … }}' left the designer to find that && is and."""
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    written = '    assert: "{{ card.cost <= 3 }} && {{ card.cost >= 0 }}"\n'
    game_yaml.write_text(text.replace(ASSERT, written, 1), encoding="utf-8")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        "cards/demo/game.yaml:31:13: assert of check 'cost-limit' must be an expression such as "
        '"{{ card.cost <= 5 }}"; write the whole test inside one {{ … }}: '
        '"{{ card.cost <= 3 and card.cost >= 0 }}"'
    ]
