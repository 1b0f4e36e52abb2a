"""Thousands of distinct unknown icon names — in a deck's texts, or as ``icon_colors:`` keys —
are said in a few lines, not one a name (4,000 names printed 4,000 lines)."""

from __future__ import annotations

from printgen.folding import cards_merged
from printgen.problems import Problem, Where

_SEE = "; see the icon names at https://fontawesome.com/search?ic=free"


def test_thousands_of_unknown_inline_icons_are_said_in_six_lines() -> None:
    problems = [
        Problem(
            Where("cards/g/decks/ships.csv", row, 8), f"unknown inline icon ':fa-q{row}x:'{_SEE}"
        )
        for row in range(2, 4_002)
    ]
    said = [f"{p.where}: {p.message}" for p in cards_merged(problems)]
    assert len(said) == 6, said[:8]
    assert said[0] == f"cards/g/decks/ships.csv:2:8: unknown inline icon ':fa-q2x:'{_SEE}"
    assert said[5] == (
        "cards/g/decks/ships.csv:7:8: 3,995 more unknown inline icons (':fa-q7x:', ':fa-q8x:', "
        "':fa-q9x:', ':fa-q10x:', ':fa-q11x:', ':fa-q12x:', ':fa-q13x:', ':fa-q14x:', "
        f"':fa-q15x:', ':fa-q16x:' and 3,985 more; 4,000 in all){_SEE}"
    )


def test_thousands_of_unknown_icon_colors_keys_are_said_in_six_lines() -> None:
    problems = [
        Problem(
            Where("cards/g/game.yaml", 20, 15 + 20 * at),
            f"icon_colors: unknown icon 'fa-z{at}'{_SEE}",
        )
        for at in range(3_000)
    ]
    said = [p.message for p in cards_merged(problems)]
    assert len(said) == 6, said[:8]
    assert said[5].startswith("icon_colors: 2,995 more unknown icons ('fa-z5', 'fa-z6', ")
    assert said[5].endswith(f"and 2,985 more; 3,000 in all){_SEE}")
