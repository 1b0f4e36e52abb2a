"""A colour written as CSS or a drawing program writes it (red, Gold, rgb(10, 20, 30),
#rrggbbaa) is refused, as every colour but "#rrggbb" or "#rgb" is — with the "#rrggbb" it
stands for in the message, so the designer need not look it up."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

DECK = Path("cards/demo/decks/main.yaml")
LAYOUTS = Path("cards/demo/layouts/demo.yaml")
QUOTES = "in quotes (YAML reads an unquoted # as a comment)"


def _replaced(path: Path, old: str, new: str) -> int:
    """Replace ``old`` once; the line it was on (1-based)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def _errors(run: Run) -> list[str]:
    assert run.code == 2, run.err
    return [row for row in run.err.splitlines() if ": warning: " not in row]


def _first_colour(demo: Path) -> str:
    """The first card's colour as written (the fields: declare ``color: color`` before it)."""
    text = (demo / DECK).read_text(encoding="utf-8")
    start = text.index('color: "#') + len("color: ")
    return text[start : text.index("\n", start)]


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        ("red", f'for red write "#ff0000", {QUOTES}'),
        ("Gold", f'for Gold write "#ffd700", {QUOTES}'),
        ('"rgb(10, 20, 30)"', f'for rgb(10, 20, 30) write "#0a141e", {QUOTES}'),
        ('"hsl(0, 100%, 50%)"', f'for hsl(0, 100%, 50%) write "#ff0000", {QUOTES}'),
        ('"#8A5A00FF"', 'printgen prints no see-through colours: write "#8a5a00"'),
    ],
)
def test_a_cards_colour_named_as_css_names_its_hex(
    demo: Path, printgen: Callable[..., Run], written: str, hint: str
) -> None:
    line = _replaced(demo / DECK, f"color: {_first_colour(demo)}", f"color: {written}")
    [error] = _errors(printgen(demo, "validate", "demo"))
    shown = written.strip('"')
    assert error == (
        f"{DECK}:{line}:12: card 'miner' color must be a colour like \"#a83232\", not "
        f"'{shown}'; {hint}"
    )


@pytest.mark.parametrize("written", ["reddish", "transparent", "'#12'", "rgb(nine)"])
def test_a_word_that_is_no_colour_gets_no_colour_to_write(
    demo: Path, printgen: Callable[..., Run], written: str
) -> None:
    """'transparent' is a CSS colour, but prints nothing: no "#rrggbb" stands for it."""
    _replaced(demo / DECK, f"color: {_first_colour(demo)}", f"color: {written}")
    [error] = _errors(printgen(demo, "validate", "demo"))
    assert error.endswith(f"not '{written.strip(chr(39))}'")


def test_a_layouts_fill_and_styles_colour_name_their_hex(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    layouts = demo / LAYOUTS
    fill = _replaced(layouts, 'fill: "{{ card.color }}"', "fill: navy")
    head = "demo-card:\n  extends: card-base\n"
    style = _replaced(layouts, head, head + "  styles: {title: {color: DarkGreen}}\n") + 2
    fill += 1  # (below the line added)
    errors = _errors(printgen(demo, "validate", "demo"))
    assert sorted(errors) == sorted(
        [
            f"{LAYOUTS}:{fill}:65: layout 'demo-card' element 'cost_disc' fill: expected a "
            f'colour like "#a83232" (or none), not \'navy\'; for navy write "#000080", {QUOTES}',
            f"{LAYOUTS}:{style}:27: style 'title' color: expected a colour like \"#a83232\" "
            f"(or none), not 'DarkGreen'; for DarkGreen write \"#006400\", {QUOTES}",
        ]
    )


def test_a_colour_an_expression_makes_is_told_without_quotes(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    """What an expression gives is no YAML to quote: the hex alone."""
    fill = _replaced(demo / LAYOUTS, 'fill: "{{ card.color }}"', "fill: \"{{ 'teal' }}\"")
    [error] = _errors(printgen(demo, "validate", "demo"))
    assert error == (
        f"{LAYOUTS}:{fill}:65: layout 'demo-card' element 'cost_disc' fill: expected a colour "
        "like \"#a83232\" (or none), not 'teal'; for teal write #008080"
    )


def test_a_diagrams_pawn_and_arrow_colours_name_their_hex(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    rules = demo / "cards" / "demo" / "rules.en.md"
    start = rules.read_text(encoding="utf-8").count("\n") + 1
    with rules.open("a", encoding="utf-8") as out:
        out.write(
            "\n```diagram\ngrid:\n  - [main/miner, ~]\npawns:\n"
            "  - {at: [0, 0], icon: coin, color: crimson}\narrows:\n"
            '  - {from: [0, 0], to: [0, 1], color: "rgb(0,0,255)"}\n```\n'
        )
    errors = _errors(printgen(demo, "validate", "demo"))
    assert errors == [
        f"cards/demo/rules.en.md:{start + 5}:37: diagram: color 'crimson' is not #rrggbb; for "
        f'crimson write "#dc143c", {QUOTES}',
        f"cards/demo/rules.en.md:{start + 7}:39: diagram: color 'rgb(0,0,255)' is not #rrggbb; "
        f'for rgb(0,0,255) write "#0000ff", {QUOTES}',
    ]
