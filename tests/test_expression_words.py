"""An expression that fails as it runs ("{{ 1 / 0 }}" in a card, a check, a layout, the prose)
is said in a designer's words — "division by zero", "no key 'x' …" — never with the name of
Python's exception (ZeroDivisionError, KeyError), which a designer has never met; the place and
the expression are still said, and the exit status is still 2."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.sandbox import expressions as expr
from tests.conftest import Run
from tests.test_expression_bounds import appended, card_effect

DECK = "cards/demo/decks/main.yaml"
PYTHON_NAME = re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b")  # ZeroDivisionError, KeyError …


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("{{ data.goal / 0 }}", "division by zero"),
        ("{{ data.goal // 0 }}", "division by zero"),
        ("{{ data.goal % 0 }}", "division by zero"),
        ("{{ '{x}'.format() }}", "no key 'x' in the mapping it is looked up in"),
        ("{{ '{0}{1}'.format(1) }}", "a list has no element at that position"),
        ("{{ 'Cost ' + 1 }}", "'+' cannot combine a text and a number (~ joins them as text)"),
        ("{{ data.goal < 'a' }}", "'<' cannot compare a number and a text"),
        ("{{ data.none + 1 }}", "'+' cannot combine an empty value and a number"),
        (
            "{{ 'a' * 1.5 }}",
            "'*' repeats a text or a list a whole number of times, not a number with decimals",
        ),
        ("{{ -'a' }}", "'-' cannot be written before a text"),
        # Jinja's "No first item, sequence was empty.; check the name in …": no name to check
        (
            "{{ [] | first }}",
            "the list is empty, so it has no first item (| first): test it first, {% if … %}",
        ),
        (
            "{{ [] | max }}",
            "the list is empty, so it has no smallest or largest item (| min, | max): test it "
            "first, {% if … %}",
        ),
        # Python's advice was to call sys.set_int_max_str_digits(), once the number was made
        (
            "{{ 'x' ~ ('f' * 5000) | int(base=16) }}",
            "| int makes a number of more than 4096 bits (the limit in expressions); use "
            "smaller numbers",
        ),
        ("{{ data.none() }}", "an empty value cannot be called with ( ); write it without them"),
        # Jinja's null's attribute was "'none' is undefined", as if a name were misspelt
        ("{{ none.x }}", "an empty value (none) has no 'x' to look up"),
        ("{{ none.x + 1 }}", "an empty value (none) has no 'x' to look up"),
        ("{{ data.goal.x + 1 }}", "a number has no 'x' to look up"),
        ("{{ data.none.x }}", "an empty value (none) has no 'x' to look up"),
        (
            "{{ [[1], [1]] | unique | list }}",
            "a list cannot be a mapping's key nor be told apart by | unique (a text, a number "
            "or true or false can)",
        ),
    ],
)
def test_a_failing_expression_is_said_in_words_with_the_expression(source: str, said: str) -> None:
    with pytest.raises(expr.ExpressionError) as raised:
        expr.evaluate_native(source, {"data": {"goal": 7, "none": None}})
    assert str(raised.value) == f"{said}; in '{source}'"


@pytest.mark.parametrize("source", ["{{ none.x }}", "{{ data.none.x }}"])
def test_an_empty_values_attribute_is_said_so_in_a_card_field_too(source: str) -> None:
    """A field's plain lookup ("{{ a.b }}", answered without Jinja) said "'none' is
    undefined"; an empty value is said as such, for a layout to name the card's field left
    empty (of_none)."""
    with pytest.raises(expr.ExpressionError) as raised:
        expr.evaluate(source, {"data": {"none": None}})
    assert str(raised.value) == f"an empty value (none) has no 'x' to look up; in '{source}'"
    assert raised.value.of_none


def test_a_card_a_check_and_the_prose_failing_as_they_run_are_said_in_words(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    effect = card_effect(demo, "{{ '{x}'.format() }}")
    check = appended(
        demo,
        "cards/demo/game.yaml",
        '  - id: per-goal\n    assert: "{{ data.goal / (data.goal - 7) > 0 }}"\n'
        "    message: a share of the goal\n",
    )
    prose = appended(demo, "cards/demo/rules.en.md", "\nA third: {{ data.goal // 0 }}.\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert "Traceback" not in run.err and not PYTHON_NAME.search(run.err), run.err
    assert run.err.splitlines() == [
        f"{DECK}:{effect}:18: card 'miner' effect [en]: no key 'x' in the mapping it is looked "
        "up in; in '{{ '{x}'.format() }}'",
        f"cards/demo/game.yaml:{check + 1}:13: per-goal: the assert cannot be evaluated: "
        "division by zero; in '{{ data.goal / (data.goal - 7) > 0 }}'",
        f"cards/demo/rules.en.md:{prose + 1}:1: template error: division by zero",
    ]


def test_a_number_too_large_for_a_float_in_the_prose_is_said_in_words(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """It was Python's "int too large to convert to float" (a card's text said it in words)."""
    prose = appended(demo, "cards/demo/rules.en.md", "{{ ('f' * 500) | int(base=16) | float }}\n")
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/rules.en.md:{prose}:1: template error: a number in it grows too large"
    ], run.err


@pytest.mark.parametrize(
    ("source", "said"),
    [
        # Jinja: "chunk after expression" (a check's assert is compiled as one expression)
        (
            "{{ card.rank >= 1 and and card.rank <= 9 }}",
            "'and and': 'and' is written twice in '{{ card.rank >= 1 and and card.rank <= 9 }}'; "
            "remove one, or write what it joins",
        ),
        (
            "{{ card.rank card.cost }}",
            "an operator (+, -, ~, and …) or a '}}' is missing before 'card'; "
            "in '{{ card.rank card.cost }}'",
        ),
        (
            "{{ card.rank 3 }}",
            "an operator (+, -, ~, and …) or a '}}' is missing before a number; "
            "in '{{ card.rank 3 }}'",
        ),
        # Jinja: "unexpected end of template, expected ','"
        (
            "{{ card.rank in [1, 2 }}",
            "a '[' is never closed: write ']' before '}}'; in '{{ card.rank in [1, 2 }}'",
        ),
    ],
)
def test_an_expressions_syntax_error_is_said_in_plain_words(source: str, said: str) -> None:
    """An assert (one expression) said Jinja's "chunk after expression", and "unexpected end
    of template, expected ','", where the same text in a card field is said in plain words."""
    for evaluate in (expr.evaluate_native, expr.evaluate):
        with pytest.raises(expr.ExpressionError) as raised:
            evaluate(source, {"card": {"rank": 1, "cost": 2}})
        assert str(raised.value) == said
        assert raised.value.written == "syntax"


def test_a_checks_syntax_error_is_said_once_without_naming_a_card(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """A mistyped assert was said as Jinja's "chunk after expression", "first on card
    'main/miner'": a syntax error is the assert's own, whichever card it first ran on."""
    check = appended(
        demo,
        "cards/demo/game.yaml",
        "  - id: cost-range\n    each: main\n"
        '    assert: "{{ card.cost >= 0 and and card.cost <= 9 }}"\n'
        "    message: a cost out of range\n",
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert run.err.splitlines() == [
        f"cards/demo/game.yaml:{check + 2}:13: cost-range: syntax error in the assert: "
        "'and and': 'and' is written twice in '{{ card.cost >= 0 and and card.cost <= 9 }}'; "
        "remove one, or write what it joins"
    ], run.err
