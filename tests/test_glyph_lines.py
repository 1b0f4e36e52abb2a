"""Characters no font has, in a card's or the game's text: one line for each text, at the
place that writes it — not at the deck's layout line, not once for the card and again for the
rulebook."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import Run

GAME = "warriors-and-monks"


def _validated(project: Path, printgen: Callable[..., Run], rel: str, old: str, new: str) -> Run:
    path = project / "cards" / GAME / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    run = printgen(project, "validate", GAME)
    assert run.code == 2
    return run


def test_emoji_in_the_title_are_one_line_at_game_yaml(
    project: Path, printgen: Callable[..., Run]
) -> None:
    run = _validated(
        project,
        printgen,
        "game.yaml",
        "en: Warriors and Monks",
        'en: "Warriors \U0001f5e1\ufe0f and Monks \U0001f468\u200d\U0001f469\u200d\U0001f467"',
    )
    assert run.err.splitlines() == [
        f"cards/{GAME}/game.yaml:4:17: characters '\U0001f5e1', U+FE0F (variation selector-16), "
        "'\U0001f468', U+200D (zero width joiner), '\U0001f469', '\U0001f467' are not in font "
        "Vera; write them another way or use a font that has them"
    ]


def test_emoji_in_a_card_name_are_said_once_for_card_and_rulebook(
    project: Path, printgen: Callable[..., Run]
) -> None:
    run = _validated(
        project, printgen, "decks/main.yaml", "en: Monk}", 'en: "Monk \U0001f64f\U0001f3fd"}'
    )
    assert run.err.splitlines() == [
        f"cards/{GAME}/decks/main.yaml:24:28: characters '\U0001f64f', '\U0001f3fd' are not in "
        "font Vera; write them another way or use a font that has them"
    ]


def test_combining_marks_of_a_name_are_one_line_each_place(
    project: Path, printgen: Callable[..., Run]
) -> None:
    marks = "".join(map(chr, range(0x0317, 0x0334)))
    run = _validated(project, printgen, "decks/main.yaml", "en: Monk}", f'en: "M{marks}onk"}}')
    lines = run.err.splitlines()
    assert len([line for line in lines if "U+0317 (combining acute accent below)" in line]) <= 2
    assert len(lines) <= 3, lines
