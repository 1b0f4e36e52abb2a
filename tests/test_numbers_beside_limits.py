"""A number refused for passing a limit is shown with the digits that put it past: 1000.0000001
mm shown as {:g} rounds it, "within ±1000 mm (1 m), not 1000", a message against itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from printgen.problems import ProjectError
from printgen.project import Project
from printgen.source.game import load_game
from tests.conftest import Run


def _problems(root: Path) -> list[str]:
    with pytest.raises(ProjectError) as caught:
        load_game(Project.at(root), "demo")
    return [str(p) for p in caught.value.problems]


def _size(demo: Path, size: str) -> None:
    deck = demo / "cards" / "demo" / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "size: poker " in text
    deck.write_text(text.replace("size: poker ", f"size: {size} "), encoding="utf-8")


def test_a_size_just_over_a_metre_shows_its_digits(demo: Path) -> None:
    _size(demo, "{width: 1000.0000001, height: 88}")
    said = _problems(demo)
    assert any(
        "a length must be a finite number within ±1000 mm (1 m), not 1000.0000001" in line
        for line in said
    ), said


def test_a_card_just_under_the_smallest_shows_its_digits(demo: Path) -> None:
    _size(demo, "{width: 4.99999999, height: 88}")
    said = _problems(demo)
    assert any(
        "card width and height must be at least 5 mm, not 4.99999999×88 mm" in line for line in said
    ), said


def test_a_gutter_just_over_its_limit_shows_its_digits(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    (demo / "printgen.yaml").write_text("gutter: 20.000000001\n", encoding="utf-8")
    run = printgen(demo, "validate")
    assert run.code == 2
    assert "not 20.000000001 mm" in run.err, run.err


def test_a_layout_number_just_past_its_limits_shows_its_digits(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    layouts = demo / "cards" / "demo" / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    cost = 'text: "{{ card.cost }}", style: title'
    assert cost in text
    layouts.write_text(
        text.replace(cost, f"{cost}, rotate: 180.00000001, leading: 0.49999999"), encoding="utf-8"
    )
    run = printgen(demo, "validate", "demo")
    assert run.code == 2
    assert "must be at most 180 (the limit), not 180.00000001" in run.err, run.err
    assert "must be at least 0.5, not 0.49999999" in run.err, run.err


def test_numbers_not_rounded_are_shown_short() -> None:
    from printgen.model.units import exact

    assert [exact(x) for x in (1000.0, 2.5, 1e20, 0.1 + 0.2, 1000.0000001)] == [
        "1000",
        "2.5",
        "1e+20",
        "0.30000000000000004",
        "1000.0000001",
    ]
