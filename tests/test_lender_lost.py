"""A game that plays on another's deck, when that game does not load: the lender's broken file
is said once, and the borrower says only that the deck cannot be loaded — not its rulebook's
diagrams and cover naming the deck's cards as if the designer had misspelt them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

DECK = "mazzo-dei-simboli"
MORRA = "morra-navale"


def _break(project: Path, how: str) -> None:
    if how == "deck":
        path = project / "cards" / DECK / "decks" / "simboli.yaml"
        path.write_text(path.read_text().replace("size: poker", "size:  [poker", 1))
    else:  # game.yaml's indentation
        path = project / "cards" / DECK / "game.yaml"
        lines = path.read_text().splitlines(keepends=True)
        at = next(n for n, line in enumerate(lines) if line.startswith("title:")) + 1
        lines[at] = "   " + lines[at]
        path.write_text("".join(lines))


@pytest.mark.parametrize("how", ["deck", "game"])
@pytest.mark.parametrize("command", [["validate"], ["build"], ["build", "--jobs", "2"]])
def test_only_the_cause_and_the_deck_not_loaded(
    project: Path, printgen: Callable[..., Run], how: str, command: list[str]
) -> None:
    _break(project, how)
    run = printgen(project, *command, DECK, MORRA)
    assert run.code == 2
    said = run.err.splitlines()
    assert len(said) == 2, run.err
    assert said[0].startswith(f"cards/{DECK}/"), run.err
    assert said[1].startswith(f"cards/{MORRA}/game.yaml:"), run.err
    assert f"uses deck '{DECK}', which cannot be loaded: YAML syntax error" in said[1]
    assert "no deck 'simboli'" not in run.err
