"""An unknown :icon: the rules print from a value — a card's name in a list the prose writes
with ``{% for %}``, a ``data:`` text — is said where that value is written: it was said a
second time at the prose file's first line, ``rules.en.md:1:1``, which holds no such icon."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import Run

_MEANT = "; did you mean ':coin:' or ':action:'?"


def _problems(
    root: Path, printgen: Callable[..., Run], edit: tuple[str, str, str], prose: str
) -> list[str]:
    """What validate says once ``edit`` (file, old, new) is made and each language's rules
    end with ``prose``."""
    rel, old, new = edit
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, rel
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    for lang in ("en", "it"):
        with (root / f"cards/demo/rules.{lang}.md").open("a", encoding="utf-8") as rules:
            rules.write(prose)
    run = printgen(root, "validate")
    assert run.code == 2, run.err
    return run.err.splitlines()


def test_an_unknown_icon_in_a_card_name_the_prose_prints_is_said_once_at_the_card(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    deck = "cards/demo/decks/main.yaml"
    edit = (deck, 'name: {en: "Miner",', 'name: {en: "Miner :coyn:",')
    listed = "\n{% for card in decks.main.cards %}- {{ card.name }}\n{% endfor %}\n"
    assert _problems(demo, printgen, edit, listed) == [
        f"{deck}:20:16: unknown inline icon ':coyn:'{_MEANT}"
    ]


def test_an_unknown_icon_in_a_data_text_the_prose_prints_is_said_at_game_yaml(
    demo: Path, printgen: Callable[..., Run]
) -> None:
    edit = ("cards/demo/game.yaml", "  goal: 7\n", '  goal: 7\n  tip: "Save :coyn:"\n')
    assert _problems(demo, printgen, edit, "\n{{ data.tip }}\n") == [
        f"cards/demo/game.yaml:13:14: unknown inline icon ':coyn:'{_MEANT}"
    ]
