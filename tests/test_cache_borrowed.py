"""The build cache of a game that plays on another's deck (``uses: deck:``): the lending game's
deck counts for the borrower's outputs, the lender's own rulebook and aid do not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import Run

LENDER = "mazzo-dei-simboli"
BORROWER = "morra-navale"


def _outputs(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_lenders_prose_does_not_rebuild_the_borrower(
    project: Path, printgen: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert printgen(project, "build", BORROWER, "--lang", "en", "--out", str(out)).code == 0
    for prose in ("rules.en.md", "aid.en.md", "rules.it.md", "aid.it.md"):
        path = project / "cards" / LENDER / prose
        path.write_text(path.read_text() + "\nOne more line of the symbol deck's own.\n")
    again = printgen(project, "build", BORROWER, "--lang", "en", "--out", str(out))
    assert again.code == 0
    assert again.out.splitlines()[-1].startswith("1 game up to date: nothing changed"), again.out
    fresh = tmp_path / "fresh"
    built = printgen(project, "build", BORROWER, "--lang", "en", "--out", str(fresh), "--no-cache")
    assert built.code == 0
    assert _outputs(out / BORROWER) == _outputs(fresh / BORROWER)


def test_lenders_deck_rebuilds_the_borrower(
    project: Path, printgen: Callable[..., Run], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert printgen(project, "build", BORROWER, "--lang", "en", "--out", str(out)).code == 0
    deck = project / "cards" / LENDER / "decks" / "simboli.yaml"
    deck.write_text(deck.read_text() + "\n# a note on the deck\n")
    again = printgen(project, "build", BORROWER, "--lang", "en", "--out", str(out))
    assert again.code == 0
    assert again.out.splitlines()[-1].startswith("built 1 game: "), again.out
